//! `getUserPermissionByToken`: the signed-in user's menu, buttons and button rules, cached per
//! role set and language.

use std::sync::Arc;

use logistics_core::Lang;
use serde::Serialize;
use utoipa::ToSchema;

use axum::extract::State;
use axum::response::Response;

use super::granted::{self, Grants};
use super::grants;
use super::model::{BUTTON, ButtonRule, Permission, route_name};
use crate::platform::http::reply::ok_json;
use crate::platform::http::{AppError, current_lang};
use crate::state::AppState;
use crate::system::auth::CurrentUser;

/// The signed-in user's menu, button permissions and all button rules.
#[utoipa::path(get, path = "/sys/permission/getUserPermissionByToken", tag = "auth",
    responses((status = 200, body = crate::platform::http::Envelope<UserPermissions>), (status = 401)))]
pub async fn by_token(State(state): State<AppState>, me: CurrentUser) -> Result<Response, AppError> {
    let lang = current_lang();
    let versions = grants::versions(&state.db).await?;
    let version = versions.combined();
    let (key, granted) = grants::of_user(&state, &me.user, me.tenant_id).await?;
    let key = (key, lang);
    let json = match state.permission_cache.get(&key, &version) {
        Some(json) => json,
        None => {
            let everything = grants::everything(&state, &versions).await?;
            let answer = for_grants(&everything, &granted, me.tenant_id, lang);
            let json: Arc<str> = serde_json::to_string(&answer).map_err(AppError::internal)?.into();
            state.permission_cache.put(key, version, Arc::clone(&json));
            json
        }
    };
    Ok(ok_json(&json))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserPermissions {
    /// The menu tree the user may see (JeecgBoot's shape; titles in both languages in `meta.titles`).
    pub menu: Vec<MenuRoute>,
    /// The user's button permissions.
    pub auth: Vec<ButtonRule>,
    /// Every button permission rule; status "0" switches a rule off.
    pub all_auth: Vec<ButtonRule>,
    pub sys_safe_mode: bool,
}

/// One entry of the menu tree (JeecgBoot's route shape).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuRoute {
    pub id: String,
    /// The page's path; an external link's is `/{id}` (its address is `meta.url`).
    pub path: String,
    /// The route name: the path's segments joined by `-`.
    pub name: String,
    pub component: String,
    pub hidden: bool,
    pub always_show: bool,
    /// "1" a route, "0" a menu entry only.
    pub route: String,
    pub meta: MenuMeta,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redirect: Option<String>,
    /// Absent on a leaf.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(no_recursion)]
    pub children: Vec<MenuRoute>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuMeta {
    /// In the request's language.
    pub title: String,
    pub titles: MenuTitles,
    pub icon: String,
    pub keep_alive: bool,
    pub internal_or_external: bool,
    pub component_name: String,
    /// An external link's address.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// A menu entry's title in each language (the Chinese one where no English one is set).
#[derive(Debug, Serialize, ToSchema)]
pub struct MenuTitles {
    #[serde(rename = "zh-CN")]
    pub zh_cn: String,
    #[serde(rename = "en-US")]
    pub en_us: String,
}

/// The menu, buttons and button rules for what a user holds (see [`grants`]).
pub fn for_grants(everything: &[Permission], granted: &Grants, tenant_id: i32, lang: Lang) -> UserPermissions {
    let all_auth = everything
        .iter()
        .filter(|p| p.menu_type == BUTTON && granted::visible_to(p, tenant_id))
        .map(|p| p.button(lang))
        .collect();
    let auth = everything
        .iter()
        .filter(|p| p.menu_type == BUTTON && p.status == "1" && granted.holds(&p.id))
        .map(|p| p.button(lang))
        .collect();
    let menus: Vec<&Permission> =
        everything.iter().filter(|p| p.menu_type != BUTTON && p.status == "1" && granted.holds(&p.id)).collect();
    UserPermissions { menu: menu_tree(&menus, None, lang), auth, all_auth, sys_safe_mode: false }
}

fn menu_tree(menus: &[&Permission], parent: Option<&str>, lang: Lang) -> Vec<MenuRoute> {
    menus
        .iter()
        .filter(|p| p.parent_id.as_deref() == parent)
        .map(|p| {
            let url = p.url.clone().unwrap_or_default();
            let external = url.starts_with("http://") || url.starts_with("https://");
            let path = if external { format!("/{}", p.id) } else { url.clone() };
            let meta = MenuMeta {
                title: p.title(lang).to_owned(),
                titles: MenuTitles {
                    zh_cn: p.name.clone(),
                    en_us: if p.name_en.is_empty() { p.name.clone() } else { p.name_en.clone() },
                },
                icon: p.icon.clone().unwrap_or_default(),
                keep_alive: p.keep_alive,
                internal_or_external: p.internal_or_external,
                component_name: p.component_name.clone().unwrap_or_else(|| route_name(&path)),
                url: external.then_some(url),
            };
            MenuRoute {
                id: p.id.clone(),
                name: route_name(&path),
                path,
                component: p.component.clone().unwrap_or_default(),
                hidden: p.hidden,
                always_show: p.always_show,
                route: if p.is_route { "1" } else { "0" }.to_owned(),
                meta,
                redirect: p.redirect.clone(),
                children: menu_tree(menus, Some(&p.id), lang),
            }
        })
        .collect()
}

//! `getUserPermissionByToken`: the signed-in user's menu, buttons and button rules, cached per
//! role set and language.

use std::sync::Arc;

use logistics_core::Lang;
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use axum::extract::State;
use axum::response::Response;

use super::granted::{self, Grants};
use super::grants;
use super::model::{BUTTON, Permission, route_name};
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
    #[schema(value_type = Vec<Object>)]
    pub menu: Vec<Value>,
    /// The user's button permissions: `{action, describe, type, status}`.
    #[schema(value_type = Vec<Object>)]
    pub auth: Vec<Value>,
    /// Every button permission rule; status "0" switches a rule off.
    #[schema(value_type = Vec<Object>)]
    pub all_auth: Vec<Value>,
    pub sys_safe_mode: bool,
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

fn menu_tree(menus: &[&Permission], parent: Option<&str>, lang: Lang) -> Vec<Value> {
    menus
        .iter()
        .filter(|p| p.parent_id.as_deref() == parent)
        .map(|p| {
            let url = p.url.clone().unwrap_or_default();
            let external = url.starts_with("http://") || url.starts_with("https://");
            let path = if external { format!("/{}", p.id) } else { url.clone() };
            let mut meta = json!({
                "title": p.title(lang),
                "titles": {"zh-CN": p.name, "en-US": if p.name_en.is_empty() { &p.name } else { &p.name_en }},
                "icon": p.icon.clone().unwrap_or_default(),
                "keepAlive": p.keep_alive,
                "internalOrExternal": p.internal_or_external,
                "componentName": p.component_name.clone().unwrap_or_else(|| route_name(&path)),
            });
            if external {
                meta["url"] = json!(url);
            }
            let mut item = json!({
                "id": p.id,
                "path": path,
                "name": route_name(&path),
                "component": p.component.clone().unwrap_or_default(),
                "hidden": p.hidden,
                "alwaysShow": p.always_show,
                "route": if p.is_route { "1" } else { "0" },
                "meta": meta,
            });
            if let Some(redirect) = &p.redirect {
                item["redirect"] = json!(redirect);
            }
            let children = menu_tree(menus, Some(&p.id), lang);
            if !children.is_empty() {
                item["children"] = Value::Array(children);
            }
            item
        })
        .collect()
}

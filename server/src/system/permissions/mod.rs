//! Menus and button permissions (JeecgBoot's `sys_permission`), and what the signed-in user gets
//! of them: `getUserPermissionByToken`. The rules that turn the menu into routes and decide each
//! button live in core, shared with the browser.

pub mod admin;
pub mod grants;
pub mod rules;
pub mod seed;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::response::Response;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::Lang;
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use crate::app::AppState;
use crate::platform::db::schema::{sys_permission, sys_role_permission};
use crate::platform::db::{Db, DbResult};
use crate::platform::http::envelope::ok_json;
use crate::platform::http::{AppError, current_lang};
use crate::system::auth::CurrentUser;
use crate::{platform::secrets, with_conn, with_write};

/// menu_type: a top-level menu, a sub-menu, a button permission.
pub const MENU: i16 = 0;
pub const SUB_MENU: i16 = 1;
pub const BUTTON: i16 = 2;

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = sys_permission)]
pub struct Permission {
    pub id: String,
    pub parent_id: Option<String>,
    pub name: String,
    pub name_en: String,
    pub url: Option<String>,
    pub component: Option<String>,
    pub component_name: Option<String>,
    pub redirect: Option<String>,
    pub menu_type: i16,
    pub perms: Option<String>,
    pub perms_type: String,
    pub sort_no: i32,
    pub always_show: bool,
    pub icon: Option<String>,
    pub is_route: bool,
    pub keep_alive: bool,
    pub hidden: bool,
    pub internal_or_external: bool,
    pub status: String,
    pub platform_only: bool,
}

impl Permission {
    pub fn title(&self, lang: Lang) -> &str {
        match lang {
            Lang::ZhCn => &self.name,
            Lang::EnUs if !self.name_en.is_empty() => &self.name_en,
            Lang::EnUs => &self.name,
        }
    }

    fn button(&self, lang: Lang) -> Value {
        json!({
            "action": self.perms.clone().unwrap_or_default(),
            "describe": self.title(lang),
            "type": self.perms_type,
            "status": self.status,
        })
    }
}

/// JeecgBoot's route name for a path: `/dashboard/analysis` is `dashboard-analysis`.
pub fn route_name(url: &str) -> String {
    url.trim_start_matches('/').replace('/', "-")
}

/// Every live permission (deleted ones excluded), menus and buttons alike.
pub async fn all(db: &Db) -> DbResult<Vec<Permission>> {
    let rows = with_conn!(db, |conn| {
        sys_permission::table
            .filter(sys_permission::del_flag.eq(0))
            .order((sys_permission::sort_no.asc(), sys_permission::id.asc()))
            .select(Permission::as_select())
            .load(conn)
            .await?
    });
    Ok(rows)
}

/// The permission ids granted to any of the roles.
pub async fn granted_ids(db: &Db, role_ids: &[String]) -> DbResult<HashSet<String>> {
    let ids: Vec<String> = with_conn!(db, |conn| {
        sys_role_permission::table
            .filter(sys_role_permission::role_id.eq_any(role_ids))
            .select(sys_role_permission::permission_id)
            .load(conn)
            .await?
    });
    Ok(ids.into_iter().collect())
}

pub async fn grant(db: &Db, role_id: &str, permission_ids: &[&str]) -> DbResult<()> {
    with_write!(db, |conn| {
        for permission_id in permission_ids {
            diesel::insert_into(sys_role_permission::table)
                .values((sys_role_permission::role_id.eq(role_id), sys_role_permission::permission_id.eq(*permission_id)))
                .on_conflict_do_nothing()
                .execute(conn)
                .await?;
        }
    });
    Ok(())
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
pub fn for_grants(everything: &[Permission], granted: &grants::Grants, tenant_id: i32, lang: Lang) -> UserPermissions {
    let all_auth =
        everything.iter().filter(|p| p.menu_type == BUTTON && grants::visible_to(p, tenant_id)).map(|p| p.button(lang)).collect();
    let auth = everything
        .iter()
        .filter(|p| p.menu_type == BUTTON && p.status == "1" && granted.holds(&p.id))
        .map(|p| p.button(lang))
        .collect();
    let menus: Vec<&Permission> =
        everything.iter().filter(|p| p.menu_type != BUTTON && p.status == "1" && granted.holds(&p.id)).collect();
    UserPermissions { menu: menu_tree(&menus, None, lang), auth, all_auth, sys_safe_mode: false }
}

pub fn with_ancestors(everything: &[Permission], mut granted: HashSet<String>) -> HashSet<String> {
    let parents: HashMap<&str, &str> =
        everything.iter().filter_map(|p| p.parent_id.as_deref().map(|parent| (p.id.as_str(), parent))).collect();
    let start: Vec<String> = granted.iter().cloned().collect();
    for id in start {
        let mut current = id.as_str();
        while let Some(parent) = parents.get(current) {
            if !granted.insert((*parent).to_owned()) {
                break;
            }
            current = parent;
        }
    }
    granted
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

/// The setting whose value changes whenever menus, buttons or grants change: cached answers made
/// under another value are stale. Kept in the database, so every instance sees a change at once.
pub const VERSION_SETTING: &str = "permission_version";

/// The setting that changes whenever menus or buttons themselves change (not grants): the cached
/// list of every permission is kept under it.
pub const MENU_VERSION_SETTING: &str = "menu_version";

async fn bump(db: &Db, names: &[&str]) -> DbResult<()> {
    let version = secrets::new_id();
    let now = chrono::Utc::now().naive_utc();
    use crate::platform::db::schema::sys_setting;
    with_write!(db, |conn| {
        for name in names {
            diesel::insert_into(sys_setting::table)
                .values((sys_setting::name.eq(*name), sys_setting::value.eq(&version), sys_setting::update_time.eq(now)))
                .on_conflict(sys_setting::name)
                .do_update()
                .set((sys_setting::value.eq(&version), sys_setting::update_time.eq(now)))
                .execute(conn)
                .await?;
        }
    });
    Ok(())
}

/// Marks every cached permission answer stale (call after changing menus or buttons).
pub async fn changed(db: &Db) -> DbResult<()> {
    bump(db, &[VERSION_SETTING, MENU_VERSION_SETTING]).await
}

/// Marks the cached grants stale, keeping the cached menu list (call after changing who holds what).
pub async fn grants_changed(db: &Db) -> DbResult<()> {
    bump(db, &[VERSION_SETTING]).await
}

/// Answers of `getUserPermissionByToken` by role set and language, as JSON. A user's answer
/// depends only on their roles (menus are the platform's; roles belong to one tenant), so users
/// with the same roles share an entry and no tenant sees another's.
/// (sorted role ids, language) to (permission version, answer JSON).
type CacheEntries = HashMap<(grants::GrantKey, Lang), (String, Arc<str>)>;

#[derive(Default)]
pub struct PermissionCache {
    entries: Mutex<CacheEntries>,
}

impl PermissionCache {
    const MAX_ENTRIES: usize = 1024;

    fn get(&self, key: &(grants::GrantKey, Lang), version: &str) -> Option<Arc<str>> {
        let entries = self.entries.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        entries.get(key).filter(|(v, _)| v == version).map(|(_, json)| Arc::clone(json))
    }

    fn put(&self, key: (grants::GrantKey, Lang), version: String, json: Arc<str>) {
        let mut entries = self.entries.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if entries.len() >= Self::MAX_ENTRIES {
            entries.clear();
        }
        entries.insert(key, (version, json));
    }
}

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

//! Menus and button permissions as stored, the menu tree and button rules a user's grants give, and
//! the versions that mark cached answers stale.

use std::collections::{HashMap, HashSet};

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::Lang;

use crate::platform::db::schema::{sys_permission, sys_role_permission};
use crate::platform::db::{Db, DbResult};
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

    pub(super) fn button(&self, lang: Lang) -> ButtonRule {
        ButtonRule {
            action: self.perms.clone().unwrap_or_default(),
            describe: self.title(lang).to_owned(),
            kind: self.perms_type.clone(),
            status: self.status.clone(),
        }
    }
}

/// A button permission as the signed-in user's answer lists it: its code (`action`), title,
/// type ("1" hide when not held, "2" disable) and status ("1" on).
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct ButtonRule {
    pub action: String,
    pub describe: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub status: String,
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

/// Deletes every grant and data rule of the permissions `$ids`: roles', departments', department
/// roles' and sub-accounts' grants and the menus' data rules, on the caller's connection (or
/// transaction) `$conn`, on either backend.
#[macro_export]
macro_rules! forget_permissions {
    ($conn:expr, $ids:expr) => {{
        use $crate::platform::db::schema::{
            sys_depart_permission as depart, sys_depart_role_permission as depart_role, sys_permission_data_rule as rule,
            sys_role_permission as role, sys_user_permission as user,
        };
        diesel::delete(role::table.filter(role::permission_id.eq_any($ids))).execute($conn).await?;
        diesel::delete(depart::table.filter(depart::permission_id.eq_any($ids))).execute($conn).await?;
        diesel::delete(depart_role::table.filter(depart_role::permission_id.eq_any($ids))).execute($conn).await?;
        diesel::delete(user::table.filter(user::permission_id.eq_any($ids))).execute($conn).await?;
        diesel::delete(rule::table.filter(rule::permission_id.eq_any($ids))).execute($conn).await?;
    }};
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

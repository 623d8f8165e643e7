//! Roles: what a user may see and do is the union of their roles' permissions. Role codes are
//! unique per tenant; `admin` sees every menu and holds every button.

pub mod admin;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::db::schema::{sys_role, sys_user_role};
use crate::platform::db::{Db, DbResult};
use crate::{with_conn, with_write};

pub const ADMIN: &str = "admin";
pub const CUSTOMER: &str = "customer";

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleInfo {
    pub id: String,
    pub role_code: String,
    pub role_name: String,
}

/// The id a seeded role gets, so every instance seeds the same row.
pub fn seeded_id(code: &str, tenant_id: i32) -> String {
    format!("role_{code}_{tenant_id}")
}

/// Creates the role unless the tenant has it; returns its id and whether it was created now.
pub async fn ensure(db: &Db, tenant_id: i32, code: &str, name: &str, name_en: &str) -> DbResult<(String, bool)> {
    let id = seeded_id(code, tenant_id);
    let now = chrono::Utc::now().naive_utc();
    let inserted = with_write!(db, |conn| {
        diesel::insert_into(sys_role::table)
            .values((
                sys_role::id.eq(&id),
                sys_role::role_code.eq(code),
                sys_role::role_name.eq(name),
                sys_role::role_name_en.eq(name_en),
                sys_role::tenant_id.eq(tenant_id),
                sys_role::create_time.eq(now),
            ))
            .on_conflict_do_nothing()
            .execute(conn)
            .await?
    });
    let existing: String = with_conn!(db, |conn| {
        sys_role::table
            .filter(sys_role::tenant_id.eq(tenant_id))
            .filter(sys_role::role_code.eq(code))
            .select(sys_role::id)
            .first(conn)
            .await?
    });
    Ok((existing, inserted == 1))
}

pub async fn assign(db: &Db, user_id: &str, role_id: &str) -> DbResult<()> {
    with_write!(db, |conn| {
        diesel::insert_into(sys_user_role::table)
            .values((sys_user_role::user_id.eq(user_id), sys_user_role::role_id.eq(role_id)))
            .on_conflict_do_nothing()
            .execute(conn)
            .await?;
    });
    Ok(())
}

/// The user's roles (only those of the user's own tenant count), named in the given language.
pub async fn of_user(db: &Db, user_id: &str, tenant_id: i32, lang: logistics_core::Lang) -> DbResult<Vec<RoleInfo>> {
    let rows: Vec<(String, String, String, Option<String>)> = with_conn!(db, |conn| {
        sys_user_role::table
            .inner_join(sys_role::table)
            .filter(sys_user_role::user_id.eq(user_id))
            .filter(sys_role::tenant_id.eq(tenant_id))
            .order(sys_role::role_code.asc())
            .select((sys_role::id, sys_role::role_code, sys_role::role_name, sys_role::role_name_en))
            .load(conn)
            .await?
    });
    Ok(rows
        .into_iter()
        .map(|(id, role_code, zh, en)| RoleInfo { id, role_code, role_name: crate::platform::http::lang::pick(lang, zh, en) })
        .collect())
}

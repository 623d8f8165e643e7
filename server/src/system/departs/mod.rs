//! Departments: a user's departments and memberships (what sign-in reads); the signed-in user's
//! own calls in `mine`, the tree's administration in `admin`, department roles in `roles`.

pub mod admin;
pub mod mine;
pub mod roles;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::Lang;
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::db::schema::{sys_depart, sys_user_depart};
use crate::platform::db::{Db, DbResult};
use crate::platform::http::lang::pick;
use crate::{with_conn, with_write};

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepartInfo {
    pub id: String,
    pub org_code: String,
    /// In the request's language.
    pub depart_name: String,
}

/// The departments a user belongs to, in tree order.
pub async fn of_user(db: &Db, user_id: &str, lang: Lang) -> DbResult<Vec<DepartInfo>> {
    let rows: Vec<(String, String, String, Option<String>)> = with_conn!(db, |conn| {
        sys_user_depart::table
            .inner_join(sys_depart::table)
            .filter(sys_user_depart::user_id.eq(user_id))
            .filter(sys_depart::del_flag.eq(0))
            .order((sys_depart::depart_order.asc(), sys_depart::org_code.asc()))
            .select((sys_depart::id, sys_depart::org_code, sys_depart::depart_name, sys_depart::depart_name_en))
            .load(conn)
            .await?
    });
    Ok(rows.into_iter().map(|(id, org_code, zh, en)| DepartInfo { id, org_code, depart_name: pick(lang, zh, en) }).collect())
}

/// The name of the user's current department, for `userInfo.orgCodeTxt`.
pub fn current_name(departs: &[DepartInfo], org_code: Option<&str>) -> Option<String> {
    departs.iter().find(|d| Some(d.org_code.as_str()) == org_code).map(|d| d.depart_name.clone())
}

/// Creates a department unless its org code exists; returns its id.
pub async fn ensure(db: &Db, org_code: &str, name: &str, name_en: &str, tenant_id: i32) -> DbResult<String> {
    let id = format!("depart_{org_code}");
    let now = chrono::Utc::now().naive_utc();
    with_write!(db, |conn| {
        diesel::insert_into(sys_depart::table)
            .values((
                sys_depart::id.eq(&id),
                sys_depart::depart_name.eq(name),
                sys_depart::depart_name_en.eq(name_en),
                sys_depart::org_code.eq(org_code),
                sys_depart::tenant_id.eq(tenant_id),
                sys_depart::create_time.eq(now),
            ))
            .on_conflict_do_nothing()
            .execute(conn)
            .await?;
    });
    Ok(id)
}

pub async fn add_member(db: &Db, user_id: &str, depart_id: &str) -> DbResult<()> {
    with_write!(db, |conn| {
        diesel::insert_into(sys_user_depart::table)
            .values((sys_user_depart::user_id.eq(user_id), sys_user_depart::dep_id.eq(depart_id)))
            .on_conflict_do_nothing()
            .execute(conn)
            .await?;
    });
    Ok(())
}

/// The org code of a live department of the tenant.
pub async fn org_code_of(db: &Db, id: &str, tenant_id: i32) -> DbResult<Option<String>> {
    let code = with_conn!(db, |conn| {
        sys_depart::table
            .filter(sys_depart::id.eq(id))
            .filter(sys_depart::tenant_id.eq(tenant_id))
            .filter(sys_depart::del_flag.eq(0))
            .select(sys_depart::org_code)
            .first(conn)
            .await
            .optional()?
    });
    Ok(code)
}

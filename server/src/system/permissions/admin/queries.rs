//! What the grant screens read: live permissions, which have data rules, a tenant's role or
//! department, what a department holds; and the rows a grant writes.

use std::collections::HashSet;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use crate::platform::db::schema::{sys_depart, sys_depart_permission, sys_permission, sys_permission_data_rule, sys_role};
use crate::platform::db::{Db, DbResult};
use crate::platform::http::AppError;
use crate::state::AppState;
use crate::system::permissions::{Permission, grants};
use crate::with_conn;

/// Every live permission (cached under the menu version).
pub(crate) async fn everything(state: &AppState) -> Result<std::sync::Arc<Vec<Permission>>, AppError> {
    let versions = grants::versions(&state.db).await?;
    Ok(grants::everything(state, &versions).await?)
}

/// The permissions that have data rules.
pub(crate) async fn permissions_with_rules(db: &Db) -> DbResult<HashSet<String>> {
    let ids: Vec<String> = with_conn!(db, |conn| {
        sys_permission_data_rule::table.select(sys_permission_data_rule::permission_id).distinct().load(conn).await?
    });
    Ok(ids.into_iter().collect())
}

/// The live permissions among some ids, each paired with a holder (role, department, user).
type GrantRows<'a> = diesel::dsl::Select<
    diesel::dsl::Filter<sys_permission::table, diesel::dsl::EqAny<sys_permission::id, Vec<&'a str>>>,
    (diesel::dsl::AsExprOf<&'a str, diesel::sql_types::Text>, sys_permission::id),
>;

/// `(holder, permission id)` rows for the given live permissions, for one `INSERT … SELECT`
/// (one statement on both databases, however many rows).
pub fn grant_rows<'a, S: AsRef<str> + 'a>(holder: &'a str, ids: &'a [S]) -> GrantRows<'a> {
    use diesel::IntoSql;
    let ids: Vec<&str> = ids.iter().map(AsRef::as_ref).collect();
    sys_permission::table
        .filter(sys_permission::id.eq_any(ids))
        .select((holder.into_sql::<diesel::sql_types::Text>(), sys_permission::id))
}

/// A role of the tenant (its code), or 404.
pub(crate) async fn tenant_role(db: &Db, role_id: &str, tenant_id: i32) -> Result<String, AppError> {
    let code: Option<String> = with_conn!(db, |conn| {
        sys_role::table
            .filter(sys_role::id.eq(role_id))
            .filter(sys_role::tenant_id.eq(tenant_id))
            .select(sys_role::role_code)
            .first(conn)
            .await
            .optional()?
    });
    code.ok_or_else(AppError::not_found)
}

/// A department of the tenant, or 404.
pub async fn tenant_depart(db: &Db, depart_id: &str, tenant_id: i32) -> Result<(), AppError> {
    let n: i64 = with_conn!(db, |conn| {
        sys_depart::table
            .filter(sys_depart::id.eq(depart_id))
            .filter(sys_depart::tenant_id.eq(tenant_id))
            .filter(sys_depart::del_flag.eq(0))
            .count()
            .get_result(conn)
            .await?
    });
    if n == 0 { Err(AppError::not_found()) } else { Ok(()) }
}

/// A department's permission ids.
pub async fn depart_permission_ids(db: &Db, depart_id: &str) -> DbResult<Vec<String>> {
    let ids = with_conn!(db, |conn| {
        sys_depart_permission::table
            .filter(sys_depart_permission::depart_id.eq(depart_id))
            .select(sys_depart_permission::permission_id)
            .order(sys_depart_permission::permission_id.asc())
            .load(conn)
            .await?
    });
    Ok(ids)
}

//! Live checks forms call while the user types: is a value already taken
//! (`/sys/duplicate/check`, on an allow-list of tables and fields: never SQL from the client) and
//! does it follow a coding rule (`/sys/checkRule/checkByCode`, rules kept in core).

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::{MessageKey, check_rule, validate};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::platform::db::schema::{
    sys_country, sys_depart, sys_depart_role, sys_dict, sys_permission, sys_position, sys_role, sys_tenant, sys_user,
};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiQuery, ApiResult, AppError};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::with_conn;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DuplicateQuery {
    #[serde(default)]
    pub table_name: String,
    #[serde(default)]
    pub field_name: String,
    #[serde(default)]
    pub field_val: String,
    /// The record being edited (its own value is not a duplicate).
    pub data_id: Option<String>,
}

/// Whether a value is still free. Success when free or empty, 400 "already exists" when taken,
/// 400 for a table or field outside the allow-list.
#[utoipa::path(get, path = "/sys/duplicate/check", tag = "system", params(DuplicateQuery),
    responses((status = 200), (status = 400), (status = 401)))]
pub async fn duplicate(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<DuplicateQuery>) -> ApiResult<()> {
    let value = q.field_val.trim().to_owned();
    let own = q.data_id.unwrap_or_default();
    let tenant = me.tenant_id;
    let unsupported = || AppError::bad_request(MessageKey::DuplicateUnsupported);
    // An empty value passes, but the table and field are still checked, so client typos show.
    macro_rules! count {
        ($query:expr) => {{ if value.is_empty() { 0 } else { with_conn!(&state.db, |conn| { $query.count().get_result::<i64>(conn).await? }) } }};
    }
    // The table's other records holding the value in the column.
    macro_rules! others {
        ($table:ident, $column:ident, $value:expr) => {
            $table::table.filter($table::$column.eq($value)).filter($table::id.ne(&own))
        };
    }
    let taken: i64 = match (q.table_name.as_str(), q.field_name.as_str()) {
        ("sys_user", "username") => count!(others!(sys_user, username, &value)),
        ("sys_user", "phone") => {
            count!(others!(sys_user, phone, validate::normalize_phone(&value).unwrap_or_else(|| value.clone())))
        }
        ("sys_user", "email") => count!(others!(sys_user, email, value.to_lowercase())),
        ("sys_user", "work_no") => {
            count!(others!(sys_user, work_no, &value).filter(sys_user::tenant_id.eq(tenant)).filter(sys_user::del_flag.eq(0)))
        }
        ("sys_role", "role_code") => count!(others!(sys_role, role_code, &value).filter(sys_role::tenant_id.eq(tenant))),
        ("sys_depart", "org_code") => count!(others!(sys_depart, org_code, &value).filter(sys_depart::tenant_id.eq(tenant))),
        ("sys_position", "code") => count!(others!(sys_position, code, &value).filter(sys_position::tenant_id.eq(tenant))),
        ("sys_depart_role", "role_code") => {
            count!(others!(sys_depart_role, role_code, &value).filter(sys_depart_role::tenant_id.eq(tenant)))
        }
        ("sys_permission", "perms") => count!(others!(sys_permission, perms, &value).filter(sys_permission::del_flag.eq(0))),
        ("sys_permission", "url") => count!(others!(sys_permission, url, &value).filter(sys_permission::del_flag.eq(0))),
        ("sys_dict", "dict_code") => count!(others!(sys_dict, dict_code, &value)),
        // Tenants have number ids; countries are keyed by their code.
        ("sys_tenant", "name") => {
            count!(
                sys_tenant::table.filter(sys_tenant::name.eq(&value)).filter(sys_tenant::id.ne(own.parse::<i32>().unwrap_or(0)))
            )
        }
        ("sys_country", "code") => count!(sys_country::table.filter(sys_country::code.eq(value.to_uppercase()))),
        _ => return Err(unsupported()),
    };
    if taken > 0 {
        return Err(AppError::bad_request(MessageKey::DuplicateTaken));
    }
    ok_with(MessageKey::DuplicateOk, ())
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RuleQuery {
    #[serde(default)]
    pub rule_code: String,
    #[serde(default)]
    pub value: String,
}

/// Whether a value follows a coding rule (the same rule the browser runs through WASM).
#[utoipa::path(get, path = "/sys/checkRule/checkByCode", tag = "system", params(RuleQuery),
    responses((status = 200), (status = 400), (status = 401)))]
pub async fn check_by_code(_me: CurrentUser, ApiQuery(q): ApiQuery<RuleQuery>) -> ApiResult<()> {
    check_rule::check(q.rule_code.trim(), &q.value)?;
    ok_with(MessageKey::Ok, ())
}

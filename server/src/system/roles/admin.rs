//! Role administration (`/sys/role/*`): the tenant's roles, a declared resource. Codes are unique
//! per tenant; the seeded `admin` and `customer` roles cannot be deleted or recoded. What roles
//! and department roles (`departs::roles`) share is here: the checked code, names and
//! description, and the grants that follow a change.

use diesel::QueryableByName;
use diesel::sql_types::Text;
use logistics_core::{MessageKey, check_rule};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{ADMIN, CUSTOMER};
use crate::platform::caller::Caller;
use crate::platform::db::schema::sys_role;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiResult, AppError, ok};
use crate::platform::resource::form::{self, optional, required};
use crate::platform::resource::sql::Sql;
use crate::platform::resource::{Checked, Field, Filter, Localized, Readable, Resource, Scope, Values, Written, handlers};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;

/// A role's code, names and description, checked alike for roles and department roles (a
/// department role has no English name: `name_en` None).
pub(crate) fn role_values(
    code: &str,
    name: &str,
    name_en: Option<&Option<String>>,
    description: &Option<String>,
) -> Result<Values, AppError> {
    let code = form::code("roleCode", MessageKey::FieldRoleCode, code, check_rule::role_code)?;
    let name = required("roleName", MessageKey::FieldRoleName, name, 100)?;
    let mut values: Values = vec![("role_code", code.into()), ("role_name", name.into())];
    if let Some(name_en) = name_en {
        values.push(("role_name_en", optional("roleNameEn", MessageKey::FieldRoleName, name_en, 100)?.into()));
    }
    values.push(("description", optional("description", MessageKey::FieldDescription, description, 500)?.into()));
    Ok(values)
}

/// The code a role's values carry.
fn code_in(values: &Values) -> Option<String> {
    values.iter().find(|(c, _)| *c == "role_code").and_then(|(_, v)| v.as_key())
}

/// What a role holds changed (a role edited or deleted, its grants and members with it): every
/// cached grant is stale.
pub(crate) async fn grants_follow<T>(state: &AppState, written: &Written<'_, T>) -> Result<(), AppError> {
    if !matches!(written, Written::Added(_)) {
        crate::system::permissions::grants_changed(&state.db).await?;
    }
    Ok(())
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleRecord {
    pub id: String,
    pub role_code: String,
    /// In the request's language.
    pub role_name: String,
    pub role_name_zh: String,
    pub role_name_en: Option<String>,
    pub description: Option<String>,
    pub create_time: DateTime,
    pub built_in: bool,
}

/// A role as stored: its name is shown in the request's language, and both names as they are.
#[derive(QueryableByName)]
#[diesel(table_name = sys_role)]
pub struct Row {
    id: String,
    role_code: String,
    role_name: String,
    role_name_en: Option<String>,
    description: Option<String>,
    create_time: DateTime,
    #[diesel(sql_type = Text)]
    picked_name: String,
}

impl Readable for RoleRecord {
    type Row = Row;

    fn from_row(r: Row) -> RoleRecord {
        RoleRecord {
            built_in: r.role_code == ADMIN || r.role_code == CUSTOMER,
            role_name: r.picked_name,
            role_name_zh: r.role_name,
            id: r.id,
            role_code: r.role_code,
            role_name_en: r.role_name_en,
            description: r.description,
            create_time: r.create_time,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleForm {
    pub id: Option<String>,
    #[serde(default)]
    pub role_code: String,
    #[serde(default)]
    pub role_name: String,
    pub role_name_en: Option<String>,
    pub description: Option<String>,
}

pub struct Roles;

impl Resource for Roles {
    const PATH: &'static str = "/sys/role";
    const PERMISSION: &'static str = "system:role";
    const NOUN: &'static str = "role";
    const PLURAL: &'static str = "roles";
    const TABLE: &'static str = "sys_role";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("roleCode", "role_code").sortable().titled(MessageKey::FieldRoleCode),
        Field::text("roleName", "role_name").sortable().titled(MessageKey::FieldRoleName),
        Field::text("roleNameEn", "role_name_en"),
        Field::text("description", "description").titled(MessageKey::FieldDescription),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("roleName", &["role_name", "role_name_en"], "Name (zh or en), substring."),
        Filter::like("roleCode", &["role_code"], "Code, substring."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("roleCode", MessageKey::RoleCodeTaken));
    /// A role's grants and members go with it.
    const CASCADE: &'static [(&'static str, &'static str)] = &[("sys_role_permission", "role_id"), ("sys_user_role", "role_id")];
    const LOCALIZED: Option<Localized> = Some(Localized { alias: "picked_name", zh: "role_name", en: "role_name_en" });

    crate::record_form!(RoleRecord, RoleForm, role_code);

    /// Built-in roles keep their code.
    async fn values(_: &AppState, _: &CurrentUser, form: &RoleForm, before: Option<&RoleRecord>) -> Checked {
        let values = role_values(&form.role_code, &form.role_name, Some(&form.role_name_en), &form.description)?;
        if let Some(before) = before
            && before.built_in
            && code_in(&values).as_deref() != Some(before.role_code.as_str())
        {
            return Err(AppError::refused(MessageKey::RoleBuiltIn));
        }
        Ok(values)
    }

    /// Built-in roles stay; taking a role away must not take rights the caller could not grant.
    async fn before_delete(state: &AppState, me: &CurrentUser, records: &[RoleRecord]) -> Result<(), AppError> {
        if records.iter().any(|r| r.built_in) {
            return Err(AppError::refused(MessageKey::RoleBuiltIn));
        }
        let granted = grants::of(state, me).await?;
        let ids: Vec<String> = records.iter().map(|r| r.id.clone()).collect();
        if !granted.admin && crate::system::permissions::granted_ids(&state.db, &ids).await?.iter().any(|p| !granted.holds(p)) {
            return Err(AppError::refused(MessageKey::NotGrantable));
        }
        Ok(())
    }

    async fn after_write(state: &AppState, _: &CurrentUser, written: Written<'_, RoleRecord>) -> Result<(), AppError> {
        grants_follow(state, &written).await
    }
}

/// The role list, or the user form's role picker.
async fn picker(state: &AppState, me: &CurrentUser) -> Result<Vec<RoleRecord>, AppError> {
    let granted = grants::of(state, me).await?;
    if !granted.has("system:role:list") && !granted.has("system:user:list") {
        return Err(AppError::forbidden());
    }
    handlers::all::<Roles>(state, me, Sql::default(), " ORDER BY role_code ASC").await
}

/// Every role of the tenant (for the user form's role picker).
#[utoipa::path(get, path = "/sys/role/queryall", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<Vec<RoleRecord>>), (status = 403)))]
pub async fn query_all(Caller(state, me): Caller) -> ApiResult<Vec<RoleRecord>> {
    ok(picker(&state, &me).await?)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RoleOption {
    pub key: String,
    pub value: String,
    pub title: String,
}

/// The tenant's roles as `{key, value, title}`.
#[utoipa::path(get, path = "/sys/role/queryTreeList", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<Vec<RoleOption>>), (status = 403)))]
pub async fn query_tree_list(Caller(state, me): Caller) -> ApiResult<Vec<RoleOption>> {
    ok(picker(&state, &me)
        .await?
        .into_iter()
        .map(|r| RoleOption { key: r.id.clone(), value: r.id, title: r.role_name })
        .collect())
}

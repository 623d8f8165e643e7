//! Data rules of a menu (JeecgBoot's `sys_permission_data_rule`): administrators define them on
//! a menu; a role selects some; a user's requests on that menu's rows are filtered by the rules
//! their roles selected: reads and writes alike (see `users::scope`).

use axum::extract::{Path, State};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::data_rule::{self, Condition};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::admin::queries::tenant_role;
use super::data_rules::DataRule;
use super::grants;
use crate::platform::db::schema::{sys_permission, sys_permission_data_rule, sys_role_permission};
use crate::platform::db::{Db, DbResult};
use crate::platform::http::page::{filter, split_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs::{self, Operation};
use crate::system::users::scope::RULE_COLUMNS;
use crate::{platform::secrets, with_conn, with_write};

/// The columns rules on this menu may name: a declared resource's (see `platform::resource`), or
/// the users' on the users menu. 404 for no such menu.
async fn rule_columns(db: &Db, permission_id: &str) -> Result<Vec<&'static str>, AppError> {
    let found: Option<Option<String>> = with_conn!(db, |conn| {
        sys_permission::table
            .filter(sys_permission::id.eq(permission_id))
            .filter(sys_permission::del_flag.eq(0))
            .filter(sys_permission::menu_type.ne(super::BUTTON))
            .select(sys_permission::perms)
            .first(conn)
            .await
            .optional()?
    });
    let perms = found.ok_or_else(AppError::not_found)?;
    Ok(perms.as_deref().and_then(crate::platform::resource::rule_columns).unwrap_or_else(|| RULE_COLUMNS.to_vec()))
}

async fn rules_of(db: &Db, permission_id: &str, name: Option<String>, value: Option<String>) -> DbResult<Vec<DataRule>> {
    let rows = with_conn!(db, |conn| {
        let mut q = sys_permission_data_rule::table
            .filter(sys_permission_data_rule::permission_id.eq(permission_id))
            .select(DataRule::as_select())
            .order(sys_permission_data_rule::create_time.asc())
            .into_boxed();
        if let Some(name) = &name {
            q = q.filter(sys_permission_data_rule::rule_name.like(crate::platform::http::page::like_pattern(name)).escape('\\'));
        }
        if let Some(value) = &value {
            q = q
                .filter(sys_permission_data_rule::rule_value.like(crate::platform::http::page::like_pattern(value)).escape('\\'));
        }
        q.load(conn).await?
    });
    Ok(rows)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RuleQuery {
    #[serde(default)]
    pub permission_id: String,
    pub rule_name: Option<String>,
    pub rule_value: Option<String>,
}

/// The data rules of a menu.
#[utoipa::path(get, path = "/sys/permission/getPermRuleListByPermId", tag = "system", params(RuleQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<DataRule>>), (status = 403)))]
pub async fn list(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<RuleQuery>) -> ApiResult<Vec<DataRule>> {
    grants::require(&state, &me, "system:permission:list").await?;
    ok(rules_of(&state.db, q.permission_id.trim(), None, None).await?)
}

/// The data rules of a menu matching a name and value.
#[utoipa::path(get, path = "/sys/permission/queryPermissionRule", tag = "system", params(RuleQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<DataRule>>), (status = 403)))]
pub async fn query(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<RuleQuery>) -> ApiResult<Vec<DataRule>> {
    grants::require(&state, &me, "system:permission:list").await?;
    ok(rules_of(&state.db, q.permission_id.trim(), filter(&q.rule_name), filter(&q.rule_value)).await?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleBody {
    pub id: Option<String>,
    #[serde(default)]
    pub permission_id: String,
    #[serde(default)]
    pub rule_name: String,
    #[serde(default)]
    pub rule_column: String,
    #[serde(default)]
    pub rule_conditions: String,
    #[serde(default)]
    pub rule_value: String,
    pub status: Option<String>,
}

fn checked(body: &RuleBody, columns: &[&str]) -> Result<(String, String), AppError> {
    let lang = crate::platform::http::current_lang();
    logistics_core::validate::required("ruleName", MessageKey::FieldRuleName.template(lang), body.rule_name.trim())?;
    logistics_core::validate::max_chars("ruleName", MessageKey::FieldRuleName.template(lang), body.rule_name.trim(), 100)?;
    let condition = data_rule::validate(&body.rule_column, &body.rule_conditions, &body.rule_value, columns)?;
    let condition = Condition::ALL.iter().find(|(_, c)| *c == condition).map_or("=", |(name, _)| name).to_owned();
    let status = match body.status.as_deref().unwrap_or("1") {
        "1" | "0" => body.status.clone().unwrap_or_else(|| "1".to_owned()),
        _ => return Err(AppError::field("status", MessageKey::StatusInvalid)),
    };
    Ok((condition, status))
}

/// Adds a data rule to a menu.
#[utoipa::path(post, path = "/sys/permission/addPermissionRule", tag = "system", request_body = RuleBody,
    responses((status = 200, body = crate::platform::http::Envelope<DataRule>), (status = 400), (status = 403)))]
pub async fn add(State(state): State<AppState>, me: CurrentUser, ApiJson(body): ApiJson<RuleBody>) -> ApiResult<DataRule> {
    grants::require(&state, &me, "system:permission:edit").await?;
    let columns = rule_columns(&state.db, body.permission_id.trim()).await?;
    let (condition, status) = checked(&body, &columns)?;
    let rule = DataRule {
        id: secrets::new_id(),
        permission_id: body.permission_id.trim().to_owned(),
        rule_name: body.rule_name.trim().to_owned(),
        rule_column: body.rule_column.trim().to_owned(),
        rule_conditions: condition,
        rule_value: body.rule_value.trim().to_owned(),
        status,
    };
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::insert_into(sys_permission_data_rule::table)
            .values((&rule, sys_permission_data_rule::create_time.eq(now)))
            .execute(conn)
            .await?;
    });
    super::grants_changed(&state.db).await?;
    logs::added(&state.db, &me, "system:permission:rule:add", &rule.rule_name, &rule).await;
    ok_with(MessageKey::Added, rule)
}

async fn find(db: &Db, id: &str) -> Result<DataRule, AppError> {
    let rule = with_conn!(db, |conn| {
        sys_permission_data_rule::table.find(id).select(DataRule::as_select()).first(conn).await.optional()?
    });
    rule.ok_or_else(AppError::not_found)
}

/// Changes a data rule.
#[utoipa::path(put, path = "/sys/permission/editPermissionRule", tag = "system", request_body = RuleBody,
    responses((status = 200, body = crate::platform::http::Envelope<DataRule>), (status = 400), (status = 403), (status = 404)))]
pub async fn edit(State(state): State<AppState>, me: CurrentUser, ApiJson(body): ApiJson<RuleBody>) -> ApiResult<DataRule> {
    grants::require(&state, &me, "system:permission:edit").await?;
    let before = find(&state.db, body.id.as_deref().unwrap_or("").trim()).await?;
    let columns = rule_columns(&state.db, &before.permission_id).await?;
    let (condition, status) = checked(&body, &columns)?;
    let after = DataRule {
        rule_name: body.rule_name.trim().to_owned(),
        rule_column: body.rule_column.trim().to_owned(),
        rule_conditions: condition,
        rule_value: body.rule_value.trim().to_owned(),
        status,
        ..before.clone()
    };
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        // The rule's menu and id stay: `after` keeps them from `before`.
        diesel::update(sys_permission_data_rule::table.find(&after.id))
            .set((&after, sys_permission_data_rule::update_time.eq(now)))
            .execute(conn)
            .await?;
    });
    super::grants_changed(&state.db).await?;
    logs::edited(&state.db, &me, "system:permission:rule:edit", &after.rule_name, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    #[serde(default)]
    pub id: String,
}

/// Deletes a data rule (and its selection by roles).
#[utoipa::path(delete, path = "/sys/permission/deletePermissionRule", tag = "system", params(IdQuery),
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:permission:edit").await?;
    let before = find(&state.db, q.id.trim()).await?;
    with_write!(&state.db, |conn| {
        diesel::delete(sys_permission_data_rule::table.find(&before.id)).execute(conn).await?;
    });
    super::grants_changed(&state.db).await?;
    logs::deleted(&state.db, &me, "system:permission:rule:delete", &before.rule_name, &before).await;
    ok_with(MessageKey::Deleted, ())
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleDataRules {
    pub datarule: Vec<DataRule>,
    /// The ids the role selects, comma-joined.
    pub dr_checked: String,
}

/// The data rules of a menu and those a role selects.
#[utoipa::path(get, path = "/sys/role/datarule/{permissionId}/{roleId}", tag = "system",
    params(("permissionId" = String, Path), ("roleId" = String, Path)),
    responses((status = 200, body = crate::platform::http::Envelope<RoleDataRules>), (status = 403), (status = 404)))]
pub async fn of_role(
    State(state): State<AppState>,
    me: CurrentUser,
    Path((permission_id, role_id)): Path<(String, String)>,
) -> ApiResult<RoleDataRules> {
    grants::require(&state, &me, "system:role:authorize").await?;
    tenant_role(&state.db, &role_id, me.tenant_id).await?;
    let datarule: Vec<DataRule> =
        rules_of(&state.db, &permission_id, None, None).await?.into_iter().filter(|r| r.status == "1").collect();
    let checked: Option<Option<String>> = with_conn!(&state.db, |conn| {
        sys_role_permission::table
            .filter(sys_role_permission::role_id.eq(&role_id))
            .filter(sys_role_permission::permission_id.eq(&permission_id))
            .select(sys_role_permission::data_rule_ids)
            .first(conn)
            .await
            .optional()?
    });
    ok(RoleDataRules { datarule, dr_checked: checked.flatten().unwrap_or_default() })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveRoleDataRules {
    #[serde(default)]
    pub permission_id: String,
    #[serde(default)]
    pub role_id: String,
    #[serde(default)]
    pub data_rule_ids: String,
}

/// Selects the data rules a role applies on a menu it holds.
#[utoipa::path(post, path = "/sys/role/datarule", tag = "system", request_body = SaveRoleDataRules,
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn save_for_role(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<SaveRoleDataRules>,
) -> ApiResult<()> {
    let granted = grants::require(&state, &me, "system:role:authorize").await?;
    tenant_role(&state.db, &body.role_id, me.tenant_id).await?;
    if !granted.holds(&body.permission_id) {
        return Err(AppError::refused(MessageKey::NotGrantable));
    }
    let wanted = split_ids(&body.data_rule_ids);
    let known: Vec<String> = rules_of(&state.db, &body.permission_id, None, None).await?.into_iter().map(|r| r.id).collect();
    if wanted.iter().any(|id| !known.contains(id)) {
        return Err(AppError::not_found());
    }
    let value = Some(wanted.join(",")).filter(|v| !v.is_empty());
    let updated = with_write!(&state.db, |conn| {
        diesel::update(
            sys_role_permission::table
                .filter(sys_role_permission::role_id.eq(&body.role_id))
                .filter(sys_role_permission::permission_id.eq(&body.permission_id)),
        )
        .set(sys_role_permission::data_rule_ids.eq(&value))
        .execute(conn)
        .await?
    });
    if updated == 0 {
        // The role must hold the menu before it can select the menu's rules.
        return Err(AppError::not_found());
    }
    super::grants_changed(&state.db).await?;
    let op = Operation {
        action: "system:role:datarule",
        target: &body.role_id,
        operate_type: logs::OP_OTHER,
        before: None,
        after: Some(json!({"permissionId": body.permission_id, "dataRuleIds": value})),
    };
    logs::operation(&state.db, &me, op).await;
    ok_with(MessageKey::Saved, ())
}

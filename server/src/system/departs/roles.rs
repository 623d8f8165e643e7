//! Department roles (`/sys/sysDepartRole/*`, `/sys/sysDepartPermission/*`): roles a department
//! defines for its members, holding only what the department itself was granted.

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, check_rule, validate};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use crate::platform::db::Db;
use crate::platform::db::schema::{sys_depart_role, sys_depart_role_permission, sys_depart_role_user, sys_user_depart};
use crate::platform::http::page::{IdQuery, Order, filter, require_ids, split_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs::{self, Operation};
use crate::system::permissions::admin::{GrantTree, depart_permission_ids, grant_rows, grant_tree, tenant_depart};
use crate::system::permissions::grants;
use crate::{platform::secrets, system::users, with_conn, with_write};

const CODE: &str = "system:depart:role";

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepartRoleRecord {
    pub id: String,
    pub depart_id: String,
    pub role_name: String,
    pub role_code: String,
    pub description: Option<String>,
    pub create_time: String,
}

type Row = (String, String, String, String, Option<String>, chrono::NaiveDateTime);

fn to_record((id, depart_id, role_name, role_code, description, create_time): Row) -> DepartRoleRecord {
    DepartRoleRecord {
        id,
        depart_id,
        role_name,
        role_code,
        description,
        create_time: create_time.format(crate::system::users::DATE_TIME_FORMAT).to_string(),
    }
}

macro_rules! columns {
    () => {
        (
            sys_depart_role::id,
            sys_depart_role::depart_id,
            sys_depart_role::role_name,
            sys_depart_role::role_code,
            sys_depart_role::description,
            sys_depart_role::create_time,
        )
    };
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DepartRoleFilter {
    #[serde(default, alias = "departId")]
    pub dept_id: String,
    pub role_name: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

/// A department's roles.
#[utoipa::path(get, path = "/sys/sysDepartRole/list", tag = "system", params(DepartRoleFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<DepartRoleRecord>>), (status = 403), (status = 404)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<DepartRoleFilter>,
) -> ApiResult<Page<DepartRoleRecord>> {
    grants::require(&state, &me, CODE).await?;
    tenant_depart(&state.db, f.dept_id.trim(), me.tenant_id).await?;
    let sort = f.page.sort(&["roleCode", "roleName", "createTime"], ("createTime", Order::Desc))?;
    let name = filter(&f.role_name);
    let depart_id = f.dept_id.trim().to_owned();
    macro_rules! filtered {
        () => {{
            let mut q = sys_depart_role::table
                .filter(sys_depart_role::tenant_id.eq(me.tenant_id))
                .filter(sys_depart_role::depart_id.eq(&depart_id))
                .into_boxed();
            if let Some(v) = &name {
                q = q.filter(sys_depart_role::role_name.like(crate::platform::http::page::like_pattern(v)).escape('\\'));
            }
            q
        }};
    }
    let (total, rows): (i64, Vec<Row>) = with_conn!(&state.db, |conn| {
        let total = filtered!().count().get_result(conn).await?;
        let q = filtered!().select(columns!()).limit(f.page.page_size()).offset(f.page.offset());
        let q = match sort {
            ("roleCode", Order::Asc) => q.order(sys_depart_role::role_code.asc()),
            ("roleCode", Order::Desc) => q.order(sys_depart_role::role_code.desc()),
            ("roleName", Order::Asc) => q.order(sys_depart_role::role_name.asc()),
            ("roleName", Order::Desc) => q.order(sys_depart_role::role_name.desc()),
            (_, Order::Asc) => q.order(sys_depart_role::create_time.asc()),
            (_, Order::Desc) => q.order(sys_depart_role::create_time.desc()),
        };
        (total, q.then_order_by(sys_depart_role::id.asc()).load(conn).await?)
    });
    ok(Page::new(rows.into_iter().map(to_record).collect(), total, &f.page))
}

async fn one(db: &Db, tenant_id: i32, id: &str) -> Result<DepartRoleRecord, AppError> {
    let row: Option<Row> = with_conn!(db, |conn| {
        sys_depart_role::table
            .filter(sys_depart_role::tenant_id.eq(tenant_id))
            .filter(sys_depart_role::id.eq(id))
            .select(columns!())
            .first(conn)
            .await
            .optional()?
    });
    row.map(to_record).ok_or_else(AppError::not_found)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepartRoleForm {
    pub id: Option<String>,
    #[serde(default)]
    pub depart_id: String,
    #[serde(default)]
    pub role_name: String,
    #[serde(default)]
    pub role_code: String,
    pub description: Option<String>,
}

fn checked(form: &DepartRoleForm) -> Result<(String, String, Option<String>), AppError> {
    let lang = current_lang();
    let code = form.role_code.trim().to_owned();
    validate::required("roleCode", MessageKey::FieldRoleCode.template(lang), &code)?;
    check_rule::role_code(&code).map_err(|e| AppError::invalid(logistics_core::FieldError { field: "roleCode".into(), ..e }))?;
    let name = form.role_name.trim().to_owned();
    validate::required("roleName", MessageKey::FieldRoleName.template(lang), &name)?;
    validate::max_chars("roleName", MessageKey::FieldRoleName.template(lang), &name, 100)?;
    let description = filter(&form.description);
    validate::max_chars("description", MessageKey::FieldDescription.template(lang), description.as_deref().unwrap_or(""), 500)?;
    Ok((code, name, description))
}

/// Adds a role to a department.
#[utoipa::path(post, path = "/sys/sysDepartRole/add", tag = "system", request_body = DepartRoleForm,
    responses((status = 200, body = crate::platform::http::Envelope<DepartRoleRecord>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn add(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<DepartRoleForm>,
) -> ApiResult<DepartRoleRecord> {
    grants::require(&state, &me, CODE).await?;
    let (code, name, description) = checked(&form)?;
    tenant_depart(&state.db, form.depart_id.trim(), me.tenant_id).await?;
    let id = secrets::new_id();
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::insert_into(sys_depart_role::table)
            .values((
                sys_depart_role::id.eq(&id),
                sys_depart_role::depart_id.eq(form.depart_id.trim()),
                sys_depart_role::role_name.eq(&name),
                sys_depart_role::role_code.eq(&code),
                sys_depart_role::description.eq(&description),
                sys_depart_role::tenant_id.eq(me.tenant_id),
                sys_depart_role::create_time.eq(now),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "roleCode", MessageKey::RoleCodeTaken))?;
    });
    let after = one(&state.db, me.tenant_id, &id).await?;
    logs::added(&state.db, &me, "system:depart:role:add", &after.role_code, &after).await;
    ok_with(MessageKey::Added, after)
}

/// Changes a department role's code, name and description.
#[utoipa::path(put, path = "/sys/sysDepartRole/edit", tag = "system", request_body = DepartRoleForm,
    responses((status = 200, body = crate::platform::http::Envelope<DepartRoleRecord>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn edit(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<DepartRoleForm>,
) -> ApiResult<DepartRoleRecord> {
    grants::require(&state, &me, CODE).await?;
    let before = one(&state.db, me.tenant_id, form.id.as_deref().unwrap_or("").trim()).await?;
    let (code, name, description) = checked(&form)?;
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::update(sys_depart_role::table.filter(sys_depart_role::id.eq(&before.id)))
            .set((
                sys_depart_role::role_name.eq(&name),
                sys_depart_role::role_code.eq(&code),
                sys_depart_role::description.eq(&description),
                sys_depart_role::update_time.eq(now),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "roleCode", MessageKey::RoleCodeTaken))?;
    });
    let after = one(&state.db, me.tenant_id, &before.id).await?;
    logs::edited(&state.db, &me, "system:depart:role:edit", &after.role_code, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

/// Deletes department roles (their members lose them).
#[utoipa::path(delete, path = "/sys/sysDepartRole/delete", tag = "system", params(IdQuery),
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, CODE).await?;
    let ids = require_ids(q.id.as_deref().or(q.ids.as_deref()).unwrap_or(""))?;
    let mut befores = Vec::new();
    for id in &ids {
        befores.push(one(&state.db, me.tenant_id, id).await?);
    }
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            diesel::delete(sys_depart_role_permission::table.filter(sys_depart_role_permission::role_id.eq_any(&ids)))
                .execute(tx)
                .await?;
            diesel::delete(sys_depart_role_user::table.filter(sys_depart_role_user::drole_id.eq_any(&ids))).execute(tx).await?;
            diesel::delete(sys_depart_role::table.filter(sys_depart_role::id.eq_any(&ids))).execute(tx).await?;
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(AppError::from)?;
    });
    crate::system::permissions::grants_changed(&state.db).await?;
    for before in befores {
        logs::deleted(&state.db, &me, "system:depart:role:delete", &before.role_code, &before).await;
    }
    ok_with(MessageKey::Deleted, ())
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UserDepartQuery {
    #[serde(default)]
    pub user_id: String,
    #[serde(default)]
    pub depart_id: String,
}

/// The department roles a member holds in a department.
#[utoipa::path(get, path = "/sys/sysDepartRole/getDeptRoleByUserId", tag = "system", params(UserDepartQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<String>>), (status = 403), (status = 404)))]
pub async fn of_user(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<UserDepartQuery>,
) -> ApiResult<Vec<String>> {
    grants::require(&state, &me, CODE).await?;
    tenant_depart(&state.db, q.depart_id.trim(), me.tenant_id).await?;
    member(&state.db, q.user_id.trim(), q.depart_id.trim()).await?;
    let ids = with_conn!(&state.db, |conn| {
        sys_depart_role_user::table
            .inner_join(sys_depart_role::table)
            .filter(sys_depart_role_user::user_id.eq(q.user_id.trim()))
            .filter(sys_depart_role::depart_id.eq(q.depart_id.trim()))
            .select(sys_depart_role::id)
            .load(conn)
            .await?
    });
    ok(ids)
}

async fn member(db: &Db, user_id: &str, depart_id: &str) -> Result<(), AppError> {
    let n: i64 = with_conn!(db, |conn| {
        sys_user_depart::table
            .filter(sys_user_depart::user_id.eq(user_id))
            .filter(sys_user_depart::dep_id.eq(depart_id))
            .count()
            .get_result(conn)
            .await?
    });
    if n == 0 { Err(AppError::not_found()) } else { Ok(()) }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignDepartRoles {
    #[serde(default)]
    pub user_id: String,
    /// The department roles the member gets, comma-joined.
    #[serde(default)]
    pub new_role_id: String,
    /// The department roles the member had (JeecgBoot sends them; the server reads its own).
    pub old_role_id: Option<String>,
}

/// Sets a member's roles within one department (all roles must be of one department the user is in).
#[utoipa::path(post, path = "/sys/sysDepartRole/deptRoleUserAdd", tag = "system", request_body = AssignDepartRoles,
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn assign(State(state): State<AppState>, me: CurrentUser, ApiJson(body): ApiJson<AssignDepartRoles>) -> ApiResult<()> {
    let granted = grants::require(&state, &me, CODE).await?;
    let wanted = split_ids(&body.new_role_id);
    let user = users::find(&state.db, users::Lookup::Id(body.user_id.trim()))
        .await?
        .filter(|u| u.tenant_id == me.tenant_id)
        .ok_or_else(AppError::not_found)?;
    let mut departs = Vec::new();
    for id in &wanted {
        let role = one(&state.db, me.tenant_id, id).await?;
        member(&state.db, &user.id, &role.depart_id).await?;
        // A department role only carries what the caller could grant.
        let perms = role_permission_ids(&state.db, id).await?;
        if !granted.admin && perms.iter().any(|p| !granted.holds(p)) {
            return Err(AppError::refused(MessageKey::NotGrantable));
        }
        departs.push(role.depart_id);
    }
    departs.dedup();
    let old: Vec<String> = with_conn!(&state.db, |conn| {
        sys_depart_role_user::table
            .filter(sys_depart_role_user::user_id.eq(&user.id))
            .select(sys_depart_role_user::drole_id)
            .load(conn)
            .await?
    });
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            // Replace the user's roles of the departments concerned (all of them when clearing).
            let scope = sys_depart_role::table.filter(sys_depart_role::depart_id.eq_any(&departs)).select(sys_depart_role::id);
            if wanted.is_empty() {
                diesel::delete(sys_depart_role_user::table.filter(sys_depart_role_user::user_id.eq(&user.id)))
                    .execute(tx)
                    .await?;
            } else {
                diesel::delete(
                    sys_depart_role_user::table
                        .filter(sys_depart_role_user::user_id.eq(&user.id))
                        .filter(sys_depart_role_user::drole_id.eq_any(scope)),
                )
                .execute(tx)
                .await?;
            }
            for id in &wanted {
                diesel::insert_into(sys_depart_role_user::table)
                    .values((sys_depart_role_user::user_id.eq(&user.id), sys_depart_role_user::drole_id.eq(id)))
                    .execute(tx)
                    .await?;
            }
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(AppError::from)?;
    });
    crate::system::permissions::grants_changed(&state.db).await?;
    let op = Operation {
        action: "system:depart:role:assign",
        target: &user.username,
        operate_type: logs::OP_OTHER,
        before: Some(json!(old)),
        after: Some(json!(wanted)),
    };
    logs::operation(&state.db, &me, op).await;
    ok_with(MessageKey::Saved, ())
}

async fn role_permission_ids(db: &Db, role_id: &str) -> Result<Vec<String>, AppError> {
    let ids = with_conn!(db, |conn| {
        sys_depart_role_permission::table
            .filter(sys_depart_role_permission::role_id.eq(role_id))
            .select(sys_depart_role_permission::permission_id)
            .order(sys_depart_role_permission::permission_id.asc())
            .load(conn)
            .await?
    });
    Ok(ids)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DepartQuery {
    #[serde(default)]
    pub depart_id: String,
}

/// What the department holds: the tree its roles are granted from.
#[utoipa::path(get, path = "/sys/sysDepartPermission/queryTreeListForDeptRole", tag = "system", params(DepartQuery),
    responses((status = 200, body = crate::platform::http::Envelope<GrantTree>), (status = 403), (status = 404)))]
pub async fn tree_for_role(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<DepartQuery>,
) -> ApiResult<GrantTree> {
    grants::require(&state, &me, CODE).await?;
    tenant_depart(&state.db, q.depart_id.trim(), me.tenant_id).await?;
    let held = depart_permission_ids(&state.db, q.depart_id.trim()).await?;
    ok(grant_tree(&state, &|p| held.contains(&p.id)).await?)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RoleQuery {
    #[serde(default)]
    pub role_id: String,
}

/// A department role's permission ids.
#[utoipa::path(get, path = "/sys/sysDepartPermission/queryDeptRolePermission", tag = "system", params(RoleQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<String>>), (status = 403), (status = 404)))]
pub async fn role_permissions(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<RoleQuery>,
) -> ApiResult<Vec<String>> {
    grants::require(&state, &me, CODE).await?;
    one(&state.db, me.tenant_id, q.role_id.trim()).await?;
    ok(role_permission_ids(&state.db, q.role_id.trim()).await?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveDepartRolePermission {
    #[serde(default)]
    pub role_id: String,
    #[serde(default)]
    pub permission_ids: String,
    pub lastpermissionids: Option<String>,
}

/// Replaces a department role's permissions, within the department's and the caller's.
#[utoipa::path(post, path = "/sys/sysDepartPermission/saveDeptRolePermission", tag = "system", request_body = SaveDepartRolePermission,
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn save_role_permissions(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<SaveDepartRolePermission>,
) -> ApiResult<()> {
    let granted = grants::require(&state, &me, CODE).await?;
    let role = one(&state.db, me.tenant_id, body.role_id.trim()).await?;
    let held = depart_permission_ids(&state.db, &role.depart_id).await?;
    let current = role_permission_ids(&state.db, &role.id).await?;
    let requested = split_ids(&body.permission_ids);
    if requested.iter().any(|id| !held.contains(id)) {
        return Err(AppError::refused(MessageKey::NotGrantable));
    }
    let mine: Vec<String> = granted.ids.iter().cloned().collect();
    if !logistics_core::permission::ungrantable(&current, &requested, &mine).is_empty() {
        return Err(AppError::refused(MessageKey::NotGrantable));
    }
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            diesel::delete(sys_depart_role_permission::table.filter(sys_depart_role_permission::role_id.eq(&role.id)))
                .execute(tx)
                .await?;
            if !requested.is_empty() {
                diesel::insert_into(sys_depart_role_permission::table)
                    .values(grant_rows(&role.id, &requested))
                    .into_columns((sys_depart_role_permission::role_id, sys_depart_role_permission::permission_id))
                    .execute(tx)
                    .await?;
            }
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(AppError::from)?;
    });
    crate::system::permissions::grants_changed(&state.db).await?;
    let op = Operation {
        action: "system:depart:role:authorize",
        target: &role.role_code,
        operate_type: logs::OP_OTHER,
        before: Some(json!(current)),
        after: Some(json!(requested)),
    };
    logs::operation(&state.db, &me, op).await;
    ok_with(MessageKey::Saved, ())
}

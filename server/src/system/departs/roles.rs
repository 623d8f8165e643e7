//! Department roles (`/sys/sysDepartRole/*`, `/sys/sysDepartPermission/*`): roles a department
//! defines for its members, holding only what the department itself was granted. A declared
//! resource listed under its department, checked like roles (`roles::admin`); assigning members
//! and permissions is written here.

use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::MessageKey;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::platform::caller::Caller;
use crate::platform::db::Db;
use crate::platform::db::schema::{sys_depart_role, sys_depart_role_permission, sys_depart_role_user, sys_user_depart};
use crate::platform::http::page::{Order, split_ids};
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, ok};
use crate::platform::resource::handlers::find;
use crate::platform::resource::{Checked, Field, Filter, Parent, Resource, Scope, Written};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::admin::depart_grants::DepartQuery;
use crate::system::permissions::admin::queries::{depart_permission_ids, grant_rows, tenant_depart};
use crate::system::permissions::admin::role_grants::RoleQuery;
use crate::system::permissions::admin::saved;
use crate::system::permissions::admin::trees::{GrantTree, grant_tree};
use crate::system::permissions::grants;
use crate::system::roles::admin::{grants_follow, role_values};
use crate::{system::users, with_conn, with_write};

const CODE: &str = "system:depart:role";

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = sys_depart_role)]
#[serde(rename_all = "camelCase")]
pub struct DepartRoleRecord {
    pub id: String,
    pub depart_id: String,
    pub role_name: String,
    pub role_code: String,
    pub description: Option<String>,
    pub create_time: DateTime,
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

pub struct DepartRoles;

impl Resource for DepartRoles {
    const PATH: &'static str = "/sys/sysDepartRole";
    const PERMISSION: &'static str = CODE;
    const NOUN: &'static str = "department role";
    const PLURAL: &'static str = "department roles";
    const TABLE: &'static str = "sys_depart_role";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("roleCode", "role_code").sortable().titled(MessageKey::FieldRoleCode),
        Field::text("roleName", "role_name").sortable().titled(MessageKey::FieldRoleName),
        Field::text("description", "description").titled(MessageKey::FieldDescription),
        Field::text("departId", "depart_id"),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[Filter::like("roleName", &["role_name"], "Name, substring.")];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("roleCode", MessageKey::RoleCodeTaken));
    const HAS_CREATE_BY: bool = false;
    const PARENT: Option<Parent> =
        Some(Parent { params: &["deptId", "departId"], column: "depart_id", doc: "The department (`departId` too)." });
    /// Managed by a button of the departments' menu, which has no data rules of its own.
    const DATA_RULES: bool = false;
    /// A department role's grants and members go with it.
    const CASCADE: &'static [(&'static str, &'static str)] =
        &[("sys_depart_role_permission", "role_id"), ("sys_depart_role_user", "drole_id")];

    crate::record_form!(DepartRoleRecord, DepartRoleForm, role_code);

    /// One button holds every call.
    fn permission(_verb: &str) -> String {
        CODE.to_owned()
    }

    async fn check_parent(state: &AppState, me: &CurrentUser, id: &str) -> Result<(), AppError> {
        tenant_depart(&state.db, id, me.tenant_id).await
    }

    /// Checked like roles; on add, the department is the tenant's (else 404).
    async fn values(state: &AppState, me: &CurrentUser, form: &DepartRoleForm, before: Option<&DepartRoleRecord>) -> Checked {
        let mut values = role_values(&form.role_code, &form.role_name, None, &form.description)?;
        if before.is_none() {
            let depart_id = form.depart_id.trim().to_owned();
            tenant_depart(&state.db, &depart_id, me.tenant_id).await?;
            values.push(("depart_id", depart_id.into()));
        }
        Ok(values)
    }

    async fn after_write(state: &AppState, _: &CurrentUser, written: Written<'_, DepartRoleRecord>) -> Result<(), AppError> {
        match written {
            // A role's name or code grants nothing.
            Written::Edited { .. } => Ok(()),
            other => grants_follow(state, &other).await,
        }
    }
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
pub async fn of_user(Caller(state, me): Caller, ApiQuery(q): ApiQuery<UserDepartQuery>) -> ApiResult<Vec<String>> {
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
pub async fn assign(Caller(state, me): Caller, ApiJson(body): ApiJson<AssignDepartRoles>) -> ApiResult<()> {
    let granted = grants::require(&state, &me, CODE).await?;
    let wanted = split_ids(&body.new_role_id);
    let user = users::find(&state.db, users::Lookup::Id(body.user_id.trim()))
        .await?
        .filter(|u| u.tenant_id == me.tenant_id)
        .ok_or_else(AppError::not_found)?;
    let mut departs = Vec::new();
    for id in &wanted {
        let role = find::<DepartRoles>(&state, &me, id).await?;
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
    saved(&state, &me, "system:depart:role:assign", &user.username, &old, &wanted).await
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

/// What the department holds: the tree its roles are granted from.
#[utoipa::path(get, path = "/sys/sysDepartPermission/queryTreeListForDeptRole", tag = "system", params(DepartQuery),
    responses((status = 200, body = crate::platform::http::Envelope<GrantTree>), (status = 403), (status = 404)))]
pub async fn tree_for_role(Caller(state, me): Caller, ApiQuery(q): ApiQuery<DepartQuery>) -> ApiResult<GrantTree> {
    grants::require(&state, &me, CODE).await?;
    tenant_depart(&state.db, q.depart_id.trim(), me.tenant_id).await?;
    let held = depart_permission_ids(&state.db, q.depart_id.trim()).await?;
    ok(grant_tree(&state, &|p| held.contains(&p.id)).await?)
}

/// A department role's permission ids.
#[utoipa::path(get, path = "/sys/sysDepartPermission/queryDeptRolePermission", tag = "system", params(RoleQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<String>>), (status = 403), (status = 404)))]
pub async fn role_permissions(Caller(state, me): Caller, ApiQuery(q): ApiQuery<RoleQuery>) -> ApiResult<Vec<String>> {
    grants::require(&state, &me, CODE).await?;
    find::<DepartRoles>(&state, &me, q.role_id.trim()).await?;
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
pub async fn save_role_permissions(Caller(state, me): Caller, ApiJson(body): ApiJson<SaveDepartRolePermission>) -> ApiResult<()> {
    let granted = grants::require(&state, &me, CODE).await?;
    let role = find::<DepartRoles>(&state, &me, body.role_id.trim()).await?;
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
    saved(&state, &me, "system:depart:role:authorize", &role.role_code, &current, &requested).await
}

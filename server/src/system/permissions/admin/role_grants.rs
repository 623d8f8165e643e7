//! What a role holds (`queryRolePermission`, `saveRolePermission`).

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::MessageKey;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::queries::{grant_rows, tenant_role};
use crate::platform::db::schema::sys_role_permission;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::{granted_ids, grants};
use crate::with_write;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RoleQuery {
    #[serde(default)]
    pub role_id: String,
}

/// A role's permission ids.
#[utoipa::path(get, path = "/sys/permission/queryRolePermission", tag = "system", params(RoleQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<String>>), (status = 403), (status = 404)))]
pub async fn query_role_permission(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<RoleQuery>,
) -> ApiResult<Vec<String>> {
    grants::require(&state, &me, "system:role:authorize").await?;
    tenant_role(&state.db, q.role_id.trim(), me.tenant_id).await?;
    let mut ids: Vec<String> = granted_ids(&state.db, &[q.role_id.trim().to_owned()]).await?.into_iter().collect();
    ids.sort();
    ok(ids)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveRolePermission {
    #[serde(default)]
    pub role_id: String,
    /// The role's new permission ids, comma-joined.
    #[serde(default)]
    pub permission_ids: String,
    /// The ids the client loaded (informational; the server compares with what is stored).
    #[serde(default)]
    pub lastpermissionids: Option<String>,
}

/// Replaces a role's permissions; only what the caller holds may be added or removed.
#[utoipa::path(post, path = "/sys/permission/saveRolePermission", tag = "system", request_body = SaveRolePermission,
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn save_role_permission(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<SaveRolePermission>,
) -> ApiResult<()> {
    let granted = grants::require(&state, &me, "system:role:authorize").await?;
    let role_id = body.role_id.trim().to_owned();
    let code = tenant_role(&state.db, &role_id, me.tenant_id).await?;
    if code == crate::system::roles::ADMIN {
        // `admin` holds everything by definition; its grants are not edited.
        return Err(AppError::refused(MessageKey::RoleBuiltIn));
    }
    let current: Vec<String> = granted_ids(&state.db, std::slice::from_ref(&role_id)).await?.into_iter().collect();
    let requested = super::checked_grant(&state, &granted, &current, &body.permission_ids, me.tenant_id).await?;
    let removed: Vec<&String> = current.iter().filter(|id| !requested.contains(id)).collect();
    let added: Vec<&String> = requested.iter().filter(|id| !current.contains(id)).collect();
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            diesel::delete(
                sys_role_permission::table
                    .filter(sys_role_permission::role_id.eq(&role_id))
                    .filter(sys_role_permission::permission_id.eq_any(&removed)),
            )
            .execute(tx)
            .await?;
            if !added.is_empty() {
                diesel::insert_into(sys_role_permission::table)
                    .values(grant_rows(&role_id, &added))
                    .into_columns((sys_role_permission::role_id, sys_role_permission::permission_id))
                    .execute(tx)
                    .await?;
            }
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(AppError::from)?;
    });
    super::saved(&state, &me, "system:role:authorize", &role_id, &current, &requested).await
}

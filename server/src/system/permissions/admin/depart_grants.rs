//! What a department holds (`queryDepartPermission`, `saveDepartPermission`): what it may hand
//! out to its department roles.

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::queries::{depart_permission_ids, grant_rows, tenant_depart};
use crate::platform::db::schema::{sys_depart_permission, sys_depart_role, sys_depart_role_permission};
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::with_write;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DepartQuery {
    #[serde(default)]
    pub depart_id: String,
}

/// What a department may hand out to its department roles.
#[utoipa::path(get, path = "/sys/permission/queryDepartPermission", tag = "system", params(DepartQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<String>>), (status = 403), (status = 404)))]
pub async fn query_depart_permission(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<DepartQuery>,
) -> ApiResult<Vec<String>> {
    grants::require(&state, &me, "system:depart:authorize").await?;
    tenant_depart(&state.db, q.depart_id.trim(), me.tenant_id).await?;
    ok(depart_permission_ids(&state.db, q.depart_id.trim()).await?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveDepartPermission {
    #[serde(default)]
    pub depart_id: String,
    #[serde(default)]
    pub permission_ids: String,
    #[serde(default)]
    pub lastpermissionids: Option<String>,
}

/// Replaces a department's permissions; its department roles lose what the department lost.
#[utoipa::path(post, path = "/sys/permission/saveDepartPermission", tag = "system", request_body = SaveDepartPermission,
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn save_depart_permission(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<SaveDepartPermission>,
) -> ApiResult<()> {
    let granted = grants::require(&state, &me, "system:depart:authorize").await?;
    let depart_id = body.depart_id.trim().to_owned();
    tenant_depart(&state.db, &depart_id, me.tenant_id).await?;
    let current = depart_permission_ids(&state.db, &depart_id).await?;
    let requested = super::checked_grant(&state, &granted, &current, &body.permission_ids, me.tenant_id).await?;
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            diesel::delete(sys_depart_permission::table.filter(sys_depart_permission::depart_id.eq(&depart_id)))
                .execute(tx)
                .await?;
            if !requested.is_empty() {
                diesel::insert_into(sys_depart_permission::table)
                    .values(grant_rows(&depart_id, &requested))
                    .into_columns((sys_depart_permission::depart_id, sys_depart_permission::permission_id))
                    .execute(tx)
                    .await?;
            }
            // Department roles keep only what their department still holds.
            let roles = sys_depart_role::table.filter(sys_depart_role::depart_id.eq(&depart_id)).select(sys_depart_role::id);
            diesel::delete(
                sys_depart_role_permission::table
                    .filter(sys_depart_role_permission::role_id.eq_any(roles))
                    .filter(sys_depart_role_permission::permission_id.ne_all(&requested)),
            )
            .execute(tx)
            .await?;
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(AppError::from)?;
    });
    super::saved(&state, &me, "system:depart:authorize", &depart_id, &current, &requested).await
}

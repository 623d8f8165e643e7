//! Freezing, password resets and deleting users (shared with sub-accounts): sessions end at once,
//! and the tenant keeps an active administrator.

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, validate};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use super::queries::{keep_an_admin, one};
use super::{IdQuery, IdsQuery, audit, scope_for};
use crate::platform::db::schema::{sys_user, sys_user_depart, sys_user_role};
use crate::platform::http::page::require_ids;
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, current_lang};
use crate::state::AppState;
use crate::system::auth::{CurrentUser, session};
use crate::system::logs::{self, Operation};
use crate::system::users::scope::{self, Scope};
use crate::system::users::{Lookup, STATUS_FROZEN, STATUS_NORMAL};
use crate::{system::users, with_conn, with_write};

/// Soft-deletes users (and a main account's sub-accounts): their sessions end, their roles and
/// departments go; the usernames stay taken.
pub async fn remove(state: &AppState, me: &CurrentUser, scope: &Scope, ids: &[String], action: &str) -> Result<(), AppError> {
    if ids.contains(&me.user.id) {
        return Err(AppError::refused(MessageKey::NotYourself));
    }
    scope::require_all(&state.db, scope, ids).await?;
    keep_an_admin(&state.db, me.tenant_id, ids).await?;
    let lang = current_lang();
    let mut befores = Vec::new();
    for id in ids {
        befores.push(one(&state.db, scope, id, lang).await?.1);
    }
    let now = chrono::Utc::now().naive_utc();
    let subs: Vec<String> = with_conn!(&state.db, |conn| {
        sys_user::table
            .filter(sys_user::main_account_id.eq_any(ids))
            .filter(sys_user::tenant_id.eq(me.tenant_id))
            .filter(sys_user::del_flag.eq(0))
            .select(sys_user::id)
            .load(conn)
            .await?
    });
    let all: Vec<String> = ids.iter().cloned().chain(subs).collect();
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            diesel::update(sys_user::table.filter(sys_user::id.eq_any(&all)))
                .set((sys_user::del_flag.eq(1), sys_user::status.eq(STATUS_FROZEN), sys_user::update_time.eq(now)))
                .execute(tx)
                .await?;
            diesel::delete(sys_user_role::table.filter(sys_user_role::user_id.eq_any(&all))).execute(tx).await?;
            diesel::delete(sys_user_depart::table.filter(sys_user_depart::user_id.eq_any(&all))).execute(tx).await?;
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(AppError::from)?;
    });
    for id in &all {
        session::revoke_all(&state.db, id, None).await?;
    }
    crate::system::permissions::grants_changed(&state.db).await?;
    for before in befores {
        let op = Operation {
            action,
            target: &before.username,
            operate_type: logs::OP_DELETE,
            before: Some(audit(&before)),
            after: None,
        };
        logs::operation(&state.db, me, op).await;
    }
    Ok(())
}

/// Deletes a user.
#[utoipa::path(delete, path = "/sys/user/delete", tag = "system", params(IdQuery),
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    let (scope, _) = scope_for(&state, &me, "system:user:delete").await?;
    let ids = require_ids(&q.id)?;
    remove(&state, &me, &scope, &ids, "system:user:delete").await?;
    ok_with(MessageKey::Deleted, ())
}

/// Deletes users.
#[utoipa::path(delete, path = "/sys/user/deleteBatch", tag = "system", params(IdsQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete_batch(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdsQuery>) -> ApiResult<()> {
    let (scope, _) = scope_for(&state, &me, "system:user:delete").await?;
    let ids = require_ids(&q.ids)?;
    remove(&state, &me, &scope, &ids, "system:user:delete").await?;
    ok_with(MessageKey::DeletedBatch, ())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct FreezeBody {
    /// Comma-joined user ids.
    #[serde(default)]
    pub ids: String,
    /// 2 freezes, 1 unfreezes (a number or a string).
    #[schema(value_type = String)]
    pub status: serde_json::Value,
}

/// Freezes (ending their sessions) or unfreezes users in a scope.
pub async fn freeze(state: &AppState, me: &CurrentUser, scope: &Scope, body: &FreezeBody, action: &str) -> ApiResult<()> {
    let ids = require_ids(&body.ids)?;
    let status = match &body.status {
        serde_json::Value::Number(n) => n.as_i64(),
        serde_json::Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    let status = match status {
        Some(2) => STATUS_FROZEN,
        Some(1) => STATUS_NORMAL,
        _ => return Err(AppError::field("status", MessageKey::StatusInvalid)),
    };
    if status == STATUS_FROZEN && ids.contains(&me.user.id) {
        return Err(AppError::refused(MessageKey::NotYourself));
    }
    scope::require_all(&state.db, scope, &ids).await?;
    if status == STATUS_FROZEN {
        keep_an_admin(&state.db, me.tenant_id, &ids).await?;
    }
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::update(sys_user::table.filter(sys_user::id.eq_any(&ids)))
            .set((sys_user::status.eq(status), sys_user::update_by.eq(&me.user.username), sys_user::update_time.eq(now)))
            .execute(conn)
            .await?;
    });
    if status == STATUS_FROZEN {
        for id in &ids {
            session::revoke_all(&state.db, id, None).await?;
        }
    }
    for id in &ids {
        let op = Operation {
            action,
            target: id,
            operate_type: logs::OP_OTHER,
            before: None,
            after: Some(json!({"id": id, "status": status})),
        };
        logs::operation(&state.db, me, op).await;
    }
    ok_with(if status == STATUS_FROZEN { MessageKey::Frozen } else { MessageKey::Unfrozen }, ())
}

/// Freezes or unfreezes users; freezing ends their sessions at once.
#[utoipa::path(put, path = "/sys/user/frozenBatch", tag = "system", request_body = FreezeBody,
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn frozen_batch(State(state): State<AppState>, me: CurrentUser, ApiJson(body): ApiJson<FreezeBody>) -> ApiResult<()> {
    let (scope, _) = scope_for(&state, &me, "system:user:freeze").await?;
    freeze(&state, &me, &scope, &body, "system:user:freeze").await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetPassword {
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub password: String,
    pub confirmpassword: Option<String>,
}

/// Sets a user's password (an administrator's reset); the user's sessions end.
pub async fn reset(state: &AppState, me: &CurrentUser, scope: &Scope, body: &ResetPassword, action: &str) -> ApiResult<()> {
    validate::password("password", &body.password)?;
    if body.confirmpassword.as_deref().is_some_and(|c| c != body.password) {
        return Err(AppError::field("confirmpassword", MessageKey::PasswordMismatch));
    }
    let user = users::find(&state.db, Lookup::Username(body.username.trim())).await?.ok_or_else(AppError::not_found)?;
    scope::require_all(&state.db, scope, std::slice::from_ref(&user.id)).await?;
    let hash = users::password::hash(&body.password).await?;
    users::set_password(&state.db, &user.id, &hash).await?;
    session::revoke_all(&state.db, &user.id, None).await?;
    let op = Operation { action, target: &user.username, operate_type: logs::OP_OTHER, before: None, after: None };
    logs::operation(&state.db, me, op).await;
    ok_with(MessageKey::PasswordReset, ())
}

/// An administrator sets a user's password.
#[utoipa::path(put, path = "/sys/user/changePassword", tag = "system", request_body = ResetPassword,
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn change_password(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<ResetPassword>,
) -> ApiResult<()> {
    let (scope, _) = scope_for(&state, &me, "system:user:resetPassword").await?;
    reset(&state, &me, &scope, &body, "system:user:resetPassword").await
}

//! Reading users: the list, one user, a user's roles and departments, a department's users.

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde::Serialize;
use utoipa::ToSchema;

use super::queries::{UserFilter, one, page, role_ids, with_depart_names};
use super::{IdQuery, LIST, UserIdQuery, scope_for};
use crate::platform::db::schema::{sys_user, sys_user_depart};
use crate::platform::http::{ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::users::scope;
use crate::system::users::{User, UserInfo};
use crate::with_conn;

/// The tenant's users: search, paging, sorting; only the rows the caller's data rules allow.
#[utoipa::path(get, path = "/sys/user/list", tag = "system", params(UserFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<UserInfo>>), (status = 400), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<UserFilter>,
) -> ApiResult<Page<UserInfo>> {
    let (scope, _) = scope_for(&state, &me, LIST).await?;
    ok(page(&state.db, &scope, &f, current_lang()).await?)
}

/// One user.
#[utoipa::path(get, path = "/sys/user/queryById", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<UserInfo>), (status = 403), (status = 404)))]
pub async fn query_by_id(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<UserInfo> {
    let (scope, _) = scope_for(&state, &me, LIST).await?;
    ok(one(&state.db, &scope, q.id.trim(), current_lang()).await?.1)
}

/// A user's role ids.
#[utoipa::path(get, path = "/sys/user/queryUserRole", tag = "system", params(UserIdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<String>>), (status = 403), (status = 404)))]
pub async fn query_user_role(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<UserIdQuery>,
) -> ApiResult<Vec<String>> {
    let (scope, _) = scope_for(&state, &me, LIST).await?;
    scope::require_all(&state.db, &scope, std::slice::from_ref(&q.userid)).await?;
    ok(role_ids(&state.db, &q.userid).await?)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TreeOption {
    pub key: String,
    pub value: String,
    pub title: String,
}

/// A user's departments as `{key, value, title}`.
#[utoipa::path(get, path = "/sys/user/userDepartList", tag = "system", params(UserIdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<TreeOption>>), (status = 403), (status = 404)))]
pub async fn user_depart_list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<UserIdQuery>,
) -> ApiResult<Vec<TreeOption>> {
    let (scope, _) = scope_for(&state, &me, LIST).await?;
    scope::require_all(&state.db, &scope, std::slice::from_ref(&q.userid)).await?;
    let departs = crate::system::departs::of_user(&state.db, &q.userid, current_lang()).await?;
    ok(departs.into_iter().map(|d| TreeOption { key: d.id.clone(), value: d.id, title: d.depart_name }).collect())
}

/// The users of a department (within the caller's scope).
#[utoipa::path(get, path = "/sys/user/queryUserByDepId", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<UserInfo>>), (status = 403), (status = 404)))]
pub async fn query_user_by_dep_id(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<Vec<UserInfo>> {
    let (scope, _) = scope_for(&state, &me, LIST).await?;
    let depart_id = q.id.trim().to_owned();
    if crate::system::departs::org_code_of(&state.db, &depart_id, me.tenant_id).await?.is_none() {
        return Err(AppError::not_found());
    }
    let rows: Vec<User> =
        with_conn!(&state.db, |conn| {
            crate::scoped_users!(&scope)
                .filter(sys_user::id.eq_any(
                    sys_user_depart::table.filter(sys_user_depart::dep_id.eq(&depart_id)).select(sys_user_depart::user_id),
                ))
                .order(sys_user::username.asc())
                .limit(crate::platform::http::page::MAX_PAGE_SIZE)
                .select(User::as_select())
                .load(conn)
                .await?
        });
    ok(with_depart_names(&state.db, rows, current_lang()).await?)
}

//! Sub-accounts (`/erp/user/sub/*`): a customer's main account manages its own logins. A
//! sub-account's rights are the permissions its main account picks for it, always intersected
//! with what the main account holds now (see `permissions::grants`); a main account never sees
//! another customer's users.

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::MessageKey;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::admin::IdQuery;
use super::admin::form::{UserForm, credentials, profile, username_free};
use super::admin::queries::{UserFilter, page, with_depart_names};
use super::admin::status::{FreezeBody, freeze, remove};
use super::scope::{self, Scope};
use super::{Lookup, STATUS_NORMAL, UserInfo, UserKind};
use crate::platform::db::schema::{sys_user, sys_user_permission};
use crate::platform::db::{Db, DbResult};
use crate::platform::http::page::{require_ids, split_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::admin::queries::grant_rows;
use crate::system::permissions::admin::trees::{TreeNode, tree_nodes};
use crate::system::permissions::granted::Grants;
use crate::system::permissions::grants;
use crate::{system::users, with_write};

/// The caller must be a main account holding `code`; the scope is its own sub-accounts.
async fn scope_for(state: &AppState, me: &CurrentUser, code: &str) -> Result<(Scope, std::sync::Arc<Grants>), AppError> {
    if me.user.user_kind != UserKind::Customer.as_str() {
        return Err(AppError::refused(MessageKey::MainAccountOnly));
    }
    let granted = grants::require(state, me, code).await?;
    Ok((Scope { tenant_id: me.tenant_id, main_account: Some(me.user.id.clone()), rules: Vec::new() }, granted))
}

/// Replaces a sub-account's own grants.
pub async fn set_permissions(db: &Db, user_id: &str, ids: &[impl AsRef<str> + Sync]) -> DbResult<()> {
    with_write!(db, |conn| {
        conn.transaction(async |tx| {
            diesel::delete(sys_user_permission::table.filter(sys_user_permission::user_id.eq(user_id))).execute(tx).await?;
            if !ids.is_empty() {
                diesel::insert_into(sys_user_permission::table)
                    .values(grant_rows(user_id, ids))
                    .into_columns((sys_user_permission::user_id, sys_user_permission::permission_id))
                    .execute(tx)
                    .await?;
            }
            Ok::<(), diesel::result::Error>(())
        })
        .await?;
    });
    crate::system::permissions::grants_changed(db).await?;
    Ok(())
}

/// What a main account may hand out: what it holds, except managing sub-accounts.
fn grantable(granted: &Grants, all: &[crate::system::permissions::Permission]) -> Vec<String> {
    all.iter()
        .filter(|p| granted.holds(&p.id))
        .filter(|p| p.perms.as_deref().is_none_or(|c| !c.starts_with("erp:user:sub")))
        .map(|p| p.id.clone())
        .collect()
}

async fn checked_permissions(state: &AppState, granted: &Grants, text: &str) -> Result<Vec<String>, AppError> {
    let wanted = split_ids(text);
    let versions = grants::versions(&state.db).await?;
    let all = grants::everything(state, &versions).await?;
    let allowed = grantable(granted, &all);
    if wanted.iter().any(|id| !allowed.contains(id)) {
        return Err(AppError::refused(MessageKey::NotGrantable));
    }
    Ok(wanted)
}

/// The main account's sub-accounts.
#[utoipa::path(get, path = "/erp/user/sub/list", tag = "system", params(UserFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<UserInfo>>), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<UserFilter>,
) -> ApiResult<Page<UserInfo>> {
    let (scope, _) = scope_for(&state, &me, "erp:user:sub:list").await?;
    if f.depart_id.is_some() {
        return Err(AppError::not_found());
    }
    ok(page(&state.db, &scope, &f, current_lang()).await?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubForm {
    #[serde(flatten)]
    pub user: UserForm,
    /// Permission ids, comma-joined (replaces the sub-account's when present).
    pub permission_ids: Option<String>,
}

async fn one(state: &AppState, scope: &Scope, id: &str) -> Result<UserInfo, AppError> {
    scope::require_all(&state.db, scope, &[id.to_owned()]).await?;
    let user = users::find(&state.db, Lookup::Id(id)).await?.ok_or_else(AppError::not_found)?;
    with_depart_names(&state.db, vec![user], current_lang()).await?.pop().ok_or_else(AppError::not_found)
}

/// Adds a sub-account under the signed-in main account.
#[utoipa::path(post, path = "/erp/user/sub/add", tag = "system", request_body = SubForm,
    responses((status = 200, body = crate::platform::http::Envelope<UserInfo>), (status = 400), (status = 403), (status = 409)))]
pub async fn add(State(state): State<AppState>, me: CurrentUser, ApiJson(form): ApiJson<SubForm>) -> ApiResult<UserInfo> {
    let (scope, granted) = scope_for(&state, &me, "erp:user:sub:add").await?;
    let (username, password) = credentials(&form.user)?;
    username_free(&state.db, &username).await?;
    let p = profile(&state.db, &form.user, None).await?;
    let permissions = checked_permissions(&state, &granted, form.permission_ids.as_deref().unwrap_or("")).await?;
    let hash = super::password::hash(&password).await?;
    let id = crate::platform::secrets::new_id();
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::insert_into(sys_user::table)
            .values((
                sys_user::id.eq(&id),
                sys_user::username.eq(&username),
                sys_user::realname.eq(&p.realname),
                sys_user::password.eq(&hash),
                sys_user::avatar.eq(&p.avatar),
                sys_user::sex.eq(p.sex),
                sys_user::email.eq(&p.email),
                sys_user::phone.eq(&p.phone),
                sys_user::status.eq(STATUS_NORMAL),
                sys_user::del_flag.eq(0),
                sys_user::user_kind.eq(UserKind::SubAccount.as_str()),
                sys_user::main_account_id.eq(&me.user.id),
                sys_user::tenant_id.eq(me.tenant_id),
                sys_user::create_by.eq(&me.user.username),
                sys_user::create_time.eq(now),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "username", MessageKey::UsernameTaken))?;
    });
    set_permissions(&state.db, &id, &permissions).await?;
    let info = one(&state, &scope, &id).await?;
    logs::added(&state.db, &me, "erp:user:sub:add", &username, &json!({"user": info, "permissionIds": permissions})).await;
    ok_with(MessageKey::Added, info)
}

/// Changes a sub-account's profile and permissions.
#[utoipa::path(put, path = "/erp/user/sub/edit", tag = "system", request_body = SubForm,
    responses((status = 200, body = crate::platform::http::Envelope<UserInfo>), (status = 400), (status = 403), (status = 404)))]
pub async fn edit(State(state): State<AppState>, me: CurrentUser, ApiJson(form): ApiJson<SubForm>) -> ApiResult<UserInfo> {
    let (scope, granted) = scope_for(&state, &me, "erp:user:sub:edit").await?;
    let id = form.user.id.as_deref().unwrap_or("").trim().to_owned();
    let before = one(&state, &scope, &id).await?;
    let p = profile(&state.db, &form.user, Some(&id)).await?;
    let permissions = match form.permission_ids.as_deref() {
        Some(text) => Some(checked_permissions(&state, &granted, text).await?),
        None => None,
    };
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::update(sys_user::table.filter(sys_user::id.eq(&id)))
            .set((
                sys_user::realname.eq(&p.realname),
                sys_user::avatar.eq(&p.avatar),
                sys_user::sex.eq(p.sex),
                sys_user::email.eq(&p.email),
                sys_user::phone.eq(&p.phone),
                sys_user::update_by.eq(&me.user.username),
                sys_user::update_time.eq(now),
            ))
            .execute(conn)
            .await?;
    });
    if let Some(permissions) = &permissions {
        set_permissions(&state.db, &id, permissions).await?;
    }
    let after = one(&state, &scope, &id).await?;
    logs::edited(
        &state.db,
        &me,
        "erp:user:sub:edit",
        &after.username,
        &before,
        &json!({"user": after, "permissionIds": permissions}),
    )
    .await;
    ok_with(MessageKey::Edited, after)
}

/// Freezes or unfreezes the main account's sub-accounts.
#[utoipa::path(put, path = "/erp/user/sub/frozenBatch", tag = "system", request_body = FreezeBody,
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn frozen_batch(State(state): State<AppState>, me: CurrentUser, ApiJson(body): ApiJson<FreezeBody>) -> ApiResult<()> {
    let (scope, _) = scope_for(&state, &me, "erp:user:sub:freeze").await?;
    freeze(&state, &me, &scope, &body, "erp:user:sub:freeze").await
}

/// Deletes one of the main account's sub-accounts.
#[utoipa::path(delete, path = "/erp/user/sub/delete", tag = "system", params(IdQuery),
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    let (scope, _) = scope_for(&state, &me, "erp:user:sub:delete").await?;
    let ids = require_ids(&q.id)?;
    remove(&state, &me, &scope, &ids, "erp:user:sub:delete").await?;
    ok_with(MessageKey::Deleted, ())
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TreeQuery {
    pub user_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubPermissionTree {
    pub tree_list: Vec<TreeNode>,
    /// Every id in the tree.
    pub ids: Vec<String>,
    /// The sub-account's current grants (within the tree).
    pub checked: Vec<String>,
}

/// What the main account may give its sub-accounts, and what `userId` has.
#[utoipa::path(get, path = "/erp/user/sub/permissionTree", tag = "system", params(TreeQuery),
    responses((status = 200, body = crate::platform::http::Envelope<SubPermissionTree>), (status = 403), (status = 404)))]
pub async fn permission_tree(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<TreeQuery>,
) -> ApiResult<SubPermissionTree> {
    let (scope, granted) = scope_for(&state, &me, "erp:user:sub:list").await?;
    let versions = grants::versions(&state.db).await?;
    let all = grants::everything(&state, &versions).await?;
    let ids = grantable(&granted, &all);
    let checked = match crate::platform::http::page::filter(&q.user_id) {
        Some(user_id) => {
            scope::require_all(&state.db, &scope, std::slice::from_ref(&user_id)).await?;
            let own = grants::user_grants(&state.db, &user_id).await?;
            ids.iter().filter(|id| own.contains(*id)).cloned().collect()
        }
        None => Vec::new(),
    };
    let tree_list = tree_nodes(&all, &|p| ids.contains(&p.id), current_lang());
    ok(SubPermissionTree { tree_list, ids, checked })
}

//! Menu administration (`/sys/permission/*`, platform only: menus are the platform's) and the
//! grant calls of roles and departments. A grant may only move what its maker holds. One file per
//! concern: `trees` (what a grantor may grant, as trees), `role_grants` and `depart_grants` (what
//! roles and departments hold), `menus` (reading the menus) and `menu_form` (changing them); their
//! database reads in `queries`; what every grant call shares here.

pub mod depart_grants;
pub mod menu_form;
pub mod menus;
pub mod queries;
pub mod role_grants;
pub mod trees;

use std::collections::HashSet;

use logistics_core::MessageKey;
use serde_json::json;

use super::granted::{Grants, visible_to};
use crate::platform::http::page::split_ids;
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiResult, AppError};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs::{self, Operation};

/// Checks `requested` against the permissions that exist and what the caller holds (relative to
/// `current`); returns the requested ids.
pub(crate) async fn checked_grant(
    state: &AppState,
    granted: &Grants,
    current: &[String],
    requested: &str,
    tenant_id: i32,
) -> Result<Vec<String>, AppError> {
    let requested = split_ids(requested);
    let all = queries::everything(state).await?;
    let known: HashSet<&str> = all.iter().filter(|p| visible_to(p, tenant_id)).map(|p| p.id.as_str()).collect();
    if requested.iter().any(|id| !known.contains(id.as_str())) {
        return Err(AppError::not_found());
    }
    let held: Vec<String> = granted.ids.iter().cloned().collect();
    if !logistics_core::permission::ungrantable(current, &requested, &held).is_empty() {
        return Err(AppError::refused(MessageKey::NotGrantable));
    }
    Ok(requested)
}

/// A grant change is saved: every cached grant is stale, and the log keeps what was held before
/// and after.
pub(crate) async fn saved(
    state: &AppState,
    me: &CurrentUser,
    action: &str,
    target: &str,
    before: &[String],
    after: &[String],
) -> ApiResult<()> {
    super::grants_changed(&state.db).await?;
    let op = Operation { action, target, operate_type: logs::OP_OTHER, before: Some(json!(before)), after: Some(json!(after)) };
    logs::operation(&state.db, me, op).await;
    ok_with(MessageKey::Saved, ())
}

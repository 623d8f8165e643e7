//! User administration (`/sys/user/*`): the tenant's users with search, paging and sorting;
//! add, edit, freeze, password reset and delete, each within the caller's scope (tenant and data
//! rules), each refused when it would leave the tenant without an active administrator, and each
//! written to the operation log with the before and after values. One file per concern: `reads`
//! (the list and what a user holds), `form` (add and edit), `status` (freeze, password reset,
//! delete); their database reads in `queries`. Sub-accounts (`sub`) share them.

pub mod form;
pub mod queries;
pub mod reads;
pub mod status;

use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;

use super::UserInfo;
use super::scope::Scope;
use crate::platform::http::AppError;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::data_rules;
use crate::system::permissions::granted::Grants;
use crate::system::permissions::grants;

pub const LIST: &str = "system:user:list";

/// The caller's scope on the users page (tenant + data rules), after checking `code`.
async fn scope_for(state: &AppState, me: &CurrentUser, code: &str) -> Result<(Scope, std::sync::Arc<Grants>), AppError> {
    let granted = grants::require(state, me, code).await?;
    let rules = data_rules::for_menu(state, me, &granted, LIST).await?;
    Ok((Scope { tenant_id: me.tenant_id, main_account: None, rules }, granted))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    #[serde(default)]
    pub id: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdsQuery {
    #[serde(default)]
    pub ids: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserIdQuery {
    #[serde(default, alias = "userId")]
    pub userid: String,
}

/// A user as the operation log keeps it.
fn audit(info: &UserInfo) -> serde_json::Value {
    json!(info)
}

//! The signed-in user's departments: the list with the current one, and switching department.

use axum::extract::State;
use logistics_core::MessageKey;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{DepartInfo, of_user};
use crate::platform::http::{ApiJson, ApiResult, AppError, current_lang, ok, reply::ok_with};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::users;
use crate::system::users::UserInfo;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrentDeparts {
    pub list: Vec<DepartInfo>,
    /// The current department.
    pub org_code: Option<String>,
}

/// The signed-in user's departments and the current one.
#[utoipa::path(get, path = "/sys/user/getCurrentUserDeparts", tag = "auth",
    responses((status = 200, body = crate::platform::http::Envelope<CurrentDeparts>), (status = 401)))]
pub async fn current(State(state): State<AppState>, me: CurrentUser) -> ApiResult<CurrentDeparts> {
    let list = of_user(&state.db, &me.user.id, current_lang()).await?;
    ok(CurrentDeparts { list, org_code: me.user.org_code.clone() })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SelectDepart {
    #[serde(default)]
    pub org_code: String,
    #[serde(default)]
    pub username: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SelectedDepart {
    pub user_info: UserInfo,
}

/// Switches the signed-in user's current department to one of their own.
#[utoipa::path(post, path = "/sys/selectDepart", tag = "auth", request_body = SelectDepart,
    responses((status = 200, body = crate::platform::http::Envelope<SelectedDepart>), (status = 400), (status = 403)))]
pub async fn select(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<SelectDepart>,
) -> ApiResult<SelectedDepart> {
    if body.org_code.trim().is_empty() {
        return Err(AppError::field("orgCode", MessageKey::DepartRequired));
    }
    if !body.username.is_empty() && body.username != me.user.username {
        return Err(AppError::forbidden());
    }
    let departs = of_user(&state.db, &me.user.id, current_lang()).await?;
    let Some(chosen) = departs.iter().find(|d| d.org_code == body.org_code.trim()) else {
        return Err(AppError::forbidden());
    };
    users::set_org_code(&state.db, &me.user.id, &chosen.org_code).await?;
    let mut user = me.user.clone();
    user.org_code = Some(chosen.org_code.clone());
    ok_with(MessageKey::DepartSwitched, SelectedDepart { user_info: user.info(Some(chosen.depart_name.clone())) })
}

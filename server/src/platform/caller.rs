//! `Caller(state, me)`: the application's state and the signed-in user, which nearly every handler
//! takes, as one extractor (401 without a session, as [`CurrentUser`] answers). Not part of the
//! HTTP machinery, which knows no signed-in user.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use crate::platform::http::AppError;
use crate::state::AppState;
use crate::system::auth::CurrentUser;

pub struct Caller(pub AppState, pub CurrentUser);

impl FromRequestParts<AppState> for Caller {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(Caller(state.clone(), CurrentUser::from_request_parts(parts, state).await?))
    }
}

//! The signed-in user of a request. Handlers that need one take [`CurrentUser`]; the extractor
//! checks the token, its session, the user's state and the `tenant-id` header, in that order.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use logistics_core::MessageKey;

use super::session;
use crate::platform::http::AppError;
use crate::state::AppState;
use crate::system::users::User;

pub const TOKEN_HEADER: &str = "x-access-token";
pub const TENANT_HEADER: &str = "tenant-id";

#[derive(Clone, Debug)]
pub struct CurrentUser {
    pub user: User,
    pub session_id: String,
    /// The tenant every query of this request is scoped to.
    pub tenant_id: i32,
    /// The client's address, for the operation log.
    pub ip: String,
}

/// The token from the `X-Access-Token` header, or the `token` query parameter (downloads and
/// websockets cannot set headers).
pub fn token_of(parts: &Parts) -> Option<String> {
    let header = parts.headers.get(TOKEN_HEADER).and_then(|v| v.to_str().ok()).map(str::trim).filter(|t| !t.is_empty());
    header.map(str::to_owned).or_else(|| {
        parts.uri.query()?.split('&').find_map(|pair| pair.strip_prefix("token=")).filter(|t| !t.is_empty()).map(str::to_owned)
    })
}

/// The live session a token names and its user; 401 for a bad, expired or revoked token or a
/// frozen user.
pub async fn authenticate(state: &AppState, token: &str) -> Result<(session::Session, User), AppError> {
    let claims = state.keys.decode(token).ok_or_else(expired)?;
    // Read before the query: a write racing it leaves the entry unusable (see `auth::cache`).
    let writes = state.db.writes();
    let (session, user) = match state.sessions.session(&claims.sid, writes) {
        Some(known) => known,
        None => {
            let (session, user) = session::find_active(&state.db, &claims.sid).await?.ok_or_else(expired)?;
            state.sessions.keep(session.clone(), user.clone(), writes);
            (session, user)
        }
    };
    if session.user_id != claims.sub || user.is_frozen() {
        return Err(expired());
    }
    Ok((session, user))
}

fn expired() -> AppError {
    AppError::unauthorized(MessageKey::TokenExpired)
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = token_of(parts).ok_or_else(|| AppError::unauthorized(MessageKey::Unauthorized))?;
        let (session, user) = authenticate(state, &token).await?;
        let requested = parts.headers.get(TENANT_HEADER).and_then(|v| v.to_str().ok()).map(str::trim).unwrap_or("");
        let tenant_id = match requested {
            "" | "0" => user.tenant_id,
            text => match text.parse::<i32>() {
                Ok(id) if id == user.tenant_id => id,
                _ => return Err(AppError::forbidden()),
            },
        };
        let ip = match super::ClientMeta::from_request_parts(parts, state).await {
            Ok(meta) => meta.ip,
            Err(never) => match never {},
        };
        Ok(CurrentUser { user, session_id: session.id, tenant_id, ip })
    }
}

//! Liveness and readiness probes for load balancers and orchestrators.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::http::{ApiResult, AppError, ok};
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `UP` when answering.
    pub status: &'static str,
    pub version: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Readiness {
    pub status: &'static str,
    /// `sqlite` or `postgres`.
    pub database: &'static str,
}

/// The process answers. Touches nothing else, so it stays fast under load.
#[utoipa::path(get, path = "/health", tag = "health",
    responses((status = 200, description = "The server is up", body = crate::platform::http::Envelope<Health>)))]
pub async fn live() -> ApiResult<Health> {
    ok(Health { status: "UP", version: env!("CARGO_PKG_VERSION") })
}

/// The database answers too: 503 when it does not.
#[utoipa::path(get, path = "/health/ready", tag = "health",
    responses(
        (status = 200, description = "Ready to serve", body = crate::platform::http::Envelope<Readiness>),
        (status = 503, description = "The database is unreachable")))]
pub async fn ready(State(state): State<AppState>) -> ApiResult<Readiness> {
    state.db.ping().await.map_err(AppError::unavailable)?;
    ok(Readiness { status: "UP", database: state.db.backend_name() })
}

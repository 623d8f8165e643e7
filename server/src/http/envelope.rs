//! The JeecgBoot response envelope `{success, message, code, result, timestamp}` that every JSON
//! answer wears, so JeecgBoot-style clients work unchanged.

use axum::Json;
use logistics_core::MessageKey;
use serde::Serialize;
use utoipa::ToSchema;

use super::error::AppError;
use super::lang::current_lang;

#[derive(Debug, Serialize, ToSchema)]
pub struct Envelope<T> {
    pub success: bool,
    /// Localized for the request's language.
    pub message: String,
    /// The HTTP status (200 on success, as JeecgBoot's login check expects).
    pub code: u16,
    pub result: T,
    /// Milliseconds since the Unix epoch.
    pub timestamp: i64,
}

/// What a handler returns: the envelope, or an error that becomes one.
pub type ApiResult<T> = Result<Json<Envelope<T>>, AppError>;

pub fn now_millis() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// A successful answer with the catalogue's generic success message.
pub fn ok<T: Serialize>(result: T) -> ApiResult<T> {
    ok_with(MessageKey::Ok, result)
}

/// A successful answer with a specific message.
pub fn ok_with<T: Serialize>(message: MessageKey, result: T) -> ApiResult<T> {
    Ok(Json(Envelope {
        success: true,
        message: message.template(current_lang()).to_owned(),
        code: 200,
        result,
        timestamp: now_millis(),
    }))
}

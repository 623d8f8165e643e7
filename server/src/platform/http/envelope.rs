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

/// A successful answer whose `result` is JSON text already (a cached answer): the envelope is
/// written around it without parsing or re-encoding it.
pub fn ok_json(result_json: &str) -> axum::response::Response {
    use axum::response::IntoResponse;
    let message = serde_json::to_string(MessageKey::Ok.template(current_lang())).unwrap_or_else(|_| "\"\"".to_owned());
    let mut body = String::with_capacity(result_json.len() + 128);
    body.push_str("{\"success\":true,\"message\":");
    body.push_str(&message);
    body.push_str(",\"code\":200,\"result\":");
    body.push_str(result_json);
    body.push_str(",\"timestamp\":");
    body.push_str(&now_millis().to_string());
    body.push('}');
    ([(axum::http::header::CONTENT_TYPE, "application/json")], body).into_response()
}

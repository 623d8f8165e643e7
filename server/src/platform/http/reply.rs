//! What a handler answers: the envelope with a success message in the request's language, or an
//! [`AppError`] that becomes one.

use axum::Json;
use logistics_core::MessageKey;
use serde::Serialize;

use super::envelope::{Envelope, now_millis};
use super::error::AppError;
use super::lang::current_lang;

/// What a handler returns: the envelope, or an error that becomes one.
pub type ApiResult<T> = Result<Json<Envelope<T>>, AppError>;

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

/// A file to save (`Content-Disposition: attachment`), never cached: carrier files carry addresses.
pub fn attachment(
    content_type: &'static str,
    filename: &str,
    body: impl Into<axum::body::Body>,
) -> Result<axum::response::Response, AppError> {
    use axum::http::{HeaderValue, header};
    use axum::response::IntoResponse;
    let disposition = format!("attachment; filename=\"{filename}\"");
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CONTENT_DISPOSITION, HeaderValue::from_str(&disposition).map_err(AppError::internal)?),
            (header::CACHE_CONTROL, HeaderValue::from_static("private, no-store")),
        ],
        body.into(),
    )
        .into_response())
}

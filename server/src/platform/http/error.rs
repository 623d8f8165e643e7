//! The one error type handlers return. Each constructor says when to use it; each maps to one HTTP
//! status and one catalogue message, rendered in the request's language inside the envelope. The
//! cause of a server-side failure is logged, never shown.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use logistics_core::{FieldError, MessageKey};
use serde_json::json;

use super::envelope::{Envelope, now_millis};
use super::lang::current_lang;

/// Marks a response whose body is already an envelope, so the language middleware leaves it be.
#[derive(Clone, Copy, Debug)]
pub struct Enveloped;

#[derive(Debug)]
pub struct AppError {
    pub status: StatusCode,
    pub error: FieldError,
    /// What went wrong inside, for the log only.
    pub cause: Option<String>,
}

impl AppError {
    fn new(status: StatusCode, key: MessageKey) -> Self {
        AppError { status, error: FieldError::new("", key), cause: None }
    }

    /// 400: a field broke a rule of core; the body names the field and the message key.
    pub fn invalid(error: FieldError) -> Self {
        AppError { status: StatusCode::BAD_REQUEST, error, cause: None }
    }

    /// 400: the request as a whole is malformed (wrong shape, unreadable body).
    pub fn bad_request(key: MessageKey) -> Self {
        Self::new(StatusCode::BAD_REQUEST, key)
    }

    /// 401: no valid session. `TokenExpired` tells the web to show its "login expired" dialog.
    pub fn unauthorized(key: MessageKey) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, key)
    }

    /// 403: signed in, but not allowed (permission, tenant).
    pub fn forbidden() -> Self {
        Self::new(StatusCode::FORBIDDEN, MessageKey::Forbidden)
    }

    /// 403 with its own reason (an action only the other side may take).
    pub fn forbidden_with(key: MessageKey) -> Self {
        Self::new(StatusCode::FORBIDDEN, key)
    }

    /// 404: no such thing, or a thing of another tenant or customer (never tell which).
    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, MessageKey::NotFound)
    }

    /// 404 in the words of the call it answers (JeecgBoot's "实体不存在").
    pub fn not_found_with(key: MessageKey) -> Self {
        Self::new(StatusCode::NOT_FOUND, key)
    }

    /// 405: the path exists, the method does not.
    pub fn method_not_allowed() -> Self {
        Self::new(StatusCode::METHOD_NOT_ALLOWED, MessageKey::MethodNotAllowed)
    }

    /// 409: a uniqueness or version conflict.
    pub fn conflict(key: MessageKey) -> Self {
        Self::new(StatusCode::CONFLICT, key)
    }

    /// 413: the body is over the limit.
    pub fn payload_too_large() -> Self {
        Self::new(StatusCode::PAYLOAD_TOO_LARGE, MessageKey::PayloadTooLarge)
    }

    /// 413 with a specific message (an upload over its purpose's limit).
    pub fn payload_too_large_with(key: MessageKey) -> Self {
        Self::new(StatusCode::PAYLOAD_TOO_LARGE, key)
    }

    /// 429: a rate limit was hit.
    pub fn too_many_requests() -> Self {
        Self::new(StatusCode::TOO_MANY_REQUESTS, MessageKey::TooManyRequests)
    }

    /// 429 with a specific message (a locked account, an SMS asked for too soon).
    pub fn too_many(key: MessageKey) -> Self {
        Self::new(StatusCode::TOO_MANY_REQUESTS, key)
    }

    /// 400 naming a field and a message, for rules the server checks against stored data.
    pub fn field(field: &str, key: MessageKey) -> Self {
        AppError::invalid(FieldError::new(field, key))
    }

    /// 409 naming the field whose value is taken.
    pub fn taken(field: &str, key: MessageKey) -> Self {
        AppError { status: StatusCode::CONFLICT, error: FieldError::new(field, key), cause: None }
    }

    /// 403 with a specific message (a frozen account).
    pub fn refused(key: MessageKey) -> Self {
        Self::new(StatusCode::FORBIDDEN, key)
    }

    /// 500: a bug or an unexpected failure; `cause` goes to the log.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        AppError { cause: Some(cause.to_string()), ..Self::new(StatusCode::INTERNAL_SERVER_ERROR, MessageKey::InternalError) }
    }

    /// 503: a dependency (database, Redis) is unreachable; the client may retry.
    pub fn unavailable(cause: impl std::fmt::Display) -> Self {
        AppError { cause: Some(cause.to_string()), ..Self::new(StatusCode::SERVICE_UNAVAILABLE, MessageKey::ServiceUnavailable) }
    }

    /// Adds a placeholder value to the message.
    pub fn with(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.error = self.error.with(name, value);
        self
    }
}

impl From<FieldError> for AppError {
    fn from(error: FieldError) -> Self {
        AppError::invalid(error)
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(error: diesel::result::Error) -> Self {
        use diesel::result::{DatabaseErrorKind, Error};
        match error {
            Error::NotFound => AppError::not_found(),
            Error::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => AppError::conflict(MessageKey::Conflict),
            other => AppError::internal(other),
        }
    }
}

impl AppError {
    /// A failed statement, with a unique-key violation told as "`field` is taken" (someone took
    /// the value between the check and the write).
    pub fn or_taken(error: diesel::result::Error, field: &str, key: MessageKey) -> AppError {
        match AppError::from(error) {
            conflict if conflict.status == StatusCode::CONFLICT => AppError::taken(field, key),
            other => other,
        }
    }
}

impl From<crate::platform::db::DbError> for AppError {
    fn from(error: crate::platform::db::DbError) -> Self {
        match error {
            crate::platform::db::DbError::Pool(e) => AppError::unavailable(e),
            crate::platform::db::DbError::Query(e) => AppError::from(e),
        }
    }
}

impl From<String> for AppError {
    /// Failures described in a sentence (the random source, a hash) are server-side bugs or outages.
    fn from(cause: String) -> Self {
        AppError::internal(cause)
    }
}

impl From<crate::platform::db::PoolError> for AppError {
    fn from(error: crate::platform::db::PoolError) -> Self {
        AppError::unavailable(error)
    }
}

/// The error body in the user's language for a status and message key.
pub fn error_response(status: StatusCode, error: &FieldError) -> Response {
    let lang = current_lang();
    let mut result = json!({ "key": error.key.key() });
    if !error.field.is_empty() {
        result["field"] = json!(error.field);
    }
    let body = Envelope { success: false, message: error.message(lang), code: status.as_u16(), result, timestamp: now_millis() };
    let mut response = (status, Json(body)).into_response();
    response.extensions_mut().insert(Enveloped);
    response
}

/// A 400 whose `result` carries more than one field (an import's bad rows), message localized.
pub fn bad_request_with(message: String, result: serde_json::Value) -> Response {
    let body = Envelope { success: false, message, code: 400, result, timestamp: now_millis() };
    let mut response = (StatusCode::BAD_REQUEST, Json(body)).into_response();
    response.extensions_mut().insert(Enveloped);
    response
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        if let Some(cause) = &self.cause {
            if self.status.is_server_error() {
                tracing::error!(status = self.status.as_u16(), cause = %cause, "request failed");
            } else {
                tracing::warn!(status = self.status.as_u16(), cause = %cause, "request refused");
            }
        }
        let mut response = error_response(self.status, &self.error);
        // A throttle says when the client may call again.
        if self.status == StatusCode::TOO_MANY_REQUESTS
            && let Some((_, seconds)) = self.error.args.iter().find(|(name, _)| *name == "seconds")
            && let Ok(value) = axum::http::HeaderValue::from_str(seconds)
        {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, value);
        }
        response
    }
}

/// The catalogue message for a bare status that some layer produced without a body we wrote.
pub fn key_for_status(status: StatusCode) -> MessageKey {
    match status {
        StatusCode::UNAUTHORIZED => MessageKey::Unauthorized,
        StatusCode::FORBIDDEN => MessageKey::Forbidden,
        StatusCode::NOT_FOUND => MessageKey::NotFound,
        StatusCode::METHOD_NOT_ALLOWED => MessageKey::MethodNotAllowed,
        StatusCode::CONFLICT => MessageKey::Conflict,
        StatusCode::PAYLOAD_TOO_LARGE => MessageKey::PayloadTooLarge,
        StatusCode::TOO_MANY_REQUESTS => MessageKey::TooManyRequests,
        StatusCode::SERVICE_UNAVAILABLE => MessageKey::ServiceUnavailable,
        StatusCode::GATEWAY_TIMEOUT | StatusCode::REQUEST_TIMEOUT => MessageKey::GatewayTimeout,
        s if s.is_server_error() => MessageKey::InternalError,
        _ => MessageKey::BadRequest,
    }
}

//! The JeecgBoot response envelope `{success, message, code, result, timestamp}` that every JSON
//! answer wears, so JeecgBoot-style clients work unchanged.

use serde::Serialize;
use utoipa::ToSchema;

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

pub fn now_millis() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

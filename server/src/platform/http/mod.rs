//! What every endpoint shares: the response envelope, the one error type, the request's language,
//! the JSON extractor, the middleware stack and the web app's static files.

/// Where the API is served: every call's path starts with it (the OpenAPI document's server URL).
pub const BASE_PATH: &str = "/boot";

pub mod envelope;
pub mod error;
pub mod json;
pub mod lang;
pub mod middleware;
pub mod page;
pub mod query;
pub mod reply;
pub mod time;
pub mod upload;
pub mod web;

pub use envelope::Envelope;
pub use error::AppError;
pub use json::{Amount, ApiJson};
pub use lang::current_lang;
pub use page::{Page, PageParams};
pub use query::ApiQuery;
pub use reply::{ApiResult, attachment, ok};

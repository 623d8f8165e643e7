//! What every endpoint shares: the response envelope, the one error type, the request's language,
//! the JSON extractor, the middleware stack and the web app's static files.

pub mod envelope;
pub mod error;
pub mod json;
pub mod lang;
pub mod middleware;
pub mod page;
pub mod query;
pub mod reply;
pub mod time;
pub mod web;

pub use envelope::Envelope;
pub use error::AppError;
pub use json::{Amount, ApiJson};
pub use lang::current_lang;
pub use page::{Page, PageParams};
pub use query::ApiQuery;
pub use reply::{ApiResult, ok};

//! Labels and printing: shipment labels as PDF and ZPL ([`labels`], drawn by [`render`] from
//! core's templates, batches merged by [`merge`]), the print centre's templates ([`templates`])
//! each user's printers ([`printers`]) and label swaps ([`swaps`]).

pub mod carrier_labels;
pub mod labels;
pub mod merge;
pub mod printers;
pub mod render;
pub mod swaps;
pub mod templates;

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use logistics_core::{FieldError, MessageKey};

use crate::platform::http::AppError;

/// A drawing failure as the client sees it: 503 without a font, 500 otherwise.
pub fn render_error(e: render::RenderError) -> AppError {
    match e {
        render::RenderError::FontMissing => AppError {
            error: FieldError::new("", MessageKey::LabelFontMissing),
            ..AppError::unavailable("no label font installed")
        },
        render::RenderError::Pdf(cause) => AppError::internal(cause),
    }
}

/// A file shown inline, never cached: labels carry addresses.
pub fn inline(content_type: &'static str, filename: &str, bytes: Vec<u8>) -> Result<Response, AppError> {
    let disposition = format!("inline; filename=\"{filename}\"");
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CONTENT_DISPOSITION, HeaderValue::from_str(&disposition).map_err(AppError::internal)?),
            (header::CACHE_CONTROL, HeaderValue::from_static("private, no-store")),
        ],
        bytes,
    )
        .into_response())
}

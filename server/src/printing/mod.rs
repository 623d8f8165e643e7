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

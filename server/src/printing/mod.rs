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

/// Labels of one of core's fixed templates (`template`: a package's, a location's), one per set
/// of field values, drawn off the async threads as PDF (pages of `size`) or ZPL per `options`.
pub async fn fixed_labels(
    template: fn() -> logistics_core::label::Template,
    values: Vec<Vec<(&'static str, String)>>,
    size: &'static str,
    options: labels::Options,
) -> Result<Vec<u8>, AppError> {
    tokio::task::spawn_blocking(move || {
        let template = template();
        let labels: Vec<render::Label<'_>> = values
            .iter()
            .map(|v| {
                let value =
                    |name: &str| v.iter().find(|(k, _)| *k == name).map(|(_, text)| text.as_str()).filter(|t| !t.is_empty());
                render::Label { template: &template, placed: logistics_core::label::place(&template, &value) }
            })
            .collect();
        if options.format == "zpl" {
            Ok(render::zpl(&labels, options.dpi).into_bytes())
        } else {
            render::pdf(&labels, size, options.dpi)
        }
    })
    .await
    .map_err(AppError::internal)?
    .map_err(render_error)
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

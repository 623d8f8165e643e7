//! The layers every request passes through, outermost first: request id, gzip for large answers,
//! tracing, language (and envelopes for bare error statuses), where SQLite statements run,
//! panic catching, security headers, body limit.

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use logistics_core::FieldError;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use super::error::{Enveloped, error_response, key_for_status};
use super::lang;

/// JSON bodies above this are refused with 413 (uploads get their own, larger limits).
pub const JSON_BODY_LIMIT: usize = 2 * 1024 * 1024;

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Answers at least this large are gzipped for clients that accept it (a forecast bundle of 500
/// products: 1.3 MB → 57 KB); smaller ones are not worth the work.
const COMPRESS_ABOVE: u64 = 1024;

/// The web app runs its WebAssembly core (`wasm-unsafe-eval`) and Chakra's emotion styles
/// (`unsafe-inline` styles only); everything else comes from this origin. The page itself adds the
/// hashes of its own inline scripts (see `web::serve`), never `unsafe-inline` scripts. Two
/// exceptions for printing: C-Lodop's script from the user's own computer (`localhost:8000` or
/// `:18000`, where the print service answers), and label PDFs previewed in a frame from a `blob:`.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' \
    http://localhost:8000 http://localhost:18000; frame-src 'self' blob:; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
    connect-src 'self' ws: wss:; object-src 'none'; base-uri 'self'; frame-ancestors 'self'; form-action 'self'";

pub fn apply(router: Router) -> Router {
    let security_headers = ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::if_not_present(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::if_not_present(header::X_FRAME_OPTIONS, HeaderValue::from_static("SAMEORIGIN")))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            HeaderName::from_static("permissions-policy"),
            HeaderValue::from_static("camera=(self), microphone=(), geolocation=()"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            HeaderName::from_static("cross-origin-opener-policy"),
            HeaderValue::from_static("same-origin"),
        ));
    let trace = TraceLayer::new_for_http()
        .make_span_with(|req: &Request<Body>| {
            let id = req.headers().get(REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-");
            tracing::info_span!("request", id = %id, method = %req.method(), path = %req.uri().path())
        })
        .on_response(|res: &Response, latency: Duration, _span: &tracing::Span| {
            tracing::info!(status = res.status().as_u16(), micros = latency.as_micros() as u64, "done");
        });
    router.layer(DefaultBodyLimit::max(JSON_BODY_LIMIT)).layer(
        ServiceBuilder::new()
            .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid))
            .layer(PropagateRequestIdLayer::new(REQUEST_ID))
            .layer(
                CompressionLayer::new().gzip(true).compress_when(
                    SizeAbove::new(COMPRESS_ABOVE)
                        .and(NotForContentType::IMAGES)
                        .and(NotForContentType::SSE)
                        // Workbooks are zip files already.
                        .and(NotForContentType::const_new("application/vnd.openxmlformats")),
                ),
            )
            .layer(trace)
            .layer(middleware::from_fn(language))
            .layer(middleware::from_fn(placement))
            .layer(CatchPanicLayer::custom(|_| {
                tracing::error!("a handler panicked");
                Response::builder().status(StatusCode::INTERNAL_SERVER_ERROR).body(Body::empty()).unwrap_or_default()
            }))
            .layer(security_headers),
    )
}

/// Where a request's SQLite statements run (`db::Hop`): a GET may read many rows (a list page
/// with its total, an export), so its statements go to the blocking threads; a command's (a POST:
/// by-key reads and short write transactions) run on the thread serving it.
async fn placement(req: Request, next: Next) -> Response {
    if req.method() == axum::http::Method::GET || req.method() == axum::http::Method::HEAD {
        crate::platform::db::Placed::off_thread(next.run(req)).await
    } else {
        next.run(req).await
    }
}

/// Sets the request's language and time zone for everything below, and dresses any bare API error status (a
/// 405 from the router, a 500 from a caught panic) in a localized envelope.
async fn language(req: Request, next: Next) -> Response {
    let lang = lang::from_headers(req.headers());
    let zone = super::time::zone_from_headers(req.headers());
    let is_api = req.uri().path().starts_with("/boot/") || req.uri().path() == "/boot";
    super::time::scope(
        zone,
        lang::scope(lang, async move {
            let response = next.run(req).await;
            let status = response.status();
            let bare =
                (status.is_client_error() || status.is_server_error()) && response.extensions().get::<Enveloped>().is_none();
            if is_api && bare {
                let mut fixed = error_response(status, &FieldError::new("", key_for_status(status)));
                for (name, value) in response.headers() {
                    if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
                        fixed.headers_mut().insert(name.clone(), value.clone());
                    }
                }
                fixed
            } else {
                response
            }
        }),
    )
    .await
}

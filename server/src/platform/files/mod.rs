//! Uploaded files (avatars now; vouchers, POD documents and imports later) behind one storage
//! interface. Type is checked by content (magic bytes), not by name; size per purpose.

pub mod storage;

use axum::extract::{Multipart, Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use logistics_core::MessageKey;
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::caller::Caller;
use crate::platform::http::upload::Upload;
use crate::platform::http::{AppError, ok};
use crate::platform::secrets;
use crate::state::AppState;

/// Where stored files are served from.
pub const STATIC_PREFIX: &str = "/boot/sys/common/static/";
/// Stored files never served by path (label batches): only the call that made them hands them out.
pub const PRIVATE_PREFIX: &str = "private/";

/// Image kinds accepted for avatars, recognised by their first bytes.
fn image_kind(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
    if bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a]) {
        Some(("png", "image/png"))
    } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        Some(("jpg", "image/jpeg"))
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some(("gif", "image/gif"))
    } else if bytes.len() > 12 && &bytes[0..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(("webp", "image/webp"))
    } else {
        None
    }
}

/// Document kinds accepted besides images (vouchers), recognised by their first bytes.
fn document_kind(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
    if bytes.starts_with(b"%PDF-") { Some(("pdf", "application/pdf")) } else { image_kind(bytes) }
}

/// What an upload may be, by its `biz` field.
struct Purpose {
    folder: &'static str,
    max_bytes: usize,
    max_label: &'static str,
    /// The kinds it accepts, and how to name them in a refusal.
    kind: fn(&[u8]) -> Option<(&'static str, &'static str)>,
    types: &'static str,
}

const AVATAR: Purpose =
    Purpose { folder: "avatar", max_bytes: 2 * 1024 * 1024, max_label: "2 MB", kind: image_kind, types: "PNG, JPEG, GIF, WebP" };
/// A recharge's payment voucher: a photo, a screenshot or the bank's PDF.
const VOUCHER: Purpose = Purpose {
    folder: "voucher",
    max_bytes: 5 * 1024 * 1024,
    max_label: "5 MB",
    kind: document_kind,
    types: "PNG, JPEG, GIF, WebP, PDF",
};

/// An FBA delivery's proof of delivery: the signed receipt as a PDF or a photo.
const POD: Purpose = Purpose {
    folder: "pod",
    max_bytes: 5 * 1024 * 1024,
    max_label: "5 MB",
    kind: document_kind,
    types: "PNG, JPEG, GIF, WebP, PDF",
};

/// The body limit of the upload route: the largest purpose plus multipart overhead.
pub const UPLOAD_BODY_LIMIT: usize = 6 * 1024 * 1024;

#[derive(Debug, Serialize, ToSchema)]
pub struct Uploaded {
    /// Where the file is served (also in `message`, as JeecgBoot clients read it).
    pub url: String,
}

/// Uploads one file (multipart field `file`, optional field `biz`: `avatar`, `voucher` for a
/// recharge's payment voucher or `pod` for an FBA delivery's proof, an image or PDF up to 5 MB).
#[utoipa::path(post, path = "/sys/common/upload", tag = "files",
    request_body(content_type = "multipart/form-data", description = "fields `file` and optional `biz`"),
    responses(
        (status = 200, body = crate::platform::http::Envelope<Uploaded>),
        (status = 400, description = "No file, or a type that is not allowed"),
        (status = 413, description = "Too large")))]
pub async fn upload(Caller(state, me): Caller, multipart: Multipart) -> Result<Response, AppError> {
    let mut form = Upload::read(multipart, UPLOAD_BODY_LIMIT).await?;
    let purpose = match form.text("biz").trim() {
        "" | "avatar" => AVATAR,
        "voucher" => VOUCHER,
        "pod" => POD,
        _ => return Err(AppError::field("biz", MessageKey::BadRequest)),
    };
    let bytes = form.file()?;
    if bytes.len() > purpose.max_bytes {
        return Err(AppError::payload_too_large_with(MessageKey::FileTooLarge).with("max", purpose.max_label));
    }
    let (extension, _) = (purpose.kind)(&bytes)
        .ok_or_else(|| AppError::field("file", MessageKey::FileTypeRefused).with("types", purpose.types))?;
    let day = chrono::Utc::now().format("%Y%m%d");
    let path = format!("{}/{day}/{}.{extension}", purpose.folder, secrets::new_id());
    state.storage.put(&path, &bytes).await.map_err(AppError::unavailable)?;
    tracing::info!(user = %me.user.username, path = %path, bytes = bytes.len(), "file uploaded");
    let url = format!("{STATIC_PREFIX}{path}");
    let mut response = ok(Uploaded { url: url.clone() })?;
    response.0.message = url;
    Ok(response.into_response())
}

/// Serves a stored file.
#[utoipa::path(get, path = "/sys/common/static/{path}", tag = "files",
    params(("path" = String, Path, description = "The stored file's path")),
    responses((status = 200, description = "The file"), (status = 404)))]
pub async fn serve(State(state): State<AppState>, Path(path): Path<String>) -> Result<Response, AppError> {
    if path.trim_start_matches('/').starts_with(PRIVATE_PREFIX) {
        return Err(AppError::not_found());
    }
    let bytes = state.storage.get(&path).await.ok_or_else(AppError::not_found)?;
    let mime = document_kind(&bytes).map_or("application/octet-stream", |(_, mime)| mime);
    let mut response = bytes.into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=86400"));
    Ok(response)
}

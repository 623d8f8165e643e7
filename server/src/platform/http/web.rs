//! The web app at `/`: files from `web/dist` (embedded in release builds, read from disk in debug
//! builds, or from `LOGISTICS_WEB_DIR`), with the history fallback to `index.html` that a
//! single-page app needs. `/boot/...` never reaches this: unknown API paths are JSON 404s.
//! Hashed assets are immutable (cached for a year) and sent as their precompressed brotli or gzip
//! copy (`scripts/precompress.mjs` writes them beside the build) when the browser accepts it.

use std::path::{Component, Path, PathBuf};

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../web/dist"]
#[allow_missing = true]
struct Embedded;

/// Where the web app's files come from.
#[derive(Clone, Debug)]
pub enum WebAssets {
    Embedded,
    Dir(PathBuf),
}

impl WebAssets {
    async fn read(&self, path: &str) -> Option<(Vec<u8>, String)> {
        match self {
            WebAssets::Embedded => Embedded::get(path).map(|f| (f.data.into_owned(), f.metadata.mimetype().to_owned())),
            WebAssets::Dir(root) => {
                let relative = Path::new(path);
                if relative.components().any(|c| !matches!(c, Component::Normal(_))) {
                    return None;
                }
                let bytes = tokio::fs::read(root.join(relative)).await.ok()?;
                Some((bytes, mime_guess::from_path(relative).first_or_octet_stream().to_string()))
            }
        }
    }
}

/// The encodings of an `Accept-Encoding` header this server has copies for, best first.
fn accepted(headers: &HeaderMap) -> Vec<(&'static str, &'static str)> {
    let header = headers.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()).unwrap_or("");
    let takes = |name: &str| {
        header.split(',').any(|part| {
            let mut pieces = part.split(';');
            let coding = pieces.next().unwrap_or("").trim();
            let refused = pieces.any(|p| matches!(p.trim(), "q=0" | "q=0.0" | "q=0.00" | "q=0.000"));
            coding.eq_ignore_ascii_case(name) && !refused
        })
    };
    [("br", ".br"), ("gzip", ".gz")].into_iter().filter(|(name, _)| takes(name)).collect()
}

pub async fn serve(assets: &WebAssets, uri: &Uri, headers: &HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    if path.starts_with("assets/") {
        for (encoding, suffix) in accepted(headers) {
            if let Some((bytes, _)) = assets.read(&format!("{path}{suffix}")).await {
                // The copy is sent as the type of the file it was made from.
                let mime = mime_guess::from_path(path).first_or_octet_stream().to_string();
                let mut response = file_response(bytes, &mime, "public, max-age=31536000, immutable");
                response.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
                response.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
                return response;
            }
        }
    }
    if let Some((bytes, mime)) = assets.read(path).await {
        let cache = if path.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "no-cache" };
        let mut response = file_response(bytes, &mime, cache);
        if path.starts_with("assets/") {
            response.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
        return response;
    }
    // A path that names a file (has an extension) and is missing is a real 404; anything else is a
    // client-side route.
    let last = path.rsplit('/').next().unwrap_or("");
    if last.contains('.') && !last.ends_with(".html") {
        return (StatusCode::NOT_FOUND, "Not found").into_response();
    }
    match assets.read("index.html").await {
        Some((bytes, mime)) => file_response(bytes, &mime, "no-cache"),
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The web app is not built. Run `just build` (or `just run`), or set LOGISTICS_WEB_DIR.",
        )
            .into_response(),
    }
}

/// The policy for an HTML page: the app's, with the hash of each inline script the page carries
/// (the build's preload hints), so that exactly those run and no injected one does.
pub fn policy_for(html: &[u8]) -> Option<HeaderValue> {
    use sha2::Digest;
    let text = std::str::from_utf8(html).ok()?;
    let mut hashes = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("<script") {
        let after = &rest[start + "<script".len()..];
        let Some(close) = after.find('>') else { break };
        let (attributes, body) = (&after[..close], &after[close + 1..]);
        let Some(end) = body.find("</script>") else { break };
        if !attributes.contains("src=") {
            hashes.push_str(&format!(" 'sha256-{}'", base64(&sha2::Sha256::digest(&body.as_bytes()[..end]))));
        }
        rest = &body[end..];
    }
    let policy = super::middleware::CONTENT_SECURITY_POLICY.replacen(
        "script-src 'self' 'wasm-unsafe-eval'",
        &format!("script-src 'self' 'wasm-unsafe-eval'{hashes}"),
        1,
    );
    HeaderValue::from_str(&policy).ok()
}

/// Standard base64 with padding (CSP hash sources).
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn file_response(bytes: Vec<u8>, mime: &str, cache: &'static str) -> Response {
    let policy = if mime.starts_with("text/html") { policy_for(&bytes) } else { None };
    let mut response = Response::new(Body::from(bytes));
    if let Some(policy) = policy {
        response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    let textual = mime.starts_with("text/") || mime.ends_with("javascript") || mime.ends_with("json") || mime.ends_with("+xml");
    let mime = if textual && !mime.contains("charset") { format!("{mime}; charset=utf-8") } else { mime.to_owned() };
    if let Ok(value) = HeaderValue::from_str(&mime) {
        response.headers_mut().insert(header::CONTENT_TYPE, value);
    }
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

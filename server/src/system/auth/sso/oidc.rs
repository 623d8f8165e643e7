//! OpenID Connect sign-in (the authorization code flow with PKCE, RFC 7636): the sign-in page's
//! button opens `/boot/thirdLogin/render/oidc`, which sends the browser to the provider with a
//! fresh state, nonce and code challenge kept in a signed, HTTP-only cookie; the provider sends it
//! back to `/boot/thirdLogin/oidc/callback`, which checks the state, redeems the code with the
//! client's secret, verifies the ID token (signature against the provider's published keys,
//! issuer, audience, expiry, nonce) and hands the browser a one-time token at
//! `/sso/third?token=…` (or the reason it failed at `/sso/third?error=…`), which the page exchanges
//! with `GET /thirdLogin/getLoginUser/{token}`.

use std::sync::LazyLock;
use std::time::Duration;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use jsonwebtoken::jwk::JwkSet;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use logistics_core::MessageKey;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use utoipa::IntoParams;

use super::{Identity, OIDC, issue};
use crate::platform::config::OidcConfig;
use crate::platform::http::BASE_PATH;
use crate::platform::http::{AppError, current_lang};
use crate::state::AppState;

const COOKIE: &str = "logistics_oidc";
/// How long the round trip through the provider may take.
const FLOW_SECONDS: i64 = 600;
const CALLBACK_PATH: &str = "/thirdLogin/oidc/callback";
/// The web page that takes the one-time token.
pub const PAGE: &str = "/sso/third";

static CLIENT: LazyLock<Result<reqwest::Client, String>> = LazyLock::new(|| {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(10))
        .build()
        .map_err(|e| e.to_string())
});

/// The HTTP client single sign-on talks to providers with (redirects not followed).
pub fn client() -> Result<&'static reqwest::Client, AppError> {
    CLIENT.as_ref().map_err(AppError::internal)
}

/// Where users reach the platform: `LOGISTICS_PUBLIC_URL`, else this request's host (its scheme
/// from `X-Forwarded-Proto` behind a trusted proxy, else http).
pub fn base_url(state: &AppState, headers: &HeaderMap) -> Option<String> {
    if let Some(url) = &state.config.public_url {
        return Some(url.clone());
    }
    let forwarded =
        |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(|v| v.split(',').next().unwrap_or("").trim());
    let host = state
        .config
        .trust_proxy
        .then(|| forwarded("x-forwarded-host"))
        .flatten()
        .filter(|h| !h.is_empty())
        .or_else(|| headers.get(header::HOST).and_then(|v| v.to_str().ok()))?;
    if !host.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']')) {
        return None;
    }
    let scheme = match state.config.trust_proxy.then(|| forwarded("x-forwarded-proto")).flatten() {
        Some("https") => "https",
        _ => "http",
    };
    Some(format!("{scheme}://{host}"))
}

#[derive(Debug, Deserialize)]
struct Discovery {
    issuer: String,
    authorization_endpoint: String,
    token_endpoint: String,
    jwks_uri: String,
}

/// A JSON document of the provider's (`what` names it in the reason it cannot be read).
async fn fetch_json<T: serde::de::DeserializeOwned>(url: &str, what: &str) -> Result<T, String> {
    client()
        .map_err(|_| "no HTTP client".to_owned())?
        .get(url)
        .send()
        .await
        .and_then(reqwest::Response::error_for_status)
        .map_err(|e| e.without_url().to_string())?
        .json()
        .await
        .map_err(|e| format!("{what} is unreadable: {}", e.without_url()))
}

async fn discover(oidc: &OidcConfig) -> Result<Discovery, String> {
    let url = format!("{}/.well-known/openid-configuration", oidc.issuer);
    let found: Discovery = fetch_json(&url, "the discovery document").await?;
    if found.issuer.trim_end_matches('/') != oidc.issuer {
        return Err(format!("the provider names itself {} rather than {}", found.issuer, oidc.issuer));
    }
    Ok(found)
}

fn random() -> Result<String, AppError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(AppError::internal)?;
    Ok(URL_SAFE_NO_PAD.encode(bytes))
}

fn mac(state: &AppState, text: &str) -> Result<String, AppError> {
    let mut mac =
        Hmac::<Sha256>::new_from_slice(format!("oidc-flow:{}", state.jwt_secret).as_bytes()).map_err(AppError::internal)?;
    mac.update(text.as_bytes());
    Ok(URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes()))
}

/// A flow in progress, as its cookie carries it: `state.nonce.verifier.expiry.mac`.
struct Flow {
    state: String,
    nonce: String,
    verifier: String,
}

fn read_cookie(state: &AppState, headers: &HeaderMap) -> Option<Flow> {
    let value = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| pair.trim().strip_prefix(COOKIE)?.strip_prefix('='))?;
    let (body, signature) = value.rsplit_once('.')?;
    let expected = mac(state, body).ok()?;
    // Compared in constant time.
    let same =
        expected.len() == signature.len() && expected.bytes().zip(signature.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0;
    let mut parts = body.split('.');
    let (flow_state, nonce, verifier, expiry) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    let live = expiry.parse::<i64>().ok()? > chrono::Utc::now().timestamp();
    (same && live).then(|| Flow { state: flow_state.to_owned(), nonce: nonce.to_owned(), verifier: verifier.to_owned() })
}

fn cookie(value: &str, max_age: i64, secure: bool) -> Option<HeaderValue> {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{COOKIE}={value}; Path={BASE_PATH}/thirdLogin; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}"
    ))
    .ok()
}

fn redirect(location: &str, set_cookie: Option<HeaderValue>) -> Response {
    let mut response = StatusCode::FOUND.into_response();
    if let Ok(location) = HeaderValue::from_str(location) {
        response.headers_mut().insert(header::LOCATION, location);
    }
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if let Some(set_cookie) = set_cookie {
        response.headers_mut().insert(header::SET_COOKIE, set_cookie);
    }
    response
}

fn encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len() * 3);
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The web page, with the reason a sign-in failed (in the request's language).
fn failed(error: impl std::fmt::Display) -> Response {
    let text = logistics_core::i18n::render(MessageKey::ThirdLoginFailed, current_lang(), &[("error", &error.to_string())]);
    redirect(&format!("{PAGE}?error={}", encode(&text)), cookie("", 0, false))
}

/// Starts a third-party sign-in: to the provider (JeecgBoot's `render/{source}`; `oidc` is the one
/// source).
#[utoipa::path(get, path = "/thirdLogin/render/{source}", tag = "auth",
    params(("source" = String, Path, description = "oidc")),
    responses((status = 302, description = "To the provider's sign-in"), (status = 404, description = "Not configured")))]
pub async fn render(State(state): State<AppState>, headers: HeaderMap, Path(source): Path<String>) -> Response {
    let Some(oidc) = state.config.oidc.clone().filter(|_| source == OIDC) else {
        return AppError::not_found_with(MessageKey::SsoNotConfigured).with("provider", source).into_response();
    };
    let Some(base) = base_url(&state, &headers) else { return AppError::bad_request(MessageKey::BadRequest).into_response() };
    let discovery = match discover(&oidc).await {
        Ok(found) => found,
        Err(e) => {
            tracing::warn!(error = %e, "the OpenID Connect provider's discovery failed");
            return failed(e);
        }
    };
    let (Ok(flow_state), Ok(nonce), Ok(verifier)) = (random(), random(), random()) else {
        return AppError::internal("no randomness").into_response();
    };
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    let body = format!("{flow_state}.{nonce}.{verifier}.{}", chrono::Utc::now().timestamp() + FLOW_SECONDS);
    let Ok(signature) = mac(&state, &body) else { return AppError::internal("no MAC").into_response() };
    let redirect_uri = format!("{base}{BASE_PATH}{CALLBACK_PATH}");
    let separator = if discovery.authorization_endpoint.contains('?') { '&' } else { '?' };
    let location = format!(
        "{}{separator}response_type=code&client_id={}&redirect_uri={}&scope=openid%20profile%20email&state={}&nonce={}&code_challenge={challenge}&code_challenge_method=S256",
        discovery.authorization_endpoint,
        encode(&oidc.client_id),
        encode(&redirect_uri),
        flow_state,
        nonce,
    );
    redirect(&location, cookie(&format!("{body}.{signature}"), FLOW_SECONDS, base.starts_with("https://")))
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct CallbackQuery {
    pub code: Option<String>,
    pub state: Option<String>,
    /// The provider's refusal (`access_denied`, …).
    pub error: Option<String>,
    pub error_description: Option<String>,
}

#[derive(Debug, Deserialize)]
struct TokenAnswer {
    id_token: Option<String>,
}

#[derive(Debug, Deserialize)]
struct IdClaims {
    sub: String,
    nonce: Option<String>,
    name: Option<String>,
    preferred_username: Option<String>,
    email: Option<String>,
}

/// The provider's redirect after its sign-in: to `/sso/third?token=…`, or `?error=…`.
#[utoipa::path(get, path = "/thirdLogin/oidc/callback", tag = "auth", params(CallbackQuery),
    responses((status = 302, description = "To the web app's /sso/third page")))]
pub async fn callback(State(state): State<AppState>, headers: HeaderMap, Query(query): Query<CallbackQuery>) -> Response {
    let Some(oidc) = state.config.oidc.clone() else {
        return AppError::not_found_with(MessageKey::SsoNotConfigured).with("provider", OIDC).into_response();
    };
    if let Some(error) = query.error {
        return failed(format!("{error} {}", query.error_description.unwrap_or_default()).trim());
    }
    let Some(flow) = read_cookie(&state, &headers) else { return failed("the sign-in took too long or began elsewhere") };
    let (Some(code), Some(returned_state)) = (query.code, query.state) else { return failed("no code") };
    if returned_state != flow.state {
        return failed("the state does not match");
    }
    let Some(base) = base_url(&state, &headers) else { return failed("unknown host") };
    match identity(&oidc, &code, &flow, &format!("{base}{BASE_PATH}{CALLBACK_PATH}")).await {
        Ok(identity) => match issue(&state.db, &identity).await {
            Ok(token) => redirect(&format!("{PAGE}?token={token}"), cookie("", 0, base.starts_with("https://"))),
            Err(e) => e.into_response(),
        },
        Err(e) => {
            tracing::warn!(error = %e, "an OpenID Connect sign-in failed");
            failed(e)
        }
    }
}

/// Redeems the code and verifies the ID token.
async fn identity(oidc: &OidcConfig, code: &str, flow: &Flow, redirect_uri: &str) -> Result<Identity, String> {
    let discovery = discover(oidc).await?;
    let http = client().map_err(|_| "no HTTP client".to_owned())?;
    let answer = http
        .post(&discovery.token_endpoint)
        .basic_auth(&oidc.client_id, Some(&oidc.client_secret))
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", redirect_uri),
            ("code_verifier", &flow.verifier),
        ])
        .send()
        .await
        .map_err(|e| e.without_url().to_string())?;
    if !answer.status().is_success() {
        let status = answer.status();
        let body: String = answer.text().await.unwrap_or_default().chars().take(200).collect();
        return Err(format!("the provider refused the code ({status}): {body}"));
    }
    let tokens: TokenAnswer = answer.json().await.map_err(|e| format!("unreadable token answer: {}", e.without_url()))?;
    let id_token = tokens.id_token.ok_or("the provider sent no ID token")?;
    let head = jsonwebtoken::decode_header(&id_token).map_err(|e| format!("unreadable ID token: {e}"))?;
    if !matches!(head.alg, Algorithm::RS256 | Algorithm::RS384 | Algorithm::RS512 | Algorithm::ES256 | Algorithm::PS256) {
        return Err(format!("the ID token is signed with {:?}, which is not accepted", head.alg));
    }
    let keys: JwkSet = fetch_json(&discovery.jwks_uri, "the provider's key set").await?;
    let jwk = match &head.kid {
        Some(kid) => keys.find(kid),
        None if keys.keys.len() == 1 => keys.keys.first(),
        None => None,
    }
    .ok_or("the ID token's key is not among the provider's")?;
    let key = DecodingKey::from_jwk(jwk).map_err(|e| format!("the provider's key is unusable: {e}"))?;
    let mut validation = Validation::new(head.alg);
    validation.set_audience(&[&oidc.client_id]);
    validation.set_issuer(&[&oidc.issuer, &format!("{}/", oidc.issuer)]);
    validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
    validation.leeway = 60;
    let claims = jsonwebtoken::decode::<IdClaims>(&id_token, &key, &validation)
        .map_err(|e| format!("the ID token is not valid: {e}"))?
        .claims;
    if claims.nonce.as_deref() != Some(flow.nonce.as_str()) {
        return Err("the ID token's nonce does not match".to_owned());
    }
    let realname = claims.name.or(claims.preferred_username).or(claims.email).filter(|n| !n.trim().is_empty());
    Ok(Identity { third_type: OIDC, third_user_id: claims.sub, realname })
}

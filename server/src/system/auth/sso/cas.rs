//! CAS single sign-on (protocol 2.0, which CAS 3 and later servers also speak): the browser comes
//! back from the CAS login page to `/sso/cas?ticket=…`, and the page asks
//! `GET /cas/client/validateLogin?ticket&service`; the ticket is validated at
//! `{LOGISTICS_CAS_URL}/serviceValidate` for this platform's own service URL only (a ticket issued
//! to another application is refused), and the CAS user signs in as the user bound to it, else as
//! the user of the same username.

use std::sync::LazyLock;
use std::time::Duration;

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use logistics_core::MessageKey;
use regex::Regex;
use serde::Deserialize;
use utoipa::IntoParams;

use super::{CAS, bound_user};
use crate::platform::http::{ApiResult, AppError};
use crate::state::AppState;
use crate::system::auth::login::{self, LoginResult, throttle};
use crate::system::auth::{ClientMeta, rate_limit};
use crate::system::users::{self, Lookup};

/// Where the web app takes CAS tickets.
pub const SERVICE_PATH: &str = "/sso/cas";

#[derive(Debug, Deserialize, IntoParams)]
pub struct ValidateQuery {
    /// The service ticket (`ST-…`) the CAS server appended to the service URL.
    pub ticket: Option<String>,
    /// The service URL the ticket was issued for: this platform's `/sso/cas` page.
    pub service: Option<String>,
}

/// What the CAS server said of a ticket.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    User(String),
    Refused(String),
}

/// Reads a `serviceValidate` answer: `<cas:authenticationSuccess><cas:user>` or
/// `<cas:authenticationFailure code="…">why</…>`, whatever the namespace's prefix (the answer is
/// small and flat; comments are dropped first, so none can hide or fake an element).
pub fn parse_validation(xml: &str) -> Option<Verdict> {
    static PATTERNS: LazyLock<Option<[Regex; 4]>> = LazyLock::new(|| {
        let tag = r"(?:[A-Za-z_][\w.-]*:)?";
        Some([
            Regex::new(r"(?s)<!--.*?-->").ok()?,
            Regex::new(&format!(r"(?s)<{tag}authenticationSuccess\b[^>]*>(.*?)</{tag}authenticationSuccess\s*>")).ok()?,
            Regex::new(&format!(r"<{tag}user\s*>([^<]*)</{tag}user\s*>")).ok()?,
            Regex::new(&format!(r#"<{tag}authenticationFailure\b(?:[^>]*?\bcode\s*=\s*["']([^"']*)["'])?[^>]*>([^<]*)<"#))
                .ok()?,
        ])
    });
    let [comments, success, user, failure] = PATTERNS.as_ref()?;
    let xml = comments.replace_all(xml, "");
    if let Some(inner) = success.captures(&xml).and_then(|c| c.get(1)) {
        let name = unescape(user.captures(inner.as_str())?.get(1)?.as_str().trim())?;
        return (!name.is_empty()).then_some(Verdict::User(name));
    }
    let refused = failure.captures(&xml)?;
    let code = refused.get(1).map_or("", |m| m.as_str());
    let why = unescape(refused.get(2).map_or("", |m| m.as_str()).trim())?;
    Some(Verdict::Refused(if why.is_empty() { code.to_owned() } else { format!("{code} {why}").trim().to_owned() }))
}

/// XML's predefined and numeric character references.
fn unescape(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let end = rest[at..].find(';')? + at;
        let entity = &rest[at + 1..end];
        let c = match entity {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            _ => {
                let number = entity.strip_prefix('#')?;
                let code = match number.strip_prefix(['x', 'X']) {
                    Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                    None => number.parse().ok()?,
                };
                char::from_u32(code)?
            }
        };
        out.push(c);
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    Some(out)
}

/// This platform's service URL: `LOGISTICS_PUBLIC_URL`'s, else the request's own host's.
fn own_service(state: &AppState, headers: &HeaderMap) -> Option<String> {
    let base = super::oidc::base_url(state, headers)?;
    Some(format!("{base}{SERVICE_PATH}"))
}

/// Validates a CAS service ticket and signs in as its user (JeecgBoot's single sign-on call: the
/// answer is the password sign-in's, with `success` true).
#[utoipa::path(get, path = "/cas/client/validateLogin", tag = "auth", params(ValidateQuery),
    responses(
        (status = 200, description = "Signed in", body = crate::platform::http::Envelope<LoginResult>),
        (status = 400, description = "No ticket, or a service that is not this platform's"),
        (status = 401, description = "The CAS server refused the ticket, or its user is nobody here"),
        (status = 403), (status = 404, description = "CAS is not configured"), (status = 429),
        (status = 502, description = "The CAS server cannot be reached")))]
pub async fn validate_login(
    State(state): State<AppState>,
    client: ClientMeta,
    headers: HeaderMap,
    Query(query): Query<ValidateQuery>,
) -> ApiResult<LoginResult> {
    throttle(&state, rate_limit::LOGIN, &client).await?;
    let Some(cas_url) = state.config.cas_url.clone() else {
        return Err(AppError::not_found_with(MessageKey::SsoNotConfigured).with("provider", "CAS"));
    };
    let ticket = query.ticket.as_deref().map(str::trim).unwrap_or("");
    let service = query.service.as_deref().map(str::trim).unwrap_or("");
    if ticket.is_empty() || service.is_empty() {
        return Err(AppError::bad_request(MessageKey::CasTicketRequired));
    }
    if own_service(&state, &headers).as_deref() != Some(service) {
        return Err(AppError::field("service", MessageKey::CasTicketRequired));
    }
    let http = super::oidc::client()?;
    let answer = http
        .get(format!("{cas_url}/serviceValidate"))
        .query(&[("ticket", ticket), ("service", service)])
        .timeout(Duration::from_secs(10))
        .send()
        .await
        .and_then(reqwest::Response::error_for_status);
    let unreachable = |e: reqwest::Error| {
        tracing::warn!(error = %e, "the CAS server cannot be reached");
        AppError { status: axum::http::StatusCode::BAD_GATEWAY, ..AppError::bad_request(MessageKey::CasUnreachable) }
            .with("error", e.without_url().to_string())
    };
    let xml = answer.map_err(unreachable)?.text().await.map_err(unreachable)?;
    let cas_user = match parse_validation(&xml) {
        Some(Verdict::User(user)) => user,
        Some(Verdict::Refused(why)) => {
            return Err(AppError::unauthorized(MessageKey::CasTicketInvalid).with("error", why));
        }
        None => return Err(AppError::unauthorized(MessageKey::CasTicketInvalid).with("error", "unreadable answer")),
    };
    let user = match bound_user(&state.db, CAS, &cas_user).await? {
        Some(id) => users::find(&state.db, Lookup::Id(&id)).await?,
        None => users::find_by_username(&state.db, &cas_user).await?,
    };
    let Some(user) = user else {
        return Err(AppError::unauthorized(MessageKey::CasUserUnknown).with("name", cas_user));
    };
    login::finish(&state, user, &client, "/cas/client/validateLogin", "CAS sign-in").await
}

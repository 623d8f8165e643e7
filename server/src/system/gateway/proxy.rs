//! `/boot/gateway/{routerId}/…`: a signed-in caller whose roles the route admits is forwarded to
//! the route's upstream (checked against the operator's allow-list again, as that may have changed
//! since the route was saved), with the method, query, body and headers it sent, less the hop-by-hop
//! ones and its own credentials (its token and cookies stay here); the upstream learns who calls
//! from `X-Logistics-User` and `X-Logistics-Tenant`. The upstream's answer comes back as it is,
//! status and headers included, up to [`BODY_LIMIT`] each way, within the route's timeout.

use std::sync::LazyLock;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Path, Request};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use http_body_util::BodyExt;
use logistics_core::{FieldError, MessageKey, gateway};

use crate::platform::caller::Caller;
use crate::platform::db::schema::{sys_role, sys_user_role};
use crate::platform::http::AppError;
use crate::platform::http::error::Enveloped;
use crate::state::AppState;
use crate::system::auth::{ClientMeta, CurrentUser};

/// The largest request or answer the gateway carries: 10 MB.
pub const BODY_LIMIT: usize = 10 * 1024 * 1024;

/// Hop-by-hop headers (RFC 9110 §7.6.1) and what identifies the caller here.
const DROPPED: &[&str] = &[
    "connection",
    "keep-alive",
    "proxy-authenticate",
    "proxy-authorization",
    "proxy-connection",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
    "host",
    "content-length",
    "cookie",
    "x-access-token",
    "x-tenant-id",
    "x-logistics-user",
    "x-logistics-tenant",
    "x-forwarded-for",
    "x-forwarded-host",
    "x-forwarded-proto",
    "x-forwarded-prefix",
];

/// One client for every route: no redirects followed (a redirect could leave the allow-list), no
/// proxy from the environment.
static CLIENT: LazyLock<Result<reqwest::Client, String>> = LazyLock::new(|| {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .connect_timeout(Duration::from_secs(5))
        .build()
        .map_err(|e| e.to_string())
});

fn upstream_error(status: StatusCode, key: MessageKey) -> AppError {
    AppError { status, error: FieldError::new("", key), cause: None }
}

/// `/boot/gateway/{routerId}` itself.
pub async fn root(caller: Caller, client: ClientMeta, Path(router_id): Path<String>, request: Request) -> Response {
    forward(caller, client, router_id, request).await.unwrap_or_else(IntoResponse::into_response)
}

/// `/boot/gateway/{routerId}/{*rest}`.
pub async fn nested(
    caller: Caller,
    client: ClientMeta,
    // The rest is read from the request's own path, as sent (not decoded).
    Path((router_id, _)): Path<(String, String)>,
    request: Request,
) -> Response {
    forward(caller, client, router_id, request).await.unwrap_or_else(IntoResponse::into_response)
}

async fn forward(
    Caller(state, me): Caller,
    client: ClientMeta,
    router_id: String,
    request: Request,
) -> Result<Response, AppError> {
    let routes = state.gateway.get(&state.db).await?;
    let unknown = || AppError::not_found_with(MessageKey::GatewayRouteUnknown).with("id", router_id.clone());
    let route = routes.get(&router_id).ok_or_else(unknown)?;
    if !gateway::allowed(&route.uri, &state.config.gateway_upstreams) {
        tracing::warn!(route = %route.router_id, uri = %route.uri, "a gateway route leads outside LOGISTICS_GATEWAY_UPSTREAMS");
        return Err(unknown());
    }
    if !route.role_codes.is_empty() && !gateway::may_call(&route.role_codes, &role_codes(&state, &me).await?) {
        return Err(AppError::forbidden_with(MessageKey::GatewayForbidden).with("id", router_id.clone()));
    }
    // The path as the client sent it (still percent-encoded), so nothing is decoded twice.
    let Some(raw_rest) = raw_rest(request.uri().path(), &router_id).map(str::to_owned) else {
        return Err(AppError::bad_request(MessageKey::GatewayPathInvalid));
    };
    if let Some(key) = gateway::path_issue(&raw_rest) {
        return Err(AppError::bad_request(key));
    }
    let url = gateway::upstream_url(&route.uri, &route.router_id, route.strip_prefix, &raw_rest, request.uri().query());
    let (parts, body) = request.into_parts();
    let too_large =
        || AppError::payload_too_large_with(MessageKey::GatewayTooLarge).with("max", (BODY_LIMIT / 1024 / 1024).to_string());
    let body = http_body_util::Limited::new(body, BODY_LIMIT).collect().await.map_err(|_| too_large())?.to_bytes();
    let http = CLIENT.as_ref().map_err(AppError::internal)?;
    let mut headers = forwarded_headers(&parts.headers);
    let mut add = |name: &'static str, value: &str| {
        if let Ok(value) = HeaderValue::from_str(value) {
            headers.insert(HeaderName::from_static(name), value);
        }
    };
    add("x-forwarded-for", &client.ip);
    add("x-forwarded-prefix", &format!("{}/gateway/{}", crate::platform::http::BASE_PATH, route.router_id));
    add("x-logistics-user", &me.user.username);
    add("x-logistics-tenant", &me.tenant_id.to_string());
    let sent = http
        .request(parts.method.clone(), &url)
        .headers(headers)
        .body(body)
        .timeout(Duration::from_millis(route.timeout_ms))
        .send()
        .await;
    let mut answer = match sent {
        Ok(answer) => answer,
        Err(e) if e.is_timeout() => {
            return Err(upstream_error(StatusCode::GATEWAY_TIMEOUT, MessageKey::GatewayUpstreamTimeout)
                .with("ms", route.timeout_ms.to_string()));
        }
        Err(e) => {
            tracing::warn!(route = %route.router_id, error = %e, "gateway upstream unreachable");
            let reason = if e.is_connect() { "connection refused".to_owned() } else { e.without_url().to_string() };
            return Err(upstream_error(StatusCode::BAD_GATEWAY, MessageKey::GatewayUnreachable).with("error", reason));
        }
    };
    let status = answer.status();
    let answer_headers = forwarded_headers(answer.headers());
    let mut bytes = Vec::new();
    loop {
        match tokio::time::timeout(Duration::from_millis(route.timeout_ms), answer.chunk()).await {
            Ok(Ok(Some(chunk))) => {
                if bytes.len() + chunk.len() > BODY_LIMIT {
                    return Err(upstream_error(StatusCode::BAD_GATEWAY, MessageKey::GatewayTooLarge)
                        .with("max", (BODY_LIMIT / 1024 / 1024).to_string()));
                }
                bytes.extend_from_slice(&chunk);
            }
            Ok(Ok(None)) => break,
            Ok(Err(e)) => {
                return Err(upstream_error(StatusCode::BAD_GATEWAY, MessageKey::GatewayUnreachable)
                    .with("error", e.without_url().to_string()));
            }
            Err(_) => {
                return Err(upstream_error(StatusCode::GATEWAY_TIMEOUT, MessageKey::GatewayUpstreamTimeout)
                    .with("ms", route.timeout_ms.to_string()));
            }
        }
    }
    let mut response = Response::new(Body::from(bytes));
    *response.status_mut() = status;
    *response.headers_mut() = answer_headers;
    // The upstream's own answer, errors included: not dressed in this API's envelope.
    response.extensions_mut().insert(Enveloped);
    Ok(response)
}

/// What follows `/gateway/{router_id}` in the request's path as sent (the router has taken the
/// base path off already; the route id, checked by core, needs no decoding).
fn raw_rest<'a>(path: &'a str, router_id: &str) -> Option<&'a str> {
    let path = path.strip_prefix(crate::platform::http::BASE_PATH).unwrap_or(path);
    let prefix = format!("/gateway/{router_id}");
    path.strip_prefix(prefix.as_str()).filter(|rest| rest.is_empty() || rest.starts_with('/'))
}

fn forwarded_headers(from: &HeaderMap) -> HeaderMap {
    let mut headers = HeaderMap::with_capacity(from.len());
    for (name, value) in from {
        let connection_named = from
            .get_all(header::CONNECTION)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .any(|v| v.split(',').any(|n| n.trim().eq_ignore_ascii_case(name.as_str())));
        if !DROPPED.contains(&name.as_str()) && !connection_named {
            headers.append(name.clone(), value.clone());
        }
    }
    headers
}

/// The caller's role codes.
async fn role_codes(state: &AppState, me: &CurrentUser) -> Result<Vec<String>, AppError> {
    let codes: Vec<String> = crate::with_conn!(&state.db, |conn| {
        sys_user_role::table
            .inner_join(sys_role::table)
            .filter(sys_user_role::user_id.eq(&me.user.id))
            .select(sys_role::role_code)
            .load(conn)
            .await?
    });
    Ok(codes)
}

//! Price forecast (`/logistics/priceForecast`): quotes for a shipment from the caller's bundle,
//! cheapest first, with the products that cannot take it and why; and the bundle itself
//! (`/bundle`, with an ETag) for the browser to quote offline with the same engine.

pub mod bundle;
pub mod cache;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::http::reply::ok_json;
use crate::platform::http::{ApiJson, AppError, current_lang};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;

pub const QUERY: &str = "logistics:priceForecast:query";

/// What a forecast answers (documentation of `result`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ForecastResult {
    /// Cheapest first.
    /// `{channelProductId, code, name, zone, chargeableWeight, lines[{kind, label, amount}], total,
    /// currency, breakdown[]}`
    #[schema(value_type = Vec<Object>)]
    pub quotes: Vec<serde_json::Value>,
    /// `{channelProductId, code, name, reason}`
    #[schema(value_type = Vec<Object>)]
    pub unavailable: Vec<serde_json::Value>,
    /// The bundle version the prices come from.
    pub rate_version: String,
}

/// The shipment to quote (documentation of the body).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ForecastForm {
    pub country_code: String,
    pub postal_code: Option<String>,
    /// B2B, B2C, FBA, WMS.
    pub trade_type: Option<String>,
    /// `[{length, width, height (cm), weight (kg), quantity}]`
    #[schema(value_type = Vec<Object>)]
    pub parcels: Vec<serde_json::Value>,
    pub declared_value: Option<String>,
    /// Only products priced in this currency (empty: any).
    pub currency: Option<String>,
}

/// Quotes a shipment with the caller's products and prices.
#[utoipa::path(post, path = "/logistics/priceForecast", tag = "logistics", request_body = ForecastForm,
    responses((status = 200, body = crate::platform::http::Envelope<ForecastResult>), (status = 400), (status = 403)))]
pub async fn forecast(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(shipment): ApiJson<serde_json::Value>,
) -> Result<Response, AppError> {
    grants::require(&state, &me, QUERY).await?;
    let shipment = logistics_core::quote_json::shipment(&shipment)?;
    let built = bundle::of(&state, me.tenant_id, &me.user).await?;
    let lang = current_lang();
    // The browser's answer for the same bundle (the same writer), with the version.
    let mut text = String::with_capacity(256);
    text.push('{');
    logistics_core::quote::write_forecast(&built.products, &shipment, lang, logistics_core::quote::Steps::Inline, &mut text);
    text.push_str(",\"rateVersion\":\"");
    text.push_str(&built.version);
    text.push_str("\"}");
    Ok(ok_json(&text))
}

/// The caller's products, rules and prices for quoting in the browser (no cost data).
#[utoipa::path(get, path = "/logistics/priceForecast/bundle", tag = "logistics",
    responses((status = 200, description = "`result` = {version, generatedAt, effectiveDate, cards, products}; header ETag"),
        (status = 304, description = "If-None-Match named the current version"), (status = 403)))]
pub async fn bundle(State(state): State<AppState>, me: CurrentUser, headers: HeaderMap) -> Result<Response, AppError> {
    grants::require(&state, &me, QUERY).await?;
    let built = bundle::of(&state, me.tenant_id, &me.user).await?;
    let etag = format!("\"{}\"", built.version);
    let etag_value = HeaderValue::from_str(&etag).map_err(AppError::internal)?;
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim().trim_start_matches("W/") == etag));
    let mut response = if matches { StatusCode::NOT_MODIFIED.into_response() } else { ok_json(&built.json) };
    response.headers_mut().insert(header::ETAG, etag_value);
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-cache"));
    Ok(response)
}

//! Price forecast (`/logistics/priceForecast`): quotes for a shipment from the caller's bundle,
//! cheapest first, with the products that cannot take it and why; and the bundle itself
//! (`/bundle`, with an ETag) for the browser to quote offline with the same engine.

pub mod bundle;
pub mod cache;

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use std::sync::Arc;

use utoipa::IntoParams;

use crate::platform::caller::Caller;
use crate::platform::http::reply::ok_json;
use crate::platform::http::{Amount, ApiJson, ApiQuery, AppError, current_lang};
use crate::platform::resource::CUSTOMER;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;

pub const QUERY: &str = "logistics:priceForecast:query";

/// One product's price for the shipment.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Quote {
    pub channel_product_id: String,
    pub code: String,
    /// In the request's language.
    pub name: String,
    /// The rate card's zone the destination falls in.
    pub zone: String,
    /// Kilograms (decimal text): the greater of actual and volumetric, rounded by the card's rule.
    pub chargeable_weight: String,
    /// Freight, then surcharges, fuel and discounts, each with its amount (decimal text).
    pub lines: Vec<QuoteLine>,
    /// Decimal text in the card's currency, rounded to its minor unit.
    pub total: String,
    /// ISO 4217.
    pub currency: String,
    /// How the price was reached, one sentence a step, in the request's language.
    pub breakdown: Vec<String>,
}

/// One line of a quote.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QuoteLine {
    /// freight, surcharge, remote, oversize, fuel, markup, discount, minimum …
    pub kind: String,
    /// In the request's language.
    pub label: String,
    /// Decimal text.
    pub amount: String,
}

/// A product that cannot take the shipment.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Unavailable {
    pub channel_product_id: String,
    pub code: String,
    pub name: String,
    /// Why, in the request's language.
    pub reason: String,
}

/// What a forecast answers. Written by core's quote writer (the browser's engine writes the same
/// text); a test reads real answers into these types, so the document is the real shape.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ForecastResult {
    /// Cheapest first (grouped by currency).
    pub quotes: Vec<Quote>,
    pub unavailable: Vec<Unavailable>,
    /// The bundle version the prices come from.
    pub rate_version: String,
}

/// One line of parcels: dimensions in cm, weight in kg.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParcelForm {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = true)]
    pub length: Option<Amount>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = true)]
    pub width: Option<Amount>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = true)]
    pub height: Option<Amount>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = true)]
    pub weight: Option<Amount>,
    /// 1 (default) to 9999 parcels alike.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quantity: Option<Amount>,
}

/// The shipment to quote; core checks every field (the browser runs the same checks).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ForecastForm {
    /// ISO 3166 alpha-2.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = true)]
    pub country_code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub postal_code: Option<String>,
    /// B2B, B2C, FBA, WMS.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trade_type: Option<String>,
    /// At least one.
    #[serde(default)]
    #[schema(required = true)]
    pub parcels: Vec<ParcelForm>,
    /// The goods' value, for products with a declared-value limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declared_value: Option<Amount>,
    /// Only products priced in this currency (empty: any).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
}

/// Whose prices a forecast uses.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AudienceQuery {
    /// Staff: quote at this customer's (main account's) prices, as its orders are charged; blank:
    /// every enabled product at the card's price. Customers and sub-accounts: ignored (their own).
    pub customer_id: Option<String>,
}

/// The bundle a caller quotes with: a customer's own, or the one of the customer staff name.
async fn audience(state: &AppState, me: &CurrentUser, named: Option<&str>) -> Result<Arc<cache::Built>, AppError> {
    match named.map(str::trim).filter(|n| !n.is_empty()) {
        Some(named) if bundle::customer_of(&me.user).is_none() => {
            let customer = CUSTOMER.check(&state.db, me.tenant_id, "customerId", Some(named)).await?;
            bundle::audience(state, me.tenant_id, Some(customer)).await
        }
        _ => bundle::of(state, me.tenant_id, &me.user).await,
    }
}

/// Quotes a shipment with the caller's products and prices (staff: a named customer's).
#[utoipa::path(post, path = "/logistics/priceForecast", tag = "logistics", request_body = ForecastForm, params(AudienceQuery),
    responses((status = 200, body = crate::platform::http::Envelope<ForecastResult>), (status = 400), (status = 403)))]
pub async fn forecast(
    Caller(state, me): Caller,
    ApiQuery(q): ApiQuery<AudienceQuery>,
    ApiJson(form): ApiJson<ForecastForm>,
) -> Result<Response, AppError> {
    grants::require(&state, &me, QUERY).await?;
    // Core reads the form as the browser's engine does, so both give the same field errors.
    let form = serde_json::to_value(&form).map_err(AppError::internal)?;
    let shipment = logistics_core::quote_json::shipment(&(&form).into())?;
    let built = audience(&state, &me, q.customer_id.as_deref()).await?;
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

/// The caller's products, rules and prices for quoting in the browser (no cost data); staff may
/// name a customer to quote at its prices.
#[utoipa::path(get, path = "/logistics/priceForecast/bundle", tag = "logistics", params(AudienceQuery),
    responses((status = 200, description = "`result` = {version, generatedAt, effectiveDate, cards, products}; header ETag"),
        (status = 304, description = "If-None-Match named the current version"), (status = 403)))]
pub async fn bundle(
    Caller(state, me): Caller,
    ApiQuery(q): ApiQuery<AudienceQuery>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    grants::require(&state, &me, QUERY).await?;
    let built = audience(&state, &me, q.customer_id.as_deref()).await?;
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

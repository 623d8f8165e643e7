//! Chargeable weight on the server: the same core rule the browser runs through WebAssembly.

use logistics_core::{api, decimal, weight};
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::http::{ApiJson, ApiResult, ok};

/// Numbers may be sent as JSON numbers or strings.
#[derive(Debug, ToSchema)]
#[expect(dead_code, reason = "documents the request body; the handler reads it as JSON to accept numbers or strings")]
pub struct ChargeableWeightRequest {
    /// cm
    #[schema(value_type = String, example = "30")]
    length: String,
    #[schema(value_type = String, example = "20")]
    width: String,
    #[schema(value_type = String, example = "10")]
    height: String,
    /// Actual weight, kg.
    #[schema(value_type = String, example = "1.01")]
    weight: String,
    /// Volumetric divisor (thWeightRatio), cm³/kg.
    #[schema(value_type = String, example = "5000")]
    divisor: String,
    /// Billing step in kg; 0 or absent bills to the gram.
    #[schema(value_type = Option<String>, example = "0.5")]
    increment: Option<String>,
}

/// Weights in kg as strings with three decimals.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChargeableWeightResult {
    pub actual_weight: String,
    pub volumetric_weight: String,
    pub chargeable_weight: String,
}

/// Volumetric and chargeable weight of one parcel.
#[utoipa::path(post, path = "/logistics/weight/chargeable", tag = "logistics",
    request_body = ChargeableWeightRequest,
    responses(
        (status = 200, description = "The weights", body = crate::platform::http::Envelope<ChargeableWeightResult>),
        (status = 400, description = "A field is missing or not a valid number; the body names it")))]
pub async fn chargeable(ApiJson(body): ApiJson<serde_json::Value>) -> ApiResult<ChargeableWeightResult> {
    let input = api::parse_weight_input(&body)?;
    let weights = weight::chargeable_weight(&input)?;
    let text = |d| decimal::fixed(d, weight::WEIGHT_SCALE);
    ok(ChargeableWeightResult {
        actual_weight: text(weights.actual_weight),
        volumetric_weight: text(weights.volumetric_weight),
        chargeable_weight: text(weights.chargeable_weight),
    })
}

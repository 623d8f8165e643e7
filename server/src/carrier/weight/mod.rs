//! Chargeable weight on the server: the same core rule the browser runs through WebAssembly.

use logistics_core::{api, decimal, weight};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::http::{Amount, ApiJson, ApiResult, ok};

/// One parcel; numbers may be sent as JSON numbers or decimal text.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ChargeableWeightRequest {
    /// cm
    #[schema(example = "30", required = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    length: Option<Amount>,
    #[schema(example = "20", required = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    width: Option<Amount>,
    #[schema(example = "10", required = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    height: Option<Amount>,
    /// Actual weight, kg.
    #[schema(example = "1.01", required = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    weight: Option<Amount>,
    /// Volumetric divisor, cm³/kg (also read as `thWeightRatio`, JeecgBoot's name).
    #[schema(example = "5000", required = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(alias = "thWeightRatio")]
    divisor: Option<Amount>,
    /// Billing step in kg; 0 or absent bills to the gram.
    #[schema(example = "0.5")]
    #[serde(skip_serializing_if = "Option::is_none")]
    increment: Option<Amount>,
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
pub async fn chargeable(ApiJson(body): ApiJson<ChargeableWeightRequest>) -> ApiResult<ChargeableWeightResult> {
    let body = serde_json::to_value(&body).map_err(crate::platform::http::AppError::internal)?;
    let input = api::parse_weight_input(&(&body).into())?;
    let weights = weight::chargeable_weight(&input)?;
    let text = |d| decimal::fixed(d, weight::WEIGHT_SCALE);
    ok(ChargeableWeightResult {
        actual_weight: text(weights.actual_weight),
        volumetric_weight: text(weights.volumetric_weight),
        chargeable_weight: text(weights.chargeable_weight),
    })
}

//! The parts of a rate card's body as the OpenAPI document shows them. Add and edit hand the body
//! to core whole, which checks it field by field (its errors name the place, `prices[3].toWeight`)
//! and normalizes it; these types describe that body (what is sent, and what the detail answers)
//! rather than parse it. Weights are kilograms, money is in the card's currency; each number may
//! be sent as a JSON number or as decimal text, and comes back as a number.

use utoipa::ToSchema;

use crate::platform::http::Amount;

/// Weights up to `upTo` round up to a multiple of `increment`.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
pub struct WeightStep {
    pub up_to: Amount,
    pub increment: Amount,
}

/// A zone: the countries (ISO codes) it covers, optionally narrowed to postal-code prefixes.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
pub struct Zone {
    /// Unique within the card, at most 32 characters.
    pub code: String,
    pub countries: Vec<String>,
    pub postal_prefixes: Vec<String>,
}

/// A zone's price for a weight bracket (`fromWeight` exclusive, `toWeight` inclusive; brackets of
/// a zone do not overlap).
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
pub struct PriceRow {
    /// A zone code of the card.
    pub zone: String,
    pub from_weight: Amount,
    pub to_weight: Amount,
    /// `fixed` (`price`), `firstAdditional` (`firstWeight`, `firstPrice`, `stepWeight`,
    /// `stepPrice`) or `perKg` (`price` a kilogram, `minCharge`).
    pub mode: String,
    pub price: Option<Amount>,
    pub first_weight: Option<Amount>,
    pub first_price: Option<Amount>,
    pub step_weight: Option<Amount>,
    pub step_price: Option<Amount>,
    pub min_charge: Option<Amount>,
}

/// A surcharge: `fuel` and `insurance` take `percent`; `perTicket` an `amount`; `remoteArea` an
/// `amount` for `postalCodes` (prefixes) in `countries`; `oversize` an `amount` above `maxSide`
/// (cm) or `maxWeight`.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
pub struct Surcharge {
    #[schema(rename = "type")]
    pub kind: String,
    pub percent: Option<Amount>,
    pub amount: Option<Amount>,
    pub countries: Option<Vec<String>>,
    pub postal_codes: Option<Vec<String>>,
    pub max_side: Option<Amount>,
    pub max_weight: Option<Amount>,
}

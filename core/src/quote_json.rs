//! The quote engine's JSON: the bundle of a customer's channel products and rate cards (as the
//! server sends it to the browser, cost prices never included) and the shipment a user types in.
//! Hand-read from core's own JSON value (typed deserialisers would weigh on the browser's build).

use crate::decimal::Decimal;
use crate::json::Value;
use crate::prelude::*;

use crate::decimal::{self, Bounds};
use crate::i18n::MessageKey;
use crate::quote::{
    Freight, Measure, Parcel, PostalRule, PriceRow, Product, RateCard, RoundingStep, Scope, Shipment, Surcharge, ValidityRule,
    Zone, normalized_postal, weighs_alike,
};
use crate::validate::FieldError;
use crate::weight::{DIMENSION_BOUNDS, WEIGHT_BOUNDS};

/// A bundle that does not fit the format (the server's or an old cache's): the forecast says so.
#[derive(Debug, PartialEq, Eq)]
pub struct BadBundle(pub String);

fn text(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).map(str::trim).unwrap_or("").to_owned()
}

fn texts(v: &Value, key: &str) -> Vec<String> {
    match v.get(key) {
        Some(Value::Array(items)) => {
            items.iter().filter_map(Value::as_str).map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()).collect()
        }
        Some(Value::String(s)) => s.split(',').map(|p| p.trim().to_owned()).filter(|p| !p.is_empty()).collect(),
        _ => Vec::new(),
    }
}

fn number(v: &Value, key: &str) -> Option<Decimal> {
    match v.get(key)? {
        Value::String(s) => decimal::parse(s.trim()),
        Value::Number(n) => decimal::parse(n),
        _ => None,
    }
}

fn need(v: &Value, key: &str, what: &str) -> Result<Decimal, BadBundle> {
    number(v, key).ok_or_else(|| BadBundle(format!("{what}: {key}")))
}

fn card(v: &Value) -> Result<RateCard, BadBundle> {
    let code = text(v, "code");
    let mut rounding: Vec<RoundingStep> = v
        .get("weightRounding")
        .and_then(Value::as_array)
        .map(|steps| {
            steps
                .iter()
                .map(|s| Ok(RoundingStep { up_to: need(s, "upTo", &code)?, increment: need(s, "increment", &code)? }))
                .collect::<Result<_, _>>()
        })
        .transpose()?
        .unwrap_or_default();
    // A handful of rows: an insertion sort (no second quicksort in the browser's build).
    for i in 1..rounding.len() {
        let mut j = i;
        while j > 0 && rounding[j - 1].up_to > rounding[j].up_to {
            rounding.swap(j - 1, j);
            j -= 1;
        }
    }
    let zones: Vec<Zone> = v
        .get("zones")
        .and_then(Value::as_array)
        .map(|zs| {
            zs.iter()
                .map(|z| Zone {
                    code: text(z, "code"),
                    countries: texts(z, "countries").into_iter().map(|c| c.to_ascii_uppercase()).collect(),
                    postal_prefixes: texts(z, "postalPrefixes").iter().map(|p| normalized_postal(p)).collect(),
                })
                .collect()
        })
        .unwrap_or_default();
    let mut prices = Vec::new();
    for p in v.get("prices").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default() {
        let freight = match text(p, "mode").as_str() {
            "fixed" => Freight::Fixed { price: need(p, "price", &code)? },
            "firstAdditional" => Freight::FirstAdditional {
                first_weight: need(p, "firstWeight", &code)?,
                first_price: need(p, "firstPrice", &code)?,
                step_weight: need(p, "stepWeight", &code)?,
                step_price: need(p, "stepPrice", &code)?,
            },
            "perKg" => {
                Freight::PerKg { price: need(p, "price", &code)?, min_charge: number(p, "minCharge").unwrap_or(Decimal::ZERO) }
            }
            other => return Err(BadBundle(format!("{code}: price mode {other}"))),
        };
        let zone = text(p, "zone");
        prices.push(PriceRow {
            zone_at: zones.iter().position(|z| z.code == zone).unwrap_or(usize::MAX),
            zone,
            from_weight: need(p, "fromWeight", &code)?,
            to_weight: need(p, "toWeight", &code)?,
            freight,
        });
    }
    let mut surcharges = Vec::new();
    for s in v.get("surcharges").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default() {
        surcharges.push(match text(s, "type").as_str() {
            "fuel" => Surcharge::Fuel { percent: need(s, "percent", &code)? },
            "perTicket" => Surcharge::PerTicket { amount: need(s, "amount", &code)? },
            "remoteArea" => Surcharge::RemoteArea {
                countries: texts(s, "countries").into_iter().map(|c| c.to_ascii_uppercase()).collect(),
                // Listed by code or prefix (`IV`, `PH*` and `PH` alike): kept as prefixes.
                postal_codes: texts(s, "postalCodes").iter().map(|p| normalized_postal(p.trim_end_matches('*'))).collect(),
                amount: need(s, "amount", &code)?,
            },
            "oversize" => Surcharge::Oversize {
                max_side: number(s, "maxSide"),
                max_weight: number(s, "maxWeight"),
                amount: need(s, "amount", &code)?,
            },
            "insurance" => Surcharge::Insurance { percent: need(s, "percent", &code)? },
            other => return Err(BadBundle(format!("{code}: surcharge {other}"))),
        });
    }
    Ok(RateCard {
        currency: text(v, "currency").to_ascii_uppercase(),
        rounding,
        min_chargeable_weight: number(v, "minChargeableWeight").unwrap_or(Decimal::ZERO),
        scope: if text(v, "roundingScope") == "ticket" { Scope::Ticket } else { Scope::Parcel },
        zones,
        prices,
        surcharges,
        code,
        weighing: 0,
    })
}

fn measure(name: &str) -> Option<Measure> {
    Some(match name {
        "weight" => Measure::Weight,
        "longestSide" => Measure::LongestSide,
        "girth" => Measure::Girth,
        "declaredValue" => Measure::DeclaredValue,
        "pieces" => Measure::Pieces,
        _ => return None,
    })
}

/// The products of a bundle `{products: [...], cards: [...]}`, each with its card (`feeId` names
/// the card's code). A product whose card is missing is left out.
pub fn products(bundle: &Value) -> Result<Vec<Product>, BadBundle> {
    let mut cards: Vec<RateCard> = bundle
        .get("cards")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .map(card)
        .collect::<Result<_, _>>()?;
    // Cards that weigh alike take the number of the first of them.
    for i in 0..cards.len() {
        cards[i].weighing = (0..i).find(|&j| weighs_alike(&cards[j], &cards[i])).map_or(i, |j| cards[j].weighing);
    }
    let cards: Vec<alloc::sync::Arc<RateCard>> = cards.into_iter().map(alloc::sync::Arc::new).collect();
    let mut out = Vec::new();
    for p in bundle.get("products").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default() {
        let fee = text(p, "feeId");
        let Some(card) = cards.iter().find(|c| c.code == fee) else { continue };
        let code = text(p, "code");
        let mut rules = Vec::new();
        for r in p.get("rules").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default() {
            let m = measure(&text(r, "validType")).ok_or_else(|| BadBundle(format!("{code}: rule {}", text(r, "validType"))))?;
            rules.push(ValidityRule { measure: m, min: number(r, "min"), max: number(r, "max") });
        }
        let postal_rules = p
            .get("postalRules")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .map(|r| PostalRule {
                country: text(r, "country").to_ascii_uppercase(),
                pattern: normalized_postal(&text(r, "postalCode")),
                allow: r.get("allow").and_then(Value::as_bool).unwrap_or(false),
            })
            .collect();
        let mut product = Product {
            id: text(p, "id"),
            name: text(p, "name"),
            name_en: text(p, "nameEn"),
            trade_type: text(p, "tradeType"),
            multi_piece: p.get("izMult").and_then(Value::as_bool).unwrap_or(true),
            divisor: number(p, "thWeightRatio").unwrap_or(Decimal::ZERO),
            markup_percent: number(p, "markupPercent").unwrap_or(Decimal::ZERO),
            rules,
            postal_rules,
            card: card.clone(),
            code,
            heads: Default::default(),
        };
        product.heads = product.heads();
        out.push(product);
    }
    Ok(out)
}

const MONEY_BOUNDS: Bounds = Bounds { allow_zero: true, max: Decimal::int(100_000_000), max_scale: 2 };

/// The shipment a user typed: country, postal code, trade type, parcels, declared value.
pub fn shipment(v: &Value) -> Result<Shipment, FieldError> {
    let country = text(v, "countryCode").to_ascii_uppercase();
    if country.len() != 2 || !country.chars().all(|c| c.is_ascii_uppercase()) {
        return Err(FieldError::new("countryCode", MessageKey::Required).with("field", "@field_country"));
    }
    let parcels_json = v.get("parcels").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    if parcels_json.is_empty() {
        return Err(FieldError::new("parcels", MessageKey::Required).with("field", "@field_parcels"));
    }
    let mut parcels = Vec::new();
    for (i, p) in parcels_json.iter().enumerate() {
        let field = |name: &str| format!("parcels[{i}].{name}");
        let quantity = match p.get("quantity") {
            None | Some(Value::Null) => 1,
            Some(q) => q
                .as_u64()
                .or_else(|| q.as_str().and_then(|s| s.trim().parse().ok()))
                .filter(|q| (1..=9999).contains(q))
                .ok_or_else(|| FieldError::new(field("quantity"), MessageKey::NumberInvalid).with("field", "@field_quantity"))?
                as u32,
        };
        parcels.push(Parcel {
            length: decimal::read(&field("length"), MessageKey::FieldLength, p.get("length"), DIMENSION_BOUNDS)?,
            width: decimal::read(&field("width"), MessageKey::FieldWidth, p.get("width"), DIMENSION_BOUNDS)?,
            height: decimal::read(&field("height"), MessageKey::FieldHeight, p.get("height"), DIMENSION_BOUNDS)?,
            weight: decimal::read(&field("weight"), MessageKey::FieldWeight, p.get("weight"), WEIGHT_BOUNDS)?,
            quantity,
        });
    }
    let declared_value = match v.get("declaredValue") {
        None | Some(Value::Null) => Decimal::ZERO,
        Some(Value::String(s)) if s.trim().is_empty() => Decimal::ZERO,
        other => decimal::read("declaredValue", MessageKey::RuleDeclaredValue, other, MONEY_BOUNDS)?,
    };
    Ok(Shipment {
        country,
        postal_code: text(v, "postalCode"),
        trade_type: text(v, "tradeType").to_ascii_uppercase(),
        currency: text(v, "currency").to_ascii_uppercase(),
        postal: normalized_postal(&text(v, "postalCode")),
        parcels,
        declared_value,
    })
}

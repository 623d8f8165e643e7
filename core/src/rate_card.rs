//! A rate card as an administrator writes it (the API's JSON, or the rows of its xlsx import),
//! checked field by field: the first error names its field (`prices[3].toWeight`) and says what
//! is wrong in the user's language. What passes comes back normalized (numbers as plain decimal
//! strings, country codes upper-cased, lists as arrays): the body the server stores and the quote
//! engine reads (`quote_json`).

use serde_json::{Map, Value, json};

use crate::decimal::{self, Bounds, Decimal};
use crate::i18n::MessageKey;
use crate::validate::FieldError;

const WEIGHTS: Bounds = Bounds { allow_zero: true, max: Decimal::int(100_000), max_scale: 3 };
const MONEY: Bounds = Bounds { allow_zero: true, max: Decimal::int(100_000_000), max_scale: 4 };
const PERCENT: Bounds = Bounds { allow_zero: true, max: Decimal::int(1_000), max_scale: 4 };
const SIDES: Bounds = Bounds { allow_zero: false, max: Decimal::int(10_000), max_scale: 2 };

/// The price modes and surcharge types, as the format names them.
pub const PRICE_MODES: [&str; 3] = ["fixed", "firstAdditional", "perKg"];
pub const SURCHARGE_TYPES: [&str; 5] = ["fuel", "perTicket", "remoteArea", "oversize", "insurance"];

fn text(v: &Value, key: &str) -> String {
    match v.get(key) {
        Some(Value::String(s)) => s.trim().to_owned(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

/// A list given as a JSON array or a comma-separated string.
fn list(v: &Value, key: &str) -> Vec<String> {
    match v.get(key) {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|i| match i {
                Value::String(s) => Some(s.trim().to_owned()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            })
            .filter(|s| !s.is_empty())
            .collect(),
        Some(Value::String(s)) => {
            s.split([',', '，', ' ', '\n']).map(str::trim).filter(|p| !p.is_empty()).map(str::to_owned).collect()
        }
        _ => Vec::new(),
    }
}

fn items<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v.get(key).and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default()
}

fn present(v: &Value, key: &str) -> bool {
    match v.get(key) {
        None | Some(Value::Null) => false,
        Some(Value::String(s)) => !s.trim().is_empty(),
        Some(_) => true,
    }
}

/// A required number at `path`.
fn number(v: &Value, key: &str, path: &str, label: MessageKey, bounds: Bounds) -> Result<Decimal, FieldError> {
    decimal::read(path, label, v.get(key), bounds)
}

fn optional(v: &Value, key: &str, path: &str, label: MessageKey, bounds: Bounds) -> Result<Option<Decimal>, FieldError> {
    if present(v, key) { number(v, key, path, label, bounds).map(Some) } else { Ok(None) }
}

fn labelled(path: String, key: MessageKey, label: MessageKey) -> FieldError {
    FieldError::new(path, key).with("field", format!("@{}", label.key()))
}

fn countries(v: &Value, key: &str, path: &str) -> Result<Vec<String>, FieldError> {
    let codes: Vec<String> = list(v, key).into_iter().map(|c| c.to_ascii_uppercase()).collect();
    if codes.iter().any(|c| c.len() != 2 || !c.bytes().all(|b| b.is_ascii_uppercase())) {
        return Err(FieldError::new(path, MessageKey::CountryCodeInvalid));
    }
    Ok(codes)
}

fn postal_codes(v: &Value, key: &str, path: &str) -> Result<Vec<String>, FieldError> {
    let codes: Vec<String> = list(v, key).into_iter().map(|c| c.to_ascii_uppercase()).collect();
    for c in &codes {
        let star = c.find('*');
        let valid = c.len() <= 20
            && c.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '-' || ch == '*')
            && star.is_none_or(|at| at == c.len() - 1);
        if !valid {
            return Err(FieldError::new(path, MessageKey::PostalRuleInvalid));
        }
    }
    Ok(codes)
}

fn plain(d: Decimal) -> Value {
    Value::String(decimal::plain(d))
}

/// The card's body `{weightRounding, minChargeableWeight, roundingScope, zones, prices,
/// surcharges}` and its currency, checked and normalized; the first error otherwise.
pub fn checked(v: &Value) -> Result<(String, Value), FieldError> {
    let currency = text(v, "currency").to_ascii_uppercase();
    if currency.len() != 3 || !currency.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(FieldError::new("currency", MessageKey::CurrencyInvalid));
    }
    let min = optional(v, "minChargeableWeight", "minChargeableWeight", MessageKey::RuleWeight, WEIGHTS)?;
    let scope = match text(v, "roundingScope").as_str() {
        "" | "parcel" => "parcel",
        "ticket" => "ticket",
        _ => return Err(labelled("roundingScope".into(), MessageKey::ValueInvalid, MessageKey::FieldDescription)),
    };

    let mut rounding = Vec::new();
    let mut up_tos: Vec<Decimal> = Vec::new();
    for (i, r) in items(v, "weightRounding").iter().enumerate() {
        let up_to = number(r, "upTo", &format!("weightRounding[{i}].upTo"), MessageKey::RuleWeight, WEIGHTS)?;
        let increment = number(r, "increment", &format!("weightRounding[{i}].increment"), MessageKey::RuleWeight, WEIGHTS)?;
        if up_to.is_zero() || up_tos.contains(&up_to) {
            return Err(labelled(format!("weightRounding[{i}].upTo"), MessageKey::ValueInvalid, MessageKey::RuleWeight));
        }
        up_tos.push(up_to);
        rounding.push(json!({"upTo": plain(up_to), "increment": plain(increment)}));
    }

    let mut zones = Vec::new();
    let mut zone_codes: Vec<String> = Vec::new();
    for (i, z) in items(v, "zones").iter().enumerate() {
        let code = text(z, "code");
        if code.is_empty() || code.chars().count() > 32 {
            return Err(FieldError::new(format!("zones[{i}].code"), MessageKey::Required).with("field", "@field_code"));
        }
        if zone_codes.contains(&code) {
            return Err(FieldError::new(format!("zones[{i}].code"), MessageKey::ZoneDuplicate).with("zone", code));
        }
        let path = format!("zones[{i}].countries");
        let list = countries(z, "countries", &path)?;
        if list.is_empty() {
            return Err(FieldError::new(path, MessageKey::Required).with("field", "@field_country"));
        }
        let prefixes = postal_codes(z, "postalPrefixes", &format!("zones[{i}].postalPrefixes"))?;
        zone_codes.push(code.clone());
        zones.push(json!({"code": code, "countries": list, "postalPrefixes": prefixes}));
    }
    if zones.is_empty() {
        return Err(FieldError::new("zones", MessageKey::Required).with("field", "@field_zone"));
    }

    let mut prices = Vec::new();
    let mut brackets: Vec<(String, Decimal, Decimal, usize)> = Vec::new();
    for (i, p) in items(v, "prices").iter().enumerate() {
        let at = |name: &str| format!("prices[{i}].{name}");
        let zone = text(p, "zone");
        if !zone_codes.contains(&zone) {
            return Err(FieldError::new(at("zone"), MessageKey::ZoneUnknown).with("zone", zone));
        }
        let from = number(p, "fromWeight", &at("fromWeight"), MessageKey::RuleWeight, WEIGHTS)?;
        let to = number(p, "toWeight", &at("toWeight"), MessageKey::RuleWeight, WEIGHTS)?;
        if to <= from {
            return Err(FieldError::new(at("toWeight"), MessageKey::BracketInvalid));
        }
        if brackets.iter().any(|(z, f, t, _)| *z == zone && from < *t && *f < to) {
            return Err(FieldError::new(at("fromWeight"), MessageKey::BracketOverlap).with("zone", zone));
        }
        brackets.push((zone.clone(), from, to, i));
        let mode = text(p, "mode");
        let money = |key: &str| number(p, key, &at(key), MessageKey::FieldPrice, MONEY).map(plain);
        let weight = |key: &str| number(p, key, &at(key), MessageKey::RuleWeight, WEIGHTS).map(plain);
        let mut row = Map::new();
        row.insert("zone".into(), Value::String(zone));
        row.insert("fromWeight".into(), plain(from));
        row.insert("toWeight".into(), plain(to));
        match mode.as_str() {
            "fixed" => {
                row.insert("price".into(), money("price")?);
            }
            "firstAdditional" => {
                row.insert("firstWeight".into(), weight("firstWeight")?);
                row.insert("firstPrice".into(), money("firstPrice")?);
                row.insert("stepWeight".into(), weight("stepWeight")?);
                row.insert("stepPrice".into(), money("stepPrice")?);
            }
            "perKg" => {
                row.insert("price".into(), money("price")?);
                let min = optional(p, "minCharge", &at("minCharge"), MessageKey::FieldPrice, MONEY)?;
                row.insert("minCharge".into(), plain(min.unwrap_or(Decimal::ZERO)));
            }
            _ => return Err(labelled(at("mode"), MessageKey::ValueInvalid, MessageKey::FieldPrice)),
        }
        row.insert("mode".into(), Value::String(mode));
        prices.push(Value::Object(row));
    }
    if prices.is_empty() {
        return Err(FieldError::new("prices", MessageKey::Required).with("field", "@field_price"));
    }

    let mut surcharges = Vec::new();
    for (i, s) in items(v, "surcharges").iter().enumerate() {
        let at = |name: &str| format!("surcharges[{i}].{name}");
        let kind = text(s, "type");
        let percent = || number(s, "percent", &at("percent"), MessageKey::FieldPercent, PERCENT).map(plain);
        let amount = || number(s, "amount", &at("amount"), MessageKey::FieldAmount, MONEY).map(plain);
        let row = match kind.as_str() {
            "fuel" => json!({"type": kind, "percent": percent()?}),
            "insurance" => json!({"type": kind, "percent": percent()?}),
            "perTicket" => json!({"type": kind, "amount": amount()?}),
            "remoteArea" => {
                let codes = postal_codes(s, "postalCodes", &at("postalCodes"))?;
                if codes.is_empty() {
                    return Err(FieldError::new(at("postalCodes"), MessageKey::Required).with("field", "@field_postal_code"));
                }
                json!({"type": kind, "countries": countries(s, "countries", &at("countries"))?, "postalCodes": codes, "amount": amount()?})
            }
            "oversize" => {
                let side = optional(s, "maxSide", &at("maxSide"), MessageKey::RuleLongestSide, SIDES)?;
                let weight = optional(s, "maxWeight", &at("maxWeight"), MessageKey::RuleWeight, WEIGHTS)?;
                if side.is_none() && weight.is_none() {
                    return Err(FieldError::new(at("maxSide"), MessageKey::RuleLimitRequired));
                }
                let mut row = json!({"type": kind, "amount": amount()?});
                if let Some(side) = side {
                    row["maxSide"] = plain(side);
                }
                if let Some(weight) = weight {
                    row["maxWeight"] = plain(weight);
                }
                row
            }
            _ => return Err(labelled(at("type"), MessageKey::ValueInvalid, MessageKey::FieldDescription)),
        };
        surcharges.push(row);
    }

    let body = json!({
        "weightRounding": rounding,
        "minChargeableWeight": plain(min.unwrap_or(Decimal::ZERO)),
        "roundingScope": scope,
        "zones": zones,
        "prices": prices,
        "surcharges": surcharges,
    });
    Ok((currency, body))
}

/// The card with every freight price (fixed, first and additional, per kg and its minimum) marked
/// up or down by `percent` and rounded half-up to 4 places: what a customer at that level pays
/// before surcharges. Cost prices stay on the server; the bundle carries only these.
pub fn marked_up(body: &Value, percent: Decimal) -> Value {
    let mut out = body.clone();
    let factor = Decimal::int(100).checked_add(percent).unwrap_or(Decimal::int(100));
    if let Some(prices) = out.get_mut("prices").and_then(Value::as_array_mut) {
        for row in prices {
            for key in ["price", "firstPrice", "stepPrice", "minCharge"] {
                let scaled = row
                    .get(key)
                    .and_then(Value::as_str)
                    .and_then(decimal::parse)
                    .and_then(|p| decimal::percent_of(p, factor))
                    .and_then(|p| decimal::round_half_up(p, 4));
                if let Some(p) = scaled {
                    row[key] = plain(p);
                }
            }
        }
    }
    out
}

//! Partitions (分区表): a named set of zones, each zone the countries it covers and, optionally,
//! postal-code prefixes, that rate cards reference instead of carrying zones of their own. One
//! partition prices many cards (every version of a carrier's card, several carriers that zone the
//! world alike); changing it re-zones them all, so a change is refused while a card that uses it
//! would price a zone it no longer has. The quote engine never sees a partition: a card is quoted
//! with its partition's zones put back in ([`with_zones`]), the very body it had before zones
//! moved out.

use crate::i18n::MessageKey;
use crate::json::Value;
use crate::prelude::*;
use crate::validate::{self, FieldError};

/// A partition as saved: its code and names, its normalized zones and the countries they cover.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    pub code: String,
    pub name: String,
    pub name_en: Option<String>,
    /// `[{code, countries, postalPrefixes}]`, as a card's zones are normalized.
    pub zones: Value,
    /// Every country of its zones, once each, in their order: `US,CA,GB`.
    pub countries: String,
    pub zone_count: usize,
}

fn text(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).map(str::trim).unwrap_or_default().into()
}

/// Every problem of a partition as its form sends it (`code`, `name`, `nameEn`, `zones`), in that
/// order; the first is [`checked`]'s error. The form shows them all at once.
pub fn issues(v: &Value) -> Vec<FieldError> {
    match checked_all(v) {
        Ok(_) => Vec::new(),
        Err(issues) => issues,
    }
}

/// A partition checked and normalized; the first error otherwise.
pub fn checked(v: &Value) -> Result<Partition, FieldError> {
    checked_all(v).map_err(|issues| issues.into_iter().next().unwrap_or_else(|| FieldError::new("", MessageKey::BadRequest)))
}

fn checked_all(v: &Value) -> Result<Partition, Vec<FieldError>> {
    let mut issues = Vec::new();
    let code = crate::codes::business_code("code", &text(v, "code")).map_err(|e| issues.push(e)).ok();
    let name = text(v, "name");
    let name_ok = validate::required("name", "@field_name", &name)
        .and_then(|()| validate::max_chars("name", "@field_name", &name, 100))
        .map_err(|e| issues.push(e))
        .is_ok();
    let name_en = text(v, "nameEn");
    let name_en_ok = validate::max_chars("nameEn", "@field_name_en", &name_en, 100).map_err(|e| issues.push(e)).is_ok();
    let zones = crate::rate_card::zone_list(v).map_err(|e| issues.extend(e)).ok();
    match (code, zones) {
        (Some(code), Some(zones)) if name_ok && name_en_ok && issues.is_empty() => {
            let mut countries: Vec<String> = Vec::new();
            for zone in &zones {
                for country in zone.get("countries").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str) {
                    if !countries.iter().any(|c| c == country) {
                        countries.push(country.into());
                    }
                }
            }
            Ok(Partition {
                code,
                name,
                name_en: (!name_en.is_empty()).then_some(name_en),
                zone_count: zones.len(),
                zones: zones.into(),
                countries: countries.join(","),
            })
        }
        _ => Err(issues),
    }
}

/// The code a partition filed for a card starts from: the card's code in the business-code form
/// (capitals, digits, `-`, `_`; a letter first, so `4PX-EXP` gives `P4PX-EXP`), at most `room`
/// characters, leaving space for a `-2` when it is taken.
pub fn code_for(card_code: &str, room: usize) -> String {
    let mut code: String =
        card_code.trim().to_ascii_uppercase().chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect();
    if !code.starts_with(|c: char| c.is_ascii_uppercase()) {
        code.insert(0, 'P');
    }
    if code.len() < 2 {
        code.push('Z');
    }
    code.chars().take(room).collect()
}

/// A stored card body (zones moved out to its partition) with its partition's zones put back in:
/// the body the quote engine reads, as it was before partitions existed.
pub fn with_zones(body: &Value, zones: &Value) -> Value {
    match body {
        Value::Object(map) => {
            let mut map = map.clone();
            map.insert("zones", zones.clone());
            Value::Object(map)
        }
        other => other.clone(),
    }
}

/// A card body as stored beside its partition: without zones (they live in the partition).
pub fn without_zones(body: &Value) -> Value {
    match body.as_object() {
        Some(map) => {
            Value::Object(map.iter().filter(|(k, _)| k.as_str() != "zones").map(|(k, v)| (k.clone(), v.clone())).collect())
        }
        None => body.clone(),
    }
}

/// The prices of a card (its resolved body) that name a zone not among `zones`: the zone codes,
/// once each. A partition's change is refused while a card would be left with any.
pub fn missing_zones(body: &Value, zones: &Value) -> Vec<String> {
    let codes: Vec<&str> = zones.as_array().into_iter().flatten().filter_map(|z| z.get("code").and_then(Value::as_str)).collect();
    let mut missing: Vec<String> = Vec::new();
    for price in body.get("prices").and_then(Value::as_array).into_iter().flatten() {
        let zone = price.get("zone").and_then(Value::as_str).unwrap_or_default();
        if !codes.contains(&zone) && !missing.iter().any(|m| m == zone) {
            missing.push(zone.into());
        }
    }
    missing
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::parse;

    fn form(zones: &str) -> Value {
        parse(&format!(r#"{{"code":"eu-zones","name":"欧洲分区","zones":{zones}}}"#)).unwrap()
    }

    #[test]
    fn a_partition_is_normalized_and_counts_its_countries() {
        let p = checked(&form(r#"[{"code":"A","countries":["de","fr"],"postalPrefixes":[]},{"code":"B","countries":["FR","it"],"postalPrefixes":["20"]}]"#)).unwrap();
        assert_eq!(p.code, "EU-ZONES");
        assert_eq!(p.countries, "DE,FR,IT");
        assert_eq!(p.zone_count, 2);
        assert_eq!(p.name_en, None);
        assert_eq!(p.zones.as_array().unwrap()[1].get("countries").unwrap().as_array().unwrap().len(), 2);
    }

    #[test]
    fn every_problem_is_named_in_order() {
        let bad =
            parse(r#"{"code":"","name":"","zones":[{"code":"A","countries":["1A"]},{"code":"A","countries":["US"]}]}"#).unwrap();
        let fields: Vec<String> = issues(&bad).into_iter().map(|e| e.field).collect();
        assert_eq!(fields, ["code", "name", "zones[0].countries", "zones[1].code"]);
        assert_eq!(checked(&bad).unwrap_err().field, "code");
        let none = parse(r#"{"code":"PX","name":"P","zones":[]}"#).unwrap();
        assert_eq!(checked(&none).unwrap_err().field, "zones");
    }

    #[test]
    fn zones_go_out_and_come_back_unchanged() {
        let body = parse(r#"{"minChargeableWeight":"0.5","prices":[{"zone":"A"}],"zones":[{"code":"A"}]}"#).unwrap();
        let stored = without_zones(&body);
        assert!(stored.get("zones").is_none());
        assert_eq!(with_zones(&stored, body.get("zones").unwrap()), body);
        assert_eq!(with_zones(&stored, body.get("zones").unwrap()).to_string(), body.to_string());
    }

    #[test]
    fn a_card_code_gives_a_valid_partition_code() {
        for (card, code) in [("UPS-RED", "UPS-RED"), ("4px-exp", "P4PX-EXP"), ("x", "XZ"), ("云途", "PZ"), ("_A", "P_A")] {
            assert_eq!(code_for(card, 29), code);
            assert!(crate::codes::business_code("code", &code_for(card, 29)).is_ok(), "{card}");
        }
        assert_eq!(code_for(&"A".repeat(40), 29).len(), 29);
    }

    #[test]
    fn prices_of_zones_a_partition_lacks_are_named_once() {
        let body = parse(r#"{"prices":[{"zone":"A"},{"zone":"B"},{"zone":"B"}]}"#).unwrap();
        let zones = parse(r#"[{"code":"A"}]"#).unwrap();
        assert_eq!(missing_zones(&body, &zones), ["B"]);
        assert!(missing_zones(&body, &parse(r#"[{"code":"A"},{"code":"B"}]"#).unwrap()).is_empty());
    }
}

//! A channel product's own rules as an administrator writes them: the validity rules (what a
//! shipment may weigh, measure or be worth), the postal rules (postal codes served or refused per
//! country) and the volumetric divisor. The server checks a save with them, the browser each row as
//! it is typed, through WebAssembly, with the same messages.

use crate::decimal::{self, Bounds, Decimal};
use crate::i18n::MessageKey;
use crate::json::Value;
use crate::prelude::*;
use crate::validate::FieldError;

/// What a validity rule measures.
pub const VALID_TYPES: [&str; 5] = ["weight", "longestSide", "girth", "declaredValue", "pieces"];

/// The largest volumetric divisor (cm³/kg).
pub const MAX_DIVISOR: i64 = 1_000_000;

/// The bounds of a validity rule's limits (weights and sides to 3 places, money to 2, pieces whole).
pub fn rule_bounds(valid_type: &str) -> Bounds {
    match valid_type {
        "pieces" => Bounds { allow_zero: true, max: Decimal::int(100_000), max_scale: 0 },
        "declaredValue" => Bounds { allow_zero: true, max: Decimal::int(100_000_000), max_scale: 2 },
        _ => Bounds { allow_zero: true, max: Decimal::int(100_000), max_scale: 3 },
    }
}

/// The name of what a rule measures, in the catalogue.
pub fn rule_label(valid_type: &str) -> MessageKey {
    match valid_type {
        "weight" => MessageKey::RuleWeight,
        "longestSide" => MessageKey::RuleLongestSide,
        "girth" => MessageKey::RuleGirth,
        "declaredValue" => MessageKey::RuleDeclaredValue,
        _ => MessageKey::RulePieces,
    }
}

/// A validity rule as kept: its type and limits as plain decimals (None: no limit that way).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    pub valid_type: String,
    pub min: Option<String>,
    pub max: Option<String>,
}

fn blank(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.trim().is_empty(),
        Some(_) => false,
    }
}

/// A validity rule's problems, field by field in the form's order (`{at}validType`, `{at}min`,
/// `{at}max`): an unknown type, a limit that is no number or out of bounds, no limit at all, or a
/// minimum above the maximum. The first is what a save is refused for.
pub fn rule_issues(at: &str, valid_type: &str, min: Option<&Value>, max: Option<&Value>) -> Vec<FieldError> {
    let valid_type = valid_type.trim();
    if !VALID_TYPES.contains(&valid_type) {
        return vec![FieldError::new(format!("{at}validType"), MessageKey::ValueInvalid).with("field", "validType")];
    }
    let (bounds, label) = (rule_bounds(valid_type), rule_label(valid_type));
    let mut issues = Vec::new();
    let mut limit = |name: &str, v: Option<&Value>| -> Option<Option<Decimal>> {
        if blank(v) {
            return Some(None);
        }
        match decimal::read(&format!("{at}{name}"), label, v, bounds) {
            Ok(d) => Some(Some(d)),
            Err(e) => {
                issues.push(e);
                None
            }
        }
    };
    let (min, max) = (limit("min", min), limit("max", max));
    match (min, max) {
        (Some(None), Some(None)) => issues.push(FieldError::new(format!("{at}max"), MessageKey::RuleLimitRequired)),
        (Some(Some(a)), Some(Some(b))) if a > b => issues.push(FieldError::new(format!("{at}max"), MessageKey::RuleMinAboveMax)),
        _ => {}
    }
    issues
}

/// A validity rule, checked (`at` prefixes the fields: `rules[2].`), with its limits normalized.
pub fn rule(at: &str, valid_type: &str, min: Option<&Value>, max: Option<&Value>) -> Result<Rule, FieldError> {
    if let Some(first) = rule_issues(at, valid_type, min, max).into_iter().next() {
        return Err(first);
    }
    let valid_type = valid_type.trim();
    let bounds = rule_bounds(valid_type);
    let plain = |v: Option<&Value>| {
        if blank(v) { None } else { decimal::read("", MessageKey::RuleWeight, v, bounds).ok().map(decimal::plain) }
    };
    Ok(Rule { valid_type: valid_type.to_owned(), min: plain(min), max: plain(max) })
}

/// Whether `code` (upper-cased) is a postal code or, ending in `*`, a prefix: letters, digits,
/// spaces and `-`, at most 20 characters.
fn is_postal_rule(code: &str) -> bool {
    let star = code.find('*');
    code.len() <= 20
        && code.chars().all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-' || c == '*')
        && star.is_none_or(|at| at == code.len() - 1)
}

/// A postal rule's problems (`{at}country`, then `{at}postalCode`); both are upper-cased first.
pub fn postal_rule_issues(at: &str, country: &str, postal_code: &str) -> Vec<FieldError> {
    let mut issues = Vec::new();
    let country = country.trim().to_ascii_uppercase();
    if !crate::codes::is_country(&country) {
        issues.push(FieldError::new(format!("{at}country"), MessageKey::CountryCodeInvalid));
    }
    let code = postal_code.trim().to_ascii_uppercase();
    let field = format!("{at}postalCode");
    if code.is_empty() {
        issues.push(FieldError::new(field, MessageKey::Required).with("field", "@field_postal_code"));
    } else if !is_postal_rule(&code) {
        issues.push(FieldError::new(field, MessageKey::PostalRuleInvalid));
    }
    issues
}

/// A postal rule, checked: (country, postal code), upper-cased.
pub fn postal_rule(at: &str, country: &str, postal_code: &str) -> Result<(String, String), FieldError> {
    match postal_rule_issues(at, country, postal_code).into_iter().next() {
        Some(first) => Err(first),
        None => Ok((country.trim().to_ascii_uppercase(), postal_code.trim().to_ascii_uppercase())),
    }
}

/// The volumetric divisor (thWeightRatio): a whole number from 0 (actual weight only) to
/// [`MAX_DIVISOR`]; blank is 0.
pub fn divisor(field: &str, text: &str) -> Result<i32, FieldError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(0);
    }
    let value = (text.len() <= 7 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.bytes().fold(0i64, |n, b| n * 10 + i64::from(b - b'0')))
        .filter(|n| *n <= MAX_DIVISOR)
        .and_then(|n| i32::try_from(n).ok());
    value.ok_or_else(|| FieldError::new(field, MessageKey::DivisorInvalid))
}

/// A trade type a product may be limited to.
pub const TRADE_TYPES: [&str; 4] = ["B2B", "B2C", "FBA", "WMS"];

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> Value {
        Value::String(text.into())
    }

    fn keys(issues: Vec<FieldError>) -> Vec<(String, MessageKey)> {
        issues.into_iter().map(|e| (e.field, e.key)).collect()
    }

    #[test]
    fn validity_rules() {
        let r = rule("rules[0].", "weight", Some(&s("0.5")), Some(&Value::Number("30.000".into())));
        assert_eq!(r, Ok(Rule { valid_type: "weight".into(), min: Some("0.5".into()), max: Some("30".into()) }));
        assert_eq!(keys(rule_issues("", "volume", None, None)), [("validType".into(), MessageKey::ValueInvalid)]);
        assert_eq!(keys(rule_issues("", "weight", None, Some(&s(" ")))), [("max".into(), MessageKey::RuleLimitRequired)]);
        assert_eq!(keys(rule_issues("", "weight", Some(&s("5")), Some(&s("2")))), [("max".into(), MessageKey::RuleMinAboveMax)]);
        assert_eq!(
            keys(rule_issues("r.", "pieces", Some(&s("1.5")), Some(&s("x")))),
            [("r.min".into(), MessageKey::NumberTooPrecise), ("r.max".into(), MessageKey::NumberInvalid)]
        );
        assert_eq!(keys(rule_issues("", "declaredValue", Some(&s("-1")), None)), [("min".into(), MessageKey::NumberNotNegative)]);
    }

    #[test]
    fn postal_rules() {
        assert_eq!(postal_rule("", " us ", "9021*"), Ok(("US".into(), "9021*".into())));
        assert!(postal_rule("", "GB", "sw1a 1aa").is_ok());
        assert_eq!(
            keys(postal_rule_issues("p.", "USA", "")),
            [("p.country".into(), MessageKey::CountryCodeInvalid), ("p.postalCode".into(), MessageKey::Required)]
        );
        for bad in ["9*0", "90_1", "**", &"1".repeat(21)] {
            assert_eq!(keys(postal_rule_issues("", "US", bad)), [("postalCode".into(), MessageKey::PostalRuleInvalid)], "{bad}");
        }
    }

    #[test]
    fn divisors() {
        assert_eq!(divisor("d", ""), Ok(0));
        assert_eq!(divisor("d", "6000"), Ok(6000));
        assert_eq!(divisor("d", "1000000"), Ok(1_000_000));
        for bad in ["1000001", "-1", "1.5", "abc", "99999999"] {
            assert_eq!(divisor("d", bad).map_err(|e| e.key), Err(MessageKey::DivisorInvalid), "{bad}");
        }
    }
}

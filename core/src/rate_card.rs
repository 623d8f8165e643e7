//! A rate card as an administrator writes it (the API's JSON, or the rows of its xlsx import),
//! checked field by field: the first error names its field (`prices[3].toWeight`) and says what
//! is wrong in the user's language. What passes comes back normalized (numbers as plain decimal
//! strings, country codes upper-cased, lists as arrays): the body the server stores and the quote
//! engine reads (`quote_json`).

use crate::decimal::{self, Bounds, Decimal};
use crate::i18n::MessageKey;
use crate::json::{Map, Value, object};
use crate::prelude::*;
use crate::validate::{self, FieldError};

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
        Some(Value::Number(n)) => n.clone(),
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
                Value::Number(n) => Some(n.clone()),
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

fn labelled(path: String, key: MessageKey, label: MessageKey) -> FieldError {
    FieldError::new(path, key).with("field", format!("@{}", label.key()))
}

fn plain(d: Decimal) -> Value {
    Value::String(decimal::plain(d))
}

/// Every problem found, in the order of the card (the first is the one a save is refused for).
struct Issues(Vec<FieldError>);

impl Issues {
    /// The value, or None with its error noted.
    fn note<T>(&mut self, result: Result<T, FieldError>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(e) => {
                self.0.push(e);
                None
            }
        }
    }

    fn push(&mut self, e: FieldError) {
        self.0.push(e);
    }

    /// A required number at `path`.
    fn number(&mut self, v: &Value, key: &str, path: &str, label: MessageKey, bounds: Bounds) -> Option<Decimal> {
        self.note(decimal::read(path, label, v.get(key), bounds))
    }

    /// An optional number: Some(None) when absent, None when present and wrong.
    fn optional(&mut self, v: &Value, key: &str, path: &str, label: MessageKey, bounds: Bounds) -> Option<Option<Decimal>> {
        if present(v, key) { self.number(v, key, path, label, bounds).map(Some) } else { Some(None) }
    }

    fn countries(&mut self, v: &Value, key: &str, path: &str) -> Option<Vec<String>> {
        let codes: Vec<String> = list(v, key).into_iter().map(|c| c.to_ascii_uppercase()).collect();
        if codes.iter().any(|c| !crate::codes::is_country(c)) {
            self.push(FieldError::new(path, MessageKey::CountryCodeInvalid));
            return None;
        }
        Some(codes)
    }

    fn postal_codes(&mut self, v: &Value, key: &str, path: &str) -> Option<Vec<String>> {
        let codes: Vec<String> = list(v, key).into_iter().map(|c| c.to_ascii_uppercase()).collect();
        if codes.iter().any(|c| !is_postal_code(c)) {
            self.push(FieldError::new(path, MessageKey::PostalRuleInvalid));
            return None;
        }
        Some(codes)
    }
}

/// A postal code or prefix of a zone or a remote-area surcharge (upper-cased): letters, digits and
/// `-`, at most 20 characters, a `*` only at the end.
pub fn is_postal_code(code: &str) -> bool {
    let star = code.find('*');
    code.len() <= 20
        && code.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '-' || ch == '*')
        && star.is_none_or(|at| at == code.len() - 1)
}

/// Whether `date` is a day of the calendar written `YYYY-MM-DD`.
pub fn is_date(date: &str) -> bool {
    let b = date.as_bytes();
    let digits = |range: core::ops::Range<usize>| {
        b.get(range)
            .filter(|d| d.iter().all(u8::is_ascii_digit))
            .map(|d| d.iter().fold(0u32, |n, x| n * 10 + u32::from(x - b'0')))
    };
    let (Some(year), Some(month), Some(day)) = (digits(0..4), digits(5..7), digits(8..10)) else { return false };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => 0,
    };
    b.len() == 10 && b[4] == b'-' && b[7] == b'-' && (1..=days).contains(&day)
}

/// A whole card as the editor saves it: its code, name, start date and currency, and its checked,
/// normalized body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    pub code: String,
    pub name: String,
    /// `YYYY-MM-DD`.
    pub effective_from: String,
    pub currency: String,
    pub body: Value,
}

/// The code, name and start date of a card (add, edit and import give them beside the body).
fn header(v: &Value, issues: &mut Issues) -> Option<(String, String, String)> {
    let code = issues.note(crate::codes::business_code("code", &text(v, "code")));
    let name = text(v, "name");
    let name_ok = issues.note(
        validate::required("name", "@field_name", &name).and_then(|()| validate::max_chars("name", "@field_name", &name, 100)),
    );
    let date = text(v, "effectiveFrom");
    let date_ok = if date.is_empty() {
        issues.note(validate::required("effectiveFrom", "@field_effective_from", &date))
    } else if is_date(&date) {
        Some(())
    } else {
        issues.push(labelled("effectiveFrom".into(), MessageKey::DateInvalid, MessageKey::FieldEffectiveFrom));
        None
    };
    let ((), ()) = (name_ok?, date_ok?);
    Some((code?, name, date))
}

/// A whole card (`code`, `name`, `effectiveFrom`, then the body of [`checked`]), checked and
/// normalized; the first error otherwise.
pub fn card(v: &Value) -> Result<Card, FieldError> {
    let mut issues = Issues(Vec::new());
    let head = header(v, &mut issues);
    let body = body(v, &mut issues);
    match (head, body, issues.0.into_iter().next()) {
        (Some((code, name, effective_from)), Some((currency, body)), None) => {
            Ok(Card { code, name, effective_from, currency, body })
        }
        (_, _, Some(first)) => Err(first),
        _ => Err(FieldError::new("", MessageKey::BadRequest)),
    }
}

/// Every problem of a whole card, in its order (code, name, date, currency, rounding, zones,
/// prices, surcharges): the editor shows them all at once; the first is [`card`]'s error.
pub fn issues(v: &Value) -> Vec<FieldError> {
    let mut issues = Issues(Vec::new());
    header(v, &mut issues);
    body(v, &mut issues);
    issues.0
}

/// A price row's problems (`{at}zone` aside: the zones are the card's): its bracket, its mode and
/// the numbers of its mode. The editor checks one cell with it as it is typed.
pub fn price_issues(at: &str, p: &Value) -> Vec<FieldError> {
    let mut issues = Issues(Vec::new());
    bracket(at, p, &mut issues);
    freight(at, p, &mut issues);
    issues.0
}

/// A price row's bracket (from, to]: or None with its problems noted.
fn bracket(at: &str, p: &Value, issues: &mut Issues) -> Option<(Decimal, Decimal)> {
    let from = issues.number(p, "fromWeight", &format!("{at}fromWeight"), MessageKey::RuleWeight, WEIGHTS);
    let to = issues.number(p, "toWeight", &format!("{at}toWeight"), MessageKey::RuleWeight, WEIGHTS);
    let (from, to) = (from?, to?);
    if to <= from {
        issues.push(FieldError::new(format!("{at}toWeight"), MessageKey::BracketInvalid));
        return None;
    }
    Some((from, to))
}

/// A price row's mode and the numbers of its mode, normalized; or None with its problems noted.
fn freight(at: &str, p: &Value, issues: &mut Issues) -> Option<Map> {
    let path = |name: &str| format!("{at}{name}");
    let money = |key: &str, issues: &mut Issues| issues.number(p, key, &path(key), MessageKey::FieldPrice, MONEY).map(plain);
    let weight = |key: &str, issues: &mut Issues| issues.number(p, key, &path(key), MessageKey::RuleWeight, WEIGHTS).map(plain);
    let mode = text(p, "mode");
    let mut row = Map::new();
    match mode.as_str() {
        "fixed" => row.insert("price", money("price", issues)?),
        "firstAdditional" => {
            let fields = [
                ("firstWeight", weight("firstWeight", issues)),
                ("firstPrice", money("firstPrice", issues)),
                ("stepWeight", weight("stepWeight", issues)),
                ("stepPrice", money("stepPrice", issues)),
            ];
            for (key, value) in fields {
                row.insert(key, value?);
            }
        }
        "perKg" => {
            let price = money("price", issues);
            let min = issues.optional(p, "minCharge", &path("minCharge"), MessageKey::FieldPrice, MONEY);
            row.insert("price", price?);
            row.insert("minCharge", plain(min?.unwrap_or(Decimal::ZERO)));
        }
        _ => {
            issues.push(labelled(path("mode"), MessageKey::ValueInvalid, MessageKey::FieldPrice));
            return None;
        }
    }
    row.insert("mode", Value::String(mode));
    Some(row)
}

/// The zones of `v` (a card's `zones`, or a partition's), checked and normalized, with every zone
/// code given (a zone with other problems still names its prices' zone); None when one is wrong.
fn zones(v: &Value, issues: &mut Issues) -> (Option<Vec<Value>>, Vec<String>) {
    let mut ok = true;
    let mut zones = Vec::new();
    // Every zone code given (a zone with other problems still names its prices' zone).
    let mut zone_codes: Vec<String> = Vec::new();
    for (i, z) in items(v, "zones").iter().enumerate() {
        let code = text(z, "code");
        if code.is_empty() || code.chars().count() > 32 {
            issues.push(FieldError::new(format!("zones[{i}].code"), MessageKey::Required).with("field", "@field_code"));
            ok = false;
        } else if zone_codes.contains(&code) {
            issues.push(FieldError::new(format!("zones[{i}].code"), MessageKey::ZoneDuplicate).with("zone", code.clone()));
            ok = false;
        } else {
            zone_codes.push(code.clone());
        }
        let path = format!("zones[{i}].countries");
        let list = issues.countries(z, "countries", &path);
        if list.as_ref().is_some_and(Vec::is_empty) {
            issues.push(FieldError::new(path, MessageKey::Required).with("field", "@field_country"));
            ok = false;
        }
        let prefixes = issues.postal_codes(z, "postalPrefixes", &format!("zones[{i}].postalPrefixes"));
        match (list, prefixes) {
            (Some(list), Some(prefixes)) => {
                zones.push(object([("code", code.into()), ("countries", list.into()), ("postalPrefixes", prefixes.into())]));
            }
            _ => ok = false,
        }
    }
    if items(v, "zones").is_empty() {
        issues.push(FieldError::new("zones", MessageKey::Required).with("field", "@field_zone"));
        ok = false;
    }

    (ok.then_some(zones), zone_codes)
}

/// The zones of a partition (`{zones: [...]}`), normalized, or every problem found (paths
/// `zones[1].countries`).
pub fn zone_list(v: &Value) -> Result<Vec<Value>, Vec<FieldError>> {
    let mut issues = Issues(Vec::new());
    match zones(v, &mut issues) {
        (Some(zones), _) if issues.0.is_empty() => Ok(zones),
        _ => Err(issues.0),
    }
}

/// The card's body `{weightRounding, minChargeableWeight, roundingScope, zones, prices,
/// surcharges}` and its currency, checked and normalized; the first error otherwise.
pub fn checked(v: &Value) -> Result<(String, Value), FieldError> {
    let mut issues = Issues(Vec::new());
    match (body(v, &mut issues), issues.0.into_iter().next()) {
        (Some(body), None) => Ok(body),
        (_, Some(first)) => Err(first),
        (None, None) => Err(FieldError::new("", MessageKey::BadRequest)),
    }
}

/// The body and its currency, or None with every problem noted.
fn body(v: &Value, issues: &mut Issues) -> Option<(String, Value)> {
    let currency = issues.note(crate::codes::currency("currency", &text(v, "currency")));
    let min = issues.optional(v, "minChargeableWeight", "minChargeableWeight", MessageKey::RuleWeight, WEIGHTS);
    let scope = match text(v, "roundingScope").as_str() {
        "" | "parcel" => Some("parcel"),
        "ticket" => Some("ticket"),
        _ => {
            issues.push(labelled("roundingScope".into(), MessageKey::ValueInvalid, MessageKey::FieldDescription));
            None
        }
    };
    let mut ok = currency.is_some() && min.is_some() && scope.is_some();

    let mut rounding = Vec::new();
    let mut up_tos: Vec<Decimal> = Vec::new();
    for (i, r) in items(v, "weightRounding").iter().enumerate() {
        let up_to = issues.number(r, "upTo", &format!("weightRounding[{i}].upTo"), MessageKey::RuleWeight, WEIGHTS);
        let increment = issues.number(r, "increment", &format!("weightRounding[{i}].increment"), MessageKey::RuleWeight, WEIGHTS);
        if let Some(up_to) = up_to
            && (up_to.is_zero() || up_tos.contains(&up_to))
        {
            issues.push(labelled(format!("weightRounding[{i}].upTo"), MessageKey::ValueInvalid, MessageKey::RuleWeight));
            ok = false;
            continue;
        }
        match (up_to, increment) {
            (Some(up_to), Some(increment)) => {
                up_tos.push(up_to);
                rounding.push(object([("upTo", plain(up_to)), ("increment", plain(increment))]));
            }
            (up_to, _) => {
                up_tos.extend(up_to);
                ok = false;
            }
        }
    }

    let (zones, zone_codes) = zones(v, issues);
    let zones = match zones {
        Some(zones) => zones,
        None => {
            ok = false;
            Vec::new()
        }
    };

    let mut prices = Vec::new();
    let mut brackets: Vec<(String, Decimal, Decimal)> = Vec::new();
    for (i, p) in items(v, "prices").iter().enumerate() {
        let at = format!("prices[{i}].");
        let zone = text(p, "zone");
        if !zone_codes.contains(&zone) {
            issues.push(FieldError::new(format!("{at}zone"), MessageKey::ZoneUnknown).with("zone", zone.clone()));
            ok = false;
        }
        let range = bracket(&at, p, issues);
        if let Some((from, to)) = range {
            if brackets.iter().any(|(z, f, t)| *z == zone && from < *t && *f < to) {
                issues.push(FieldError::new(format!("{at}fromWeight"), MessageKey::BracketOverlap).with("zone", zone.clone()));
                ok = false;
            } else {
                brackets.push((zone.clone(), from, to));
            }
        }
        match (range, freight(&at, p, issues)) {
            (Some((from, to)), Some(mut row)) => {
                row.insert("zone", Value::String(zone));
                row.insert("fromWeight", plain(from));
                row.insert("toWeight", plain(to));
                prices.push(Value::Object(row));
            }
            _ => ok = false,
        }
    }
    if items(v, "prices").is_empty() {
        issues.push(FieldError::new("prices", MessageKey::Required).with("field", "@field_price"));
        ok = false;
    }

    let mut surcharges = Vec::new();
    for (i, s) in items(v, "surcharges").iter().enumerate() {
        let at = |name: &str| format!("surcharges[{i}].{name}");
        let kind = text(s, "type");
        let percent =
            |issues: &mut Issues| issues.number(s, "percent", &at("percent"), MessageKey::FieldPercent, PERCENT).map(plain);
        let amount = |issues: &mut Issues| issues.number(s, "amount", &at("amount"), MessageKey::FieldAmount, MONEY).map(plain);
        let row = match kind.as_str() {
            "fuel" | "insurance" => percent(issues).map(|p| object([("type", kind.as_str().into()), ("percent", p)])),
            "perTicket" => amount(issues).map(|a| object([("type", kind.as_str().into()), ("amount", a)])),
            "remoteArea" => {
                let codes = issues.postal_codes(s, "postalCodes", &at("postalCodes"));
                if codes.as_ref().is_some_and(Vec::is_empty) {
                    issues.push(FieldError::new(at("postalCodes"), MessageKey::Required).with("field", "@field_postal_code"));
                }
                let countries = issues.countries(s, "countries", &at("countries"));
                let amount = amount(issues);
                match (codes, countries, amount) {
                    (Some(codes), Some(countries), Some(amount)) if !codes.is_empty() => Some(object([
                        ("type", kind.as_str().into()),
                        ("countries", countries.into()),
                        ("postalCodes", codes.into()),
                        ("amount", amount),
                    ])),
                    _ => None,
                }
            }
            "oversize" => {
                let side = issues.optional(s, "maxSide", &at("maxSide"), MessageKey::RuleLongestSide, SIDES);
                let weight = issues.optional(s, "maxWeight", &at("maxWeight"), MessageKey::RuleWeight, WEIGHTS);
                if side == Some(None) && weight == Some(None) {
                    issues.push(FieldError::new(at("maxSide"), MessageKey::RuleLimitRequired));
                }
                let amount = amount(issues);
                match (side, weight, amount) {
                    (Some(side), Some(weight), Some(amount)) if side.is_some() || weight.is_some() => {
                        let mut row: Map = [("type", Value::from(kind.as_str())), ("amount", amount)].into_iter().collect();
                        if let Some(side) = side {
                            row.insert("maxSide", plain(side));
                        }
                        if let Some(weight) = weight {
                            row.insert("maxWeight", plain(weight));
                        }
                        Some(Value::Object(row))
                    }
                    _ => None,
                }
            }
            _ => {
                issues.push(labelled(at("type"), MessageKey::ValueInvalid, MessageKey::FieldDescription));
                None
            }
        };
        match row {
            Some(row) => surcharges.push(row),
            None => ok = false,
        }
    }

    if !ok {
        return None;
    }
    let body = object([
        ("weightRounding", rounding.into()),
        ("minChargeableWeight", plain(min.flatten().unwrap_or(Decimal::ZERO))),
        ("roundingScope", scope?.into()),
        ("zones", zones.into()),
        ("prices", prices.into()),
        ("surcharges", surcharges.into()),
    ]);
    Some((currency?, body))
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
                if let (Some(p), Some(slot)) = (scaled, row.get_mut(key)) {
                    *slot = plain(p);
                }
            }
        }
    }
    out
}

//! The codes and small formats people type into the admin forms: business codes (suppliers,
//! channels, channel products, rate cards), dictionary codes, country and currency codes, calling
//! codes, postal-code patterns, the price level's markup. The server checks a save with them and
//! the browser checks the same field as it is typed, through WebAssembly, with the same message.

use crate::decimal::{self, Decimal};
use crate::i18n::MessageKey;
use crate::prelude::*;
use crate::validate::FieldError;

/// The kinds of [`check`], as the browser names them.
pub const KINDS: &[&str] =
    &["code", "dictCode", "countryCode", "currency", "phonePrefix", "postalPattern", "postalPrefix", "markup"];

/// A business code (supplier, channel, channel product, rate card): 2 to 32 letters, digits, `_`
/// or `-`, starting with a letter; kept upper-cased. Required.
pub fn business_code(field: &str, text: &str) -> Result<String, FieldError> {
    let code = text.trim().to_ascii_uppercase();
    if code.is_empty() {
        return Err(FieldError::new(field, MessageKey::Required).with("field", "@field_code"));
    }
    let valid = (2..=32).contains(&code.len())
        && code.starts_with(|c: char| c.is_ascii_uppercase())
        && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if valid { Ok(code) } else { Err(FieldError::new(field, MessageKey::CodeInvalid)) }
}

/// A dictionary code: a letter, then letters, digits or `_`, 64 at most (kept as typed). Required.
pub fn dict_code(field: &str, text: &str) -> Result<String, FieldError> {
    let code = text.trim();
    if code.is_empty() {
        return Err(FieldError::new(field, MessageKey::DictCodeRequired));
    }
    let valid = code.len() <= 64
        && code.starts_with(|c: char| c.is_ascii_alphabetic())
        && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if valid { Ok(code.to_owned()) } else { Err(FieldError::new(field, MessageKey::DictCodeInvalid)) }
}

/// Two upper-case letters (ISO 3166-1 alpha-2), as given (trimmed): `cn` is not a country code.
pub fn country_code(field: &str, text: &str) -> Result<String, FieldError> {
    let code = text.trim();
    if is_country(code) { Ok(code.to_owned()) } else { Err(FieldError::new(field, MessageKey::CountryCodeInvalid)) }
}

/// Whether `code` is two upper-case ASCII letters.
pub fn is_country(code: &str) -> bool {
    code.len() == 2 && code.bytes().all(|b| b.is_ascii_uppercase())
}

/// A currency: three letters (ISO 4217), kept upper-cased.
pub fn currency(field: &str, text: &str) -> Result<String, FieldError> {
    let code = text.trim().to_ascii_uppercase();
    if code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase()) {
        Ok(code)
    } else {
        Err(FieldError::new(field, MessageKey::CurrencyInvalid))
    }
}

/// A calling code: `+` and 1 to 4 digits, optionally `-` and up to 4 more (`+1-684`).
pub fn phone_prefix(field: &str, text: &str) -> Result<String, FieldError> {
    let p = text.trim();
    let ok = p.strip_prefix('+').is_some_and(|rest| {
        let (head, tail) = rest.split_once('-').unwrap_or((rest, ""));
        let digits = |s: &str, max: usize| !s.is_empty() && s.len() <= max && s.bytes().all(|b| b.is_ascii_digit());
        digits(head, 4) && (tail.is_empty() && !rest.ends_with('-') || digits(tail, 4))
    });
    if ok { Ok(p.to_owned()) } else { Err(FieldError::new(field, MessageKey::PhonePrefixInvalid)) }
}

/// A country's postal-code pattern: a regular expression of [`crate::pattern`]'s syntax, at most
/// 300 characters.
pub fn postal_pattern(field: &str, text: &str) -> Result<String, FieldError> {
    let p = text.trim();
    if p.chars().count() <= 300 && crate::pattern::Pattern::new(p).is_some() {
        Ok(p.to_owned())
    } else {
        Err(FieldError::new(field, MessageKey::PostalPatternInvalid))
    }
}

/// A postal code or prefix of a rate card's zone or remote-area surcharge (upper-cased): letters,
/// digits and `-`, at most 20 characters, a `*` only at the end.
pub fn postal_prefix(field: &str, text: &str) -> Result<String, FieldError> {
    let code = text.trim().to_ascii_uppercase();
    if !code.is_empty() && crate::rate_card::is_postal_code(&code) {
        Ok(code)
    } else {
        Err(FieldError::new(field, MessageKey::PostalRuleInvalid))
    }
}

/// Most a price level marks up, in percent; its most negative is [`MIN_MARKUP`].
pub const MAX_MARKUP: Decimal = Decimal::int(1000);
/// -99.99 %: a discount never makes freight free.
pub const MIN_MARKUP: Decimal = match Decimal::new(-9999, 2) {
    Some(d) => d,
    None => Decimal::ZERO,
};

/// A price level's markup (positive) or discount (negative) in percent, from -99.99 to 1000 with
/// at most 2 places, as a plain decimal (`12.5`). Blank is no markup (`0`).
pub fn markup(field: &str, text: &str) -> Result<String, FieldError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok("0".to_owned());
    }
    let invalid = || FieldError::new(field, MessageKey::MarkupInvalid);
    let d = decimal::parse(text).ok_or_else(invalid)?;
    if d < MIN_MARKUP || d > MAX_MARKUP || d.normalize().scale() > 2 {
        return Err(invalid());
    }
    Ok(decimal::plain(d))
}

/// Checks `value` as a field of `kind` (one of [`KINDS`]); the field is named `value`. Blank
/// passes where the field may be blank (calling code, postal pattern) and fails where it is
/// required (codes). An unknown kind is an error of its own.
pub fn check(kind: &str, value: &str) -> Result<(), FieldError> {
    let optional = |check: fn(&str, &str) -> Result<String, FieldError>| {
        if value.trim().is_empty() { Ok(String::new()) } else { check("value", value) }
    };
    match kind {
        "code" => business_code("value", value),
        "dictCode" => dict_code("value", value),
        "countryCode" => country_code("value", value),
        "currency" => currency("value", value),
        "phonePrefix" => optional(phone_prefix),
        "postalPattern" => optional(postal_pattern),
        "postalPrefix" => postal_prefix("value", value),
        "markup" => markup("value", value),
        _ => Err(FieldError::new("kind", MessageKey::CheckRuleUnknown)),
    }
    .map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(r: Result<String, FieldError>) -> Result<String, MessageKey> {
        r.map_err(|e| e.key)
    }

    #[test]
    fn business_codes() {
        assert_eq!(key(business_code("code", " dhl_express-1 ")), Ok("DHL_EXPRESS-1".into()));
        assert_eq!(key(business_code("code", "  ")), Err(MessageKey::Required));
        for bad in ["A", "1AB", "_AB", "AB C", "AB.C", "编码AB", &"A".repeat(33)] {
            assert_eq!(key(business_code("code", bad)), Err(MessageKey::CodeInvalid), "{bad}");
        }
        assert!(business_code("code", &"A".repeat(32)).is_ok());
    }

    #[test]
    fn dictionary_codes() {
        assert_eq!(key(dict_code("dictCode", "sex")), Ok("sex".into()));
        assert_eq!(key(dict_code("dictCode", "a")), Ok("a".into()));
        assert_eq!(key(dict_code("dictCode", "")), Err(MessageKey::DictCodeRequired));
        for bad in ["1a", "_a", "a-b", "a b", &"a".repeat(65)] {
            assert_eq!(key(dict_code("dictCode", bad)), Err(MessageKey::DictCodeInvalid), "{bad}");
        }
    }

    #[test]
    fn countries_currencies_and_calling_codes() {
        assert_eq!(key(country_code("code", " CN ")), Ok("CN".into()));
        for bad in ["cn", "C", "CHN", "C1", ""] {
            assert_eq!(key(country_code("code", bad)), Err(MessageKey::CountryCodeInvalid), "{bad}");
        }
        assert_eq!(key(currency("currency", "usd")), Ok("USD".into()));
        for bad in ["US", "USDT", "U5D", ""] {
            assert_eq!(key(currency("currency", bad)), Err(MessageKey::CurrencyInvalid), "{bad}");
        }
        for good in ["+1", "+86", "+1-684", "+1234", "+1234-5678"] {
            assert!(phone_prefix("p", good).is_ok(), "{good}");
        }
        for bad in ["", "86", "+", "+12345", "+1-", "+1-12345", "+1-2-3", "+a", "+8a", "++86"] {
            assert_eq!(key(phone_prefix("p", bad)), Err(MessageKey::PhonePrefixInvalid), "{bad}");
        }
    }

    #[test]
    fn markups() {
        assert_eq!(key(markup("m", "12.50")), Ok("12.5".into()));
        assert_eq!(key(markup("m", "+5")), Ok("5".into()));
        assert_eq!(key(markup("m", "-99.99")), Ok("-99.99".into()));
        assert_eq!(key(markup("m", "")), Ok("0".into()));
        for bad in ["-100", "1000.01", "1.234", "abc", "1e3", "--1"] {
            assert_eq!(key(markup("m", bad)), Err(MessageKey::MarkupInvalid), "{bad}");
        }
    }

    #[test]
    fn postal_patterns_and_kinds() {
        assert!(postal_pattern("p", r"^\d{5}(-\d{4})?$").is_ok());
        assert_eq!(key(postal_pattern("p", "([")), Err(MessageKey::PostalPatternInvalid));
        assert_eq!(key(postal_pattern("p", &"a".repeat(301))), Err(MessageKey::PostalPatternInvalid));
        assert!(check("postalPattern", " ").is_ok());
        assert!(check("postalPrefix", "sw1a*").is_ok());
        for bad in ["", "SW 1", "9*9", "A_1"] {
            assert_eq!(check("postalPrefix", bad).map_err(|e| e.key), Err(MessageKey::PostalRuleInvalid), "{bad}");
        }
        assert!(check("phonePrefix", "").is_ok());
        assert_eq!(check("code", "").map_err(|e| e.key), Err(MessageKey::Required));
        assert_eq!(check("nope", "x").map_err(|e| e.key), Err(MessageKey::CheckRuleUnknown));
    }
}

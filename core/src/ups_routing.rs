//! UPS routing codes (URC): UPS's routing table maps a destination country and postal-code range
//! to the routing code its labels print (`NY 100 9-05`), which UPS's hubs sort by. The table is
//! imported from UPS's routing file (CSV or xlsx: country, postal low, postal high, routing code);
//! a label looks up the consignee's country and postal code in it.
//!
//! Postal codes are compared in one canonical form ([`postal_key`]): capital letters and digits
//! only, a United States ZIP+4 cut to its five digits. A range holds the keys of its own length
//! between its ends; a row with no ends covers its whole country. A longer postal code falls in a
//! shorter range by its prefix (a table of three-digit ZIP prefixes serves five-digit ZIPs), the
//! longest matching length first ([`probe_keys`]).

use crate::i18n::MessageKey;
use crate::prelude::*;
use crate::validate::FieldError;

/// The longest postal key stored (UPS's longest postal codes have 10 characters).
pub const POSTAL_MAX: usize = 10;
/// The longest routing code (UPS's are 11 characters, `NY 100 9-05`; room for variants).
pub const CODE_MAX: usize = 16;
/// Rows one routing file may hold (UPS's worldwide table has some hundred thousand).
pub const MAX_ROWS: usize = 500_000;

/// A postal code in the form ranges compare: letters capitalised, everything but letters and
/// digits dropped; a US ZIP+4 (`10001-1234`) is its ZIP (`10001`). Empty when nothing is left.
pub fn postal_key(country: &str, postal_code: &str) -> String {
    let mut key: String = postal_code.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_uppercase()).collect();
    if country.trim().eq_ignore_ascii_case("US") && key.len() == 9 && key.bytes().all(|b| b.is_ascii_digit()) {
        key.truncate(5);
    }
    key
}

/// A country as the table keys it: two capital letters.
pub fn country(field: &str, text: &str) -> Result<String, FieldError> {
    let code = text.trim().to_ascii_uppercase();
    if code.len() == 2 && code.bytes().all(|b| b.is_ascii_uppercase()) {
        Ok(code)
    } else {
        Err(FieldError::new(field, MessageKey::CountryInvalid))
    }
}

/// A routing code as labels print it: 1 to 16 capital letters, digits, single spaces or hyphens.
pub fn routing_code(field: &str, text: &str) -> Result<String, FieldError> {
    let code = text.split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_uppercase();
    let fits = !code.is_empty()
        && code.len() <= CODE_MAX
        && code.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b' ' || b == b'-');
    if fits { Ok(code) } else { Err(FieldError::new(field, MessageKey::UpsRoutingCodeInvalid)) }
}

/// A checked row of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Range {
    pub country: String,
    /// Both empty: the whole country.
    pub low: String,
    pub high: String,
    pub code: String,
}

/// Checks one row: a country, both ends of the range or neither (then it covers the country), of
/// the same length in canonical form and in order, and a routing code.
pub fn range(country_text: &str, low: &str, high: &str, code: &str) -> Result<Range, FieldError> {
    let country = country("countryCode", country_text)?;
    let (low_key, high_key) = (postal_key(&country, low), postal_key(&country, high));
    let invalid = || FieldError::new("postalLow", MessageKey::UpsPostalRangeInvalid);
    let whole_country = low_key.is_empty() && high_key.is_empty();
    if !whole_country {
        let shaped = !low_key.is_empty() && low_key.len() == high_key.len() && low_key.len() <= POSTAL_MAX;
        if !shaped || low_key > high_key {
            return Err(invalid());
        }
    }
    let code = routing_code("routingCode", code)?;
    Ok(Range { country, low: low_key, high: high_key, code })
}

/// The keys a postal code is looked up by, longest first: the key itself and each shorter prefix
/// whose length some range of the country has (`lengths`, in any order).
pub fn probe_keys(country: &str, postal_code: &str, lengths: &[usize]) -> Vec<String> {
    let key = postal_key(country, postal_code);
    let mut lens: Vec<usize> = lengths.iter().copied().filter(|&l| l > 0 && l <= key.len()).collect();
    lens.sort_unstable_by(|a, b| b.cmp(a));
    lens.dedup();
    lens.into_iter().map(|l| key[..l].to_owned()).collect()
}

/// Whether a range holds a probe key (the same length, between its ends); a whole-country range
/// holds every key.
pub fn holds(low: &str, high: &str, key: &str) -> bool {
    (low.is_empty() && high.is_empty()) || (low.len() == key.len() && high.len() == key.len() && low <= key && key <= high)
}

/// The routing code of a postal code among a country's ranges: the range holding its longest
/// probe key, else the country's whole-country range. `ranges` are (low, high, code).
pub fn lookup<'a>(country: &str, postal_code: &str, ranges: &'a [(String, String, String)]) -> Option<&'a str> {
    let lengths: Vec<usize> = ranges.iter().map(|(low, _, _)| low.len()).collect();
    for key in probe_keys(country, postal_code, &lengths) {
        if let Some((_, _, code)) = ranges.iter().find(|(low, high, _)| !low.is_empty() && holds(low, high, &key)) {
            return Some(code);
        }
    }
    ranges.iter().find(|(low, high, _)| low.is_empty() && high.is_empty()).map(|(_, _, code)| code.as_str())
}

/// Whether a supplier is UPS, whose labels print the routing code: its adapter (`apiType`) is
/// `ups`, or its code is `UPS` or starts with `UPS` and a separator (`UPS-SZ`, `UPS_EXPRESS`).
pub fn is_ups(supplier_code: &str, api_type: Option<&str>) -> bool {
    if api_type.is_some_and(|t| t.trim().eq_ignore_ascii_case("ups")) {
        return true;
    }
    let code = supplier_code.trim().to_ascii_uppercase();
    code == "UPS" || code.strip_prefix("UPS").is_some_and(|rest| rest.starts_with(['-', '_', ' ']))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Vec<(String, String, String)> {
        [("10000", "10299", "NY 100 9-05"), ("900", "961", "CA 900 2-01"), ("", "", "US 000 0-00")]
            .iter()
            .map(|(l, h, c)| ((*l).to_owned(), (*h).to_owned(), (*c).to_owned()))
            .collect()
    }

    #[test]
    fn postal_keys_are_canonical() {
        assert_eq!(postal_key("US", "10001-1234"), "10001");
        assert_eq!(postal_key("us", " 10001 "), "10001");
        assert_eq!(postal_key("CA", "k1a 0b1"), "K1A0B1");
        assert_eq!(postal_key("GB", "SW1A 1AA"), "SW1A1AA");
        assert_eq!(postal_key("DE", "—"), "");
    }

    #[test]
    fn rows_are_checked() {
        assert_eq!(range("us", "10000", "10299", " ny  100 9-05 ").unwrap().code, "NY 100 9-05");
        assert_eq!(range("HK", "", "", "HK 000 1-00").unwrap().low, "");
        assert_eq!(range("USA", "1", "2", "X").unwrap_err().key, MessageKey::CountryInvalid);
        assert_eq!(range("US", "10299", "10000", "X").unwrap_err().key, MessageKey::UpsPostalRangeInvalid);
        assert_eq!(range("US", "1000", "10299", "X").unwrap_err().key, MessageKey::UpsPostalRangeInvalid);
        assert_eq!(range("US", "10000", "", "X").unwrap_err().key, MessageKey::UpsPostalRangeInvalid);
        assert_eq!(range("US", "10000", "10001", "NY/100").unwrap_err().key, MessageKey::UpsRoutingCodeInvalid);
        assert_eq!(range("US", "10000", "10001", "").unwrap_err().field, "routingCode");
        assert!(range("US", "10000", "10001", "A234567890123456").is_ok());
        assert!(range("US", "10000", "10001", "A2345678901234567").is_err());
    }

    #[test]
    fn lookup_takes_the_longest_range_then_the_country() {
        let t = table();
        assert_eq!(lookup("US", "10001-1234", &t), Some("NY 100 9-05"));
        assert_eq!(lookup("US", "10299", &t), Some("NY 100 9-05"));
        // 94105 is outside the five-digit range but inside the three-digit one by its prefix.
        assert_eq!(lookup("US", "94105", &t), Some("CA 900 2-01"));
        assert_eq!(lookup("US", "97001", &t), Some("US 000 0-00"));
        assert_eq!(lookup("US", "", &t), Some("US 000 0-00"));
        assert_eq!(lookup("US", "97001", &t[..2]), None);
        assert_eq!(probe_keys("US", "94105", &[5, 3, 3, 0, 7]), ["94105", "941"]);
    }

    #[test]
    fn ups_suppliers() {
        assert!(is_ups("UPS", None));
        assert!(is_ups("ups-sz", Some("manual")));
        assert!(is_ups("CARRIER9", Some(" UPS ")));
        assert!(!is_ups("UPSILON", None));
        assert!(!is_ups("DHL", Some("sandbox")));
    }
}

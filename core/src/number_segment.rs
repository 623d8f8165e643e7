//! Tracking-number segments: what a segment may look like (prefix, suffix and range for its check
//! scheme) and the number it hands out for a serial, so that the server and the browser (the
//! form's check and the "next number" preview) agree.

use crate::check_digit::{self, Scheme};
use crate::prelude::*;
use crate::{FieldError, MessageKey};

/// The largest serial a segment may reach (15 digits).
pub const MAX_SERIAL: i64 = 999_999_999_999_999;

/// The largest serial a scheme's numbers can hold: S10 has eight digits, UPS seven.
pub fn max_serial(scheme: Scheme) -> i64 {
    match scheme {
        Scheme::S10 => 99_999_999,
        Scheme::Ups1Z => 9_999_999,
        _ => MAX_SERIAL,
    }
}

/// Which end of a number an affix is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Affix {
    Prefix,
    Suffix,
}

impl Affix {
    pub fn parse(text: &str) -> Option<Affix> {
        match text {
            "prefix" => Some(Affix::Prefix),
            "suffix" => Some(Affix::Suffix),
            _ => None,
        }
    }

    fn field(self) -> &'static str {
        match self {
            Affix::Prefix => "prefix",
            Affix::Suffix => "suffix",
        }
    }
}

/// One affix (upper-cased) when it fits the scheme: at most 20 letters or digits; S10 two letters
/// each side (the suffix a country code); UPS a prefix of `1Z` and eight more, no suffix. The error
/// names the field (`prefix` or `suffix`) and what is wrong.
pub fn affix(scheme: Scheme, which: Affix, text: &str) -> Result<String, FieldError> {
    let value = text.trim().to_ascii_uppercase();
    let problem = if value.len() > 20 || !value.chars().all(|c| c.is_ascii_alphanumeric()) {
        Some(MessageKey::NumberSegmentAffixChars)
    } else {
        match (scheme, which) {
            (Scheme::S10, _) if value.len() == 2 && value.chars().all(|c| c.is_ascii_uppercase()) => None,
            (Scheme::S10, Affix::Prefix) => Some(MessageKey::NumberSegmentS10Prefix),
            (Scheme::S10, Affix::Suffix) => Some(MessageKey::NumberSegmentS10Suffix),
            (Scheme::Ups1Z, Affix::Prefix) if !(value.len() == 10 && value.starts_with("1Z")) => {
                Some(MessageKey::NumberSegmentUpsPrefix)
            }
            (Scheme::Ups1Z, Affix::Suffix) if !value.is_empty() => Some(MessageKey::NumberSegmentUpsSuffix),
            _ => None,
        }
    };
    match problem {
        Some(key) => Err(FieldError::new(which.field(), key)),
        None => Ok(value),
    }
}

/// A segment's prefix and suffix (upper-cased) when both fit the scheme ([`affix`]).
pub fn affixes(scheme: Scheme, prefix: &str, suffix: &str) -> Result<(String, String), FieldError> {
    Ok((affix(scheme, Affix::Prefix, prefix)?, affix(scheme, Affix::Suffix, suffix)?))
}

/// The serial range: `0 ≤ start ≤ end ≤` the scheme's largest serial.
pub fn range(scheme: Scheme, start: i64, end: i64) -> Result<(), FieldError> {
    let max = max_serial(scheme);
    if start < 0 || end < start || end > max {
        return Err(FieldError::new("endNo", MessageKey::NumberSegmentRange).with("max", max.to_string()));
    }
    Ok(())
}

/// The serial's digits: S10 has eight, UPS seven, others as many as the segment's end.
fn width(scheme: Scheme, end_no: i64) -> usize {
    match scheme {
        Scheme::S10 => 8,
        Scheme::Ups1Z => 7,
        _ => end_no.to_string().len(),
    }
}

/// The full number for a serial: prefix, zero-padded serial, check digit, suffix.
pub fn number(scheme: Scheme, prefix: &str, suffix: &str, end_no: i64, serial: i64) -> String {
    let body = format!("{serial:0width$}", width = width(scheme, end_no));
    let check = match scheme {
        Scheme::None => None,
        Scheme::Mod7 => check_digit::mod7(&body),
        Scheme::S10 => check_digit::s10(&body),
        Scheme::Ups1Z => check_digit::ups(&format!("{}{body}", prefix.get(2..).unwrap_or(""))),
    };
    let check = check.map(|d| d.to_string()).unwrap_or_default();
    format!("{prefix}{body}{check}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_carry_their_check_digits() {
        assert_eq!(number(Scheme::S10, "AA", "GB", 99_999_999, 47_312_482), "AA473124829GB");
        assert!(check_digit::is_valid(Scheme::S10, &number(Scheme::S10, "RR", "CN", 99_999_999, 8)));
        assert_eq!(number(Scheme::Ups1Z, "1Z999AA101", "", 9_999_999, 2_345_678), "1Z999AA10123456784");
        assert_eq!(number(Scheme::None, "YT", "", 9_999, 42), "YT0042");
        assert!(check_digit::is_valid(Scheme::Mod7, &number(Scheme::Mod7, "", "", 99_999, 1234)));
    }

    #[test]
    fn affixes_fit_their_scheme() {
        assert_eq!(affixes(Scheme::S10, " rr", "cn "), Ok(("RR".into(), "CN".into())));
        assert!(affixes(Scheme::S10, "R1", "CN").is_err());
        assert!(affixes(Scheme::Ups1Z, "1Z999AA101", "").is_ok());
        assert!(affixes(Scheme::Ups1Z, "1Z999AA101", "X").is_err());
        assert!(affixes(Scheme::None, "YT-", "").is_err());
        assert!(affixes(Scheme::None, &"A".repeat(21), "").is_err());
        let key = |r: Result<String, FieldError>| r.map_err(|e| (e.field, e.key));
        assert_eq!(key(affix(Scheme::S10, Affix::Suffix, "G1")), Err(("suffix".into(), MessageKey::NumberSegmentS10Suffix)));
        assert_eq!(key(affix(Scheme::S10, Affix::Prefix, "A")), Err(("prefix".into(), MessageKey::NumberSegmentS10Prefix)));
        assert_eq!(key(affix(Scheme::Ups1Z, Affix::Prefix, "1Z99")), Err(("prefix".into(), MessageKey::NumberSegmentUpsPrefix)));
        assert_eq!(key(affix(Scheme::Ups1Z, Affix::Suffix, "X")), Err(("suffix".into(), MessageKey::NumberSegmentUpsSuffix)));
        assert_eq!(key(affix(Scheme::Mod7, Affix::Suffix, "a-b")), Err(("suffix".into(), MessageKey::NumberSegmentAffixChars)));
        assert_eq!(key(affix(Scheme::Mod7, Affix::Suffix, " xy ")), Ok("XY".into()));
    }

    #[test]
    fn ranges_stay_within_the_scheme() {
        assert!(range(Scheme::S10, 0, 99_999_999).is_ok());
        assert_eq!(range(Scheme::S10, 0, 100_000_000).unwrap_err().args, vec![("max", "99999999".to_owned())]);
        assert!(range(Scheme::None, 5, 4).is_err());
        assert!(range(Scheme::None, -1, 4).is_err());
        assert!(range(Scheme::None, 0, MAX_SERIAL).is_ok());
    }
}

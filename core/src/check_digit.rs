//! Check digits of tracking numbers: the UPU S10 standard (postal items, `AA473124829GB`), UPS
//! `1Z` numbers and the plain modulus-7 digit some carriers append. Number segments compute them
//! when they hand out numbers; scanners verify them before a number is accepted.

/// The check-digit scheme of a number segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    None,
    /// The serial's remainder after division by 7.
    Mod7,
    /// UPU S10: weights 8 6 4 2 3 5 9 7 over the 8-digit serial.
    S10,
    /// UPS: over the 15 characters after `1Z`, letters as digits, every second doubled.
    Ups1Z,
}

impl Scheme {
    pub fn parse(text: &str) -> Option<Scheme> {
        match text.trim().to_ascii_lowercase().as_str() {
            "" | "none" => Some(Scheme::None),
            "mod7" => Some(Scheme::Mod7),
            "s10" | "upu" | "upu_s10" => Some(Scheme::S10),
            "ups" | "1z" | "ups_1z" => Some(Scheme::Ups1Z),
            _ => None,
        }
    }
}

/// The S10 check digit of an 8-digit serial.
pub fn s10(serial: &str) -> Option<u8> {
    const WEIGHTS: [u32; 8] = [8, 6, 4, 2, 3, 5, 9, 7];
    if serial.len() != 8 {
        return None;
    }
    let mut sum = 0;
    for (c, w) in serial.chars().zip(WEIGHTS) {
        sum += c.to_digit(10)? * w;
    }
    Some(match 11 - sum % 11 {
        10 => 0,
        11 => 5,
        d => d as u8,
    })
}

/// The UPS check digit of the 15 characters between `1Z` and the check digit.
pub fn ups(body: &str) -> Option<u8> {
    if body.len() != 15 {
        return None;
    }
    let mut sum = 0;
    for (i, c) in body.chars().enumerate() {
        let value = match c {
            '0'..='9' => c.to_digit(10)?,
            'A'..='Z' => (c as u32 - 63) % 10,
            _ => return None,
        };
        sum += if i % 2 == 1 { value * 2 } else { value };
    }
    Some(((10 - sum % 10) % 10) as u8)
}

/// The modulus-7 check digit of a serial of digits.
pub fn mod7(serial: &str) -> Option<u8> {
    if serial.is_empty() || serial.len() > 30 {
        return None;
    }
    let mut rest = 0u32;
    for c in serial.chars() {
        rest = (rest * 10 + c.to_digit(10)?) % 7;
    }
    Some(rest as u8)
}

/// The scheme a scanned number's shape says it follows, when nothing else is known of it: UPU S10
/// (`AA473124829GB`), UPS (`1Z` and 16 more), otherwise none.
pub fn scheme_of(number: &str) -> Scheme {
    let n = number.trim().to_ascii_uppercase();
    let b = n.as_bytes();
    if n.len() == 13
        && b.iter().take(2).chain(b.iter().skip(11)).all(u8::is_ascii_uppercase)
        && b.iter().skip(2).take(9).all(u8::is_ascii_digit)
    {
        Scheme::S10
    } else if n.len() == 18 && n.starts_with("1Z") {
        Scheme::Ups1Z
    } else {
        Scheme::None
    }
}

/// Whether a whole scanned number carries a valid check digit under `scheme` (upper-cased first;
/// `None` accepts any number).
pub fn is_valid(scheme: Scheme, number: &str) -> bool {
    let n = number.trim().to_ascii_uppercase();
    let b = n.as_bytes();
    let last_is = |d: Option<u8>, at: usize| d.is_some_and(|d| b.get(at) == Some(&(b'0' + d)));
    match scheme {
        Scheme::None => !n.is_empty(),
        Scheme::S10 => {
            n.len() == 13
                && n.is_ascii()
                && b.iter().take(2).all(u8::is_ascii_uppercase)
                && b.iter().skip(11).all(u8::is_ascii_uppercase)
                && last_is(n.get(2..10).and_then(s10), 10)
        }
        // `get`, not indexing: no panicking path in the browser's build.
        Scheme::Ups1Z => n.len() == 18 && n.is_ascii() && n.starts_with("1Z") && last_is(n.get(2..17).and_then(ups), 17),
        Scheme::Mod7 => n.len() >= 2 && n.is_ascii() && last_is(n.get(..n.len() - 1).and_then(mod7), n.len() - 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_name_their_scheme() {
        assert_eq!(scheme_of("aa473124829gb"), Scheme::S10);
        assert_eq!(scheme_of("1Z999AA10123456784"), Scheme::Ups1Z);
        assert_eq!(scheme_of("LX100000198CN1"), Scheme::None);
        assert!(is_valid(scheme_of("AA473124829GB"), "AA473124829GB"));
        assert!(!is_valid(scheme_of("AA473124828GB"), "AA473124828GB"));
    }

    #[test]
    fn the_upu_example() {
        assert_eq!(s10("47312482"), Some(9));
        assert!(is_valid(Scheme::S10, "AA473124829GB"));
        assert!(is_valid(Scheme::S10, "aa473124829gb"));
        assert!(!is_valid(Scheme::S10, "AA473124828GB"));
        assert!(!is_valid(Scheme::S10, "AA47312482GB"));
    }

    #[test]
    fn s10_remainders_ten_and_eleven() {
        assert_eq!(s10("00000001"), Some(4)); // 7 → 11 - 7
        assert_eq!(s10("00000008"), Some(0)); // 56 % 11 = 1 → 10 → 0
        assert_eq!(s10("00000000"), Some(5)); // 0 → 11 → 5
        assert_eq!(s10("4731248"), None);
        assert_eq!(s10("4731248X"), None);
    }

    #[test]
    fn ups_and_mod7() {
        assert_eq!(ups("999AA1012345678"), Some(4));
        assert!(is_valid(Scheme::Ups1Z, "1Z999AA10123456784"));
        assert!(!is_valid(Scheme::Ups1Z, "1Z999AA10123456785"));
        assert_eq!(mod7("1234567"), Some(5));
        assert!(is_valid(Scheme::Mod7, "12345675"));
        assert!(!is_valid(Scheme::Mod7, "12345674"));
        assert!(!is_valid(Scheme::Mod7, "中文"));
    }
}

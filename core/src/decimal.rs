//! Exact decimal amounts as they cross the wire: accepted as JSON numbers or strings, checked
//! (finite, in range, not too precise), and written back as strings with a fixed scale.

use core::cmp::Ordering;

use crate::json::Value;
use crate::prelude::*;

use crate::i18n::MessageKey;
use crate::validate::FieldError;

/// An exact decimal: `mantissa × 10^-scale`, on 128-bit integers. Weights, sizes, percents and
/// money never touch floating point; every operation is checked and says `None` when a result
/// would not fit. Small on purpose: the browser's build carries it (no 96-bit limb arithmetic).
#[derive(Clone, Copy, Debug, Default)]
pub struct Decimal {
    m: i128,
    s: u32,
}

/// Most places a value keeps.
pub const MAX_SCALE: u32 = 28;

impl Decimal {
    pub const ZERO: Decimal = Decimal { m: 0, s: 0 };

    /// `mantissa × 10^-scale` (None beyond 28 places).
    pub const fn new(mantissa: i128, scale: u32) -> Option<Decimal> {
        if scale > MAX_SCALE { None } else { Some(Decimal { m: mantissa, s: scale }) }
    }

    /// A whole number.
    pub const fn int(value: i64) -> Decimal {
        Decimal { m: value as i128, s: 0 }
    }

    pub const fn mantissa(self) -> i128 {
        self.m
    }

    pub const fn scale(self) -> u32 {
        self.s
    }

    pub const fn is_zero(self) -> bool {
        self.m == 0
    }

    pub const fn is_negative(self) -> bool {
        self.m < 0
    }

    /// Both mantissas at the larger scale.
    fn aligned(self, other: Decimal) -> Option<(i128, i128, u32)> {
        if self.s == other.s {
            return Some((self.m, other.m, self.s));
        }
        // The usual case (weights, sizes, prices a few places apart) on 64 bits: 128-bit
        // multiplication is a software routine in WASM. |m| < 2^31 times 10^9 < 2^61 fits.
        if let (Ok(a), Ok(b), Some(p)) =
            (i32::try_from(self.m), i32::try_from(other.m), POW10_64.get(self.s.abs_diff(other.s) as usize))
        {
            let (a, b) = (i64::from(a), i64::from(b));
            return Some(if self.s < other.s {
                (i128::from(a * p), i128::from(b), other.s)
            } else {
                (i128::from(a), i128::from(b * p), self.s)
            });
        }
        let s = self.s.max(other.s);
        Some((mul(self.m, pow10(s - self.s)?)?, mul(other.m, pow10(s - other.s)?)?, s))
    }

    pub fn checked_add(self, other: Decimal) -> Option<Decimal> {
        let (a, b, s) = self.aligned(other)?;
        Decimal::new(a.checked_add(b)?, s)
    }

    pub fn checked_sub(self, other: Decimal) -> Option<Decimal> {
        let (a, b, s) = self.aligned(other)?;
        Decimal::new(a.checked_sub(b)?, s)
    }

    pub fn checked_mul(self, other: Decimal) -> Option<Decimal> {
        Decimal::new(mul(self.m, other.m)?, self.s + other.s)
    }

    /// The same value without trailing zeros (`1.500` → `1.5`).
    pub fn normalize(self) -> Decimal {
        let mut v = self;
        while v.s > 0 && v.m % 10 == 0 {
            v = Decimal { m: v.m / 10, s: v.s - 1 };
        }
        if v.m == 0 { Decimal::ZERO } else { v }
    }
}

impl From<u32> for Decimal {
    fn from(value: u32) -> Decimal {
        Decimal::int(i64::from(value))
    }
}

impl PartialEq for Decimal {
    fn eq(&self, other: &Decimal) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Decimal {}

impl PartialOrd for Decimal {
    fn partial_cmp(&self, other: &Decimal) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Decimal {
    /// By value (`1.0 == 1.00`); values too far apart to align compare by sign and scale.
    fn cmp(&self, other: &Decimal) -> Ordering {
        match self.aligned(*other) {
            Some((a, b, _)) => a.cmp(&b),
            None => self.m.signum().cmp(&other.m.signum()).then_with(|| {
                // The one with the smaller scale is the larger in magnitude.
                let magnitude = other.s.cmp(&self.s);
                if self.m < 0 { magnitude.reverse() } else { magnitude }
            }),
        }
    }
}

/// What a decimal field may hold.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Zero allowed (weights may be unknown before intake); otherwise the value must be > 0.
    pub allow_zero: bool,
    /// Largest value accepted.
    pub max: Decimal,
    /// Most decimal places accepted.
    pub max_scale: u32,
}

/// Reads one decimal field. `label` names a catalogue message (`field_length`), so the error
/// message carries the field's name in the user's language.
pub fn read(field: &str, label: MessageKey, value: Option<&Value>, bounds: Bounds) -> Result<Decimal, FieldError> {
    let label_arg = format!("@{}", label.key());
    let err = |key: MessageKey| FieldError::new(field, key).with("field", label_arg.clone());
    let text = match value {
        None | Some(Value::Null) => return Err(err(MessageKey::Required)),
        Some(Value::String(s)) if s.trim().is_empty() => return Err(err(MessageKey::Required)),
        Some(Value::String(s)) => s.trim().to_owned(),
        // The number as written: an exponent (`1e21`) reads as no decimal.
        Some(Value::Number(n)) => n.clone(),
        Some(_) => return Err(err(MessageKey::NumberInvalid)),
    };
    let number = parse(&text).ok_or_else(|| err(MessageKey::NumberInvalid))?;
    if number.is_negative() {
        return Err(err(MessageKey::NumberNotNegative));
    }
    if number.is_zero() && !bounds.allow_zero {
        return Err(err(MessageKey::NumberPositive));
    }
    if number > bounds.max {
        return Err(err(MessageKey::NumberTooLarge).with("max", plain(bounds.max)));
    }
    if number.normalize().scale() > bounds.max_scale {
        return Err(err(MessageKey::NumberTooPrecise).with("scale", bounds.max_scale.to_string()));
    }
    Ok(number)
}

/// Plain decimal notation only (`12`, `-0.5`, `1.250`, `.5`): never NaN, infinities or
/// exponents; the scale is kept as written; at most 28 digits (below 2^96, as most databases and
/// decimal libraries hold them).
pub fn parse(text: &str) -> Option<Decimal> {
    let (negative, digits) = match (text.strip_prefix('-'), text.strip_prefix('+')) {
        (Some(rest), _) => (true, rest),
        (None, Some(rest)) => (false, rest),
        (None, None) => (false, text),
    };
    let (mut mantissa, mut scale, mut point, mut any) = (0i128, 0u32, false, false);
    for b in digits.bytes() {
        match b {
            b'0'..=b'9' => {
                mantissa = mantissa.checked_mul(10)?.checked_add(i128::from(b - b'0'))?;
                any = true;
                scale += u32::from(point);
            }
            b'.' if !point => point = true,
            _ => return None,
        }
    }
    if !any || mantissa >= 1 << 96 {
        return None;
    }
    Decimal::new(if negative { -mantissa } else { mantissa }, scale)
}

/// `a × b`, None on overflow; a plain widening multiply when both fit in 64 bits (an overflow-checked
/// 128-bit multiply is a slow software routine in WASM).
#[inline]
fn mul(a: i128, b: i128) -> Option<i128> {
    match (i64::try_from(a), i64::try_from(b)) {
        (Ok(x), Ok(y)) => Some(i128::from(x) * i128::from(y)),
        _ => a.checked_mul(b),
    }
}

/// Quotient and remainder (truncating), on 64 bits when both fit: 128-bit division is a software
/// routine in WASM, and the quote engine divides a lot.
fn quot_rem(a: i128, b: i128) -> (i128, i128) {
    match (i64::try_from(a), i64::try_from(b)) {
        (Ok(x), Ok(y)) if y != 0 && !(x == i64::MIN && y == -1) => (i128::from(x / y), i128::from(x % y)),
        _ if b != 0 => (a / b, a % b),
        _ => (0, 0),
    }
}

/// 10^0 … 10^28, every power a scale can need.
const POW10: [i128; 29] = {
    let mut table = [1i128; 29];
    let mut i = 1;
    while i < 29 {
        table[i] = table[i - 1] * 10;
        i += 1;
    }
    table
};

/// 10^0 … 10^9 on 64 bits (for `aligned`'s fast path).
const POW10_64: [i64; 10] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000];

fn pow10(n: u32) -> Option<i128> {
    match POW10.get(n as usize) {
        Some(p) => Some(*p),
        None => 10i128.checked_pow(n),
    }
}

/// `value` at exactly `scale` places: rounded half away from zero when it has more, padded with
/// zeros when it has fewer. None when it does not fit.
pub fn round_half_up(value: Decimal, scale: u32) -> Option<Decimal> {
    rounded(value, scale, false)
}

/// `value` at exactly `scale` places, rounded away from zero (up, for the positive amounts here).
pub fn round_up(value: Decimal, scale: u32) -> Option<Decimal> {
    rounded(value, scale, true)
}

fn rounded(value: Decimal, scale: u32, up: bool) -> Option<Decimal> {
    let (m, s) = (value.mantissa(), value.scale());
    let m = if s > scale {
        let unit = pow10(s - scale)?;
        let (q, r) = quot_rem(m, unit);
        let r = r.abs();
        let away = if up { r > 0 } else { r * 2 >= unit };
        if away { q + m.signum() } else { q }
    } else {
        mul(m, pow10(scale - s)?)?
    };
    Decimal::new(m, scale)
}

/// `a / b` rounded up to `scale` places (a ≥ 0, b > 0).
pub fn div_up(a: Decimal, b: Decimal, scale: u32) -> Option<Decimal> {
    if b.mantissa() <= 0 || a.mantissa() < 0 {
        return None;
    }
    let num = mul(a.mantissa(), pow10(b.scale().checked_add(scale)?)?)?;
    let den = mul(b.mantissa(), pow10(a.scale())?)?;
    let (q, r) = quot_rem(num, den);
    let q = q + i128::from(r != 0);
    Decimal::new(q, scale)
}

/// `value × percent / 100`, exact (the division only moves the point).
pub fn percent_of(value: Decimal, percent: Decimal) -> Option<Decimal> {
    let product = value.checked_mul(percent)?;
    Decimal::new(product.mantissa(), product.scale().checked_add(2)?)
}

/// Decimal text as written (`1.250`, `-0.5`, `0.00`), without the `Display` machinery.
pub fn text(value: Decimal) -> String {
    let mut out = String::new();
    write_text(&mut out, value);
    out
}

/// `text` appended to `out` (a forecast writes thousands of amounts into one buffer).
pub fn write_text(out: &mut String, value: Decimal) {
    let (m, scale) = (value.mantissa(), value.scale() as usize);
    // Digits from the last: at most 39 of an i128 and the zeros before a scale of 28.
    let mut digits = [0u8; 48];
    let mut len = 0;
    let mut n = m.unsigned_abs();
    // 64-bit steps while the value fits: 128-bit division is a software routine in WASM.
    while n > u128::from(u64::MAX) && len < digits.len() {
        digits[len] = b'0' + (n % 10) as u8;
        len += 1;
        n /= 10;
    }
    let mut n = n as u64;
    while (n > 0 || len <= scale) && len < digits.len() {
        digits[len] = b'0' + (n % 10) as u8;
        len += 1;
        n /= 10;
    }
    if m < 0 {
        out.push('-');
    }
    for (i, d) in digits[..len].iter().rev().enumerate() {
        if i == len - scale {
            out.push('.');
        }
        out.push(char::from(*d));
    }
}

/// Decimal text without trailing zeros (`1.5`, `12`).
pub fn plain(value: Decimal) -> String {
    text(value.normalize())
}

/// Fixed-scale text: `1.2` at scale 3 is `"1.200"`. Rounds half away from zero if needed.
pub fn fixed(value: Decimal, scale: u32) -> String {
    round_half_up(value, scale).map(text).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        parse(s).unwrap_or_default()
    }

    #[test]
    fn parses_plain_notation_only() {
        assert_eq!(parse("1.250").map(|v| (v.mantissa(), v.scale())), Some((1250, 3)));
        assert_eq!(parse("-0.5").map(text).as_deref(), Some("-0.5"));
        assert_eq!(parse(".5").map(text).as_deref(), Some("0.5"));
        for bad in ["", "-", ".", "1e3", "1.2.3", "NaN", "1,5", "79228162514264337593543950336"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn rounds_and_prints() {
        assert_eq!(fixed(d("2.345"), 2), "2.35");
        assert_eq!(fixed(d("-2.345"), 2), "-2.35");
        assert_eq!(fixed(d("2.344"), 2), "2.34");
        assert_eq!(fixed(d("7"), 2), "7.00");
        assert_eq!(fixed(d("0"), 0), "0");
        assert_eq!(round_up(d("0.1661"), 3).map(text).as_deref(), Some("0.167"));
        assert_eq!(div_up(d("1000"), d("6000"), 3).map(text).as_deref(), Some("0.167"));
        assert_eq!(div_up(d("12000"), d("5000"), 3).map(text).as_deref(), Some("2.400"));
        assert_eq!(div_up(d("1.01"), d("0.5"), 0).map(text).as_deref(), Some("3"));
        assert_eq!(percent_of(d("40.50"), d("12.5")).map(text).as_deref(), Some("5.06250"));
        assert_eq!(plain(d("1.500")), "1.5");
        assert_eq!(text(d("0.05")), "0.05");
    }
}

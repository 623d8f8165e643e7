//! Exact decimal amounts as they cross the wire: accepted as JSON numbers or strings, checked
//! (finite, in range, not too precise), and written back as strings with a fixed scale.

use std::str::FromStr;

use rust_decimal::Decimal;
use serde_json::Value;

use crate::i18n::MessageKey;
use crate::validate::FieldError;

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
        // serde_json's own writer, not `Display`: it keeps the float formatter of `core` (15 KB)
        // out of the browser's build. Integers and plain decimals come out as written.
        Some(Value::Number(n)) => serde_json::to_string(n).unwrap_or_default(),
        Some(_) => return Err(err(MessageKey::NumberInvalid)),
    };
    let number = parse(&text).ok_or_else(|| err(MessageKey::NumberInvalid))?;
    if number.is_sign_negative() && !number.is_zero() {
        return Err(err(MessageKey::NumberNotNegative));
    }
    if number.is_zero() && !bounds.allow_zero {
        return Err(err(MessageKey::NumberPositive));
    }
    if number > bounds.max {
        return Err(err(MessageKey::NumberTooLarge).with("max", bounds.max.normalize().to_string()));
    }
    if number.normalize().scale() > bounds.max_scale {
        return Err(err(MessageKey::NumberTooPrecise).with("scale", bounds.max_scale.to_string()));
    }
    Ok(number)
}

/// Plain decimal notation only (`12`, `-0.5`, `1.250`): never NaN, infinities or exponents.
pub fn parse(text: &str) -> Option<Decimal> {
    let plain = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b'-' || b == b'+');
    if plain { Decimal::from_str(text).ok() } else { None }
}

/// Fixed-scale text: `1.2` at scale 3 is `"1.200"`. Rounds half away from zero if needed.
pub fn fixed(value: Decimal, scale: u32) -> String {
    let mut v = value.round_dp_with_strategy(scale, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
    v.rescale(scale);
    v.to_string()
}

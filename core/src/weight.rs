//! Parcel weights: volumetric (dimensional) weight from the box's size and the channel's divisor
//! (thWeightRatio), and the chargeable weight a carrier bills: the larger of actual and
//! volumetric, rounded up to the rate card's increment. All exact decimals.

use crate::decimal::Decimal;

use crate::decimal::{self, Bounds};
use crate::i18n::MessageKey;
use crate::validate::FieldError;

/// Weights are kept to the gram.
pub const WEIGHT_SCALE: u32 = 3;

/// What is measured of a parcel and what the channel says about billing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeightInput {
    /// Centimetres.
    pub length: Decimal,
    pub width: Decimal,
    pub height: Decimal,
    /// Actual weight in kilograms.
    pub weight: Decimal,
    /// cm^3 per kg, usually 5000, 6000 or 8000.
    pub divisor: Decimal,
    /// Billing step in kg (0.5 means round up to the next half kilogram); zero means to the gram.
    pub increment: Decimal,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    pub actual_weight: Decimal,
    pub volumetric_weight: Decimal,
    pub chargeable_weight: Decimal,
}

pub const DIMENSION_BOUNDS: Bounds = Bounds { allow_zero: false, max: Decimal::int(10_000), max_scale: 2 };
pub const WEIGHT_BOUNDS: Bounds = Bounds { allow_zero: true, max: Decimal::int(100_000), max_scale: 3 };
pub const DIVISOR_BOUNDS: Bounds = Bounds { allow_zero: false, max: Decimal::int(1_000_000), max_scale: 0 };
pub const INCREMENT_BOUNDS: Bounds = Bounds { allow_zero: true, max: Decimal::int(100), max_scale: 3 };

/// L x W x H / divisor, rounded up to the gram: a carrier never bills less than the box.
pub fn volumetric_weight(length: Decimal, width: Decimal, height: Decimal, divisor: Decimal) -> Option<Decimal> {
    let volume = length.checked_mul(width)?.checked_mul(height)?;
    decimal::div_up(volume, divisor, WEIGHT_SCALE)
}

/// `value` rounded up to the next multiple of `increment` (to the gram when increment is zero).
pub fn round_up_to(value: Decimal, increment: Decimal) -> Option<Decimal> {
    if increment.is_zero() {
        return decimal::round_up(value, WEIGHT_SCALE);
    }
    decimal::div_up(value, increment, 0)?.checked_mul(increment)
}

/// Actual, volumetric and chargeable weight of one parcel, each to the gram.
pub fn chargeable_weight(input: &WeightInput) -> Result<Weights, FieldError> {
    let overflow = || FieldError::new("length", MessageKey::NumberTooLarge).with("field", "@field_length").with("max", "10000");
    let volumetric = volumetric_weight(input.length, input.width, input.height, input.divisor).ok_or_else(overflow)?;
    let heavier = input.weight.max(volumetric);
    let chargeable = round_up_to(heavier, input.increment).ok_or_else(overflow)?;
    let scaled = |d: Decimal| decimal::round_half_up(d, WEIGHT_SCALE).unwrap_or(d);
    Ok(Weights {
        actual_weight: scaled(input.weight),
        volumetric_weight: scaled(volumetric),
        chargeable_weight: scaled(chargeable),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        decimal::parse(s).unwrap_or_default()
    }

    #[test]
    fn volumetric_rounds_up_to_the_gram() {
        assert_eq!(volumetric_weight(d("30"), d("20"), d("10"), d("5000")), Some(d("1.2")));
        // 10 x 10 x 10 / 6000 = 0.1666... -> 0.167
        assert_eq!(volumetric_weight(d("10"), d("10"), d("10"), d("6000")), Some(d("0.167")));
    }

    #[test]
    fn chargeable_is_the_heavier_rounded_up() {
        let input = WeightInput {
            length: d("30"),
            width: d("20"),
            height: d("10"),
            weight: d("1.01"),
            divisor: d("5000"),
            increment: d("0.5"),
        };
        let w = chargeable_weight(&input).map(|w| w.chargeable_weight).map(decimal::text);
        assert_eq!(w.as_deref(), Ok("1.500"));
        let heavy = WeightInput { weight: d("2.5"), ..input };
        assert_eq!(chargeable_weight(&heavy).map(|w| w.chargeable_weight).map(decimal::text).as_deref(), Ok("2.500"));
    }
}

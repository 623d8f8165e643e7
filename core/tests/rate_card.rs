//! Rate cards as administrators write them: checked field by field, normalized, and readable by
//! the quote engine; markups applied to freight only.

#![expect(clippy::unwrap_used, clippy::type_complexity, reason = "a worked example fails loudly")]

use logistics_core::FieldError;
use logistics_core::decimal::{Decimal, parse};
use logistics_core::i18n::Lang;
use logistics_core::rate_card;
use serde_json::{Value, json};

/// Core speaks its own JSON; these tests write serde_json's.
fn checked(v: &Value) -> Result<(String, Value), FieldError> {
    rate_card::checked(&v.into()).map(|(currency, body)| (currency, body.into()))
}

fn marked_up(body: &Value, percent: Decimal) -> Value {
    rate_card::marked_up(&body.into(), percent).into()
}

fn card() -> Value {
    let bundle: Value = serde_json::from_str(include_str!("fixtures/quote_bundle.json")).unwrap();
    bundle["cards"][0].clone()
}

fn error(v: &Value) -> (String, String) {
    let e = checked(v).unwrap_err();
    (e.field.clone(), e.message(Lang::EnUs))
}

#[test]
fn the_fixture_card_passes_and_reads_back() {
    let (currency, body) = checked(&card()).unwrap();
    assert_eq!(currency, "USD");
    assert_eq!(body["prices"][1]["price"], "3.5");
    assert_eq!(body["zones"][1]["postalPrefixes"], json!(["99", "967"]));
    let mut bundle_card = body.clone();
    bundle_card["code"] = json!("EXP");
    bundle_card["currency"] = json!(currency);
    let products = logistics_core::quote_json::products(
        &(&json!({"cards": [bundle_card], "products": [{"id": "p", "code": "P", "feeId": "EXP"}]})).into(),
    );
    assert_eq!(products.map(|p| p.len()), Ok(1));
}

#[test]
fn lists_may_be_comma_separated_and_numbers_plain() {
    let mut c = card();
    c["zones"][2]["countries"] = json!("gb, de");
    c["prices"][3]["price"] = json!(45.50);
    let (_, body) = checked(&c).unwrap();
    assert_eq!(body["zones"][2]["countries"], json!(["GB", "DE"]));
    assert_eq!(body["prices"][3]["price"], "45.5");
}

#[test]
fn each_error_names_its_field() {
    let cases: Vec<(Box<dyn Fn(&mut Value)>, &str, &str)> = vec![
        (Box::new(|c| c["currency"] = json!("US")), "currency", "The currency is a 3-letter ISO 4217 code!"),
        (Box::new(|c| c["roundingScope"] = json!("box")), "roundingScope", "Description has an invalid value!"),
        (
            Box::new(|c| c["weightRounding"][1]["increment"] = json!("-1")),
            "weightRounding[1].increment",
            "Weight must not be negative!",
        ),
        (Box::new(|c| c["zones"][1]["code"] = json!("Z1")), "zones[1].code", "Zone code Z1 appears twice!"),
        (
            Box::new(|c| c["zones"][0]["countries"] = json!(["USA"])),
            "zones[0].countries",
            "A country code is two upper-case letters (ISO 3166-1)!",
        ),
        (Box::new(|c| c["prices"][2]["zone"] = json!("Z9")), "prices[2].zone", "Zone Z9 is not defined on this card!"),
        (
            Box::new(|c| c["prices"][3]["toWeight"] = json!("0")),
            "prices[3].toWeight",
            "The upper weight must be above the lower weight!",
        ),
        (
            Box::new(|c| c["prices"][1]["fromWeight"] = json!("19")),
            "prices[1].fromWeight",
            "It overlaps another weight bracket of zone Z1!",
        ),
        (Box::new(|c| c["prices"][0]["mode"] = json!("magic")), "prices[0].mode", "Price has an invalid value!"),
        (Box::new(|c| c["prices"][0]["stepPrice"] = json!("abc")), "prices[0].stepPrice", "Price must be a valid number!"),
        (Box::new(|c| c["prices"] = json!([])), "prices", "Price is required!"),
        (Box::new(|c| c["surcharges"][0]["type"] = json!("tax")), "surcharges[0].type", "Description has an invalid value!"),
        (
            Box::new(|c| c["surcharges"][3] = json!({"type": "oversize", "amount": "5"})),
            "surcharges[3].maxSide",
            "Enter a minimum or a maximum!",
        ),
        (
            Box::new(|c| c["surcharges"][2]["postalCodes"] = json!(["9*9"])),
            "surcharges[2].postalCodes",
            "A postal code has letters, digits, spaces or hyphens; a prefix ends in *!",
        ),
    ];
    for (change, field, message) in cases {
        let mut c = card();
        change(&mut c);
        assert_eq!(error(&c), (field.to_owned(), message.to_owned()), "{field}");
    }
}

#[test]
fn a_markup_scales_freight_prices_only() {
    let (_, body) = checked(&card()).unwrap();
    let up = marked_up(&body, parse("12.5").unwrap());
    assert_eq!(up["prices"][0]["firstPrice"], "11.25");
    assert_eq!(up["prices"][0]["stepPrice"], "2.25");
    assert_eq!(up["prices"][1]["price"], "3.9375");
    assert_eq!(up["prices"][1]["minCharge"], "90");
    assert_eq!(up["surcharges"], body["surcharges"]);
    // Rounded half-up to 4 places: 3.33 × 0.97 = 3.2301; 0.333 × 1.005 = 0.334665 → 0.3347.
    let mut c = card();
    c["prices"][1]["price"] = json!("0.333");
    let (_, body) = checked(&c).unwrap();
    assert_eq!(marked_up(&body, parse("0.5").unwrap())["prices"][1]["price"], "0.3347");
}

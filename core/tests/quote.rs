//! Worked examples of the quote engine, computed by hand (see each comment), through the same
//! JSON door the browser and the server use.

#![expect(clippy::unwrap_used, clippy::indexing_slicing, reason = "a worked example fails loudly")]

use logistics_core::api;
use serde_json::{Value, json};

const BUNDLE: &str = include_str!("fixtures/quote_bundle.json");

fn forecast(shipment: Value, lang: &str) -> Value {
    serde_json::from_str(&api::forecast(BUNDLE, &shipment.to_string(), lang)).unwrap()
}

fn totals(f: &Value) -> Vec<(String, String)> {
    f["quotes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| (q["code"].as_str().unwrap().to_owned(), q["total"].as_str().unwrap().to_owned()))
        .collect()
}

fn reasons(f: &Value) -> Vec<(String, String)> {
    f["unavailable"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| (u["code"].as_str().unwrap().to_owned(), u["reason"].as_str().unwrap().to_owned()))
        .collect()
}

#[test]
fn fifty_by_forty_by_thirty_at_eight_kilos_is_twelve_chargeable() {
    let f = forecast(
        json!({"countryCode": "US", "postalCode": "10001", "tradeType": "B2C",
        "parcels": [{"length": 50, "width": 40, "height": 30, "weight": 8, "quantity": 1}], "declaredValue": "100"}),
        "en-US",
    );
    // EXP-US: 60,000 cm³ / 5000 = 12 kg; zone Z1; 10 + ceil(11.5 / 0.5) × 2 = 56; +10 % = 61.60;
    // fuel 12.5 % = 7.70; per ticket 1.50; insurance 1 % of 100 = 1.00; total 71.80.
    // ECO: / 6000 = 10 kg; 10 + 19 × 2 = 48; −5 % = 45.60; fuel 5.70; 1.50; 1.00; total 53.80.
    assert_eq!(totals(&f), vec![("ECO".into(), "53.80".into()), ("EXP-US".into(), "71.80".into())]);
    let exp = &f["quotes"][1];
    assert_eq!(exp["chargeableWeight"], "12");
    assert_eq!(exp["zone"], "Z1");
    assert_eq!(
        exp["lines"],
        json!([{"kind": "freight", "label": "Freight", "amount": "61.60"}, {"kind": "fuel", "label": "Fuel surcharge", "amount": "7.70"},
            {"kind": "perTicket", "label": "Per-shipment fee", "amount": "1.50"}, {"kind": "insurance", "label": "Insurance", "amount": "1.00"}])
    );
    assert_eq!(
        exp["breakdown"],
        json!([
            "Parcel 1: actual 8 kg, volumetric 12 kg, billed 12 kg × 1",
            "Chargeable weight 12 kg (minimum 0.5 kg)",
            "Zone: Z1",
            "Freight bracket (0, 20] kg: 61.60"
        ])
    );
    assert_eq!(reasons(&f), vec![("FBA-ONLY".into(), "This channel does not take B2C shipments".into())]);
}

#[test]
fn a_remote_postal_prefix_picks_its_zone_and_adds_remote_and_oversize() {
    let f = forecast(
        json!({"countryCode": "us", "postalCode": "99501", "tradeType": "b2c",
        "parcels": [{"length": "130", "width": "40", "height": "30", "weight": "35", "quantity": 2}]}),
        "zh-CN",
    );
    // EXP-US: 130×40×30/5000 = 31.2 < 35 actual → 35 (1 kg steps above 20) × 2 = 70 kg; zone Z2
    // ("99" beats the prefix-less Z1); 70 × 5 = 350; +10 % = 385.00; fuel 48.125 → 48.13;
    // per ticket 1.50; remote 30.00; oversize 2 × 25 = 50.00; total 514.63.
    assert_eq!(totals(&f), vec![("EXP-US".into(), "514.63".into())]);
    assert_eq!(f["quotes"][0]["zone"], "Z2");
    assert_eq!(f["quotes"][0]["chargeableWeight"], "70");
    let kinds: Vec<&str> = f["quotes"][0]["lines"].as_array().unwrap().iter().map(|l| l["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["freight", "fuel", "perTicket", "remoteArea", "oversize"]);
    assert_eq!(f["quotes"][0]["lines"][3]["label"], "偏远地区附加费");
    assert_eq!(
        reasons(&f),
        vec![("ECO".into(), "该渠道只接受单件包裹".into()), ("FBA-ONLY".into(), "该渠道不接受B2C订单".into())]
    );
}

#[test]
fn half_kilo_steps_and_fixed_prices_round_half_up() {
    let f = forecast(
        json!({"countryCode": "GB", "postalCode": "SW1A 1AA", "tradeType": "B2C",
        "parcels": [{"length": 20, "width": 20, "height": 20, "weight": 1.2}]}),
        "en-US",
    );
    // EXP-US: 8,000 / 5000 = 1.6 → 2 kg; fixed 45 +10 % = 49.50; fuel 6.1875 → 6.19; 1.50 → 57.19.
    // ECO: 8,000 / 6000 = 1.3334 (up to the gram) → 1.5 kg; 45 −5 % = 42.75; fuel 5.34375 → 5.34;
    // 1.50 → 49.59.
    assert_eq!(totals(&f), vec![("ECO".into(), "49.59".into()), ("EXP-US".into(), "57.19".into())]);
    assert_eq!(f["quotes"][0]["chargeableWeight"], "1.5");
}

#[test]
fn every_refusal_has_its_reason() {
    let heavy = forecast(
        json!({"countryCode": "US", "postalCode": "10001", "tradeType": "B2C",
        "parcels": [{"length": 10, "width": 10, "height": 10, "weight": 80}]}),
        "en-US",
    );
    // ECO: 80 kg in (20, 300]: 80 × 3.5 = 280 −5 % = 266.00; fuel 33.25; 1.50; oversize (80 > 30) 25.00.
    assert_eq!(totals(&heavy), vec![("ECO".into(), "325.75".into())]);
    assert_eq!(reasons(&heavy)[0], ("EXP-US".into(), "Weight 80 kg is above the maximum of 70 kg".into()));
    let denied = forecast(
        json!({"countryCode": "US", "postalCode": "96799", "tradeType": "B2C",
        "parcels": [{"length": 10, "width": 10, "height": 10, "weight": 1}]}),
        "en-US",
    );
    assert_eq!(reasons(&denied)[0], ("EXP-US".into(), "Postal code 96799 is not served".into()));
    let nowhere = forecast(
        json!({"countryCode": "JP", "postalCode": "100-0001", "tradeType": "B2C",
        "parcels": [{"length": 10, "width": 10, "height": 10, "weight": 1}]}),
        "zh-CN",
    );
    assert!(totals(&nowhere).is_empty());
    assert_eq!(reasons(&nowhere)[0], ("EXP-US".into(), "不派送至JP".into()));
}

#[test]
fn bad_input_names_the_field() {
    let f = forecast(json!({"countryCode": "US", "tradeType": "B2C", "parcels": []}), "en-US");
    assert_eq!(f, json!({"ok": false, "field": "parcels", "key": "required", "message": "Parcels is required!"}));
    let f = forecast(json!({"countryCode": "US", "parcels": [{"length": 0, "width": 1, "height": 1, "weight": 1}]}), "en-US");
    assert_eq!(f["field"], "parcels[0].length");
    let f: Value =
        serde_json::from_str(&api::forecast("{\"cards\":[{\"code\":\"X\",\"prices\":[{\"mode\":\"magic\"}]}]}", "{}", "en-US"))
            .unwrap();
    assert_eq!(f["key"], "bad_request");
}

/// The shipments above as vectors for the browser's build (`core/tests/fixtures/quote_vectors.json`),
/// written from the native answers with `UPDATE_VECTORS=1` and checked against them otherwise. They
/// join `core/tests/vectors/` (replayed through WebAssembly) once the engine fits the browser's size
/// budget.
#[test]
fn the_parity_vectors_are_the_native_answers() {
    let shipments = [
        (
            "US, one parcel, declared value",
            json!({"countryCode": "US", "postalCode": "10001", "tradeType": "B2C", "parcels": [{"length": 50, "width": 40, "height": 30, "weight": 8, "quantity": 1}], "declaredValue": "100"}),
            "en-US",
        ),
        (
            "Alaska, remote and oversize",
            json!({"countryCode": "us", "postalCode": "99501", "tradeType": "b2c", "parcels": [{"length": "130", "width": "40", "height": "30", "weight": "35", "quantity": 2}]}),
            "zh-CN",
        ),
        (
            "GB, half-kilo steps",
            json!({"countryCode": "GB", "postalCode": "SW1A 1AA", "tradeType": "B2C", "parcels": [{"length": 20, "width": 20, "height": 20, "weight": 1.2}]}),
            "en-US",
        ),
        (
            "too heavy for one product",
            json!({"countryCode": "US", "postalCode": "10001", "tradeType": "B2C", "parcels": [{"length": 10, "width": 10, "height": 10, "weight": 80}]}),
            "zh-CN",
        ),
        (
            "denied postal code",
            json!({"countryCode": "US", "postalCode": "96799", "tradeType": "B2C", "parcels": [{"length": 10, "width": 10, "height": 10, "weight": 1}]}),
            "en-US",
        ),
        (
            "no zone",
            json!({"countryCode": "JP", "postalCode": "100-0001", "tradeType": "B2C", "parcels": [{"length": 10, "width": 10, "height": 10, "weight": 1}]}),
            "en-US",
        ),
        ("no parcels", json!({"countryCode": "US", "tradeType": "B2C", "parcels": []}), "zh-CN"),
        (
            "another currency asked",
            json!({"countryCode": "DE", "postalCode": "10115", "tradeType": "B2C", "currency": "EUR", "parcels": [{"length": 10, "width": 10, "height": 10, "weight": 1}]}),
            "zh-CN",
        ),
        (
            "50 x 40 x 30 cm, 8 kg at 5000 with a declared value",
            json!({"countryCode": "US", "postalCode": "10001", "tradeType": "B2C", "declaredValue": "123.45", "parcels": [{"length": 50, "width": 40, "height": 30, "weight": 8}]}),
            "en-US",
        ),
        (
            "a bad weight",
            json!({"countryCode": "US", "postalCode": "10001", "tradeType": "B2C", "parcels": [{"length": 10, "width": 10, "height": 10, "weight": "1e3"}]}),
            "en-US",
        ),
    ];
    let bundle: Value = serde_json::from_str(BUNDLE).unwrap();
    let vectors: Vec<Value> = shipments
        .iter()
        .map(|(name, s, lang)| {
            json!({"name": name, "fn": "forecast", "args": [bundle.to_string(), s.to_string(), lang], "expect": forecast(s.clone(), lang)})
        })
        .collect();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/quote.json");
    let text = serde_json::to_string_pretty(&vectors).unwrap() + "\n";
    if std::env::var("UPDATE_VECTORS").is_ok() {
        std::fs::write(&path, &text).unwrap();
    }
    assert_eq!(std::fs::read_to_string(&path).unwrap_or_default(), text, "run with UPDATE_VECTORS=1 to rewrite the vectors");
}

#[test]
fn the_hand_written_json_reads_back_as_written() {
    const NASTY: &str = "引号\" 反斜杠\\ 换行\n 制表\t 控制\u{1}\u{1f} é 🚚 {zone}";
    let bundle = json!({
        "cards": [{"code": "C", "currency": "USD", "zones": [{"code": NASTY, "countries": ["US"]}],
            "prices": [{"zone": NASTY, "fromWeight": "0", "toWeight": "30", "mode": "fixed", "price": "5"}]}],
        "products": [{"id": NASTY, "code": "P", "name": NASTY, "feeId": "C"},
            {"id": "u", "code": "U", "name": NASTY, "feeId": "C", "tradeType": "B2B"}]
    });
    let s = json!({"countryCode": "US", "tradeType": NASTY, "parcels": [{"length": 1, "width": 1, "height": 1, "weight": 1}]});
    let read: Value = serde_json::from_str(&api::forecast(&bundle.to_string(), &s.to_string(), "en-US")).unwrap();
    let quote = &read["quotes"][0];
    assert_eq!(
        (quote["channelProductId"].as_str(), quote["name"].as_str(), quote["zone"].as_str()),
        (Some(NASTY), Some(NASTY), Some(NASTY))
    );
    assert_eq!(quote["breakdown"][2], format!("Zone: {NASTY}"));
    let refused = &read["unavailable"][0];
    assert_eq!(refused["name"], NASTY);
    // The user's text stays as typed (upper-cased as trade types are), braces and all.
    assert_eq!(refused["reason"], format!("This channel does not take {} shipments", NASTY.to_ascii_uppercase()));
}

#[test]
fn postal_codes_compare_without_spaces_hyphens_or_case() {
    let bundle = json!({
        "cards": [{"code": "C", "currency": "GBP", "zones": [{"code": "LDN", "countries": ["GB"], "postalPrefixes": ["sw1a"]}, {"code": "UK", "countries": ["GB"]}],
            "prices": [{"zone": "LDN", "fromWeight": "0", "toWeight": "30", "mode": "fixed", "price": "5"}, {"zone": "UK", "fromWeight": "0", "toWeight": "30", "mode": "fixed", "price": "9"}],
            "surcharges": [{"type": "remoteArea", "postalCodes": ["iv 2*"], "amount": "3"}]}],
        "products": [{"id": "p", "code": "P", "name": "P", "feeId": "C", "postalRules": [{"country": "GB", "postalCode": "sw1a 2aa", "allow": false}]}]
    });
    let quote = |postal: &str| -> Value {
        let s =
            json!({"countryCode": "GB", "postalCode": postal, "parcels": [{"length": 1, "width": 1, "height": 1, "weight": 1}]});
        serde_json::from_str(&api::forecast(&bundle.to_string(), &s.to_string(), "en-US")).unwrap()
    };
    assert_eq!(quote("SW1A 1AA")["quotes"][0]["zone"], "LDN");
    assert_eq!(quote("sw1a-2aa")["unavailable"][0]["reason"], "Postal code sw1a-2aa is not served");
    assert_eq!(quote("IV2 3AB")["quotes"][0]["total"], "12.00");
}

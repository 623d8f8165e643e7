//! Replays the JSON test vectors through the native build of core. The web test suite replays the
//! very same files through the WebAssembly build, so both sides are proven to decide alike.

#![expect(clippy::panic, reason = "a broken vector file should fail the test loudly")]

use std::path::Path;

use logistics_core::api;
use serde_json::Value;

fn call(function: &str, args: &[&str]) -> Value {
    let text = |o: Option<String>| o.map_or(Value::Null, Value::String);
    let parse = |s: &str| serde_json::from_str::<Value>(s).unwrap_or(Value::Null);
    let json = |o: Option<String>| o.map_or(Value::Null, |s| parse(&s));
    match (function, args) {
        ("validatePassword", [value, lang]) => text(api::validate_password(value, lang)),
        ("validatePhone", [value, lang]) => text(api::validate_phone(value, lang)),
        ("validateEmail", [value, lang]) => text(api::validate_email(value, lang)),
        ("validateRequired", [value, label, lang]) => text(api::validate_required(value, label, lang)),
        ("message", [key, lang]) => Value::String(api::message(key, lang)),
        ("validateUsername", [value, lang]) => text(api::validate_username(value, lang)),
        ("validateSmsCode", [value, lang]) => text(api::validate_sms_code(value, lang)),
        ("validatePasswordChange", [old, new, confirm, lang]) => json(api::validate_password_change(old, new, confirm, lang)),
        ("validateNewPassword", [new, confirm, lang]) => json(api::validate_new_password(new, confirm, lang)),
        ("buildRoutes", [menu]) => parse(&api::build_routes(menu)),
        ("filterRoutes", [routes, permissions]) => parse(&api::filter_routes(routes, permissions)),
        ("buttonState", [action, auth, all_auth]) => Value::String(api::button_state(action, auth, all_auth)),
        ("welcome", [hour, lang]) => Value::String(api::welcome(hour.parse().unwrap_or(99), lang)),
        ("chargeableWeight", [input, lang]) => serde_json::from_str(&api::chargeable_weight(input, lang)).unwrap_or(Value::Null),
        ("checkRule", [rule, value, lang]) => text(api::check_rule(rule, value, lang)),
        ("nextOrgCode", [parent, siblings]) => Value::String(api::next_org_code(parent, siblings)),
        ("forecast", [bundle, shipment, lang]) => parse(&api::forecast(bundle, shipment, lang)),
        ("checkTrackingNumber", [scheme, number]) => Value::Bool(api::check_tracking_number(scheme, number)),
        ("checkCode", [kind, value, lang]) => text(api::check_code(kind, value, lang)),
        ("amountIssue", [text_, currency, lang]) => text(api::amount_issue(text_, currency, lang)),
        ("postalMatches", [pattern, code]) => api::postal_matches(pattern, code).map_or(Value::Null, Value::Bool),
        ("validityRuleIssues", [kind, min, max, lang]) => parse(&api::validity_rule_issues(kind, min, max, lang)),
        ("postalRuleIssues", [country, code, lang]) => parse(&api::postal_rule_issues(country, code, lang)),
        ("checkDivisor", [value, lang]) => text(api::check_divisor(value, lang)),
        ("rateCardIssues", [card, lang]) => parse(&api::rate_card_issues(card, lang)),
        ("rateCardPriceIssues", [row, lang]) => parse(&api::rate_card_price_issues(row, lang)),
        ("shipmentIssues", [form, stage, pattern, lang]) => parse(&api::shipment_issues(form, stage, pattern, lang)),
        ("labelTemplateIssues", [template, lang]) => parse(&api::label_template_issues(template, lang)),
        ("shipmentActions", [status]) => parse(&api::shipment_actions(status)),
        ("shipmentSelectionIssue", [items, action, lang]) => text(api::shipment_selection_issue(items, action, lang)),
        ("batchSelectionIssue", [items, action, lang]) => text(api::batch_selection_issue(items, action, lang)),
        ("trackingNumbers", [text_, lang]) => parse(&api::tracking_numbers(text_, lang)),
        ("trackingCombined", [parcels]) => Value::String(api::tracking_combined(parcels)),
        ("trackingMap", [rows, source, code]) => text(api::tracking_map(rows, source, code)),
        ("trackingWebhookUrl", [value, lang]) => text(api::tracking_webhook_url(value, lang)),
        ("courierTrackUrl", [value, lang]) => text(api::courier_track_url(value, lang)),
        ("courierPattern", [value, lang]) => text(api::courier_pattern(value, lang)),
        ("courierClaims", [pattern, scheme, number]) => Value::Bool(api::courier_claims(pattern, scheme, number)),
        ("courierUrl", [template, number]) => Value::String(api::courier_url(template, number)),
        _ => panic!("no such function in the vectors' contract: {function} with {} args", args.len()),
    }
}

#[test]
fn every_vector_holds_natively() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut count = 0;
    let mut failures = Vec::new();
    for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "json")) {
        let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        for case in cases {
            let function = case["fn"].as_str().unwrap();
            // Numbers (an hour of the day) travel as numbers in the vectors, as the browser passes them.
            let owned: Vec<String> = case["args"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a.as_str().map_or_else(|| a.to_string(), str::to_owned))
                .collect();
            let args: Vec<&str> = owned.iter().map(String::as_str).collect();
            let got = call(function, &args);
            if got != case["expect"] {
                failures.push(format!("{} / {}: expected {}, got {}", file.display(), case["name"], case["expect"], got));
            }
            count += 1;
        }
    }
    assert!(count >= 50, "too few vectors: {count}");
    assert!(failures.is_empty(), "{} of {count} vectors failed:\n{}", failures.len(), failures.join("\n"));
}

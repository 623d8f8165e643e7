//! The browser's copy of the shared rules: each export forwards to `logistics_core::api`, whose
//! functions the JSON test vectors pin down on both sides. Strings in, strings out.

use logistics_core::api;
use wasm_bindgen::prelude::wasm_bindgen;

/// The core's version, so the web can tell which rules it runs.
#[wasm_bindgen(js_name = coreVersion)]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

#[wasm_bindgen(js_name = validatePassword)]
pub fn validate_password(value: &str, lang: &str) -> Option<String> {
    api::validate_password(value, lang)
}

#[wasm_bindgen(js_name = validatePhone)]
pub fn validate_phone(value: &str, lang: &str) -> Option<String> {
    api::validate_phone(value, lang)
}

#[wasm_bindgen(js_name = validateEmail)]
pub fn validate_email(value: &str, lang: &str) -> Option<String> {
    api::validate_email(value, lang)
}

#[wasm_bindgen(js_name = validateRequired)]
pub fn validate_required(value: &str, label: &str, lang: &str) -> Option<String> {
    api::validate_required(value, label, lang)
}

#[wasm_bindgen]
pub fn message(key: &str, lang: &str) -> String {
    api::message(key, lang)
}

#[wasm_bindgen(js_name = chargeableWeight)]
pub fn chargeable_weight(input_json: &str, lang: &str) -> String {
    api::chargeable_weight(input_json, lang)
}

#[wasm_bindgen(js_name = validateUsername)]
pub fn validate_username(value: &str, lang: &str) -> Option<String> {
    api::validate_username(value, lang)
}

#[wasm_bindgen(js_name = validateSmsCode)]
pub fn validate_sms_code(value: &str, lang: &str) -> Option<String> {
    api::validate_sms_code(value, lang)
}

#[wasm_bindgen(js_name = validatePasswordChange)]
pub fn validate_password_change(old: &str, new: &str, confirm: &str, lang: &str) -> Option<String> {
    api::validate_password_change(old, new, confirm, lang)
}

#[wasm_bindgen(js_name = validateNewPassword)]
pub fn validate_new_password(new: &str, confirm: &str, lang: &str) -> Option<String> {
    api::validate_new_password(new, confirm, lang)
}

#[wasm_bindgen(js_name = buildRoutes)]
pub fn build_routes(menu_json: &str) -> String {
    api::build_routes(menu_json)
}

#[wasm_bindgen(js_name = filterRoutes)]
pub fn filter_routes(routes_json: &str, permissions_json: &str) -> String {
    api::filter_routes(routes_json, permissions_json)
}

#[wasm_bindgen(js_name = buttonState)]
pub fn button_state(action: &str, auth_json: &str, all_auth_json: &str) -> String {
    api::button_state(action, auth_json, all_auth_json)
}

#[wasm_bindgen]
pub fn welcome(hour: u32, lang: &str) -> String {
    api::welcome(hour, lang)
}

#[wasm_bindgen(js_name = checkRule)]
pub fn check_rule(rule_code: &str, value: &str, lang: &str) -> Option<String> {
    api::check_rule(rule_code, value, lang)
}

#[wasm_bindgen(js_name = nextOrgCode)]
pub fn next_org_code(parent: &str, siblings: &str) -> String {
    api::next_org_code(parent, siblings)
}

#[wasm_bindgen(js_name = checkTrackingNumber)]
pub fn check_tracking_number(scheme: &str, number: &str) -> bool {
    api::check_tracking_number(scheme, number)
}

/// Reads and keeps a bundle for `forecastLoaded` (None, or the error as JSON).
#[wasm_bindgen(js_name = loadBundle)]
pub fn load_bundle(bundle_json: &str, lang: &str) -> Option<String> {
    api::load_bundle(bundle_json, lang)
}

/// The forecast against the bundle loaded last.
#[wasm_bindgen(js_name = forecastLoaded)]
pub fn forecast_loaded(shipment_json: &str, lang: &str) -> String {
    api::forecast_loaded(shipment_json, lang)
}

/// The loaded bundle's products, as `forecastLoaded`'s `"p":i` names them.
#[wasm_bindgen(js_name = bundleProducts)]
pub fn bundle_products(lang: &str) -> String {
    api::bundle_products(lang)
}

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

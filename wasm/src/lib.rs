//! The browser's copy of the shared rules: each export forwards to `logistics_core::api`, whose
//! functions the JSON test vectors pin down on both sides. Strings in, strings out.
//!
//! In the browser (wasm32) the build links no standard library: a panic traps at once (the caller
//! gets a `RuntimeError`; no message is formatted, none would be shown) and memory comes from
//! dlmalloc, the allocator std itself uses there. No panic formatting, no serde
//! (`scripts/build-wasm.sh` checks the binary).

#![cfg_attr(target_arch = "wasm32", no_std)]

extern crate alloc;

use alloc::borrow::ToOwned;
use alloc::string::String;

use logistics_core::api;
use wasm_bindgen::prelude::wasm_bindgen;

#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: dlmalloc::GlobalDlmalloc = dlmalloc::GlobalDlmalloc;

/// A panic is a trap: the JavaScript caller sees a `RuntimeError: unreachable`.
#[cfg(target_arch = "wasm32")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    core::arch::wasm32::unreachable()
}

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

/// What is wrong with an amount typed for a currency's wallet, if anything (see `api::amount_issue`).
#[wasm_bindgen(js_name = amountIssue)]
pub fn amount_issue(text: &str, currency: &str, lang: &str) -> Option<String> {
    api::amount_issue(text, currency, lang)
}

#[wasm_bindgen(js_name = segmentAffixIssue)]
pub fn segment_affix_issue(scheme: &str, which: &str, text: &str, lang: &str) -> Option<String> {
    api::segment_affix_issue(scheme, which, text, lang)
}

/// Serials travel as JavaScript numbers: whole and at most 15 digits, so exact in an f64.
#[wasm_bindgen(js_name = segmentNumber)]
pub fn segment_number(scheme: &str, prefix: &str, suffix: &str, end_no: f64, serial: f64) -> String {
    let whole = |n: f64| if (n as i64) as f64 == n && n > -1e15 && n < 1e15 { n as i64 } else { -1 };
    api::segment_number(scheme, prefix, suffix, whole(end_no), whole(serial))
}

#[wasm_bindgen(js_name = segmentMaxSerial)]
pub fn segment_max_serial(scheme: &str) -> f64 {
    api::segment_max_serial(scheme) as f64
}

/// A bundle of channel products and rate cards, read once (`readBundle`); the page quotes
/// against it on every keystroke. Free it (`free()`) when another replaces it.
#[wasm_bindgen]
pub struct Bundle(api::Bundle);

/// Reads a bundle (`GET /logistics/priceForecast/bundle`'s result as JSON text).
#[wasm_bindgen(js_name = readBundle)]
pub fn read_bundle(bundle_json: &str, lang: &str) -> Bundle {
    Bundle(api::read_bundle(bundle_json, lang))
}

#[wasm_bindgen]
impl Bundle {
    /// None when the bundle read, else the refusal as JSON.
    pub fn error(&self) -> Option<String> {
        self.0.error()
    }

    /// The forecast of a shipment, in the shared form (`quote::Steps::Shared`).
    pub fn forecast(&self, shipment_json: &str, lang: &str) -> String {
        self.0.forecast(shipment_json, lang)
    }

    /// The bundle's products, as `forecast`'s `"p":i` names them.
    pub fn products(&self, lang: &str) -> String {
        self.0.products_json(lang)
    }
}

#[wasm_bindgen(js_name = checkCode)]
pub fn check_code(kind: &str, value: &str, lang: &str) -> Option<String> {
    api::check_code(kind, value, lang)
}

#[wasm_bindgen(js_name = postalMatches)]
pub fn postal_matches(pattern: &str, postal_code: &str) -> Option<bool> {
    api::postal_matches(pattern, postal_code)
}

#[wasm_bindgen(js_name = validityRuleIssues)]
pub fn validity_rule_issues(valid_type: &str, min: &str, max: &str, lang: &str) -> String {
    api::validity_rule_issues(valid_type, min, max, lang)
}

#[wasm_bindgen(js_name = postalRuleIssues)]
pub fn postal_rule_issues(country: &str, postal_code: &str, lang: &str) -> String {
    api::postal_rule_issues(country, postal_code, lang)
}

#[wasm_bindgen(js_name = checkDivisor)]
pub fn check_divisor(value: &str, lang: &str) -> Option<String> {
    api::check_divisor(value, lang)
}

#[wasm_bindgen(js_name = rateCardIssues)]
pub fn rate_card_issues(card_json: &str, lang: &str) -> String {
    api::rate_card_issues(card_json, lang)
}

#[wasm_bindgen(js_name = waybillBatchIssues)]
pub fn waybill_batch_issues(head_json: &str, lang: &str) -> String {
    api::waybill_batch_issues(head_json, lang)
}

#[wasm_bindgen(js_name = partitionIssues)]
pub fn partition_issues(partition_json: &str, lang: &str) -> String {
    api::partition_issues(partition_json, lang)
}

#[wasm_bindgen(js_name = rateCardPriceIssues)]
pub fn rate_card_price_issues(row_json: &str, lang: &str) -> String {
    api::rate_card_price_issues(row_json, lang)
}

#[wasm_bindgen(js_name = shipmentIssues)]
pub fn shipment_issues(form_json: &str, stage: &str, postal_pattern: &str, lang: &str) -> String {
    api::shipment_issues(form_json, stage, postal_pattern, lang)
}

#[wasm_bindgen(js_name = labelTemplateIssues)]
pub fn label_template_issues(template_json: &str, lang: &str) -> String {
    api::label_template_issues(template_json, lang)
}

#[wasm_bindgen(js_name = trackingNumbers)]
pub fn tracking_numbers(text: &str, lang: &str) -> String {
    api::tracking_numbers(text, lang)
}

#[wasm_bindgen(js_name = trackingCombined)]
pub fn tracking_combined(parcels_json: &str) -> String {
    api::tracking_combined(parcels_json)
}

#[wasm_bindgen(js_name = trackingWebhookUrl)]
pub fn tracking_webhook_url(value: &str, lang: &str) -> Option<String> {
    api::tracking_webhook_url(value, lang)
}

#[wasm_bindgen(js_name = courierTrackUrl)]
pub fn courier_track_url(value: &str, lang: &str) -> Option<String> {
    api::courier_track_url(value, lang)
}

#[wasm_bindgen(js_name = courierPattern)]
pub fn courier_pattern(value: &str, lang: &str) -> Option<String> {
    api::courier_pattern(value, lang)
}

#[wasm_bindgen(js_name = courierClaims)]
pub fn courier_claims(pattern: &str, scheme: &str, number: &str) -> bool {
    api::courier_claims(pattern, scheme, number)
}

#[wasm_bindgen(js_name = courierUrl)]
pub fn courier_url(template: &str, number: &str) -> String {
    api::courier_url(template, number)
}

#[wasm_bindgen(js_name = trackingMap)]
pub fn tracking_map(mappings_json: &str, source: &str, code: &str) -> Option<String> {
    api::tracking_map(mappings_json, source, code)
}

#[wasm_bindgen(js_name = returnIssues)]
pub fn return_issues(form_json: &str, stage: &str, currency: &str, lang: &str) -> String {
    api::return_issues(form_json, stage, currency, lang)
}

#[wasm_bindgen(js_name = wmsIssues)]
pub fn wms_issues(form_json: &str, kind: &str, lang: &str) -> String {
    api::wms_issues(form_json, kind, lang)
}

#[wasm_bindgen(js_name = returnActions)]
pub fn return_actions(status: &str, side: &str) -> String {
    api::return_actions(status, side)
}

#[wasm_bindgen(js_name = dispatchActions)]
pub fn dispatch_actions(status: &str) -> String {
    api::dispatch_actions(status)
}

#[wasm_bindgen(js_name = pickupIssues)]
pub fn pickup_issues(date: &str, window: &str, lang: &str) -> String {
    api::pickup_issues(date, window, lang)
}

#[wasm_bindgen(js_name = transitIssue)]
pub fn transit_issue(min: &str, max: &str, lang: &str) -> Option<String> {
    api::transit_issue(min, max, lang)
}

#[wasm_bindgen(js_name = upsRoutingIssue)]
pub fn ups_routing_issue(country: &str, low: &str, high: &str, code: &str, lang: &str) -> Option<String> {
    api::ups_routing_issue(country, low, high, code, lang)
}

#[wasm_bindgen(js_name = gatewayRouteIssues)]
pub fn gateway_route_issues(form_json: &str, allow_list_json: &str, lang: &str) -> String {
    api::gateway_route_issues(form_json, allow_list_json, lang)
}

#[wasm_bindgen(js_name = cronIssue)]
pub fn cron_issue(expression: &str, lang: &str) -> Option<String> {
    api::cron_issue(expression, lang)
}

#[wasm_bindgen(js_name = popupIssue)]
pub fn popup_issue(code: &str, org_fields: &str, dest_fields: &str, lang: &str) -> Option<String> {
    api::popup_issue(code, org_fields, dest_fields, lang)
}

#[wasm_bindgen(js_name = popupSelectionIssue)]
pub fn popup_selection_issue(count: usize, multi: bool, lang: &str) -> Option<String> {
    api::popup_selection_issue(count, multi, lang)
}

#[wasm_bindgen(js_name = returnAttachmentIssue)]
pub fn return_attachment_issue(size: usize, head: &[u8], lang: &str) -> Option<String> {
    api::return_attachment_issue(size, head, lang)
}

#[wasm_bindgen(js_name = shipmentActions)]
pub fn shipment_actions(status: &str) -> String {
    api::shipment_actions(status)
}

#[wasm_bindgen(js_name = shipmentSelectionIssue)]
pub fn shipment_selection_issue(items_json: &str, action: &str, lang: &str) -> Option<String> {
    api::shipment_selection_issue(items_json, action, lang)
}

#[wasm_bindgen(js_name = batchSelectionIssue)]
pub fn batch_selection_issue(items_json: &str, action: &str, lang: &str) -> Option<String> {
    api::batch_selection_issue(items_json, action, lang)
}

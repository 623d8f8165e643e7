//! The boundary both front doors call: the WebAssembly facade exports these one to one, and the
//! JSON test vectors under `core/tests/vectors/` replay them natively and in the browser (parity).
//! Plain strings in and out, so the browser needs no serde glue.

use serde_json::{Value, json};

use crate::decimal;
use crate::i18n::{Lang, MessageKey};
use crate::permission::{self, ButtonPermission};
use crate::validate::{self, FieldError};
use crate::weight::{self, WeightInput};

fn lang_of(tag: &str) -> Lang {
    Lang::parse(tag).unwrap_or_default()
}

fn message_of(result: Result<(), FieldError>, lang: &str) -> Option<String> {
    result.err().map(|e| e.message(lang_of(lang)))
}

/// The localized message if `value` breaks the password policy, else `None`.
pub fn validate_password(value: &str, lang: &str) -> Option<String> {
    message_of(validate::password("password", value), lang)
}

/// The localized message if `value` is not a CN mobile or E.164 number, else `None`.
pub fn validate_phone(value: &str, lang: &str) -> Option<String> {
    message_of(validate::phone("phone", value), lang)
}

/// The localized message if `value` is not an e-mail address, else `None`.
pub fn validate_email(value: &str, lang: &str) -> Option<String> {
    message_of(validate::email("email", value), lang)
}

/// The localized message if `value` is blank; `label` is the field's name as the user sees it.
pub fn validate_required(value: &str, label: &str, lang: &str) -> Option<String> {
    message_of(validate::required("value", label, value), lang)
}

/// A catalogue message by key, in the given language (the key itself if unknown).
pub fn message(key: &str, lang: &str) -> String {
    MessageKey::from_key(key).map_or_else(|| key.to_owned(), |k| k.template(lang_of(lang)).to_owned())
}

/// Chargeable weight from a JSON object `{length, width, height, weight, divisor | thWeightRatio,
/// increment}` (numbers or strings). Answers `{"ok":true,"actualWeight","volumetricWeight",
/// "chargeableWeight"}` as fixed 3-decimal strings, or `{"ok":false,"field","key","message"}`.
pub fn chargeable_weight(input_json: &str, lang: &str) -> String {
    let lang = lang_of(lang);
    let result = serde_json::from_str::<Value>(input_json)
        .map_err(|_| FieldError::new("", MessageKey::BadRequest))
        .and_then(|v| parse_weight_input(&v))
        .and_then(|input| weight::chargeable_weight(&input));
    match result {
        Ok(w) => json!({
            "ok": true,
            "actualWeight": decimal::fixed(w.actual_weight, weight::WEIGHT_SCALE),
            "volumetricWeight": decimal::fixed(w.volumetric_weight, weight::WEIGHT_SCALE),
            "chargeableWeight": decimal::fixed(w.chargeable_weight, weight::WEIGHT_SCALE),
        }),
        Err(e) => {
            json!({"ok": false, "field": e.field, "key": e.key.key(), "message": e.message(lang)})
        }
    }
    .to_string()
}

/// Reads the weight fields in the order a form shows them, so the first error is the first field.
pub fn parse_weight_input(v: &Value) -> Result<WeightInput, FieldError> {
    use weight::{DIMENSION_BOUNDS, DIVISOR_BOUNDS, INCREMENT_BOUNDS, WEIGHT_BOUNDS};
    let field = |name: &str| v.get(name);
    let length = decimal::read("length", MessageKey::FieldLength, field("length"), DIMENSION_BOUNDS)?;
    let width = decimal::read("width", MessageKey::FieldWidth, field("width"), DIMENSION_BOUNDS)?;
    let height = decimal::read("height", MessageKey::FieldHeight, field("height"), DIMENSION_BOUNDS)?;
    let weight = decimal::read("weight", MessageKey::FieldWeight, field("weight"), WEIGHT_BOUNDS)?;
    let divisor = field("divisor").or_else(|| field("thWeightRatio"));
    let divisor = decimal::read("divisor", MessageKey::FieldDivisor, divisor, DIVISOR_BOUNDS)?;
    let increment = match field("increment") {
        None | Some(Value::Null) => crate::decimal::Decimal::ZERO,
        some => decimal::read("increment", MessageKey::FieldIncrement, some, INCREMENT_BOUNDS)?,
    };
    Ok(WeightInput { length, width, height, weight, divisor, increment })
}

fn field_error_json(result: Result<(), FieldError>, lang: &str) -> Option<String> {
    result.err().map(|e| json!({"field": e.field, "key": e.key.key(), "message": e.message(lang_of(lang))}).to_string())
}

/// The localized message if `value` is not an acceptable username, else `None`.
pub fn validate_username(value: &str, lang: &str) -> Option<String> {
    message_of(validate::username("username", value), lang)
}

/// The localized message if `value` is not a 6-digit SMS code, else `None`.
pub fn validate_sms_code(value: &str, lang: &str) -> Option<String> {
    message_of(validate::sms_code("captcha", value), lang)
}

/// The change-password form: `None`, or `{"field","key","message"}` for the first field at fault.
pub fn validate_password_change(old: &str, new: &str, confirm: &str, lang: &str) -> Option<String> {
    field_error_json(validate::password_change(old, new, confirm), lang)
}

/// A new password and its confirmation: `None`, or `{"field","key","message"}`.
pub fn validate_new_password(new: &str, confirm: &str, lang: &str) -> Option<String> {
    field_error_json(validate::new_password(new, confirm), lang)
}

fn bad_input() -> String {
    json!({"error": "bad_request"}).to_string()
}

/// Menu tree JSON (as `getUserPermissionByToken` returns `menu`) to route tree JSON; a non-array
/// input answers `{"error":"bad_request"}`.
pub fn build_routes(menu_json: &str) -> String {
    match serde_json::from_str::<Value>(menu_json) {
        Ok(Value::Array(menu)) => Value::Array(permission::build_routes(&menu)).to_string(),
        _ => bad_input(),
    }
}

/// Route tree JSON filtered by a JSON array of permission codes.
pub fn filter_routes(routes_json: &str, permissions_json: &str) -> String {
    // Values, not typed lists: typed errors would pull serde's float formatting into the browser.
    let routes = serde_json::from_str::<Value>(routes_json);
    let permissions = serde_json::from_str::<Value>(permissions_json);
    match (routes, permissions) {
        (Ok(Value::Array(routes)), Ok(Value::Array(permissions))) => {
            let permissions: Vec<String> = permissions.iter().filter_map(Value::as_str).map(str::to_owned).collect();
            Value::Array(permission::filter_routes(&routes, &permissions)).to_string()
        }
        _ => bad_input(),
    }
}

/// `visible`, `hidden` or `disabled` for a button, from the `auth` and `allAuth` JSON arrays
/// (malformed lists count as empty: nothing granted).
pub fn button_state(action: &str, auth_json: &str, all_auth_json: &str) -> String {
    let (auth, all) = (ButtonPermission::list_from_json(auth_json), ButtonPermission::list_from_json(all_auth_json));
    permission::button_state(action, &auth, &all).as_str().to_owned()
}

/// The greeting for an hour of the day (0-23).
pub fn welcome(hour: u32, lang: &str) -> String {
    permission::welcome(hour, lang_of(lang)).to_owned()
}

/// A coding rule (`role_code`, `position_code`, `work_no`, `perms_code`, `username`, `phone`,
/// `email`): `None` when `value` passes, else the localized message.
pub fn check_rule(rule_code: &str, value: &str, lang: &str) -> Option<String> {
    message_of(crate::check_rule::check(rule_code, value), lang)
}

/// The code of a new department under `parent` (empty for the top level) after the siblings'
/// codes (comma list); empty when the level is full.
pub fn next_org_code(parent: &str, siblings: &str) -> String {
    let siblings: Vec<&str> = siblings.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
    crate::orgcode::next_child(Some(parent).filter(|p| !p.is_empty()), &siblings).unwrap_or_default()
}

/// Whether a scanned or typed tracking number carries a valid check digit under `scheme`
/// (`none`, `mod7`, `s10`, `ups`); an unknown scheme is never valid.
pub fn check_tracking_number(scheme: &str, number: &str) -> bool {
    crate::check_digit::Scheme::parse(scheme).is_some_and(|s| crate::check_digit::is_valid(s, number))
}

thread_local! {
    /// The bundle last loaded, read (the page quotes on every keystroke against the same one).
    static LOADED: std::cell::RefCell<Option<std::rc::Rc<Vec<crate::quote::Product>>>> = const { std::cell::RefCell::new(None) };
}

/// Reads a bundle (see `quote_json`) and keeps it for `forecast_loaded`: None when it reads, else
/// `{"ok":false,"key":"bad_request","message","detail"}` (and nothing is kept).
pub fn load_bundle(bundle_json: &str, lang: &str) -> Option<String> {
    let language = lang_of(lang);
    let bad = |detail: String| {
        Some(
            json!({"ok": false, "key": MessageKey::BadRequest.key(), "message": MessageKey::BadRequest.template(language), "detail": detail})
                .to_string(),
        )
    };
    LOADED.set(None);
    let Ok(bundle) = serde_json::from_str::<Value>(bundle_json) else { return bad("bundle".into()) };
    match crate::quote_json::products(&bundle) {
        Ok(products) => {
            LOADED.set(Some(std::rc::Rc::new(products)));
            None
        }
        Err(crate::quote_json::BadBundle(detail)) => bad(detail),
    }
}

/// The forecast of a shipment against the bundle loaded last (none loaded: no products), with the
/// breakdowns' weighing steps shared (`quote::Steps::Shared`: the browser's form).
pub fn forecast_loaded(shipment_json: &str, lang: &str) -> String {
    forecast_with(shipment_json, lang, crate::quote::Steps::Shared)
}

/// The loaded bundle's products as a shared forecast names them (`quote::write_products`).
pub fn bundle_products(lang: &str) -> String {
    let products = LOADED.with_borrow(|p| p.clone()).unwrap_or_default();
    let mut out = String::new();
    crate::quote::write_products(&products, lang_of(lang), &mut out);
    out
}

fn forecast_with(shipment_json: &str, lang: &str, steps: crate::quote::Steps) -> String {
    let language = lang_of(lang);
    let products = LOADED.with_borrow(|p| p.clone()).unwrap_or_default();
    let shipment = serde_json::from_str::<Value>(shipment_json)
        .map_err(|_| FieldError::new("", MessageKey::BadRequest))
        .and_then(|v| crate::quote_json::shipment(&v));
    match shipment {
        Ok(s) => crate::quote::forecast_json(&products, &s, language, steps),
        Err(e) => json!({"ok": false, "field": e.field, "key": e.key.key(), "message": e.message(language)}).to_string(),
    }
}

/// The price forecast of a shipment against a bundle of channel products and rate cards, both as
/// JSON (see `quote_json`). Answers `{"ok":true,"quotes":[…],"unavailable":[…]}` (quotes cheapest
/// first, each with its whole breakdown, as `POST /logistics/priceForecast` answers),
/// `{"ok":false,"field","key","message"}` for bad shipment input, or `{"ok":false,"key":
/// "bad_request","message"}` for an unreadable bundle. The page reads a large bundle once
/// (`load_bundle`) and quotes with `forecast_loaded` on every keystroke.
pub fn forecast(bundle_json: &str, shipment_json: &str, lang: &str) -> String {
    match load_bundle(bundle_json, lang) {
        Some(error) => error,
        None => forecast_with(shipment_json, lang, crate::quote::Steps::Inline),
    }
}

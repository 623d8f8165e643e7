//! The boundary both front doors call: the WebAssembly facade exports these one to one, and the
//! JSON test vectors under `core/tests/vectors/` replay them natively and in the browser (parity).
//! Plain strings in and out, so the browser needs no serde glue.

use crate::decimal;
use crate::i18n::{Lang, MessageKey};
use crate::json::{self, Value, object};
use crate::permission::{self, ButtonPermission};
use crate::prelude::*;
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
    let result = json::parse(input_json)
        .ok_or_else(|| FieldError::new("", MessageKey::BadRequest))
        .and_then(|v| parse_weight_input(&v))
        .and_then(|input| weight::chargeable_weight(&input));
    let fixed = |d| Value::String(decimal::fixed(d, weight::WEIGHT_SCALE));
    match result {
        Ok(w) => object([
            ("ok", true.into()),
            ("actualWeight", fixed(w.actual_weight)),
            ("volumetricWeight", fixed(w.volumetric_weight)),
            ("chargeableWeight", fixed(w.chargeable_weight)),
        ]),
        Err(e) => refusal(&e, lang),
    }
    .to_json()
}

/// `{"ok":false,"field","key","message"}`.
fn refusal(e: &FieldError, lang: Lang) -> Value {
    object([
        ("ok", false.into()),
        ("field", e.field.as_str().into()),
        ("key", e.key.key().into()),
        ("message", e.message(lang).into()),
    ])
}

/// `{"field","key","message"}`.
fn field_error(e: &FieldError, lang: Lang) -> Value {
    object([("field", e.field.as_str().into()), ("key", e.key.key().into()), ("message", e.message(lang).into())])
}

/// A list of problems as a JSON array of `{"field","key","message"}`.
fn issues_json(issues: &[FieldError], lang: &str) -> String {
    let lang = lang_of(lang);
    Value::Array(issues.iter().map(|e| field_error(e, lang)).collect()).to_json()
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
    result.err().map(|e| field_error(&e, lang_of(lang)).to_json())
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
    object([("error", "bad_request".into())]).to_json()
}

/// Menu tree JSON (as `getUserPermissionByToken` returns `menu`) to route tree JSON; a non-array
/// input answers `{"error":"bad_request"}`.
pub fn build_routes(menu_json: &str) -> String {
    match json::parse(menu_json) {
        Some(Value::Array(menu)) => Value::Array(permission::build_routes(&menu)).to_json(),
        _ => bad_input(),
    }
}

/// Route tree JSON filtered by a JSON array of permission codes.
pub fn filter_routes(routes_json: &str, permissions_json: &str) -> String {
    match (json::parse(routes_json), json::parse(permissions_json)) {
        (Some(Value::Array(routes)), Some(Value::Array(permissions))) => {
            let permissions: Vec<String> = permissions.iter().filter_map(Value::as_str).map(str::to_owned).collect();
            Value::Array(permission::filter_routes(&routes, &permissions)).to_json()
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

/// What is wrong with `text` as an amount of `currency` (positive, at most the currency's minor
/// places, at most [`crate::wallet::MAX_MAJOR`]), in `lang`; None when it is a valid amount.
pub fn amount_issue(text: &str, currency: &str, lang: &str) -> Option<String> {
    message_of(
        crate::wallet::read_amount("amount", Some(&crate::json::Value::String(text.trim().to_owned())), currency).map(drop),
        lang,
    )
}

/// What is wrong with a number segment's prefix or suffix (`which`) for its check scheme, in
/// `lang`; None when it fits (or the scheme or `which` is unknown: the form checks those itself).
pub fn segment_affix_issue(scheme: &str, which: &str, text: &str, lang: &str) -> Option<String> {
    let (Some(scheme), Some(which)) = (crate::check_digit::Scheme::parse(scheme), crate::number_segment::Affix::parse(which))
    else {
        return None;
    };
    message_of(crate::number_segment::affix(scheme, which, text).map(drop), lang)
}

/// The number a segment hands out for `serial` (prefix, zero-padded serial, check digit, suffix),
/// as the server builds it; empty for an unknown scheme or serials out of range.
pub fn segment_number(scheme: &str, prefix: &str, suffix: &str, end_no: i64, serial: i64) -> String {
    match crate::check_digit::Scheme::parse(scheme) {
        Some(scheme)
            if (0..=crate::number_segment::MAX_SERIAL).contains(&serial)
                && (0..=crate::number_segment::MAX_SERIAL).contains(&end_no) =>
        {
            let prefix = prefix.trim().to_ascii_uppercase();
            let suffix = suffix.trim().to_ascii_uppercase();
            crate::number_segment::number(scheme, &prefix, &suffix, end_no, serial)
        }
        _ => String::new(),
    }
}

/// The largest serial a check scheme's numbers can hold; 0 for an unknown scheme.
pub fn segment_max_serial(scheme: &str) -> i64 {
    crate::check_digit::Scheme::parse(scheme).map_or(0, crate::number_segment::max_serial)
}

/// A bundle of channel products and rate cards (see `quote_json`) read once: the page quotes on
/// every keystroke against the same one. The browser holds it (the facade's `Bundle`).
#[derive(Debug)]
pub struct Bundle(Result<Vec<crate::quote::Product>, String>);

/// Reads a bundle for [`Bundle::forecast`]. An unreadable one is kept with its error
/// (`{"ok":false,"key":"bad_request","message","detail"}`, see [`Bundle::error`]) and has no
/// products.
pub fn read_bundle(bundle_json: &str, lang: &str) -> Bundle {
    let language = lang_of(lang);
    let bad = |detail: String| {
        let bad = MessageKey::BadRequest;
        object([
            ("ok", false.into()),
            ("key", bad.key().into()),
            ("message", bad.template(language).into()),
            ("detail", detail.into()),
        ])
        .to_json()
    };
    let Some(bundle) = json::parse(bundle_json) else { return Bundle(Err(bad("bundle".into()))) };
    Bundle(crate::quote_json::products(&bundle).map_err(|crate::quote_json::BadBundle(detail)| bad(detail)))
}

impl Bundle {
    fn products(&self) -> &[crate::quote::Product] {
        self.0.as_deref().unwrap_or_default()
    }

    /// None when the bundle read, else why not (as JSON).
    pub fn error(&self) -> Option<String> {
        self.0.as_ref().err().cloned()
    }

    /// The forecast of a shipment, with the breakdowns' weighing steps shared
    /// (`quote::Steps::Shared`: the browser's form).
    pub fn forecast(&self, shipment_json: &str, lang: &str) -> String {
        forecast_with(self.products(), shipment_json, lang, crate::quote::Steps::Shared)
    }

    /// The products as a shared forecast names them (`quote::write_products`).
    pub fn products_json(&self, lang: &str) -> String {
        let mut out = String::new();
        crate::quote::write_products(self.products(), lang_of(lang), &mut out);
        out
    }
}

fn forecast_with(products: &[crate::quote::Product], shipment_json: &str, lang: &str, steps: crate::quote::Steps) -> String {
    let language = lang_of(lang);
    let shipment = json::parse(shipment_json)
        .ok_or_else(|| FieldError::new("", MessageKey::BadRequest))
        .and_then(|v| crate::quote_json::shipment(&v));
    match shipment {
        Ok(s) => crate::quote::forecast_json(products, &s, language, steps),
        Err(e) => refusal(&e, language).to_json(),
    }
}

/// The price forecast of a shipment against a bundle of channel products and rate cards, both as
/// JSON (see `quote_json`). Answers `{"ok":true,"quotes":[…],"unavailable":[…]}` (quotes cheapest
/// first, each with its whole breakdown, as `POST /logistics/priceForecast` answers),
/// `{"ok":false,"field","key","message"}` for bad shipment input, or `{"ok":false,"key":
/// "bad_request","message"}` for an unreadable bundle. The page reads a large bundle once
/// ([`read_bundle`]) and quotes with [`Bundle::forecast`] on every keystroke.
pub fn forecast(bundle_json: &str, shipment_json: &str, lang: &str) -> String {
    match read_bundle(bundle_json, lang).0 {
        Err(error) => error,
        Ok(products) => forecast_with(&products, shipment_json, lang, crate::quote::Steps::Inline),
    }
}

/// A code or small format of the admin forms (`code`, `dictCode`, `countryCode`, `currency`,
/// `phonePrefix`, `postalPattern`, `markup`: see `codes::check`): None when `value` passes, else
/// the localized message, as the server answers a save.
pub fn check_code(kind: &str, value: &str, lang: &str) -> Option<String> {
    message_of(crate::codes::check(kind, value), lang)
}

/// Whether a postal code matches a country's pattern (`pattern::postal_matches`); None when
/// either is blank or the pattern does not read.
pub fn postal_matches(pattern: &str, postal_code: &str) -> Option<bool> {
    crate::pattern::postal_matches(pattern, postal_code)
}

/// A channel product's validity rule as typed (limits as text): its problems as a JSON array of
/// `{"field","key","message"}` (fields `validType`, `min`, `max`), `[]` when it is fine.
pub fn validity_rule_issues(valid_type: &str, min: &str, max: &str, lang: &str) -> String {
    let (min, max) = (Value::String(min.into()), Value::String(max.into()));
    issues_json(&crate::channel_product::rule_issues("", valid_type, Some(&min), Some(&max)), lang)
}

/// A channel product's postal rule as typed: its problems (fields `country`, `postalCode`).
pub fn postal_rule_issues(country: &str, postal_code: &str, lang: &str) -> String {
    issues_json(&crate::channel_product::postal_rule_issues("", country, postal_code), lang)
}

/// A channel product's volumetric divisor as typed: None, or the message.
pub fn check_divisor(value: &str, lang: &str) -> Option<String> {
    message_of(crate::channel_product::divisor("thWeightRatio", value).map(drop), lang)
}

/// Every problem of a rate card as the editor would save it (`rate_card::issues`), as a JSON
/// array of `{"field","key","message"}` whose fields are the server's paths (`prices[3].toWeight`).
pub fn rate_card_issues(card_json: &str, lang: &str) -> String {
    match json::parse(card_json) {
        Some(card) => issues_json(&crate::rate_card::issues(&card), lang),
        None => issues_json(&[FieldError::new("", MessageKey::BadRequest)], lang),
    }
}

/// Every problem of a waybill batch's head as its form would send it (`waybill::issues`), as a
/// JSON array of `{"field","key","message"}` (fields `batchType`, `mawbNo`, `origin`, …).
pub fn waybill_batch_issues(head_json: &str, lang: &str) -> String {
    match json::parse(head_json) {
        Some(h) => issues_json(&crate::waybill::issues(&h), lang),
        None => issues_json(&[FieldError::new("", MessageKey::BadRequest)], lang),
    }
}

/// Every problem of a partition as its form would save it (`partition::issues`), as a JSON array
/// of `{"field","key","message"}` (fields `code`, `zones[1].countries`).
pub fn partition_issues(partition_json: &str, lang: &str) -> String {
    match json::parse(partition_json) {
        Some(p) => issues_json(&crate::partition::issues(&p), lang),
        None => issues_json(&[FieldError::new("", MessageKey::BadRequest)], lang),
    }
}

/// One price row of a rate card (`rate_card::price_issues`): its problems, fields named as in the
/// row (`price`, `toWeight`).
pub fn rate_card_price_issues(row_json: &str, lang: &str) -> String {
    match json::parse(row_json) {
        Some(row) => issues_json(&crate::rate_card::price_issues("", &row), lang),
        None => issues_json(&[FieldError::new("", MessageKey::BadRequest)], lang),
    }
}

/// Every problem of a label template (the print centre's editor): fields like `elements[3]`.
pub fn label_template_issues(template_json: &str, lang: &str) -> String {
    let Some(template) = json::parse(template_json) else {
        return issues_json(&[FieldError::new("", MessageKey::BadRequest)], lang);
    };
    issues_json(&crate::label::Template::from_json(&template).err().unwrap_or_default(), lang)
}

/// Every problem of a shipment order form (`shipment::issues`) at `stage` (`draft` or `submit`),
/// with the consignee country's postal pattern (blank: none), as a JSON array of
/// `{"field","key","message"}` whose fields are the server's paths (`parcels[0].weight`).
/// The same call checks the forms beside an order: `product` a product of the customer's catalogue
/// (`shipment::catalogue_issues`), `fbaWaybill` an FBA order's delivery to Amazon
/// (`shipment::fba_waybill_issues`), `intake` a warehouse scan (`warehouse::intake`, its first
/// problem: the PDA page checks a scan before queueing it offline).
pub fn shipment_issues(form_json: &str, stage: &str, postal_pattern: &str, lang: &str) -> String {
    use crate::shipment::{self, Stage};
    let Some(form) = json::parse(form_json) else {
        return issues_json(&[FieldError::new("", MessageKey::BadRequest)], lang);
    };
    let found = match stage {
        "product" => shipment::catalogue_issues(&form),
        "fbaWaybill" => shipment::fba_waybill_issues(&form),
        "intake" => crate::warehouse::intake(&form).err().into_iter().collect(),
        "draft" => shipment::issues(&form, Stage::Draft, postal_pattern),
        _ => shipment::issues(&form, Stage::Submit, postal_pattern),
    };
    issues_json(&found, lang)
}

/// Every problem of a return's form (`returns`) at `stage`: `request` (open a return), `decision`,
/// `receive` (the warehouse's scan), `comment`, `account` (a fee or refund in `currency`), as
/// `shipment_issues` answers (each checker stops at its first problem).
pub fn return_issues(form_json: &str, stage: &str, currency: &str, lang: &str) -> String {
    use crate::returns;
    let Some(form) = json::parse(form_json) else {
        return issues_json(&[FieldError::new("", MessageKey::BadRequest)], lang);
    };
    let found = match stage {
        "request" => returns::request(&form).err(),
        "decision" => returns::decision(&form).err(),
        "receive" => returns::receive(&form).err(),
        "comment" => returns::comment(&form).err(),
        "account" => returns::account(&form, currency).err(),
        _ => Some(FieldError::new("", MessageKey::BadRequest)),
    };
    issues_json(&found.into_iter().collect::<Vec<_>>(), lang)
}

/// Every problem of a warehouse-management form (`wms`) of `kind`: `location`, `sku`,
/// `movement`, `forecast`, `receiving`, as `shipment_issues` answers (each stops at its first).
pub fn wms_issues(form_json: &str, kind: &str, lang: &str) -> String {
    use crate::wms;
    let Some(form) = json::parse(form_json) else {
        return issues_json(&[FieldError::new("", MessageKey::BadRequest)], lang);
    };
    let found = match kind {
        "location" => wms::location(&form).err(),
        "sku" => wms::sku(&form).err(),
        "movement" => wms::movement(&form).err(),
        "forecast" => wms::forecast(&form).err(),
        "receiving" => wms::receiving(&form).err(),
        "feeRate" => wms::fee_rate(&form).err(),
        _ => Some(FieldError::new("", MessageKey::BadRequest)),
    };
    issues_json(&found.into_iter().collect::<Vec<_>>(), lang)
}

/// The actions `side` (`customer` or `staff`) may take on a return in `status`, as a JSON array.
pub fn return_actions(status: &str, side: &str) -> String {
    let side = if side == "staff" { crate::returns::Side::Staff } else { crate::returns::Side::Customer };
    Value::Array(crate::returns::actions(status, side).into_iter().map(Value::from).collect()).to_json()
}

/// The actions a dispatch in `status` allows (`dispatch::actions`), as a JSON array of names.
pub fn dispatch_actions(status: &str) -> String {
    Value::Array(crate::dispatch::actions(status).into_iter().map(Value::from).collect()).to_json()
}

/// What is wrong with a pickup's day (`YYYY-MM-DD`) and window (`HH:MM-HH:MM`, blank: none), as
/// a JSON array of `{field, message}` (empty when nothing is).
pub fn pickup_issues(date: &str, window: &str, lang: &str) -> String {
    let mut issues = Vec::new();
    if let Err(e) = crate::dispatch::day("pickupDate", date) {
        issues.push(e);
    }
    if !window.trim().is_empty()
        && let Err(e) = crate::dispatch::window("pickupWindow", window)
    {
        issues.push(e);
    }
    issues_json(&issues, lang)
}

/// What is wrong with a service's days in transit (blank: none), or None.
pub fn transit_issue(min: &str, max: &str, lang: &str) -> Option<String> {
    let read = |t: &str| t.trim().parse::<i64>().ok();
    crate::dispatch::transit(read(min), read(max)).err().map(|e| e.message(lang_of(lang)))
}

/// A UPS routing row (country, postal low and high, routing code): `None`, or
/// `{"field","key","message"}` for the first field at fault.
pub fn ups_routing_issue(country: &str, low: &str, high: &str, code: &str, lang: &str) -> Option<String> {
    field_error_json(crate::ups_routing::range(country, low, high, code).map(|_| ()), lang)
}

/// Why a file cannot be attached to a return (its size and first bytes), or None.
pub fn return_attachment_issue(size: usize, head: &[u8], lang: &str) -> Option<String> {
    crate::returns::attachment(size, head).err().map(|e| e.message(lang_of(lang)))
}

/// What is wrong with a gateway route's form (`gateway::route`) given the allowed upstreams (a
/// JSON array of URLs), as a JSON array of `{field, message}` (empty when nothing is).
pub fn gateway_route_issues(form_json: &str, allow_list_json: &str, lang: &str) -> String {
    let Some(form) = json::parse(form_json) else {
        return issues_json(&[FieldError::new("", MessageKey::BadRequest)], lang);
    };
    let allow: Vec<String> = json::parse(allow_list_json)
        .as_ref()
        .and_then(Value::as_array)
        .map(|items| items.iter().filter_map(|v| v.as_str().map(ToOwned::to_owned)).collect())
        .unwrap_or_default();
    issues_json(&crate::gateway::route(&form, &allow).err().into_iter().collect::<Vec<_>>(), lang)
}

/// What is wrong with a scheduled job's cron expression (Quartz's six or seven fields), or None.
pub fn cron_issue(expression: &str, lang: &str) -> Option<String> {
    crate::cron::parse(expression).err().map(|e| e.message(lang_of(lang)))
}

/// What is wrong with a popup picker's configuration (`report::popup_issue`), or None.
pub fn popup_issue(code: &str, org_fields: &str, dest_fields: &str, lang: &str) -> Option<String> {
    crate::report::popup_issue(code, org_fields, dest_fields).map(|k| crate::FieldError::new("", k).message(lang_of(lang)))
}

/// What is wrong with confirming a popup's selection of `count` records (`report::selection_issue`), or None.
pub fn popup_selection_issue(count: usize, multi: bool, lang: &str) -> Option<String> {
    crate::report::selection_issue(count, multi).map(|k| crate::FieldError::new("", k).message(lang_of(lang)))
}

/// The actions an order in `status` allows (`shipment::actions`), as a JSON array of names.
pub fn shipment_actions(status: &str) -> String {
    Value::Array(crate::shipment::actions(status).into_iter().map(Value::from).collect()).to_json()
}

/// A batch action on a selection (`shipment::selection`): `items_json` is `[[name, status], …]`;
/// None when it may go ahead, else the message naming the orders it cannot act on.
pub fn shipment_selection_issue(items_json: &str, action: &str, lang: &str) -> Option<String> {
    selection_issue(items_json, lang, |items| crate::shipment::selection(items, action))
}

/// The same for predict batches (`shipment::batch_selection`; `[[batchNo, status], …]`).
pub fn batch_selection_issue(items_json: &str, action: &str, lang: &str) -> Option<String> {
    selection_issue(items_json, lang, |items| crate::shipment::batch_selection(items, action))
}

fn selection_issue(items_json: &str, lang: &str, check: impl Fn(&[(&str, &str)]) -> Result<(), FieldError>) -> Option<String> {
    let parsed = json::parse(items_json);
    let items: Vec<(&str, &str)> = parsed
        .as_ref()
        .and_then(Value::as_array)
        .map(|rows| {
            rows.iter()
                .filter_map(|r| {
                    let pair = r.as_array()?;
                    Some((pair.first()?.as_str()?, pair.get(1)?.as_str()?))
                })
                .collect()
        })
        .unwrap_or_default();
    message_of(check(&items), lang)
}

/// The numbers of a tracking query as pasted (`tracking::numbers`): `{"numbers":[...]}`, or
/// `{"numbers":[],"issue":{"field","key","message"}}`.
pub fn tracking_numbers(text: &str, lang: &str) -> String {
    match crate::tracking::numbers(text) {
        Ok(found) => object([("numbers", Value::Array(found.into_iter().map(Value::String).collect()))]).to_json(),
        Err(e) => object([("numbers", Value::Array(Vec::new())), ("issue", field_error(&e, lang_of(lang)))]).to_json(),
    }
}

/// Why a subscription's webhook URL is refused, in `lang`; None when it is fine.
pub fn tracking_webhook_url(value: &str, lang: &str) -> Option<String> {
    message_of(crate::tracking::webhook_url("url", value).map(|_| ()), lang)
}

/// Why a courier's tracking page is refused, in `lang`; None when it is fine.
pub fn courier_track_url(value: &str, lang: &str) -> Option<String> {
    message_of(crate::tracking::track_url_template("trackUrl", value).map(|_| ()), lang)
}

/// Why a courier's number pattern is refused, in `lang`; None when it is fine.
pub fn courier_pattern(value: &str, lang: &str) -> Option<String> {
    message_of(crate::tracking::number_pattern("numberPattern", value).map(|_| ()), lang)
}

/// Whether a courier with `pattern` and check digit `scheme` claims `number` (false when the
/// pattern is empty or cannot be read, or the scheme is unknown).
pub fn courier_claims(pattern: &str, scheme: &str, number: &str) -> bool {
    let pattern = pattern.trim();
    let (false, Some(p), Some(s)) =
        (pattern.is_empty(), crate::pattern::Pattern::new(pattern), crate::check_digit::Scheme::parse(scheme))
    else {
        return false;
    };
    crate::tracking::courier_claims(Some(&p), s, number)
}

/// A courier's tracking page for `number`.
pub fn courier_url(template: &str, number: &str) -> String {
    crate::tracking::courier_url(template, number)
}

/// A shipment's status from its parcels' status codes (a JSON array; unknown codes are left out).
pub fn tracking_combined(parcels_json: &str) -> String {
    use crate::tracking::{Status, combined};
    let codes = json::parse(parcels_json);
    let statuses: Vec<Status> = codes
        .as_ref()
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .filter_map(|v| v.as_str().and_then(Status::parse))
        .collect();
    combined(&statuses).code().to_owned()
}

/// What a source's event code means (`tracking::map`) with the tenant's rows (a JSON array of
/// `{"source","code","status"}`), as a status code; None when nothing maps it.
pub fn tracking_map(mappings_json: &str, source: &str, code: &str) -> Option<String> {
    use crate::tracking::{Mapping, Status, map};
    let rows = json::parse(mappings_json);
    let tenant: Vec<Mapping> = rows
        .as_ref()
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .filter_map(|r| {
            Some(Mapping {
                source: r.get("source")?.as_str()?.to_owned(),
                code: r.get("code")?.as_str()?.to_owned(),
                status: Status::parse(r.get("status")?.as_str()?)?,
            })
        })
        .collect();
    map(&tenant, source, code).map(|s| s.code().to_owned())
}

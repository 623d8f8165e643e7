//! Every string-in, string-out rule of `core::api` (the validators, codes, numbers and their check
//! digits, tracking-number lists, cron, courier patterns, the forms' checks) on arbitrary text.
//! The first byte picks the rule; the rest is split at 0x1F into its arguments.
#![no_main]

use std::hint::black_box;

use libfuzzer_sys::fuzz_target;
use logistics_core::api;

const LANGS: [&str; 3] = ["zh-CN", "en-US", "xx"];
const SCHEMES: [&str; 5] = ["none", "mod7", "s10", "ups", "?"];
const STAGES: [&str; 6] = ["draft", "submit", "product", "fbaWaybill", "intake", "?"];
const RETURN_STAGES: [&str; 6] = ["request", "decision", "receive", "comment", "account", "?"];
const WMS_KINDS: [&str; 7] = ["location", "sku", "movement", "forecast", "receiving", "feeRate", "?"];

fn pick<'a>(list: &[&'a str], byte: u8) -> &'a str {
    list[usize::from(byte) % list.len()]
}

/// Keeps an answer alive, so that computing it is never optimized away.
fn used<T>(answer: T) {
    black_box(answer);
}

fuzz_target!(|data: &[u8]| {
    let Some((&op, rest)) = data.split_first() else { return };
    let Some((&choice, rest)) = rest.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    let mut args = text.split('\u{1f}');
    let mut next = || args.next().unwrap_or("");
    let (a, b, c, d) = (next(), next(), next(), next());
    let lang = pick(&LANGS, choice);
    let number = |s: &str| s.trim().parse::<i64>().unwrap_or(i64::from(choice));
    match op % 52 {
        0 => used(api::validate_password(a, lang)),
        1 => used(api::validate_phone(a, lang)),
        2 => used(api::validate_email(a, lang)),
        3 => used(api::validate_required(a, b, lang)),
        4 => used(api::message(a, lang)),
        5 => used(api::chargeable_weight(a, lang)),
        6 => used(api::validate_username(a, lang)),
        7 => used(api::validate_sms_code(a, lang)),
        8 => used(api::validate_password_change(a, b, c, lang)),
        9 => used(api::validate_new_password(a, b, lang)),
        10 => used(api::build_routes(a)),
        11 => used(api::filter_routes(a, b)),
        12 => used(api::button_state(a, b, c)),
        13 => used(api::welcome(u32::from(choice), lang)),
        14 => used(api::check_rule(a, b, lang)),
        15 => used(api::next_org_code(a, b)),
        16 => used(api::check_tracking_number(pick(&SCHEMES, choice), a)),
        17 => used(api::amount_issue(a, b, lang)),
        18 => used(api::segment_affix_issue(pick(&SCHEMES, choice), b, a, lang)),
        19 => used(api::segment_number(pick(&SCHEMES, choice), a, b, number(c), number(d))),
        20 => used(api::segment_max_serial(a)),
        21 => used(api::check_code(a, b, lang)),
        22 => used(api::postal_matches(a, b)),
        23 => used(api::validity_rule_issues(a, b, c, lang)),
        24 => used(api::postal_rule_issues(a, b, lang)),
        25 => used(api::check_divisor(a, lang)),
        26 => used(api::rate_card_issues(a, lang)),
        27 => used(api::waybill_batch_issues(a, lang)),
        28 => used(api::partition_issues(a, lang)),
        29 => used(api::rate_card_price_issues(a, lang)),
        30 => used(api::label_template_issues(a, lang)),
        31 => used(api::shipment_issues(a, pick(&STAGES, choice), b, lang)),
        32 => used(api::return_issues(a, pick(&RETURN_STAGES, choice), b, lang)),
        33 => used(api::wms_issues(a, pick(&WMS_KINDS, choice), lang)),
        34 => used(api::return_actions(a, b)),
        35 => used(api::dispatch_actions(a)),
        36 => used(api::pickup_issues(a, b, lang)),
        37 => used(api::transit_issue(a, b, lang)),
        38 => used(api::ups_routing_issue(a, b, c, d, lang)),
        39 => used(api::return_attachment_issue(usize::from(choice) << 16, rest, lang)),
        40 => used(api::gateway_route_issues(a, b, lang)),
        41 => used(api::cron_issue(a, lang)),
        42 => used(api::popup_issue(a, b, c, lang)),
        43 => used(api::shipment_actions(a)),
        44 => used(api::shipment_selection_issue(a, b, lang)),
        45 => used(api::batch_selection_issue(a, b, lang)),
        46 => used(api::tracking_numbers(a, lang)),
        47 => used(api::tracking_webhook_url(a, lang)),
        48 => used(api::courier_track_url(a, lang)),
        49 => {
            used(api::courier_pattern(a, lang));
            used(api::courier_claims(a, pick(&SCHEMES, choice), b));
            used(api::courier_url(c, b));
        }
        50 => used(api::tracking_combined(a)),
        _ => used(api::tracking_map(a, b, c)),
    }
});

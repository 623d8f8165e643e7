//! The quote engine: a bundle of channel products and rate cards and a shipment, both as JSON
//! (`api::forecast`, and the browser's way: `read_bundle` once, then `Bundle::forecast`). The input
//! is the bundle and the shipment split at the first 0x1F; an input without one quotes the text
//! as a shipment against the test bundle, so both halves get mutated from real seeds.
#![no_main]

use std::hint::black_box;

use libfuzzer_sys::fuzz_target;
use logistics_core::api;

const BUNDLE: &str = include_str!("../../tests/fixtures/quote_bundle.json");

/// Keeps an answer alive, so that computing it is never optimized away.
fn used<T>(answer: T) {
    black_box(answer);
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match text.split_once('\u{1f}') {
        Some((bundle, shipment)) => {
            used(api::forecast(bundle, shipment, "en-US"));
            let read = api::read_bundle(bundle, "zh-CN");
            used(read.products_json("zh-CN"));
            used(read.forecast(shipment, "zh-CN"));
        }
        None => {
            used(api::forecast(BUNDLE, &text, "en-US"));
            used(api::read_bundle(BUNDLE, "en-US").forecast(&text, "en-US"));
        }
    }
});

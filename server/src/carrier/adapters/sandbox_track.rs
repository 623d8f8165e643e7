//! The sandbox carrier's tracking: a realistic journey per number, deterministic (the same
//! number and hand-over time give the same events, with the same ids), revealed as time passes:
//! information received, picked up in Shenzhen, departed from Hong Kong, arrived at the
//! destination's hub, customs, out for delivery, delivered, at each place's own time offset.
//! One number in ten is held by customs for a day first; one in five misses the consignee once.

use logistics_core::tracking::EventTime;

use super::{CarrierEvent, TrackRequest};

/// FNV-1a of the number: which variant of the journey it takes.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// A destination's hub and city, and their offset (minutes east of UTC).
fn destination(country: Option<&str>) -> (&'static str, &'static str, i32) {
    match country.unwrap_or("").to_ascii_uppercase().as_str() {
        "US" => ("Louisville, KY, US", "New York, NY, US", -300),
        "CA" => ("Toronto, ON, CA", "Toronto, ON, CA", -300),
        "GB" => ("East Midlands, GB", "London, GB", 0),
        "DE" => ("Cologne, DE", "Frankfurt, DE", 60),
        "FR" => ("Paris CDG, FR", "Paris, FR", 60),
        "JP" => ("Narita, JP", "Tokyo, JP", 540),
        "AU" => ("Sydney, AU", "Sydney, AU", 600),
        _ => ("Destination hub", "Destination city", 0),
    }
}

const SHENZHEN: (&str, i32) = ("Shenzhen, CN", 480);
const HONG_KONG: (&str, i32) = ("Hong Kong, HK", 480);

/// `(code, hours after the hand-over, place, offset, zh, en, reason)`.
pub type Step = (&'static str, i64, &'static str, i32, &'static str, &'static str, Option<&'static str>);

/// The whole journey of `request`, known or not yet.
pub fn journey(request: &TrackRequest) -> Vec<Step> {
    let h = fnv(&request.number);
    let (hub, city, offset) = destination(request.country.as_deref());
    let held = h % 10 == 3;
    let missed = h % 5 == 1;
    let mut steps: Vec<Step> = vec![
        ("MANIFEST", 0, SHENZHEN.0, SHENZHEN.1, "已收到电子信息", "Shipment information received", None),
        ("PICKUP", 6, SHENZHEN.0, SHENZHEN.1, "已揽收", "Picked up", None),
        ("DEPART", 18, HONG_KONG.0, HONG_KONG.1, "已离开转运中心，航班已起飞", "Departed facility", None),
        ("ARRIVE", 36, hub, offset, "已到达目的地转运中心", "Arrived at destination facility", None),
    ];
    let mut at = 40;
    if held {
        steps.push(("CUSTOMS_HOLD", at, hub, offset, "海关查验扣留", "Held by customs", Some("Documents missing")));
        at += 24;
    }
    steps.push(("CUSTOMS", at, hub, offset, "清关完成", "Cleared customs", None));
    steps.push(("ARRIVE", at + 10, city, offset, "已到达派送站", "Arrived at delivery station", None));
    steps.push(("OUT_FOR_DELIVERY", at + 18, city, offset, "派送中", "Out for delivery", None));
    at += 18;
    if missed {
        steps.push((
            "ATTEMPT",
            at + 5,
            city,
            offset,
            "投递失败：收件人不在",
            "Delivery attempted: nobody at the address",
            Some("Consignee absent"),
        ));
        steps.push(("OUT_FOR_DELIVERY", at + 24, city, offset, "再次派送中", "Out for delivery again", None));
        at += 24;
    }
    steps.push(("DELIVERED", at + 5, city, offset, "已签收", "Delivered", None));
    steps
}

/// The events of `requests` that happened by `now`.
pub fn events(requests: &[TrackRequest], now: i64) -> Vec<CarrierEvent> {
    let mut out = Vec::new();
    for request in requests {
        // Minutes past the hour vary per number, so journeys do not all tick at once.
        let jitter = (fnv(&request.number) % 50) as i64 * 60;
        for (i, (code, hours, place, offset, zh, en, reason)) in journey(request).into_iter().enumerate() {
            let utc = request.since + hours * 3600 + jitter;
            if utc > now {
                break;
            }
            out.push(CarrierEvent {
                number: request.number.clone(),
                event_id: format!("{}-{i}", request.number),
                code: code.to_owned(),
                time: EventTime { utc, offset_minutes: offset },
                location: Some(place.to_owned()),
                detail: Some(zh.to_owned()),
                detail_en: Some(en.to_owned()),
                reason: reason.map(str::to_owned),
            });
        }
    }
    out
}

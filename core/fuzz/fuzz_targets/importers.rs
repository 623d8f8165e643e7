//! What imports and hostile forms reach: core's JSON reader, the rate-card and partition checks
//! (a rate card imported from a workbook is checked as JSON), a shipment import row's checks at
//! each stage, UPS routing ranges, waybill batch heads, WorldShip's result files (XML and table),
//! an online report's SQL (parsed for one read-only SELECT) and cron expressions with their next
//! run. The first byte picks the reader.
#![no_main]

use std::hint::black_box;

use libfuzzer_sys::fuzz_target;
use logistics_core::report::sql::{Dialect, check_sql};
use logistics_core::shipment::{self, Stage};
use logistics_core::{cron, json, partition, rate_card, ups_routing, waybill, worldship};

/// Keeps an answer alive, so that computing it is never optimized away.
fn used<T>(answer: T) {
    black_box(answer);
}

fuzz_target!(|data: &[u8]| {
    let Some((&op, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    match op % 9 {
        0 => {
            if let Some(v) = json::parse(&text) {
                // What it reads, it writes back as JSON that reads the same.
                let again = json::parse(&v.to_json());
                assert!(again.is_some_and(|a| a.to_json() == v.to_json()), "JSON round trip");
                used(rate_card::issues(&v));
                used(rate_card::checked(&v));
                used(rate_card::zone_list(&v));
                used(rate_card::price_issues("prices[0]", &v));
                used(partition::issues(&v));
            }
        }
        1 => {
            if let Some(v) = json::parse(&text) {
                used(shipment::issues(&v, Stage::Draft, ""));
                used(shipment::issues(&v, Stage::Submit, "^[0-9]{5}$"));
                used(shipment::catalogue_issues(&v));
                used(shipment::fba_waybill_issues(&v));
                used(shipment::declared_value(&v));
            }
        }
        2 => {
            let mut parts = text.split('\u{1f}');
            let mut next = || parts.next().unwrap_or("");
            let (country, low, high, code) = (next(), next(), next(), next());
            if let Ok(range) = ups_routing::range(country, low, high, code) {
                used(range);
            }
            used(ups_routing::probe_keys(country, low, &[3, 5, 9]));
            let ranges = [(low.to_owned(), high.to_owned(), code.to_owned())];
            let _found = ups_routing::lookup(country, low, &ranges);
        }
        3 => {
            if let Some(v) = json::parse(&text) {
                used(waybill::issues(&v));
                used(waybill::checked(&v));
            }
            used(waybill::mawb("mawb", &text));
            used(waybill::flight_no("flightNo", &text));
        }
        4 => used(worldship::read_xml(&text)),
        5 => {
            let rows: Vec<Vec<String>> = text.split('\n').map(|line| line.split(',').map(str::to_owned).collect()).collect();
            used(worldship::read_table(&rows));
        }
        6 => {
            used(check_sql(&text, Dialect::Postgres, true));
            used(check_sql(&text, Dialect::Sqlite, false));
        }
        7 => {
            if let Ok(c) = cron::parse(&text) {
                let mut at = (2026, 12, 31, 23, 59, 59);
                for _ in 0..3 {
                    match c.next(at) {
                        Some(t) => at = t,
                        None => break,
                    }
                }
            }
        }
        _ => used(cron::read(&text)),
    }
});

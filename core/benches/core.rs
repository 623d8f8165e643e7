//! Core's hot rules, measured: what a price forecast or an intake scan costs before any IO.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use logistics_core::{api, validate, weight};

fn benches(c: &mut Criterion) {
    let d = |s: &str| logistics_core::decimal::parse(s).unwrap_or_default();
    let input = weight::WeightInput {
        length: d("60.5"),
        width: d("40.25"),
        height: d("35"),
        weight: d("11.2"),
        divisor: d("6000"),
        increment: d("0.5"),
    };
    c.bench_function("chargeable_weight (typed)", |b| b.iter(|| weight::chargeable_weight(black_box(&input))));
    let json = r#"{"length":"60.5","width":"40.25","height":"35","weight":"11.2","divisor":6000,"increment":"0.5"}"#;
    c.bench_function("chargeable_weight (JSON in/out, as WASM calls it)", |b| {
        b.iter(|| api::chargeable_weight(black_box(json), "zh-CN"))
    });
    c.bench_function("password policy", |b| b.iter(|| validate::password("password", black_box("Tr@nsp0rt-2026"))));
    c.bench_function("phone (E.164)", |b| b.iter(|| validate::normalize_phone(black_box("+44 20 7946 0958"))));
}

criterion_group!(core_benches, benches);
criterion_main!(core_benches);

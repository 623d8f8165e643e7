//! The quote engine natively on a large bundle, the counterpart of web/scripts/bench-forecast.mjs
//! (the same shipment of 5 parcels): loads the bundle given as the first argument (the `result`
//! of GET /boot/logistics/priceForecast/bundle, or the whole envelope) once and prints the time
//! per forecast (p50, p95, max over 200 runs after warm-up). `RUNS=n` changes the count (a
//! profiler wants a few).

use std::time::Instant;

const SHIPMENT: &str = r#"{"countryCode":"US","postalCode":"10001","tradeType":"B2C","declaredValue":"320","parcels":[{"length":50,"width":40,"height":30,"weight":8,"quantity":1},{"length":30,"width":20,"height":15,"weight":2.35,"quantity":2},{"length":60,"width":45,"height":40,"weight":12.5,"quantity":1},{"length":25,"width":25,"height":25,"weight":1.2,"quantity":1},{"length":80,"width":30,"height":20,"weight":6.75,"quantity":1}]}"#;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: forecast_bench bundle.json");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let parsed: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    let bundle = parsed.get("result").unwrap_or(&parsed).to_string();
    let loaded = logistics_core::api::read_bundle(&bundle, "zh-CN");
    if let Some(error) = loaded.error() {
        eprintln!("bundle: {error}");
        std::process::exit(1);
    }
    let runs: usize = std::env::var("RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(200);
    let warm = runs.min(20);
    let mut times = Vec::with_capacity(runs);
    let mut last = String::new();
    for i in 0..warm + runs {
        let start = Instant::now();
        last = loaded.forecast(SHIPMENT, "zh-CN");
        if i >= warm {
            times.push(start.elapsed().as_secs_f64() * 1e3);
        }
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times.get(((q * times.len() as f64) as usize).min(times.len().saturating_sub(1))).copied().unwrap_or(0.0);
    println!(
        "native forecast: {} bytes of answer: p50 {:.2} ms, p95 {:.2} ms, max {:.2} ms ({runs} runs)",
        last.len(),
        at(0.5),
        at(0.95),
        times.last().copied().unwrap_or(0.0)
    );
}

//! The native side of the WASM parity check (web/src/core/parity.test.ts): reads one case per
//! line on stdin, `{"bundle": "<json>", "shipment": "<json>", "lang": "zh-CN"}`, and prints for
//! each, one JSON line, what the browser build is compared with: `{"shared", "products"}` as the
//! page asks for them (`read_bundle`, then the bundle's `forecast` and `products_json`), and `whole`,
//! the answer the server gives (`api::forecast`).

use std::io::{BufRead, Write};

use logistics_core::api;

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines().map_while(Result::ok) {
        let case: serde_json::Value = serde_json::from_str(&line).unwrap_or_default();
        let text = |key: &str| case.get(key).and_then(serde_json::Value::as_str).unwrap_or_default().to_owned();
        let (bundle, shipment, lang) = (text("bundle"), text("shipment"), text("lang"));
        let loaded = api::read_bundle(&bundle, &lang);
        let shared = loaded.error().unwrap_or_else(|| loaded.forecast(&shipment, &lang));
        let products = loaded.products_json(&lang);
        let whole = api::forecast(&bundle, &shipment, &lang);
        let answer = serde_json::json!({"shared": shared, "products": products, "whole": whole});
        if writeln!(out, "{answer}").is_err() {
            return;
        }
    }
}

//! The native side of the WASM parity check (web/src/core/parity.test.ts): reads one case per
//! line on stdin, `{"bundle": "<json>", "shipment": "<json>", "lang": "zh-CN"}`, and prints the
//! native `api::forecast` answer for each, one per line, for the browser build's to be compared
//! with byte for byte.

use std::io::{BufRead, Write};

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines().map_while(Result::ok) {
        let case: serde_json::Value = serde_json::from_str(&line).unwrap_or_default();
        let text = |key: &str| case.get(key).and_then(serde_json::Value::as_str).unwrap_or_default().to_owned();
        let answer = logistics_core::api::forecast(&text("bundle"), &text("shipment"), &text("lang"));
        if writeln!(out, "{answer}").is_err() {
            return;
        }
    }
}

//! Hold + capture pairs per second through the ledger (`server/src/wallet/ledger.rs`), as the order
//! issues will call it: `DATABASE_URL=... cargo run --release --example wallet_bench [pairs] [tasks] [customers]`.
//! Migrates the database, credits each customer enough, then runs `pairs` hold + capture pairs
//! from `tasks` concurrent tasks spread over `customers` customers (each pair holds 12.34 and
//! captures 12.00), and checks the ledger reconciles afterwards. Part of `just bench`.

#![expect(clippy::expect_used, reason = "a benchmark fails loudly")]

use std::time::{Duration, Instant};

use logistics_core::wallet::Movement;
use logistics_server::platform::config::DatabaseUrl;
use logistics_server::platform::db::Db;
use logistics_server::platform::secrets;
use logistics_server::wallet::ledger::{self, Details, Operation, TradeType, Wallet};

#[tokio::main]
async fn main() {
    let arg = |n: usize, default: usize| std::env::args().nth(n).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (pairs, tasks, customers) = (arg(1, 4_000), arg(2, 16), arg(3, 64).max(1));
    let url = std::env::var("DATABASE_URL").expect("DATABASE_URL");
    let db = Db::connect(&DatabaseUrl::parse(&url).expect("url"), 16).await.expect("connect");
    db.migrate().await.expect("migrate");
    let run = secrets::new_id();
    let prefix = format!("bench_{}", &run[..8]);
    for i in 0..customers {
        let id = format!("{prefix}_{i}");
        let wallet = Wallet { tenant_id: 1, customer_id: &id, currency: "CNY" };
        ledger::transfer(&db, wallet, Operation::Move(Movement::Credit(1_000_000_000)), TradeType::Recharge, &Details::default())
            .await
            .expect("credit");
    }
    let later = chrono::Utc::now().naive_utc() + chrono::Duration::hours(1);
    let started = Instant::now();
    let workers: Vec<_> = (0..tasks)
        .map(|t| {
            let db = db.clone();
            let (prefix, run) = (prefix.clone(), run.clone());
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                for n in (t..pairs).step_by(tasks) {
                    let id = format!("{prefix}_{}", n % customers);
                    let wallet = Wallet { tenant_id: 1, customer_id: &id, currency: "CNY" };
                    let reference = format!("{run}-{n}");
                    let began = Instant::now();
                    let hold = Operation::Hold { reference: &reference, amount: 1_234, expires_at: later };
                    ledger::transfer(&db, wallet, hold, TradeType::Withhold, &Details::default()).await.expect("hold");
                    let capture = Operation::Capture { reference: &reference, amount: 1_200 };
                    ledger::transfer(&db, wallet, capture, TradeType::Capture, &Details::default()).await.expect("capture");
                    latencies.push(began.elapsed());
                }
                latencies
            })
        })
        .collect();
    let mut latencies: Vec<Duration> = Vec::new();
    for worker in workers {
        latencies.extend(worker.await.expect("worker"));
    }
    let elapsed = started.elapsed();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() as f64 - 1.0) * q) as usize];
    println!(
        "{} hold+capture pairs, {tasks} tasks, {customers} customers: {:.0} pairs/s, pair p50 {:.1} ms, p99 {:.1} ms",
        latencies.len(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3
    );
    let report = ledger::reconcile(&db, Some(1)).await.expect("reconcile");
    assert!(report.balanced(), "the ledger does not reconcile: {report:?}");
    println!("reconciled: {} accounts, {} entries", report.accounts, report.entries);
}

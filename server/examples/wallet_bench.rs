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
    let entries = std::env::var("WALLET_BENCH_ENTRIES").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000_000usize);
    if entries > 0 {
        dashboards(&db, entries).await;
    }
}

/// Both dashboards over a tenant whose ledger holds `entries` entries (1,000 customers, spread over
/// 30 days, written in bulk with their per-day sums as transfers write them), p50 and p99 of 200
/// reads each, for staff (the tenant) and for one customer.
async fn dashboards(db: &Db, entries: usize) {
    use diesel_async::{RunQueryDsl, SimpleAsyncConnection};
    use logistics_server::platform::http::AppError;
    use logistics_server::platform::resource::sql::Count;
    use logistics_server::wallet::dashboard::{Measure, figures};
    const TENANT: i32 = 424_242;
    let customers = 1_000usize;
    let per = entries.div_ceil(customers);
    for i in 0..customers {
        let id = format!("dash_{i}");
        ledger::open(db, Wallet { tenant_id: TENANT, customer_id: &id, currency: "CNY" }).await.expect("open");
    }
    let series = if db.is_postgres() {
        format!("(SELECT generate_series(1, {per}) AS i) n")
    } else {
        format!("(WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < {per}) SELECT i FROM s) n")
    };
    let (minus_days, day) = if db.is_postgres() {
        ("CURRENT_TIMESTAMP - (n.i % 30) * INTERVAL '1 day'", "to_char(create_time + INTERVAL '8 hours', 'YYYY-MM-DD')")
    } else {
        ("datetime('now', '-' || (n.i % 30) || ' days')", "strftime('%Y-%m-%d', create_time, '+8 hours')")
    };
    let started = Instant::now();
    let fill = format!(
        "DELETE FROM wallet_daily WHERE tenant_id = {TENANT}; DELETE FROM wallet_entry WHERE tenant_id = {TENANT}; \
         INSERT INTO wallet_entry (id, tenant_id, account_id, customer_id, currency, seq, trade_no, trade_type, amount, held_change, \
         balance_after, held_after, create_time) SELECT substr(a.id, 1, 24) || '-' || n.i, {TENANT}, a.id, a.customer_id, 'CNY', n.i, a.id || '-' || n.i, \
         CASE n.i % 3 WHEN 0 THEN 'recharge' WHEN 1 THEN 'capture' ELSE 'fee' END, CASE n.i % 3 WHEN 0 THEN 10000 ELSE -1234 END, 0, 0, 0, \
         {minus_days} FROM wallet_account a, {series} WHERE a.tenant_id = {TENANT} AND a.kind = 'customer'; \
         INSERT INTO wallet_daily (tenant_id, customer_id, currency, day, trade_type, amount, held_change, entries) \
         SELECT tenant_id, customer_id, currency, {day}, trade_type, SUM(amount), 0, COUNT(*) FROM wallet_entry \
         WHERE tenant_id = {TENANT} GROUP BY tenant_id, customer_id, currency, {day}, trade_type;"
    );
    let count = format!("SELECT COUNT(*) AS n FROM wallet_entry WHERE tenant_id = {TENANT}");
    let written = async {
        logistics_server::with_write!(db, |conn| conn.batch_execute(&fill).await?);
        let n: Count = logistics_server::with_conn!(db, |conn| diesel::sql_query(&count).get_result(conn).await?);
        Ok::<i64, AppError>(n.n)
    }
    .await
    .expect("fill");
    println!("dashboards: {written} entries of 1,000 customers over 30 days written in {:.1} s", started.elapsed().as_secs_f64());
    for (who, customer) in [("staff (tenant)", None), ("one customer", Some("dash_7".to_owned()))] {
        for measure in [Measure::Trade, Measure::Payment] {
            let mut times = Vec::new();
            let cold = Instant::now();
            figures(db, TENANT, customer.clone(), measure).await.expect("dashboard");
            let cold = cold.elapsed();
            for _ in 0..200 {
                let began = Instant::now();
                let dashboard = figures(db, TENANT, customer.clone(), measure).await.expect("dashboard");
                times.push(began.elapsed());
                assert_eq!(dashboard.currencies.len(), 1);
            }
            times.sort();
            println!(
                "  {measure:?} dashboard, {who}: first read {:.1} ms (the past days), then p50 {:.2} ms, p99 {:.2} ms",
                cold.as_secs_f64() * 1e3,
                times[100].as_secs_f64() * 1e3,
                times[197].as_secs_f64() * 1e3
            );
        }
    }
}

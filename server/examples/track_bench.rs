//! The public tracking query at scale (issue 17's target), through the whole router (every
//! middleware): `DATABASE_URL=… cargo run --release --example track_bench [shipments] [events each]`.
//!
//! 1. Generates `shipments` orders (default 1,000,000), one parcel each, and `events each` events
//!    per order (default 10: 10,000,000 in all), then writes every order's status and timeline
//!    through the server's own `ingest::refresh` (what an ingestion does).
//! 2. `GET /boot/track/query` of 100 numbers (40 tracking numbers, 30 system tracking numbers, 20
//!    order serial numbers, 10 parcel serial numbers, each query its own random ones), the limit
//!    off: p50 and p99 one at a time, then the queries per second of 8 concurrent callers for
//!    `BENCH_SECONDS` (default 10) in-process, then the same over loopback HTTP.
#![expect(clippy::expect_used, clippy::unwrap_used, reason = "a benchmark fails loudly")]

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::Request;
use diesel_async::SimpleAsyncConnection;
use http_body_util::BodyExt;
use logistics_server::app;
use logistics_server::platform::config::{Config, DatabaseUrl};
use logistics_server::platform::db::Db;
use tower::ServiceExt;

/// The shipped server's allocator (`server/src/main.rs`): measured as it runs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const NUMBERS: usize = 100;
const CALLERS: usize = 8;

#[tokio::main]
async fn main() {
    let shipments: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1_000_000);
    let each: usize = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(10);
    let seconds: u64 = std::env::var("BENCH_SECONDS").ok().and_then(|v| v.parse().ok()).unwrap_or(10);
    let url = std::env::var("DATABASE_URL").expect("DATABASE_URL");
    let mut config = Config::from_lookup(|_| None).expect("defaults");
    config.database = DatabaseUrl::parse(&url).expect("url");
    config.admin_password = Some("Bench@12345".to_owned());
    config.rate_limits = false;
    config.workers = false;
    let started = app::start(config).await.expect("start");
    let db = started.state.db.clone();
    let postgres = url.starts_with("postgres");
    println!("== track bench on {}", if postgres { "PostgreSQL" } else { "SQLite" });

    let t = Instant::now();
    generate(&db, postgres, shipments, each).await;
    println!(
        "generated {shipments} orders, {shipments} parcels, {} events in {:.1} s",
        shipments * each,
        t.elapsed().as_secs_f64()
    );
    let t = Instant::now();
    let ids: Vec<String> = (0..shipments).map(|n| format!("t{n}")).collect();
    for chunk in ids.chunks(2_000) {
        let orders: Vec<(String, String)> =
            chunk.iter().map(|id| (id.clone(), format!("bench_c{:04}", id[1..].parse::<usize>().unwrap() % 1_000))).collect();
        let run = async {
            logistics_server::transaction!(data: &db, |tx| logistics_server::tracking::ingest::refresh(tx, 1, &orders).await)
        };
        run.await.expect("refresh");
    }
    execute(&db, if postgres { "VACUUM ANALYZE" } else { "ANALYZE" }).await;
    println!("statuses and timelines written for {shipments} orders in {:.1} s", t.elapsed().as_secs_f64());

    let router = started.router.clone();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let queries: Vec<String> = (0..2_000).map(|_| query(&mut seed, shipments)).collect();
    // A sanity check: every number is found, with its timeline.
    let body = call(&router, &queries[0]).await;
    let answer: serde_json::Value = serde_json::from_slice(&body).unwrap();
    let results = answer["result"]["results"].as_array().expect("results");
    assert_eq!(results.len(), NUMBERS);
    assert!(results.iter().all(|r| r["found"] == true), "every number is known");
    assert!(results.iter().all(|r| r["orders"][0]["events"].as_array().is_some_and(|e| e.len() == each)));
    println!("one answer: {} KB for {NUMBERS} numbers of {each} events each", body.len() / 1024);

    // One at a time.
    for q in queries.iter().take(50) {
        call(&router, q).await;
    }
    let mut times = Vec::new();
    for q in queries.iter().take(1_000) {
        let t = Instant::now();
        call(&router, q).await;
        times.push(t.elapsed());
    }
    println!("public query of {NUMBERS} numbers, one at a time (in-process): {}", percentiles(times));

    // Concurrent callers in-process.
    let queries = Arc::new(queries);
    let (done, times) = concurrent(
        seconds,
        {
            let router = router.clone();
            move |q: String| {
                let router = router.clone();
                async move {
                    call(&router, &q).await;
                }
            }
        },
        queries.clone(),
    )
    .await;
    println!(
        "{CALLERS} concurrent callers for {seconds} s (in-process): {:.0} queries/s, {}",
        done as f64 / seconds as f64,
        percentiles(times)
    );

    // Over loopback HTTP.
    use axum::serve::ListenerExt as _;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let listener = listener.tap_io(|stream| {
        let _ = stream.set_nodelay(true);
    });
    let service = router.clone().into_make_service_with_connect_info::<std::net::SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, service).await });
    let http = reqwest::Client::new();
    let (done, times) = concurrent(
        seconds,
        move |q: String| {
            let (http, url) = (http.clone(), format!("http://{addr}/boot/track/query?numbers={q}"));
            async move {
                let res = http.get(&url).send().await.unwrap();
                assert!(res.status().is_success(), "{}", res.status());
                res.bytes().await.unwrap();
            }
        },
        queries,
    )
    .await;
    println!(
        "{CALLERS} concurrent callers for {seconds} s (loopback HTTP, client on the same cores): {:.0} queries/s, {}",
        done as f64 / seconds as f64,
        percentiles(times)
    );
}

async fn concurrent<F, Fut>(seconds: u64, run: F, queries: Arc<Vec<String>>) -> (usize, Vec<Duration>)
where
    F: Fn(String) -> Fut + Clone + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    let next = Arc::new(AtomicUsize::new(0));
    let until = Instant::now() + Duration::from_secs(seconds);
    let workers: Vec<_> = (0..CALLERS)
        .map(|_| {
            let (run, next, queries) = (run.clone(), next.clone(), queries.clone());
            tokio::spawn(async move {
                let mut times = Vec::new();
                while Instant::now() < until {
                    let q = queries[next.fetch_add(1, Ordering::Relaxed) % queries.len()].clone();
                    let t = Instant::now();
                    run(q).await;
                    times.push(t.elapsed());
                }
                times
            })
        })
        .collect();
    let mut all = Vec::new();
    for w in workers {
        all.extend(w.await.unwrap());
    }
    (all.len(), all)
}

async fn call(router: &Router, numbers: &str) -> axum::body::Bytes {
    let request = Request::builder().uri(format!("/boot/track/query?numbers={numbers}")).body(Body::empty()).unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), 200);
    response.into_body().collect().await.unwrap().to_bytes()
}

fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// 100 numbers of random orders: 40 tracking, 30 system tracking, 20 serial, 10 parcel serial.
fn query(seed: &mut u64, shipments: usize) -> String {
    (0..NUMBERS)
        .map(|i| {
            let n = next(seed) as usize % shipments;
            match i % 10 {
                0..4 => format!("1ZT{n:015}"),
                4..7 => format!("SYS{n:010}CN"),
                7..9 => format!("B2CT{n:09}"),
                _ => format!("B2CT{n:09}-1"),
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

fn percentiles(mut times: Vec<Duration>) -> String {
    times.sort();
    let at = |q: f64| times[((times.len() as f64 - 1.0) * q) as usize].as_secs_f64() * 1e3;
    format!("n={} p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms", times.len(), at(0.5), at(0.99), at(1.0))
}

/// Orders, parcels and events written straight to the tables.
async fn generate(db: &Db, postgres: bool, count: usize, each: usize) {
    const COUNTRIES: [&str; 5] = ["US", "DE", "GB", "JP", "CA"];
    let start = chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap().and_hms_opt(0, 0, 0).unwrap();
    for chunk in (0..count).collect::<Vec<_>>().chunks(2_000) {
        let mut orders = String::from(
            "INSERT INTO logistics_shipment (id, tenant_id, customer_id, shipment_type, serial_number, sys_track_no, track_no, \
             channel_product_id, order_method, shipment_resource, shipment_status, print_status, location_status, \
             shipment_pieces, shipment_weight, declared_value, currency, consignee_name, consignee_country, \
             consignee_postal_code, consignee_city, consignee_address1, create_by, create_time, business_day) VALUES ",
        );
        let mut parcels = String::from(
            "INSERT INTO logistics_shipment_parcel (id, tenant_id, shipment_id, seq, reference, serial_number, sys_track_no, \
             parcel_status, length, width, height, weight, bulky, create_time) VALUES ",
        );
        for (k, &n) in chunk.iter().enumerate() {
            let at = start + chrono::Duration::seconds((n as i64) * 29);
            let (time, day) = (at.format("%Y-%m-%d %H:%M:%S"), logistics_server::wallet::business_day(at));
            if k > 0 {
                orders.push(',');
                parcels.push(',');
            }
            orders.push_str(&format!(
                "('t{n}', 1, 'bench_c{:04}', 'B2C', 'B2CT{n:09}', 'SYS{n:010}CN', '1ZT{n:015}', 'bench', 'single', 'web', \
                 'shipped', 'printed', 'shipped', 1, 1250, 1980, 'CNY', 'Consignee {n}', '{}', '9{:04}', 'City', '1 Road', 'bench', '{time}', '{day}')",
                n % 1_000,
                COUNTRIES[n % 5],
                n % 10_000,
            ));
            parcels.push_str(&format!(
                "('tp{n}', 1, 't{n}', 1, 'REF{n}', 'B2CT{n:09}-1', 'SYS{n:010}CN-1', 'shipped', '30', '20', '10', '1.25', '1', '{time}')"
            ));
        }
        execute(db, &orders).await;
        execute(db, &parcels).await;
    }
    // Each order's journey: `each` events seven hours apart, from information received to delivered.
    let steps: Vec<String> = (0..each).map(|k| format!("SELECT {k} AS n")).collect();
    let later = if postgres {
        "s.create_time + k.n * interval '7 hours'"
    } else {
        "datetime(s.create_time, '+' || (k.n * 7) || ' hours')"
    };
    let last = each.saturating_sub(1);
    for from in (0..count).step_by(50_000) {
        let ids: Vec<String> = (from..(from + 50_000).min(count)).map(|n| format!("'t{n}'")).collect();
        let sql = format!(
            "INSERT INTO logistics_track_event (id, tenant_id, customer_id, shipment_id, parcel_id, serial_number, \
             parcel_serial_number, track_no, sys_track_no, event_time, utc_offset, location, detail, detail_en, status, \
             reason, pieces, dest_country, source, source_code, event_key, create_by, create_time) \
             SELECT s.id || '-' || k.n, 1, s.customer_id, s.id, NULL, s.serial_number, NULL, s.track_no, s.sys_track_no, {later}, \
             CASE WHEN k.n < 3 THEN 480 ELSE -300 END, \
             CASE WHEN k.n < 3 THEN 'Shenzhen, CN' ELSE 'New York, NY, US' END, \
             CASE WHEN k.n = 0 THEN '已收到电子信息' WHEN k.n = {last} THEN '已签收' ELSE '运输途中，到达转运中心' END, \
             CASE WHEN k.n = 0 THEN 'Shipment information received' WHEN k.n = {last} THEN 'Delivered, front door' \
                  ELSE 'In transit, arrived at the sort facility' END, \
             CASE WHEN k.n = 0 THEN 'info_received' WHEN k.n = {last} THEN 'delivered' ELSE 'in_transit' END, \
             NULL, 1, s.consignee_country, 'sandbox', 'E' || k.n, s.id || '-' || k.n, 'bench', s.create_time \
             FROM logistics_shipment s CROSS JOIN ({}) k WHERE s.id IN ({})",
            steps.join(" UNION ALL "),
            ids.join(",")
        );
        execute(db, &sql).await;
    }
}

async fn execute(db: &Db, sql: &str) {
    let run = async {
        logistics_server::with_write!(db, |conn| conn.batch_execute(sql).await?);
        Ok::<_, logistics_server::platform::http::AppError>(())
    };
    run.await.expect("statement");
}

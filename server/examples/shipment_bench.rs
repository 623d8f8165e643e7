//! Shipment orders at scale (issue 15's targets), through the whole router in-process (every
//! middleware, no network): `DATABASE_URL=… cargo run --release --example shipment_bench [shipments]`.
//!
//! 1. Generates `shipments` orders (default 1,000,000) in bulk: 60 % belong to one large customer
//!    (its B2C list is over 200,000 deep), the rest spread over 1,000 others; types, statuses,
//!    print statuses, countries and times spread as a busy tenant's are.
//! 2. A list page of 20 (the large customer's B2C orders, newest first, with its total): p50 and
//!    p99 of page 1 and of page 10,000 by keyset (`after=`, what the web's deep paging uses), and
//!    page 10,000 by OFFSET for comparison; the staff's list over the whole tenant.
//! 3. Create + submit: drafts added and submitted by 16 concurrent callers (quote, wallet hold,
//!    numbers), pairs per second.
//! 4. Import: a 10,000-row workbook, dry run then commit, server time and the peak memory added.
//! 5. Labels: single-label PDFs drawn on one core (labels per second, bytes per label with CJK
//!    text), then a batch of 1,000 submitted orders printed end to end (task, merge, file).
//! 6. Intake: phase 3's orders received by 16 operators at once (issue 18: p99 under 30 ms).
#![expect(clippy::expect_used, clippy::unwrap_used, reason = "a benchmark fails loudly")]

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request};
use diesel_async::SimpleAsyncConnection;
use http_body_util::BodyExt;
use logistics_core::wallet::Movement;
use logistics_server::app;
use logistics_server::platform::config::{Config, DatabaseUrl};
use logistics_server::system::auth::sms::{Purpose, SmsSender};
use logistics_server::wallet::ledger::{self, Details, Operation, TradeType, Wallet};
use serde_json::{Value, json};
use tower::ServiceExt;

/// The shipped server's allocator (`server/src/main.rs`): measured as it runs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const PASSWORD: &str = "Bench@12345";

#[derive(Default)]
struct Codes(Mutex<Vec<(String, String)>>);

impl SmsSender for Codes {
    fn send<'a>(
        &'a self,
        mobile: &'a str,
        code: &'a str,
        _: Purpose,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), String>> + Send + 'a>> {
        self.0.lock().unwrap().push((mobile.to_owned(), code.to_owned()));
        Box::pin(async { Ok(()) })
    }
}

struct Client {
    router: Router,
}

impl Client {
    async fn call(&self, method: Method, path: &str, token: &str, body: Option<(&str, Vec<u8>)>) -> (u16, Value) {
        let mut request = Request::builder().method(method).uri(path).header("x-access-token", token);
        let body = match body {
            Some((content_type, bytes)) => {
                request = request.header("content-type", content_type);
                Body::from(bytes)
            }
            None => Body::empty(),
        };
        let response = self.router.clone().oneshot(request.body(body).unwrap()).await.unwrap();
        let status = response.status().as_u16();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
    }

    async fn get(&self, path: &str, token: &str) -> Value {
        let (status, body) = self.call(Method::GET, path, token, None).await;
        assert_eq!(status, 200, "GET {path}: {body}");
        body["result"].clone()
    }

    async fn post(&self, path: &str, token: &str, body: &Value) -> Value {
        let (status, answer) =
            self.call(Method::POST, path, token, Some(("application/json", body.to_string().into_bytes()))).await;
        assert_eq!(status, 200, "POST {path}: {answer}");
        answer["result"].clone()
    }
}

fn rss_kb(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or(0)
}

fn percentiles(mut times: Vec<Duration>) -> String {
    times.sort();
    let at = |q: f64| times[((times.len() as f64 - 1.0) * q) as usize].as_secs_f64() * 1e3;
    format!("n={} p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms", times.len(), at(0.5), at(0.99), at(1.0))
}

async fn timed(client: &Client, token: &str, path: &str, runs: usize) -> (String, Duration) {
    timed_call(client, token, path, None, runs).await
}

/// `timed` for a GET (`body` None) or a POST of `body`.
async fn timed_call(client: &Client, token: &str, path: &str, body: Option<&Value>, runs: usize) -> (String, Duration) {
    let call = || async {
        match body {
            Some(body) => client.post(path, token, body).await,
            None => client.get(path, token).await,
        }
    };
    for _ in 0..20 {
        call().await;
    }
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = Instant::now();
        call().await;
        times.push(t.elapsed());
    }
    let mut sorted = times.clone();
    sorted.sort();
    let p50 = sorted[sorted.len() / 2];
    (percentiles(times), p50)
}

#[tokio::main]
async fn main() {
    let shipments: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1_000_000);
    let url = std::env::var("DATABASE_URL").expect("DATABASE_URL");
    let mut config = Config::from_lookup(|_| None).expect("defaults");
    config.database = DatabaseUrl::parse(&url).expect("url");
    config.admin_password = Some(PASSWORD.to_owned());
    config.rate_limits = false;
    config.upload_dir = std::env::temp_dir().join("shipment-bench-uploads");
    let codes = Arc::new(Codes::default());
    let started = app::start_with_sms(config, codes.clone()).await.expect("start");
    let client = Client { router: started.router.clone() };
    let db = started.state.db.clone();
    let postgres = url.starts_with("postgres");
    println!("== shipment bench on {}", if postgres { "PostgreSQL" } else { "SQLite" });

    // A customer with a priced B2C product and money.
    let admin = login(&client, "admin", PASSWORD).await;
    let phone = format!("139{:08}", std::process::id() % 100_000_000);
    client.post("/boot/sys/sms", "", &json!({"mobile": phone, "smsmode": "register"})).await;
    let code = codes.0.lock().unwrap().last().unwrap().1.clone();
    let name = format!("big{}", std::process::id());
    client
        .post(
            "/boot/sys/user/register",
            "",
            &json!({"username": name, "password": PASSWORD, "confirmPassword": PASSWORD, "phone": phone, "smscode": code,
                "email": format!("{name}@bench.cn"), "companyName": "Bench", "contactPerson": "Li", "country": "CN", "address": "Shanghai"}),
        )
        .await;
    let big = login(&client, &name, PASSWORD).await;
    let info = client.get("/boot/sys/user/getUserInfo", &big).await;
    let big_id = info["userInfo"]["id"].as_str().or(info["id"].as_str()).unwrap().to_owned();
    let product = network(&client, &admin, &big_id).await;
    let wallet = Wallet { tenant_id: 1, customer_id: &big_id, currency: "CNY" };
    ledger::transfer(&db, wallet, Operation::Move(Movement::Credit(1_000_000_000_000)), TradeType::Recharge, &Details::default())
        .await
        .expect("credit");

    // `SUBMIT_ONLY=1`: phases 3 and 5 alone, over the orders already there (a quick profile).
    let submit_only = std::env::var_os("SUBMIT_ONLY").is_some();
    if !submit_only {
        lists_and_generation(&client, &started.router, &db, postgres, shipments, &admin, &big, &big_id, &product).await;
    }
    let numbers = create_and_submit(&started.router, &big, &product).await;
    if !submit_only {
        import(&client, &big).await;
    }
    labels(&client, &big).await;
    intake(&started.router, &admin, numbers).await;
}

async fn labels(client: &Client, big: &str) {
    use logistics_core::label::{Template, place};
    use logistics_server::printing::{render, templates};
    // 5a. One core: a PDF per label, each with its own number (and its own font subset).
    let drawn = tokio::task::spawn_blocking(|| {
        let template = Template::default_for("100x150");
        let count = 2_000;
        let mut bytes = 0;
        let t = Instant::now();
        for n in 0..count {
            let number = format!("LP{n:011}CN");
            let value = |name: &str| if name == "trackNo" { Some(number.as_str()) } else { templates::sample(name) };
            let labels = [render::Label { template: &template, placed: place(&template, &value) }];
            bytes += render::pdf(&labels, "100x150", 203).expect("pdf").len();
        }
        (count, t.elapsed().as_secs_f64(), bytes)
    })
    .await
    .unwrap();
    println!(
        "labels on one core: {} single-label PDFs in {:.2} s: {:.0} labels/s, {:.1} KB a label (CJK text, subset font)",
        drawn.0,
        drawn.1,
        drawn.0 as f64 / drawn.1,
        drawn.2 as f64 / drawn.0 as f64 / 1024.0
    );
    // 5b. A batch of 1,000 submitted orders, end to end: the task, its chunks, the merge, the file.
    let page = client.get("/boot/logistics/shipment/list?shipmentStatus=submitted&pageSize=1000", big).await;
    let ids: Vec<&str> = page["records"].as_array().unwrap().iter().filter_map(|r| r["id"].as_str()).collect();
    let t = Instant::now();
    let started = client.post("/boot/logistics/shipment/printBatch", big, &json!({"ids": ids.join(",")})).await;
    let task = started["taskId"].as_str().expect("task").to_owned();
    loop {
        let state = client.get(&format!("/boot/sys/task/queryById?id={task}"), big).await;
        if state["status"] != "running" {
            assert_eq!(state["status"], "done", "{state}");
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let path = format!("/boot/logistics/shipment/printBatch/file?taskId={task}");
    let request = Request::builder().uri(&path).header("x-access-token", big).body(Body::empty()).unwrap();
    let response = client.router.clone().oneshot(request).await.unwrap();
    let file = response.into_body().collect().await.unwrap().to_bytes();
    println!(
        "label batch: {} orders printed end to end in {:.2} s, one PDF of {:.1} MB ({:.1} KB a label)",
        ids.len(),
        t.elapsed().as_secs_f64(),
        file.len() as f64 / 1_048_576.0,
        file.len() as f64 / ids.len().max(1) as f64 / 1024.0
    );
}

#[expect(clippy::too_many_arguments, reason = "the bench's shared context")]
async fn lists_and_generation(
    client: &Client,
    router: &Router,
    db: &logistics_server::platform::db::Db,
    postgres: bool,
    shipments: usize,
    admin: &str,
    big: &str,
    big_id: &str,
    product: &str,
) {
    // 1. The orders.
    let t = Instant::now();
    generate(db, postgres, shipments, big_id, product).await;
    println!("generated {shipments} orders in {:.1} s", t.elapsed().as_secs_f64());

    // 2. Lists.
    let list = "/boot/logistics/shipment/list?shipmentType=B2C&pageSize=20";
    let (first, p50_first) = timed(client, big, &format!("{list}&pageNo=1"), 500).await;
    println!("customer's B2C list, page 1 of 20 (with its total): {first}");
    let deep = client.get(&format!("{list}&pageNo=9999"), big).await;
    let last = deep["records"].as_array().unwrap().last().unwrap()["id"].as_str().unwrap().to_owned();
    let (keyset, p50_keyset) = timed(client, big, &format!("{list}&pageNo=10000&after={last}"), 500).await;
    println!("the same, page 10,000 by keyset (after=): {keyset}; p50 ratio to page 1 {:.2}", ratio(p50_keyset, p50_first));
    let (offset, p50_offset) = timed(client, big, &format!("{list}&pageNo=10000"), 50).await;
    println!("the same, page 10,000 by OFFSET: {offset}; p50 ratio to page 1 {:.2}", ratio(p50_offset, p50_first));
    let (tabs, _) = timed(client, big, "/boot/logistics/shipment/countByStatus?shipmentType=B2C", 200).await;
    println!("customer's status tabs (countByStatus, B2C): {tabs}");
    let (staff, _) = timed(client, admin, &format!("{list}&pageNo=1"), 100).await;
    println!("staff's B2C list over the whole tenant, page 1 (with its total): {staff}");
    let (numbers, _) = timed(
        client,
        big,
        "/boot/logistics/shipment/list?pageSize=20&numbers=BENCH-REF-0000100,BENCH-REF-0000200,BENCH-REF-0000300",
        200,
    )
    .await;
    println!("bulk number search (3 references): {numbers}");
    let (dashboard, _) = timed_call(client, big, "/boot/sys/dashboard/shipment", Some(&json!({})), 100).await;
    println!("shipment dashboard (POST /sys/dashboard/shipment), the large customer: {dashboard}");
    let (dashboard, _) = timed_call(client, admin, "/boot/sys/dashboard/shipment", Some(&json!({})), 100).await;
    println!("shipment dashboard, staff over the whole tenant: {dashboard}");
    loopback(router, big, &format!("{list}&pageNo=1")).await;
}

async fn create_and_submit(router: &Router, big: &str, product: &str) -> Vec<String> {
    // 3. Create + submit.
    let pairs: usize = std::env::var("SUBMITS").ok().and_then(|v| v.parse().ok()).unwrap_or(3_000);
    let tasks = 16;
    let t = Instant::now();
    let workers: Vec<_> = (0..tasks)
        .map(|w| {
            let (router, big, product) = (router.clone(), big.to_owned(), product.to_owned());
            tokio::spawn(async move {
                let client = Client { router };
                let mut numbers = Vec::new();
                for n in (w..pairs).step_by(tasks) {
                    let order = order(&product, &format!("SUB-{}-{n}", std::process::id()));
                    let draft = client.post("/boot/logistics/shipment/add", &big, &order).await;
                    let done = client.post("/boot/logistics/shipment/submit", &big, &json!({"id": draft["id"]})).await;
                    numbers.push(done["sysTrackNo"].as_str().unwrap_or_default().to_owned());
                }
                numbers
            })
        })
        .collect();
    let mut numbers = Vec::with_capacity(pairs);
    for w in workers {
        numbers.extend(w.await.unwrap());
    }
    let elapsed = t.elapsed().as_secs_f64();
    println!("create + submit: {pairs} orders from {tasks} callers in {elapsed:.1} s: {:.0} orders/s", pairs as f64 / elapsed);
    numbers
}

/// Phase 6, intake: the submitted orders' parcels scanned, weighed heavier than declared and
/// measured by 16 operators at once; each intake re-quotes, captures, posts the re-weigh
/// difference and stores a tracking event.
async fn intake(router: &Router, admin: &str, numbers: Vec<String>) {
    let tasks = 16;
    let total = numbers.len();
    let shared = Arc::new(Mutex::new(numbers));
    let t = Instant::now();
    let workers: Vec<_> = (0..tasks)
        .map(|_| {
            let (router, admin, shared) = (router.clone(), admin.to_owned(), shared.clone());
            tokio::spawn(async move {
                let client = Client { router };
                let mut times = Vec::new();
                loop {
                    let Some(number) = shared.lock().unwrap().pop() else { break };
                    let scan = json!({"number": number, "weight": "1.76", "length": "32", "width": "21", "height": "11"});
                    let started = Instant::now();
                    let answer = client.post("/boot/logistics/inbound/intake", &admin, &scan).await;
                    times.push(started.elapsed());
                    assert_eq!(answer["complete"], true, "{answer}");
                }
                times
            })
        })
        .collect();
    let mut times = Vec::with_capacity(total);
    for w in workers {
        times.extend(w.await.unwrap());
    }
    let elapsed = t.elapsed().as_secs_f64();
    println!(
        "intake (scan, re-quote, capture, re-weigh trade, tracking event) at {tasks} connections: {}; {:.0} intakes/s",
        percentiles(times),
        total as f64 / elapsed
    );
}

async fn import(client: &Client, big: &str) {
    // 4. Import.
    let rows = 10_000;
    let book = workbook(rows, std::process::id());
    let boundary = "----shipmentbench";
    let mut body =
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"orders.xlsx\"\r\n\r\n").into_bytes();
    body.extend_from_slice(&book);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let content_type = format!("multipart/form-data; boundary={boundary}");
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let before = rss_kb("VmRSS");
    let t = Instant::now();
    let (status, report) = client
        .call(
            Method::POST,
            "/boot/logistics/shipment/importExcel?shipmentType=B2C&dryRun=true",
            big,
            Some((&content_type, body.clone())),
        )
        .await;
    let dry = t.elapsed();
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["result"]["errors"].as_array().map(Vec::len), Some(0), "{report}");
    let t = Instant::now();
    let (status, report) = client
        .call(Method::POST, "/boot/logistics/shipment/importExcel?shipmentType=B2C", big, Some((&content_type, body)))
        .await;
    assert_eq!(status, 200, "{report}");
    let task = report["result"]["taskId"].as_str().unwrap().to_owned();
    loop {
        let state = client.get(&format!("/boot/sys/task/queryById?id={task}"), big).await;
        if state["status"] != "running" {
            assert_eq!(state["status"], "done", "{state}");
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let commit = t.elapsed();
    let peak = rss_kb("VmHWM");
    println!(
        "import of {rows} rows ({} KB): dry run {:.2} s, commit {:.2} s (to the task's end); peak memory +{} MB over {} MB",
        book.len() / 1024,
        dry.as_secs_f64(),
        commit.as_secs_f64(),
        peak.saturating_sub(before) / 1024,
        before / 1024
    );
}

/// Page 1 over loopback HTTP (a real socket, as Karrio's list is timed by `bench/karrio_list.sh`).
async fn loopback(router: &Router, token: &str, path: &str) {
    use axum::serve::ListenerExt as _;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let listener = listener.tap_io(|stream| {
        let _ = stream.set_nodelay(true);
    });
    let service = router.clone().into_make_service_with_connect_info::<std::net::SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, service).await });
    let http = reqwest::Client::new();
    let url = format!("http://{addr}{path}");
    let mut times = Vec::new();
    for run in 0..220 {
        let t = Instant::now();
        let res = http.get(&url).header("x-access-token", token).send().await.unwrap();
        assert!(res.status().is_success());
        res.bytes().await.unwrap();
        if run >= 20 {
            times.push(t.elapsed());
        }
    }
    println!("the same page 1 over loopback HTTP: {}", percentiles(times));
}

fn ratio(a: Duration, b: Duration) -> f64 {
    a.as_secs_f64() / b.as_secs_f64()
}

async fn login(client: &Client, username: &str, password: &str) -> String {
    let answer = client.post("/boot/sys/login", "", &json!({"username": username, "password": password})).await;
    answer["token"].as_str().unwrap().to_owned()
}

/// A B2C express product priced for the customer (+10 %), answering its id.
async fn network(client: &Client, admin: &str, customer: &str) -> String {
    let tag = std::process::id();
    let card = json!({
        "code": format!("BEXP{tag}"), "name": "Bench", "currency": "CNY", "effectiveFrom": "2026-01-01",
        "weightRounding": [{"upTo": "20", "increment": "0.5"}, {"upTo": "300", "increment": "1"}],
        "minChargeableWeight": "0.5", "roundingScope": "parcel",
        "zones": [{"code": "US", "countries": ["US"], "postalPrefixes": []}],
        "prices": [{"zone": "US", "fromWeight": "0", "toWeight": "300", "mode": "firstAdditional", "firstWeight": "0.5", "firstPrice": "120", "stepWeight": "0.5", "stepPrice": "20"}],
        "surcharges": [{"type": "fuel", "percent": "12.5"}]
    });
    client.post("/boot/logistics/rateCard/add", admin, &card).await;
    let supplier =
        client.post("/boot/logistics/supplier/add", admin, &json!({"code": format!("BS{tag}"), "name": "Bench"})).await;
    let channel = client
        .post(
            "/boot/logistics/channel/add",
            admin,
            &json!({"supplierId": supplier["id"], "code": format!("BC{tag}"), "name": "Bench"}),
        )
        .await;
    let product = client
        .post(
            "/boot/logistics/channelProduct/add",
            admin,
            &json!({"channelId": channel["id"], "code": "EXP-B2C", "name": "快递小包", "nameEn": "Express parcel", "tradeType": "B2C",
                "feeId": format!("BEXP{tag}"), "thWeightRatio": 6000, "izMult": true, "rules": [{"validType": "weight", "max": "70"}]}),
        )
        .await;
    client
        .post(
            "/boot/logistics/priceLevel/add",
            admin,
            &json!({"customerId": customer, "productId": product["id"], "markupPercent": "10"}),
        )
        .await;
    product["id"].as_str().unwrap().to_owned()
}

fn order(product: &str, reference: &str) -> Value {
    json!({
        "shipmentType": "B2C", "customerCode": reference, "channelProductId": product, "currency": "CNY",
        "consignee": {"name": "Ann Lee", "phone": "+1 (415) 555-0100", "country": "US", "state": "CA",
            "city": "San Francisco", "postalCode": "94105", "address1": "1 Market St"},
        "parcels": [{"reference": "R1", "length": "30", "width": "20", "height": "10", "weight": "1.25",
            "products": [{"frName": "T-shirt", "quantity": 2, "unitPrice": "9.90", "unitWeight": "0.3", "frHscode": "610910"}]}]
    })
}

/// Orders written straight to the tables, 1,000 a statement.
async fn generate(db: &logistics_server::platform::db::Db, postgres: bool, count: usize, big: &str, product: &str) {
    const TYPES: [&str; 4] = ["B2C", "B2C", "B2B", "FBA"];
    const STATUSES: [&str; 6] = ["draft", "submitted", "received", "shipped", "delivered", "cancelled"];
    const PRINTS: [&str; 3] = ["unprinted", "printed", "error"];
    const COUNTRIES: [&str; 5] = ["US", "DE", "GB", "JP", "CA"];
    // One order every 29 s up to now (1,000,000 orders: 336 days; the last 30 days, what the
    // dashboard reads, hold about 89,000).
    let start = chrono::Utc::now().naive_utc() - chrono::Duration::seconds(count as i64 * 29);
    let tag = std::process::id();
    for chunk in (0..count).collect::<Vec<_>>().chunks(1_000) {
        let mut sql = String::from(
            "INSERT INTO logistics_shipment (id, tenant_id, customer_id, shipment_type, serial_number, customer_code, \
             channel_product_id, order_method, shipment_resource, shipment_status, print_status, location_status, \
             shipment_pieces, shipment_weight, declared_value, currency, consignee_name, consignee_country, \
             consignee_postal_code, consignee_city, consignee_address1, create_by, create_time, business_day) VALUES ",
        );
        for (k, &n) in chunk.iter().enumerate() {
            let customer = if n % 5 < 3 { big.to_owned() } else { format!("bench_c{:04}", n % 1_000) };
            let kind = TYPES[n % 4];
            let time = start + chrono::Duration::seconds((n as i64) * 29);
            if k > 0 {
                sql.push(',');
            }
            sql.push_str(&format!(
                "('g{tag}x{n}', 1, '{customer}', '{kind}', '{kind}G{tag}{n:08}', 'BENCH-REF-{n:07}', '{product}', 'single', 'web', \
                 '{}', '{}', 'notArrived', 1, {}, 1980, 'CNY', 'Consignee {n}', '{}', '9{:04}', 'City', '1 Road', 'bench', '{}', '{}')",
                STATUSES[n % 6],
                PRINTS[n % 3],
                500 + n % 20_000,
                COUNTRIES[n % 5],
                n % 10_000,
                time.format("%Y-%m-%d %H:%M:%S"),
                logistics_server::wallet::business_day(time)
            ));
        }
        execute(db, &sql).await;
    }
    // The steady state of a live database: statistics gathered, and on PostgreSQL the visibility
    // map set (autovacuum's work), without which no count is index-only.
    execute(db, if postgres { "VACUUM ANALYZE logistics_shipment" } else { "ANALYZE" }).await;
}

async fn execute(db: &logistics_server::platform::db::Db, sql: &str) {
    let run = async {
        logistics_server::with_write!(db, |conn| conn.batch_execute(sql).await?);
        Ok::<_, logistics_server::platform::http::AppError>(())
    };
    run.await.expect("statement");
}

/// A B2C order workbook of `rows` orders, headings as the template names them.
fn workbook(rows: usize, tag: u32) -> Vec<u8> {
    let headings = [
        "customerCode",
        "channelProduct",
        "name",
        "phone",
        "country",
        "state",
        "city",
        "postalCode",
        "address1",
        "reference",
        "length",
        "width",
        "height",
        "weight",
        "frName",
        "hsCode",
        "quantity",
        "unitPrice",
    ];
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (c, h) in headings.iter().enumerate() {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    for r in 0..rows {
        let row = r as u32 + 1;
        let texts = [
            format!("IMP-{tag}-{r:06}"),
            "EXP-B2C".into(),
            format!("Buyer {r}"),
            "+1 415 555 0100".into(),
            "US".into(),
            "CA".into(),
            "San Francisco".into(),
            "94105".into(),
            "1 Market St".into(),
            format!("P{r}"),
        ];
        for (c, text) in texts.iter().enumerate() {
            sheet.write_string(row, c as u16, text).unwrap();
        }
        for (c, n) in [(10u16, 30.0), (11, 20.0), (12, 10.0), (13, 1.25)] {
            sheet.write_number(row, c, n).unwrap();
        }
        sheet.write_string(row, 14, "T-shirt").unwrap();
        sheet.write_string(row, 15, "610910").unwrap();
        sheet.write_number(row, 16, 2.0).unwrap();
        sheet.write_number(row, 17, 9.9).unwrap();
    }
    book.save_to_buffer().unwrap()
}

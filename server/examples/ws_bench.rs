//! Live-notice benchmark: opens `N` authenticated WebSockets (one session each, for `N` seeded
//! users of the platform tenant) to a running server, reports the server's memory with all of them
//! open, then releases an announcement to everyone and reports how long it took to reach each
//! socket (from the release request's start to the message's arrival).
//!
//! `DATABASE_URL=... cargo run --release --example ws_bench -- <base url> <server pid> <N> <admin password>`
//! (after `bench_seed`, against the same database the server uses).

#![expect(clippy::expect_used, clippy::unwrap_used, reason = "a benchmark fails loudly")]

use std::time::{Duration, Instant};

use diesel_async::RunQueryDsl;
use futures_util::StreamExt;
use logistics_server::platform::config::DatabaseUrl;
use logistics_server::platform::db::Db;
use logistics_server::system::auth::ClientMeta;
use logistics_server::system::auth::session::{self, Keys};
use logistics_server::{platform::settings, system::users, with_conn};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

#[derive(diesel::QueryableByName)]
struct Name {
    #[diesel(sql_type = diesel::sql_types::Text)]
    username: String,
}

fn rss_mb(pid: &str) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kb: f64 = status
        .lines()
        .find(|l| l.starts_with("VmRSS"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[index]
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (base, pid, n, admin_password) = (&args[1], &args[2], args[3].parse::<usize>().expect("N"), &args[4]);
    let db = Db::connect(&DatabaseUrl::parse(&std::env::var("DATABASE_URL").expect("DATABASE_URL")).expect("url"), 4)
        .await
        .expect("db");
    let secret = settings::get(&db, settings::JWT_SECRET).await.expect("secret").expect("the server set its secret");
    let keys = Keys::new(&secret);
    let sql = format!("SELECT username FROM sys_user WHERE id LIKE 'bu_%' AND status = 1 ORDER BY id LIMIT {n}");
    let names: Vec<Name> = {
        async fn load(db: &Db, sql: &str) -> Result<Vec<Name>, logistics_server::platform::db::DbError> {
            Ok(with_conn!(db, |conn| diesel::sql_query(sql).load(conn).await?))
        }
        load(&db, &sql).await.expect("users")
    };
    assert_eq!(names.len(), n, "bench_seed makes enough users");
    let client = ClientMeta { ip: "127.0.0.1".into(), user_agent: Some("ws_bench".into()) };
    let started = Instant::now();
    let mut sessions = Vec::with_capacity(n);
    for name in &names {
        let user = users::find_by_username(&db, &name.username).await.expect("find").expect("user");
        let token = session::open(&db, &keys, &user, &client).await.expect("session");
        sessions.push((user.id, token));
    }
    println!("sessions: {n} opened in {:.1} s", started.elapsed().as_secs_f64());

    let before = rss_mb(pid);
    let ws_base = base.replace("http://", "ws://");
    let started = Instant::now();
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Instant>();
    let (ready_tx, mut ready_rx) = tokio::sync::mpsc::unbounded_channel::<()>();
    let gate = std::sync::Arc::new(tokio::sync::Semaphore::new(256));
    for (user_id, token) in sessions {
        let (tx, ready_tx, gate, url) =
            (tx.clone(), ready_tx.clone(), gate.clone(), format!("{ws_base}/boot/websocket/{user_id}"));
        tokio::spawn(async move {
            let permit = gate.acquire_owned().await.unwrap();
            let mut request = url.into_client_request().unwrap();
            request.headers_mut().insert("sec-websocket-protocol", token.parse().unwrap());
            let (mut socket, _) = tokio_tungstenite::connect_async(request).await.expect("connect");
            drop(permit);
            ready_tx.send(()).unwrap();
            while let Some(Ok(message)) = socket.next().await {
                if let Message::Text(text) = message
                    && text.contains("\"topic\"")
                {
                    let _ = tx.send(Instant::now());
                }
            }
        });
    }
    drop(ready_tx);
    for _ in 0..n {
        ready_rx.recv().await.expect("a socket failed to open");
    }
    println!("sockets: {n} open in {:.1} s", started.elapsed().as_secs_f64());
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = rss_mb(pid);
    println!(
        "server RSS: {before:.0} MB before, {after:.0} MB with {n} sockets open ({:.1} KB per socket)",
        (after - before) * 1024.0 / n as f64
    );

    let http = reqwest::Client::new();
    let login: serde_json::Value = http
        .post(format!("{base}/boot/sys/login"))
        .json(&serde_json::json!({"username": "admin", "password": admin_password}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let admin = login["result"]["token"].as_str().expect("admin token").to_owned();
    let added: serde_json::Value = http
        .post(format!("{base}/boot/sys/annountCement/add"))
        .header("X-Access-Token", &admin)
        .json(&serde_json::json!({"titile": "Benchmark broadcast", "msgContent": "<p>hello</p>", "msgType": "ALL"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = added["result"]["id"].as_str().expect("announcement").to_owned();
    let sent = Instant::now();
    let released = http
        .get(format!("{base}/boot/sys/annountCement/doReleaseData?id={id}"))
        .header("X-Access-Token", &admin)
        .send()
        .await
        .unwrap();
    assert!(released.status().is_success());
    let mut latencies = Vec::with_capacity(n);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while latencies.len() < n {
        match tokio::time::timeout_at(deadline, rx.recv()).await {
            Ok(Some(at)) => latencies.push(at - sent),
            _ => break,
        }
    }
    latencies.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "broadcast: reached {}/{n} sockets; p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, max {:.1} ms (from the release request)",
        latencies.len(),
        ms(percentile(&latencies, 0.50)),
        ms(percentile(&latencies, 0.95)),
        ms(percentile(&latencies, 0.99)),
        ms(*latencies.last().unwrap()),
    );
    println!("server RSS after the broadcast: {:.0} MB", rss_mb(pid));
}

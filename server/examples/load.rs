//! A closed-loop HTTP load with every request's latency kept (wrk's latency figures disagreed with
//! its own throughput on large answers, so the pricing bench measures with this too):
//! `load URL TOKEN BODY_FILE [CONNECTIONS=32] [SECONDS=10]` POSTs the body (JSON) from each of
//! CONNECTIONS keep-alive connections, one request at a time each, and prints the rate and the
//! p50/p90/p99/max latency over all requests, plus how many were not 200.

#![expect(clippy::expect_used, reason = "a benchmark tool fails loudly")]

use std::time::{Duration, Instant};

#[tokio::main(flavor = "multi_thread", worker_threads = 1)]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, url, token, body_file, rest @ ..] = args.as_slice() else {
        eprintln!("usage: load URL TOKEN BODY_FILE [CONNECTIONS] [SECONDS]");
        std::process::exit(2);
    };
    let connections: usize = rest.first().and_then(|c| c.parse().ok()).unwrap_or(32);
    let seconds: u64 = rest.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let body = std::fs::read(body_file).expect("body file");
    let client = reqwest::Client::builder().pool_max_idle_per_host(connections).build().expect("client");
    let until = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for _ in 0..connections {
        let (client, url, token, body) = (client.clone(), url.clone(), token.clone(), body.clone());
        tasks.push(tokio::spawn(async move {
            let (mut times, mut failed) = (Vec::new(), 0usize);
            while Instant::now() < until {
                let start = Instant::now();
                let res = client
                    .post(&url)
                    .header("x-access-token", &token)
                    .header("content-type", "application/json")
                    .body(body.clone())
                    .send()
                    .await;
                let ok = match res {
                    Ok(r) => r.status() == 200 && r.bytes().await.is_ok(),
                    Err(_) => false,
                };
                times.push(start.elapsed());
                failed += usize::from(!ok);
            }
            (times, failed)
        }));
    }
    let started = Instant::now();
    let (mut times, mut failed) = (Vec::new(), 0);
    for task in tasks {
        let (t, f) = task.await.expect("task");
        times.extend(t);
        failed += f;
    }
    let elapsed = started.elapsed().as_secs_f64().max(seconds as f64);
    times.sort();
    let at =
        |q: f64| times.get(((q * times.len() as f64) as usize).min(times.len().saturating_sub(1))).copied().unwrap_or_default();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{} requests at {connections} connections: {:.0} req/s, p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms, {failed} not 200",
        times.len(),
        times.len() as f64 / elapsed,
        ms(at(0.5)),
        ms(at(0.9)),
        ms(at(0.99)),
        ms(times.last().copied().unwrap_or_default())
    );
}

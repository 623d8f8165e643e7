//! The binary as an operator runs it: one clear error line for bad configuration, a clean start,
//! a graceful stop.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

const BIN: &str = env!("CARGO_BIN_EXE_logistics-server");

fn run(env: &[(&str, &str)], args: &[&str]) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args).env_clear().env("PATH", std::env::var("PATH").unwrap_or_default());
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("the binary runs")
}

fn assert_one_error_line(out: &Output, contains: &str) {
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "exactly one line, got: {stderr}");
    assert!(lines[0].starts_with("error: ") && lines[0].contains(contains), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn malformed_database_url_is_one_clear_line() {
    let out = run(&[("DATABASE_URL", "mysql://root:hunter2@db/x")], &[]);
    assert_one_error_line(&out, "DATABASE_URL must start with sqlite:// or postgres://");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("hunter2"));
}

#[test]
fn unreadable_database_path_is_one_clear_line() {
    let dir = TempDir::new().unwrap();
    let file = dir.path().join("plain-file");
    std::fs::write(&file, "not a folder").unwrap();
    let url = format!("sqlite://{}/sub/x.db", file.display());
    let out = run(&[("DATABASE_URL", &url), ("LOGISTICS_BIND", "127.0.0.1:0")], &[]);
    assert_one_error_line(&out, "cannot create the folder");
    let url = format!("sqlite://{}", dir.path().display());
    let out = run(&[("DATABASE_URL", &url), ("LOGISTICS_BIND", "127.0.0.1:0")], &[]);
    assert_one_error_line(&out, "cannot open the SQLite database");
}

#[test]
fn unreachable_postgres_is_one_clear_line() {
    let out = run(&[("DATABASE_URL", "postgres://nobody:pw@127.0.0.1:1/none"), ("LOGISTICS_BIND", "127.0.0.1:0")], &[]);
    assert_one_error_line(&out, "cannot reach PostgreSQL at postgres://nobody:***@127.0.0.1:1/none");
}

#[test]
fn port_in_use_is_one_clear_line() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let dir = TempDir::new().unwrap();
    let url = format!("sqlite://{}/x.db", dir.path().display());
    let out = run(&[("DATABASE_URL", &url), ("LOGISTICS_BIND", &addr)], &[]);
    assert_one_error_line(&out, &format!("cannot listen on {addr}"));
}

#[test]
fn bad_arguments_and_weak_admin_password_are_refused() {
    let out = run(&[], &["frobnicate"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: unknown arguments `frobnicate`"));
    let dir = TempDir::new().unwrap();
    let url = format!("sqlite://{}/x.db", dir.path().display());
    let out = run(&[("DATABASE_URL", &url), ("LOGISTICS_ADMIN_PASSWORD", "password")], &["create-admin"]);
    assert_one_error_line(&out, "LOGISTICS_ADMIN_PASSWORD is refused");
}

#[test]
fn migrate_and_create_admin_subcommands() {
    let dir = TempDir::new().unwrap();
    let url = format!("sqlite://{}/x.db", dir.path().display());
    let out = run(&[("DATABASE_URL", &url)], &["migrate"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("migrations applied"));
    let out = run(&[("DATABASE_URL", &url)], &["create-admin", "ops"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("administrator `ops` is ready; password (shown once): "), "{stdout}");
}

fn http_get(addr: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

#[test]
fn serves_then_stops_gracefully_on_sigterm() {
    let dir = TempDir::new().unwrap();
    let url = format!("sqlite://{}/data/x.db", dir.path().display());
    let mut child = Command::new(BIN)
        .env_clear()
        .envs([("DATABASE_URL", url.as_str()), ("LOGISTICS_BIND", "127.0.0.1:0"), ("RUST_LOG", "warn")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut banner = String::new();
    stdout.read_line(&mut banner).unwrap();
    let addr = banner.split("http://").nth(1).and_then(|s| s.split_whitespace().next()).expect("URL in banner").to_owned();
    let mut credentials = String::new();
    stdout.read_line(&mut credentials).unwrap();
    assert!(credentials.contains("username `admin`, password `"), "{credentials}");
    assert!(started.elapsed() < Duration::from_secs(10));

    let response = http_get(&addr, "/boot/health");
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains("\"success\":true"));
    assert!(dir.path().join("data/x.db").is_file(), "the data folder is created");

    let status = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "graceful shutdown exits 0, got {status}");
            break;
        }
        assert!(Instant::now() < deadline, "did not stop within 10 s");
        std::thread::sleep(Duration::from_millis(50));
    }
}

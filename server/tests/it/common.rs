//! The in-process test application: the real router on a fresh database of each backend: SQLite
//! always, PostgreSQL when `TEST_DATABASE_URL` is set (each test in a schema of its own).

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use diesel_async::{AsyncConnection, AsyncPgConnection, SimpleAsyncConnection};
use http_body_util::BodyExt;
use logistics_server::app::{self, Started};
use logistics_server::config::{Config, DatabaseUrl};
use serde_json::Value;
use tempfile::TempDir;
use tower::ServiceExt;

pub const ADMIN_PASSWORD: &str = "Admin@12345";

pub struct TestApp {
    pub started: Started,
    pub backend: &'static str,
    pub config: Config,
    _dir: TempDir,
}

pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
}

impl TestResponse {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }
}

pub fn base_config(database: DatabaseUrl) -> Config {
    let mut config = Config::from_lookup(|_| None).expect("defaults");
    config.database = database;
    config.admin_password = Some(ADMIN_PASSWORD.to_owned());
    config.pool_size = 4;
    config
}

/// A fresh SQLite file in a temporary folder.
pub fn sqlite_config(dir: &TempDir) -> Config {
    base_config(DatabaseUrl::Sqlite(dir.path().join("test.db").to_string_lossy().into_owned()))
}

/// A fresh PostgreSQL schema in the `TEST_DATABASE_URL` database, if there is one.
pub async fn postgres_config() -> Option<Config> {
    let url = std::env::var("TEST_DATABASE_URL").ok().filter(|u| !u.is_empty())?;
    let schema = format!("t_{}", uuid_like());
    let mut conn = AsyncPgConnection::establish(&url).await.expect("TEST_DATABASE_URL must be reachable");
    conn.batch_execute(&format!("CREATE SCHEMA {schema}")).await.expect("create schema");
    let separator = if url.contains('?') { '&' } else { '?' };
    let url = format!("{url}{separator}options=-c%20search_path%3D{schema}");
    Some(base_config(DatabaseUrl::Postgres(url)))
}

fn uuid_like() -> String {
    logistics_server::secrets::new_id()
}

impl TestApp {
    pub async fn with_config(config: Config, backend: &'static str, dir: TempDir) -> TestApp {
        let started = app::start(config.clone()).await.unwrap_or_else(|e| panic!("start on {backend}: {e}"));
        TestApp { started, backend, config, _dir: dir }
    }

    pub async fn sqlite() -> TestApp {
        let dir = TempDir::new().expect("temp dir");
        let config = sqlite_config(&dir);
        Self::with_config(config, "sqlite", dir).await
    }

    pub async fn postgres() -> Option<TestApp> {
        let config = postgres_config().await?;
        Some(Self::with_config(config, "postgres", TempDir::new().expect("temp dir")).await)
    }

    /// Every backend this machine offers: SQLite, and PostgreSQL when configured.
    pub async fn all() -> Vec<TestApp> {
        let mut apps = vec![Self::sqlite().await];
        apps.extend(Self::postgres().await);
        apps
    }

    pub fn router(&self) -> Router {
        self.started.router.clone()
    }

    pub async fn send(&self, request: Request<Body>) -> TestResponse {
        let response = self.router().oneshot(request).await.expect("infallible");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.expect("body").to_bytes();
        TestResponse { status, headers, text: String::from_utf8_lossy(&bytes).into_owned() }
    }

    pub async fn get(&self, path: &str, headers: &[(&str, &str)]) -> TestResponse {
        self.send(build(Method::GET, path, headers, Body::empty())).await
    }

    pub async fn post_json(&self, path: &str, body: &Value, headers: &[(&str, &str)]) -> TestResponse {
        let mut all = vec![("content-type", "application/json")];
        all.extend_from_slice(headers);
        self.send(build(Method::POST, path, &all, Body::from(body.to_string()))).await
    }

    pub async fn post_raw(&self, path: &str, body: impl Into<Body>, headers: &[(&str, &str)]) -> TestResponse {
        self.send(build(Method::POST, path, headers, body.into())).await
    }
}

pub fn build(method: Method, path: &str, headers: &[(&str, &str)], body: Body) -> Request<Body> {
    let mut request = Request::builder().method(method).uri(path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.body(body).expect("request")
}

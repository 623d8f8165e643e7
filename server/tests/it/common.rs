//! The in-process test application: the real router on a fresh database of each backend: SQLite
//! always, PostgreSQL when `TEST_DATABASE_URL` is set (each test in a schema of its own).

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use diesel_async::{AsyncConnection, AsyncPgConnection, SimpleAsyncConnection};
use http_body_util::BodyExt;
use std::sync::{Arc, Mutex};

use logistics_server::app::{self, Started};
use logistics_server::platform::config::{Config, DatabaseUrl};
use logistics_server::system::auth::sms::{Purpose, SmsSender};
use serde_json::Value;
use tempfile::TempDir;
use tower::ServiceExt;

pub const ADMIN_PASSWORD: &str = "Admin@12345";

pub struct TestApp {
    pub started: Started,
    pub backend: &'static str,
    pub config: Config,
    pub sms: Arc<CapturingSender>,
    _dir: TempDir,
}

/// Keeps every code "sent", so tests can type them in like a user reading their phone.
#[derive(Default)]
pub struct CapturingSender {
    pub sent: Mutex<Vec<(String, String, Purpose)>>,
}

impl SmsSender for CapturingSender {
    fn send<'a>(
        &'a self,
        mobile: &'a str,
        code: &'a str,
        purpose: Purpose,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), String>> + Send + 'a>> {
        self.sent.lock().unwrap().push((mobile.to_owned(), code.to_owned(), purpose));
        Box::pin(async { Ok(()) })
    }
}

impl CapturingSender {
    pub fn last_code(&self, mobile: &str) -> String {
        let sent = self.sent.lock().unwrap();
        sent.iter()
            .rev()
            .find(|(m, _, _)| m == mobile)
            .map(|(_, c, _)| c.clone())
            .unwrap_or_else(|| panic!("no code sent to {mobile}"))
    }
}

pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
    pub bytes: Vec<u8>,
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
    // Throttles are tested on their own; elsewhere they would only count the tests' own calls.
    config.rate_limits = false;
    // The tests run background work themselves, when they want it.
    config.workers = false;
    config.upload_dir = std::env::temp_dir().join(format!("logistics-uploads-{}", logistics_server::platform::secrets::new_id()));
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
    logistics_server::platform::secrets::new_id()
}

impl TestApp {
    pub async fn with_config(config: Config, backend: &'static str, dir: TempDir) -> TestApp {
        let sms = Arc::new(CapturingSender::default());
        let started =
            app::start_with_sms(config.clone(), sms.clone()).await.unwrap_or_else(|e| panic!("start on {backend}: {e}"));
        TestApp { started, backend, config, sms, _dir: dir }
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
        TestResponse { status, headers, text: String::from_utf8_lossy(&bytes).into_owned(), bytes: bytes.to_vec() }
    }

    pub async fn get(&self, path: &str, headers: &[(&str, &str)]) -> TestResponse {
        self.send(build(Method::GET, path, headers, Body::empty())).await
    }

    pub async fn post_json(&self, path: &str, body: &Value, headers: &[(&str, &str)]) -> TestResponse {
        let mut all = vec![("content-type", "application/json")];
        all.extend_from_slice(headers);
        self.send(build(Method::POST, path, &all, Body::from(body.to_string()))).await
    }

    pub async fn put_json(&self, path: &str, body: &Value, headers: &[(&str, &str)]) -> TestResponse {
        let mut all = vec![("content-type", "application/json")];
        all.extend_from_slice(headers);
        self.send(build(Method::PUT, path, &all, Body::from(body.to_string()))).await
    }

    pub async fn delete(&self, path: &str, headers: &[(&str, &str)]) -> TestResponse {
        self.send(build(Method::DELETE, path, headers, Body::empty())).await
    }

    /// Signs in and returns the token; panics unless it works.
    pub async fn login(&self, username: &str, password: &str) -> String {
        let res = self.post_json("/boot/sys/login", &serde_json::json!({"username": username, "password": password}), &[]).await;
        assert_eq!(res.status, 200, "login {username} on {}: {}", self.backend, res.text);
        res.json()["result"]["token"].as_str().unwrap().to_owned()
    }

    /// Requests an SMS code and returns what was "sent".
    pub async fn sms_code(&self, mobile: &str, mode: &str) -> String {
        let res = self.post_json("/boot/sys/sms", &serde_json::json!({"mobile": mobile, "smsmode": mode}), &[]).await;
        assert_eq!(res.status, 200, "sms to {mobile}: {}", res.text);
        self.sms.last_code(&logistics_core::validate::normalize_phone(mobile).unwrap_or_default())
    }

    pub fn db(&self) -> &logistics_server::platform::db::Db {
        &self.started.state.db
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

/// Runs a statement on either backend (test set-up only: freezing a user, ageing a lock).
/// A statement run as the server's own writes are (counted: remembered sessions are read again).
pub async fn exec(db: &logistics_server::platform::db::Db, sql: &str) -> usize {
    use diesel_async::RunQueryDsl;
    async fn run(db: &logistics_server::platform::db::Db, sql: &str) -> Result<usize, logistics_server::platform::db::DbError> {
        Ok(logistics_server::with_write!(db, |conn| diesel::sql_query(sql).execute(conn).await?))
    }
    run(db, sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"))
}

/// A statement this instance does not see being run, as another instance's (or an operator's).
pub async fn exec_elsewhere(db: &logistics_server::platform::db::Db, sql: &str) -> usize {
    use diesel_async::RunQueryDsl;
    async fn run(db: &logistics_server::platform::db::Db, sql: &str) -> Result<usize, logistics_server::platform::db::DbError> {
        Ok(logistics_server::with_conn!(db, |conn| diesel::sql_query(sql).execute(conn).await?))
    }
    run(db, sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"))
}

#[derive(diesel::QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

/// `SELECT COUNT(*) AS n ...` on either backend.
pub async fn count(db: &logistics_server::platform::db::Db, sql: &str) -> i64 {
    use diesel_async::RunQueryDsl;
    async fn run(db: &logistics_server::platform::db::Db, sql: &str) -> Result<i64, logistics_server::platform::db::DbError> {
        let rows: Vec<Count> = logistics_server::with_conn!(db, |conn| diesel::sql_query(sql).load(conn).await?);
        Ok(rows.into_iter().next().map_or(0, |c| c.n))
    }
    run(db, sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"))
}

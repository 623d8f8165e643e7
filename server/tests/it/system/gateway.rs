//! Gateway routes on SQLite and PostgreSQL: staff save routes only to upstreams the operator
//! allows; a call under `/boot/gateway/{routerId}/` reaches the upstream with the caller's identity
//! and without its credentials, and comes back as the upstream answered; roles, disabled routes,
//! climbing paths, timeouts, unreachable upstreams and oversized bodies are refused in the
//! caller's language; and a change made on one instance applies on another at once.

use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::IntoResponse;
use serde_json::{Value, json};

use crate::carrier::pricing::register;
use crate::common::{ADMIN_PASSWORD, TestApp, TestResponse, base_config, build, postgres_config, sqlite_config};
use crate::system::admin::{h, ok};

/// An upstream that echoes what it received; `/slow` answers after two seconds, `/teapot` with 418.
async fn upstream() -> SocketAddr {
    async fn echo(method: Method, uri: Uri, headers: HeaderMap, body: Bytes) -> axum::response::Response {
        match uri.path() {
            path if path.ends_with("/slow") => {
                tokio::time::sleep(Duration::from_secs(2)).await;
                "late".into_response()
            }
            path if path.ends_with("/teapot") => {
                (StatusCode::IM_A_TEAPOT, [("x-upstream", "yes")], "short and stout").into_response()
            }
            _ => {
                let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
                axum::Json(json!({
                    "method": method.as_str(),
                    "path": uri.path(),
                    "query": uri.query(),
                    "user": header("x-logistics-user"),
                    "tenant": header("x-logistics-tenant"),
                    "token": header("x-access-token"),
                    "cookie": header("cookie"),
                    "prefix": header("x-forwarded-prefix"),
                    "custom": header("x-custom"),
                    "body": String::from_utf8_lossy(&body),
                }))
                .into_response()
            }
        }
    }
    crate::system::notices::serve(Router::new().fallback(echo)).await
}

/// A port nothing listens on.
async fn closed_port() -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    listener.local_addr().unwrap().port()
}

async fn call(app: &TestApp, method: Method, path: &str, headers: &[(&str, &str)], body: impl Into<Body>) -> TestResponse {
    app.send(build(method, path, headers, body.into())).await
}

fn route(router_id: &str, uri: &str) -> Value {
    json!({"routerId": router_id, "name": format!("{router_id} service"), "uri": uri})
}

async fn add(app: &TestApp, token: &str, body: &Value) -> TestResponse {
    app.post_json("/boot/sys/gatewayRoute/add", body, &h(token)).await
}

async fn routes(app: &TestApp, token: &str) -> Vec<Value> {
    let page = ok(app.get("/boot/sys/gatewayRoute/list?pageSize=50", &h(token)).await, "routes").await;
    page["records"].as_array().unwrap().clone()
}

async fn apps_with(upstreams: Vec<String>) -> Vec<TestApp> {
    let dir = tempfile::TempDir::new().unwrap();
    let mut config = sqlite_config(&dir);
    config.gateway_upstreams = upstreams.clone();
    let mut apps = vec![TestApp::with_config(config, "sqlite", dir).await];
    if let Some(mut config) = postgres_config().await {
        config.gateway_upstreams = upstreams;
        apps.push(TestApp::with_config(config, "postgres", tempfile::TempDir::new().unwrap()).await);
    }
    apps
}

#[tokio::test(flavor = "multi_thread")]
async fn routes_forward_to_allowed_upstreams_only() {
    let up = upstream().await;
    let closed = closed_port().await;
    let allowed = vec![format!("http://{up}/api"), format!("http://127.0.0.1:{closed}")];
    for app in apps_with(allowed.clone()).await {
        let b = app.backend;
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let upstreams = ok(app.get("/boot/sys/gatewayRoute/upstreams", &h(&admin)).await, "upstreams").await;
        assert_eq!(upstreams, json!(allowed), "{b}");

        // Refused forms change nothing, in the caller's language.
        for (body, field, en, zh) in [
            (route("echo", "http://127.0.0.1:1/api"), "uri", "is not among those the operator allows", "不在运维允许的范围内"),
            (
                route("echo", &format!("http://{up}/apiary")),
                "uri",
                "is not among those the operator allows",
                "不在运维允许的范围内",
            ),
            (route("Echo!", &format!("http://{up}/api")), "routerId", "A route id has 2 to 32", "路由ID须为"),
            (
                json!({"routerId": "echo", "name": "x", "uri": format!("http://{up}/api"), "timeout": 50}),
                "timeout",
                "from 100 to 60000",
                "100到60000",
            ),
        ] {
            let res = add(&app, &admin, &body).await;
            assert_eq!(res.status, 400, "{b} {body}: {}", res.text);
            assert!(res.json()["message"].as_str().unwrap().contains(en), "{b}: {}", res.text);
            assert_eq!(res.json()["result"]["field"], field, "{b}: {}", res.text);
            let zh_res = app
                .post_json("/boot/sys/gatewayRoute/add", &body, &[("x-access-token", &admin), ("accept-language", "zh-CN")])
                .await;
            assert!(zh_res.json()["message"].as_str().unwrap().contains(zh), "{b}: {}", zh_res.text);
        }
        assert!(routes(&app, &admin).await.is_empty(), "{b}");

        ok(add(&app, &admin, &route("echo", &format!("http://{up}/api/"))).await, "add echo").await;
        let dup = add(&app, &admin, &route("echo", &format!("http://{up}/api"))).await;
        assert_eq!(dup.status, 409, "{b}: {}", dup.text);
        let saved = routes(&app, &admin).await;
        assert_eq!(saved.len(), 1, "{b}");
        assert_eq!(saved[0]["uri"], format!("http://{up}/api"), "{b}: the trailing slash goes");
        assert_eq!(
            (saved[0]["stripPrefix"].as_i64(), saved[0]["timeout"].as_i64(), saved[0]["status"].as_i64()),
            (Some(1), Some(10_000), Some(1))
        );

        // The call: method, path, query, body and the caller's identity; not its token or cookies.
        let headers = [
            ("x-access-token", admin.as_str()),
            ("cookie", "client_lang=en-US"),
            ("x-custom", "kept"),
            ("accept-language", "en-US"),
        ];
        let res = call(&app, Method::POST, "/boot/gateway/echo/orders/42?x=1&y=%20z", &headers, "hello upstream").await;
        assert_eq!(res.status, 200, "{b}: {}", res.text);
        let echoed = res.json();
        assert_eq!(echoed["method"], "POST");
        assert_eq!(echoed["path"], "/api/orders/42");
        assert_eq!(echoed["query"], "x=1&y=%20z");
        assert_eq!(echoed["body"], "hello upstream");
        assert_eq!(echoed["user"], "admin");
        assert_eq!(echoed["tenant"], "1", "{b}: {echoed}");
        assert_eq!(echoed["custom"], "kept");
        assert_eq!(echoed["prefix"], "/boot/gateway/echo");
        assert!(echoed["token"].is_null() && echoed["cookie"].is_null(), "{b}: credentials stay here: {echoed}");
        let root = call(&app, Method::GET, "/boot/gateway/echo", &h(&admin), Body::empty()).await;
        assert_eq!(root.json()["path"], "/api/", "{b}");
        let slash = call(&app, Method::GET, "/boot/gateway/echo/", &h(&admin), Body::empty()).await;
        assert_eq!(slash.json()["path"], "/api/", "{b}: the call path the page shows: {}", slash.text);

        // The upstream's own answer, errors too, as it sent them.
        let teapot = call(&app, Method::GET, "/boot/gateway/echo/teapot", &h(&admin), Body::empty()).await;
        assert_eq!((teapot.status.as_u16(), teapot.text.as_str()), (418, "short and stout"), "{b}");
        assert_eq!(teapot.headers.get("x-upstream").unwrap(), "yes");

        // Signed out, climbing out of the route, unknown routes.
        let anonymous = call(&app, Method::GET, "/boot/gateway/echo/orders", &[], Body::empty()).await;
        assert_eq!(anonymous.status, 401, "{b}");
        for path in ["/boot/gateway/echo/%2e%2e/secret", "/boot/gateway/echo/a%2Fb", "/boot/gateway/echo/a/../../x"] {
            let res = call(&app, Method::GET, path, &h(&admin), Body::empty()).await;
            assert!(res.status == 400 || res.status == 404, "{b} {path}: {} {}", res.status, res.text);
            assert!(res.text.contains("must not hold") || res.status == 404, "{b} {path}: {}", res.text);
        }
        let unknown = call(&app, Method::GET, "/boot/gateway/nothing/x", &h(&admin), Body::empty()).await;
        assert_eq!(unknown.status, 404, "{b}");
        assert!(
            unknown.json()["message"].as_str().unwrap().contains("There is no enabled gateway route “nothing”"),
            "{}",
            unknown.text
        );

        // Keeping the prefix; roles; a change applies at once (the cache is dropped).
        let kept = json!({"routerId": "ops", "name": "Ops", "uri": format!("http://{up}/api"), "stripPrefix": 0, "roleCodes": "ops_only"});
        ok(add(&app, &admin, &kept).await, "add ops").await;
        let refused = call(&app, Method::GET, "/boot/gateway/ops/x", &h(&admin), Body::empty()).await;
        assert_eq!(refused.status, 403, "{b}: {}", refused.text);
        assert!(refused.text.contains("Your roles may not call the gateway route “ops”"), "{}", refused.text);
        let id = routes(&app, &admin).await.into_iter().find(|r| r["routerId"] == "ops").unwrap()["id"].clone();
        let mut edit = kept.clone();
        edit["id"] = id.clone();
        edit["roleCodes"] = json!("ops_only,admin");
        ok(app.put_json("/boot/sys/gatewayRoute/edit", &edit, &h(&admin)).await, "edit ops").await;
        let through = call(&app, Method::GET, "/boot/gateway/ops/x", &h(&admin), Body::empty()).await;
        assert_eq!(through.status, 200, "{b}: {}", through.text);
        assert_eq!(through.json()["path"], "/api/ops/x", "{b}");
        edit["status"] = json!(0);
        ok(app.put_json("/boot/sys/gatewayRoute/edit", &edit, &h(&admin)).await, "disable ops").await;
        let disabled = call(
            &app,
            Method::GET,
            "/boot/gateway/ops/x",
            &[("x-access-token", &admin), ("accept-language", "zh-CN")],
            Body::empty(),
        )
        .await;
        assert_eq!(disabled.status, 404, "{b}");
        assert!(disabled.json()["message"].as_str().unwrap().contains("网关路由“ops”不存在或已停用"), "{}", disabled.text);

        // Timeouts, unreachable upstreams, oversized bodies.
        let slow = json!({"routerId": "slow", "name": "Slow", "uri": format!("http://{up}/api"), "timeout": 300});
        ok(add(&app, &admin, &slow).await, "add slow").await;
        let started = std::time::Instant::now();
        let late = call(&app, Method::GET, "/boot/gateway/slow/slow", &h(&admin), Body::empty()).await;
        assert_eq!(late.status, 504, "{b}: {}", late.text);
        assert!(late.text.contains("did not answer within 300 ms"), "{}", late.text);
        assert!(started.elapsed() < Duration::from_millis(1500), "{b}: the timeout holds");
        ok(add(&app, &admin, &route("gone", &format!("http://127.0.0.1:{closed}"))).await, "add gone").await;
        let gone = call(&app, Method::GET, "/boot/gateway/gone/x", &h(&admin), Body::empty()).await;
        assert_eq!(gone.status, 502, "{b}: {}", gone.text);
        assert!(gone.text.contains("Cannot reach the upstream"), "{}", gone.text);
        let big = vec![b'x'; 10 * 1024 * 1024 + 1];
        let too_big = call(&app, Method::POST, "/boot/gateway/echo/upload", &h(&admin), big).await;
        assert_eq!(too_big.status, 413, "{b}: {}", too_big.text);

        // Only the platform's staff keep routes.
        let (customer, _) = register(&app, "gwcust", "13911113333").await;
        let res = app.get("/boot/sys/gatewayRoute/list", &h(&customer)).await;
        assert_eq!(res.status, 403, "{b}: {}", res.text);
        let res = add(&app, &customer, &route("mine", &format!("http://{up}/api"))).await;
        assert_eq!(res.status, 403, "{b}: {}", res.text);
        // A customer may call an open route (no roles named), as itself.
        let res = call(&app, Method::GET, "/boot/gateway/echo/me", &h(&customer), Body::empty()).await;
        assert_eq!(res.json()["user"], "gwcust", "{b}: {}", res.text);

        // Deleting a route ends it.
        let echo_id =
            routes(&app, &admin).await.into_iter().find(|r| r["routerId"] == "echo").unwrap()["id"].as_str().unwrap().to_owned();
        ok(app.delete(&format!("/boot/sys/gatewayRoute/delete?id={echo_id}"), &h(&admin)).await, "delete").await;
        let res = call(&app, Method::GET, "/boot/gateway/echo/me", &h(&admin), Body::empty()).await;
        assert_eq!(res.status, 404, "{b}");
    }
}

/// With no upstream allowed, no route can be saved, and the reason says what the operator must do.
#[tokio::test(flavor = "multi_thread")]
async fn without_an_allow_list_no_route_is_saved() {
    let dir = tempfile::TempDir::new().unwrap();
    let mut config = base_config(logistics_server::platform::config::DatabaseUrl::Sqlite(
        dir.path().join("t.db").to_string_lossy().into_owned(),
    ));
    config.gateway_upstreams = vec![];
    let app = TestApp::with_config(config, "sqlite", dir).await;
    let admin = app.login("admin", ADMIN_PASSWORD).await;
    let res = add(&app, &admin, &route("echo", "http://127.0.0.1:9000")).await;
    assert_eq!(res.status, 400, "{}", res.text);
    assert!(res.text.contains("LOGISTICS_GATEWAY_UPSTREAMS"), "{}", res.text);
}

/// Two instances on one PostgreSQL and Redis: B has read its routes; a route added on A is
/// served by B within two seconds, and disabled on A, B stops serving it.
#[tokio::test(flavor = "multi_thread")]
async fn route_changes_reach_every_instance() {
    let Some(redis) = std::env::var("TEST_REDIS_URL").ok().filter(|u| !u.is_empty()) else { return };
    let Some(mut config) = postgres_config().await else { return };
    let up = upstream().await;
    config.redis_url = Some(redis);
    config.gateway_upstreams = vec![format!("http://{up}")];
    let a = TestApp::with_config(config.clone(), "postgres+redis A", tempfile::TempDir::new().unwrap()).await;
    let b = TestApp::with_config(config, "postgres+redis B", tempfile::TempDir::new().unwrap()).await;
    let on_a = a.login("admin", ADMIN_PASSWORD).await;
    let on_b = b.login("admin", ADMIN_PASSWORD).await;
    let before = call(&b, Method::GET, "/boot/gateway/shared/x", &h(&on_b), Body::empty()).await;
    assert_eq!(before.status, 404);

    ok(add(&a, &on_a, &route("shared", &format!("http://{up}/svc"))).await, "add on A").await;
    let until = |status: u16| {
        let (b, on_b) = (&b, on_b.clone());
        async move {
            let deadline = std::time::Instant::now() + Duration::from_secs(2);
            loop {
                let res = call(b, Method::GET, "/boot/gateway/shared/x", &h(&on_b), Body::empty()).await;
                if res.status.as_u16() == status {
                    return res;
                }
                assert!(std::time::Instant::now() < deadline, "B still answers {} {}", res.status, res.text);
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    };
    assert_eq!(until(200).await.json()["path"], "/svc/x");
    let id = routes(&a, &on_a).await[0]["id"].clone();
    let mut edit = route("shared", &format!("http://{up}/svc"));
    edit["id"] = id;
    edit["status"] = json!(0);
    ok(a.put_json("/boot/sys/gatewayRoute/edit", &edit, &h(&on_a)).await, "disable on A").await;
    until(404).await;
}

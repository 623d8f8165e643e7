use crate::common::TestApp;

#[tokio::test(flavor = "multi_thread")]
async fn live_and_ready_answer_in_the_envelope() {
    for app in TestApp::all().await {
        let live = app.get("/boot/health", &[]).await;
        assert_eq!(live.status, 200, "{}", app.backend);
        let body = live.json();
        assert_eq!(body["success"], true);
        assert_eq!(body["code"], 200);
        assert_eq!(body["message"], "Operation succeeded!");
        assert_eq!(body["result"]["status"], "UP");
        assert!(body["timestamp"].as_i64().is_some_and(|t| t > 1_700_000_000_000));

        let ready = app.get("/boot/health/ready", &[("cookie", "client_lang=zh-CN")]).await.json();
        assert_eq!(ready["result"]["database"], app.backend);
        assert_eq!(ready["message"], "操作成功！");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn ready_is_503_when_the_database_is_gone() {
    let app = TestApp::sqlite().await;
    if let logistics_server::platform::db::Db::Sqlite(pool, _) = &app.started.state.db {
        pool.close();
    }
    let res = app.get("/boot/health/ready", &[("accept-language", "zh-CN")]).await;
    assert_eq!(res.status, 503);
    assert_eq!(res.json()["message"], "服务暂不可用，请稍后再试!");
    // Liveness does not depend on the database.
    assert_eq!(app.get("/boot/health", &[]).await.status, 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn every_response_has_a_request_id_and_security_headers() {
    let app = TestApp::sqlite().await;
    let res = app.get("/boot/health", &[("x-request-id", "trace-me-42")]).await;
    assert_eq!(res.headers["x-request-id"], "trace-me-42");
    let fresh = app.get("/boot/nothing", &[]).await;
    assert_eq!(fresh.headers["x-request-id"].len(), 36, "a generated UUID");
    for res in [res, fresh] {
        assert_eq!(res.headers["x-content-type-options"], "nosniff");
        assert_eq!(res.headers["x-frame-options"], "SAMEORIGIN");
        assert!(res.headers["content-security-policy"].to_str().unwrap().contains("'wasm-unsafe-eval'"));
        assert!(res.headers.contains_key("referrer-policy"));
    }
}

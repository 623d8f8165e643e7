use axum::body::Body;
use axum::http::Method;
use serde_json::json;
use tempfile::TempDir;

use crate::common::{TestApp, build, sqlite_config};

#[tokio::test(flavor = "multi_thread")]
async fn unknown_api_paths_are_json_404s_in_the_users_language() {
    for app in TestApp::all().await {
        let zh = app.get("/boot/no/such/thing", &[("cookie", "client_lang=zh-CN")]).await;
        assert_eq!(zh.status, 404);
        assert!(zh.headers["content-type"].to_str().unwrap().starts_with("application/json"));
        let body = zh.json();
        assert_eq!(body["success"], false);
        assert_eq!(body["code"], 404);
        assert_eq!(body["message"], "很抱歉，资源未找到!");
        assert_eq!(body["result"]["key"], "not_found");

        let en = app.get("/boot/no/such/thing", &[("accept-language", "en-US,en;q=0.9")]).await.json();
        assert_eq!(en["message"], "Sorry, the resource was not found!");
        // Cookie beats Accept-Language; nothing known falls back to English.
        let cookie = app.get("/boot/x", &[("cookie", "client_lang=zh_CN"), ("accept-language", "en")]).await.json();
        assert_eq!(cookie["message"], "很抱歉，资源未找到!");
        let unknown = app.get("/boot/x", &[("accept-language", "fr-FR")]).await.json();
        assert_eq!(unknown["message"], "Sorry, the resource was not found!");
        assert_eq!(app.get("/boot", &[]).await.status, 404);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn wrong_method_is_a_localized_405() {
    let app = TestApp::sqlite().await;
    let res = app.send(build(Method::DELETE, "/boot/health", &[("cookie", "client_lang=zh-CN")], Body::empty())).await;
    assert_eq!(res.status, 405);
    assert_eq!(res.json()["message"], "不支持该请求方法!");
    let res = app.get("/boot/logistics/weight/chargeable", &[]).await;
    assert_eq!(res.status, 405);
    assert_eq!(res.json()["result"]["key"], "method_not_allowed");
}

#[tokio::test(flavor = "multi_thread")]
async fn malformed_and_oversized_bodies_are_refused_clearly() {
    let app = TestApp::sqlite().await;
    let path = "/boot/logistics/weight/chargeable";
    let json = [("content-type", "application/json"), ("cookie", "client_lang=zh-CN")];
    let res = app.post_raw(path, "{\"length\": ", &json).await;
    assert_eq!(res.status, 400);
    let body = res.json();
    assert_eq!(body["result"]["key"], "bad_json");
    assert!(body["message"].as_str().unwrap().starts_with("请求内容不是有效的JSON"), "{body}");

    let res = app.post_raw(path, "{}", &[("content-type", "text/plain")]).await;
    assert_eq!(res.status, 400);
    assert_eq!(res.json()["message"], "The request is not valid!");

    let huge = format!("{{\"remark\":\"{}\"}}", "x".repeat(3 * 1024 * 1024));
    let res = app.post_raw(path, huge, &[("content-type", "application/json")]).await;
    assert_eq!(res.status, 413);
    assert_eq!(res.json()["message"], "The request body is too large!");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_web_app_gets_history_fallback_but_api_paths_never_do() {
    let web = TempDir::new().unwrap();
    std::fs::create_dir_all(web.path().join("assets")).unwrap();
    std::fs::write(web.path().join("index.html"), "<!doctype html><title>app</title>").unwrap();
    std::fs::write(web.path().join("assets/app-1234.js"), "console.log(1)").unwrap();
    let dir = TempDir::new().unwrap();
    let mut config = sqlite_config(&dir);
    config.web_dir = Some(web.path().to_path_buf());
    let app = TestApp::with_config(config, "sqlite", dir).await;

    for path in ["/", "/user/login", "/dashboard/analysis?x=1", "/404"] {
        let res = app.get(path, &[]).await;
        assert_eq!(res.status, 200, "{path}");
        assert!(res.text.contains("<title>app</title>"), "{path}");
        assert_eq!(res.headers["cache-control"], "no-cache");
    }
    let asset = app.get("/assets/app-1234.js", &[]).await;
    assert_eq!(asset.status, 200);
    assert!(asset.headers["content-type"].to_str().unwrap().contains("javascript"));
    assert!(asset.headers["cache-control"].to_str().unwrap().contains("immutable"));
    assert_eq!(app.get("/assets/missing.js", &[]).await.status, 404);
    assert_eq!(asset.text, "console.log(1)", "no precompressed copy: the file itself");
    // A precompressed copy goes to a browser that takes its encoding, as the file's type.
    std::fs::write(web.path().join("assets/core-99.wasm"), b"\0asm raw").unwrap();
    std::fs::write(web.path().join("assets/core-99.wasm.br"), b"brotli bytes").unwrap();
    std::fs::write(web.path().join("assets/core-99.wasm.gz"), b"gzip bytes").unwrap();
    let br = app.get("/assets/core-99.wasm", &[("accept-encoding", "gzip, deflate, br, zstd")]).await;
    assert_eq!((br.status.as_u16(), br.bytes.as_slice()), (200, b"brotli bytes".as_slice()));
    assert_eq!(br.headers["content-encoding"], "br");
    assert_eq!(br.headers["content-type"], "application/wasm");
    assert_eq!(br.headers["vary"], "accept-encoding");
    assert!(br.headers["cache-control"].to_str().unwrap().contains("max-age=31536000"));
    let gz = app.get("/assets/core-99.wasm", &[("accept-encoding", "gzip;q=1, br;q=0")]).await;
    assert_eq!(gz.bytes.as_slice(), b"gzip bytes".as_slice());
    assert_eq!(gz.headers["content-encoding"], "gzip");
    let plain = app.get("/assets/core-99.wasm", &[]).await;
    assert_eq!((plain.bytes.as_slice(), plain.headers.get("content-encoding")), (b"\0asm raw".as_slice(), None));
    assert_eq!(app.get("/../../etc/passwd", &[]).await.status, 200, "traversal gets the app, not the file");
    assert!(!app.get("/..%2F..%2Fetc%2Fpasswd", &[]).await.text.contains("root:"));
    // API paths stay JSON even though the web app answers everything else.
    assert_eq!(app.get("/boot/user/login", &[]).await.json()["code"], 404);
    assert_eq!(app.post_json("/user/login", &json!({}), &[]).await.status, 405);
}

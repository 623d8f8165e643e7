use serde_json::json;

use crate::common::{ADMIN_PASSWORD, TestApp, count, exec, exec_elsewhere};

const ME: &str = "/boot/sys/permission/getUserPermissionByToken";

#[tokio::test(flavor = "multi_thread")]
async fn password_sign_in_returns_the_session_and_the_user() {
    for app in TestApp::all().await {
        let res = app
            .post_json(
                "/boot/sys/login",
                &json!({"username": "admin", "password": ADMIN_PASSWORD}),
                &[("cookie", "client_lang=zh-CN")],
            )
            .await;
        assert_eq!(res.status, 200, "{}", res.text);
        let body = res.json();
        assert_eq!((body["code"].as_i64(), body["message"].as_str()), (Some(200), Some("登录成功")));
        let result = &body["result"];
        assert!(result["token"].as_str().is_some_and(|t| t.split('.').count() == 3));
        assert_eq!(result["userInfo"]["username"], "admin");
        assert_eq!(result["userInfo"]["userKind"], "admin");
        assert_eq!(result["userInfo"]["orgCode"], "A01");
        assert_eq!(result["userInfo"]["orgCodeTxt"], "总部");
        assert!(result["userInfo"].get("password").is_none());
        assert_eq!(result["departs"][0]["orgCode"], "A01");
        assert_eq!(result["multi_depart"], 1);
        assert_eq!(result["tenantList"][0]["id"], 1);
        assert!(result["sysAllDictItems"].is_object());
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM sys_session").await, 1, "{}", app.backend);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM sys_log WHERE log_type = 1 AND ok = TRUE").await, 1);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_sign_ins_say_why_in_the_users_language_and_open_nothing() {
    for app in TestApp::all().await {
        let zh = [("cookie", "client_lang=zh-CN")];
        let res = app.post_json("/boot/sys/login", &json!({"username": " ", "password": "x"}), &zh).await;
        assert_eq!(res.status, 400);
        assert_eq!(res.json()["message"], "用户名不能为空!");
        assert_eq!(res.json()["result"], json!({"key": "required", "field": "username"}));
        let res = app.post_json("/boot/sys/login", &json!({"username": "admin"}), &[]).await;
        assert_eq!(res.json()["message"], "Password is required!");

        for (username, password) in [("admin", "Wrong@12345"), ("ghost", ADMIN_PASSWORD)] {
            let res = app.post_json("/boot/sys/login", &json!({"username": username, "password": password}), &zh).await;
            assert_eq!(res.status, 401, "{username}");
            assert_eq!(res.json()["message"], "用户名或密码错误!", "unknown users and wrong passwords look alike");
        }
        let res = app.post_json("/boot/sys/login", &json!({"username": "admin", "password": "nope"}), &[]).await;
        assert_eq!(res.json()["message"], "Incorrect username or password!");
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM sys_session").await, 0);
        let failures =
            count(app.db(), "SELECT COUNT(*) AS n FROM sys_log WHERE log_type = 1 AND ok = FALSE AND ip IS NOT NULL").await;
        assert_eq!(failures, 3, "every failure is logged with its client address");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn ten_failures_in_an_hour_lock_the_account_for_thirty_minutes() {
    for app in TestApp::all().await {
        for _ in 0..10 {
            let res = app.post_json("/boot/sys/login", &json!({"username": "admin", "password": "Wrong@12345"}), &[]).await;
            assert_eq!(res.status, 401);
        }
        let res = app
            .post_json(
                "/boot/sys/login",
                &json!({"username": "admin", "password": ADMIN_PASSWORD}),
                &[("cookie", "client_lang=zh-CN")],
            )
            .await;
        assert_eq!(res.status, 429, "the right password does not open a locked account");
        assert_eq!(res.json()["message"], "登录失败次数过多，账号已锁定，请30分钟后再试!");
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM sys_session").await, 0);

        exec(app.db(), "UPDATE sys_user SET lock_until = '2000-01-01 00:00:00' WHERE username = 'admin'").await;
        app.login("admin", ADMIN_PASSWORD).await;
        assert_eq!(
            count(app.db(), "SELECT COUNT(*) AS n FROM sys_user WHERE login_fail_count = 0 AND lock_until IS NULL").await,
            1
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn sessions_end_at_logout_and_when_frozen() {
    for app in TestApp::all().await {
        let token = app.login("admin", ADMIN_PASSWORD).await;
        let auth = [("x-access-token", token.as_str())];
        assert_eq!(app.get(ME, &auth).await.status, 200);
        let res = app.post_json("/boot/sys/logout", &json!({}), &auth).await;
        assert_eq!((res.status.as_u16(), res.json()["message"].as_str()), (200, Some("Signed out!")));
        let res = app.get(ME, &[("x-access-token", token.as_str()), ("cookie", "client_lang=zh-CN")]).await;
        assert_eq!(res.status, 401);
        assert_eq!(res.json()["message"], "Token失效，请重新登录");
        assert_eq!(res.json()["result"]["key"], "token_expired");
        assert_eq!(app.post_json("/boot/sys/logout", &json!({}), &auth).await.status, 200, "a stale logout still succeeds");

        let token = app.login("admin", ADMIN_PASSWORD).await;
        exec(app.db(), "UPDATE sys_user SET status = 2 WHERE username = 'admin'").await;
        let res = app.get(ME, &[("x-access-token", token.as_str())]).await;
        assert_eq!(res.json()["message"], "Token expired, please sign in again", "freezing ends the session at once");
        let res = app.post_json("/boot/sys/login", &json!({"username": "admin", "password": ADMIN_PASSWORD}), &[]).await;
        assert_eq!((res.status.as_u16(), res.json()["message"].as_str()), (403, Some("This account is frozen!")));
    }
}

/// A session is read from the database once and then remembered (`auth::cache`): what this
/// instance changes shows at once (above); what another instance or an operator changes, within
/// `FRESH`.
#[tokio::test(flavor = "multi_thread")]
async fn a_session_ended_elsewhere_ends_here_within_a_second() {
    use logistics_server::system::auth::cache::FRESH;
    use std::time::{Duration, Instant};
    for app in TestApp::all().await {
        let token = app.login("admin", ADMIN_PASSWORD).await;
        let auth = [("x-access-token", token.as_str())];
        for _ in 0..3 {
            assert_eq!(app.get(ME, &auth).await.status, 200);
        }
        exec_elsewhere(app.db(), "UPDATE sys_session SET revoke_time = CURRENT_TIMESTAMP").await;
        let started = Instant::now();
        loop {
            let status = app.get(ME, &auth).await.status;
            if status == 401 {
                break;
            }
            assert_eq!(status, 200);
            assert!(started.elapsed() < FRESH + Duration::from_millis(500), "the revoked session still works after {FRESH:?}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn missing_forged_and_expired_tokens_are_refused() {
    let app = TestApp::sqlite().await;
    let res = app.get(ME, &[("cookie", "client_lang=zh-CN")]).await;
    assert_eq!((res.status.as_u16(), res.json()["message"].as_str()), (401, Some("未授权，请重新登录")));
    for token in ["garbage", "a.b.c"] {
        assert_eq!(app.get(ME, &[("x-access-token", token)]).await.json()["result"]["key"], "token_expired");
    }
    let real = app.login("admin", ADMIN_PASSWORD).await;
    let claims = serde_json::to_value(app.started.state.keys.decode(&real).unwrap()).unwrap();
    let forge = |secret: &str, exp: i64| {
        let mut c = claims.clone();
        c["exp"] = json!(exp);
        jsonwebtoken::encode(&jsonwebtoken::Header::default(), &c, &jsonwebtoken::EncodingKey::from_secret(secret.as_bytes()))
            .unwrap()
    };
    let later = chrono::Utc::now().timestamp() + 3600;
    let other_secret = forge(&"x".repeat(64), later);
    assert_eq!(app.get(ME, &[("x-access-token", &other_secret)]).await.status, 401, "signed with another key");
    let expired = forge(&app.started.state.jwt_secret, chrono::Utc::now().timestamp() - 10);
    assert_eq!(app.get(ME, &[("x-access-token", &expired)]).await.json()["result"]["key"], "token_expired");
    let fresh = forge(&app.started.state.jwt_secret, later);
    assert_eq!(app.get(ME, &[("x-access-token", &fresh)]).await.status, 200, "the forge helper itself works");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_tenant_header_must_name_the_users_tenant() {
    for app in TestApp::all().await {
        let token = app.login("admin", ADMIN_PASSWORD).await;
        for (tenant, status) in [("0", 200), ("1", 200), ("", 200), ("2", 403), ("abc", 403), ("-1", 403)] {
            let res = app.get(ME, &[("x-access-token", &token), ("tenant-id", tenant)]).await;
            assert_eq!(res.status, status, "tenant-id {tenant:?} on {}", app.backend);
        }
        let res = app.get(ME, &[("x-access-token", &token), ("tenant-id", "2"), ("cookie", "client_lang=zh-CN")]).await;
        assert_eq!(res.json()["message"], "拒绝访问");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn sms_codes_are_rationed_hashed_and_single_use() {
    for app in TestApp::all().await {
        let token = app.login("admin", ADMIN_PASSWORD).await;
        let res = app
            .put_json(
                "/boot/sys/user/appEdit",
                &json!({"realname": "Admin", "phone": "13800138000"}),
                &[("x-access-token", &token)],
            )
            .await;
        assert_eq!(res.status, 200, "{}", res.text);
        let zh = [("cookie", "client_lang=zh-CN")];
        let send = async |mobile: &str, mode: &str| {
            app.post_json("/boot/sys/sms", &json!({"mobile": mobile, "smsmode": mode}), &zh).await
        };
        assert_eq!(send("12345", "0").await.json()["message"], "您的手机号码格式不正确!");
        assert_eq!(send("13900139000", "0").await.json()["result"]["key"], "phone_not_registered");
        assert_eq!(send("13800138000", "1").await.status, 409, "registration needs a new phone");
        assert_eq!(send("13800138000", "x").await.json()["result"]["key"], "sms_mode_invalid");

        let code = app.sms_code("+86 138 0013 8000", "login").await;
        let again = send("13800138000", "0").await;
        assert_eq!(again.status, 429);
        assert!(again.json()["message"].as_str().unwrap().starts_with("验证码已发送，请"), "{}", again.text);
        let stored = count(app.db(), &format!("SELECT COUNT(*) AS n FROM sys_sms_code WHERE code_hash LIKE '%{code}%'")).await;
        assert_eq!(stored, 0, "codes are kept hashed");

        let wrong = if code == "000000" { "111111" } else { "000000" };
        let res = app.post_json("/boot/sys/phoneLogin", &json!({"mobile": "13800138000", "captcha": wrong}), &zh).await;
        assert_eq!((res.status.as_u16(), res.json()["message"].as_str()), (400, Some("您输入的验证码不正确!")));
        let res = app.post_json("/boot/sys/phoneLogin", &json!({"mobile": "13800138000", "captcha": code}), &[]).await;
        assert_eq!(res.status, 200, "{}", res.text);
        assert_eq!(res.json()["result"]["userInfo"]["username"], "admin");
        let res = app.post_json("/boot/sys/phoneLogin", &json!({"mobile": "13800138000", "captcha": code}), &[]).await;
        assert_eq!(res.status, 400, "a code works once");

        // Five wrong tries void a code, even for the right one after.
        exec(app.db(), "UPDATE sys_sms_code SET create_time = '2000-01-01 00:00:00'").await;
        let code = app.sms_code("13800138000", "0").await;
        for _ in 0..5 {
            app.post_json("/boot/sys/phoneLogin", &json!({"mobile": "13800138000", "captcha": wrong}), &[]).await;
        }
        let res = app.post_json("/boot/sys/phoneLogin", &json!({"mobile": "13800138000", "captcha": code}), &[]).await;
        assert_eq!(res.status, 400);
        // Expired codes do not work either.
        exec(app.db(), "UPDATE sys_sms_code SET create_time = '2000-01-01 00:00:00'").await;
        let code = app.sms_code("13800138000", "0").await;
        exec(app.db(), "UPDATE sys_sms_code SET expire_time = '2000-01-01 00:00:00'").await;
        let res = app.post_json("/boot/sys/phoneLogin", &json!({"mobile": "13800138000", "captcha": code}), &[]).await;
        assert_eq!(res.status, 400);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn each_client_is_throttled() {
    let dir = tempfile::TempDir::new().unwrap();
    let mut config = crate::common::sqlite_config(&dir);
    config.rate_limits = true;
    let app = TestApp::with_config(config, "sqlite", dir).await;
    let mut statuses = Vec::new();
    for i in 0..6 {
        let res = app.post_json("/boot/sys/sms", &json!({"mobile": format!("1390013900{i}"), "smsmode": "1"}), &[]).await;
        statuses.push(res.status.as_u16());
    }
    assert_eq!(statuses, [200, 200, 200, 200, 200, 429], "five SMS a minute per client");
    let mut last = 0;
    for _ in 0..61 {
        last = app.post_json("/boot/sys/login", &json!({"username": "ghost", "password": "x"}), &[]).await.status.as_u16();
    }
    assert_eq!(last, 429, "sixty sign-ins a minute per client");
}

/// The webhook sender posts codes to the operator's gateway adapter; a gateway failure stores no
/// code and says the service is unavailable.
#[tokio::test(flavor = "multi_thread")]
async fn sms_codes_go_out_through_the_webhook() {
    use std::sync::{Arc, Mutex};

    use axum::routing::post;

    let received: Arc<Mutex<Vec<serde_json::Value>>> = Arc::default();
    let fail = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let gateway = {
        let (received, fail) = (received.clone(), fail.clone());
        axum::Router::new().route(
            "/sms",
            post(move |axum::Json(body): axum::Json<serde_json::Value>| async move {
                received.lock().unwrap().push(body);
                if fail.load(std::sync::atomic::Ordering::SeqCst) {
                    axum::http::StatusCode::BAD_GATEWAY
                } else {
                    axum::http::StatusCode::OK
                }
            }),
        )
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, gateway).await });

    let dir = tempfile::TempDir::new().unwrap();
    let mut config = crate::common::sqlite_config(&dir);
    config.sms_webhook = Some(format!("http://{addr}/sms"));
    let started = logistics_server::app::start(config).await.unwrap();
    let send = async |mobile: &str| {
        use tower::ServiceExt;
        let request = crate::common::build(
            axum::http::Method::POST,
            "/boot/sys/sms",
            &[("content-type", "application/json")],
            axum::body::Body::from(json!({"mobile": mobile, "smsmode": "register"}).to_string()),
        );
        started.router.clone().oneshot(request).await.unwrap().status()
    };
    assert_eq!(send("13600136000").await, 200);
    let body = received.lock().unwrap().last().cloned().unwrap();
    assert_eq!(body["mobile"], "13600136000");
    assert_eq!(body["mode"], "register");
    assert!(body["code"].as_str().is_some_and(|c| c.len() == 6));

    fail.store(true, std::sync::atomic::Ordering::SeqCst);
    assert_eq!(send("13600136001").await, 503);
    assert_eq!(count(&started.state.db, "SELECT COUNT(*) AS n FROM sys_sms_code WHERE phone = '13600136001'").await, 0);
}

/// In cluster mode the throttles count in Redis and the lockout lives in the database, so both
/// hold across instances: calls alternating between two instances on one PostgreSQL and Redis
/// meet the same limits one instance would.
#[tokio::test(flavor = "multi_thread")]
async fn throttles_and_lockout_hold_across_instances() {
    let Some(redis) = std::env::var("TEST_REDIS_URL").ok().filter(|u| !u.is_empty()) else { return };
    let Some(mut config) = crate::common::postgres_config().await else { return };
    config.redis_url = Some(redis);
    config.rate_limits = true;
    let a = TestApp::with_config(config.clone(), "postgres+redis A", tempfile::TempDir::new().unwrap()).await;
    let b = TestApp::with_config(config, "postgres+redis B", tempfile::TempDir::new().unwrap()).await;
    let on = |i: usize| if i.is_multiple_of(2) { &a } else { &b };

    // Ten failures spread over both instances lock the account on both.
    for i in 0..10 {
        let res = on(i).post_json("/boot/sys/login", &json!({"username": "admin", "password": "Wrong@12345"}), &[]).await;
        assert_eq!(res.status, 401, "failure {i}");
    }
    for app in [&a, &b] {
        let res = app.post_json("/boot/sys/login", &json!({"username": "admin", "password": ADMIN_PASSWORD}), &[]).await;
        assert_eq!(res.status, 429, "{}: the account is locked on every instance", app.backend);
    }
    // Five SMS a minute per client, counted across both.
    let mut statuses = Vec::new();
    for i in 0..6 {
        let res = on(i).post_json("/boot/sys/sms", &json!({"mobile": format!("1390013901{i}"), "smsmode": "1"}), &[]).await;
        statuses.push(res.status.as_u16());
    }
    assert_eq!(statuses, [200, 200, 200, 200, 200, 429], "five SMS a minute per client, across instances");
    // Sixty sign-ins a minute per client (the eleven above count too), across both.
    let mut answers = Vec::new();
    for i in 0..50 {
        answers
            .push(on(i).post_json("/boot/sys/login", &json!({"username": "ghost", "password": "x"}), &[]).await.status.as_u16());
    }
    let refused = answers.iter().filter(|s| **s == 429).count();
    assert!((1..=3).contains(&refused), "the 61st sign-in of the minute is refused on whichever instance: {answers:?}");
    for app in [&a, &b] {
        let res = app.post_json("/boot/sys/login", &json!({"username": "ghost", "password": "x"}), &[]).await;
        assert_eq!(res.status, 429, "{}", app.backend);
        assert!(res.headers.contains_key("retry-after"));
    }
}

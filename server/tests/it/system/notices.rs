//! Announcements and live notices: who receives what (never another user's or tenant's notice),
//! reading, bad input, the WebSocket's authentication, heartbeat and closing on revocation, and
//! the cluster mode (two instances on one PostgreSQL + Redis).

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::common::{ADMIN_PASSWORD, TestApp, count};
use crate::system::admin::{add_user, h, ok, second_tenant};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Serves the app's router on a loopback port, as the binary does.
pub(crate) async fn serve(router: axum::Router) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        axum::serve(listener, router.into_make_service_with_connect_info::<SocketAddr>()).await.unwrap();
    });
    addr
}

/// Opens the socket the way the browser does: the token as the sub-protocol.
async fn connect(addr: SocketAddr, user_id: &str, token: &str) -> Result<Socket, u16> {
    let mut request = format!("ws://{addr}/boot/websocket/{user_id}").into_client_request().unwrap();
    request.headers_mut().insert("sec-websocket-protocol", token.parse().unwrap());
    match tokio_tungstenite::connect_async(request).await {
        Ok((socket, response)) => {
            assert_eq!(response.headers().get("sec-websocket-protocol").and_then(|v| v.to_str().ok()), Some(token));
            Ok(socket)
        }
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => Err(response.status().as_u16()),
        Err(e) => panic!("connect: {e}"),
    }
}

/// The next JSON message within `wait`, or None.
async fn next_json(socket: &mut Socket, wait: Duration) -> Option<Value> {
    loop {
        match tokio::time::timeout(wait, socket.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => return Some(serde_json::from_str(&text).unwrap()),
            Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Err(_) => return None,
            Ok(Some(Ok(_))) => continue,
            Ok(Some(Err(e))) => panic!("socket: {e}"),
        }
    }
}

/// The close code the server ends the socket with, within `wait`.
async fn closed_with(socket: &mut Socket, wait: Duration) -> Option<u16> {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        match tokio::time::timeout_at(deadline, socket.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => return frame.map(|f| u16::from(f.code)),
            Ok(Some(Ok(_))) => continue,
            Ok(Some(Err(_))) | Ok(None) => return Some(1006),
            Err(_) => return None,
        }
    }
}

async fn user_id(app: &TestApp, token: &str) -> String {
    let info = ok(app.get("/boot/sys/user/getUserInfo", &h(token)).await, "user info").await;
    info["userInfo"]["id"].as_str().unwrap().to_owned()
}

async fn bell(app: &TestApp, token: &str) -> Value {
    ok(app.get("/boot/sys/annountCement/listByUser", &h(token)).await, "listByUser").await
}

async fn release_new(app: &TestApp, admin: &str, body: Value) -> String {
    let added = ok(app.post_json("/boot/sys/annountCement/add", &body, &h(admin)).await, "add announcement").await;
    let id = added["id"].as_str().unwrap().to_owned();
    assert_eq!(added["sendStatus"], "0");
    let released = ok(app.get(&format!("/boot/sys/annountCement/doReleaseData?id={id}"), &h(admin)).await, "release").await;
    assert_eq!(released["sendStatus"], "1");
    id
}

#[tokio::test(flavor = "multi_thread")]
async fn notices_reach_exactly_their_audience_live() {
    for app in TestApp::all().await {
        let addr = serve(app.router()).await;
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        for name in ["amy", "ben"] {
            add_user(
                &app,
                &admin,
                json!({"username": name, "realname": name, "password": "Reader@2026", "selectedroles": "role_customer_1"}),
            )
            .await;
        }
        let (amy, ben) = (app.login("amy", "Reader@2026").await, app.login("ben", "Reader@2026").await);
        let (amy_id, ben_id) = (user_id(&app, &amy).await, user_id(&app, &ben).await);
        let boss7 = second_tenant(&app, 7, "boss7").await;
        let boss7_id = user_id(&app, &boss7).await;
        let mut amy_ws = connect(addr, &amy_id, &amy).await.unwrap();
        let mut ben_ws = connect(addr, &ben_id, &ben).await.unwrap();
        let mut boss7_ws = connect(addr, &boss7_id, &boss7).await.unwrap();

        // To everyone of tenant 1: both readers hear it at once, tenant 7 never does.
        let everyone = release_new(
            &app,
            &admin,
            json!({"titile": "Holiday hours", "msgContent": "<p>Closed <b>Monday</b><script>alert(1)</script></p>", "priority": "H", "msgCategory": "1", "msgType": "ALL"}),
        )
        .await;
        for socket in [&mut amy_ws, &mut ben_ws] {
            let m = next_json(socket, Duration::from_secs(1)).await.expect("a notice within 1 s");
            assert_eq!((m["cmd"].as_str(), m["msgId"].as_str()), (Some("topic"), Some(everyone.as_str())), "{m}");
        }
        assert!(next_json(&mut boss7_ws, Duration::from_millis(300)).await.is_none(), "another tenant hears nothing");
        let a = bell(&app, &amy).await;
        assert_eq!((a["anntMsgTotal"].as_i64(), a["sysMsgTotal"].as_i64()), (Some(1), Some(0)), "{a}");
        assert_eq!(a["anntMsgList"][0]["titile"], "Holiday hours");
        assert_eq!(a["anntMsgList"][0]["priority"], "H");
        let seven = bell(&app, &boss7).await;
        assert_eq!((seven["anntMsgTotal"].as_i64(), seven["sysMsgTotal"].as_i64()), (Some(0), Some(0)));
        assert_eq!(app.get(&format!("/boot/sys/annountCement/queryById?id={everyone}"), &h(&boss7)).await.status, 404);
        let body = ok(app.get(&format!("/boot/sys/annountCement/queryById?id={everyone}"), &h(&amy)).await, "read").await;
        assert!(!body["msgContent"].as_str().unwrap().contains("script"), "sanitised: {body}");
        assert!(body["msgContent"].as_str().unwrap().contains("<b>Monday</b>"));

        // To Amy alone (a system message): Amy hears it, Ben does not and cannot open it.
        let to_amy = release_new(
            &app,
            &admin,
            json!({"titile": "Your invoice", "msgContent": "Paid", "priority": "M", "msgCategory": "2", "msgType": "USER", "userIds": amy_id,
                "openType": "url", "openPage": "/account/center"}),
        )
        .await;
        let m = next_json(&mut amy_ws, Duration::from_secs(1)).await.expect("Amy's notice");
        assert_eq!((m["cmd"].as_str(), m["msgId"].as_str()), (Some("user"), Some(to_amy.as_str())));
        assert!(next_json(&mut ben_ws, Duration::from_millis(300)).await.is_none(), "Ben hears nothing of Amy's message");
        assert_eq!(bell(&app, &ben).await["sysMsgTotal"], 0);
        assert_eq!(app.get(&format!("/boot/sys/annountCement/queryById?id={to_amy}"), &h(&ben)).await.status, 404);
        let res = app.put_json("/boot/sys/sysAnnouncementSend/editByAnntIdAndUserId", &json!({"anntId": to_amy}), &h(&ben)).await;
        assert_eq!(res.status, 404, "Ben cannot mark Amy's message");
        let a = bell(&app, &amy).await;
        assert_eq!((a["anntMsgTotal"].as_i64(), a["sysMsgTotal"].as_i64()), (Some(1), Some(1)));
        assert_eq!(a["sysMsgList"][0]["openPage"], "/account/center");

        // Reading: one, then all; idempotent; the page shows the read state.
        for _ in 0..2 {
            let res =
                app.put_json("/boot/sys/sysAnnouncementSend/editByAnntIdAndUserId", &json!({"anntId": to_amy}), &h(&amy)).await;
            assert_eq!(res.status, 200, "{}", res.text);
        }
        assert_eq!(bell(&app, &amy).await["sysMsgTotal"], 0);
        let mine = ok(app.get("/boot/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=1", &h(&amy)).await, "mine").await;
        assert_eq!(mine["total"], 1);
        assert_eq!(mine["records"][0]["anntId"], to_amy.as_str());
        let mine = ok(app.get("/boot/sys/sysAnnouncementSend/getMyAnnouncementSend", &h(&amy)).await, "mine").await;
        assert_eq!(mine["total"], 2);
        assert_eq!(app.put_json("/boot/sys/sysAnnouncementSend/readAll", &json!({}), &h(&amy)).await.status, 200);
        assert_eq!(bell(&app, &amy).await["anntMsgTotal"], 0);
        assert_eq!(bell(&app, &ben).await["anntMsgTotal"], 1, "Ben's read state is his own");
        let listed = ok(app.get("/boot/sys/annountCement/list", &h(&admin)).await, "admin list").await;
        let counted = listed["records"].as_array().unwrap().iter().find(|r| r["id"] == everyone.as_str()).unwrap().clone();
        assert_eq!(counted["readCount"], 1);

        // Revoking takes it out of everyone's bell, live; a released one cannot be edited.
        let res = app
            .put_json("/boot/sys/annountCement/edit", &json!({"id": everyone, "titile": "x", "msgContent": "y"}), &h(&admin))
            .await;
        assert_eq!(res.status, 400);
        assert_eq!(res.json()["message"], "Revoke a released announcement before editing it");
        ok(app.get(&format!("/boot/sys/annountCement/doReovkeData?id={everyone}"), &h(&admin)).await, "revoke").await;
        assert_eq!(next_json(&mut ben_ws, Duration::from_secs(1)).await.expect("revocation notice")["cmd"], "topic");
        assert_eq!(bell(&app, &ben).await["anntMsgTotal"], 0);
        let res = app.get(&format!("/boot/sys/annountCement/doReovkeData?id={everyone}"), &h(&admin)).await;
        assert_eq!(res.status, 400, "not released any more");

        // Readers cannot administer; another tenant's administrator finds nothing of tenant 1.
        assert_eq!(app.get("/boot/sys/annountCement/list", &h(&amy)).await.status, 403);
        assert_eq!(app.get(&format!("/boot/sys/annountCement/doReleaseData?id={everyone}"), &h(&amy)).await.status, 403);
        assert_eq!(app.get(&format!("/boot/sys/annountCement/doReleaseData?id={everyone}"), &h(&boss7)).await.status, 404);
        assert_eq!(ok(app.get("/boot/sys/annountCement/list", &h(&boss7)).await, "tenant 7").await["total"], 0);
        let res = app
            .send(crate::common::build(
                axum::http::Method::DELETE,
                &format!("/boot/sys/annountCement/delete?id={everyone}"),
                &h(&boss7),
                axum::body::Body::empty(),
            ))
            .await;
        assert_eq!(res.status, 404);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_announcements_are_refused_in_the_users_language_and_change_nothing() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let boss7 = second_tenant(&app, 7, "boss7").await;
        let outsider = user_id(&app, &boss7).await;
        let zh = [("x-access-token", admin.as_str()), ("accept-language", "zh-CN")];
        let before = count(app.db(), "SELECT COUNT(*) AS n FROM sys_announcement").await;
        let cases = [
            (json!({"titile": "", "msgContent": "x"}), "titile", "标题不能为空!"),
            (json!({"titile": "t", "msgContent": ""}), "msgContent", "内容不能为空!"),
            (json!({"titile": "t", "msgContent": "x", "priority": "Z"}), "priority", "优先级的值不正确!"),
            (json!({"titile": "t", "msgContent": "x", "msgType": "USER"}), "userIds", "请选择接收用户!"),
            (json!({"titile": "t", "msgContent": "x", "msgType": "USER", "userIds": outsider}), "userIds", "请选择接收用户!"),
            (
                json!({"titile": "t", "msgContent": "x", "openType": "url", "openPage": "javascript:alert(1)"}),
                "openPage",
                "打开地址须为以 / 开头的页面路径或 http(s) 链接!",
            ),
            (
                json!({"titile": "t", "msgContent": "x", "startTime": "2026-12-02", "endTime": "2026-12-01"}),
                "endTime",
                "结束日期不能早于开始日期!",
            ),
            (json!({"titile": "t", "msgContent": "x", "startTime": "tomorrow"}), "startTime", "开始时间日期格式不正确!"),
            (json!({"titile": "t".repeat(101), "msgContent": "x"}), "titile", "标题不能超过100个字符!"),
        ];
        for (body, field, message) in cases {
            let res = app.post_json("/boot/sys/annountCement/add", &body, &zh).await;
            assert_eq!(res.status, 400, "{body}: {}", res.text);
            let json = res.json();
            assert_eq!((json["message"].as_str(), json["result"]["field"].as_str()), (Some(message), Some(field)), "{body}");
        }
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM sys_announcement").await, before, "nothing stored");
        let res = app.get("/boot/sys/annountCement/doReleaseData?id=nope", &h(&admin)).await;
        assert_eq!(res.status, 404);
        let res = app.get("/boot/sys/annountCement/listByUser", &[]).await;
        assert_eq!(res.status, 401);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_socket_wants_its_own_token_answers_heartbeats_and_closes_when_the_session_ends() {
    for app in TestApp::all().await {
        let addr = serve(app.router()).await;
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        add_user(
            &app,
            &admin,
            json!({"username": "cleo", "realname": "Cleo", "password": "Reader@2026", "selectedroles": "role_customer_1"}),
        )
        .await;
        let cleo = app.login("cleo", "Reader@2026").await;
        let cleo_id = user_id(&app, &cleo).await;
        let admin_id = user_id(&app, &admin).await;

        assert_eq!(connect(addr, &cleo_id, "not-a-token").await.err(), Some(401));
        assert_eq!(connect(addr, &admin_id, &cleo).await.err(), Some(403), "someone else's socket");
        let mut plain = format!("ws://{addr}/boot/websocket/{cleo_id}").into_client_request().unwrap();
        plain.headers_mut().remove("sec-websocket-protocol");
        match tokio_tungstenite::connect_async(plain).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status().as_u16(), 401),
            other => panic!("no token must be refused: {:?}", other.map(|_| ())),
        }
        // `?token=` works too (clients that cannot set a sub-protocol).
        let (mut by_query, _) =
            tokio_tungstenite::connect_async(format!("ws://{addr}/boot/websocket/{cleo_id}?token={cleo}")).await.unwrap();
        by_query.send(Message::Text("ping".into())).await.unwrap();
        assert_eq!(
            next_json(&mut by_query, Duration::from_secs(1)).await.unwrap(),
            json!({"cmd": "heartcheck", "msgTxt": "pong"})
        );

        let mut socket = connect(addr, &cleo_id, &cleo).await.unwrap();
        socket.send(Message::Text("HeartBeat".into())).await.unwrap();
        assert_eq!(next_json(&mut socket, Duration::from_secs(1)).await.unwrap()["cmd"], "heartcheck");

        // Signing out closes both sockets within 5 s, with the "do not reconnect" code.
        assert_eq!(app.post_json("/boot/sys/logout", &json!({}), &h(&cleo)).await.status, 200);
        assert_eq!(closed_with(&mut socket, Duration::from_secs(5)).await, Some(4001));
        assert_eq!(closed_with(&mut by_query, Duration::from_secs(5)).await, Some(4001));
        assert_eq!(connect(addr, &cleo_id, &cleo).await.err(), Some(401), "a revoked token opens nothing");

        // Freezing the user does the same to a fresh session's socket.
        let cleo = app.login("cleo", "Reader@2026").await;
        let mut socket = connect(addr, &cleo_id, &cleo).await.unwrap();
        let res = app.put_json("/boot/sys/user/frozenBatch", &json!({"ids": cleo_id, "status": 2}), &h(&admin)).await;
        assert_eq!(res.status, 200, "{}", res.text);
        assert_eq!(closed_with(&mut socket, Duration::from_secs(5)).await, Some(4001));
    }
}

/// Two instances on one PostgreSQL and one Redis: a notice released on A reaches a user connected
/// to B within a second, and a dictionary edited on A is fresh on B.
#[tokio::test(flavor = "multi_thread")]
async fn cluster_mode_spans_instances() {
    let Some(redis) = std::env::var("TEST_REDIS_URL").ok().filter(|u| !u.is_empty()) else { return };
    let Some(mut config) = crate::common::postgres_config().await else { return };
    config.redis_url = Some(redis);
    let a = TestApp::with_config(config.clone(), "postgres+redis A", tempfile::TempDir::new().unwrap()).await;
    let b = TestApp::with_config(config, "postgres+redis B", tempfile::TempDir::new().unwrap()).await;
    assert!(a.started.state.cluster.is_clustered() && b.started.state.cluster.is_clustered());
    let b_addr = serve(b.router()).await;

    let admin_on_a = a.login("admin", ADMIN_PASSWORD).await;
    add_user(
        &a,
        &admin_on_a,
        json!({"username": "dora", "realname": "Dora", "password": "Reader@2026", "selectedroles": "role_customer_1"}),
    )
    .await;
    let dora_on_b = b.login("dora", "Reader@2026").await;
    let dora_id = user_id(&b, &dora_on_b).await;
    let mut socket = connect(b_addr, &dora_id, &dora_on_b).await.unwrap();

    let started = std::time::Instant::now();
    let id = release_new(
        &a,
        &admin_on_a,
        json!({"titile": "Cluster hello", "msgContent": "hi", "msgType": "USER", "userIds": dora_id}),
    )
    .await;
    let m = next_json(&mut socket, Duration::from_secs(1)).await.expect("the notice crosses instances within 1 s");
    assert_eq!(m["msgId"], id.as_str());
    assert!(started.elapsed() < Duration::from_secs(1));
    assert_eq!(bell(&b, &dora_on_b).await["anntMsgTotal"], 1);

    // Dictionaries: B caches, A edits, B is fresh.
    let items = ok(b.get("/boot/sys/dict/getDictItems/priority", &h(&dora_on_b)).await, "items on B").await;
    assert_eq!(items[0]["text"], "General");
    let list = ok(a.get("/boot/sys/dict/list?dictCode=priority", &h(&admin_on_a)).await, "dict").await;
    let dict_id = list["records"][0]["id"].as_str().unwrap().to_owned();
    let items = ok(a.get(&format!("/boot/sys/dictItem/list?dictId={dict_id}"), &h(&admin_on_a)).await, "items").await;
    let low = items["records"].as_array().unwrap().iter().find(|i| i["itemValue"] == "L").unwrap().clone();
    let edit =
        json!({"id": low["id"], "itemText": "一般", "itemTextEn": "Routine", "itemValue": "L", "sortOrder": 1, "status": 1});
    ok(a.put_json("/boot/sys/dictItem/edit", &edit, &h(&admin_on_a)).await, "edit on A").await;
    let mut fresh = false;
    for _ in 0..20 {
        let items = ok(b.get("/boot/sys/dict/getDictItems/priority", &h(&dora_on_b)).await, "items on B").await;
        if items[0]["text"] == "Routine" {
            fresh = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(fresh, "B's dictionary cache was invalidated through Redis");

    // B remembers dora's session (auth::cache); signed out on A, it is refused on B within FRESH.
    let fresh_for = logistics_server::system::auth::cache::FRESH + Duration::from_millis(500);
    ok(a.post_json("/boot/sys/logout", &json!({}), &h(&dora_on_b)).await, "sign out on A").await;
    let started = std::time::Instant::now();
    while b.get("/boot/sys/permission/getUserPermissionByToken", &h(&dora_on_b)).await.status != 401 {
        assert!(started.elapsed() < fresh_for, "B still takes a session ended on A");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

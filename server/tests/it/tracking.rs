//! Tracking on SQLite and PostgreSQL: carriers' signed webhooks (forged, stale, replayed and
//! duplicate deliveries change nothing), the tenant's status mappings, staff's CSV uploads, the
//! public query (nothing personal, unknown numbers said so, 100 numbers at most) and the signed-in
//! search (each customer its own orders), and the limit of 20 queries per ten minutes, on one
//! instance and across two sharing Redis.

use chrono::Utc;
use logistics_server::platform::signature;
use serde_json::{Value, json};

use crate::carrier::pricing::register;
use crate::common::{ADMIN_PASSWORD, TestApp, count, exec};
use crate::shipment::orders::{b2c_order, b2c_product, recharge};
use crate::system::admin::{delete, h, ok};

async fn submitted(app: &TestApp, token: &str, body: &Value) -> Value {
    let draft = ok(app.post_json("/boot/logistics/shipment/add", body, &h(token)).await, "add").await;
    let id = draft["id"].as_str().unwrap();
    ok(app.post_json("/boot/logistics/shipment/submit", &json!({"id": id}), &h(token)).await, "submit").await;
    ok(app.get(&format!("/boot/logistics/shipment/queryById?id={id}"), &h(token)).await, "q").await
}

/// Posts `body` to the supplier's webhook signed with `secret` at `at` (unix seconds).
async fn deliver(app: &TestApp, supplier: &str, secret: &str, body: &Value, at: i64) -> crate::common::TestResponse {
    let bytes = serde_json::to_vec(body).unwrap();
    let sig = signature::sign(secret, at, &bytes);
    app.post_raw(
        &format!("/boot/logistics/track/webhook/{supplier}"),
        bytes,
        &[("content-type", "application/json"), ("x-track-signature", sig.as_str()), ("accept-language", "en-US")],
    )
    .await
}

fn event(id: &str, number: &str, code: &str, time: &str) -> Value {
    json!({"eventId": id, "trackNo": number, "code": code, "time": time, "location": "Los Angeles, CA, US",
        "detail": "包裹已处理", "detailEn": "Processed"})
}

/// A multipart body with one CSV file.
pub(crate) fn csv_form(csv: &str) -> (String, Vec<u8>) {
    let boundary = "----track-upload-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"events.csv\"\r\nContent-Type: text/csv\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(csv.as_bytes());
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

#[tokio::test(flavor = "multi_thread")]
async fn events_arrive_signed_once_and_every_query_sees_only_what_it_may() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911117001").await;
        let (bob, _) = register(&app, "bob", "13911117002").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        recharge(&app, &alice_id, 1000).await;
        let a = submitted(&app, &alice, &b2c_order(&product, "ALICE-1")).await;
        let b = submitted(&app, &alice, &b2c_order(&product, "ALICE-2")).await;
        let a_serial = a["serialNumber"].as_str().unwrap().to_owned();
        let a_sys = a["sysTrackNo"].as_str().expect("a submitted order has a system number").to_owned();
        let b_serial = b["serialNumber"].as_str().unwrap().to_owned();
        exec(app.db(), "UPDATE logistics_supplier SET api_type = 'sandbox'").await;
        let suppliers = ok(app.get("/boot/logistics/supplier/list", &h(&admin)).await, "suppliers").await;
        let supplier = suppliers["records"][0]["id"].as_str().unwrap().to_owned();

        // The endpoint and secret are staff's (who edit suppliers), and the same until rotated.
        let setup =
            ok(app.get(&format!("/boot/logistics/track/webhookSecret?supplierId={supplier}"), &h(&admin)).await, "s").await;
        assert_eq!(setup["path"], format!("/logistics/track/webhook/{supplier}"));
        let secret = setup["secret"].as_str().unwrap().to_owned();
        assert!(secret.len() >= 32);
        assert_eq!(app.get(&format!("/boot/logistics/track/webhookSecret?supplierId={supplier}"), &h(&alice)).await.status, 403);
        let now = Utc::now().timestamp();

        // A signed delivery: stored, mapped through core's sandbox table; the order is delivered.
        let body = json!({"events": [
            event("e1", &a_sys, "PICKUP", "2026-11-20T09:00:00+08:00"),
            event("e2", &a_sys, "DELIVERED", "2026-11-22T15:30:00-08:00"),
            event("e3", "NOSUCHNUMBER1", "PICKUP", "2026-11-20T09:00:00Z"),
        ]});
        let got = ok(deliver(&app, &supplier, &secret, &body, now).await, "deliver").await;
        assert_eq!((got["stored"].as_i64(), got["duplicates"].as_i64()), (Some(2), Some(0)), "{got}");
        assert_eq!(got["unknown"], json!(["NOSUCHNUMBER1"]));
        // The same delivery again (a retry, a replay within the tolerance): nothing new.
        let again = ok(deliver(&app, &supplier, &secret, &body, now).await, "again").await;
        assert_eq!((again["stored"].as_i64(), again["duplicates"].as_i64()), (Some(0), Some(2)));
        // Forged, stale, unsigned, another supplier's id: refused, nothing stored.
        let forged = json!({"events": [event("e9", &a_sys, "RETURN", "2026-11-23T09:00:00Z")]});
        for res in [
            deliver(&app, &supplier, "not-the-secret", &forged, now).await,
            deliver(&app, &supplier, &secret, &forged, now - 301).await,
            deliver(&app, "no-such-supplier", &secret, &forged, now).await,
            app.post_json(&format!("/boot/logistics/track/webhook/{supplier}"), &forged, &[("accept-language", "en-US")]).await,
        ] {
            assert_eq!(res.status, 400, "{}", res.text);
            assert!(res.text.contains("signature is invalid or expired"), "{}", res.text);
        }
        // A malformed event names itself; nothing of the delivery is stored.
        let bad =
            json!({"events": [event("e10", &a_sys, "RETURN", "2026-11-23T09:00:00Z"), event("e11", &a_sys, "RETURN", "soon")]});
        let res = deliver(&app, &supplier, &secret, &bad, now).await;
        assert_eq!(res.status, 400, "{}", res.text);
        assert!(res.text.contains("soon is not a time"), "{}", res.text);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_track_event").await, 2);

        // The public query: latest status, newest event first with its place's offset, nothing
        // personal; unknown numbers say so; numbers of either case.
        let res = app
            .get(
                &format!("/boot/track/query?numbers={},{}%0ANOPE", a_serial.to_lowercase(), "R1"),
                &[("accept-language", "en-US")],
            )
            .await;
        let answer = ok(res, "public").await;
        let text = answer.to_string();
        for personal in ["Ann Lee", "555", "Market", "ann@example.com", "ALICE-1", "customer", &alice_id] {
            assert!(!text.contains(personal), "{personal} in {text}");
        }
        let first = &answer["results"][0];
        assert_eq!(first["found"], true);
        let order = &first["orders"][0];
        assert_eq!((order["serialNumber"].as_str(), order["status"].as_str()), (Some(a_serial.as_str()), Some("delivered")));
        assert_eq!(order["events"][0]["status"], "delivered");
        assert_eq!(order["events"][0]["utcOffset"], -480);
        assert_eq!(order["events"][0]["time"], "2026-11-22T23:30:00Z");
        assert_eq!(order["events"][1]["utcOffset"], 480);
        assert_eq!(order["destCountry"], "US");
        // The parcel's reference finds both orders (the same reference on each), newest first.
        assert_eq!(answer["results"][1]["orders"].as_array().unwrap().len(), 2);
        assert_eq!(answer["results"][2], json!({"number": "NOPE", "found": false, "orders": []}));

        // Limits: 101 numbers, none, a number that is not one.
        let many: Vec<String> = (0..101).map(|n| format!("N{n}")).collect();
        let res = app.get(&format!("/boot/track/query?numbers={}", many.join(",")), &[("accept-language", "en-US")]).await;
        assert_eq!(res.status, 400);
        assert!(res.text.contains("At most 100 numbers per query"), "{}", res.text);
        let res = app.get("/boot/track/query?numbers=%20", &[("accept-language", "zh-CN")]).await;
        assert!(res.text.contains("请输入快递单号"), "{}", res.text);

        // Signed in: alice finds her order by her own number, with its id; bob finds nothing of
        // hers; staff find it.
        let mine = ok(app.get("/boot/logistics/track/search?numbers=ALICE-1", &h(&alice)).await, "alice").await;
        assert_eq!(mine["results"][0]["orders"][0]["shipmentId"], a["id"]);
        assert_eq!(mine["results"][0]["orders"][0]["status"], "delivered");
        let theirs = ok(app.get(&format!("/boot/logistics/track/search?numbers={a_serial}"), &h(&bob)).await, "bob").await;
        assert_eq!(theirs["results"][0]["found"], false);
        let staff = ok(app.get(&format!("/boot/logistics/track/search?numbers={a_sys}"), &h(&admin)).await, "staff").await;
        assert_eq!(staff["results"][0]["found"], true);

        // The tenant's mapping wins over core's: a later customs event is now an exception.
        let m = json!({"source": "Sandbox", "code": "customs", "status": "exception", "remark": "held"});
        ok(app.post_json("/boot/logistics/trackMapping/add", &m, &h(&admin)).await, "mapping").await;
        let res = app.post_json("/boot/logistics/trackMapping/add", &m, &h(&admin)).await;
        assert_eq!(res.status, 409, "{}", res.text);
        let res = app
            .post_json("/boot/logistics/trackMapping/add", &json!({"source": "x", "code": "Y", "status": "lost"}), &h(&admin))
            .await;
        assert!(res.text.contains("lost is not a tracking status"), "{}", res.text);
        let customs = json!({"events": [{"eventId": "e4", "trackNo": a_sys, "code": "CUSTOMS", "time": "2026-11-24T08:00:00Z", "reason": "Documents missing"}]});
        ok(deliver(&app, &supplier, &secret, &customs, now).await, "customs").await;
        let state = ok(app.get(&format!("/boot/logistics/track/search?numbers={a_serial}"), &h(&alice)).await, "state").await;
        assert_eq!(state["results"][0]["orders"][0]["status"], "exception");
        assert_eq!(state["results"][0]["orders"][0]["reason"], "Documents missing");
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_track_state WHERE status = 'exception'").await, 1);

        // Staff's upload: a bad cell stores nothing and is named; a good file stores once.
        let (ct, body) = csv_form(&format!("Number,Code,Time,Location,Detail\n{b_serial},delivered,yesterday,,\n"));
        let res = app
            .post_raw(
                "/boot/logistics/trackEvent/importExcel",
                body,
                &[("content-type", ct.as_str()), ("x-access-token", admin.as_str()), ("accept-language", "en-US")],
            )
            .await;
        assert_eq!(res.status, 400, "{}", res.text);
        assert_eq!(res.json()["result"]["errors"][0]["row"], 2);
        let csv = format!(
            "单号,事件代码,时间,地点,轨迹描述\n{b_serial},delivered,2026-11-25 10:00 +08:00,深圳,已签收\n{b_serial},in_transit,2026-11-24 10:00 +08:00,深圳,运输中\n"
        );
        let (ct, body) = csv_form(&csv);
        let headers = [("content-type", ct.as_str()), ("x-access-token", admin.as_str()), ("accept-language", "en-US")];
        let up = ok(app.post_raw("/boot/logistics/trackEvent/importExcel", body.clone(), &headers).await, "upload").await;
        assert_eq!((up["rows"].as_i64(), up["stored"].as_i64()), (Some(2), Some(2)), "{up}");
        let up = ok(app.post_raw("/boot/logistics/trackEvent/importExcel", body.clone(), &headers).await, "again").await;
        assert_eq!((up["stored"].as_i64(), up["duplicates"].as_i64()), (Some(0), Some(2)));
        let alice_headers = [("content-type", ct.as_str()), ("x-access-token", alice.as_str()), ("accept-language", "en-US")];
        assert_eq!(app.post_raw("/boot/logistics/trackEvent/importExcel", body, &alice_headers).await.status, 403);

        // The event list is staff's; deleting the delivered event puts the order back in transit.
        let list = ok(app.get(&format!("/boot/logistics/trackEvent/list?numbers={b_serial}"), &h(&admin)).await, "events").await;
        assert_eq!(list["total"], 2);
        assert_eq!(list["records"][0]["status"], "delivered");
        assert_eq!(app.get("/boot/logistics/trackEvent/list", &h(&bob)).await.status, 403);
        let id = list["records"][0]["id"].as_str().unwrap();
        ok(delete(&app, &format!("/boot/logistics/trackEvent/delete?id={id}"), &admin).await, "delete").await;
        let after = ok(app.get(&format!("/boot/track/query?numbers={b_serial}"), &[]).await, "after").await;
        assert_eq!(after["results"][0]["orders"][0]["status"], "in_transit");

        // A rotated secret: the old one no longer signs.
        let rotated = ok(
            app.post_json(&format!("/boot/logistics/track/webhookSecret/rotate?supplierId={supplier}"), &json!({}), &h(&admin))
                .await,
            "rotate",
        )
        .await;
        assert_ne!(rotated["secret"].as_str().unwrap(), secret);
        let late = json!({"events": [event("e5", &a_sys, "DELIVERED", "2026-11-26T08:00:00Z")]});
        assert_eq!(deliver(&app, &supplier, &secret, &late, now).await.status, 400);
        ok(deliver(&app, &supplier, rotated["secret"].as_str().unwrap(), &late, now).await, "rotated").await;
    }
}

/// 20 queries in ten minutes pass, the 21st is refused with 429, Retry-After and the message in
/// the user's language: per client on one instance, and across two instances sharing Redis.
#[tokio::test(flavor = "multi_thread")]
async fn twenty_queries_in_ten_minutes() {
    let dir = tempfile::TempDir::new().unwrap();
    let mut config = crate::common::sqlite_config(&dir);
    config.rate_limits = true;
    let app = TestApp::with_config(config, "sqlite", dir).await;
    for i in 0..20 {
        assert_eq!(app.get("/boot/track/query?numbers=X1", &[]).await.status, 200, "query {i}");
    }
    let res = app.get("/boot/track/query?numbers=X1", &[("accept-language", "zh-CN")]).await;
    assert_eq!(res.status, 429);
    let retry: u64 = res.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((590..=600).contains(&retry), "{retry}");
    assert!(res.text.contains("每10分钟最多查询20次"), "{}", res.text);

    let Some(redis) = std::env::var("TEST_REDIS_URL").ok().filter(|u| !u.is_empty()) else { return };
    let Some(mut config) = crate::common::postgres_config().await else { return };
    config.redis_url = Some(redis);
    config.rate_limits = true;
    let a = TestApp::with_config(config.clone(), "postgres+redis A", tempfile::TempDir::new().unwrap()).await;
    let b = TestApp::with_config(config, "postgres+redis B", tempfile::TempDir::new().unwrap()).await;
    for i in 0..20 {
        let on = if i % 2 == 0 { &a } else { &b };
        assert_eq!(on.get("/boot/track/query?numbers=X1", &[]).await.status, 200, "query {i}");
    }
    for on in [&a, &b] {
        let res = on.get("/boot/track/query?numbers=X1", &[("accept-language", "en-US")]).await;
        assert_eq!(res.status, 429, "the limit holds across instances");
        assert!(res.text.contains("at most 20 every 10 minutes"), "{}", res.text);
        assert!(res.headers.contains_key("retry-after"));
    }
}

/// The sandbox carrier's journey, polled: an order handed over ten days ago comes back delivered
/// with its whole timeline; polling again adds nothing; the numbers of other carriers are not
/// asked about.
#[tokio::test(flavor = "multi_thread")]
async fn carriers_are_polled_through_their_adapters() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911117101").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        recharge(&app, &alice_id, 1000).await;
        let a = submitted(&app, &alice, &b2c_order(&product, "POLL-1")).await;
        let id = a["id"].as_str().unwrap();
        let handed = (Utc::now() - chrono::Duration::days(10)).format("%Y-%m-%d %H:%M:%S");
        exec(
            app.db(),
            &format!("UPDATE logistics_shipment SET track_no = '1ZSBX0000000000017', submit_time = '{handed}' WHERE id = '{id}'"),
        )
        .await;
        // Without an adapter nothing is asked.
        let none = ok(app.post_json("/boot/logistics/track/poll", &json!({}), &h(&admin)).await, "poll").await;
        assert_eq!(none["stored"], 0);
        exec(app.db(), "UPDATE logistics_supplier SET api_type = 'sandbox'").await;
        let got = ok(app.post_json("/boot/logistics/track/poll", &json!({}), &h(&admin)).await, "poll").await;
        let stored = got["stored"].as_i64().unwrap();
        assert!((8..=10).contains(&stored), "{got}");
        let again = ok(app.post_json("/boot/logistics/track/poll", &json!({}), &h(&admin)).await, "again").await;
        assert_eq!(again["stored"], 0, "a delivered order is not asked again");
        let answer = ok(app.get("/boot/track/query?numbers=1ZSBX0000000000017", &[]).await, "query").await;
        let order = &answer["results"][0]["orders"][0];
        assert_eq!(order["status"], "delivered");
        assert_eq!(order["events"].as_array().unwrap().len() as i64, stored);
        assert_eq!(order["events"][stored as usize - 1]["status"], "info_received");
        assert_eq!(app.post_json("/boot/logistics/track/poll", &json!({}), &h(&alice)).await.status, 403);
    }
}

/// A customer's subscription hears its orders' status changes: signed with its secret, retried
/// after a failure, logged, replayable; another customer's subscription hears nothing of them;
/// the attempts run out into `failed`.
#[tokio::test(flavor = "multi_thread")]
async fn subscribers_hear_status_changes_signed_retried_and_replayable() {
    use std::sync::{Arc, Mutex};

    use axum::routing::post;

    let received: Arc<Mutex<Vec<(String, String)>>> = Arc::default();
    let fail_next = Arc::new(std::sync::atomic::AtomicUsize::new(1));
    let receiver = {
        let (received, fail_next) = (received.clone(), fail_next.clone());
        axum::Router::new().route(
            "/hook",
            post(move |headers: axum::http::HeaderMap, body: String| {
                let (received, fail_next) = (received.clone(), fail_next.clone());
                async move {
                    let sig = headers.get("x-track-signature").and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
                    received.lock().unwrap().push((sig, body));
                    if fail_next.load(std::sync::atomic::Ordering::SeqCst) > 0 {
                        fail_next.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
                        axum::http::StatusCode::INTERNAL_SERVER_ERROR
                    } else {
                        axum::http::StatusCode::OK
                    }
                }
            }),
        )
    };
    let addr = crate::system::notices::serve(receiver).await;
    let client = reqwest::Client::new();
    for app in TestApp::all().await {
        received.lock().unwrap().clear();
        fail_next.store(1, std::sync::atomic::Ordering::SeqCst);
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911117201").await;
        let (bob, _) = register(&app, "bob", "13911117202").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        recharge(&app, &alice_id, 1000).await;
        let a = submitted(&app, &alice, &b2c_order(&product, "SUB-1")).await;
        let a_sys = a["sysTrackNo"].as_str().unwrap().to_owned();

        let res = app.post_json("/boot/logistics/trackSubscription/add", &json!({"url": "ftp://x"}), &h(&alice)).await;
        assert!(res.text.contains("must start with http:// or https://"), "{}", res.text);
        let mine = ok(
            app.post_json("/boot/logistics/trackSubscription/add", &json!({"url": format!("http://{addr}/hook")}), &h(&alice))
                .await,
            "sub",
        )
        .await;
        let secret = mine["secret"].as_str().unwrap().to_owned();
        ok(
            app.post_json("/boot/logistics/trackSubscription/add", &json!({"url": format!("http://{addr}/bob")}), &h(&bob)).await,
            "bob sub",
        )
        .await;
        assert_eq!(ok(app.get("/boot/logistics/trackSubscription/list", &h(&bob)).await, "bob list").await["total"], 1);

        // Two events, one change each: in transit, then delivered.
        let supplier = ok(app.get("/boot/logistics/supplier/list", &h(&admin)).await, "s").await["records"][0]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let setup =
            ok(app.get(&format!("/boot/logistics/track/webhookSecret?supplierId={supplier}"), &h(&admin)).await, "setup").await;
        let body = json!({"events": [event("s1", &a_sys, "in_transit", "2026-11-20T09:00:00Z"), event("s2", &a_sys, "delivered", "2026-11-21T09:00:00Z")]});
        ok(deliver(&app, &supplier, setup["secret"].as_str().unwrap(), &body, Utc::now().timestamp()).await, "deliver").await;
        let log = ok(app.get("/boot/logistics/trackDelivery/list", &h(&alice)).await, "log").await;
        assert_eq!(log["total"], 1, "one change of the delivery's events (pending to delivered): {log}");
        assert_eq!(ok(app.get("/boot/logistics/trackDelivery/list", &h(&bob)).await, "bob log").await["total"], 0);

        // The first attempt fails (500) and is retried later; once due again it is delivered.
        let db = app.db();
        logistics_server::tracking::subscriptions::deliver_due(db, &client).await.unwrap();
        exec(db, "UPDATE logistics_track_delivery SET next_time = '2000-01-01 00:00:00' WHERE state = 'pending'").await;
        logistics_server::tracking::subscriptions::deliver_due(db, &client).await.unwrap();
        let log = ok(app.get("/boot/logistics/trackDelivery/list", &h(&alice)).await, "log").await;
        let row = &log["records"][0];
        assert_eq!(
            (row["state"].as_str(), row["attempts"].as_i64(), row["responseCode"].as_i64()),
            (Some("delivered"), Some(2), Some(200)),
            "{row}"
        );
        let got = received.lock().unwrap().clone();
        assert_eq!(got.len(), 2);
        let (sig, payload) = &got[1];
        assert!(
            signature::verify(&secret, sig, payload.as_bytes(), Utc::now().timestamp()),
            "signed with the subscription's secret"
        );
        let payload: Value = serde_json::from_str(payload).unwrap();
        assert_eq!((payload["status"].as_str(), payload["previousStatus"].as_str()), (Some("delivered"), Some("pending")));
        assert_eq!(payload["serialNumber"], a["serialNumber"]);

        // Replayed from the log: sent again.
        let id = row["id"].as_str().unwrap();
        assert_eq!(
            app.post_json(&format!("/boot/logistics/trackDelivery/replay?id={id}"), &json!({}), &h(&bob)).await.status,
            404
        );
        ok(app.post_json(&format!("/boot/logistics/trackDelivery/replay?id={id}"), &json!({}), &h(&alice)).await, "replay").await;
        logistics_server::tracking::subscriptions::deliver_due(db, &client).await.unwrap();
        assert_eq!(received.lock().unwrap().len(), 3);

        // The attempts run out: failed, not tried again.
        fail_next.store(100, std::sync::atomic::Ordering::SeqCst);
        ok(app.post_json(&format!("/boot/logistics/trackDelivery/replay?id={id}"), &json!({}), &h(&alice)).await, "replay").await;
        exec(db, &format!("UPDATE logistics_track_delivery SET attempts = 7 WHERE id = '{id}'")).await;
        logistics_server::tracking::subscriptions::deliver_due(db, &client).await.unwrap();
        let row = ok(app.get("/boot/logistics/trackDelivery/list", &h(&alice)).await, "log").await["records"][0].clone();
        assert_eq!((row["state"].as_str(), row["attempts"].as_i64()), (Some("failed"), Some(8)), "{row}");
    }
}

/// Couriers (seeded from core's list, edited per tenant, checked by core's rules) and the
/// out-track search: the last-mile numbers of the caller's own orders (an order's tracking number,
/// a delivery number, the carrier's id of it), each with the couriers it looks like and their
/// pages; and the timelines written beside each order's status answer as the events do.
#[tokio::test(flavor = "multi_thread")]
async fn couriers_and_the_out_track_search() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911117101").await;
        let (bob, _) = register(&app, "bob", "13911117102").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        recharge(&app, &alice_id, 1000).await;
        let a = submitted(&app, &alice, &b2c_order(&product, "ALICE-OUT-1")).await;
        let a_id = a["id"].as_str().unwrap().to_owned();
        let a_serial = a["serialNumber"].as_str().unwrap().to_owned();

        // Core's couriers, in the tenant's list; the rules refuse what they cannot use, in the
        // caller's language.
        let list = ok(app.get("/boot/logistics/courier/list?pageSize=50", &h(&admin)).await, "couriers").await;
        assert!(list["total"].as_i64().unwrap() >= 10, "{list}");
        assert_eq!(list["records"][0]["code"], "UPS");
        let zh = [("x-access-token", admin.as_str()), ("accept-language", "zh-CN")];
        let bad_url = json!({"code": "acme", "name": "Acme", "trackUrl": "https://acme.example/track"});
        let res = app.post_json("/boot/logistics/courier/add", &bad_url, &zh).await;
        assert_eq!(res.status, 400, "{}", res.text);
        assert!(res.text.contains("查询网址须为"), "{}", res.text);
        let bad_pattern = json!({"code": "acme", "name": "Acme", "numberPattern": "(?<=A)\\d+"});
        let res = app.post_json("/boot/logistics/courier/add", &bad_pattern, &h(&admin)).await;
        assert_eq!(res.status, 400, "{}", res.text);
        let taken = json!({"code": "UPS", "name": "UPS again"});
        let res = app
            .post_json("/boot/logistics/courier/add", &taken, &[("x-access-token", admin.as_str()), ("accept-language", "en-US")])
            .await;
        assert!(res.text.contains("This courier code already exists"), "{}", res.text);
        let acme = json!({"code": "acme", "name": "艾克米", "nameEn": "Acme", "trackUrl": "https://acme.example/t?n={number}",
            "numberPattern": "^7\\d{9}$", "checkDigit": "mod7", "sortNo": 0});
        ok(app.post_json("/boot/logistics/courier/add", &acme, &h(&admin)).await, "acme").await;
        assert_eq!(app.get("/boot/logistics/courier/list", &h(&alice)).await.status, 403);
        let before = count(app.db(), "SELECT COUNT(*) AS n FROM logistics_courier").await;
        let res = app
            .post_json("/boot/logistics/courier/add", &json!({"code": "x", "name": "X", "checkDigit": "luhn"}), &h(&admin))
            .await;
        assert_eq!(res.status, 400, "{}", res.text);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_courier").await, before);

        // Alice's order goes out with UPS; its delivery number carries the last-mile carrier's id.
        exec(app.db(), &format!("UPDATE logistics_shipment SET track_no = '1Z999AA10123456784' WHERE id = '{a_id}'")).await;
        exec(
            app.db(),
            &format!(
                "INSERT INTO logistics_delivery_number (id, tenant_id, customer_id, track_no, shipment_id, third_id, create_time) \
                 VALUES ('dn-out-1', 1, '{alice_id}', 'LM00000001', '{a_id}', '7123456782', '2026-11-20 10:00:00')"
            ),
        )
        .await;
        let q = "/boot/logistics/track/outSearch?numbers=1z999aa10123456784,7123456782,RR473124829GB";
        let mine = ok(app.get(q, &h(&alice)).await, "out").await;
        let r = &mine["results"];
        assert_eq!(r[0]["found"], true, "{mine}");
        assert_eq!(r[0]["orders"][0]["serialNumber"], a_serial.as_str());
        assert_eq!(r[0]["couriers"][0]["code"], "UPS");
        assert_eq!(r[0]["couriers"][0]["url"], "https://www.ups.com/track?tracknum=1z999aa10123456784");
        assert_eq!(r[1]["found"], true);
        assert_eq!(r[1]["couriers"][0]["code"], "ACME");
        assert_eq!(r[1]["couriers"][0]["url"], "https://acme.example/t?n=7123456782");
        assert_eq!((r[2]["found"].as_bool(), r[2]["couriers"][0]["code"].as_str()), (Some(false), Some("ROYALMAIL")));
        // The order's own numbers are not last-mile numbers; bob sees none of alice's.
        let own = ok(app.get(&format!("/boot/logistics/track/outSearch?numbers={a_serial}"), &h(&alice)).await, "own").await;
        assert_eq!(own["results"][0]["found"], false);
        let theirs = ok(app.get(q, &h(&bob)).await, "bob").await;
        assert_eq!(theirs["results"][0]["found"], false);
        assert_eq!(theirs["results"][0]["couriers"][0]["code"], "UPS");
        // The carrier's id of a delivery number names the order on the public page too.
        let public = ok(app.get("/boot/track/query?numbers=7123456782", &[]).await, "public").await;
        assert_eq!(public["results"][0]["orders"][0]["serialNumber"], a_serial.as_str());

        // Events through the upload; the timeline written with the status answers exactly as the
        // events read one by one do.
        let csv = "number,code,time,location,detail\n1Z999AA10123456784,in_transit,2026-11-24 10:00 +08:00,深圳,运输中\n\
             LM00000001,delivered,2026-11-25 10:00 -05:00,New York,已签收\n";
        let (ct, body) = csv_form(csv);
        let headers = [("content-type", ct.as_str()), ("x-access-token", admin.as_str())];
        ok(app.post_raw("/boot/logistics/trackEvent/importExcel", body, &headers).await, "upload").await;
        let written = ok(app.get(q, &h(&alice)).await, "written").await;
        let order = &written["results"][0]["orders"][0];
        assert_eq!(order["status"], "delivered", "{written}");
        assert_eq!(order["events"].as_array().map(Vec::len), Some(2));
        assert_eq!(order["events"][0]["location"], "New York");
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_track_state WHERE timeline IS NOT NULL").await, 1);
        exec(app.db(), "UPDATE logistics_track_state SET timeline = NULL").await;
        let read = ok(app.get(q, &h(&alice)).await, "read").await;
        assert_eq!(read, written);
    }
}

/// Staff's uploads read on their own: either language's headings, Excel's date cells.
mod units {
    use logistics_core::MessageKey;
    use logistics_server::tracking::events::{excel_serial, read_upload};

    #[test]
    fn uploads_read_csv_with_either_language_s_headings() {
        let csv = "\u{feff}单号,事件代码,时间,地点,轨迹描述\nB2C1,delivered,2026-11-28 10:00 +08:00,Los Angeles,Signed\n,,,,\nB2C2,PICKUP,yesterday,,\n";
        let (rows, events, errors) = read_upload(csv.as_bytes().to_vec(), 0).unwrap();
        assert_eq!(rows, 2);
        assert_eq!(events.len(), 1);
        assert_eq!(events[0].time.unwrap().offset_minutes, 480);
        assert_eq!(errors.len(), 1);
        assert_eq!((errors[0].row, errors[0].column.as_str()), (4, "time"));
        let missing = read_upload(b"number,time\nA,2026-11-28 10:00\n".to_vec(), 0).unwrap_err();
        assert_eq!(missing.error.key, MessageKey::TrackUploadColumnMissing);
    }

    #[test]
    fn excel_dates_become_times() {
        assert_eq!(excel_serial("46000.5").as_deref(), Some("2025-12-09 12:00:00"));
        assert_eq!(excel_serial("12"), None);
        assert_eq!(excel_serial("B2C1"), None);
    }
}

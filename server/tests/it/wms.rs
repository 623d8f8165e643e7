//! Warehouse management on SQLite and PostgreSQL: staff set up locations, a customer its SKUs
//! (never another's) and announces goods; staff receive against the forecast into the dock
//! (discrepancies kept), put away to the shelves, adjust after a count; 1,000 concurrent takes
//! of one piece on a SKU holding 500 succeed exactly 500 times; stock never goes negative, a
//! location never overfills, and the log sums to the stock.

use axum::http::Method;
use serde_json::{Value, json};

use crate::carrier::pricing::register;
use crate::common::{ADMIN_PASSWORD, TestApp, build, count};
use crate::system::admin::{h, ok};

async fn location(app: &TestApp, admin: &str, zone: &str, bin: Option<&str>, capacity: i64, kind: &str) -> Value {
    let mut body = json!({"warehouse": "sz1", "zone": zone, "capacity": capacity, "locationType": kind});
    if let Some(bin) = bin {
        body = json!({"warehouse": "sz1", "zone": zone, "aisle": "01", "shelf": "01", "bin": bin, "capacity": capacity, "locationType": kind});
    }
    let res = app.post_json("/boot/wms/location/add", &body, &h(admin)).await;
    assert_eq!(res.status, 200, "{}", res.text);
    let code = res.json()["result"]["code"].as_str().map(str::to_owned);
    let list = ok(app.get(&format!("/boot/wms/location/list?codes={}", code.unwrap_or_default()), &h(admin)).await, "loc").await;
    list["records"][0].clone()
}

fn sku_form(code: &str) -> Value {
    json!({"skuCode": code, "barcode": "4006381333931", "nameZh": "T恤", "nameEn": "T-shirt", "length": "30", "width": "20",
        "height": "2", "weight": "0.2", "hsCode": "610910", "declaredValue": "5.50", "currency": "USD"})
}

async fn moved(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    let res = app.post_json("/boot/wms/stock/move", &body, &h(token)).await;
    (res.status.as_u16(), res.json())
}

async fn reconciled(app: &TestApp, admin: &str) {
    let report = ok(app.get("/boot/wms/stock/reconcile", &h(admin)).await, "reconcile").await;
    assert_eq!(report["balanced"], true, "{}: {report}", app.backend);
}

#[tokio::test(flavor = "multi_thread")]
async fn goods_are_announced_received_put_away_and_counted() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911118001").await;
        let (bob, _) = register(&app, "bob", "13911118002").await;

        // Locations: staff only, coded by core, unique.
        let dock = location(&app, &admin, "dock", None, 10_000, "receiving").await;
        let bin = location(&app, &admin, "a", Some("01"), 30, "pick").await;
        let shelf = location(&app, &admin, "b", Some("02"), 1_000, "storage").await;
        assert_eq!((dock["code"].as_str(), bin["code"].as_str()), (Some("SZ1-DOCK"), Some("SZ1-A-01-01-01")));
        let again = app
            .post_json(
                "/boot/wms/location/add",
                &json!({"warehouse": "SZ1", "zone": "DOCK", "capacity": 5, "locationType": "receiving"}),
                &h(&admin),
            )
            .await;
        assert_eq!(again.status, 409, "{}", again.text);
        let bad = app
            .post_json(
                "/boot/wms/location/add",
                &json!({"warehouse": "SZ1", "zone": "A", "shelf": "1", "capacity": 5, "locationType": "pick"}),
                &[("x-access-token", admin.as_str()), ("cookie", "client_lang=zh-CN")],
            )
            .await;
        assert_eq!((bad.status.as_u16(), bad.json()["result"]["field"].as_str()), (400, Some("aisle")), "{}", bad.text);
        assert!(bad.json()["message"].as_str().unwrap().contains("巷道"), "{}", bad.text);
        assert_eq!(
            app.post_json(
                "/boot/wms/location/add",
                &json!({"warehouse": "X", "zone": "Y", "capacity": 1, "locationType": "pick"}),
                &h(&alice)
            )
            .await
            .status,
            403
        );

        // SKUs: the customer's own; a wrong check digit is refused in its language.
        let mut wrong = sku_form("TSH-01");
        wrong["barcode"] = json!("4006381333932");
        let res = app.post_json("/boot/wms/sku/add", &wrong, &h(&alice)).await;
        assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some("barcode")), "{}", res.text);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM wms_sku").await, 0);
        assert_eq!(app.post_json("/boot/wms/sku/add", &sku_form("tsh-01"), &h(&alice)).await.status, 200);
        assert_eq!(app.post_json("/boot/wms/sku/add", &sku_form("TSH-01"), &h(&alice)).await.status, 409);
        assert_eq!(app.post_json("/boot/wms/sku/add", &sku_form("TSH-01"), &h(&bob)).await.status, 200, "codes are per customer");
        assert_eq!(app.post_json("/boot/wms/sku/add", &sku_form("MUG-02"), &h(&alice)).await.status, 200);
        let skus = ok(app.get("/boot/wms/sku/list?column=skuCode&order=asc", &h(&alice)).await, "skus").await;
        assert_eq!(skus["total"], 2, "alice sees her own only");
        let mug = skus["records"][0]["id"].as_str().unwrap().to_owned();
        let tsh = skus["records"][1]["id"].as_str().unwrap().to_owned();
        let bob_skus = ok(app.get("/boot/wms/sku/list", &h(&bob)).await, "bob").await;
        let bob_sku = bob_skus["records"][0]["id"].as_str().unwrap().to_owned();

        // A forecast names the customer's own SKUs only.
        let foreign = app
            .post_json(
                "/boot/wms/forecast/add",
                &json!({"warehouse": "SZ1", "lines": [{"skuId": bob_sku, "quantity": 5}]}),
                &h(&alice),
            )
            .await;
        assert_eq!(
            (foreign.status.as_u16(), foreign.json()["result"]["field"].as_str()),
            (400, Some("lines[0].skuId")),
            "{}",
            foreign.text
        );
        let forecast = ok(
            app.post_json(
                "/boot/wms/forecast/add",
                &json!({"warehouse": "sz1", "reference": "CNT-1", "lines": [{"skuId": tsh, "quantity": 100}, {"skuId": mug, "quantity": "20"}]}),
                &h(&alice),
            )
            .await,
            "forecast",
        )
        .await;
        let fid = forecast["id"].as_str().unwrap().to_owned();
        assert_eq!((forecast["status"].as_str(), forecast["expectedTotal"].as_i64()), (Some("pending"), Some(120)));
        let lines = forecast["lines"].as_array().unwrap().clone();
        let (tsh_line, mug_line) = (lines[0]["id"].as_str().unwrap().to_owned(), lines[1]["id"].as_str().unwrap().to_owned());
        assert_eq!(app.get(&format!("/boot/wms/forecast/queryById?id={fid}"), &h(&bob)).await.status, 404, "bob cannot see it");
        // Customers do not receive.
        let body = json!({"id": fid, "locationId": dock["id"], "lines": [{"lineId": tsh_line, "quantity": 98}]});
        assert_eq!(app.post_json("/boot/wms/forecast/receive", &body, &h(&alice)).await.status, 403);

        // Staff receive: 98 of 100 T-shirts and 21 of 20 mugs into the dock.
        let got = ok(
            app.post_json(
                "/boot/wms/forecast/receive",
                &json!({"id": fid, "locationId": dock["id"], "lines": [{"lineId": tsh_line, "quantity": 98}, {"lineId": mug_line, "quantity": 21}]}),
                &h(&admin),
            )
            .await,
            "receive",
        )
        .await;
        assert_eq!((got["status"].as_str(), got["receivedTotal"].as_i64()), (Some("receiving"), Some(119)));
        assert_eq!((got["lines"][0]["discrepancy"].as_i64(), got["lines"][1]["discrepancy"].as_i64()), (Some(-2), Some(1)));
        // Edits and cancels stop once goods arrived.
        assert_eq!(app.post_json("/boot/wms/forecast/cancel", &json!({"id": fid}), &h(&alice)).await.status, 409);
        let closed = ok(app.post_json("/boot/wms/forecast/close", &json!({"id": fid}), &h(&admin)).await, "close").await;
        assert_eq!(closed["status"], "received");
        let late = app
            .post_json(
                "/boot/wms/forecast/receive",
                &json!({"id": fid, "locationId": dock["id"], "lines": [{"lineId": tsh_line, "quantity": 2}]}),
                &h(&admin),
            )
            .await;
        assert_eq!(late.status, 409, "{}", late.text);

        // Putaway: 30 T-shirts fill the pick bin; one more does not fit and nothing moves.
        let (status, body) = moved(
            &app,
            &admin,
            json!({"kind": "move", "skuId": tsh, "locationId": dock["id"], "toLocationId": bin["id"], "quantity": 30}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["result"]["rows"].as_array().map(Vec::len), Some(2));
        let (status, body) = moved(
            &app,
            &admin,
            json!({"kind": "move", "skuId": mug, "locationId": dock["id"], "toLocationId": bin["id"], "quantity": 1}),
        )
        .await;
        assert_eq!(status, 409, "{body}");
        assert!(body["message"].as_str().unwrap().contains("SZ1-A-01-01-01"), "{body}");
        let (status, _) = moved(
            &app,
            &admin,
            json!({"kind": "move", "skuId": tsh, "locationId": dock["id"], "toLocationId": shelf["id"], "quantity": 68}),
        )
        .await;
        assert_eq!(status, 200);
        // More than there is: refused with what is free.
        let (status, body) =
            moved(&app, &admin, json!({"kind": "out", "skuId": tsh, "locationId": dock["id"], "quantity": 1})).await;
        assert_eq!(status, 409, "{body}");
        assert!(body["message"].as_str().unwrap().contains('0'), "{body}");
        // A count finds two damaged: adjusted with the reason.
        let (status, body) = moved(
            &app,
            &admin,
            json!({"kind": "adjust", "skuId": tsh, "locationId": shelf["id"], "quantity": -2, "reason": "damaged"}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["result"]["rows"][0]["quantity"], 66);
        let (status, body) =
            moved(&app, &admin, json!({"kind": "adjust", "skuId": tsh, "locationId": shelf["id"], "quantity": 3})).await;
        assert_eq!((status, body["result"]["field"].as_str()), (400, Some("reason")));
        // Customers see their stock and log, never move it; bob sees none of alice's.
        let stock =
            ok(app.get(&format!("/boot/wms/stock/list?skuId={tsh}&column=locationCode&order=asc"), &h(&alice)).await, "stock")
                .await;
        let at: Vec<(String, i64)> = stock["records"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| (r["locationCode"].as_str().unwrap().to_owned(), r["quantity"].as_i64().unwrap()))
            .collect();
        assert_eq!(at, [("SZ1-A-01-01-01".to_owned(), 30), ("SZ1-B-01-01-02".to_owned(), 66), ("SZ1-DOCK".to_owned(), 0)]);
        assert_eq!(stock["records"][0]["nameEn"], "T-shirt");
        // The emptied dock row stays (its log names it) but a filter leaves it out.
        let held = ok(app.get(&format!("/boot/wms/stock/list?skuId={tsh}&inStock=true"), &h(&alice)).await, "in stock").await;
        assert_eq!(held["total"], 2);
        let emptied = ok(app.get(&format!("/boot/wms/stock/list?skuId={tsh}&inStock=false"), &h(&alice)).await, "emptied").await;
        assert_eq!(emptied["records"][0]["locationCode"], "SZ1-DOCK");
        assert_eq!(app.get("/boot/wms/stock/list?inStock=maybe", &h(&alice)).await.status, 400);
        assert_eq!(ok(app.get("/boot/wms/stock/list", &h(&bob)).await, "bob").await["total"], 0);
        assert_eq!(ok(app.get("/boot/wms/stockLog/list", &h(&bob)).await, "bob").await["total"], 0);
        let log = ok(app.get(&format!("/boot/wms/stockLog/list?skuId={tsh}&kind=adjust"), &h(&alice)).await, "log").await;
        assert_eq!((log["total"].as_i64(), log["records"][0]["balance"].as_i64()), (Some(1), Some(66)));
        assert_eq!(
            moved(&app, &alice, json!({"kind": "in", "skuId": tsh, "locationId": shelf["id"], "quantity": 1})).await.0,
            403
        );
        // Nothing holding stock is deleted.
        let del = app.delete(&format!("/boot/wms/location/delete?id={}", bin["id"].as_str().unwrap()), &h(&admin)).await;
        assert_eq!(del.status, 409, "{}", del.text);
        let del = app.delete(&format!("/boot/wms/sku/delete?id={tsh}"), &h(&alice)).await;
        assert_eq!((del.status.as_u16(), del.json()["result"]["key"].as_str()), (400, Some("in_use")), "{}", del.text);
        assert_eq!(count(app.db(), "SELECT held AS n FROM wms_location WHERE code = 'SZ1-A-01-01-01'").await, 30);
        reconciled(&app, &admin).await;
        // Location labels: a PDF of one 100 x 100 mm page each.
        let ids = format!("{},{}", bin["id"].as_str().unwrap(), shelf["id"].as_str().unwrap());
        let pdf = app.get(&format!("/boot/wms/location/label?ids={ids}"), &h(&admin)).await;
        assert_eq!(pdf.status, 200, "{}", pdf.text);
        assert!(pdf.text.starts_with("%PDF-"), "a PDF");
        assert_eq!(app.get(&format!("/boot/wms/location/label?ids={ids}"), &h(&alice)).await.status, 403);
        // The export has the stock.
        let export = app.get("/boot/wms/stock/exportXls", &h(&alice)).await;
        assert_eq!(export.status, 200);
        let _ = alice_id;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_thousand_concurrent_takes_of_one_piece_on_five_hundred_succeed_exactly_five_hundred_times() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, _) = register(&app, "carol", "13911118003").await;
        let bin = location(&app, &admin, "c", Some("01"), 1_000, "pick").await;
        assert_eq!(app.post_json("/boot/wms/sku/add", &sku_form("HOT-1"), &h(&alice)).await.status, 200);
        let sku =
            ok(app.get("/boot/wms/sku/list", &h(&alice)).await, "sku").await["records"][0]["id"].as_str().unwrap().to_owned();
        let (status, body) =
            moved(&app, &admin, json!({"kind": "in", "skuId": sku, "locationId": bin["id"], "quantity": 500})).await;
        assert_eq!(status, 200, "{body}");

        let router = app.router();
        let tasks: Vec<_> = (0..1000)
            .map(|_| {
                let router = router.clone();
                let body = json!({"kind": "out", "skuId": sku, "locationId": bin["id"], "quantity": 1}).to_string();
                let token = admin.clone();
                tokio::spawn(async move {
                    use tower::ServiceExt;
                    let headers = [("content-type", "application/json"), ("x-access-token", token.as_str())];
                    let request = build(Method::POST, "/boot/wms/stock/move", &headers, body.into());
                    router.oneshot(request).await.unwrap().status().as_u16()
                })
            })
            .collect();
        let (mut taken, mut refused) = (0, 0);
        for task in tasks {
            match task.await.unwrap() {
                200 => taken += 1,
                409 => refused += 1,
                other => panic!("{}: {other}", app.backend),
            }
        }
        assert_eq!((taken, refused), (500, 500), "{}", app.backend);
        assert_eq!(count(app.db(), &format!("SELECT quantity AS n FROM wms_stock WHERE sku_id = '{sku}'")).await, 0);
        assert_eq!(
            count(app.db(), &format!("SELECT COUNT(*) AS n FROM wms_stock_log WHERE sku_id = '{sku}' AND kind = 'out'")).await,
            500
        );
        assert_eq!(
            count(app.db(), &format!("SELECT held AS n FROM wms_location WHERE id = '{}'", bin["id"].as_str().unwrap())).await,
            0
        );
        reconciled(&app, &admin).await;
    }
}

//! Warehouse management on SQLite and PostgreSQL: staff set up locations, a customer its SKUs
//! (never another's) and announces goods; staff receive against the forecast into the dock
//! (discrepancies kept), put away to the shelves, adjust after a count; WMS orders reserve
//! their goods when submitted (pick bins first), release them when cancelled, are picked off the
//! shelves and only then taken in; 1,000 concurrent orders of one piece on a SKU holding 500:
//! exactly 500 are submitted, and 1,000 concurrent picks of those pick each once; the fee job
//! charges storage and handling once per day, whatever is run again; stock never goes negative,
//! a location never overfills, and the log sums to the stock.

use axum::http::Method;
use serde_json::{Value, json};

use crate::carrier::pricing::{card, register};
use crate::common::{ADMIN_PASSWORD, TestApp, build, count};
use crate::shipment::orders::recharge;
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

/// A network with one WMS product priced for each of `customers`, answering the product's id.
async fn wms_product(app: &TestApp, admin: &str, customers: &[&str]) -> String {
    ok(app.post_json("/boot/logistics/rateCard/add", &card("WMSX", "30"), &h(admin)).await, "card").await;
    let sup =
        ok(app.post_json("/boot/logistics/supplier/add", &json!({"code": "YUN", "name": "YunExpress"}), &h(admin)).await, "s")
            .await;
    let ch = ok(
        app.post_json(
            "/boot/logistics/channel/add",
            &json!({"supplierId": sup["id"], "code": "YUN-SZ", "name": "云途深圳"}),
            &h(admin),
        )
        .await,
        "c",
    )
    .await;
    let product = json!({"channelId": ch["id"], "code": "WMS-EXP", "name": "仓发快递", "nameEn": "Warehouse express", "tradeType": "WMS",
        "feeId": "WMSX", "thWeightRatio": 6000, "izMult": true, "rules": [{"validType": "weight", "max": "70"}]});
    let p = ok(app.post_json("/boot/logistics/channelProduct/add", &product, &h(admin)).await, "product").await;
    for customer in customers {
        let level = json!({"customerId": customer, "productId": p["id"], "markupPercent": "0"});
        ok(app.post_json("/boot/logistics/priceLevel/add", &level, &h(admin)).await, "level").await;
    }
    p["id"].as_str().unwrap().to_owned()
}

/// A WMS order of `goods` (SKU code, pieces).
fn wms_order(product: &str, reference: &str, goods: &[(&str, i64)]) -> Value {
    let products: Vec<Value> = goods
        .iter()
        .map(|(sku, n)| json!({"sku": sku, "frName": "T-shirt", "lcName": "T恤", "quantity": n, "unitPrice": "5.50", "unitWeight": "0.2", "frHscode": "6109.10.00"}))
        .collect();
    json!({
        "shipmentType": "WMS", "customerCode": reference, "channelProductId": product, "currency": "CNY",
        "consignee": {"name": "Ann Lee", "phone": "+1 (415) 555-0100", "email": "ann@example.com", "country": "US", "state": "CA",
            "city": "San Francisco", "postalCode": "94105", "address1": "1 Market St"},
        "parcels": [{"reference": "P1", "length": "30", "width": "20", "height": "10", "weight": "1.5", "products": products}]
    })
}

async fn draft(app: &TestApp, token: &str, body: &Value) -> String {
    ok(app.post_json("/boot/logistics/shipment/add", body, &h(token)).await, "add").await["id"].as_str().unwrap().to_owned()
}

async fn submit(app: &TestApp, token: &str, id: &str) -> (u16, Value) {
    let res = app.post_json("/boot/logistics/shipment/submit", &json!({"id": id}), &h(token)).await;
    (res.status.as_u16(), res.json())
}

async fn order(app: &TestApp, token: &str, id: &str) -> Value {
    ok(app.get(&format!("/boot/logistics/shipment/queryById?id={id}"), &h(token)).await, "order").await
}

/// (quantity, allocated) of a SKU at a location.
async fn stock_at(app: &TestApp, sku: &str, location: &Value) -> (i64, i64) {
    let at = format!("sku_id = '{sku}' AND location_id = '{}'", location["id"].as_str().unwrap());
    (
        count(app.db(), &format!("SELECT quantity AS n FROM wms_stock WHERE {at}")).await,
        count(app.db(), &format!("SELECT allocated AS n FROM wms_stock WHERE {at}")).await,
    )
}

async fn put(app: &TestApp, admin: &str, sku: &str, location: &Value, pieces: i64) {
    let (status, body) =
        moved(app, admin, json!({"kind": "in", "skuId": sku, "locationId": location["id"], "quantity": pieces})).await;
    assert_eq!(status, 200, "{body}");
}

async fn sku_id(app: &TestApp, token: &str, code: &str) -> String {
    assert_eq!(app.post_json("/boot/wms/sku/add", &sku_form(code), &h(token)).await.status, 200);
    let list = ok(app.get(&format!("/boot/wms/sku/list?barcodes={code}"), &h(token)).await, "sku").await;
    list["records"][0]["id"].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn wms_orders_reserve_when_submitted_and_are_picked_before_they_ship() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911118011").await;
        let (bob, bob_id) = register(&app, "bob", "13911118012").await;
        let product = wms_product(&app, &admin, &[&alice_id, &bob_id]).await;
        recharge(&app, &alice_id, 5_000).await;
        let bin = location(&app, &admin, "a", Some("01"), 30, "pick").await;
        let shelf = location(&app, &admin, "b", Some("01"), 1_000, "storage").await;
        let quarantine = location(&app, &admin, "q", None, 1_000, "quarantine").await;
        let sku = sku_id(&app, &alice, "TSH-01").await;
        put(&app, &admin, &sku, &bin, 5).await;
        put(&app, &admin, &sku, &shelf, 20).await;
        put(&app, &admin, &sku, &quarantine, 50).await;

        // Submitted: the pick bin is emptied first, the rest from the shelf; quarantine never.
        let first = draft(&app, &alice, &wms_order(&product, "W1", &[("tsh-01", 4), ("TSH-01", 3)])).await;
        let (status, body) = submit(&app, &alice, &first).await;
        assert_eq!(status, 200, "{}: {body}", app.backend);
        let serial = body["result"]["serialNumber"].as_str().unwrap().to_owned();
        assert_eq!((stock_at(&app, &sku, &bin).await, stock_at(&app, &sku, &shelf).await), ((5, 5), (20, 2)), "{}", app.backend);
        let picks = ok(app.get(&format!("/boot/wms/pick/list?serialNumber={serial}"), &h(&admin)).await, "picks").await;
        let lines: Vec<(String, i64, String)> = picks["records"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["locationCode"].as_str().unwrap().to_owned(),
                    r["quantity"].as_i64().unwrap(),
                    r["status"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        assert_eq!(
            lines,
            vec![
                ("SZ1-A-01-01-01".to_owned(), 5, "allocated".to_owned()),
                ("SZ1-B-01-01-01".to_owned(), 2, "allocated".to_owned())
            ]
        );
        // Pick lists are the warehouse's.
        assert_eq!(app.get("/boot/wms/pick/list", &h(&alice)).await.status, 403);

        // More than is free (18 on the shelf; quarantine does not count): refused, nothing kept.
        let big = draft(&app, &alice, &wms_order(&product, "W2", &[("TSH-01", 19)])).await;
        let res = app
            .post_json(
                "/boot/logistics/shipment/submit",
                &json!({"id": big}),
                &[("x-access-token", alice.as_str()), ("cookie", "client_lang=en-US")],
            )
            .await;
        assert_eq!(res.status, 400, "{}", res.text);
        assert_eq!(res.json()["result"]["field"], "parcels[0].products[0].sku", "{}", res.text);
        assert!(res.json()["message"].as_str().unwrap().contains("Only 18 pieces of SKU TSH-01"), "{}", res.text);
        assert_eq!(order(&app, &alice, &big).await["shipmentStatus"], "draft");
        assert_eq!(stock_at(&app, &sku, &shelf).await, (20, 2));
        // A SKU the customer does not store: named.
        let unknown = draft(&app, &alice, &wms_order(&product, "W3", &[("TSH-01", 1), ("NOPE-9", 1)])).await;
        let (status, body) = submit(&app, &alice, &unknown).await;
        assert_eq!((status, body["result"]["field"].as_str()), (400, Some("parcels[0].products[1].sku")), "{body}");
        assert_eq!(stock_at(&app, &sku, &bin).await, (5, 5));
        // Bob's order cannot reach Alice's SKU of the same code.
        recharge(&app, &bob_id, 1_000).await;
        let bobs = draft(&app, &bob, &wms_order(&product, "B1", &[("TSH-01", 1)])).await;
        assert_eq!(submit(&app, &bob, &bobs).await.0, 400);

        // Cancelled before picking: its reservation is released.
        let third = draft(&app, &alice, &wms_order(&product, "W4", &[("TSH-01", 3)])).await;
        assert_eq!(submit(&app, &alice, &third).await.0, 200);
        assert_eq!(stock_at(&app, &sku, &shelf).await, (20, 5));
        ok(app.post_json("/boot/logistics/shipment/cancel", &json!({"id": third}), &h(&alice)).await, "cancel").await;
        assert_eq!(stock_at(&app, &sku, &shelf).await, (20, 2));

        // Not picked yet: the warehouse cannot take it in.
        let submitted = order(&app, &alice, &first).await;
        let parcel = &submitted["parcels"][0];
        let scan = json!({"number": parcel["sysTrackNo"], "weight": "1.5"});
        let early = app.post_json("/boot/logistics/inbound/intake", &scan, &h(&admin)).await;
        assert_eq!(early.status, 409, "{}", early.text);
        assert_eq!(early.json()["result"]["key"], "wms_not_picked", "{}", early.text);
        // Customers do not pick.
        assert_eq!(app.post_json("/boot/wms/pick/confirm", &json!({"number": serial}), &h(&alice)).await.status, 403);

        // Picked by its system tracking number, as a scanner reads it: one line, then the rest.
        let by_number = ok(
            app.get(&format!("/boot/wms/pick/queryByNumber?number={}", parcel["sysTrackNo"].as_str().unwrap()), &h(&admin)).await,
            "by number",
        )
        .await;
        assert_eq!((by_number["serialNumber"].as_str(), by_number["open"].as_i64()), (Some(serial.as_str()), Some(2)));
        let first_line = by_number["lines"][0]["id"].as_str().unwrap();
        let one =
            ok(app.post_json("/boot/wms/pick/confirm", &json!({"number": serial, "ids": first_line}), &h(&admin)).await, "one")
                .await;
        assert_eq!(one["open"], 1);
        assert_eq!(stock_at(&app, &sku, &bin).await, (0, 0));
        let cancel = app.post_json("/boot/logistics/shipment/cancel", &json!({"id": first}), &h(&alice)).await;
        assert_eq!(
            (cancel.status.as_u16(), cancel.json()["result"]["key"].as_str()),
            (409, Some("wms_order_picked")),
            "{}",
            cancel.text
        );
        let rest = ok(app.post_json("/boot/wms/pick/confirm", &json!({"number": serial}), &h(&admin)).await, "rest").await;
        assert_eq!(rest["open"], 0);
        assert_eq!(stock_at(&app, &sku, &shelf).await, (18, 0));
        let again = app.post_json("/boot/wms/pick/confirm", &json!({"number": serial}), &h(&admin)).await;
        assert_eq!(again.status, 409, "{}", again.text);
        let outs = format!(
            "SELECT CAST(SUM(quantity) AS BIGINT) AS n FROM wms_stock_log WHERE ref_type = 'order' AND ref_no = '{serial}'"
        );
        assert_eq!(count(app.db(), &outs).await, -7);

        // Stock, its log and the orders name the SKU by its code: it keeps it.
        let mut renamed = sku_form("TSH-02");
        renamed["id"] = json!(sku);
        let recode = app.put_json("/boot/wms/sku/edit", &renamed, &h(&alice)).await;
        assert_eq!(
            (recode.status.as_u16(), recode.json()["result"]["field"].as_str()),
            (400, Some("skuCode")),
            "{}",
            recode.text
        );

        // Picked: taken in, packed and shipped as any order.
        ok(app.post_json("/boot/logistics/inbound/intake", &scan, &h(&admin)).await, "intake").await;
        assert_eq!(order(&app, &alice, &first).await["shipmentStatus"], "received");
        reconciled(&app, &admin).await;
    }
}

/// A POST straight to the router (many at once), answering the status and the body.
async fn post(router: axum::Router, path: &str, body: String, token: &str) -> (u16, Value) {
    use tower::ServiceExt;
    let headers = [("content-type", "application/json"), ("x-access-token", token)];
    let response = router.oneshot(build(Method::POST, path, &headers, body.into())).await.unwrap();
    let status = response.status().as_u16();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    (status, serde_json::from_slice::<Value>(&bytes).unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread")]
async fn a_thousand_concurrent_orders_on_five_hundred_pieces_reserve_exactly_five_hundred_and_pick_each_once() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (carol, carol_id) = register(&app, "carol", "13911118003").await;
        let product = wms_product(&app, &admin, &[&carol_id]).await;
        recharge(&app, &carol_id, 1_000_000).await;
        let bin = location(&app, &admin, "c", Some("01"), 300, "pick").await;
        let shelf = location(&app, &admin, "d", Some("01"), 1_000, "storage").await;
        let sku = sku_id(&app, &carol, "HOT-1").await;
        put(&app, &admin, &sku, &bin, 200).await;
        put(&app, &admin, &sku, &shelf, 300).await;

        let router = app.router();
        let tasks: Vec<_> = (0..1000)
            .map(|i| {
                let (router, carol, body) =
                    (router.clone(), carol.clone(), wms_order(&product, &format!("C{i}"), &[("HOT-1", 1)]));
                tokio::spawn(async move {
                    let (status, added) = post(router.clone(), "/boot/logistics/shipment/add", body.to_string(), &carol).await;
                    assert_eq!(status, 200, "{added}");
                    let id = added["result"]["id"].as_str().unwrap().to_owned();
                    post(router, "/boot/logistics/shipment/submit", json!({"id": id}).to_string(), &carol).await
                })
            })
            .collect();
        let mut serials = Vec::new();
        let mut refused = 0;
        for task in tasks {
            match task.await.unwrap() {
                (200, body) => serials.push(body["result"]["serialNumber"].as_str().unwrap().to_owned()),
                (400, body) if body["message"].as_str().is_some_and(|m| m.contains("HOT-1")) => refused += 1,
                (other, body) => panic!("{}: {other} {body}", app.backend),
            }
        }
        assert_eq!((serials.len(), refused), (500, 500), "{}", app.backend);
        assert_eq!((stock_at(&app, &sku, &bin).await, stock_at(&app, &sku, &shelf).await), ((200, 200), (300, 300)));

        // Each order picked twice at once: 1,000 picks, each order's pieces leave the shelf once.
        let picks: Vec<_> = serials
            .iter()
            .chain(serials.iter())
            .map(|serial| {
                let (router, admin, body) = (router.clone(), admin.clone(), json!({"number": serial}).to_string());
                tokio::spawn(async move { post(router, "/boot/wms/pick/confirm", body, &admin).await.0 })
            })
            .collect();
        let (mut picked, mut nothing) = (0, 0);
        for task in picks {
            match task.await.unwrap() {
                200 => picked += 1,
                409 => nothing += 1,
                other => panic!("{}: {other}", app.backend),
            }
        }
        assert_eq!((picked, nothing), (500, 500), "{}", app.backend);
        assert_eq!((stock_at(&app, &sku, &bin).await, stock_at(&app, &sku, &shelf).await), ((0, 0), (0, 0)));
        assert_eq!(
            count(app.db(), &format!("SELECT COUNT(*) AS n FROM wms_stock_log WHERE sku_id = '{sku}' AND kind = 'out'")).await,
            500
        );
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM wms_allocation WHERE status = 'picked'").await, 500);
        assert_eq!(
            count(app.db(), &format!("SELECT held AS n FROM wms_location WHERE id = '{}'", bin["id"].as_str().unwrap())).await,
            0
        );
        reconciled(&app, &admin).await;
    }
}

/// The customer's CNY balance in minor units.
async fn balance(app: &TestApp, customer: &str) -> i64 {
    count(
        app.db(),
        &format!(
            "SELECT balance AS n FROM wallet_account WHERE kind = 'customer' AND customer_id = '{customer}' AND currency = 'CNY'"
        ),
    )
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn the_fee_job_charges_storage_and_handling_once_per_day() {
    use logistics_server::wms::fees;
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (dora, dora_id) = register(&app, "dora", "13911118021").await;
        let (erin, erin_id) = register(&app, "erin", "13911118022").await;
        recharge(&app, &dora_id, 100).await;
        let shelf = location(&app, &admin, "e", Some("01"), 10_000, "storage").await;
        // 30 × 20 × 2 cm a unit (sku_form): 0.0012 m³.
        let d_sku = sku_id(&app, &dora, "BOX-1").await;
        let e_sku = sku_id(&app, &erin, "BOX-2").await;
        put(&app, &admin, &d_sku, &shelf, 100).await;
        let (status, body) =
            moved(&app, &admin, json!({"kind": "out", "skuId": d_sku, "locationId": shelf["id"], "quantity": 7})).await;
        assert_eq!(status, 200, "{body}");
        put(&app, &admin, &e_sku, &shelf, 10).await;

        // The default rate, and Erin's own.
        let rate = json!({"currency": "CNY", "storageRate": "25", "inboundRate": "0.35", "outboundRate": "0.5"});
        ok(app.post_json("/boot/wms/feeRate/add", &rate, &h(&admin)).await, "default").await;
        let twice = app.post_json("/boot/wms/feeRate/add", &rate, &h(&admin)).await;
        assert_eq!(twice.status, 409, "{}", twice.text);
        let own =
            json!({"customerId": erin_id, "currency": "CNY", "storageRate": "0", "inboundRate": "100", "outboundRate": "0"});
        ok(app.post_json("/boot/wms/feeRate/add", &own, &h(&admin)).await, "erin's").await;
        let bad = app.post_json("/boot/wms/feeRate/add", &json!({"currency": "CNY", "storageRate": "-1"}), &h(&admin)).await;
        assert_eq!((bad.status.as_u16(), bad.json()["result"]["field"].as_str()), (400, Some("storageRate")), "{}", bad.text);
        assert_eq!(app.get("/boot/wms/feeRate/list", &h(&dora)).await.status, 403);

        // Today is still open: staff may only charge a day that is over.
        let today = logistics_server::wallet::business_day(chrono::Utc::now().naive_utc());
        let open = app.post_json("/boot/wms/userFee/run", &json!({"feeDate": today}), &h(&admin)).await;
        assert_eq!(open.status, 400, "{}", open.text);
        assert_eq!(app.post_json("/boot/wms/userFee/run", &json!({"feeDate": "2026-01-01"}), &h(&dora)).await.status, 403);
        let past = ok(app.post_json("/boot/wms/userFee/run", &json!({"feeDate": "2026-01-01"}), &h(&admin)).await, "past").await;
        assert_eq!(past["assessed"], 0);

        // The job itself, for today (as it will run tomorrow): Dora held 93 units = 0.1116 m³ at
        // 25 = 2.79; received 100 at 0.35 = 35.00; picked 7 at 0.50 = 3.50. Erin's received 10
        // at 100 = 1,000.00, which her empty wallet cannot pay: it stays due (her storage, at 0,
        // is settled as assessed).
        let before = balance(&app, &dora_id).await;
        let run = fees::run(app.db(), Some(1), &today).await.unwrap();
        assert_eq!((run.assessed, run.charged, run.due), (5, 3, 1), "{}: {run:?}", app.backend);
        assert_eq!(before - balance(&app, &dora_id).await, 279 + 3500 + 350, "{}", app.backend);
        let again = fees::run(app.db(), Some(1), &today).await.unwrap();
        assert_eq!((again.assessed, again.charged, again.due), (0, 0, 1), "{}", app.backend);
        assert_eq!(before - balance(&app, &dora_id).await, 4129);

        let mine = ok(app.get(&format!("/boot/wms/userFee/list?feeDate={today}"), &h(&dora)).await, "dora's").await;
        assert_eq!(mine["total"], 3);
        let storage = mine["records"].as_array().unwrap().iter().find(|r| r["feeType"] == "storage").unwrap().clone();
        assert_eq!(
            (storage["amount"].as_str(), storage["volume"].as_str(), storage["status"].as_str()),
            (Some("2.79"), Some("0.1116"), Some("charged"))
        );
        let hers = ok(app.get("/boot/wms/userFee/list?status=due", &h(&erin)).await, "erin's").await;
        assert_eq!((hers["total"].as_i64(), hers["records"][0]["feeType"].as_str()), (Some(1), Some("inbound")));
        assert_eq!(
            (hers["records"][0]["amount"].as_str(), hers["records"][0]["message"].as_str()),
            (Some("1000.00"), Some("wallet_insufficient"))
        );
        // Once she has the money, the next run pays it, once.
        recharge(&app, &erin_id, 2_000).await;
        let paid = fees::run(app.db(), Some(1), &today).await.unwrap();
        assert_eq!((paid.assessed, paid.charged, paid.due), (0, 1, 0));
        assert_eq!(balance(&app, &erin_id).await, 100_000);
        let trades = format!("SELECT COUNT(*) AS n FROM wallet_trade WHERE customer_id = '{erin_id}' AND trade_type = 'fee'");
        assert_eq!(count(app.db(), &trades).await, 1);
        let _ = (erin, dora);
    }
}

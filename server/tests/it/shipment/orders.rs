//! Shipment orders end to end, on SQLite and PostgreSQL: a draft's bad input is refused naming
//! its field and stores nothing; submission holds exactly the forecast's total (the same engine
//! and bundle) and issues numbers; a changed price or a short balance charges nothing; cancelling
//! releases the hold; a selection with inoperable orders is refused naming them; no customer
//! reaches another's orders.

use logistics_core::wallet::Movement;
use logistics_server::wallet::ledger::{self, Details, Operation, TradeType, Wallet};
use serde_json::{Value, json};

use crate::carrier::pricing::{card, register};
use crate::common::{ADMIN_PASSWORD, TestApp, count};
use crate::system::admin::{h, ok};

/// A network with one B2C product priced for `customer_id` (at +10 %), answering the product's id.
pub(crate) async fn b2c_product(app: &TestApp, admin: &str, customer_id: &str) -> String {
    ok(app.post_json("/boot/logistics/rateCard/add", &card("EXP", "120"), &h(admin)).await, "card").await;
    let sup =
        ok(app.post_json("/boot/logistics/supplier/add", &json!({"code": "UPS", "name": "UPS"}), &h(admin)).await, "s").await;
    let ch = ok(
        app.post_json(
            "/boot/logistics/channel/add",
            &json!({"supplierId": sup["id"], "code": "UPS-SZ", "name": "UPS深圳"}),
            &h(admin),
        )
        .await,
        "c",
    )
    .await;
    let product = json!({"channelId": ch["id"], "code": "EXP-B2C", "name": "快递小包", "nameEn": "Express parcel", "tradeType": "B2C",
        "feeId": "EXP", "thWeightRatio": 6000, "izMult": true, "rules": [{"validType": "weight", "max": "70"}]});
    let p = ok(app.post_json("/boot/logistics/channelProduct/add", &product, &h(admin)).await, "product").await;
    let level = json!({"customerId": customer_id, "productId": p["id"], "markupPercent": "10"});
    ok(app.post_json("/boot/logistics/priceLevel/add", &level, &h(admin)).await, "level").await;
    p["id"].as_str().unwrap().to_owned()
}

pub(crate) fn b2c_order(product: &str, reference: &str) -> Value {
    json!({
        "shipmentType": "B2C", "customerCode": reference, "channelProductId": product, "currency": "CNY",
        "consignee": {"name": "Ann Lee", "phone": "+1 (415) 555-0100", "email": "ann@example.com", "country": "US", "state": "CA",
            "city": "San Francisco", "postalCode": "94105", "address1": "1 Market St"},
        "parcels": [{"reference": "R1", "length": "30", "width": "20", "height": "10", "weight": "1.25",
            "products": [{"frName": "T-shirt", "lcName": "T恤", "quantity": 2, "unitPrice": "9.90", "unitWeight": "0.3", "frHscode": "6109.10.00"}]}]
    })
}

pub(crate) async fn recharge(app: &TestApp, customer_id: &str, yuan: i64) {
    let wallet = Wallet { tenant_id: 1, customer_id, currency: "CNY" };
    ledger::transfer(app.db(), wallet, Operation::Move(Movement::Credit(yuan * 100)), TradeType::Recharge, &Details::default())
        .await
        .unwrap();
}

async fn account(app: &TestApp, token: &str) -> (String, String) {
    let page = ok(app.get("/boot/logistics/wallet/account/list?currency=CNY", &h(token)).await, "accounts").await;
    let a = &page["records"][0];
    (a["balance"].as_str().unwrap_or("0.00").to_owned(), a["held"].as_str().unwrap_or("0.00").to_owned())
}

#[tokio::test(flavor = "multi_thread")]
async fn an_order_is_drafted_submitted_at_the_forecast_price_and_cancelled_with_its_hold() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911115001").await;
        let (bob, _) = register(&app, "bob", "13911115002").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        let zh = [("x-access-token", alice.as_str()), ("accept-language", "zh-CN")];

        // Bad input names its field (in the caller's language) and stores nothing.
        for (change, field) in [
            (json!({"shipmentType": "C2C"}), "shipmentType"),
            (json!({"consignee": {"email": "not-mail"}}), "consignee.email"),
            (json!({"consignee": {"country": "US", "postalCode": "ABCDE"}}), "consignee.postalCode"),
            (json!({"parcels": [{"weight": "-1"}]}), "parcels[0].weight"),
            (json!({"parcels": [{"products": [{"frHscode": "12"}]}]}), "parcels[0].products[0].frHscode"),
            (json!({"channelProductId": "nope"}), "channelProductId"),
            (json!({"shipmentType": "FBA", "fbaCode": "FBA1"}), "fbaCode"),
        ] {
            let mut body = b2c_order(&product, "REF-BAD");
            for (k, v) in change.as_object().unwrap() {
                body[k] = v.clone();
            }
            let res = app.post_json("/boot/logistics/shipment/add", &body, &zh).await;
            assert_eq!(res.status, 400, "{change}: {}", res.text);
            assert_eq!(res.json()["result"]["field"], field, "{}", res.text);
        }
        let res = app
            .post_json("/boot/logistics/shipment/add", &json!({"shipmentType": "B2C", "consignee": {"email": "x"}}), &zh)
            .await;
        assert_eq!(res.json()["message"], "邮箱格式不正确!");
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_shipment").await, 0, "{}", app.backend);

        // A draft: the system's number, its parcels and goods as stored, what it allows next.
        let draft =
            ok(app.post_json("/boot/logistics/shipment/add", &b2c_order(&product, "REF-1"), &h(&alice)).await, "add").await;
        let id = draft["id"].as_str().unwrap().to_owned();
        assert!(draft["serialNumber"].as_str().unwrap().starts_with("B2C"), "{draft}");
        assert_eq!((draft["shipmentStatus"].as_str(), draft["customer"].as_str()), (Some("draft"), Some("alice")));
        assert_eq!(draft["actions"], json!(["edit", "delete", "submit", "cancel", "copy"]));
        assert_eq!((draft["shipmentWeight"].as_str(), draft["declaredValue"].as_str()), (Some("1.250"), Some("19.80")));
        assert_eq!(draft["parcels"][0]["products"][0]["frHscode"], "61091000");
        assert_eq!(draft["parcels"][0]["bulky"], "1.000");
        assert_eq!(draft["channelProductCode"], "EXP-B2C");
        let dup = app.post_json("/boot/logistics/shipment/add", &b2c_order(&product, "REF-1"), &h(&alice)).await;
        assert_eq!((dup.status.as_u16(), dup.json()["result"]["field"].as_str()), (409, Some("customerCode")));

        // The forecast the customer sees for the same input.
        let forecast = ok(
            app.post_json(
                "/boot/logistics/priceForecast",
                &json!({"countryCode": "US", "postalCode": "94105", "tradeType": "B2C", "declaredValue": "19.80",
                    "parcels": [{"length": "30", "width": "20", "height": "10", "weight": "1.25", "quantity": 1}]}),
                &h(&alice),
            )
            .await,
            "forecast",
        )
        .await;
        let quoted = forecast["quotes"].as_array().unwrap().iter().find(|q| q["channelProductId"] == product.as_str()).unwrap();
        let total = quoted["total"].as_str().unwrap().to_owned();

        // A changed price, or a short balance: nothing is charged, the order stays a draft.
        let stale =
            app.post_json("/boot/logistics/shipment/submit", &json!({"id": id, "expectedAmount": "0.01"}), &h(&alice)).await;
        assert_eq!(stale.status, 409, "{}", stale.text);
        assert!(stale.json()["message"].as_str().unwrap().contains(&total), "{}", stale.text);
        let short = app.post_json("/boot/logistics/shipment/submit", &json!({"id": id, "expectedAmount": total}), &zh).await;
        assert_eq!(short.status, 400, "{}", short.text);
        assert!(short.json()["message"].as_str().unwrap().starts_with("余额不足"), "{}", short.text);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM wallet_hold").await, 0);
        assert_eq!(
            ok(app.get(&format!("/boot/logistics/shipment/queryById?id={id}"), &h(&alice)).await, "q").await["shipmentStatus"],
            "draft"
        );

        // Submitted: exactly the forecast's total held, numbers issued, once per key.
        recharge(&app, &alice_id, 1000).await;
        let keyed = [("x-access-token", alice.as_str()), ("idempotency-key", "submit-1")];
        let submitted = ok(
            app.post_json("/boot/logistics/shipment/submit", &json!({"id": id, "expectedAmount": total}), &keyed).await,
            "submit",
        )
        .await;
        let again = app.post_json("/boot/logistics/shipment/submit", &json!({"id": id, "expectedAmount": total}), &keyed).await;
        assert_eq!(again.json()["result"], submitted, "replayed");
        assert_eq!(
            (submitted["shipmentStatus"].as_str(), submitted["deductAmount"].as_str()),
            (Some("submitted"), Some(total.as_str()))
        );
        assert_eq!(submitted["deductCurrency"], "CNY");
        let sys = submitted["sysTrackNo"].as_str().unwrap();
        assert!(logistics_core::check_digit::is_valid(logistics_core::check_digit::Scheme::S10, sys), "{sys}");
        assert_eq!(account(&app, &alice).await, ("1000.00".to_owned(), total.clone()));
        let detail = ok(app.get(&format!("/boot/logistics/shipment/queryById?id={id}"), &h(&alice)).await, "detail").await;
        assert_eq!(detail["quote"]["total"], total.as_str());
        assert_eq!(detail["parcels"][0]["sysTrackNo"], sys);
        assert_eq!(detail["actions"], json!(["cancel", "copy", "print", "receive"]));

        // Drafts only: no edit or delete of a submitted order.
        let mut edit = b2c_order(&product, "REF-1");
        edit["id"] = json!(id);
        let res = app.put_json("/boot/logistics/shipment/edit", &edit, &h(&alice)).await;
        assert_eq!(res.status, 400, "{}", res.text);
        assert!(res.text.contains(submitted["serialNumber"].as_str().unwrap()), "{}", res.text);

        // Another customer sees and touches nothing of it.
        assert_eq!(app.get(&format!("/boot/logistics/shipment/queryById?id={id}"), &h(&bob)).await.status, 404);
        assert_eq!(ok(app.get("/boot/logistics/shipment/list", &h(&bob)).await, "bob").await["total"], 0);
        assert_eq!(app.post_json("/boot/logistics/shipment/cancel", &json!({"id": id}), &h(&bob)).await.status, 404);

        // Tabs, bulk numbers and the dashboard.
        let other =
            ok(app.post_json("/boot/logistics/shipment/add", &b2c_order(&product, "REF-2"), &h(&alice)).await, "add2").await;
        let counts = ok(app.get("/boot/logistics/shipment/countByStatus?shipmentType=B2C", &h(&alice)).await, "counts").await;
        assert_eq!(
            (counts["total"].as_i64(), counts["byStatus"]["draft"].as_i64(), counts["byStatus"]["submitted"].as_i64()),
            (Some(2), Some(1), Some(1))
        );
        let numbers =
            format!("{}\n{} nothing", submitted["serialNumber"].as_str().unwrap(), other["customerCode"].as_str().unwrap());
        let found =
            ok(app.get(&format!("/boot/logistics/shipment/list?numbers={}", urlencoding(&numbers)), &h(&alice)).await, "numbers")
                .await;
        assert_eq!(found["total"], 2);
        let board = ok(app.post_json("/boot/sys/dashboard/shipment", &json!({}), &h(&alice)).await, "board").await;
        assert_eq!((board["todayCounts"]["total"].as_i64(), board["todayCounts"]["placed"].as_i64()), (Some(2), Some(1)));
        assert_eq!(board["todayCounts"]["unprinted"], 1);
        assert_eq!(board["series"].as_array().unwrap().len(), 30);

        // A selection with an order the action does not apply to is refused, naming it.
        let ids = format!("{id},{}", other["id"].as_str().unwrap());
        let res = app.post_json("/boot/logistics/shipment/submitBatch", &json!({"ids": ids}), &h(&alice)).await;
        assert_eq!(res.status, 400, "{}", res.text);
        assert_eq!(
            res.json()["message"],
            format!(
                "the options contain inoperable options, please remove them before operating: {}",
                submitted["serialNumber"].as_str().unwrap()
            )
        );
        let res = app.post_json("/boot/logistics/shipment/submitBatch", &json!({"ids": ""}), &h(&alice)).await;
        assert_eq!(res.json()["message"], "Please select one data");

        // Cancelled: the hold released, the balance whole.
        let cancelled =
            ok(app.post_json("/boot/logistics/shipment/cancel", &json!({"id": id}), &h(&alice)).await, "cancel").await;
        assert_eq!(cancelled["shipmentStatus"], "cancelled");
        assert_eq!(account(&app, &alice).await, ("1000.00".to_owned(), "0.00".to_owned()));
        let res = app.post_json("/boot/logistics/shipment/cancel", &json!({"id": id}), &h(&alice)).await;
        assert_eq!(res.status, 400, "{}", res.text);
        // Each change logged once, with the order as it was before and after (its names kept).
        let serial = submitted["serialNumber"].as_str().unwrap();
        for (action, before, after) in
            [("add", None, "draft"), ("submit", Some("draft"), "submitted"), ("cancel", Some("submitted"), "cancelled")]
        {
            let mut sql = format!(
                "SELECT COUNT(*) AS n FROM sys_log WHERE log_content = 'logistics:shipment:{action} {serial}' \
                 AND after_value LIKE '%\"shipmentStatus\":\"{after}\"%' AND after_value LIKE '%\"serialNumber\":\"{serial}\"%'"
            );
            if let Some(before) = before {
                sql.push_str(&format!(
                    " AND before_value LIKE '%\"shipmentStatus\":\"{before}\"%' AND after_value LIKE '%\"customer\":\"alice\"%'"
                ));
            }
            assert_eq!(count(app.db(), &sql).await, 1, "{action} on {}", app.backend);
        }
        let report = ledger::reconcile(app.db(), None).await.unwrap();
        assert!(report.balanced(), "{report:?}");

        // A batch: a result per order.
        let batch =
            ok(app.post_json("/boot/logistics/shipment/cancelBatch", &json!({"ids": other["id"]}), &h(&alice)).await, "batch")
                .await;
        assert_eq!((batch["succeeded"].as_i64(), batch["rows"][0]["shipmentStatus"].as_str()), (Some(1), Some("cancelled")));

        // Copy makes a new draft without the reference; drafts delete, others do not.
        let copy = ok(app.post_json("/boot/logistics/shipment/copy", &json!({"id": id}), &h(&alice)).await, "copy").await;
        assert_eq!((copy["shipmentStatus"].as_str(), copy["customerCode"].as_str()), (Some("draft"), None));
        assert_eq!(copy["parcels"][0]["products"][0]["frName"], "T-shirt");
        let res = app
            .send(crate::common::build(
                axum::http::Method::DELETE,
                &format!("/boot/logistics/shipment/delete?id={id}"),
                &h(&alice),
                axum::body::Body::empty(),
            ))
            .await;
        assert_eq!(res.status, 400, "{}", res.text);
        let copy_id = copy["id"].as_str().unwrap();
        let res = app
            .send(crate::common::build(
                axum::http::Method::DELETE,
                &format!("/boot/logistics/shipment/delete?id={copy_id}"),
                &h(&alice),
                axum::body::Body::empty(),
            ))
            .await;
        assert_eq!(res.status, 200, "{}", res.text);
        assert_eq!(
            count(app.db(), &format!("SELECT COUNT(*) AS n FROM logistics_shipment_parcel WHERE shipment_id = '{copy_id}'"))
                .await,
            0
        );
    }
}

fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn staff_quote_at_the_prices_of_the_customer_they_name() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911117001").await;
        let (_, bob_id) = register(&app, "bob", "13911117002").await;
        b2c_product(&app, &admin, &alice_id).await;
        let shipment = json!({"countryCode": "US", "postalCode": "94105", "tradeType": "B2C",
            "parcels": [{"length": "30", "width": "20", "height": "10", "weight": "1.25", "quantity": 1}]});
        let quote = |path: String, token: String| {
            let (app, shipment) = (&app, shipment.clone());
            async move { ok(app.post_json(&path, &shipment, &h(&token)).await, "forecast").await }
        };
        let totals = |answer: &Value| -> Vec<String> {
            answer["quotes"].as_array().unwrap().iter().map(|q| q["total"].as_str().unwrap().to_owned()).collect()
        };
        let own = totals(&quote("/boot/logistics/priceForecast".into(), alice.clone()).await);
        let card = totals(&quote("/boot/logistics/priceForecast".into(), admin.clone()).await);
        let named = totals(&quote(format!("/boot/logistics/priceForecast?customerId={alice_id}"), admin.clone()).await);
        assert_eq!(own.len(), 1);
        assert_eq!(named, own, "staff see the customer's prices, as its orders are charged");
        assert_ne!(card, own, "the card's price differs by the customer's markup");
        // A customer without a level has nothing to quote; a customer naming another is ignored.
        assert!(totals(&quote(format!("/boot/logistics/priceForecast?customerId={bob_id}"), admin.clone()).await).is_empty());
        assert_eq!(totals(&quote(format!("/boot/logistics/priceForecast?customerId={bob_id}"), alice.clone()).await), own);
        let res = app.post_json("/boot/logistics/priceForecast?customerId=nobody", &shipment, &h(&admin)).await;
        assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some("customerId")), "{}", res.text);
        let bundle =
            ok(app.get(&format!("/boot/logistics/priceForecast/bundle?customerId={alice_id}"), &h(&admin)).await, "b").await;
        assert_eq!(bundle["products"].as_array().unwrap().len(), 1);
    }
}

/// The totals and tabs from the tally (no other filter) against the same figures counted over the
/// orders (a date filter that every order passes forces the count), for `token`.
async fn tallied_equals_counted(app: &TestApp, token: &str, what: &str) -> i64 {
    let counted = "createTime_begin=2000-01-01";
    let mut total = 0;
    for ty in ["B2C", "FBA"] {
        let tabs =
            ok(app.get(&format!("/boot/logistics/shipment/countByStatus?shipmentType={ty}"), &h(token)).await, "tabs").await;
        let tabs_counted =
            ok(app.get(&format!("/boot/logistics/shipment/countByStatus?shipmentType={ty}&{counted}"), &h(token)).await, "tabs")
                .await;
        assert_eq!(tabs, tabs_counted, "{what} {ty}");
        for status in ["", "draft", "submitted", "cancelled"] {
            let list = format!("/boot/logistics/shipment/list?shipmentType={ty}&shipmentStatus={status}&pageSize=1");
            let page = ok(app.get(&list, &h(token)).await, "list").await;
            let page_counted = ok(app.get(&format!("{list}&{counted}"), &h(token)).await, "list").await;
            assert_eq!(page["total"], page_counted["total"], "{what} {ty} {status}");
            let expected = if status.is_empty() { tabs["total"].clone() } else { tabs["byStatus"][status].clone() };
            assert_eq!(page["total"], expected, "{what} {ty} {status}");
        }
        total += tabs["total"].as_i64().unwrap();
    }
    total
}

/// The dashboard's day tally against the orders counted: every customer's and the tenant's (`*`)
/// business days, statuses and print statuses, both ways; returns how many orders it holds.
async fn day_tally_agrees(app: &TestApp, what: &str) -> i64 {
    let tallied = "SELECT tenant_id, customer_id, business_day, shipment_status, print_status, CAST(SUM(n) AS BIGINT) AS n \
                   FROM logistics_shipment_day_tally GROUP BY tenant_id, customer_id, business_day, shipment_status, print_status \
                   HAVING SUM(n) <> 0";
    let counted = "SELECT tenant_id, customer_id, business_day, shipment_status, print_status, COUNT(*) AS n \
                   FROM logistics_shipment GROUP BY tenant_id, customer_id, business_day, shipment_status, print_status \
                   UNION ALL SELECT tenant_id, '*', business_day, shipment_status, print_status, COUNT(*) AS n \
                   FROM logistics_shipment GROUP BY tenant_id, business_day, shipment_status, print_status";
    for (a, b) in [(tallied, counted), (counted, tallied)] {
        let sql = format!("SELECT COUNT(*) AS n FROM (SELECT * FROM ({a}) x EXCEPT SELECT * FROM ({b}) y) z");
        assert_eq!(count(app.db(), &sql).await, 0, "{what}: {a} EXCEPT {b}");
    }
    count(app.db(), "SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) AS n FROM logistics_shipment_day_tally WHERE customer_id <> '*'")
        .await
}

#[tokio::test(flavor = "multi_thread")]
async fn list_totals_and_tabs_from_the_tally_match_the_orders_through_every_write() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911115101").await;
        let (bob, bob_id) = register(&app, "bob", "13911115102").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        let level = json!({"customerId": bob_id, "productId": product, "markupPercent": "5"});
        ok(app.post_json("/boot/logistics/priceLevel/add", &level, &h(&admin)).await, "level").await;
        recharge(&app, &alice_id, 1_000).await;
        assert_eq!(tallied_equals_counted(&app, &alice, "empty").await, 0);

        let mut ids = Vec::new();
        for n in 0..5 {
            let o = ok(
                app.post_json("/boot/logistics/shipment/add", &b2c_order(&product, &format!("T-{n}")), &h(&alice)).await,
                "add",
            )
            .await;
            ids.push(o["id"].as_str().unwrap().to_owned());
        }
        ok(app.post_json("/boot/logistics/shipment/add", &b2c_order(&product, "T-BOB"), &h(&bob)).await, "bob").await;
        assert_eq!(tallied_equals_counted(&app, &alice, "added").await, 5);
        ok(app.post_json("/boot/logistics/shipment/submit", &json!({"id": ids[0]}), &h(&alice)).await, "submit").await;
        ok(
            app.post_json("/boot/logistics/shipment/submitBatch", &json!({"ids": format!("{},{}", ids[1], ids[2])}), &h(&alice))
                .await,
            "batch",
        )
        .await;
        ok(app.post_json("/boot/logistics/shipment/cancel", &json!({"id": ids[1]}), &h(&alice)).await, "cancel").await;
        ok(app.post_json("/boot/logistics/shipment/cancel", &json!({"id": ids[3]}), &h(&alice)).await, "cancel draft").await;
        ok(app.delete(&format!("/boot/logistics/shipment/delete?id={}", ids[4]), &h(&alice)).await, "delete").await;
        ok(app.post_json("/boot/logistics/shipment/copy", &json!({"id": ids[0]}), &h(&alice)).await, "copy").await;
        assert_eq!(tallied_equals_counted(&app, &alice, "written").await, 5);
        assert_eq!(day_tally_agrees(&app, "written").await, 6);
        let tabs = ok(app.get("/boot/logistics/shipment/countByStatus?shipmentType=B2C", &h(&alice)).await, "tabs").await;
        assert_eq!(
            (tabs["byStatus"]["draft"].as_i64(), tabs["byStatus"]["submitted"].as_i64(), tabs["byStatus"]["cancelled"].as_i64()),
            (Some(1), Some(2), Some(2))
        );
        // Bob's order is his alone; staff see both, and each customer's when they name one.
        assert_eq!(tallied_equals_counted(&app, &bob, "bob").await, 1);
        assert_eq!(tallied_equals_counted(&app, &admin, "staff").await, 6);
        let named = ok(app.get(&format!("/boot/logistics/shipment/list?customerId={bob_id}"), &h(&admin)).await, "named").await;
        assert_eq!(named["total"], 1);
        assert_eq!(count(app.db(), "SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) AS n FROM logistics_shipment_tally").await, 6);
        assert_eq!(day_tally_agrees(&app, "bob").await, 6);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_shipment_dashboard_counts_each_order_on_its_business_day() {
    use chrono::{Duration, Utc};
    use logistics_server::wallet::{business_day, business_day_start};
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911115011").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        let now = Utc::now().naive_utc();
        let today_start = business_day_start(&business_day(now)).unwrap();
        // Today; the last second of yesterday (submitted and printed); 8 days back; 31 days back.
        let times =
            [now - Duration::seconds(5), today_start - Duration::seconds(1), now - Duration::days(8), now - Duration::days(31)];
        for (n, time) in times.iter().enumerate() {
            let order = ok(
                app.post_json("/boot/logistics/shipment/add", &b2c_order(&product, &format!("DAY-{n}")), &h(&alice)).await,
                "add",
            )
            .await;
            let extra = if n == 1 { ", shipment_status = 'submitted', print_status = 'printed'" } else { "" };
            // An order's business day is written with its creation time (the tally counts by it).
            let sql = format!(
                "UPDATE logistics_shipment SET create_time = '{}', business_day = '{}'{extra} WHERE id = '{}'",
                time.format("%Y-%m-%d %H:%M:%S"),
                business_day(*time),
                order["id"].as_str().unwrap()
            );
            assert_eq!(crate::common::exec(app.db(), &sql).await, 1);
        }
        assert_eq!(day_tally_agrees(&app, "moved").await, 4);
        for token in [&alice, &admin] {
            let board = ok(app.post_json("/boot/sys/dashboard/shipment", &json!({}), &h(token)).await, "board").await;
            let totals = |period: &str| board[period]["total"].as_i64();
            assert_eq!((totals("todayCounts"), totals("week"), totals("month")), (Some(1), Some(2), Some(3)), "{board}");
            assert_eq!((board["week"]["placed"].as_i64(), board["week"]["printed"].as_i64()), (Some(1), Some(1)));
            assert_eq!(board["month"]["byStatus"]["draft"], 2);
            let series = board["series"].as_array().unwrap();
            let per_day: Vec<i64> = series.iter().map(|d| d["total"].as_i64().unwrap()).collect();
            let mut expected = vec![0; 30];
            expected[29] = 1;
            expected[28] = 1;
            expected[21] = 1;
            assert_eq!(per_day, expected, "{board}");
            assert_eq!(series[29]["day"], business_day(now));
            assert_eq!(series[28]["printed"], 1);
        }
    }
}

//! What orders name and carry beside them, on SQLite and PostgreSQL: the product catalogue (core's
//! rules for a declared item, a SKU once per customer), predict batches (a number given when left
//! blank, the orders naming one counted, core's statuses deciding what may be done), FBA waybills
//! (every FBA order listed; a delivery recorded with its Amazon shipment IDs and proof, checked by
//! core), and the delivery numbers submission issues. Another customer reaches none of it.

use serde_json::{Value, json};

use super::orders::{b2c_order, b2c_product, recharge};
use crate::carrier::pricing::register;
use crate::common::{ADMIN_PASSWORD, TestApp, build, count};
use crate::system::admin::{h, ok};
use crate::wallet::http::upload;

fn tshirt(sku: &str) -> Value {
    json!({"sku": sku, "frName": "T-shirt", "lcName": "T恤", "frHscode": "6109.10.00", "unitPrice": "9.90", "unitWeight": 0.3,
        "frMeterial": "cotton", "shopUrl": "https://shop.example.com/t"})
}

#[tokio::test(flavor = "multi_thread")]
async fn the_catalogue_keeps_a_customers_products_by_core_rules() {
    for app in TestApp::all().await {
        let (alice, _) = register(&app, "alice", "13911118001").await;
        let (bob, _) = register(&app, "bob", "13911118002").await;
        let zh = [("x-access-token", alice.as_str()), ("accept-language", "zh-CN")];
        for (change, field, message) in [
            (json!({"sku": " "}), "sku", "SKU不能为空!"),
            (json!({"frHscode": "12"}), "frHscode", "海关编码须为6到10位数字!"),
            (json!({"unitPrice": "0"}), "unitPrice", ""),
            (json!({"unitWeight": "abc"}), "unitWeight", ""),
            (json!({"shopUrl": "ftp://x"}), "shopUrl", "链接须以 http:// 或 https:// 开头!"),
            (json!({"frName": null}), "frName", "英文品名不能为空!"),
        ] {
            let mut body = tshirt("TS-1");
            for (k, v) in change.as_object().unwrap() {
                body[k] = v.clone();
            }
            let res = app.post_json("/boot/logistics/parcelProduct/add", &body, &zh).await;
            assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some(field)), "{}", res.text);
            if !message.is_empty() {
                assert_eq!(res.json()["message"], message);
            }
        }
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_parcel_product").await, 0);
        let saved = ok(app.post_json("/boot/logistics/parcelProduct/add", &tshirt(" TS-1 "), &h(&alice)).await, "add").await;
        assert_eq!(
            (saved["sku"].as_str(), saved["frHscode"].as_str(), saved["unitWeight"].as_str()),
            (Some("TS-1"), Some("61091000"), Some("0.3"))
        );
        let again = app.post_json("/boot/logistics/parcelProduct/add", &tshirt("TS-1"), &h(&alice)).await;
        assert_eq!(again.status, 409, "{}", again.text);
        // Another customer has its own catalogue: the same SKU is its to use.
        ok(app.post_json("/boot/logistics/parcelProduct/add", &tshirt("TS-1"), &h(&bob)).await, "bob's").await;
        let mut edit = tshirt("TS-1");
        edit["id"] = saved["id"].clone();
        edit["unitPrice"] = json!("12.5");
        let edited = ok(app.put_json("/boot/logistics/parcelProduct/edit", &edit, &h(&alice)).await, "edit").await;
        assert_eq!(edited["unitPrice"], "12.5");
        let mine = ok(app.get("/boot/logistics/parcelProduct/list?keyWord=shirt", &h(&alice)).await, "list").await;
        assert_eq!(mine["total"], 1);
        let theirs = app.put_json("/boot/logistics/parcelProduct/edit", &edit, &h(&bob)).await;
        assert_eq!(theirs.status, 404, "{}", theirs.text);
        let export = app.get(&format!("/boot/logistics/parcelProduct/exportXls?token={alice}"), &[]).await;
        assert_eq!(export.status, 200);
        assert!(export.bytes.starts_with(b"PK"));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn predict_batches_count_their_orders_and_move_as_core_allows() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911118101").await;
        let (mallory, _) = register(&app, "mallory", "13911118102").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        let zh = [("x-access-token", alice.as_str()), ("accept-language", "zh-CN")];

        let bad = app.post_json("/boot/logistics/predictBatch/add", &json!({"expectTime": "next week"}), &zh).await;
        assert_eq!((bad.status.as_u16(), bad.json()["result"]["field"].as_str()), (400, Some("expectTime")), "{}", bad.text);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_predict_batch").await, 0);
        let batch = ok(
            app.post_json(
                "/boot/logistics/predictBatch/add",
                &json!({"expectTime": "2026-12-01", "remark": "Week 49"}),
                &h(&alice),
            )
            .await,
            "batch",
        )
        .await;
        let (id, no) = (batch["id"].as_str().unwrap().to_owned(), batch["batchNo"].as_str().unwrap().to_owned());
        assert!(no.starts_with("PB") && no.len() == 12, "{no}");
        assert_eq!((batch["status"].as_str(), batch["orderCount"].as_i64()), (Some("open"), Some(0)));
        let named =
            ok(app.post_json("/boot/logistics/predictBatch/add", &json!({"batchNo": "MY-BATCH-7"}), &h(&alice)).await, "named")
                .await;
        assert_eq!(named["batchNo"], "MY-BATCH-7");

        // An order names the batch: counted, and the batch can no longer be deleted.
        let mut order = b2c_order(&product, "IN-BATCH");
        order["predictBatchId"] = json!(id);
        ok(app.post_json("/boot/logistics/shipment/add", &order, &h(&alice)).await, "order").await;
        let mut foreign = b2c_order(&product, "NOT-MINE");
        foreign["predictBatchId"] = json!(id);
        let res = app.post_json("/boot/logistics/shipment/add", &foreign, &h(&mallory)).await;
        assert_eq!(res.status, 400, "another customer's batch: {}", res.text);
        let read = ok(app.get(&format!("/boot/logistics/predictBatch/queryById?id={id}"), &h(&alice)).await, "read").await;
        assert_eq!((read["orderCount"].as_i64(), read["pieces"].as_i64()), (Some(1), Some(1)));
        let gone = app.delete(&format!("/boot/logistics/predictBatch/delete?id={id}"), &h(&alice)).await;
        assert_ne!(gone.status, 200, "{}", gone.text);

        // Handed over: no edits, no deletes (core's message names it); reopened: editable again.
        let theirs = app.post_json("/boot/logistics/predictBatch/handOver", &json!({"ids": id}), &h(&mallory)).await;
        assert!(theirs.status == 403 || theirs.status == 404, "{}", theirs.text);
        let handed =
            ok(app.post_json("/boot/logistics/predictBatch/handOver", &json!({"ids": id}), &h(&alice)).await, "hand").await;
        assert_eq!(handed[0]["status"], "handed");
        let edit = app.put_json("/boot/logistics/predictBatch/edit", &json!({"id": id, "remark": "late"}), &zh).await;
        assert_eq!(edit.status, 400, "{}", edit.text);
        assert!(edit.json()["message"].as_str().unwrap().contains(&no), "{}", edit.text);
        let both = format!("{id},{}", named["id"].as_str().unwrap());
        let mixed = app.post_json("/boot/logistics/predictBatch/reopen", &json!({"ids": both}), &zh).await;
        assert_eq!(mixed.status, 400, "{}", mixed.text);
        assert!(mixed.json()["message"].as_str().unwrap().contains("MY-BATCH-7"), "{}", mixed.text);
        let named_now = ok(
            app.get(&format!("/boot/logistics/predictBatch/queryById?id={}", named["id"].as_str().unwrap()), &h(&alice)).await,
            "n",
        )
        .await;
        assert_eq!(named_now["status"], "open", "a refused selection moves nothing");
        let del =
            app.delete(&format!("/boot/logistics/predictBatch/delete?id={}", named["id"].as_str().unwrap()), &h(&alice)).await;
        assert_eq!(del.status, 200, "{}", del.text);
        ok(app.post_json("/boot/logistics/predictBatch/reopen", &json!({"ids": id}), &h(&alice)).await, "reopen").await;
        let edited =
            ok(app.put_json("/boot/logistics/predictBatch/edit", &json!({"id": id, "remark": "late"}), &h(&alice)).await, "e")
                .await;
        assert_eq!((edited["remark"].as_str(), edited["batchNo"].as_str()), (Some("late"), Some(no.as_str())));
        let list = ok(app.get("/boot/logistics/predictBatch/list?status=open", &h(&mallory)).await, "theirs").await;
        assert_eq!(list["total"], 0);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_fba_orders_delivery_is_recorded_with_its_shipment_ids_and_proof() {
    for app in TestApp::all().await {
        let (alice, _) = register(&app, "alice", "13911118201").await;
        let (mallory, _) = register(&app, "mallory", "13911118202").await;
        let zh = [("x-access-token", alice.as_str()), ("accept-language", "zh-CN")];
        let depot = ok(app.post_json("/boot/logistics/depot/add", &json!({"depotId": "ONT8"}), &h(&alice)).await, "depot").await;
        let box_of = |n: u32| {
            json!({"fbaCode": format!("FBA15ABCDE12U{n:06}"), "length": 40, "width": 30, "height": 30, "weight": 12,
                "products": [{"frName": "Mugs", "quantity": 24, "unitPrice": "3.5", "unitWeight": "0.4"}]})
        };
        let fba = json!({"shipmentType": "FBA", "fbaCode": "FBA15ABCDE12", "poCode": "2Q3W4E5R", "userDepotId": depot["id"],
            "parcels": [box_of(1), box_of(2), box_of(3)]});
        let order = ok(app.post_json("/boot/logistics/shipment/add", &fba, &h(&alice)).await, "fba").await;
        let id = order["id"].as_str().unwrap().to_owned();
        let mut b2c = b2c_order("", "B2C-ONE");
        b2c["channelProductId"] = Value::Null;
        ok(app.post_json("/boot/logistics/shipment/add", &b2c, &h(&alice)).await, "b2c").await;

        let list = ok(app.get("/boot/logistics/fbaOrder/list", &h(&alice)).await, "list").await;
        assert_eq!(list["total"], 1, "FBA orders only: {list}");
        let row = &list["records"][0];
        assert_eq!(
            (row["depotCode"].as_str(), row["shipmentPieces"].as_i64(), row["configCount"].as_i64()),
            (Some("ONT8"), Some(3), Some(0))
        );
        assert!(row["realTime"].is_null());

        for (body, field) in [
            (json!({"configs": [{"fbaShipmentId": "FBA1", "pieces": 1}]}), "configs[0].fbaShipmentId"),
            (json!({"configs": [{"fbaShipmentId": "FBA15ABCDE12", "pieces": 0}]}), "configs[0].pieces"),
            (
                json!({"configs": [{"fbaShipmentId": "FBA15ABCDE12", "pieces": 2}, {"fbaShipmentId": "FBA15ABCDE13", "pieces": 2}]}),
                "configs",
            ),
            (json!({"realTime": "2099-01-01 10:00"}), "realTime"),
            (json!({"expectTime": "soon"}), "expectTime"),
            (json!({"pod": "https://evil.example.com/x.pdf"}), "pod"),
        ] {
            let mut body = body;
            body["shipmentId"] = json!(id);
            let res = app.put_json("/boot/logistics/fbaOrder/edit", &body, &zh).await;
            assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some(field)), "{}", res.text);
        }
        let over = app
            .put_json(
                "/boot/logistics/fbaOrder/edit",
                &json!({"shipmentId": id, "configs": [{"fbaShipmentId": "FBA15ABCDE12", "pieces": 4}]}),
                &zh,
            )
            .await;
        assert_eq!(over.json()["message"], "各货件件数合计4，超过订单的3件!");
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_fba_order").await, 0);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_fba_config").await, 0);

        let pod = upload(&app, &alice, "pod", b"%PDF-1.4 signed receipt").await;
        assert_eq!(pod.status, 200, "{}", pod.text);
        let pod_url = pod.json()["result"]["url"].as_str().unwrap().to_owned();
        assert!(pod_url.contains("/pod/"), "{pod_url}");
        let body = json!({"shipmentId": id, "expectTime": "2026-12-03T09:00:00+08:00", "realTime": "2026-11-20 15:30",
            "batchNo": "IB-1203", "pod": pod_url,
            "configs": [{"fbaShipmentId": "FBA15ABCDE12", "pieces": 2, "pallet": 1, "serialNumber": "2Q3W4E5R"},
                {"fbaShipmentId": "FBA15ABCDE13", "pieces": "1"}]});
        let theirs = app.put_json("/boot/logistics/fbaOrder/edit", &body, &h(&mallory)).await;
        assert!(theirs.status == 403 || theirs.status == 404, "{}", theirs.text);
        let saved = ok(app.put_json("/boot/logistics/fbaOrder/edit", &body, &h(&alice)).await, "edit").await;
        assert_eq!(
            (saved["batchNo"].as_str(), saved["pallets"].as_i64(), saved["configCount"].as_i64()),
            (Some("IB-1203"), Some(1), Some(2))
        );
        assert_eq!(saved["expectTime"], "2026-12-03T01:00:00Z");
        assert_eq!(saved["configs"][1]["pieces"], 1);
        // Recorded again: the shipment IDs are replaced, not added to.
        let mut again = body.clone();
        again["configs"] = json!([{"fbaShipmentId": "FBA15ABCDE14", "pieces": 3}]);
        let saved = ok(app.put_json("/boot/logistics/fbaOrder/edit", &again, &h(&alice)).await, "again").await;
        assert_eq!(saved["configs"], json!([{"fbaShipmentId": "FBA15ABCDE14", "serialNumber": null, "pieces": 3, "pallet": 0}]));
        let found = ok(app.get("/boot/logistics/fbaOrder/list?numbers=IB-1203", &h(&alice)).await, "by batch").await;
        assert_eq!(found["total"], 1);
        let none = ok(app.get("/boot/logistics/fbaOrder/list", &h(&mallory)).await, "theirs").await;
        assert_eq!(none["total"], 0);
        // A cancelled order's delivery is history.
        ok(app.post_json("/boot/logistics/shipment/cancel", &json!({"id": id}), &h(&alice)).await, "cancel").await;
        let res = app.put_json("/boot/logistics/fbaOrder/edit", &body, &zh).await;
        assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some("shipmentId")), "{}", res.text);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn submission_issues_delivery_numbers_the_customer_can_look_up() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911118301").await;
        let (mallory, _) = register(&app, "mallory", "13911118302").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        recharge(&app, &alice_id, 1000).await;
        let draft =
            ok(app.post_json("/boot/logistics/shipment/add", &b2c_order(&product, "DN-1"), &h(&alice)).await, "add").await;
        let id = draft["id"].as_str().unwrap();
        let segment = json!({"channelId": draft["channelId"], "prefix": "AA", "suffix": "GB", "startNo": 1000, "endNo": 1999, "checkScheme": "s10"});
        ok(app.post_json("/boot/logistics/numberSegment/add", &segment, &h(&admin)).await, "segment").await;
        let submitted =
            ok(app.post_json("/boot/logistics/shipment/submit", &json!({"id": id}), &h(&alice)).await, "submit").await;
        let track = submitted["trackNo"].as_str().unwrap().to_owned();
        let numbers =
            ok(app.get(&format!("/boot/logistics/deliveryNumber/list?shipmentId={id}"), &h(&alice)).await, "numbers").await;
        assert!(numbers["total"].as_i64().unwrap() >= 1, "{numbers}");
        let first = &numbers["records"][0];
        assert_eq!(
            (first["serialNumber"].as_str(), first["channelProductCode"].as_str()),
            (submitted["serialNumber"].as_str(), Some("EXP-B2C"))
        );
        let by_number =
            ok(app.get(&format!("/boot/logistics/deliveryNumber/list?numbers={track}"), &h(&alice)).await, "by no").await;
        assert_eq!(by_number["total"], 1, "{track}: {by_number}");
        let theirs = ok(app.get("/boot/logistics/deliveryNumber/list", &h(&mallory)).await, "theirs").await;
        assert_eq!(theirs["total"], 0);
        // A ledger: nothing is written through the layer.
        for (method, path) in [
            (axum::http::Method::POST, "/boot/logistics/deliveryNumber/add"),
            (axum::http::Method::DELETE, "/boot/logistics/deliveryNumber/delete?id=x"),
        ] {
            let res = app.send(build(method, path, &h(&alice), axum::body::Body::from("{}"))).await;
            assert!(res.status == 404 || res.status == 405, "{path}: {}", res.status);
        }
    }
}

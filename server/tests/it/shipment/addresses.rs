//! Shippers and depots on both databases: checked by the consignee's rules, one default shipper
//! per customer, an Amazon centre's address filled from the seeded list and copied onto an FBA
//! order; and a sweep of every order, shipper and depot call with another customer's and another
//! tenant's tokens (never data, never a change).

use axum::http::Method;
use serde_json::{Value, json};

use super::orders::{b2c_order, b2c_product};
use crate::carrier::pricing::register;
use crate::common::{ADMIN_PASSWORD, TestApp, build, count};
use crate::system::admin::{h, ok, second_tenant};

#[tokio::test(flavor = "multi_thread")]
async fn shippers_and_depots_follow_the_address_rules_and_fill_fba_orders() {
    for app in TestApp::all().await {
        let (alice, _) = register(&app, "alice", "13911116001").await;
        let zh = [("x-access-token", alice.as_str()), ("accept-language", "zh-CN")];
        let shipper = |name: &str, default: i16| {
            json!({"name": name, "phone": "+86 138 0000 0000", "country": "CN", "city": "Shenzhen", "postalCode": "518000",
                "address1": "1 Keyuan Rd", "izDefault": default})
        };
        for (change, field) in [
            (json!({"country": "China"}), "country"),
            (json!({"postalCode": "12"}), "postalCode"),
            (json!({"phone": "call me"}), "phone"),
            (json!({"city": " "}), "city"),
            (json!({"izDefault": 3}), "izDefault"),
        ] {
            let mut body = shipper("Warehouse A", 0);
            for (k, v) in change.as_object().unwrap() {
                body[k] = v.clone();
            }
            let res = app.post_json("/boot/logistics/shipper/add", &body, &zh).await;
            assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some(field)), "{}", res.text);
        }
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_shipper").await, 0);
        let a = ok(app.post_json("/boot/logistics/shipper/add", &shipper("Warehouse A", 1), &h(&alice)).await, "a").await;
        let b = ok(app.post_json("/boot/logistics/shipper/add", &shipper("Warehouse B", 1), &h(&alice)).await, "b").await;
        let list = ok(app.get("/boot/logistics/shipper/list?column=name&order=asc", &h(&alice)).await, "list").await;
        let defaults: Vec<i64> = list["records"].as_array().unwrap().iter().map(|r| r["izDefault"].as_i64().unwrap()).collect();
        assert_eq!(defaults, [0, 1], "B took the default from A");
        assert_ne!(a["id"], b["id"]);

        // An Amazon centre: its address comes from the seeded list.
        let centres = ok(app.get("/boot/logistics/depot/fbaWarehouses?country=US", &h(&alice)).await, "fcs").await;
        assert!(centres.as_array().unwrap().iter().any(|c| c["code"] == "ONT8"), "{centres}");
        let depot = ok(
            app.post_json("/boot/logistics/depot/add", &json!({"depotId": "ont8", "depotType": "amazon"}), &h(&alice)).await,
            "depot",
        )
        .await;
        assert_eq!(
            (depot["depotId"].as_str(), depot["city"].as_str(), depot["postalCode"].as_str()),
            (Some("ONT8"), Some("Moreno Valley"), Some("92551"))
        );
        assert_eq!(depot["depotName"], "Amazon ONT8");
        let again = app.post_json("/boot/logistics/depot/add", &json!({"depotId": "ONT8"}), &h(&alice)).await;
        assert_eq!(again.status, 409, "{}", again.text);
        let res = app
            .post_json(
                "/boot/logistics/depot/add",
                &json!({"depotId": "MY-WH", "depotType": "private", "depotName": "Mine"}),
                &zh,
            )
            .await;
        assert_eq!(res.json()["result"]["field"], "country", "{}", res.text);

        // An FBA order to the depot: the consignee is the centre, the shipper the default.
        let fba = json!({"shipmentType": "FBA", "fbaCode": "FBA15ABCDE12", "poCode": "2Q3W4E5R", "userDepotId": depot["id"],
            "parcels": [{"fbaCode": "FBA15ABCDE12U000001", "length": 40, "width": 30, "height": 30, "weight": 12,
                "products": [{"frName": "Mugs", "quantity": 24, "unitPrice": "3.5", "unitWeight": "0.4"}]}]});
        let order = ok(app.post_json("/boot/logistics/shipment/add", &fba, &h(&alice)).await, "fba").await;
        assert_eq!(
            (order["consigneeName"].as_str(), order["consigneeCity"].as_str(), order["consigneePostalCode"].as_str()),
            (Some("Amazon ONT8"), Some("Moreno Valley"), Some("92551"))
        );
        assert_eq!(order["shipperId"], b["id"]);
        assert!(order["serialNumber"].as_str().unwrap().starts_with("FBA"));
        let mut bad = fba.clone();
        bad["parcels"][0]["fbaCode"] = json!("FBA99ZZZZZ99U000001");
        let res = app.post_json("/boot/logistics/shipment/add", &bad, &zh).await;
        assert_eq!(res.json()["result"]["field"], "parcels[0].fbaCode", "{}", res.text);
        assert!(res.json()["message"].as_str().unwrap().contains("FBA15ABCDE12U000001"), "{}", res.text);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn isolation_sweep() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911117001").await;
        let (mallory, _) = register(&app, "mallory", "13911117002").await;
        let other_admin = second_tenant(&app, 7, "boss7").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        let order =
            ok(app.post_json("/boot/logistics/shipment/add", &b2c_order(&product, "SECRET-REF"), &h(&alice)).await, "o").await;
        let id = order["id"].as_str().unwrap().to_owned();
        let shipper = ok(
            app.post_json(
                "/boot/logistics/shipper/add",
                &json!({"name": "Secret sender", "country": "CN", "city": "Shenzhen", "address1": "1 Road"}),
                &h(&alice),
            )
            .await,
            "shipper",
        )
        .await;
        let depot = ok(app.post_json("/boot/logistics/depot/add", &json!({"depotId": "LGB8"}), &h(&alice)).await, "depot").await;
        let (sid, did) = (shipper["id"].as_str().unwrap(), depot["id"].as_str().unwrap());

        for (who, token) in [("another customer", &mallory), ("another tenant's admin", &other_admin)] {
            for path in [
                format!("/boot/logistics/shipment/queryById?id={id}"),
                format!("/boot/logistics/shipper/queryById?id={sid}"),
                format!("/boot/logistics/depot/queryById?id={did}"),
            ] {
                let res = app.get(&path, &h(token)).await;
                assert!(res.status == 403 || res.status == 404, "{who} GET {path}: {}", res.status);
            }
            for path in [
                "/boot/logistics/shipment/list",
                "/boot/logistics/shipper/list",
                "/boot/logistics/depot/list",
                "/boot/logistics/shipment/exportXls",
            ] {
                let res = app.get(path, &h(token)).await;
                assert!(
                    !res.text.contains("SECRET-REF") && !res.text.contains("Secret sender") && !res.text.contains("LGB8"),
                    "{who} {path} leaks"
                );
                if res.status == 200 && path.ends_with("list") {
                    assert_eq!(res.json()["result"]["total"], 0, "{who} {path}");
                }
            }
            let counts = app.get("/boot/logistics/shipment/countByStatus", &h(token)).await;
            if counts.status == 200 {
                assert_eq!(counts.json()["result"]["total"], 0, "{who}");
            }
            let board = app.post_json("/boot/sys/dashboard/shipment", &json!({}), &h(token)).await;
            if board.status == 200 {
                assert_eq!(board.json()["result"]["month"]["total"], 0, "{who}");
            }
            let mut edit = b2c_order(&product, "HIJACK");
            edit["id"] = json!(id);
            let writes: [(Method, String, Value); 9] = [
                (Method::PUT, "/boot/logistics/shipment/edit".into(), edit),
                (Method::POST, "/boot/logistics/shipment/submit".into(), json!({"id": id})),
                (Method::POST, "/boot/logistics/shipment/cancel".into(), json!({"id": id})),
                (Method::POST, "/boot/logistics/shipment/copy".into(), json!({"id": id})),
                (Method::POST, "/boot/logistics/shipment/submitBatch".into(), json!({"ids": id})),
                (Method::POST, "/boot/logistics/shipment/cancelBatch".into(), json!({"ids": id})),
                (Method::DELETE, format!("/boot/logistics/shipment/delete?id={id}"), Value::Null),
                (
                    Method::PUT,
                    "/boot/logistics/shipper/edit".into(),
                    json!({"id": sid, "name": "X", "country": "CN", "city": "X", "address1": "X"}),
                ),
                (Method::DELETE, format!("/boot/logistics/depot/delete?id={did}"), Value::Null),
            ];
            for (method, path, body) in writes {
                let body = if body.is_null() { axum::body::Body::empty() } else { axum::body::Body::from(body.to_string()) };
                let mut headers = h(token).to_vec();
                headers.push(("content-type", "application/json"));
                let res = app.send(build(method.clone(), &path, &headers, body)).await;
                assert!(res.status == 403 || res.status == 404, "{who} {method} {path}: {} {}", res.status, res.text);
            }
        }
        // Nothing changed.
        let mine = ok(app.get(&format!("/boot/logistics/shipment/queryById?id={id}"), &h(&alice)).await, "mine").await;
        assert_eq!((mine["shipmentStatus"].as_str(), mine["customerCode"].as_str()), (Some("draft"), Some("SECRET-REF")));
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_shipment").await, 1);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_depot").await, 1);
    }
}

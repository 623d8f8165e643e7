//! Returns on SQLite and PostgreSQL: a customer opens a return for its shipped parcel (never for
//! another's, a draft or twice at once), attaches files (checked by content and size, served only
//! to those who see the return), talks with staff (each comment reaches the other side's bell);
//! staff approve, the warehouse receives it by scan with its condition, a decision is made and
//! completing a reship makes a new draft order linked to the return; a fee is charged exactly
//! once and a refund paid, both in the trade records; no other customer sees any of it.

use logistics_server::wallet::ledger;
use serde_json::json;

use crate::carrier::pricing::register;
use crate::common::{ADMIN_PASSWORD, TestApp, count};
use crate::printing::form;
use crate::shipment::orders::{b2c_order, b2c_product, recharge};
use crate::system::admin::{h, ok};
use crate::warehouse::submitted;

const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, b'I', b'H', b'D', b'R'];

#[tokio::test(flavor = "multi_thread")]
async fn returns_are_agreed_received_reshipped_and_charged_once() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911119001").await;
        let (bob, _) = register(&app, "bob", "13911119002").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        recharge(&app, &alice_id, 2000).await;
        let order = submitted(&app, &alice, &b2c_order(&product, "RT-A")).await;
        let sys = order["parcels"][0]["sysTrackNo"].as_str().unwrap().to_owned();
        let serial = order["serialNumber"].as_str().unwrap().to_owned();
        let draft =
            ok(app.post_json("/boot/logistics/shipment/add", &b2c_order(&product, "RT-D"), &h(&alice)).await, "draft").await;

        // Bad requests change nothing and say why.
        for (who, form, status, field, needle) in [
            (&alice, json!({"number": sys, "reason": "lost"}), 400, "reason", "not a valid"),
            (&alice, json!({"number": sys, "reason": "other"}), 400, "reasonDetail", "Describe"),
            (&alice, json!({"reason": "refused"}), 400, "number", "Scan or enter"),
            (&alice, json!({"number": draft["serialNumber"], "reason": "refused"}), 400, "number", "not submitted"),
            // Another customer's order is an unknown number.
            (&bob, json!({"number": sys, "reason": "refused"}), 400, "number", "No shipped order"),
        ] {
            let res = app.post_json("/boot/reverse/return/add", &form, &h(who)).await;
            assert_eq!(res.status, status, "{form}: {}", res.text);
            assert_eq!(res.json()["result"]["field"], field, "{}", res.text);
            assert!(res.json()["message"].as_str().unwrap().contains(needle), "{}", res.text);
        }
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_return").await, 0);

        // Opened for the parcel, once while open.
        let opened = ok(
            app.post_json("/boot/reverse/return/add", &json!({"number": sys.to_lowercase(), "reason": "refused"}), &h(&alice))
                .await,
            "open",
        )
        .await;
        let id = opened["id"].as_str().unwrap().to_owned();
        let return_no = opened["returnNo"].as_str().unwrap().to_owned();
        assert_eq!((opened["status"].as_str(), opened["serialNumber"].as_str()), (Some("requested"), Some(serial.as_str())));
        let again = app.post_json("/boot/reverse/return/add", &json!({"number": sys, "reason": "damaged"}), &h(&alice)).await;
        assert_eq!(again.status, 409, "{}", again.text);
        assert!(again.json()["message"].as_str().unwrap().contains(&return_no), "{}", again.text);

        // Bob sees none of it.
        let query = format!("/boot/reverse/return/queryById?id={id}");
        assert_eq!(app.get(&query, &h(&bob)).await.status, 404);
        assert_eq!(ok(app.get("/boot/reverse/return/list", &h(&bob)).await, "bob").await["total"], 0);
        assert_eq!(ok(app.get("/boot/reverse/return/list", &h(&alice)).await, "alice").await["total"], 1);

        // Attachments: an image by its bytes; other kinds and oversize files refused; private to the return's side.
        let upload = |token: &str, name: &str, bytes: &[u8]| {
            let (content_type, body) = form(&[("returnId", id.as_str())], Some((name, bytes)));
            let headers =
                [("x-access-token", token.to_owned()), ("content-type", content_type), ("accept-language", "en-US".to_owned())];
            (headers, body)
        };
        let (headers, body) = upload(&alice, "photo.png", PNG);
        let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let photo = ok(app.post_raw("/boot/reverse/returnAttachment/upload", body, &headers).await, "upload").await;
        assert_eq!(photo["mime"], "image/png");
        for (name, bytes, status) in [
            ("evil.png", b"MZ\x90\x00\x03".to_vec(), 400),
            ("big.pdf", [b"%PDF-".as_slice(), &vec![0u8; 10 * 1024 * 1024]].concat(), 413),
        ] {
            let (headers, body) = upload(&alice, name, &bytes);
            let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let res = app.post_raw("/boot/reverse/returnAttachment/upload", body, &headers).await;
            assert_eq!(res.status, status, "{name}: {}", res.text);
        }
        let (headers, body) = upload(&bob, "photo.png", PNG);
        let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
        assert_eq!(app.post_raw("/boot/reverse/returnAttachment/upload", body, &headers).await.status, 404);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_return_attachment").await, 1);
        let download = format!("/boot/reverse/returnAttachment/download?id={}", photo["id"].as_str().unwrap());
        let mine = app.get(&download, &h(&alice)).await;
        assert_eq!((mine.status.as_u16(), mine.bytes.as_slice()), (200, PNG));
        assert_eq!(app.get(&download, &h(&bob)).await.status, 404);
        assert_eq!(app.get(&download, &h(&admin)).await.status, 200);

        // Customers do not approve, receive or charge.
        let step = |path: &str| format!("/boot/reverse/return/{path}");
        assert_eq!(app.post_json(&step("approve"), &json!({"id": id}), &h(&alice)).await.status, 403);
        let scan = json!({"number": return_no, "condition": "opened", "conditionRemark": "tape cut"});
        assert_eq!(app.post_json(&step("receive"), &scan, &h(&alice)).await.status, 403);
        let approved = ok(app.post_json(&step("approve"), &json!({"id": id}), &h(&admin)).await, "approve").await;
        assert_eq!(approved["status"], "approved");
        assert_eq!(approved["actions"], json!(["cancel", "receive", "decide", "attach"]), "{approved}");

        // The thread: each comment reaches the other side's bell; Bob cannot write in it.
        ok(
            app.post_json("/boot/reverse/returnComment/add", &json!({"returnId": id, "content": "Please reship"}), &h(&alice))
                .await,
            "c1",
        )
        .await;
        ok(
            app.post_json("/boot/reverse/returnComment/add", &json!({"returnId": id, "content": "<b>OK</b>"}), &h(&admin)).await,
            "c2",
        )
        .await;
        let res = app.post_json("/boot/reverse/returnComment/add", &json!({"returnId": id, "content": "hi"}), &h(&bob)).await;
        assert_eq!(res.status, 404, "{}", res.text);
        let res = app.post_json("/boot/reverse/returnComment/add", &json!({"returnId": id, "content": " "}), &h(&alice)).await;
        assert_eq!(res.status, 400, "{}", res.text);
        let bell = |token: String| {
            let app = &app;
            async move { ok(app.get("/boot/sys/annountCement/listByUser", &h(&token)).await, "bell").await }
        };
        let admin_bell = bell(admin.clone()).await;
        assert!(admin_bell.to_string().contains(&format!("New comment on return {return_no}")), "{admin_bell}");
        let alice_bell = bell(alice.clone()).await;
        assert!(alice_bell.to_string().contains(&return_no), "{alice_bell}");
        assert!(!bell(bob.clone()).await.to_string().contains(&return_no));

        // Received by scan, with the condition found; a second scan changes nothing.
        let res = app.post_json(&step("receive"), &json!({"number": return_no, "condition": "opened"}), &h(&admin)).await;
        assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some("conditionRemark")), "{}", res.text);
        let received = ok(app.post_json(&step("receive"), &scan, &h(&admin)).await, "receive").await;
        assert_eq!((received["status"].as_str(), received["condition"].as_str()), (Some("received"), Some("opened")));
        let res = app.post_json(&step("receive"), &scan, &h(&admin)).await;
        assert_eq!(res.status, 409, "{}", res.text);
        assert_eq!(app.post_json(&step("cancel"), &json!({"id": id}), &h(&alice)).await.status, 409);

        // Decided by the customer, completed by staff: the reship is a new draft linked to the return.
        let res = app.post_json(&step("complete"), &json!({"id": id}), &h(&admin)).await;
        assert_eq!(res.status, 400, "{}", res.text);
        let decided =
            ok(app.post_json(&step("decide"), &json!({"id": id, "decision": "reship"}), &h(&alice)).await, "decide").await;
        assert_eq!((decided["decision"].as_str(), decided["decisionSide"].as_str()), (Some("reship"), Some("customer")));
        let done = ok(app.post_json(&step("complete"), &json!({"id": id}), &h(&admin)).await, "complete").await;
        assert_eq!(done["status"], "completed");
        let reship = done["reshipShipmentId"].as_str().unwrap();
        let copy = ok(app.get(&format!("/boot/logistics/shipment/queryById?id={reship}"), &h(&alice)).await, "reship").await;
        assert_eq!(
            (copy["shipmentStatus"].as_str(), copy["consignee"]["name"].as_str().or(copy["consigneeName"].as_str())),
            (Some("draft"), Some("Ann Lee"))
        );
        assert_eq!(copy["serialNumber"], done["reshipSerialNumber"]);
        assert_eq!(app.post_json(&step("complete"), &json!({"id": id}), &h(&admin)).await.status, 409);
        let statuses: Vec<String> =
            done["tracks"].as_array().unwrap().iter().map(|t| t["status"].as_str().unwrap().to_owned()).collect();
        assert_eq!(statuses, ["returned", "returned", "returning", "info_received"], "{}", done["tracks"]);

        // A fee charged exactly once (a replay answers the first; another key is refused), a refund paid.
        let fee = json!({"returnId": id, "kind": "fee", "amount": "5.00", "remark": "handling"});
        let keyed = |key: &'static str| {
            [("x-access-token", admin.clone()), ("idempotency-key", key.to_owned()), ("accept-language", "en-US".to_owned())]
        };
        let k1 = keyed("fee-1");
        let k1: Vec<(&str, &str)> = k1.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let charged = ok(app.post_json("/boot/reverse/returnAccount/add", &fee, &k1).await, "fee").await;
        assert_eq!((charged["amount"].as_str(), charged["kind"].as_str()), (Some("5.00"), Some("fee")));
        assert_eq!(ok(app.post_json("/boot/reverse/returnAccount/add", &fee, &k1).await, "replay").await, charged);
        let k2 = keyed("fee-2");
        let k2: Vec<(&str, &str)> = k2.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let twice = app.post_json("/boot/reverse/returnAccount/add", &fee, &k2).await;
        assert_eq!(twice.status, 409, "{}", twice.text);
        assert!(twice.json()["message"].as_str().unwrap().contains("return fee is already posted"), "{}", twice.text);
        assert_eq!(app.post_json("/boot/reverse/returnAccount/add", &fee, &h(&alice)).await.status, 403);
        let bad = app
            .post_json(
                "/boot/reverse/returnAccount/add",
                &json!({"returnId": id, "kind": "refund", "amount": "1.001"}),
                &h(&admin),
            )
            .await;
        assert_eq!((bad.status.as_u16(), bad.json()["result"]["field"].as_str()), (400, Some("amount")), "{}", bad.text);
        ok(
            app.post_json(
                "/boot/reverse/returnAccount/add",
                &json!({"returnId": id, "kind": "refund", "amount": "2.50"}),
                &h(&admin),
            )
            .await,
            "refund",
        )
        .await;
        let trades =
            ok(app.get(&format!("/boot/logistics/wallet/trade/list?outTradeNo={return_no}"), &h(&alice)).await, "trades").await;
        assert_eq!(trades["total"], 2, "{trades}");
        let fees = ok(app.get("/boot/logistics/wallet/trade/list?tradeType=fee", &h(&alice)).await, "fees").await;
        assert_eq!((fees["total"].as_i64(), fees["records"][0]["money"].as_str()), (Some(1), Some("-5.00")), "{fees}");
        assert_eq!(ok(app.get("/boot/reverse/returnAccount/list", &h(&alice)).await, "accounts").await["total"], 2);
        assert_eq!(ok(app.get("/boot/reverse/returnAccount/list", &h(&bob)).await, "bob accounts").await["total"], 0);
        assert_eq!(ok(app.get("/boot/reverse/returnComment/list", &h(&bob)).await, "bob comments").await["total"], 0);
        assert_eq!(ok(app.get("/boot/reverse/returnAttachment/list", &h(&bob)).await, "bob files").await["total"], 0);
        assert!(ledger::reconcile(app.db(), None).await.unwrap().balanced());

        // Ended, the parcel may come back again.
        let next = ok(
            app.post_json("/boot/reverse/return/add", &json!({"number": sys, "reason": "customerReturn"}), &h(&alice)).await,
            "again",
        )
        .await;
        assert_ne!(next["returnNo"], return_no.as_str());
    }
}

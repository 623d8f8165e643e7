//! Warehouse intake on SQLite and PostgreSQL: a scanned parcel is re-quoted with the prices its
//! order was charged at (not today's), the hold captured and the difference posted as a `reweigh`
//! trade to the cent; a repeated scan changes nothing; of two operators scanning one parcel one
//! wins; an order partly received can no longer be cancelled; misread, unknown and cancelled
//! parcels are refused with the reason; customers neither receive parcels nor list them.

use logistics_core::decimal;
use logistics_core::wallet::minor_places;
use logistics_server::wallet::ledger;
use serde_json::{Value, json};

use crate::carrier::pricing::{card, register};
use crate::common::{ADMIN_PASSWORD, TestApp, count};
use crate::shipment::orders::{b2c_order, b2c_product, recharge};
use crate::system::admin::{delete, h, ok};

/// Minor units of a CNY amount as the API writes it.
fn cents(text: &str) -> i64 {
    let d = decimal::parse(text).unwrap_or_else(|| panic!("{text}"));
    let fixed = decimal::fixed(d, minor_places("CNY").unwrap());
    fixed.replace('.', "").parse().unwrap()
}

pub(crate) async fn submitted(app: &TestApp, token: &str, body: &Value) -> Value {
    let draft = ok(app.post_json("/boot/logistics/shipment/add", body, &h(token)).await, "add").await;
    let id = draft["id"].as_str().unwrap();
    ok(app.post_json("/boot/logistics/shipment/submit", &json!({"id": id}), &h(token)).await, "submit").await;
    ok(app.get(&format!("/boot/logistics/shipment/queryById?id={id}"), &h(token)).await, "q").await
}

/// The forecast total of the product for parcels as measured, as the customer sees it now.
async fn forecast(app: &TestApp, token: &str, product: &str, declared: &str, parcels: &Value) -> String {
    let answer = ok(
        app.post_json(
            "/boot/logistics/priceForecast",
            &json!({"countryCode": "US", "postalCode": "94105", "tradeType": "B2C", "declaredValue": declared, "parcels": parcels}),
            &h(token),
        )
        .await,
        "forecast",
    )
    .await;
    let quote = answer["quotes"].as_array().unwrap().iter().find(|q| q["channelProductId"] == product).unwrap();
    quote["total"].as_str().unwrap().to_owned()
}

async fn balance(app: &TestApp, token: &str) -> (String, String) {
    let page = ok(app.get("/boot/logistics/wallet/account/list?currency=CNY", &h(token)).await, "accounts").await;
    let a = &page["records"][0];
    (a["balance"].as_str().unwrap().to_owned(), a["held"].as_str().unwrap().to_owned())
}

#[tokio::test(flavor = "multi_thread")]
async fn intake_reweighs_at_the_charged_prices_once() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911118001").await;
        let (bob, _) = register(&app, "bob", "13911118002").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        recharge(&app, &alice_id, 2000).await;
        let en = |token: &str| vec![("x-access-token", token.to_owned()), ("accept-language", "en-US".to_owned())];
        let en_admin = en(&admin);
        let en_admin: Vec<(&str, &str)> = en_admin.iter().map(|(k, v)| (*k, v.as_str())).collect();

        let a = submitted(&app, &alice, &b2c_order(&product, "WH-A")).await;
        let held_a = a["deductAmount"].as_str().unwrap().to_owned();
        let sys_a = a["parcels"][0]["sysTrackNo"].as_str().unwrap().to_owned();
        let measured = json!([{"length": "40", "width": "30", "height": "20", "weight": "3.2", "quantity": 1}]);
        let expected = forecast(&app, &alice, &product, "19.80", &measured).await;

        // Prices change after submission: the warehouse still charges the order's own.
        let cards = ok(app.get("/boot/logistics/rateCard/list", &h(&admin)).await, "cards").await;
        let mut edit = card("EXP", "300");
        edit["id"] = cards["records"][0]["id"].clone();
        ok(app.put_json("/boot/logistics/rateCard/edit", &edit, &h(&admin)).await, "edit").await;
        assert_ne!(forecast(&app, &alice, &product, "19.80", &measured).await, expected, "prices did change");

        // Bad scans change nothing and say why.
        let mut misread = sys_a.clone();
        let digit = misread.remove(10);
        misread.insert(10, if digit == '0' { '1' } else { '0' });
        for (form, status, field, needle) in [
            (json!({"number": misread, "weight": "1"}), 400, "number", "check digit"),
            (json!({"number": "NOPE-1", "weight": "1"}), 400, "number", "No parcel"),
            (json!({"number": sys_a, "weight": "0"}), 400, "weight", "greater than"),
            (json!({"number": sys_a, "weight": "1", "length": "10"}), 400, "width", "together"),
        ] {
            let res = app.post_json("/boot/logistics/inbound/intake", &form, &en_admin).await;
            assert_eq!(res.status, status, "{form}: {}", res.text);
            assert_eq!(res.json()["result"]["field"], field, "{}", res.text);
            assert!(res.json()["message"].as_str().unwrap().contains(needle), "{}", res.text);
        }
        // Customers do not receive parcels.
        let res = app.post_json("/boot/logistics/inbound/intake", &json!({"number": sys_a, "weight": "1"}), &h(&alice)).await;
        assert_eq!(res.status, 403, "{}", res.text);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_inbound_parcel").await, 0);

        // Received: re-quoted at the charged prices, the difference settled exactly, once per key.
        let scan = json!({"number": sys_a.to_lowercase(), "weight": "3.2", "length": "40", "width": "30", "height": "20"});
        let keyed = [("x-access-token", admin.as_str()), ("idempotency-key", "scan-a-1")];
        let first = ok(app.post_json("/boot/logistics/inbound/intake", &scan, &keyed).await, "intake").await;
        assert_eq!((first["complete"].as_bool(), first["shipmentStatus"].as_str()), (Some(true), Some("received")), "{first}");
        assert_eq!(first["heldAmount"], held_a.as_str());
        assert_eq!(first["chargedAmount"], expected.as_str(), "{first}");
        let adjustment = cents(&expected) - cents(&held_a);
        assert_eq!(cents(first["adjustment"].as_str().unwrap()), adjustment);
        assert!(adjustment > 0, "heavier parcel costs more");
        assert_eq!(first["inbound"]["bulky"], "4.000");
        assert_eq!(first["inbound"]["declaredWeight"], "1.25");
        let replay = app.post_json("/boot/logistics/inbound/intake", &scan, &keyed).await;
        assert_eq!(replay.json()["result"], first, "replayed");
        let again = app
            .post_json("/boot/logistics/inbound/intake", &scan, &[("x-access-token", &admin), ("accept-language", "zh-CN")])
            .await;
        assert_eq!(again.status, 409, "{}", again.text);
        assert!(again.json()["message"].as_str().unwrap().contains("已入库"), "{}", again.text);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_inbound_parcel").await, 1);

        // The wallet: the final charge spent, nothing held, a visible re-weigh line, the ledger whole.
        let spent = cents(&expected);
        let (bal, held) = balance(&app, &alice).await;
        assert_eq!((cents(&bal), held.as_str()), (200_000 - spent, "0.00"));
        let trades = ok(app.get("/boot/logistics/wallet/trade/list?tradeType=reweigh", &h(&alice)).await, "trades").await;
        assert_eq!(trades["total"], 1, "{trades}");
        assert_eq!(cents(trades["records"][0]["money"].as_str().unwrap()), -adjustment, "{trades}");
        assert_eq!(trades["records"][0]["outTradeNo"], a["serialNumber"]);
        assert!(ledger::reconcile(app.db(), None).await.unwrap().balanced());
        let order =
            ok(app.get(&format!("/boot/logistics/shipment/queryById?id={}", a["id"].as_str().unwrap()), &h(&alice)).await, "a")
                .await;
        assert_eq!(
            (order["shipmentStatus"].as_str(), order["deductAmount"].as_str()),
            (Some("received"), Some(expected.as_str()))
        );
        // A warehouse event in the order's timeline.
        let track = ok(app.get(&format!("/boot/logistics/track/search?numbers={sys_a}"), &h(&alice)).await, "track").await;
        assert!(track.to_string().contains("weighed 3.2 kg") || track.to_string().contains("复重 3.2 kg"), "{track}");

        // The inbound list: staff see it, the customer its own, another customer nothing.
        let list = ok(app.get(&format!("/boot/logistics/inbound/list?numbers={sys_a}"), &h(&admin)).await, "list").await;
        assert_eq!((list["total"].as_i64(), list["records"][0]["weight"].as_str()), (Some(1), Some("3.2")));
        // Customers hold no warehouse pages (the list is scoped to a customer's own besides).
        assert_eq!(app.get("/boot/logistics/inbound/list", &h(&alice)).await.status, 403);
        assert_eq!(app.get("/boot/logistics/inbound/list", &h(&bob)).await.status, 403);

        // Two parcels: the first in leaves the order open (and no longer cancellable); the
        // second, lighter than declared, settles it with a refund.
        let mut two = b2c_order(&product, "WH-B");
        let second = json!({"reference": "R2", "length": "30", "width": "20", "height": "10", "weight": "2",
            "products": [{"frName": "Cap", "lcName": "帽子", "quantity": 1, "unitPrice": "5", "unitWeight": "0.2", "frHscode": "6505.00.00"}]});
        two["parcels"].as_array_mut().unwrap().push(second);
        let b = submitted(&app, &alice, &two).await;
        let held_b = b["deductAmount"].as_str().unwrap().to_owned();
        let (p1, p2) = (b["parcels"][0]["sysTrackNo"].as_str().unwrap(), b["parcels"][1]["sysTrackNo"].as_str().unwrap());
        let one =
            ok(app.post_json("/boot/logistics/inbound/intake", &json!({"number": p1, "weight": "0.5"}), &h(&admin)).await, "p1")
                .await;
        assert_eq!(
            (one["complete"].as_bool(), one["receivedPieces"].as_i64(), one["pieces"].as_i64()),
            (Some(false), Some(1), Some(2))
        );
        assert!(one["chargedAmount"].is_null());
        let cancel = app
            .post_json(
                "/boot/logistics/shipment/cancel",
                &json!({"id": b["id"]}),
                &en(&alice).iter().map(|(k, v)| (*k, v.as_str())).collect::<Vec<_>>(),
            )
            .await;
        assert_eq!(cancel.status, 409, "{}", cancel.text);
        assert!(cancel.json()["message"].as_str().unwrap().contains("already received"), "{}", cancel.text);
        let both = json!([{"length": "30", "width": "20", "height": "10", "weight": "0.5", "quantity": 1},
            {"length": "30", "width": "20", "height": "10", "weight": "0.5", "quantity": 1}]);
        let expected_b = forecast(&app, &alice, &product, "24.80", &both).await;
        // B was charged at the changed prices; today's go back: B keeps its own.
        let cards = ok(app.get("/boot/logistics/rateCard/list", &h(&admin)).await, "cards").await;
        let mut back = card("EXP", "120");
        back["id"] = cards["records"][0]["id"].clone();
        ok(app.put_json("/boot/logistics/rateCard/edit", &back, &h(&admin)).await, "back").await;
        let done =
            ok(app.post_json("/boot/logistics/inbound/intake", &json!({"number": p2, "weight": "0.5"}), &h(&admin)).await, "p2")
                .await;
        assert_eq!(
            (done["complete"].as_bool(), done["chargedAmount"].as_str()),
            (Some(true), Some(expected_b.as_str())),
            "{done}"
        );
        assert_eq!(cents(done["adjustment"].as_str().unwrap()), cents(&expected_b) - cents(&held_b));
        assert!(cents(&expected_b) < cents(&held_b), "lighter parcels are refunded");

        // A cancelled order's parcel is set aside.
        let c = submitted(&app, &alice, &b2c_order(&product, "WH-C")).await;
        ok(app.post_json("/boot/logistics/shipment/cancel", &json!({"id": c["id"]}), &h(&alice)).await, "cancel c").await;
        let res = app
            .post_json(
                "/boot/logistics/inbound/intake",
                &json!({"number": c["parcels"][0]["sysTrackNo"], "weight": "1"}),
                &en_admin,
            )
            .await;
        assert_eq!(res.status, 409, "{}", res.text);
        assert!(res.json()["message"].as_str().unwrap().contains("cancelled"), "{}", res.text);

        // Two operators scan the same parcel at once: one wins, the other is told.
        let d = submitted(&app, &alice, &b2c_order(&product, "WH-D")).await;
        let number = d["parcels"][0]["sysTrackNo"].as_str().unwrap().to_owned();
        let race = |weight: &'static str| {
            let (app, admin, number) = (&app, admin.clone(), number.clone());
            async move {
                app.post_json("/boot/logistics/inbound/intake", &json!({"number": number, "weight": weight}), &h(&admin)).await
            }
        };
        let (x, y) = tokio::join!(race("1.3"), race("1.4"));
        let mut statuses = [x.status.as_u16(), y.status.as_u16()];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "{} / {}", x.text, y.text);
        assert_eq!(
            count(
                app.db(),
                &format!(
                    "SELECT COUNT(*) AS n FROM wallet_entry WHERE trade_type = 'capture' AND out_trade_no = '{}'",
                    d["serialNumber"].as_str().unwrap()
                )
            )
            .await,
            3,
            "one capture (three legs)"
        );

        // A batch: a result per row, in order.
        let e = submitted(&app, &alice, &b2c_order(&product, "WH-E")).await;
        let e_no = e["parcels"][0]["sysTrackNo"].as_str().unwrap();
        let batch = ok(
            app.post_json(
                "/boot/logistics/inbound/intakeBatch",
                &json!({"rows": [{"number": e_no, "weight": "1.25"}, {"number": "NOPE-2", "weight": "1"}, {"number": e_no, "weight": "1.25"}]}),
                &en_admin,
            )
            .await,
            "batch",
        )
        .await;
        assert_eq!((batch["succeeded"].as_i64(), batch["failed"].as_i64()), (Some(1), Some(2)), "{batch}");
        assert_eq!(batch["rows"][0]["result"]["adjustment"], "0.00", "same weight, same price");
        assert!(batch["rows"][1]["message"].as_str().unwrap().contains("NOPE-2"));
        assert!(batch["rows"][2]["message"].as_str().unwrap().contains("already received"));
        assert!(ledger::reconcile(app.db(), None).await.unwrap().balanced());
    }
}

/// Receives every parcel of `order` (weighed as declared).
async fn receive(app: &TestApp, admin: &str, order: &Value) {
    for parcel in order["parcels"].as_array().unwrap() {
        let scan = json!({"number": parcel["sysTrackNo"], "weight": parcel["weight"]});
        ok(app.post_json("/boot/logistics/inbound/intake", &scan, &h(admin)).await, "intake").await;
    }
}

async fn status(app: &TestApp, token: &str, order: &Value) -> String {
    let id = order["id"].as_str().unwrap();
    let found = ok(app.get(&format!("/boot/logistics/shipment/queryById?id={id}"), &h(token)).await, "q").await;
    found["shipmentStatus"].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn parcels_are_sorted_into_packages_and_handed_over_in_batches() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911119001").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        recharge(&app, &alice_id, 5000).await;
        let en = [("x-access-token", admin.as_str()), ("accept-language", "en-US")];
        let zh = [("x-access-token", admin.as_str()), ("accept-language", "zh-CN")];
        let us1 = submitted(&app, &alice, &b2c_order(&product, "SP-1")).await;
        let mut two = b2c_order(&product, "SP-2");
        let second = two["parcels"][0].clone();
        let mut second = second;
        second["reference"] = json!("R2");
        two["parcels"].as_array_mut().unwrap().push(second);
        let us2 = submitted(&app, &alice, &two).await;
        let mut berlin = b2c_order(&product, "SP-3");
        berlin["consignee"] = json!({"name": "Max Muster", "phone": "+49 30 1234567", "country": "DE", "city": "Berlin",
            "postalCode": "10115", "address1": "Unter den Linden 1"});
        let de = submitted(&app, &alice, &berlin).await;
        let number = |o: &Value, i: usize| o["parcels"][i]["sysTrackNo"].as_str().unwrap().to_owned();

        // Not received yet: not sorted.
        let res = app.post_json("/boot/logistics/outPackage/pack", &json!({"number": number(&us1, 0)}), &en).await;
        assert_eq!(res.status, 409, "{}", res.text);
        assert!(res.json()["message"].as_str().unwrap().contains("has not been received"), "{}", res.text);
        for o in [&us1, &us2, &de] {
            receive(&app, &admin, o).await;
        }

        // Parcels of one kind share a package; another country opens another.
        let a = ok(app.post_json("/boot/logistics/outPackage/pack", &json!({"number": number(&us1, 0)}), &h(&admin)).await, "a")
            .await;
        assert_eq!((a["created"].as_bool(), a["orderSorted"].as_bool()), (Some(true), Some(true)), "{a}");
        let us_package = a["package"]["packageNo"].as_str().unwrap().to_owned();
        assert!(us_package.starts_with("PK"), "{a}");
        assert_eq!((a["package"]["country"].as_str(), a["package"]["pieces"].as_i64()), (Some("US"), Some(1)));
        assert_eq!(status(&app, &alice, &us1).await, "sorted");
        let again = app.post_json("/boot/logistics/outPackage/pack", &json!({"number": number(&us1, 0)}), &en).await;
        assert_eq!(again.status, 409, "{}", again.text);
        assert!(again.json()["message"].as_str().unwrap().contains("already in package"), "{}", again.text);
        let b = ok(app.post_json("/boot/logistics/outPackage/pack", &json!({"number": number(&us2, 0)}), &h(&admin)).await, "b")
            .await;
        assert_eq!((b["created"].as_bool(), b["package"]["packageNo"].as_str()), (Some(false), Some(us_package.as_str())));
        assert_eq!((b["orderSorted"].as_bool(), b["package"]["pieces"].as_i64()), (Some(false), Some(2)), "one of two parcels");
        assert_eq!(status(&app, &alice, &us2).await, "received");
        let wrong = app
            .post_json("/boot/logistics/outPackage/pack", &json!({"number": number(&de, 0), "packageNo": us_package}), &en)
            .await;
        assert_eq!(wrong.status, 409, "{}", wrong.text);
        assert!(wrong.json()["message"].as_str().unwrap().contains("cannot go in"), "{}", wrong.text);
        let c =
            ok(app.post_json("/boot/logistics/outPackage/pack", &json!({"number": number(&de, 0)}), &h(&admin)).await, "c").await;
        assert_eq!((c["created"].as_bool(), c["package"]["country"].as_str()), (Some(true), Some("DE")));
        let de_package = c["package"]["packageNo"].as_str().unwrap().to_owned();

        // Undo: the parcel back out, its order no longer sorted; then in again.
        let out =
            ok(app.post_json("/boot/logistics/outPackage/unpack", &json!({"number": number(&us1, 0)}), &h(&admin)).await, "un")
                .await;
        assert_eq!(out["pieces"], 1);
        assert_eq!(status(&app, &alice, &us1).await, "received");
        ok(app.post_json("/boot/logistics/outPackage/pack", &json!({"number": number(&us1, 0)}), &h(&admin)).await, "re").await;
        let d = ok(app.post_json("/boot/logistics/outPackage/pack", &json!({"number": number(&us2, 1)}), &h(&admin)).await, "d")
            .await;
        assert_eq!((d["orderSorted"].as_bool(), d["package"]["pieces"].as_i64()), (Some(true), Some(3)));
        let weight = d["package"]["weight"].as_str().unwrap();
        assert_eq!(weight, "3.75", "three parcels of 1.25 kg");
        let inside = ok(app.get(&format!("/boot/logistics/inbound/list?packageNo={us_package}"), &h(&admin)).await, "in").await;
        assert_eq!(inside["total"], 3);

        // Out-batch: the spec's messages, one batch a package, no empty handover.
        let batch =
            ok(app.post_json("/boot/logistics/outBatch/add", &json!({"remark": "UPS pickup"}), &h(&admin)).await, "batch").await;
        let batch_id = batch["id"].as_str().unwrap().to_owned();
        assert!(batch["batchNo"].as_str().unwrap().starts_with("OB"), "{batch}");
        let add = |package: &str, headers: &'static str| {
            let (app, batch_id, package) = (&app, batch_id.clone(), package.to_owned());
            let headers: Vec<(&str, &str)> = if headers == "zh" { zh.to_vec() } else { en.to_vec() };
            async move {
                app.post_json(
                    "/boot/logistics/outBatch/addPackage",
                    &json!({"batchId": batch_id, "packageNo": package}),
                    &headers,
                )
                .await
            }
        };
        let res = add("", "en").await;
        assert_eq!((res.status.as_u16(), res.json()["message"].as_str()), (400, Some("package number required")), "{}", res.text);
        let res = add("PK-NOPE", "en").await;
        assert_eq!(
            (res.status.as_u16(), res.json()["message"].as_str()),
            (400, Some("no package found, please check whether the package number is correct")),
            "{}",
            res.text
        );
        let res = add(&us_package.to_lowercase(), "en").await;
        assert_eq!(res.status, 200, "{}", res.text);
        assert_eq!((res.json()["result"]["packages"].as_i64(), res.json()["result"]["pieces"].as_i64()), (Some(1), Some(3)));
        let res = add(&us_package, "en").await;
        assert_eq!(
            (res.status.as_u16(), res.json()["message"].as_str()),
            (409, Some("package has batch can't repeat operation"))
        );
        let res = add(&us_package, "zh").await;
        assert_eq!(res.json()["message"], "包裹已有批次，不能重复操作!");
        // A package in a batch takes no more parcels and is not deleted.
        let res = app.post_json("/boot/logistics/outPackage/unpack", &json!({"number": number(&us1, 0)}), &en).await;
        assert_eq!(res.status, 409, "{}", res.text);
        let empty = ok(app.post_json("/boot/logistics/outBatch/add", &json!({}), &h(&admin)).await, "empty").await;
        let res = app.post_json("/boot/logistics/outBatch/handOver", &json!({"id": empty["id"]}), &en).await;
        assert_eq!((res.status.as_u16(), res.json()["message"].as_str()), (409, Some("no package")), "{}", res.text);

        // Handed over: packages handed, parcels and orders shipped, an event each.
        let handed =
            ok(app.post_json("/boot/logistics/outBatch/handOver", &json!({"id": batch_id}), &h(&admin)).await, "hand").await;
        assert_eq!((handed["batchStatus"].as_str(), handed["handedBy"].as_str()), (Some("handed"), Some("admin")));
        assert_eq!(status(&app, &alice, &us1).await, "shipped");
        assert_eq!(status(&app, &alice, &us2).await, "shipped");
        assert_eq!(status(&app, &alice, &de).await, "sorted", "its package stayed");
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_track_event WHERE source_code = 'OUTBOUND'").await, 3);
        assert_eq!(
            count(app.db(), "SELECT COUNT(*) AS n FROM logistics_track_event WHERE source_code = 'PACKED'").await,
            4,
            "packed again into the same package: the same event"
        );
        let res = app.post_json("/boot/logistics/outBatch/handOver", &json!({"id": batch_id}), &en).await;
        assert_eq!(res.status, 409, "{}", res.text);
        // The carrier has them: their orders follow its events (in transit, then delivered); the
        // order still in the warehouse does not, whatever an early scan says.
        let later = |s: i64| (chrono::Utc::now() + chrono::Duration::seconds(s)).to_rfc3339();
        let (us1_no, us2_no, de_no) =
            (us1["serialNumber"].as_str().unwrap(), us2["serialNumber"].as_str().unwrap(), de["serialNumber"].as_str().unwrap());
        let csv = format!(
            "number,code,time,location,detail\n{us1_no},in_transit,{},Anchorage,运输中\n{us2_no},in_transit,{},Anchorage,运输中\n\
             {us2_no},delivered,{},New York,已签收\n{de_no},delivered,{},Berlin,已签收\n",
            later(1),
            later(1),
            later(2),
            later(2)
        );
        let (ct, body) = crate::tracking::csv_form(&csv);
        let headers = [("content-type", ct.as_str()), ("x-access-token", admin.as_str()), ("accept-language", "en-US")];
        let up = ok(app.post_raw("/boot/logistics/trackEvent/importExcel", body, &headers).await, "events").await;
        assert_eq!(up["stored"].as_i64(), Some(4), "{up}");
        assert_eq!(status(&app, &alice, &us1).await, "inTransit");
        assert_eq!(status(&app, &alice, &us2).await, "delivered");
        assert_eq!(status(&app, &alice, &de).await, "sorted", "not handed over: the warehouse still has it");
        let res = app.post_json("/boot/logistics/outBatch/removePackage", &json!({"packageNo": us_package}), &en).await;
        assert_eq!(res.status, 409, "handed: {}", res.text);
        let packages = ok(app.get("/boot/logistics/outPackage/list?packageStatus=handed", &h(&admin)).await, "pk").await;
        assert_eq!(
            (packages["total"].as_i64(), packages["records"][0]["batchNo"].as_str()),
            (Some(1), handed["batchNo"].as_str())
        );
        let ids = format!("/boot/logistics/outPackage/list?packageNo={de_package}");
        let de_row = ok(app.get(&ids, &h(&admin)).await, "de").await;
        let res = delete(
            &app,
            &format!("/boot/logistics/outPackage/delete?id={}", de_row["records"][0]["id"].as_str().unwrap()),
            &admin,
        )
        .await;
        assert_eq!(res.status, 409, "not empty: {}", res.text);
        // The package's label: its number as text, barcode and QR code, read back; ZPL too.
        let us_id = packages["records"][0]["id"].as_str().unwrap();
        let pdf = app.get(&format!("/boot/logistics/outPackage/label?ids={us_id}"), &h(&admin)).await;
        assert_eq!(
            (pdf.status.as_u16(), pdf.headers["content-type"].to_str().unwrap()),
            (200, "application/pdf"),
            "{}",
            pdf.text
        );
        let (pages, text) = crate::printing::pdf_text(&pdf.bytes);
        assert_eq!(pages, 1);
        assert!(text.contains(&us_package) && text.contains("3.75 kg"), "{text}");
        let codes = crate::printing::decoded(&pdf.bytes, 1, 203);
        assert!(codes.iter().filter(|c| **c == us_package).count() >= 2, "barcode and QR read back: {codes:?}");
        let zpl = app.get(&format!("/boot/logistics/outPackage/label?ids={us_id}&format=zpl"), &h(&admin)).await;
        assert_eq!(zpl.status, 200, "{}", zpl.text);
        assert!(zpl.text.starts_with("^XA") && zpl.text.contains(&us_package), "{}", zpl.text);
        assert_eq!(app.get(&format!("/boot/logistics/outPackage/label?ids={us_id}"), &h(&alice)).await.status, 403);
        // Customers hold none of it.
        assert_eq!(app.get("/boot/logistics/outPackage/list", &h(&alice)).await.status, 403);
        assert_eq!(app.post_json("/boot/logistics/outBatch/add", &json!({}), &h(&alice)).await.status, 403);
    }
}

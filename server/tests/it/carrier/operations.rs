//! Carrier operations on SQLite and PostgreSQL: a supplier's credentials are sealed at rest and
//! reach its adapter; services belong to their supplier; depots and hand-over points; a dispatch
//! takes only live orders of its own carrier, each once; its pickup is booked through the
//! adapter; closing the day's manifest closes the day (no second close, no later dispatch) and
//! its PDF and xlsx carry every order, byte for byte the same on each download, in the reader's
//! language; numbers of cancelled orders are voided, once, and stay in the ledger.

use calamine::{Data, Reader, Xlsx};
use serde_json::{Value, json};

use crate::carrier::pricing::register;
use crate::common::{ADMIN_PASSWORD, TestApp, count};
use crate::printing::{decoded, pdf_text};
use crate::shipment::orders::{b2c_order, b2c_product, recharge};
use crate::system::admin::{h, ok};
use crate::warehouse::submitted;

fn zh(token: &str) -> [(&'static str, &str); 2] {
    [("x-access-token", token), ("accept-language", "zh-CN")]
}

async fn refused(res: crate::common::TestResponse, status: u16, says: &str) {
    assert_eq!(res.status.as_u16(), status, "{}", res.text);
    let message = res.json()["message"].as_str().unwrap_or_default().to_owned();
    assert!(message.contains(says), "{message:?} should say {says:?}");
}

fn cells(bytes: &[u8]) -> Vec<Vec<String>> {
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes.to_vec())).expect("an xlsx");
    let name = book.sheet_names()[0].clone();
    let range = book.worksheet_range(&name).expect("a sheet");
    range
        .rows()
        .map(|r| {
            r.iter()
                .map(|c| match c {
                    Data::Float(f) => f.to_string(),
                    Data::Int(i) => i.to_string(),
                    other => other.to_string(),
                })
                .collect()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_days_orders_are_dispatched_and_closed_into_the_carriers_manifest() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911117001").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        recharge(&app, &alice_id, 5000).await;

        // The supplier speaks through the sandbox adapter, signed in with sealed credentials.
        let suppliers = ok(app.get("/boot/logistics/supplier/list", &h(&admin)).await, "suppliers").await;
        let mut ups = suppliers["records"][0].clone();
        assert_eq!(ups["hasCredentials"], 0);
        let ups_id = ups["id"].as_str().unwrap().to_owned();
        ups["apiType"] = json!("sandbox");
        ups["credentials"] = json!("[1]");
        refused(app.put_json("/boot/logistics/supplier/edit", &ups, &h(&admin)).await, 400, "JSON object").await;
        ups["credentials"] = json!(r#"{"apiKey": "secret-key-1", "account": "A1"}"#);
        ok(app.put_json("/boot/logistics/supplier/edit", &ups, &h(&admin)).await, "credentials").await;
        let kept = ok(app.get(&format!("/boot/logistics/supplier/queryById?id={ups_id}"), &h(&admin)).await, "q").await;
        assert_eq!(kept["hasCredentials"], 1, "{kept}");
        assert!(!kept.to_string().contains("secret-key-1"), "never sent back: {kept}");
        assert_eq!(
            count(app.db(), "SELECT COUNT(*) AS n FROM logistics_supplier WHERE credentials LIKE '%secret-key-1%'").await,
            0
        );
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_supplier WHERE credentials LIKE 'v1:%'").await, 1);
        ups.as_object_mut().unwrap().remove("credentials");
        ups["remark"] = json!("edited without credentials");
        ok(app.put_json("/boot/logistics/supplier/edit", &ups, &h(&admin)).await, "keep").await;
        let kept = ok(app.get(&format!("/boot/logistics/supplier/queryById?id={ups_id}"), &h(&admin)).await, "q").await;
        assert_eq!(kept["hasCredentials"], 1, "an edit without them keeps them");

        // Services: the supplier's own, named by its channels.
        let dhl = ok(
            app.post_json("/boot/logistics/supplier/add", &json!({"code": "DHL", "name": "敦豪", "nameEn": "DHL"}), &h(&admin))
                .await,
            "dhl",
        )
        .await;
        refused(
            app.post_json(
                "/boot/logistics/carrierService/add",
                &json!({"supplierId": ups_id, "code": "UPS-SV", "name": "UPS Saver", "transitMin": 5, "transitMax": 2}),
                &h(&admin),
            )
            .await,
            400,
            "cannot be fewer",
        )
        .await;
        let saver = ok(
            app.post_json(
                "/boot/logistics/carrierService/add",
                &json!({"supplierId": ups_id, "code": "UPS-SV", "name": "UPS 红单", "nameEn": "UPS Saver", "serviceType": "express", "transitMin": 2, "transitMax": 5}),
                &h(&admin),
            )
            .await,
            "service",
        )
        .await;
        let dhl_service = ok(
            app.post_json(
                "/boot/logistics/carrierService/add",
                &json!({"supplierId": dhl["id"], "code": "DHL-WPX", "name": "DHL WPX"}),
                &h(&admin),
            )
            .await,
            "dhl service",
        )
        .await;
        assert_eq!(dhl_service["serviceType"], "standard");
        let channels = ok(app.get("/boot/logistics/channel/list", &h(&admin)).await, "channels").await;
        let mut channel = channels["records"][0].clone();
        channel["serviceId"] = dhl_service["id"].clone();
        refused(app.put_json("/boot/logistics/channel/edit", &channel, &h(&admin)).await, 400, "not the channel's supplier's")
            .await;
        channel["serviceId"] = saver["id"].clone();
        ok(app.put_json("/boot/logistics/channel/edit", &channel, &h(&admin)).await, "channel service").await;
        let res = crate::system::admin::delete(
            &app,
            &format!("/boot/logistics/carrierService/delete?id={}", saver["id"].as_str().unwrap()),
            &admin,
        )
        .await;
        assert_eq!(res.status, 400, "a service a channel names stays: {}", res.text);

        // Depots: the forwarder's warehouse; a hand-over point names its carrier.
        refused(
            app.post_json(
                "/boot/logistics/platformDepot/add",
                &json!({"code": "HK-HUB", "name": "香港交接点", "depotType": "handover", "country": "HK"}),
                &h(&admin),
            )
            .await,
            400,
            "needs its carrier",
        )
        .await;
        let dhl_hub = ok(
            app.post_json(
                "/boot/logistics/platformDepot/add",
                &json!({"code": "HK-HUB", "name": "香港交接点", "depotType": "handover", "supplierId": dhl["id"], "country": "HK", "city": "Hong Kong"}),
                &h(&admin),
            )
            .await,
            "hub",
        )
        .await;
        let depot = ok(
            app.post_json(
                "/boot/logistics/platformDepot/add",
                &json!({"code": "SZ-WH", "name": "深圳仓", "nameEn": "Shenzhen warehouse", "country": "cn", "city": "深圳", "postalCode": "518000",
                    "address": "宝安区福永街道 1 号", "contact": "王五", "phone": "13800000000"}),
                &h(&admin),
            )
            .await,
            "depot",
        )
        .await;
        assert_eq!((depot["country"].as_str(), depot["depotType"].as_str()), (Some("CN"), Some("warehouse")));

        // A dispatch: UPS at the Shenzhen warehouse, on a day of its own.
        let day = "2026-12-02";
        refused(
            app.post_json(
                "/boot/logistics/dispatch/add",
                &json!({"supplierId": ups_id, "depotId": dhl_hub["id"], "pickupDate": day}),
                &h(&admin),
            )
            .await,
            400,
            "is not",
        )
        .await;
        refused(
            app.post_json(
                "/boot/logistics/dispatch/add",
                &json!({"supplierId": ups_id, "depotId": depot["id"], "pickupDate": "2026-02-30"}),
                &h(&admin),
            )
            .await,
            400,
            "real date",
        )
        .await;
        refused(
            app.post_json(
                "/boot/logistics/dispatch/add",
                &json!({"supplierId": ups_id, "depotId": depot["id"], "pickupDate": day, "pickupWindow": "18:00-09:00"}),
                &h(&admin),
            )
            .await,
            400,
            "the start before the end",
        )
        .await;
        let form = json!({"supplierId": ups_id, "depotId": depot["id"], "pickupDate": day, "pickupWindow": "14:00 - 18:00"});
        let dispatch = ok(app.post_json("/boot/logistics/dispatch/add", &form, &h(&admin)).await, "dispatch").await;
        let dispatch_id = dispatch["id"].as_str().unwrap().to_owned();
        assert!(dispatch["dispatchNo"].as_str().unwrap().starts_with("DP"), "{dispatch}");
        assert_eq!(
            (dispatch["dispatchStatus"].as_str(), dispatch["pickupWindow"].as_str()),
            (Some("created"), Some("14:00-18:00"))
        );
        assert_eq!(dispatch["supplierName"], "UPS");
        assert_eq!(
            app.post_json("/boot/logistics/dispatch/add", &form, &h(&alice)).await.status,
            403,
            "customers dispatch nothing"
        );

        let one = submitted(&app, &alice, &b2c_order(&product, "DP-1")).await;
        let mut pair = b2c_order(&product, "DP-2");
        let mut second = pair["parcels"][0].clone();
        second["reference"] = json!("R2");
        pair["parcels"].as_array_mut().unwrap().push(second);
        let two = submitted(&app, &alice, &pair).await;
        let draft =
            ok(app.post_json("/boot/logistics/shipment/add", &b2c_order(&product, "DP-3"), &h(&alice)).await, "draft").await;
        let serial = |o: &Value| o["serialNumber"].as_str().unwrap().to_owned();

        let add = |body: Value| {
            let app = &app;
            let admin = admin.clone();
            async move { app.post_json("/boot/logistics/dispatch/addShipments", &body, &h(&admin)).await }
        };
        refused(add(json!({"id": dispatch_id})).await, 400, "Choose the orders").await;
        refused(add(json!({"id": dispatch_id, "shipmentIds": [draft["id"]]})).await, 409, "not submitted yet").await;
        refused(add(json!({"id": dispatch_id, "numbers": ["NO-SUCH-ORDER"]})).await, 409, "No order NO-SUCH-ORDER").await;
        let after = ok(add(json!({"id": dispatch_id, "numbers": [serial(&one)], "shipmentIds": [two["id"]]})).await, "add").await;
        assert_eq!(
            (after["shipments"].as_i64(), after["pieces"].as_i64(), after["weight"].as_str()),
            (Some(2), Some(3), Some("3.75")),
            "{after}"
        );
        let res = add(json!({"id": dispatch_id, "numbers": [one["parcels"][0]["sysTrackNo"]]})).await;
        refused(res, 409, "already in dispatch").await;
        let items = ok(app.get(&format!("/boot/logistics/dispatch/items?id={dispatch_id}"), &h(&admin)).await, "items").await;
        assert_eq!(items.as_array().unwrap().len(), 2, "{items}");

        // Another carrier's dispatch refuses UPS's orders.
        let dhl_dispatch = ok(
            app.post_json(
                "/boot/logistics/dispatch/add",
                &json!({"supplierId": dhl["id"], "depotId": dhl_hub["id"], "pickupDate": day}),
                &h(&admin),
            )
            .await,
            "dhl dispatch",
        )
        .await;
        let res = app
            .post_json(
                "/boot/logistics/dispatch/addShipments",
                &json!({"id": dhl_dispatch["id"], "shipmentIds": [one["id"]]}),
                &h(&admin),
            )
            .await;
        refused(res, 409, "does not ship with DHL").await;
        refused(
            app.post_json("/boot/logistics/dispatch/requestPickup", &json!({"id": dhl_dispatch["id"]}), &h(&admin)).await,
            409,
            "holds no orders",
        )
        .await;

        // The pickup, booked through the adapter with the credentials.
        let booked =
            ok(app.post_json("/boot/logistics/dispatch/requestPickup", &json!({"id": dispatch_id}), &h(&admin)).await, "pickup")
                .await;
        assert_eq!(booked["dispatchStatus"], "requested");
        assert!(booked["pickupRef"].as_str().unwrap().starts_with("SBXP"), "{booked}");
        refused(
            app.post_json("/boot/logistics/dispatch/requestPickup", &json!({"id": dispatch_id}), &h(&admin)).await,
            409,
            "already requested",
        )
        .await;

        // Closing the day: nothing for DHL; UPS's manifest; then the day is closed.
        refused(
            app.post_json(
                "/boot/logistics/manifest/close",
                &json!({"supplierId": dhl["id"], "depotId": dhl_hub["id"], "date": day}),
                &h(&admin),
            )
            .await,
            409,
            "no dispatch to close",
        )
        .await;
        let close = json!({"supplierId": ups_id, "depotId": depot["id"], "date": day});
        let manifest = ok(app.post_json("/boot/logistics/manifest/close", &close, &h(&admin)).await, "close").await;
        let manifest_no = manifest["manifestNo"].as_str().unwrap().to_owned();
        assert!(manifest_no.starts_with("MF"), "{manifest}");
        assert_eq!(
            (manifest["dispatches"].as_i64(), manifest["shipments"].as_i64(), manifest["pieces"].as_i64()),
            (Some(1), Some(2), Some(3))
        );
        assert_eq!(manifest["weight"], "3.75");
        assert!(manifest["carrierRef"].as_str().unwrap().starts_with("SBXM"), "{manifest}");
        let res = app.post_json("/boot/logistics/manifest/close", &close, &zh(&admin)).await;
        refused(res, 409, "出货清单已关闭").await;
        refused(app.post_json("/boot/logistics/dispatch/add", &form, &h(&admin)).await, 409, "is closed").await;
        let closed = ok(app.get(&format!("/boot/logistics/dispatch/queryById?id={dispatch_id}"), &h(&admin)).await, "d").await;
        assert_eq!(
            (closed["dispatchStatus"].as_str(), closed["manifestNo"].as_str()),
            (Some("manifested"), Some(manifest_no.as_str()))
        );
        let res = add(json!({"id": dispatch_id, "shipmentIds": [draft["id"]]})).await;
        refused(res, 409, "closed into manifest").await;
        refused(
            app.post_json("/boot/logistics/dispatch/cancel", &json!({"id": dispatch_id}), &h(&admin)).await,
            409,
            "closed into manifest",
        )
        .await;

        // Its files: every order, the same bytes each time, in the reader's language.
        let id = manifest["id"].as_str().unwrap();
        let pdf = app.get(&format!("/boot/logistics/manifest/pdf?id={id}"), &h(&admin)).await;
        assert_eq!(pdf.status, 200, "{}", pdf.text);
        assert_eq!(pdf.headers["content-type"], "application/pdf");
        assert!(pdf.headers["content-disposition"].to_str().unwrap().contains(&format!("{manifest_no}.pdf")));
        let again = app.get(&format!("/boot/logistics/manifest/pdf?id={id}"), &h(&admin)).await;
        assert_eq!(pdf.bytes, again.bytes, "the same manifest, the same bytes");
        let (pages, text) = pdf_text(&pdf.bytes);
        assert_eq!(pages, 1);
        for needle in
            [serial(&one), serial(&two), manifest_no.clone(), "Carrier manifest".to_owned(), "Shenzhen warehouse".to_owned()]
        {
            assert!(text.contains(&needle), "{needle} in {text}");
        }
        assert!(decoded(&pdf.bytes, 1, 200).contains(&manifest_no), "the manifest number's barcode reads");
        let zh_pdf = app.get(&format!("/boot/logistics/manifest/pdf?id={id}"), &zh(&admin)).await;
        assert!(pdf_text(&zh_pdf.bytes).1.contains("出货清单"));
        let xlsx = app.get(&format!("/boot/logistics/manifest/xlsx?id={id}"), &h(&admin)).await;
        assert_eq!(xlsx.status, 200, "{}", xlsx.text);
        assert_eq!(xlsx.bytes, app.get(&format!("/boot/logistics/manifest/xlsx?id={id}"), &h(&admin)).await.bytes);
        let rows = cells(&xlsx.bytes);
        let heading = rows.iter().position(|r| r.first().map(String::as_str) == Some("No.")).expect("the column headings");
        assert_eq!(rows[heading][2], "Order number");
        let orders: Vec<&Vec<String>> = rows[heading + 1..].iter().filter(|r| r.len() > 7 && !r[2].is_empty()).collect();
        assert_eq!(orders.len(), 2, "{rows:?}");
        assert_eq!(orders[0][2], serial(&one).min(serial(&two)));
        assert_eq!(orders.iter().map(|r| r[6].parse::<f64>().unwrap()).sum::<f64>(), 3.0, "pieces as numbers");
        assert!(rows.iter().any(|r| r[0].starts_with("Total: 1 dispatches, 2 orders, 3 pieces, 3.75 kg")), "{rows:?}");
        let zh_rows = cells(&app.get(&format!("/boot/logistics/manifest/xlsx?id={id}"), &zh(&admin)).await.bytes);
        assert!(zh_rows.iter().any(|r| r.first().map(String::as_str) == Some("序号")));
        let list = ok(app.get("/boot/logistics/manifest/list?manifestDate=2026-12-02", &h(&admin)).await, "manifests").await;
        assert_eq!((list["total"].as_i64(), list["records"][0]["depotName"].as_str()), (Some(1), Some("Shenzhen warehouse")));
        assert_eq!(app.get("/boot/logistics/manifest/list", &h(&alice)).await.status, 403);
        assert_eq!(app.get(&format!("/boot/logistics/manifest/pdf?id={id}"), &h(&alice)).await.status, 403);

        // What each order cost with the carrier (rated through the adapter at the close), beside
        // its charge; the margins by carrier; staff correct a cost by hand.
        let fees = ok(
            app.get(&format!("/boot/logistics/carrierFee/list?manifestId={id}&column=serialNumber&order=asc"), &h(&admin)).await,
            "fees",
        )
        .await;
        assert_eq!(fees["total"], 2, "{fees}");
        let fee_of = |o: &Value| {
            fees["records"].as_array().unwrap().iter().find(|f| f["serialNumber"] == o["serialNumber"]).unwrap().clone()
        };
        let (fee_one, fee_two) = (fee_of(&one), fee_of(&two));
        assert_eq!(
            (fee_one["amount"].as_str(), fee_one["source"].as_str(), fee_one["currency"].as_str()),
            (Some("27.75"), Some("adapter"), Some("CNY"))
        );
        assert_eq!(fee_two["amount"], "37.50", "two parcels of 1.25 kg, each rounded up to 1.5 kg");
        let charged_one = one["deductAmount"].as_str().unwrap();
        assert_eq!(fee_one["charged"].as_str(), Some(charged_one));
        let cents = |t: &str| -> i64 { t.replace('.', "").parse().unwrap() };
        assert_eq!(cents(fee_one["margin"].as_str().unwrap()), cents(charged_one) - 2775);
        let margins = ok(app.get("/boot/logistics/carrierFee/margin?groupBy=supplier", &h(&admin)).await, "margin").await;
        let row = &margins[0];
        assert_eq!(
            (row["shipments"].as_i64(), row["cost"].as_str(), row["name"].as_str()),
            (Some(2), Some("65.25"), Some("UPS · UPS")),
            "{margins}"
        );
        let charged = cents(charged_one) + cents(two["deductAmount"].as_str().unwrap());
        assert_eq!(cents(row["charged"].as_str().unwrap()), charged);
        assert_eq!(cents(row["margin"].as_str().unwrap()), charged - 6525);
        let by_customer =
            ok(app.get("/boot/logistics/carrierFee/margin?groupBy=customer&createTime_begin=2020-01-01", &h(&admin)).await, "c")
                .await;
        assert_eq!(by_customer[0]["key"], alice_id.as_str());
        refused(app.get("/boot/logistics/carrierFee/margin?groupBy=planet", &h(&admin)).await, 400, "").await;
        let none = ok(app.get("/boot/logistics/carrierFee/margin?createTime_end=2020-01-01", &h(&admin)).await, "none").await;
        assert_eq!(none.as_array().unwrap().len(), 0);
        let xls = app.get("/boot/logistics/carrierFee/marginXls?groupBy=supplier", &zh(&admin)).await;
        assert_eq!(xls.status, 200);
        let sheet = cells(&xls.bytes);
        assert_eq!((sheet[0][0].as_str(), sheet[0][4].as_str()), ("物流商", "承运商成本"));
        assert_eq!((sheet[1][4].as_str(), sheet[1][2].as_str()), ("65.25", "2"));
        let dup = json!({"serialNumber": serial(&one), "amount": "20.00"});
        refused(app.post_json("/boot/logistics/carrierFee/add", &dup, &h(&admin)).await, 409, "has a carrier fee already").await;
        let mut corrected = fee_one.clone();
        corrected["amount"] = json!("30.10");
        let after = ok(app.put_json("/boot/logistics/carrierFee/edit", &corrected, &h(&admin)).await, "correct").await;
        assert_eq!((after["amount"].as_str(), after["source"].as_str()), (Some("30.10"), Some("manual")));
        refused(
            app.put_json("/boot/logistics/carrierFee/edit", &json!({"id": fee_one["id"], "amount": "1.234"}), &h(&admin)).await,
            400,
            "",
        )
        .await;
        assert_eq!(app.get("/boot/logistics/carrierFee/list", &h(&alice)).await.status, 403);
        assert_eq!(app.get("/boot/logistics/carrierFee/margin", &h(&alice)).await.status, 403);

        // Numbers: a live order's stay; a cancelled order's are voided once, and stay listed.
        let segment = json!({"channelId": channel["id"], "prefix": "1Z999AA101", "startNo": 2_345_678, "endNo": 2_345_687, "checkScheme": "ups"});
        ok(app.post_json("/boot/logistics/numberSegment/add", &segment, &h(&admin)).await, "segment").await;
        let three = submitted(&app, &alice, &b2c_order(&product, "DP-4")).await;
        let numbers = ok(
            app.get(&format!("/boot/logistics/deliveryNumber/list?shipmentId={}", three["id"].as_str().unwrap()), &h(&admin))
                .await,
            "n",
        )
        .await;
        let number_id = numbers["records"][0]["id"].as_str().unwrap().to_owned();
        let void = json!({"ids": [number_id], "reason": "客户取消"});
        refused(
            app.post_json("/boot/logistics/deliveryNumber/void", &json!({"ids": [number_id]}), &h(&admin)).await,
            400,
            "Reason",
        )
        .await;
        refused(app.post_json("/boot/logistics/deliveryNumber/void", &void, &h(&admin)).await, 409, "is not cancelled").await;
        ok(app.post_json("/boot/logistics/shipment/cancel", &json!({"id": three["id"]}), &h(&alice)).await, "cancel").await;
        assert_eq!(app.post_json("/boot/logistics/deliveryNumber/void", &void, &h(&alice)).await.status, 403);
        let done = ok(app.post_json("/boot/logistics/deliveryNumber/void", &void, &h(&admin)).await, "void").await;
        assert_eq!(done["voided"], 1);
        refused(app.post_json("/boot/logistics/deliveryNumber/void", &void, &h(&admin)).await, 409, "void already").await;
        let voided = ok(app.get("/boot/logistics/deliveryNumber/list?voided=true", &h(&admin)).await, "voided").await;
        assert_eq!(voided["total"], 1);
        assert_eq!(voided["records"][0]["voidReason"], "客户取消");
        let in_use = ok(app.get("/boot/logistics/deliveryNumber/list?voided=false", &h(&admin)).await, "in use").await;
        let all = ok(app.get("/boot/logistics/deliveryNumber/list", &h(&admin)).await, "all").await;
        assert_eq!(in_use["total"].as_i64().unwrap() + 1, all["total"].as_i64().unwrap());

        // A carrier that refuses the credentials books nothing and closes nothing.
        let mut bad = kept.clone();
        bad["credentials"] = json!(r#"{"apiKey": "invalid"}"#);
        ok(app.put_json("/boot/logistics/supplier/edit", &bad, &h(&admin)).await, "bad credentials").await;
        let other_day = json!({"supplierId": ups_id, "depotId": depot["id"], "pickupDate": "2026-12-03"});
        let late = ok(app.post_json("/boot/logistics/dispatch/add", &other_day, &h(&admin)).await, "late").await;
        let four = submitted(&app, &alice, &b2c_order(&product, "DP-5")).await;
        ok(add(json!({"id": late["id"], "shipmentIds": [four["id"]]})).await, "add four").await;
        refused(
            app.post_json("/boot/logistics/dispatch/requestPickup", &json!({"id": late["id"]}), &h(&admin)).await,
            409,
            "refused the account's credentials",
        )
        .await;
        let res = app
            .post_json(
                "/boot/logistics/manifest/close",
                &json!({"supplierId": ups_id, "depotId": depot["id"], "date": "2026-12-03"}),
                &h(&admin),
            )
            .await;
        refused(res, 409, "refused").await;
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_manifest").await, 1, "nothing closed");
        let cancelled =
            ok(app.post_json("/boot/logistics/dispatch/cancel", &json!({"id": late["id"]}), &h(&admin)).await, "cancel").await;
        assert_eq!((cancelled["dispatchStatus"].as_str(), cancelled["shipments"].as_i64()), (Some("cancelled"), Some(0)));
        let next = ok(
            app.post_json(
                "/boot/logistics/dispatch/add",
                &json!({"supplierId": ups_id, "depotId": depot["id"], "pickupDate": "2026-12-04"}),
                &h(&admin),
            )
            .await,
            "next",
        )
        .await;
        let taken = ok(add(json!({"id": next["id"], "shipmentIds": [four["id"]]})).await, "free again").await;
        assert_eq!(taken["shipments"], 1, "a cancelled dispatch lets its orders go");
    }
}

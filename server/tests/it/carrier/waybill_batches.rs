//! Waybill batches and UPS WorldShip on SQLite and PostgreSQL: a batch takes live orders of its
//! own carrier, each once per kind, all or none, refusing in the caller's language; a house
//! waybill batch checks its MAWB (check digit, used once); the file downloads as made and is made
//! again from the orders as they are now, its version counting up only when its bytes change,
//! each making logged. WorldShip's XML lists each order and package; its results (XML or CSV)
//! number the orders and their parcels once, leave an order with another number as it is, and
//! report what they skipped; a file that cannot be read changes nothing. A UPS PLD batch takes
//! only orders the carrier numbered.

use serde_json::{Value, json};

use crate::carrier::pricing::register;
use crate::common::{ADMIN_PASSWORD, TestApp, TestResponse, count};
use crate::shipment::orders::{b2c_order, b2c_product, recharge};
use crate::system::admin::{h, ok};
use crate::warehouse::submitted;

fn zh(token: &str) -> [(&'static str, &str); 2] {
    [("x-access-token", token), ("accept-language", "zh-CN")]
}

async fn refused(res: TestResponse, status: u16, says: &str) {
    assert_eq!(res.status.as_u16(), status, "{}", res.text);
    let message = res.json()["message"].as_str().unwrap_or_default().to_owned();
    assert!(message.contains(says), "{message:?} should say {says:?}");
}

fn upload(name: &str, file: &[u8]) -> (String, Vec<u8>) {
    let boundary = "----worldship-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn results(app: &TestApp, token: &str, lang: &str, name: &str, file: &[u8]) -> TestResponse {
    let (ct, body) = upload(name, file);
    app.post_raw(
        "/boot/logistics/worldShip/importResult",
        body,
        &[("content-type", ct.as_str()), ("x-access-token", token), ("accept-language", lang)],
    )
    .await
}

/// WorldShip's `.Out` for orders: each reference with its numbers, or an error.
fn out_file(rows: &[(&str, &[&str], Option<&str>)]) -> String {
    let mut xml =
        String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<OpenShipments xmlns=\"x-schema:OpenShipments.xdr\">\r\n");
    for (reference, numbers, error) in rows {
        let status = if error.is_some() { "Error" } else { "Processed" };
        xml.push_str(&format!("<OpenShipment ProcessStatus=\"{status}\" ShipmentOption=\"\"><ProcessMessage>"));
        if !numbers.is_empty() {
            xml.push_str("<TrackingNumbers>");
            for n in *numbers {
                xml.push_str(&format!("<TrackingNumber>{n}</TrackingNumber>"));
            }
            xml.push_str("</TrackingNumbers>");
        }
        if let Some(e) = error {
            xml.push_str(&format!("<Error><ErrorDescription>{e}</ErrorDescription></Error>"));
        }
        xml.push_str(&format!(
            "</ProcessMessage><ShipmentInformation><Reference1>{reference}</Reference1></ShipmentInformation></OpenShipment>\r\n"
        ));
    }
    xml.push_str("</OpenShipments>\r\n");
    xml
}

#[tokio::test(flavor = "multi_thread")]
async fn batches_and_worldship_files_carry_a_carriers_orders() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911119101").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        recharge(&app, &alice_id, 5000).await;
        let suppliers = ok(app.get("/boot/logistics/supplier/list?code=UPS", &h(&admin)).await, "suppliers").await;
        let ups_id = suppliers["records"][0]["id"].as_str().unwrap().to_owned();
        let dhl =
            ok(app.post_json("/boot/logistics/supplier/add", &json!({"code": "DHL", "name": "DHL"}), &h(&admin)).await, "dhl")
                .await;

        let one = submitted(&app, &alice, &b2c_order(&product, "WB-1")).await;
        let mut pair = b2c_order(&product, "WB-2");
        let mut second = pair["parcels"][0].clone();
        second["reference"] = json!("R2");
        second["weight"] = json!("2.5");
        pair["parcels"].as_array_mut().unwrap().push(second);
        let two = submitted(&app, &alice, &pair).await;
        let three = submitted(&app, &alice, &b2c_order(&product, "WB-3")).await;
        let draft = ok(app.post_json("/boot/logistics/shipment/add", &b2c_order(&product, "WB-4"), &h(&alice)).await, "d").await;
        let serial = |o: &Value| o["serialNumber"].as_str().unwrap().to_owned();
        let add = |body: Value, lang: &'static str| {
            let app = &app;
            let admin = admin.clone();
            async move {
                app.post_json(
                    "/boot/logistics/waybillBatch/add",
                    &body,
                    &[("x-access-token", admin.as_str()), ("accept-language", lang)],
                )
                .await
            }
        };

        // The head is checked as the browser checks it, in the caller's language.
        let hawb = |mawb: &str, numbers: Value| {
            json!({"batchType": "hawb", "supplierId": ups_id, "mawbNo": mawb, "origin": "szx", "destination": "LAX",
                "flightNo": "cz 327", "flightDate": "2026-12-07", "numbers": numbers})
        };
        refused(add(hawb("176-12345674", json!([serial(&one)])), "en-US").await, 400, "remainder after division by 7").await;
        refused(add(hawb("176-12345674", json!([serial(&one)])), "zh-CN").await, 400, "主运单号").await;
        refused(add(json!({"batchType": "upspld", "supplierId": ups_id, "accountNo": "12"}), "en-US").await, 400, "6 letters")
            .await;
        refused(add(hawb("176-12345675", json!([])), "en-US").await, 400, "Choose the orders").await;
        refused(add(hawb("176-12345675", json!([serial(&draft)])), "en-US").await, 409, "not submitted").await;
        refused(add(hawb("176-12345675", json!(["NO-SUCH"])), "en-US").await, 409, "No order NO-SUCH").await;
        let mut other = hawb("176-12345675", json!([serial(&one)]));
        other["supplierId"] = dhl["id"].clone();
        refused(add(other, "en-US").await, 409, "does not ship with DHL").await;
        assert_eq!(
            app.post_json("/boot/logistics/waybillBatch/add", &hawb("176-12345675", json!([serial(&one)])), &h(&alice))
                .await
                .status,
            403,
            "customers make no batches"
        );
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_waybill_batch").await, 0, "refusals store nothing");

        // A house waybill batch under its MAWB: the orders by number, their file as made.
        let batch =
            ok(add(hawb("176 1234 5675", json!([serial(&one), two["parcels"][0]["sysTrackNo"]])), "en-US").await, "hawb").await;
        let batch_id = batch["id"].as_str().unwrap().to_owned();
        assert_eq!(
            (batch["batchType"].as_str(), batch["mawbNo"].as_str(), batch["origin"].as_str(), batch["flightNo"].as_str()),
            (Some("hawb"), Some("176-12345675"), Some("SZX"), Some("CZ327")),
            "{batch}"
        );
        assert_eq!(
            (batch["shipments"].as_i64(), batch["pieces"].as_i64(), batch["fileVersion"].as_i64()),
            (Some(2), Some(3), Some(1))
        );
        assert_eq!(batch["supplierName"], "UPS");
        let no = batch["batchNo"].as_str().unwrap().to_owned();
        assert!(no.starts_with("WB"), "{no}");
        let file = app.get(&format!("/boot/logistics/waybillBatch/file?id={batch_id}"), &h(&admin)).await;
        assert_eq!(file.status, 200);
        assert!(file.headers["content-disposition"].to_str().unwrap().contains(&format!("{no}.csv")));
        let rows: Vec<&str> = file.text.split("\r\n").filter(|r| !r.is_empty()).collect();
        assert_eq!(rows.len(), 3, "{}", file.text);
        assert!(rows[0].starts_with("MAWB,Origin,Destination,Flight,FlightDate,HAWB,TrackingNumber,Pieces,WeightKg"));
        assert!(rows[1].starts_with(&format!("176-12345675,SZX,LAX,CZ327,2026-12-07,{},", serial(&one))), "{}", rows[1]);
        assert!(rows[2].contains(&format!(",{},", serial(&two))) && rows[2].contains(",2,3.750,"), "{}", rows[2]);
        assert!(rows[1].contains("T-shirt") && rows[1].contains("Ann Lee"), "{}", rows[1]);
        let again = app.get(&format!("/boot/logistics/waybillBatch/file?id={batch_id}"), &h(&admin)).await;
        assert_eq!(again.bytes, file.bytes, "downloads are byte for byte the same");
        let items = ok(app.get(&format!("/boot/logistics/waybillBatch/items?id={batch_id}"), &h(&admin)).await, "items").await;
        assert_eq!(items.as_array().unwrap().len(), 2);
        assert_eq!(items[1]["destination"], "US 94105");
        assert_eq!(app.get(&format!("/boot/logistics/waybillBatch/items?id={batch_id}"), &h(&alice)).await.status, 403);

        // An order is in one batch of a kind; a MAWB makes one batch.
        refused(add(hawb("176-12345686", json!([serial(&one)])), "en-US").await, 409, &format!("already in batch {no}")).await;
        refused(add(hawb("176-12345675", json!([serial(&three)])), "zh-CN").await, 400, &no).await;
        // FBA batches take FBA orders; PLD batches orders the carrier numbered.
        let fba = json!({"batchType": "fba", "supplierId": ups_id, "shipmentIds": [three["id"]]});
        refused(add(fba, "en-US").await, 409, "not an FBA order").await;
        let pld = json!({"batchType": "upspld", "supplierId": ups_id, "accountNo": "a1b2c3",
            "shipmentIds": [one["id"], two["id"], three["id"]]});
        refused(add(pld.clone(), "en-US").await, 409, "has no UPS number").await;

        // WorldShip: the orders out as its auto-import XML, one package per parcel.
        let ids = format!("{},{},{}", one["id"].as_str().unwrap(), two["id"].as_str().unwrap(), three["id"].as_str().unwrap());
        let xml = app.get(&format!("/boot/logistics/worldShip/exportXml?ids={ids}"), &h(&admin)).await;
        assert_eq!(xml.status, 200, "{}", xml.text);
        assert!(xml.text.starts_with("<?xml") && xml.text.contains("<OpenShipments xmlns=\"x-schema:OpenShipments.xdr\">"));
        assert_eq!(xml.text.matches("<OpenShipment ").count(), 3);
        assert_eq!(xml.text.matches("<Package>").count(), 4);
        assert!(xml.text.contains(&format!("<Reference1>{}</Reference1>", serial(&two))));
        assert!(
            xml.text.contains("<CountryTerritory>US</CountryTerritory>") && xml.text.contains("<ServiceType>ST</ServiceType>")
        );
        assert_eq!(app.get(&format!("/boot/logistics/worldShip/exportXml?ids={ids}"), &h(&alice)).await.status, 403);
        let res =
            app.get(&format!("/boot/logistics/worldShip/exportXml?ids={}", draft["id"].as_str().unwrap()), &zh(&admin)).await;
        refused(res, 409, "尚未提交").await;

        // Its results back: numbers onto the orders and parcels; refusals and strangers reported.
        let out = out_file(&[
            (&serial(&one), &["1Z999AA10123456784"], None),
            (&serial(&two), &["1Z999AA10123456793", "1Z999AA10123456800"], None),
            (&serial(&three), &[], Some("Invalid postal code")),
            ("NOPE-1", &["1Z999AA10000000001"], None),
        ]);
        let res = results(&app, &admin, "en-US", "batch.Out", out.as_bytes()).await;
        let report = ok(res, "results").await;
        assert_eq!(report["results"], 4);
        assert_eq!(report["numbered"].as_array().unwrap().len(), 2, "{report}");
        let skipped: Vec<String> =
            report["skipped"].as_array().unwrap().iter().map(|s| s["message"].as_str().unwrap().to_owned()).collect();
        assert_eq!(skipped, ["WorldShip did not process it: Invalid postal code", "No order NOPE-1"]);
        let track = |o: &Value| {
            let app = &app;
            let admin = admin.clone();
            let id = o["id"].as_str().unwrap().to_owned();
            async move {
                let q = ok(app.get(&format!("/boot/logistics/shipment/queryById?id={id}"), &h(&admin)).await, "q").await;
                q["trackNo"].as_str().unwrap_or_default().to_owned()
            }
        };
        assert_eq!(track(&one).await, "1Z999AA10123456784");
        assert_eq!(track(&two).await, "1Z999AA10123456793");
        assert_eq!(track(&three).await, "");
        let worldship_numbers = "SELECT COUNT(*) AS n FROM logistics_delivery_number WHERE third_mark = 'worldship'";
        assert_eq!(count(app.db(), worldship_numbers).await, 3);
        assert_eq!(
            count(app.db(), "SELECT COUNT(*) AS n FROM logistics_delivery_number WHERE third_mark = 'worldship' AND shipment_parcel_id IS NOT NULL")
                .await,
            3,
            "each number is its parcel's"
        );
        // The same results again change nothing.
        let report = ok(results(&app, &admin, "en-US", "batch.Out", out.as_bytes()).await, "again").await;
        assert_eq!((report["numbered"].as_array().unwrap().len(), report["unchanged"].as_i64()), (0, Some(2)));
        assert_eq!(count(app.db(), worldship_numbers).await, 3);
        // A CSV export works as well; a number for an order that has another is reported, not written.
        let csv = format!(
            "\u{feff}Package Reference 1,Tracking Number\r\n{},1Z999AA10123456811\r\n{},1Z999AA19999999999\r\n",
            serial(&three),
            serial(&one)
        );
        let report = ok(results(&app, &admin, "zh-CN", "results.csv", csv.as_bytes()).await, "csv").await;
        assert_eq!(report["numbered"][0]["serialNumber"].as_str(), Some(serial(&three).as_str()));
        assert_eq!(report["skipped"][0]["message"], "订单已有承运商单号 1Z999AA10123456784，未覆盖");
        assert_eq!(track(&one).await, "1Z999AA10123456784");
        assert_eq!(count(app.db(), worldship_numbers).await, 4);
        // A file that is neither changes nothing.
        refused(results(&app, &admin, "en-US", "notes.txt", b"hello").await, 400, "cannot be read").await;
        refused(results(&app, &admin, "zh-CN", "notes.txt", b"hello").await, 400, "无法读取").await;
        refused(results(&app, &admin, "en-US", "empty.xml", b"<OpenShipments></OpenShipments>").await, 400, "no order results")
            .await;
        let (ct, body) = upload("batch.Out", out.as_bytes());
        let res = app
            .post_raw(
                "/boot/logistics/worldShip/importResult",
                body,
                &[("content-type", ct.as_str()), ("x-access-token", alice.as_str())],
            )
            .await;
        assert_eq!(res.status, 403, "customers read no results");
        assert_eq!(count(app.db(), worldship_numbers).await, 4);

        // Numbered by UPS, the orders make a PLD batch: fixed-width ASCII records.
        let pld_batch = ok(add(pld, "en-US").await, "pld").await;
        assert!(pld_batch["fileName"].as_str().unwrap().ends_with(".pld"));
        let file =
            app.get(&format!("/boot/logistics/waybillBatch/file?id={}", pld_batch["id"].as_str().unwrap()), &h(&admin)).await;
        let records: Vec<&str> = file.text.split("\r\n").filter(|r| !r.is_empty()).collect();
        assert_eq!(records.len(), 1 + 3 + 4 + 1, "{}", file.text);
        assert!(records.iter().all(|r| r.len() == 128 && r.is_ascii()));
        assert!(records[0].starts_with("01A1B2C3"));
        assert!(records.iter().any(|r| r.starts_with("201Z999AA101234568000002")), "{}", file.text);

        // Regenerated from the orders as they are now: order one has its UPS number since.
        let before = file_text(&app, &admin, &batch_id).await;
        assert!(!before.contains("1Z999AA10123456784"));
        let regenerated =
            ok(app.post_json("/boot/logistics/waybillBatch/regenerate", &json!({"id": batch_id}), &h(&admin)).await, "regen")
                .await;
        assert_eq!(regenerated["fileVersion"], 2);
        assert_ne!(regenerated["fileSha256"], batch["fileSha256"]);
        assert!(file_text(&app, &admin, &batch_id).await.contains("1Z999AA10123456784"));
        let same =
            ok(app.post_json("/boot/logistics/waybillBatch/regenerate", &json!({"id": batch_id}), &h(&admin)).await, "same")
                .await;
        assert_eq!((same["fileVersion"].as_i64(), &same["fileSha256"]), (Some(2), &regenerated["fileSha256"]));
        assert_eq!(
            count(app.db(), "SELECT COUNT(*) AS n FROM sys_log WHERE log_content LIKE 'logistics:waybillBatch:regenerate%'")
                .await,
            2
        );
        assert_eq!(
            count(app.db(), "SELECT COUNT(*) AS n FROM sys_log WHERE log_content LIKE 'logistics:worldShip:import%'").await,
            2
        );

        // The list filters on the server; deleting a batch frees its orders for another.
        let list = ok(app.get("/boot/logistics/waybillBatch/list?batchType=upspld", &h(&admin)).await, "list").await;
        assert_eq!(list["total"], 1);
        let list = ok(app.get("/boot/logistics/waybillBatch/list?mawbNo=1234", &h(&admin)).await, "list").await;
        assert_eq!(list["total"], 1);
        assert!(list["records"][0].get("fileText").is_none(), "the list does not carry files");
        let xls = app.get("/boot/logistics/waybillBatch/exportXls", &h(&admin)).await;
        assert_eq!(xls.status, 200);
        let res = crate::system::admin::delete(&app, &format!("/boot/logistics/waybillBatch/delete?id={batch_id}"), &admin).await;
        assert_eq!(res.status, 200, "{}", res.text);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_waybill_batch_item WHERE batch_type = 'hawb'").await, 0);
        ok(add(hawb("176-12345686", json!([serial(&one)])), "en-US").await, "again").await;
    }
}

async fn file_text(app: &TestApp, token: &str, id: &str) -> String {
    app.get(&format!("/boot/logistics/waybillBatch/file?id={id}"), &h(token)).await.text
}

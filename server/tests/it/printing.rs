//! Labels on SQLite and PostgreSQL: every label PDF parses, holds its tracking number as text and
//! as a barcode that a real rasterizer (poppler) and a real decoder (zbar) read back at 203 and
//! 300 dpi; Chinese names render; the same order gives the same bytes; ZPL; A4 sheets; orders
//! that cannot print are refused or marked `error` with the reason; batches run as tasks; printers
//! are each user's own; the print centre's templates are checked by core and used.

use std::process::Command;
use std::time::Duration;

use serde_json::{Value, json};

use crate::carrier::pricing::register;
use crate::common::{ADMIN_PASSWORD, TestApp, count, exec};
use crate::shipment::orders::{b2c_order, b2c_product, recharge};
use crate::system::admin::{h, ok};

/// The text of every page of a PDF (lopdf, through the fonts' ToUnicode maps).
pub(crate) fn pdf_text(bytes: &[u8]) -> (usize, String) {
    let doc = lopdf::Document::load_mem(bytes).expect("the label PDF parses");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).unwrap_or_default();
    (pages.len(), text)
}

/// The barcodes on page `page` as poppler draws it at `dpi` and zbar reads it.
pub(crate) fn decoded(bytes: &[u8], page: usize, dpi: u32) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("label.pdf");
    std::fs::write(&pdf, bytes).unwrap();
    let prefix = dir.path().join("page");
    let status = Command::new("pdftoppm")
        .args(["-r", &dpi.to_string(), "-gray", "-png", "-f", &page.to_string(), "-l", &page.to_string(), "-singlefile"])
        .arg(&pdf)
        .arg(&prefix)
        .status()
        .expect("pdftoppm (Debian poppler-utils; scripts/test.sh installs it)");
    assert!(status.success());
    let out = Command::new("zbarimg")
        .args(["--raw", "-q", "--set", "disable", "--set", "code128.enable", "--set", "qrcode.enable"])
        .arg(dir.path().join("page.png"))
        .output()
        .expect("zbarimg (Debian zbar-tools; scripts/test.sh installs it)");
    String::from_utf8_lossy(&out.stdout).lines().map(str::to_owned).collect()
}

async fn submitted(app: &TestApp, token: &str, body: &Value) -> Value {
    let draft = ok(app.post_json("/boot/logistics/shipment/add", body, &h(token)).await, "add").await;
    let id = draft["id"].as_str().unwrap();
    let quote = ok(app.post_json("/boot/logistics/shipment/submit", &json!({"id": id}), &h(token)).await, "submit").await;
    assert_eq!(quote["shipmentStatus"], "submitted");
    ok(app.get(&format!("/boot/logistics/shipment/queryById?id={id}"), &h(token)).await, "q").await
}

async fn until_done(app: &TestApp, token: &str, task: &str) -> Value {
    for _ in 0..200 {
        let t = ok(app.get(&format!("/boot/sys/task/queryById?id={task}"), &h(token)).await, "task").await;
        if t["status"] != "running" {
            assert_eq!(t["status"], "done", "{t}");
            return serde_json::from_str(t["result"].as_str().unwrap()).unwrap();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the label batch did not finish");
}

#[tokio::test(flavor = "multi_thread")]
async fn labels_carry_their_numbers_as_text_and_barcodes_and_mark_the_orders() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911116001").await;
        let (bob, _) = register(&app, "bob", "13911116002").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        recharge(&app, &alice_id, 1000).await;

        let mut two = b2c_order(&product, "REF-CN");
        two["consignee"]["name"] = json!("张三丰");
        let mut second = two["parcels"][0].clone();
        second["reference"] = json!("R2");
        two["parcels"].as_array_mut().unwrap().push(second);
        let one = submitted(&app, &alice, &b2c_order(&product, "REF-1")).await;
        let cn = submitted(&app, &alice, &two).await;
        let draft = ok(app.post_json("/boot/logistics/shipment/add", &b2c_order(&product, "REF-D"), &h(&alice)).await, "d").await;
        let number = one["sysTrackNo"].as_str().unwrap().to_owned();

        // One order: a page, its number as text and as a barcode at both resolutions.
        for dpi in [203, 300] {
            let res = app
                .get(&format!("/boot/logistics/shipment/label?ids={}&dpi={dpi}", one["id"].as_str().unwrap()), &h(&alice))
                .await;
            assert_eq!(res.status, 200, "{}", res.text);
            assert_eq!(res.headers["content-type"], "application/pdf");
            assert!(res.bytes.len() < 30 * 1024, "{} bytes", res.bytes.len());
            let (pages, text) = pdf_text(&res.bytes);
            assert_eq!(pages, 1);
            assert!(text.contains(&number), "{text}");
            let codes = decoded(&res.bytes, 1, dpi);
            assert!(codes.iter().filter(|c| **c == number).count() >= 2, "barcode and QR read back: {codes:?}");
        }
        // The same order gives the same bytes; printing counted.
        let path = format!("/boot/logistics/shipment/label?ids={}", one["id"].as_str().unwrap());
        let a = app.get(&path, &h(&alice)).await.bytes;
        let b = app.get(&path, &h(&alice)).await.bytes;
        assert_eq!(a, b, "deterministic");
        let after =
            ok(app.get(&format!("/boot/logistics/shipment/queryById?id={}", one["id"].as_str().unwrap()), &h(&alice)).await, "q")
                .await;
        assert_eq!((after["printStatus"].as_str(), after["printCount"].as_i64()), (Some("printed"), Some(4)));

        // Two parcels, a Chinese consignee: two pages "1/2" and "2/2"; on A4 one sheet.
        let res = app.get(&format!("/boot/logistics/shipment/label?ids={}", cn["id"].as_str().unwrap()), &h(&alice)).await;
        let (pages, text) = pdf_text(&res.bytes);
        assert_eq!(pages, 2);
        assert!(text.contains("张三丰") && text.contains("1/2") && text.contains("2/2"), "{text}");
        let both = format!("{},{}", one["id"].as_str().unwrap(), cn["id"].as_str().unwrap());
        let res = app.get(&format!("/boot/logistics/shipment/label?ids={both}&size=a4"), &h(&alice)).await;
        assert_eq!(pdf_text(&res.bytes).0, 1, "three labels on one A4 sheet");
        let res = app.get(&format!("/boot/logistics/shipment/label?ids={both}&size=100x100"), &h(&alice)).await;
        assert_eq!(pdf_text(&res.bytes).0, 3);

        // ZPL: a label per parcel, the number in the barcode's data.
        let res = app.get(&format!("/boot/logistics/shipment/label?ids={both}&format=zpl&dpi=300"), &h(&alice)).await;
        assert_eq!(res.status, 200);
        assert_eq!(res.text.matches("^XA").count(), 3);
        assert!(res.text.contains("^PW1181\n^LL1772\n") && res.text.contains("^BC"), "{}", res.text);

        // Bad options, a draft in the selection, another customer: refused, nothing marked.
        let zh = [("x-access-token", alice.as_str()), ("accept-language", "zh-CN")];
        let res = app.get(&format!("/boot/logistics/shipment/label?ids={}&size=4x6", one["id"].as_str().unwrap()), &zh).await;
        assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some("size")));
        assert_eq!(res.json()["message"], "标签尺寸须为 100x150、100x100 或 A4!");
        let res =
            app.get(&format!("/boot/logistics/shipment/label?ids={}&dpi=600", one["id"].as_str().unwrap()), &h(&alice)).await;
        assert_eq!(res.json()["result"]["field"], "dpi");
        let with_draft = format!("{both},{}", draft["id"].as_str().unwrap());
        let res = app.get(&format!("/boot/logistics/shipment/label?ids={with_draft}"), &h(&alice)).await;
        assert_eq!(res.status, 400);
        assert!(res.json()["message"].as_str().unwrap().contains(draft["serialNumber"].as_str().unwrap()), "{}", res.text);
        let res = app.get(&path, &h(&bob)).await;
        assert_eq!(res.status, 404, "another customer's order");
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_shipment WHERE print_status = 'error'").await, 0);

        // A carrier number no barcode can hold: the order is marked `error` with the reason.
        let cn_parcel = &cn["parcels"][0]["id"];
        exec(
            app.db(),
            &format!(
                "INSERT INTO logistics_delivery_number (id, tenant_id, customer_id, track_no, shipment_id, shipment_parcel_id, create_time) \
                 VALUES ('dn-bad', 1, '{alice_id}', '顺丰123', '{}', '{}', '2026-11-28 00:00:00')",
                cn["id"].as_str().unwrap(),
                cn_parcel.as_str().unwrap()
            ),
        )
        .await;
        let res = app.get(&format!("/boot/logistics/shipment/label?ids={}", cn["id"].as_str().unwrap()), &zh).await;
        assert_eq!(res.status, 400, "{}", res.text);
        assert!(res.json()["message"].as_str().unwrap().contains("顺丰123"), "{}", res.text);
        let marked =
            ok(app.get(&format!("/boot/logistics/shipment/queryById?id={}", cn["id"].as_str().unwrap()), &h(&alice)).await, "q")
                .await;
        assert_eq!(marked["printStatus"], "error");
        assert!(marked["printMessage"].as_str().unwrap().contains("顺丰123"));
        let errors = ok(app.get("/boot/logistics/shipment/list?printStatus=error", &h(&alice)).await, "list").await;
        assert_eq!(errors["total"], 1);

        // A batch: a task whose report has a row per order, and the merged file.
        let started =
            ok(app.post_json("/boot/logistics/shipment/printBatch", &json!({"ids": both}), &h(&alice)).await, "batch").await;
        let task = started["taskId"].as_str().unwrap();
        let report = until_done(&app, &alice, task).await;
        assert_eq!(
            (report["total"].as_i64(), report["printed"].as_i64(), report["failed"].as_i64()),
            (Some(2), Some(1), Some(1))
        );
        let res = app.get(&format!("/boot/logistics/shipment/printBatch/file?taskId={task}"), &h(&alice)).await;
        assert_eq!(res.status, 200);
        assert!(pdf_text(&res.bytes).1.contains(&number));
        assert_eq!(app.get(&format!("/boot/logistics/shipment/printBatch/file?taskId={task}"), &h(&bob)).await.status, 404);
        let stored = format!("/boot/sys/common/static/private/labels/1/{task}.pdf");
        assert_eq!(app.get(&stored, &[]).await.status, 404, "batch files are never served by path");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn printers_are_each_users_own_and_templates_are_checked_and_used() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911116011").await;
        let (bob, _) = register(&app, "bob", "13911116012").await;

        // Printers: the user's own; bad values named; a name once per user.
        let p = ok(
            app.post_json(
                "/boot/logistics/lodopPrinter/add",
                &json!({"printerName": "Zebra ZD421", "paperFormat": "100x150", "outputFormat": "zpl", "dpi": 300}),
                &h(&alice),
            )
            .await,
            "printer",
        )
        .await;
        assert_eq!((p["width"].as_i64(), p["height"].as_i64(), p["izPreview"].as_i64()), (Some(100), Some(150), Some(1)));
        let dup = app.post_json("/boot/logistics/lodopPrinter/add", &json!({"printerName": "Zebra ZD421"}), &h(&alice)).await;
        assert_eq!(dup.status, 409, "{}", dup.text);
        ok(app.post_json("/boot/logistics/lodopPrinter/add", &json!({"printerName": "Zebra ZD421"}), &h(&bob)).await, "bob's")
            .await;
        let bad = app.post_json("/boot/logistics/lodopPrinter/add", &json!({"printerName": "X", "dpi": 600}), &h(&alice)).await;
        assert_eq!(bad.json()["result"]["field"], "dpi");
        let bad = app
            .post_json(
                "/boot/logistics/lodopPrinter/add",
                &json!({"printerName": "X", "paperFormat": "a4", "outputFormat": "zpl"}),
                &h(&alice),
            )
            .await;
        assert_eq!(bad.json()["result"]["field"], "paperFormat");
        let mine = ok(app.get("/boot/logistics/lodopPrinter/list", &h(&alice)).await, "list").await;
        assert_eq!(mine["total"], 1);
        let edit =
            app.put_json("/boot/logistics/lodopPrinter/edit", &json!({"id": p["id"], "printerName": "Hijack"}), &h(&bob)).await;
        assert_eq!(edit.status, 404, "{}", edit.text);

        // The print centre: core checks the template, naming the element; staff only.
        let default = ok(app.get("/boot/sys/printTemplate/default?labelSize=100x150", &h(&admin)).await, "default").await;
        let mut content = default.clone();
        content["elements"].as_array_mut().unwrap().push(
            json!({"kind": "text", "x": 5, "y": 140, "w": 60, "h": 6, "content": "CUSTOM-MARK {serialNumber}", "fontSize": 8}),
        );
        let mut broken = default.clone();
        broken["elements"][2]["x"] = json!(99);
        let res = app
            .post_json(
                "/boot/sys/printTemplate/add",
                &json!({"templateName": "Bad", "labelSize": "100x150", "content": broken}),
                &[("x-access-token", admin.as_str()), ("accept-language", "zh-CN")],
            )
            .await;
        assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some("elements[2]")), "{}", res.text);
        assert_eq!(res.json()["message"], "第3个元素超出了标签范围（位置以毫米计，最多一位小数）!");
        let res = app
            .post_json("/boot/sys/printTemplate/preview", &json!({"labelSize": "100x150", "content": content}), &h(&admin))
            .await;
        assert_eq!(res.status, 200, "{}", res.text);
        assert!(pdf_text(&res.bytes).1.contains("CUSTOM-MARK"));
        assert_eq!(app.get("/boot/sys/printTemplate/list", &h(&alice)).await.status, 403);
        ok(
            app.post_json(
                "/boot/sys/printTemplate/add",
                &json!({"templateName": "Alice's", "labelSize": "100x150", "customerId": alice_id, "content": content}),
                &h(&admin),
            )
            .await,
            "template",
        )
        .await;

        // Alice's orders print with it; bob's with the default.
        let product = b2c_product(&app, &admin, &alice_id).await;
        recharge(&app, &alice_id, 1000).await;
        let order = submitted(&app, &alice, &b2c_order(&product, "REF-T")).await;
        let res = app.get(&format!("/boot/logistics/shipment/label?ids={}", order["id"].as_str().unwrap()), &h(&alice)).await;
        let text = pdf_text(&res.bytes).1;
        assert!(text.contains(&format!("CUSTOM-MARK {}", order["serialNumber"].as_str().unwrap())), "{text}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_scanned_number_is_swapped_for_a_new_one_logged_and_printed_again() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911116021").await;
        let (bob, _) = register(&app, "bob", "13911116022").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        recharge(&app, &alice_id, 1000).await;
        let order = submitted(&app, &alice, &b2c_order(&product, "REF-S")).await;
        let id = order["id"].as_str().unwrap();
        let old = order["sysTrackNo"].as_str().unwrap().to_owned();
        assert_eq!(app.get(&format!("/boot/logistics/shipment/label?ids={id}"), &h(&alice)).await.status, 200);
        let zh = [("x-access-token", alice.as_str()), ("accept-language", "zh-CN")];

        // A misread check digit, an unknown number, another customer's number: refused, nothing changed.
        let res = app.post_json("/boot/logistics/labelSwap/swap", &json!({"number": "AA473124828GB"}), &zh).await;
        assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some("number")), "{}", res.text);
        assert_eq!(res.json()["message"], "跟踪号 AA473124828GB 的校验位不正确，请重新扫描!");
        let res = app.post_json("/boot/logistics/labelSwap/swap", &json!({"number": "AA473124829GB"}), &h(&alice)).await;
        assert_eq!(res.json()["message"], "No parcel has the tracking number AA473124829GB!");
        let res = app.post_json("/boot/logistics/labelSwap/swap", &json!({"number": old}), &h(&bob)).await;
        assert_eq!(res.status, 400, "{}", res.text);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_label_swap").await, 0);

        // Swapped: a new number on the parcel and the order, printed again, logged and searchable.
        let swap = ok(
            app.post_json("/boot/logistics/labelSwap/swap", &json!({"number": old.to_lowercase(), "reason": "torn"}), &h(&alice))
                .await,
            "swap",
        )
        .await;
        let new = swap["newNo"].as_str().unwrap().to_owned();
        assert_ne!(new, old);
        assert_eq!((swap["oldNo"].as_str(), swap["serialNumber"].as_str()), (Some(old.as_str()), order["serialNumber"].as_str()));
        let after = ok(app.get(&format!("/boot/logistics/shipment/queryById?id={id}"), &h(&alice)).await, "q").await;
        assert_eq!((after["sysTrackNo"].as_str(), after["printStatus"].as_str()), (Some(new.as_str()), Some("unprinted")));
        assert_eq!(after["parcels"][0]["sysTrackNo"], new.as_str());
        let res = app.get(&format!("/boot/logistics/shipment/label?ids={id}"), &h(&alice)).await;
        let (_, text) = pdf_text(&res.bytes);
        assert!(text.contains(&new) && !text.contains(&old), "{text}");
        for number in [&old, &new] {
            let found = ok(app.get(&format!("/boot/logistics/labelSwap/list?numbers={number}"), &h(&alice)).await, "list").await;
            assert_eq!(found["total"], 1, "{number}");
        }
        assert_eq!(ok(app.get("/boot/logistics/labelSwap/list", &h(&bob)).await, "bob").await["total"], 0);
        // The old number is gone: scanning it again finds nothing.
        let res = app.post_json("/boot/logistics/labelSwap/swap", &json!({"number": old}), &h(&alice)).await;
        assert_eq!(res.status, 400);
    }
}

/// A multipart body of text fields and a `file`.
pub(crate) fn form(fields: &[(&str, &str)], file: Option<(&str, &[u8])>) -> (String, Vec<u8>) {
    let boundary = "----carrier-label-boundary";
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes(),
        );
    }
    if let Some((name, bytes)) = file {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/pdf\r\n\r\n")
                .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

#[tokio::test(flavor = "multi_thread")]
async fn carrier_labels_come_from_the_adapter_or_an_upload_and_print_in_their_place() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911116031").await;
        let (bob, _) = register(&app, "bob", "13911116032").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        recharge(&app, &alice_id, 1000).await;
        // A second product on the same channel whose labels the platform draws.
        let p = ok(app.get(&format!("/boot/logistics/channelProduct/queryById?id={product}"), &h(&admin)).await, "p").await;
        let system = json!({"channelId": p["channelId"], "code": "EXP-SYS", "name": "系统面单小包", "tradeType": "B2C",
            "feeId": "EXP", "thWeightRatio": 6000, "izMult": true, "labelType": "system"});
        let system = ok(app.post_json("/boot/logistics/channelProduct/add", &system, &h(&admin)).await, "sys").await;
        let system = system["id"].as_str().unwrap().to_owned();
        let level = json!({"customerId": alice_id, "productId": system, "markupPercent": "0"});
        ok(app.post_json("/boot/logistics/priceLevel/add", &level, &h(&admin)).await, "level").await;
        let a = submitted(&app, &alice, &b2c_order(&product, "REF-A")).await;
        let b = submitted(&app, &alice, &b2c_order(&product, "REF-B")).await;
        let c = submitted(&app, &alice, &b2c_order(&system, "REF-C")).await;
        let (a_id, b_id, c_id) = (a["id"].as_str().unwrap(), b["id"].as_str().unwrap(), c["id"].as_str().unwrap());
        exec(app.db(), "UPDATE logistics_supplier SET api_type = 'sandbox'").await;
        exec(app.db(), &format!("UPDATE logistics_channel_product SET label_type = 'carrier' WHERE id = '{product}'")).await;

        // The carrier's adapter issues the label on the first print: its number on the order, as
        // text and as a barcode; kept, so a reprint gives the same bytes without asking again.
        let res = app.get(&format!("/boot/logistics/shipment/label?ids={a_id}"), &h(&alice)).await;
        assert_eq!(res.status, 200, "{}", res.text);
        let (pages, text) = pdf_text(&res.bytes);
        assert_eq!(pages, 1);
        assert!(text.contains("SANDBOX EXPRESS"), "{text}");
        let after = ok(app.get(&format!("/boot/logistics/shipment/queryById?id={a_id}"), &h(&alice)).await, "q").await;
        let carrier_no = after["trackNo"].as_str().expect("the carrier's number is the order's").to_owned();
        assert!(carrier_no.starts_with("1ZSBX") && text.contains(&carrier_no), "{carrier_no} {text}");
        assert!(decoded(&res.bytes, 1, 203).contains(&carrier_no));
        assert_eq!(after["printStatus"], "printed");
        assert!(
            app.get(&format!("/boot/logistics/shipment/label?ids={a_id}"), &h(&alice)).await.bytes == res.bytes,
            "a reprint is the kept file"
        );
        let kept = ok(app.get("/boot/logistics/carrierLabel/list", &h(&admin)).await, "list").await;
        assert_eq!(kept["total"], 1);
        assert_eq!(
            (kept["records"][0]["source"].as_str(), kept["records"][0]["trackNo"].as_str()),
            (Some("carrier"), Some(carrier_no.as_str()))
        );
        let label_id = kept["records"][0]["id"].as_str().unwrap().to_owned();
        assert!(
            app.get(&format!("/boot/logistics/carrierLabel/file?id={label_id}"), &h(&alice)).await.bytes == res.bytes,
            "the customer opens its label"
        );
        assert_eq!(app.get(&format!("/boot/logistics/carrierLabel/file?id={label_id}"), &h(&bob)).await.status, 404);
        assert_eq!(app.get("/boot/logistics/carrierLabel/list", &h(&bob)).await.status, 403, "the list is staff's");

        // A batch keeps the selection's order: the carrier's page, then the platform's label.
        let started = ok(
            app.post_json("/boot/logistics/shipment/printBatch", &json!({"ids": format!("{a_id},{c_id}")}), &h(&alice)).await,
            "batch",
        )
        .await;
        let report = until_done(&app, &alice, started["taskId"].as_str().unwrap()).await;
        assert_eq!((report["printed"].as_i64(), report["labels"].as_i64()), (Some(2), Some(2)), "{report}");
        let file = app
            .get(&format!("/boot/logistics/shipment/printBatch/file?taskId={}", started["taskId"].as_str().unwrap()), &h(&alice))
            .await;
        let doc = lopdf::Document::load_mem(&file.bytes).unwrap();
        assert_eq!(doc.get_pages().len(), 2);
        let first = doc.extract_text(&[1]).unwrap();
        let second = doc.extract_text(&[2]).unwrap();
        assert!(first.contains(&carrier_no) && second.contains(c["sysTrackNo"].as_str().unwrap()), "{first} | {second}");
        // No shipper on the order: the sender block shows the customer's registered company.
        assert!(second.contains("Shanghai") && second.contains("Li"), "{second}");

        // ZPL cannot carry a carrier's PDF: that order is reported, the platform's prints.
        let res = app.get(&format!("/boot/logistics/shipment/label?ids={a_id},{c_id}&format=zpl"), &h(&alice)).await;
        assert_eq!((res.status.as_u16(), res.text.matches("^XA").count()), (200, 1));
        let a_now = ok(app.get(&format!("/boot/logistics/shipment/queryById?id={a_id}"), &h(&alice)).await, "q").await;
        assert_eq!(a_now["printStatus"], "error");
        assert!(a_now["printMessage"].as_str().unwrap().contains("PDF"), "{a_now}");

        // A carrier that refuses: the order is marked with the carrier's reason, nothing kept.
        exec(app.db(), &format!("UPDATE logistics_channel_product SET code = 'EXP-FAIL' WHERE id = '{product}'")).await;
        let zh = [("x-access-token", alice.as_str()), ("accept-language", "zh-CN")];
        let res = app.get(&format!("/boot/logistics/shipment/label?ids={b_id}"), &zh).await;
        assert_eq!(res.status, 400, "{}", res.text);
        assert!(res.json()["message"].as_str().unwrap().contains("承运商未能出单"), "{}", res.text);
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_carrier_label").await, 1);

        // Uploaded labels: missing first (the reason in the user's language), then uploaded.
        exec(
            app.db(),
            &format!("UPDATE logistics_channel_product SET label_type = 'upload', code = 'EXP-B2C' WHERE id = '{product}'"),
        )
        .await;
        let res = app.get(&format!("/boot/logistics/shipment/label?ids={b_id}"), &zh).await;
        assert!(res.json()["message"].as_str().unwrap().contains("请先上传面单"), "{}", res.text);
        let b_serial = b["serialNumber"].as_str().unwrap();
        let upload = async |token: &str, fields: &[(&str, &str)], file: Option<(&str, &[u8])>| {
            let (content_type, body) = form(fields, file);
            let headers = [("content-type", content_type.as_str()), ("x-access-token", token), ("accept-language", "zh-CN")];
            app.post_raw("/boot/logistics/carrierLabel/upload", body, &headers).await
        };
        let res = upload(&alice, &[("serialNumber", b_serial)], Some(("label.pdf", b"%PDF-1.4 not really\n%%EOF"))).await;
        assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some("file")), "{}", res.text);
        assert_eq!(res.json()["message"], "面单文件不是有效的 PDF!");
        let res = upload(&bob, &[("serialNumber", b_serial)], Some(("label.pdf", &file.bytes))).await;
        assert_eq!(res.status, 404, "another customer's order: {}", res.text);
        let res = upload(&alice, &[("shipmentId", c_id)], Some(("label.pdf", &file.bytes))).await;
        assert_eq!(res.status, 400, "the platform draws that order's labels: {}", res.text);
        let res =
            upload(&alice, &[("serialNumber", b_serial), ("trackNo", "1z999aa10123456784")], Some(("label.pdf", &file.bytes)))
                .await;
        assert_eq!(res.status, 200, "{}", res.text);
        assert_eq!(
            (res.json()["result"]["pages"].as_i64(), res.json()["result"]["record"]["source"].as_str()),
            (Some(2), Some("upload"))
        );
        let b_now = ok(app.get(&format!("/boot/logistics/shipment/queryById?id={b_id}"), &h(&alice)).await, "q").await;
        assert_eq!((b_now["printStatus"].as_str(), b_now["trackNo"].as_str()), (Some("unprinted"), Some("1Z999AA10123456784")));
        let res = app.get(&format!("/boot/logistics/shipment/label?ids={b_id}"), &h(&alice)).await;
        assert_eq!((res.status.as_u16(), res.bytes == file.bytes), (200, true), "the uploaded file prints as it is");

        // Deleted, the adapter's label is issued again on the next print: the same bytes.
        exec(app.db(), &format!("UPDATE logistics_channel_product SET label_type = 'carrier' WHERE id = '{product}'")).await;
        let res = app.delete(&format!("/boot/logistics/carrierLabel/delete?id={label_id}"), &h(&admin)).await;
        assert_eq!(res.status, 200, "{}", res.text);
        let again = app.get(&format!("/boot/logistics/shipment/label?ids={a_id}"), &h(&alice)).await;
        assert_eq!(pdf_text(&again.bytes).1, text, "the same carrier label again");
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_carrier_label").await, 2);
    }
}

/// The renderer's line breaking on its own.
mod units {
    use logistics_server::printing::render::tokens;

    #[test]
    fn tokens_break_at_spaces_and_between_cjk() {
        assert_eq!(tokens("12 Main St"), vec!["12", " Main", " St"]);
        assert_eq!(tokens("北京市 Road 1"), vec!["北", "京", "市", " Road", " 1"]);
    }
}

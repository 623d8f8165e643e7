//! Orders from a workbook, on SQLite and PostgreSQL: the template's headings read back; a dry run
//! reports exactly the bad cells (row and column, in the caller's language) and stores nothing;
//! a file with any bad cell creates nothing; a good one is created by a task whose progress the
//! uploader (only) can read; the same file again creates nothing new.

use std::time::Duration;

use serde_json::{Value, json};

use super::orders::b2c_product;
use crate::carrier::pricing::{multipart, register};
use crate::common::{ADMIN_PASSWORD, TestApp, TestResponse};
use crate::system::admin::{h, ok};

const HEADINGS: [&str; 14] = [
    "客户单号 / Customer reference",
    "channelProduct",
    "Consignee",
    "手机号",
    "country",
    "state",
    "city",
    "postalCode",
    "address1",
    "reference",
    "长 / Length (cm)",
    "width",
    "height",
    "weight",
];
const GOODS: [&str; 4] = ["frName", "hsCode", "quantity", "unitPrice"];

/// A row: the order's reference, its postal code, the parcel's reference and weight, and the
/// item's HS code.
fn row(code: &str, postal: &str, parcel: &str, weight: &str, hs: &str) -> Vec<String> {
    [
        code,
        "EXP-B2C",
        "Ann Lee",
        "+1 415 555 0100",
        "US",
        "CA",
        "San Francisco",
        postal,
        "1 Market St",
        parcel,
        "30",
        "20",
        "10",
        weight,
    ]
    .into_iter()
    .chain(["T-shirt", hs, "2", "9.9"])
    .map(str::to_owned)
    .collect()
}

fn workbook(rows: &[Vec<String>]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (c, text) in HEADINGS.iter().chain(GOODS.iter()).enumerate() {
        sheet.write_string(0, c as u16, *text).unwrap();
    }
    for (r, cells) in rows.iter().enumerate() {
        for (c, text) in cells.iter().enumerate() {
            match text.parse::<f64>() {
                Ok(n) if c != 7 && c != 15 => sheet.write_number(r as u32 + 1, c as u16, n).unwrap(),
                _ if !text.is_empty() => sheet.write_string(r as u32 + 1, c as u16, text).unwrap(),
                _ => sheet,
            };
        }
    }
    book.save_to_buffer().unwrap()
}

async fn import(app: &TestApp, token: &str, query: &str, bytes: &[u8], lang: &str) -> TestResponse {
    let (content_type, body) = multipart(bytes);
    let path = format!("/boot/logistics/shipment/importExcel?shipmentType=B2C{query}");
    app.post_raw(&path, body, &[("x-access-token", token), ("content-type", &content_type), ("accept-language", lang)]).await
}

async fn orders(app: &TestApp, token: &str) -> i64 {
    ok(app.get("/boot/logistics/shipment/list?shipmentType=B2C", &h(token)).await, "list").await["total"].as_i64().unwrap()
}

/// Waits for a task to end; answers it.
async fn finished(app: &TestApp, token: &str, id: &str) -> Value {
    for _ in 0..200 {
        let task = ok(app.get(&format!("/boot/sys/task/queryById?id={id}"), &h(token)).await, "task").await;
        if task["status"] != "running" {
            return task;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the import task did not end");
}

fn cells(report: &Value) -> Vec<(i64, String)> {
    report["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["row"].as_i64().unwrap(), e["column"].as_str().unwrap().to_owned()))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn orders_import_from_a_workbook_once() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, alice_id) = register(&app, "alice", "13911116001").await;
        let (bob, _) = register(&app, "bob", "13911116002").await;
        b2c_product(&app, &admin, &alice_id).await;

        // The template's headings name its columns again.
        let res = app.get("/boot/logistics/shipment/importTemplate?shipmentType=B2C", &h(&alice)).await;
        assert_eq!(res.status, 200, "{}", res.text);
        let template = res.bytes.clone();
        let dry = import(&app, &alice, "&dryRun=true", &template, "en-US").await;
        assert_eq!(dry.status, 200, "{}", dry.text);
        let report = &dry.json()["result"];
        assert_eq!((report["rows"].clone(), report["orders"].clone()), (json!(1), json!(1)), "{report}");
        // Its example row is a valid order.
        assert_eq!(cells(report), Vec::<(i64, String)>::new(), "{report}");

        // Two orders: the first with two parcels, the second's parcel with two items (the
        // repeated reference); a third with a bad postal code and a bad HS code.
        let mut rows = vec![
            row("IMP-1", "94105", "P1", "1.25", "6109100000"),
            row("IMP-1", "94105", "P2", "2", "6109100000"),
            row("IMP-2", "94105", "P1", "0.5", "6109100000"),
            row("IMP-2", "", "P1", "", "6204620000"),
            row("IMP-3", "ABCDE", "P1", "1", "12"),
        ];
        let res = import(&app, &alice, "&dryRun=true", &workbook(&rows), "zh-CN").await;
        assert_eq!(res.status, 200, "{}", res.text);
        let report = &res.json()["result"];
        assert_eq!(cells(report), [(6, "postalCode".to_owned()), (6, "hsCode".to_owned())], "{report}");
        assert!(report["errors"][0]["message"].as_str().unwrap().contains("邮编"), "{report}");
        assert_eq!((report["orders"].clone(), report["creatable"].clone()), (json!(3), json!(2)));
        assert_eq!(orders(&app, &alice).await, 0, "a dry run stores nothing");

        // Committing a file with a bad cell creates nothing.
        let res = import(&app, &alice, "", &workbook(&rows), "en-US").await;
        assert_eq!(res.status, 400, "{}", res.text);
        assert_eq!(res.json()["message"], "Import failed: 2 errors");
        assert_eq!(orders(&app, &alice).await, 0);

        // Fixed, it is created by a task; only the uploader reads the task.
        rows[4] = row("IMP-3", "94105", "P1", "1", "6109100000");
        let res = import(&app, &alice, "", &workbook(&rows), "en-US").await;
        assert_eq!(res.status, 200, "{}", res.text);
        let task_id = res.json()["result"]["taskId"].as_str().unwrap().to_owned();
        let task = finished(&app, &alice, &task_id).await;
        assert_eq!(task["status"], "done", "{task}");
        assert_eq!(serde_json::from_str::<Value>(task["result"].as_str().unwrap()).unwrap(), json!({"created": 3, "skipped": 0}));
        assert_eq!(app.get(&format!("/boot/sys/task/queryById?id={task_id}"), &h(&bob)).await.status, 404);
        assert_eq!(orders(&app, &alice).await, 3);
        assert_eq!(orders(&app, &bob).await, 0);
        let list =
            ok(app.get("/boot/logistics/shipment/list?shipmentType=B2C&column=serialNumber&order=asc", &h(&alice)).await, "l")
                .await;
        let first = &list["records"][0];
        assert_eq!((first["customerCode"].as_str(), first["shipmentResource"].as_str()), (Some("IMP-1"), Some("import")));
        assert_eq!((first["shipmentPieces"].clone(), first["shipmentWeight"].clone()), (json!(2), json!("3.250")));
        let second = ok(
            app.get(&format!("/boot/logistics/shipment/queryById?id={}", list["records"][1]["id"].as_str().unwrap()), &h(&alice))
                .await,
            "d",
        )
        .await;
        assert_eq!(second["parcels"].as_array().unwrap().len(), 1);
        assert_eq!(second["parcels"][0]["products"].as_array().unwrap().len(), 2, "{second}");
        assert_eq!(second["parcels"][0]["products"][1]["frHscode"], "6204620000");

        // The same file again creates nothing new.
        let res = import(&app, &alice, "&dryRun=true", &workbook(&rows), "en-US").await;
        assert_eq!((res.json()["result"]["existing"].clone(), res.json()["result"]["creatable"].clone()), (json!(3), json!(0)));
        let res = import(&app, &alice, "", &workbook(&rows), "en-US").await;
        let task = finished(&app, &alice, res.json()["result"]["taskId"].as_str().unwrap()).await;
        assert_eq!(serde_json::from_str::<Value>(task["result"].as_str().unwrap()).unwrap(), json!({"created": 0, "skipped": 3}));
        assert_eq!(orders(&app, &alice).await, 3);

        // 1,000 orders with 100 bad weights: exactly those 100 are reported.
        let many: Vec<Vec<String>> = (0..1000)
            .map(|i| row(&format!("BULK-{i:04}"), "94105", "P1", if i % 10 == 3 { "-1" } else { "1.5" }, "6109100000"))
            .collect();
        let res = import(&app, &alice, "&dryRun=true", &workbook(&many), "en-US").await;
        let report = &res.json()["result"];
        let expected: Vec<(i64, String)> = (0..1000).filter(|i| i % 10 == 3).map(|i| (i + 2, "weight".to_owned())).collect();
        assert_eq!(cells(report), expected);
        assert_eq!(report["creatable"], 900);

        // Unknown headings, junk and other types are refused, saying why.
        let mut book = rust_xlsxwriter::Workbook::new();
        book.add_worksheet().write_string(0, 0, "Colour").unwrap();
        let res = import(&app, &alice, "", &book.save_to_buffer().unwrap(), "en-US").await;
        assert_eq!(res.status, 400);
        assert!(res.json()["message"].as_str().unwrap().contains("Colour"), "{}", res.text);
        let res = import(&app, &alice, "", b"not a workbook", "zh-CN").await;
        assert_eq!((res.status.as_u16(), res.json()["result"]["field"].as_str()), (400, Some("file")), "{}", res.text);
        let res = app.get("/boot/logistics/shipment/importTemplate?shipmentType=C2C", &h(&alice)).await;
        assert_eq!(res.status, 400);
        assert_eq!(orders(&app, &alice).await, 3);
    }
}

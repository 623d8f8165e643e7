//! UPS routing codes on SQLite and PostgreSQL: UPS's routing file (CSV or xlsx) replaces the
//! countries it holds, all or nothing (a bad row refuses the file and names it, in the caller's
//! language); a lookup takes the longest range holding the postal code, then the country's
//! whole-country row; rows are corrected one by one without duplicating a range; and a UPS
//! order's label prints its destination's routing code.

use serde_json::{Value, json};

use crate::carrier::pricing::register;
use crate::common::{ADMIN_PASSWORD, TestApp, count};
use crate::printing::pdf_text;
use crate::shipment::orders::{b2c_order, b2c_product, recharge};
use crate::system::admin::{h, ok};
use crate::warehouse::submitted;

/// A multipart body with one file and a version.
fn form(name: &str, file: &[u8], version: &str) -> (String, Vec<u8>) {
    let boundary = "----ups-routing-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"version\"\r\n\r\n{version}\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn import(app: &TestApp, token: &str, lang: &str, name: &str, file: &[u8], version: &str) -> crate::common::TestResponse {
    let (ct, body) = form(name, file, version);
    app.post_raw(
        "/boot/logistics/upsRouting/importExcel",
        body,
        &[("content-type", ct.as_str()), ("x-access-token", token), ("accept-language", lang)],
    )
    .await
}

async fn lookup(app: &TestApp, token: &str, country: &str, postal: &str) -> (u16, Value) {
    let res = app
        .get(
            &format!("/boot/logistics/upsRouting/lookup?countryCode={country}&postalCode={postal}"),
            &[("x-access-token", token), ("accept-language", "zh-CN")],
        )
        .await;
    (res.status.as_u16(), res.json())
}

const TABLE: &str = "\u{feff}Country,Postal Low,Postal High,URC\n\
    US,10000,10299,NY 100 9-05\n\
    US,900,961,CA 900 2-01\n\
    US,,,US 000 0-00\n\
    CA,K1A0A0,K1A9Z9,ON K1A 1-20\n\
    \n";

#[tokio::test(flavor = "multi_thread")]
async fn the_routing_table_is_imported_whole_and_labels_print_the_code() {
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;

        // A file with bad rows is refused whole, each row named in the caller's language.
        let bad = "country,postal low,postal high,routing code\nUS,10000,10299,NY 100 9-05\nUSA,1,2,X\nUS,10299,10000,NY\nUS,10000,10299,NY 2\n";
        let res = import(&app, &admin, "zh-CN", "urc.csv", bad.as_bytes(), "").await;
        assert_eq!(res.status, 400, "{}", res.text);
        let refusal = res.json();
        assert!(refusal["message"].as_str().unwrap().contains("3"), "{refusal}");
        let errors = refusal["result"]["errors"].as_array().unwrap();
        assert_eq!(errors.iter().map(|e| e["row"].as_u64().unwrap()).collect::<Vec<_>>(), [3, 4, 5], "{refusal}");
        assert_eq!(errors[0]["message"], "请选择有效的国家/地区!");
        assert!(errors[1]["message"].as_str().unwrap().starts_with("邮编范围不正确"), "{refusal}");
        assert!(errors[2]["message"].as_str().unwrap().contains("10000–10299"), "a range twice in one file: {refusal}");
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_ups_routing").await, 0, "nothing stored");
        let res = import(&app, &admin, "en-US", "urc.csv", b"country,urc\nUS,NY\n", "").await;
        assert_eq!(res.status, 400);
        assert!(res.json()["message"].as_str().unwrap().contains("“Postal code from”"), "{}", res.text);
        let res = import(&app, &admin, "en-US", "urc.xlsx", b"PK\x03\x04 not a workbook", "").await;
        assert_eq!(res.status, 400);
        assert!(res.json()["message"].as_str().unwrap().contains("cannot be read"), "{}", res.text);

        // UPS's file: CSV with a byte-order mark and UPS's headings.
        let report = ok(import(&app, &admin, "en-US", "urc.csv", TABLE.as_bytes(), "URC 2026-11").await, "import").await;
        assert_eq!(report["rows"], 4, "{report}");
        assert_eq!(report["added"], 4);
        assert_eq!(report["replaced"], 0);
        assert_eq!(report["countries"], json!(["CA", "US"]));

        assert_eq!(lookup(&app, &admin, "US", "10001-1234").await.1["result"]["routingCode"], "NY 100 9-05");
        let (_, three) = lookup(&app, &admin, "us", "94105").await;
        assert_eq!(three["result"]["routingCode"], "CA 900 2-01", "a five-digit ZIP in a three-digit range: {three}");
        assert_eq!(three["result"]["postalLow"], "900");
        assert_eq!(lookup(&app, &admin, "US", "97001").await.1["result"]["routingCode"], "US 000 0-00");
        assert_eq!(lookup(&app, &admin, "CA", "k1a%200b1").await.1["result"]["routingCode"], "ON K1A 1-20");
        let (status, none) = lookup(&app, &admin, "DE", "10115").await;
        assert_eq!(status, 404);
        assert_eq!(none["message"], "没有 DE 10115 的UPS路由码!");
        assert_eq!(lookup(&app, &admin, "Germany", "10115").await.0, 400);

        // The list filters on the server; the table's rows carry the file's version.
        let us =
            ok(app.get("/boot/logistics/upsRouting/list?countryCode=US&column=postalLow&order=asc", &h(&admin)).await, "list")
                .await;
        assert_eq!(us["total"], 3);
        assert_eq!(us["records"][0]["postalLow"], "", "the whole country sorts first");
        assert_eq!(us["records"][1]["version"], "URC 2026-11");

        // A file of one country replaces that country only.
        let us_only = "Country,Postal Low,Postal High,URC\nUS,10000,10499,NY 100 9-06\n";
        let report = ok(import(&app, &admin, "en-US", "us.csv", us_only.as_bytes(), "").await, "us").await;
        assert_eq!((report["replaced"].as_u64(), report["added"].as_u64()), (Some(3), Some(1)), "{report}");
        assert_eq!(count(app.db(), "SELECT COUNT(*) AS n FROM logistics_ups_routing").await, 2);
        assert_eq!(lookup(&app, &admin, "US", "10401").await.1["result"]["routingCode"], "NY 100 9-06");
        assert_eq!(lookup(&app, &admin, "US", "97001").await.0, 404, "the old whole-country row is gone");
        assert_eq!(lookup(&app, &admin, "CA", "K1A%200B1").await.1["result"]["routingCode"], "ON K1A 1-20", "Canada kept");

        // The same as an xlsx workbook, with our headings in Chinese.
        let mut book = rust_xlsxwriter::Workbook::new();
        let sheet = book.add_worksheet();
        for (c, heading) in ["国家", "起始邮编", "结束邮编", "路由码"].iter().enumerate() {
            sheet.write(0, c as u16, *heading).unwrap();
        }
        sheet.write(1, 0, "US").unwrap();
        sheet.write(1, 1, 94000).unwrap();
        sheet.write(1, 2, 94199).unwrap();
        sheet.write(1, 3, "CA 940 2-02").unwrap();
        let xlsx = book.save_to_buffer().unwrap();
        ok(import(&app, &admin, "zh-CN", "urc.xlsx", &xlsx, "").await, "xlsx").await;
        assert_eq!(lookup(&app, &admin, "US", "94105").await.1["result"]["routingCode"], "CA 940 2-02");

        // One row at a time: checked by core, no range twice.
        let row = json!({"countryCode": "gb", "postalLow": "sw1a 1aa", "postalHigh": "SW1A 9ZZ", "routingCode": "gb sw1 0-01"});
        let added = ok(app.post_json("/boot/logistics/upsRouting/add", &row, &h(&admin)).await, "add").await;
        let _ = added;
        let gb = ok(app.get("/boot/logistics/upsRouting/list?countryCode=GB", &h(&admin)).await, "gb").await;
        assert_eq!(gb["records"][0]["postalLow"], "SW1A1AA");
        assert_eq!(gb["records"][0]["routingCode"], "GB SW1 0-01");
        let res = app.post_json("/boot/logistics/upsRouting/add", &row, &h(&admin)).await;
        assert_eq!(res.status, 409, "{}", res.text);
        let res = app
            .post_json(
                "/boot/logistics/upsRouting/add",
                &json!({"countryCode": "GB", "postalLow": "SW1A", "postalHigh": "", "routingCode": "X"}),
                &[("x-access-token", admin.as_str()), ("accept-language", "en-US")],
            )
            .await;
        assert_eq!(res.status, 400);
        assert!(res.json()["message"].as_str().unwrap().starts_with("The postal range is not valid"), "{}", res.text);
        let mut edited = gb["records"][0].clone();
        edited["routingCode"] = json!("GB SW1 0-02");
        ok(app.put_json("/boot/logistics/upsRouting/edit", &edited, &h(&admin)).await, "edit keeps its own range").await;

        // A UPS order to 94105 prints the routing code as its sort code.
        let (alice, alice_id) = register(&app, "alice", "13911118001").await;
        let product = b2c_product(&app, &admin, &alice_id).await;
        recharge(&app, &alice_id, 1000).await;
        let order = submitted(&app, &alice, &b2c_order(&product, "URC-1")).await;
        let res = app.get(&format!("/boot/logistics/shipment/label?ids={}", order["id"].as_str().unwrap()), &h(&alice)).await;
        assert_eq!(res.status, 200, "{}", res.text);
        let (_, text) = pdf_text(&res.bytes);
        // The sort block is narrow: the code may wrap at its spaces.
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains("CA 940 2-02"), "the routing code on the label: {text}");

        // Another tenant's staff see none of it; a customer may not import.
        let res = import(&app, &alice, "en-US", "urc.csv", TABLE.as_bytes(), "").await;
        assert_eq!(res.status, 403, "{}", res.text);
    }
}

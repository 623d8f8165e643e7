//! Hostile uploads against every importer and the file upload, on SQLite and PostgreSQL: junk
//! called a workbook, zip bombs that admit their size and ones that lie about it, a sheet that
//! claims (and holds a cell at) XFD1048576, entries named to climb out of a folder, an XML entity
//! bomb, a program named like a picture, an oversized body and a file name that climbs. Each is
//! refused with a message in the user's language (a sane file name is simply not used), the
//! server keeps serving, and nothing is stored: no row in any table an importer writes, no file.

use std::io::{Cursor, Write};
use std::path::Path;

use axum::body::Body;
use axum::http::Method;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use crate::carrier::pricing::{multipart, register};
use crate::common::{ADMIN_PASSWORD, TestApp, TestResponse, build, count};

const MAIN: &str = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/// A workbook written by hand: its sheets (name, sheet XML) and any extra entries, deflated.
fn workbook(sheets: &[(&str, String)], extra: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let deflated = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    let mut put = |name: &str, bytes: &[u8]| {
        zip.start_file(name, deflated).unwrap();
        zip.write_all(bytes).unwrap();
    };
    let overrides: String = (1..=sheets.len())
        .map(|i| format!(r#"<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>"#))
        .collect();
    put(
        "[Content_Types].xml",
        format!(
            r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>{overrides}</Types>"#
        )
        .as_bytes(),
    );
    put(
        "_rels/.rels",
        format!(r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="{REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>"#).as_bytes(),
    );
    let names: String = sheets
        .iter()
        .enumerate()
        .map(|(i, (name, _))| format!(r#"<sheet name="{name}" sheetId="{n}" r:id="rId{n}"/>"#, n = i + 1))
        .collect();
    put("xl/workbook.xml", format!(r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>{names}</sheets></workbook>"#).as_bytes());
    let rels: String = (1..=sheets.len())
        .map(|n| format!(r#"<Relationship Id="rId{n}" Type="{REL}/worksheet" Target="worksheets/sheet{n}.xml"/>"#))
        .collect();
    put(
        "xl/_rels/workbook.xml.rels",
        format!(r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{rels}</Relationships>"#).as_bytes(),
    );
    for (i, (_, xml)) in sheets.iter().enumerate() {
        put(&format!("xl/worksheets/sheet{}.xml", i + 1), xml.as_bytes());
    }
    for (name, bytes) in extra {
        put(name, bytes);
    }
    zip.finish().unwrap().into_inner()
}

fn sheet_xml(dimension: &str, cells: &[(&str, &str)]) -> String {
    let mut rows = String::new();
    for (at, text) in cells {
        let row: String = at.chars().skip_while(char::is_ascii_alphabetic).collect();
        rows.push_str(&format!(r#"<row r="{row}"><c r="{at}" t="inlineStr"><is><t>{text}</t></is></c></row>"#));
    }
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}"><dimension ref="{dimension}"/><sheetData>{rows}</sheetData></worksheet>"#
    )
}

/// Shared strings that unpack to `megabytes` MB (a few hundred KB deflated).
fn shared_strings_bomb(megabytes: usize) -> Vec<u8> {
    let item = b"<si><t>bomb</t></si>";
    let mut xml = format!(r#"<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{MAIN}">"#).into_bytes();
    for _ in 0..megabytes * 1024 * 1024 / item.len() {
        xml.extend_from_slice(item);
    }
    xml.extend_from_slice(b"</sst>");
    xml
}

/// The same zip, with every entry claiming to unpack to 100 bytes (local and central headers).
fn lying(mut zip: Vec<u8>) -> Vec<u8> {
    for (signature, offset) in [(b"PK\x03\x04", 22), (b"PK\x01\x02", 24)] {
        let mut at = 0;
        while let Some(found) = zip[at..].windows(4).position(|w| w == signature) {
            let start = at + found + offset;
            zip[start..start + 4].copy_from_slice(&100u32.to_le_bytes());
            at += found + 4;
        }
    }
    zip
}

struct Case {
    what: &'static str,
    bytes: Vec<u8>,
}

fn hostile_workbooks(climb: &str) -> Vec<Case> {
    // Headings no importer knows: whatever else it tries, the file can never import.
    let plain = sheet_xml("A1:B2", &[("A1", "zzz"), ("B1", "yyy"), ("A2", "X1"), ("B2", "x")]);
    let bomb = shared_strings_bomb(80);
    vec![
        Case { what: "junk named .xlsx", bytes: b"PK\x03\x04 this is not a workbook".to_vec() },
        Case {
            what: "a zip bomb that says so",
            bytes: workbook(&[("card", plain.clone())], &[("xl/sharedStrings.xml", bomb.clone())]),
        },
        Case {
            what: "a zip bomb that lies about its size",
            bytes: lying(workbook(&[("card", plain.clone())], &[("xl/sharedStrings.xml", bomb)])),
        },
        Case {
            what: "a sheet that claims and holds XFD1048576",
            bytes: workbook(
                &[
                    ("card", sheet_xml("A1:XFD1048576", &[("A1", "field"), ("XFD1048576", "x")])),
                    ("prices", sheet_xml("A1:XFD1048576", &[("A1", "zone"), ("D1048576", "x"), ("XFD1048576", "y")])),
                ],
                &[],
            ),
        },
        Case { what: "an entry that climbs out", bytes: workbook(&[("card", plain)], &[(climb, b"owned".to_vec())]) },
    ]
}

async fn post_file(app: &TestApp, path: &str, token: &str, bytes: &[u8], lang: &str) -> TestResponse {
    let (content_type, body) = multipart(bytes);
    app.post_raw(path, body, &[("x-access-token", token), ("content-type", &content_type), ("accept-language", lang)]).await
}

/// Rows in every table an importer or upload writes.
async fn stored(app: &TestApp) -> Vec<i64> {
    let mut out = Vec::new();
    for table in [
        "logistics_shipment",
        "logistics_rate_card",
        "logistics_ups_routing",
        "logistics_track_event",
        "logistics_supplier",
        "sys_task",
    ] {
        out.push(count(app.db(), &format!("SELECT COUNT(*) AS n FROM {table}")).await);
    }
    out
}

fn files_under(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    entries.flatten().map(|e| if e.path().is_dir() { files_under(&e.path()) } else { 1 }).sum()
}

#[tokio::test(flavor = "multi_thread")]
async fn hostile_uploads_are_refused_and_store_nothing() {
    for app in TestApp::all().await {
        let b = app.backend;
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let (alice, _) = register(&app, "hostile", "13911117001").await;
        let climb_name = format!("../../../../tmp/logistics-zip-slip-{}", logistics_server::platform::secrets::new_id());
        let before = stored(&app).await;
        let importers = [
            ("/boot/logistics/shipment/importExcel?shipmentType=B2C", alice.as_str()),
            ("/boot/logistics/rateCard/importExcel", admin.as_str()),
            ("/boot/logistics/upsRouting/importExcel", admin.as_str()),
            ("/boot/logistics/trackEvent/importExcel", admin.as_str()),
            ("/boot/logistics/worldShip/importResult", admin.as_str()),
            ("/boot/logistics/supplier/importExcel", admin.as_str()),
        ];
        for case in hostile_workbooks(&climb_name) {
            for (path, token) in importers {
                for lang in ["zh-CN", "en-US"] {
                    let res = post_file(&app, path, token, &case.bytes, lang).await;
                    assert!(
                        res.status.is_client_error(),
                        "{b} {path}, {}: refused as the client's fault, not {}: {}",
                        case.what,
                        res.status,
                        res.text
                    );
                    let message = res.json()["message"].as_str().unwrap_or_default().to_owned();
                    let chinese = message.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
                    assert_eq!(chinese, lang == "zh-CN", "{b} {path}, {}: in {lang}: {message}", case.what);
                }
            }
        }
        assert!(!Path::new(&climb_name.replace("../", "")).exists(), "{b}: no entry is ever unpacked to disk");

        // WorldShip's XML with an entity bomb (a billion laughs): read as text, the entity never
        // expanded (its reference matches no order and is reported as such).
        let mut laughs = String::from(r#"<?xml version="1.0"?><!DOCTYPE l [<!ENTITY l0 "ha">"#);
        for i in 1..10 {
            let prev = format!("&l{};", i - 1).repeat(10);
            laughs.push_str(&format!(r#"<!ENTITY l{i} "{prev}">"#));
        }
        laughs.push_str("]><OpenShipments><OpenShipment><ShipmentInformation><Reference1>&l9;</Reference1></ShipmentInformation></OpenShipment></OpenShipments>");
        let res = post_file(&app, "/boot/logistics/worldShip/importResult", &admin, laughs.as_bytes(), "en-US").await;
        assert_eq!(res.status, 200, "{b}: the entity bomb: {}", res.text);
        assert_eq!(res.json()["result"]["skipped"][0]["reference"], "&l9;", "{b}: unexpanded: {}", res.text);
        assert!(res.text.len() < 1_000, "{b}: {}", res.text.len());

        // The file upload: a program named like a picture, an SVG with a script, an oversized body,
        // and a real picture whose name climbs (stored under its own name, never the given one).
        let upload = async |bytes: &[u8], name: &str| {
            let boundary = "----hostile";
            let mut body = format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: image/png\r\n\r\n").into_bytes();
            body.extend_from_slice(bytes);
            body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
            let content_type = format!("multipart/form-data; boundary={boundary}");
            let headers =
                [("x-access-token", alice.as_str()), ("content-type", content_type.as_str()), ("accept-language", "en-US")];
            app.send(build(Method::POST, "/boot/sys/common/upload", &headers, Body::from(body))).await
        };
        let files_before = files_under(&app.config.upload_dir);
        let exe = [&b"MZ\x90\x00\x03\x00\x00\x00"[..], &[0u8; 256]].concat();
        for (bytes, name) in [
            (exe, "photo.png"),
            (br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.to_vec(), "a.svg"),
        ] {
            let res = upload(&bytes, name).await;
            assert_eq!(res.status, 400, "{b} {name}: {}", res.text);
            assert!(res.json()["message"].as_str().unwrap().starts_with("Unsupported file type"), "{b}: {}", res.text);
        }
        let res = upload(&vec![0x89; 7 * 1024 * 1024], "big.png").await;
        assert_eq!(res.status, 413, "{b}: {}", res.text);
        assert_eq!(files_under(&app.config.upload_dir), files_before, "{b}: nothing refused was stored");
        let png = [&[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a][..], &[0u8; 64]].concat();
        let climbing = format!("../../../../tmp/logistics-upload-{}.png", logistics_server::platform::secrets::new_id());
        let res = upload(&png, &climbing).await;
        assert_eq!(res.status, 200, "{b}: {}", res.text);
        let url = res.json()["result"]["url"].as_str().unwrap().to_owned();
        assert!(url.starts_with("/boot/sys/common/static/avatar/") && !url.contains(".."), "{b}: {url}");
        assert!(!Path::new(&climbing.replace("../", "")).exists(), "{b}: the given name is never a path");
        assert_eq!(files_under(&app.config.upload_dir), files_before + 1, "{b}");

        assert_eq!(stored(&app).await, before, "{b}: no importer stored anything");
        assert_eq!(app.get("/boot/health/ready", &[]).await.status, 200, "{b}: still serving");
    }
}

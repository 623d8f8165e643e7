//! Waybill batch and WorldShip golden files: one sample batch (Latin and Chinese names, a comma
//! and a quote to escape, one parcel and several) written as each kind's file and as WorldShip's
//! import XML, compared byte for byte with `tests/golden/waybill-*`. A change to a layout shows
//! up as a diff to review; `UPDATE_GOLDEN=1` rewrites them. WorldShip's XML reads back.

use std::path::{Path, PathBuf};

use logistics_core::json;
use logistics_core::waybill::{self, Batch, Line, Parcel};
use logistics_core::worldship;

fn parcel(serial: &str, track: &str, kg: &str, dims: [&str; 3]) -> Parcel {
    Parcel {
        track_no: track.into(),
        serial_number: serial.into(),
        reference: String::new(),
        weight: kg.into(),
        length: dims[0].into(),
        width: dims[1].into(),
        height: dims[2].into(),
    }
}

fn sample() -> Vec<Line> {
    vec![
        Line {
            serial_number: "FBA20261206000001".into(),
            track_no: "1Z999AA10123456784".into(),
            reference: "PO-7781".into(),
            fba_code: "FBA15K7Q2XYZ".into(),
            po_code: "3Q8HZ1ABC".into(),
            service: "ES".into(),
            shipper: "Shenzhen Acme Trading, Ltd.".into(),
            consignee: "Amazon.com Services LLC".into(),
            company: "ONT8".into(),
            phone: "+1 909 555 0100".into(),
            country: "US".into(),
            state: "CA".into(),
            city: "Moreno Valley".into(),
            postal_code: "92551".into(),
            address: "24300 Nandina Ave".into(),
            pieces: 2,
            weight: "23.45".into(),
            declared_value: "180.00".into(),
            currency: "USD".into(),
            description: "Phone cases \"silicone\"".into(),
            parcels: vec![
                parcel("FBA20261206000001-1", "1Z999AA10123456784", "11.7", ["40", "30", "30.5"]),
                parcel("FBA20261206000001-2", "1Z999AA10123456793", "11.75", ["40", "30", "30"]),
            ],
        },
        Line {
            serial_number: "B2C20261206000002".into(),
            track_no: "1Z999AA10123456800".into(),
            reference: "SO-1002".into(),
            shipper: "深圳市顺达贸易有限公司".into(),
            consignee: "王小明".into(),
            phone: "13800138000".into(),
            country: "CN".into(),
            state: "广东省".into(),
            city: "深圳市".into(),
            postal_code: "518000".into(),
            address: "南山区科技园 1号, 2栋".into(),
            pieces: 1,
            weight: "0.8".into(),
            declared_value: "25.5".into(),
            currency: "CNY".into(),
            description: "T恤".into(),
            parcels: vec![parcel("B2C20261206000002-1", "1Z999AA10123456800", "0.8", ["20", "15", "5"])],
            ..Line::default()
        },
    ]
}

fn heads() -> Vec<(&'static str, &'static str)> {
    vec![
        (
            "waybill-hawb.csv",
            r#"{"batchType":"hawb","mawbNo":"176-12345675","origin":"szx","destination":"LAX","flightNo":"CZ327","flightDate":"2026-12-07"}"#,
        ),
        ("waybill-fba.csv", r#"{"batchType":"fba"}"#),
        ("waybill-jdfop.csv", r#"{"batchType":"jdfop","accountNo":"JD0010086"}"#),
        ("waybill-upspld.pld", r#"{"batchType":"upspld","accountNo":"a1b2c3"}"#),
    ]
}

fn compare(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    if std::env::var("UPDATE_GOLDEN").is_ok() {
        assert!(std::fs::write(&path, text).is_ok(), "{name} could not be written");
    }
    let golden = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(golden, text, "{name} differs from its golden file: review, then UPDATE_GOLDEN=1");
}

#[test]
fn batch_files_match_the_golden_files() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let batch = Batch { batch_no: "WB20261206001".into(), date: "2026-12-06".into(), carrier: "UPS".into() };
    let lines = sample();
    for (name, head) in heads() {
        let head = waybill::checked(&json::parse(head).unwrap()).unwrap();
        let file = waybill::file(&head, &batch, &lines);
        assert!(name.ends_with(file.extension), "{name}: {}", file.extension);
        // The same batch gives the same bytes.
        assert_eq!(file.text, waybill::file(&head, &batch, &lines).text);
        compare(&dir, name, &file.text);
    }
}

#[test]
fn worldship_xml_matches_its_golden_file_and_reads_back() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let xml = worldship::export(&sample());
    compare(&dir, "worldship-export.xml", &xml);
    let references: Vec<String> = worldship::read_xml(&xml).unwrap().into_iter().map(|o| o.reference).collect();
    assert_eq!(references, ["FBA20261206000001", "B2C20261206000002"]);
}

#[test]
fn a_worldship_result_file_round_trips() {
    // WorldShip writes the import back with each shipment's process message added.
    let xml = worldship::export(&sample()).replacen(
        "<ShipTo>",
        "<ProcessMessage><TrackingNumbers><TrackingNumber>1Z999AA10123456784</TrackingNumber>\
         <TrackingNumber>1Z999AA10123456793</TrackingNumber></TrackingNumbers></ProcessMessage><ShipTo>",
        1,
    );
    let got = worldship::read_xml(&xml).unwrap();
    assert_eq!(got[0].tracking, ["1Z999AA10123456784", "1Z999AA10123456793"]);
    assert!(got[1].tracking.is_empty());
}

//! ZPL golden files: a sample of shipments (one parcel and several, Latin and Chinese names, a
//! long address, numbers Code 128 encodes in subset B and C, the 100 x 150 and 100 x 100 default
//! templates at 203 and 300 dpi) placed and written as ZPL II, compared byte for byte with the files
//! under `tests/golden/`. A change to the label geometry or the ZPL writer shows up as a diff to
//! review; `UPDATE_GOLDEN=1` rewrites them.

use std::collections::HashMap;
use std::path::PathBuf;

use logistics_core::label::{self, Template};

struct Sample {
    name: &'static str,
    size: &'static str,
    dpi: u32,
    values: &'static [(&'static str, &'static str)],
}

const US: &[(&str, &str)] = &[
    ("trackNo", "1Z999AA10123456784"),
    ("sysTrackNo", "LS000000017CN"),
    ("serialNumber", "SO2611280001"),
    ("customerCode", "ORDER-1001"),
    ("reference", "R1"),
    ("sortCode", "US-Z5"),
    ("service", "UPS Saver"),
    ("serviceCode", "UPS-SAVER"),
    ("shipmentType", "B2C"),
    ("senderName", "Li Lei"),
    ("senderCompany", "Shenzhen Trading Co."),
    ("senderPhone", "+86 755 8888 0000"),
    ("senderAddress", "88 Hangcheng Ave, Bao'an, Shenzhen, Guangdong 518000"),
    ("senderCountry", "CN"),
    ("consigneeName", "Ann Lee"),
    ("consigneePhone", "+1 (415) 555-0100"),
    ("consigneeAddress", "1 Market St, Suite 300"),
    ("consigneeCityLine", "94105 San Francisco CA"),
    ("consigneeCountry", "US"),
    ("pieces", "1/1"),
    ("weight", "1.25 kg"),
    ("shipmentWeight", "1.25 kg"),
    ("dimensions", "30x20x10 cm"),
    ("goods", "T-shirt x2"),
    ("date", "2026-11-28"),
    ("customer", "alice"),
];

const CN: &[(&str, &str)] = &[
    ("trackNo", "SF1234567890123"),
    ("sysTrackNo", "LS000000025CN"),
    ("serialNumber", "SO2611280002"),
    ("sortCode", "CN-010"),
    ("service", "顺丰特快"),
    ("serviceCode", "SF-EXP"),
    ("senderName", "深圳市云途物流有限公司"),
    ("senderAddress", "深圳市宝安区航城大道 88 号"),
    ("senderCountry", "CN"),
    ("consigneeName", "张三丰"),
    ("consigneeCompany", "武当山道观"),
    ("consigneePhone", "13800138000"),
    ("consigneeAddress", "湖北省十堰市丹江口市武当山特区紫霄宫路 1 号（请电话联系后派送，谢谢）"),
    ("consigneeCityLine", "442714 十堰市 湖北省"),
    ("consigneeCountry", "CN"),
    ("pieces", "2/3"),
    ("weight", "12.5 kg"),
    ("goods", "茶叶 x10; 瓷器 x2"),
    ("date", "2026-11-28"),
];

const SAMPLES: &[Sample] = &[
    Sample { name: "us-100x150-203", size: "100x150", dpi: 203, values: US },
    Sample { name: "us-100x150-300", size: "100x150", dpi: 300, values: US },
    Sample { name: "us-100x100-203", size: "100x100", dpi: 203, values: US },
    Sample { name: "cn-100x150-203", size: "100x150", dpi: 203, values: CN },
    Sample { name: "cn-100x100-300", size: "100x100", dpi: 300, values: CN },
];

fn zpl(sample: &Sample) -> String {
    let template = Template::default_for(sample.size);
    let values: HashMap<&str, &str> = sample.values.iter().copied().collect();
    let placed = label::place(&template, &|name| values.get(name).copied());
    label::zpl(&template, &placed, sample.dpi)
}

#[test]
fn zpl_matches_the_golden_files() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let update = std::env::var("UPDATE_GOLDEN").is_ok();
    for sample in SAMPLES {
        let text = zpl(sample);
        // Every label is one format, in UTF-8, with its tracking number as a Code 128 field.
        assert!(text.starts_with("^XA") && text.trim_end().ends_with("^XZ"), "{}", sample.name);
        assert!(text.contains("^CI28") && text.contains("^BC"), "{}", sample.name);
        let number = sample.values.iter().find(|(k, _)| *k == "trackNo").map(|(_, v)| *v).unwrap_or_default();
        assert!(text.contains(number), "{}: the number is printed", sample.name);
        // The print width and length in dots: 100 mm is 799 dots at 203 dpi, 1181 at 300.
        let (w, h) = label::label_mm(sample.size).unwrap();
        let dots = |mm: u32| (mm * 10 * sample.dpi + 127) / 254;
        assert!(text.contains(&format!("^PW{}\n^LL{}\n", dots(w), dots(h))), "{}: {text}", sample.name);
        assert!(dots(100) == if sample.dpi == 203 { 799 } else { 1181 });
        let path = dir.join(format!("{}.zpl", sample.name));
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &text).unwrap();
        }
        let golden = std::fs::read_to_string(&path).unwrap_or_default();
        assert_eq!(golden, text, "{} differs from its golden file: review, then UPDATE_GOLDEN=1", sample.name);
    }
}

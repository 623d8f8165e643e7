//! UPS WorldShip: the XML its auto-import reads (`OpenShipments`, one `OpenShipment` per order,
//! one `Package` per parcel, the order's number in each package's `Reference1`), and the results it
//! writes back: its `.Out` XML (each `OpenShipment` with a `ProcessMessage` holding the tracking
//! numbers, or an error) or a CSV/xlsx export with a reference and a tracking number column. The
//! same orders always give the same bytes.

use crate::prelude::*;
use crate::waybill::Line;

/// WorldShip's service when an order's carrier service has no code: UPS Standard.
pub const DEFAULT_SERVICE: &str = "ST";

fn escape(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push(' '),
            c => out.push(c),
        }
    }
}

fn element(out: &mut String, indent: usize, name: &str, text: &str, max: usize) {
    out.extend(core::iter::repeat_n(' ', indent));
    out.push('<');
    out.push_str(name);
    out.push('>');
    let cut: String = text.trim().chars().take(max).collect();
    escape(out, &cut);
    out.push_str("</");
    out.push_str(name);
    out.push_str(">\r\n");
}

/// The `OpenShipments` document for WorldShip's XML auto-import. Texts are cut to WorldShip's
/// lengths (35 for names and address lines, 30 for the city, 9 for the postal code); weights are
/// kilograms and sizes whole centimetres, as a WorldShip set to metric reads them.
pub fn export(lines: &[Line]) -> String {
    let mut out =
        String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<OpenShipments xmlns=\"x-schema:OpenShipments.xdr\">\r\n");
    for l in lines {
        out.push_str("  <OpenShipment ProcessStatus=\"\" ShipmentOption=\"\">\r\n    <ShipTo>\r\n");
        let company = if l.company.trim().is_empty() { &l.consignee } else { &l.company };
        element(&mut out, 6, "CompanyOrName", company, 35);
        element(&mut out, 6, "Attention", &l.consignee, 35);
        let address: Vec<String> = l.address.chars().collect::<Vec<_>>().chunks(35).take(3).map(|c| c.iter().collect()).collect();
        for (i, name) in ["Address1", "Address2", "Address3"].iter().enumerate() {
            element(&mut out, 6, name, address.get(i).map_or("", String::as_str), 35);
        }
        element(&mut out, 6, "CountryTerritory", &l.country, 2);
        element(&mut out, 6, "PostalCode", &l.postal_code, 9);
        element(&mut out, 6, "CityOrTown", &l.city, 30);
        element(&mut out, 6, "StateProvinceCounty", &l.state, 5);
        element(&mut out, 6, "Telephone", &l.phone, 15);
        out.push_str("    </ShipTo>\r\n    <ShipmentInformation>\r\n");
        element(&mut out, 6, "ServiceType", if l.service.is_empty() { DEFAULT_SERVICE } else { &l.service }, 3);
        let packages = l.parcels.len().max(1);
        element(&mut out, 6, "NumberOfPackages", &packages.to_string(), 4);
        element(&mut out, 6, "DescriptionOfGoods", &l.description, 35);
        element(&mut out, 6, "BillingOption", "PP", 2);
        element(&mut out, 6, "Reference1", &l.serial_number, 35);
        out.push_str("    </ShipmentInformation>\r\n");
        for p in &l.parcels {
            out.push_str("    <Package>\r\n");
            element(&mut out, 6, "PackageType", "CP", 2);
            element(&mut out, 6, "Weight", &p.weight, 8);
            for (name, cm) in [("Length", &p.length), ("Width", &p.width), ("Height", &p.height)] {
                let whole = crate::decimal::parse(cm)
                    .and_then(|d| crate::decimal::round_up(d, 0))
                    .map(crate::decimal::plain)
                    .unwrap_or_default();
                element(&mut out, 6, name, &whole, 4);
            }
            element(&mut out, 6, "Reference1", &l.serial_number, 35);
            element(&mut out, 6, "Reference2", &p.serial_number, 35);
            out.push_str("    </Package>\r\n");
        }
        out.push_str("  </OpenShipment>\r\n");
    }
    out.push_str("</OpenShipments>\r\n");
    out
}

/// One order's result as WorldShip wrote it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The order's number (its `Reference1`).
    pub reference: String,
    /// Its packages' tracking numbers, in order; empty when WorldShip refused it.
    pub tracking: Vec<String>,
    /// WorldShip's reason when it refused the order.
    pub error: Option<String>,
}

fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let Some(end) = rest.find(';').filter(|e| *e <= 10) else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..end];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => entity
                .strip_prefix("#x")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out.trim().into()
}

/// The text of every `<name>…</name>` in `xml`, in order (`<name/>` gives an empty text).
fn texts<'a>(xml: &'a str, name: &str) -> Vec<&'a str> {
    let open = format!("<{name}");
    let close = format!("</{name}>");
    let mut found = Vec::new();
    let mut rest = xml;
    while let Some(at) = rest.find(&open) {
        let after = &rest[at + open.len()..];
        // `<Reference1>` but not `<Reference10>`.
        let Some(gt) = after.find('>') else { break };
        if !matches!(after.as_bytes().first(), Some(b'>' | b' ' | b'/' | b'\t' | b'\r' | b'\n')) {
            rest = after;
            continue;
        }
        if after[..gt].ends_with('/') {
            found.push("");
            rest = &after[gt + 1..];
            continue;
        }
        let body = &after[gt + 1..];
        let Some(end) = body.find(&close) else { break };
        found.push(&body[..end]);
        rest = &body[end + close.len()..];
    }
    found
}

/// WorldShip's `.Out` XML read: one outcome per `OpenShipment` with a `Reference1`. `None` when
/// the text is not an `OpenShipments` document.
pub fn read_xml(xml: &str) -> Option<Vec<Outcome>> {
    if !xml.contains("<OpenShipments") {
        return None;
    }
    let mut outcomes = Vec::new();
    for shipment in texts(xml, "OpenShipment") {
        let Some(reference) = texts(shipment, "Reference1").into_iter().map(unescape).find(|r| !r.is_empty()) else {
            continue;
        };
        let tracking: Vec<String> =
            texts(shipment, "TrackingNumber").into_iter().map(unescape).filter(|t| !t.is_empty()).collect();
        let error = ["ErrorDescription", "Error"]
            .iter()
            .flat_map(|name| texts(shipment, name))
            .map(|e| unescape(&strip_tags(e)))
            .find(|e| !e.is_empty());
        outcomes.push(Outcome { reference, error: if tracking.is_empty() { error } else { None }, tracking });
    }
    Some(outcomes)
}

fn strip_tags(text: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in text.chars() {
        match c {
            '<' => {
                inside = true;
                out.push(' ');
            }
            '>' => inside = false,
            c if !inside => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Which columns of an exported table hold the reference and the tracking number: a heading
/// `Reference`, `Reference 1`, `Reference1` or `Package Reference 1`, and `Tracking Number` or
/// `TrackingNumber` (any case, spaces and underscores ignored).
pub fn columns(head: &[String]) -> Option<(usize, usize)> {
    let key = |h: &String| -> String { h.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_lowercase() };
    let keys: Vec<String> = head.iter().map(key).collect();
    let reference = ["reference1", "packagereference1", "reference", "shipmentreference1"]
        .iter()
        .find_map(|want| keys.iter().position(|k| k == want))?;
    let tracking =
        ["trackingnumber", "packagetrackingnumber", "trackingno"].iter().find_map(|want| keys.iter().position(|k| k == want))?;
    Some((reference, tracking))
}

/// A table's rows (its head first) read: a row per package, gathered per reference in order.
/// `None` when the head names no reference and tracking number columns.
pub fn read_table(rows: &[Vec<String>]) -> Option<Vec<Outcome>> {
    let (head, body) = rows.split_first()?;
    let (r, t) = columns(head)?;
    let mut outcomes: Vec<Outcome> = Vec::new();
    for row in body {
        let reference = row.get(r).map(|s| s.trim()).unwrap_or_default();
        let tracking = row.get(t).map(|s| s.trim()).unwrap_or_default();
        if reference.is_empty() {
            continue;
        }
        let at = match outcomes.iter().position(|o| o.reference == reference) {
            Some(at) => at,
            None => {
                outcomes.push(Outcome { reference: reference.into(), ..Outcome::default() });
                outcomes.len() - 1
            }
        };
        if !tracking.is_empty() && !outcomes[at].tracking.iter().any(|x| x == tracking) {
            outcomes[at].tracking.push(tracking.into());
        }
    }
    Some(outcomes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::waybill::Parcel;

    fn line() -> Line {
        Line {
            serial_number: "B2C20261206000001".into(),
            consignee: "Ann <Lee> & Co".into(),
            country: "US".into(),
            postal_code: "90001".into(),
            city: "Los Angeles".into(),
            state: "CA".into(),
            address: "1 Main St".into(),
            description: "Shoes".into(),
            parcels: vec![Parcel {
                serial_number: "P1".into(),
                weight: "2.5".into(),
                length: "30.2".into(),
                ..Parcel::default()
            }],
            ..Line::default()
        }
    }

    #[test]
    fn export_escapes_and_lists_each_package() {
        let xml = export(&[line()]);
        assert!(xml.contains("<CompanyOrName>Ann &lt;Lee&gt; &amp; Co</CompanyOrName>"));
        assert!(xml.contains("<ServiceType>ST</ServiceType>"));
        assert!(xml.contains("<Length>31</Length>"));
        assert_eq!(texts(&xml, "Package").len(), 1);
    }

    #[test]
    fn out_files_give_tracking_numbers_or_errors() {
        let out = r#"<?xml version="1.0"?><OpenShipments xmlns="x-schema:OpenShipments.xdr">
          <OpenShipment ProcessStatus="Processed"><ProcessMessage><ShipID>1</ShipID><TrackingNumbers>
            <TrackingNumber>1Z999AA10123456784</TrackingNumber><TrackingNumber>1Z999AA10123456793</TrackingNumber>
          </TrackingNumbers></ProcessMessage><ShipmentInformation><Reference1>A&amp;1</Reference1></ShipmentInformation></OpenShipment>
          <OpenShipment ProcessStatus="Error"><ProcessMessage><Error><ErrorDescription>Invalid postal code</ErrorDescription></Error></ProcessMessage>
          <Package><Reference10>x</Reference10><Reference1>B2</Reference1></Package></OpenShipment>
          <OpenShipment><Reference1/></OpenShipment></OpenShipments>"#;
        let got = read_xml(out).unwrap();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].reference, "A&1");
        assert_eq!(got[0].tracking, ["1Z999AA10123456784", "1Z999AA10123456793"]);
        assert_eq!(got[1], Outcome { reference: "B2".into(), tracking: vec![], error: Some("Invalid postal code".into()) });
        assert!(read_xml("not xml").is_none());
    }

    #[test]
    fn exported_xml_reads_back_its_references() {
        let got = read_xml(&export(&[line()])).unwrap();
        assert_eq!(got, [Outcome { reference: "B2C20261206000001".into(), ..Outcome::default() }]);
    }

    #[test]
    fn tables_gather_packages_per_reference() {
        let rows: Vec<Vec<String>> =
            [["Package Reference 1", "Tracking_Number"], ["A", "1Z1"], ["A", "1Z2"], ["B", "1Z3"], ["", "1Z4"]]
                .iter()
                .map(|r| r.iter().map(|s| String::from(*s)).collect())
                .collect();
        let got = read_table(&rows).unwrap();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].tracking, ["1Z1", "1Z2"]);
        assert!(read_table(&[vec!["Name".into()]]).is_none());
    }
}

//! Waybill batches (运单批次): a set of orders handed to one carrier with the file that carrier
//! loads them from. Four kinds, each file laid out in `docs/api/waybill-batches.md`:
//!
//! - `hawb`: house waybills consolidated under one master air waybill (MAWB): a CSV house
//!   manifest, one row per house waybill (the order), the MAWB and its flight on every row.
//! - `fba`: FBA orders going to Amazon's warehouses: a CSV, one row per order and Amazon shipment.
//! - `jdfop`: a JD (京东) FOP batch order file: a CSV, one row per order, the merchant code on each.
//! - `upspld`: UPS package level detail: fixed-width ASCII records (header, one shipment record per
//!   order, one package record per parcel, trailer) with the shipper's UPS account number.
//!
//! The same batch and orders always give the same bytes: a file is regenerated from the orders as
//! they are now, and compared by its digest.

use crate::decimal::{self, Decimal};
use crate::i18n::MessageKey;
use crate::json::Value;
use crate::prelude::*;
use crate::validate::{self, FieldError};

/// The kinds, as stored and sent.
pub const KINDS: &[&str] = &["hawb", "fba", "jdfop", "upspld"];

/// A batch's head as its form sends it, checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Head {
    pub kind: String,
    /// `176-12345675` (hawb).
    pub mawb_no: Option<String>,
    /// IATA airport codes (hawb).
    pub origin: Option<String>,
    pub destination: Option<String>,
    pub flight_no: Option<String>,
    /// `YYYY-MM-DD`.
    pub flight_date: Option<String>,
    /// The UPS shipper number (upspld) or the JD merchant code (jdfop).
    pub account_no: Option<String>,
    pub remark: Option<String>,
}

fn text(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).map(str::trim).unwrap_or_default().into()
}

/// A master air waybill number: a 3-digit airline prefix and an 8-digit serial whose last digit is
/// the first seven's remainder after division by 7 (IATA), written `176-12345675`. Spaces and the
/// hyphen are optional when typed.
pub fn mawb(field: &str, typed: &str) -> Result<String, FieldError> {
    let digits: String = typed.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    if digits.is_empty() {
        return Err(FieldError::new(field, MessageKey::Required).with("field", "@field_mawb_no"));
    }
    let bad = || FieldError::new(field, MessageKey::MawbInvalid);
    if digits.len() != 11 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let serial: u32 = digits[3..10].parse().map_err(|_| bad())?;
    let check = u32::from(digits.as_bytes()[10] - b'0');
    if serial % 7 != check {
        return Err(bad());
    }
    Ok(format!("{}-{}", &digits[..3], &digits[3..]))
}

/// An IATA airport code: three capital letters (typed in either case).
pub fn airport(field: &str, label: &str, typed: &str) -> Result<String, FieldError> {
    let code = typed.trim().to_ascii_uppercase();
    validate::required(field, label, &code)?;
    if code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase()) {
        Ok(code)
    } else {
        Err(FieldError::new(field, MessageKey::AirportInvalid))
    }
}

/// A flight: the airline's two-character code and one to four digits, an optional letter after
/// (`CA1234`, `MU587`, `5Y8811A`).
pub fn flight_no(field: &str, typed: &str) -> Result<String, FieldError> {
    let code: String = typed.chars().filter(|c| *c != ' ').collect::<String>().to_ascii_uppercase();
    let b = code.as_bytes();
    let airline = b.len() >= 3 && b[..2].iter().all(u8::is_ascii_alphanumeric) && b[..2].iter().any(u8::is_ascii_uppercase);
    // The airline's two characters are ASCII, so byte 2 starts a character (a typed `é…` is
    // refused, never sliced inside a character: found by the fuzzer).
    let rest = if airline { &code[2..] } else { "" };
    let number = rest.strip_suffix(|c: char| c.is_ascii_uppercase()).unwrap_or(rest);
    if airline && (1..=4).contains(&number.len()) && number.bytes().all(|c| c.is_ascii_digit()) {
        Ok(code)
    } else {
        Err(FieldError::new(field, MessageKey::FlightNoInvalid))
    }
}

/// Every problem of a batch's head as its form sends it (`batchType`, `mawbNo`, `origin`,
/// `destination`, `flightNo`, `flightDate`, `accountNo`, `remark`), in that order. The orders
/// and the carrier are the server's to check.
pub fn issues(v: &Value) -> Vec<FieldError> {
    match checked_all(v) {
        Ok(_) => Vec::new(),
        Err(issues) => issues,
    }
}

/// A batch's head checked and normalized; the first error otherwise.
pub fn checked(v: &Value) -> Result<Head, FieldError> {
    checked_all(v).map_err(|issues| issues.into_iter().next().unwrap_or_else(|| FieldError::new("", MessageKey::BadRequest)))
}

fn keep<T>(issues: &mut Vec<FieldError>, r: Result<T, FieldError>) -> Option<T> {
    r.map_err(|e| issues.push(e)).ok()
}

fn checked_all(v: &Value) -> Result<Head, Vec<FieldError>> {
    let mut issues = Vec::new();
    let kind = keep(&mut issues, validate::one_of(v, "batchType", "@field_batch_type", KINDS)).unwrap_or_default();
    let optional = |key: &str| Some(text(v, key)).filter(|t| !t.is_empty());
    let mut head = Head { kind: kind.clone(), ..Head::default() };
    if kind == "hawb" {
        head.mawb_no = keep(&mut issues, mawb("mawbNo", &text(v, "mawbNo")));
        head.origin = keep(&mut issues, airport("origin", "@field_origin_airport", &text(v, "origin")));
        head.destination = keep(&mut issues, airport("destination", "@field_destination_airport", &text(v, "destination")));
        if head.origin.is_some() && head.origin == head.destination {
            issues.push(FieldError::new("destination", MessageKey::AirportSame));
        }
        head.flight_no = optional("flightNo").and_then(|f| keep(&mut issues, flight_no("flightNo", &f)));
        head.flight_date = optional("flightDate").and_then(|d| keep(&mut issues, crate::dispatch::day("flightDate", &d)));
    }
    let account = text(v, "accountNo");
    match kind.as_str() {
        "upspld" => {
            let code = account.to_ascii_uppercase();
            head.account_no = if code.is_empty() {
                issues.push(FieldError::new("accountNo", MessageKey::Required).with("field", "@field_account_no"));
                None
            } else if code.len() == 6 && code.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit()) {
                Some(code)
            } else {
                issues.push(FieldError::new("accountNo", MessageKey::UpsAccountInvalid));
                None
            };
        }
        "jdfop" => {
            head.account_no = keep(
                &mut issues,
                validate::required("accountNo", "@field_account_no", &account)
                    .and_then(|()| validate::max_chars("accountNo", "@field_account_no", &account, 32))
                    .map(|()| account.clone()),
            );
        }
        _ => {}
    }
    head.remark = keep(&mut issues, validate::note(v, "remark", "@field_remark", 200).map(Option::unwrap_or_default))
        .filter(|r| !r.is_empty());
    if issues.is_empty() { Ok(head) } else { Err(issues) }
}

/// One parcel of an order, as a file lists it.
#[derive(Clone, Debug, Default)]
pub struct Parcel {
    /// The carrier's number, else the system's.
    pub track_no: String,
    pub serial_number: String,
    pub reference: String,
    /// kg, cm.
    pub weight: String,
    pub length: String,
    pub width: String,
    pub height: String,
}

/// One order, as a file lists it.
#[derive(Clone, Debug, Default)]
pub struct Line {
    pub serial_number: String,
    pub track_no: String,
    /// The customer's reference.
    pub reference: String,
    pub fba_code: String,
    pub po_code: String,
    pub service: String,
    pub shipper: String,
    pub consignee: String,
    pub company: String,
    pub phone: String,
    pub country: String,
    pub state: String,
    pub city: String,
    pub postal_code: String,
    /// Street, house and address lines, joined.
    pub address: String,
    pub pieces: i64,
    /// kg.
    pub weight: String,
    /// Major units of `currency`.
    pub declared_value: String,
    pub currency: String,
    pub description: String,
    pub parcels: Vec<Parcel>,
}

/// What a batch's file says of the batch itself.
#[derive(Clone, Debug, Default)]
pub struct Batch {
    pub batch_no: String,
    /// `YYYY-MM-DD`, the day it was made.
    pub date: String,
    pub carrier: String,
}

/// A batch's file: its name's extension, its media type and its text.
pub struct File {
    pub extension: &'static str,
    pub media_type: &'static str,
    pub text: String,
}

/// The batch's file from its head and orders.
pub fn file(head: &Head, batch: &Batch, lines: &[Line]) -> File {
    match head.kind.as_str() {
        "upspld" => File { extension: "pld", media_type: "text/plain; charset=us-ascii", text: ups_pld(head, batch, lines) },
        "fba" => File { extension: "csv", media_type: "text/csv; charset=utf-8", text: fba_csv(batch, lines) },
        "jdfop" => File { extension: "csv", media_type: "text/csv; charset=utf-8", text: jd_fop_csv(head, batch, lines) },
        _ => File { extension: "csv", media_type: "text/csv; charset=utf-8", text: hawb_csv(head, batch, lines) },
    }
}

/// One CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180).
fn cell(out: &mut String, value: &str) {
    if value.contains([',', '"', '\n', '\r']) {
        out.push('"');
        out.push_str(&value.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(value);
    }
}

/// A CSV of a head row and rows, lines ended by CRLF.
fn csv(head: &[&str], rows: impl Iterator<Item = Vec<String>>) -> String {
    let mut out = String::new();
    let mut row = |cells: &mut dyn Iterator<Item = &str>| {
        for (i, c) in cells.enumerate() {
            if i > 0 {
                out.push(',');
            }
            cell(&mut out, c);
        }
        out.push_str("\r\n");
    };
    row(&mut head.iter().copied());
    for r in rows {
        row(&mut r.iter().map(String::as_str));
    }
    out
}

/// The house manifest: the MAWB and its flight on each row, then the house waybill.
pub const HAWB_COLUMNS: &[&str] = &[
    "MAWB",
    "Origin",
    "Destination",
    "Flight",
    "FlightDate",
    "HAWB",
    "TrackingNumber",
    "Pieces",
    "WeightKg",
    "Description",
    "DeclaredValue",
    "Currency",
    "Shipper",
    "Consignee",
    "ConsigneeCompany",
    "Country",
    "State",
    "City",
    "PostalCode",
    "Address",
    "Phone",
];

fn hawb_csv(head: &Head, _batch: &Batch, lines: &[Line]) -> String {
    let or = |v: &Option<String>| v.clone().unwrap_or_default();
    csv(
        HAWB_COLUMNS,
        lines.iter().map(|l| {
            vec![
                or(&head.mawb_no),
                or(&head.origin),
                or(&head.destination),
                or(&head.flight_no),
                or(&head.flight_date),
                l.serial_number.clone(),
                l.track_no.clone(),
                l.pieces.to_string(),
                l.weight.clone(),
                l.description.clone(),
                l.declared_value.clone(),
                l.currency.clone(),
                l.shipper.clone(),
                l.consignee.clone(),
                l.company.clone(),
                l.country.clone(),
                l.state.clone(),
                l.city.clone(),
                l.postal_code.clone(),
                l.address.clone(),
                l.phone.clone(),
            ]
        }),
    )
}

/// FBA: one row per order, its Amazon shipment ID and reference ID.
pub const FBA_COLUMNS: &[&str] = &[
    "BatchNo",
    "OrderNo",
    "FbaShipmentId",
    "AmazonReferenceId",
    "TrackingNumber",
    "Warehouse",
    "Country",
    "PostalCode",
    "Cartons",
    "WeightKg",
    "Carrier",
];

fn fba_csv(batch: &Batch, lines: &[Line]) -> String {
    csv(
        FBA_COLUMNS,
        lines.iter().map(|l| {
            vec![
                batch.batch_no.clone(),
                l.serial_number.clone(),
                l.fba_code.clone(),
                l.po_code.clone(),
                l.track_no.clone(),
                l.company.clone(),
                l.country.clone(),
                l.postal_code.clone(),
                l.pieces.to_string(),
                l.weight.clone(),
                batch.carrier.clone(),
            ]
        }),
    )
}

/// JD FOP: the merchant code, then the order as JD's batch order template asks for it.
pub const JD_FOP_COLUMNS: &[&str] = &[
    "MerchantCode",
    "OrderNo",
    "CustomerReference",
    "Receiver",
    "Phone",
    "Province",
    "City",
    "Address",
    "PostalCode",
    "Pieces",
    "WeightKg",
    "Goods",
    "DeclaredValue",
    "Currency",
    "Remark",
];

fn jd_fop_csv(head: &Head, batch: &Batch, lines: &[Line]) -> String {
    csv(
        JD_FOP_COLUMNS,
        lines.iter().map(|l| {
            vec![
                head.account_no.clone().unwrap_or_default(),
                l.serial_number.clone(),
                l.reference.clone(),
                l.consignee.clone(),
                l.phone.clone(),
                l.state.clone(),
                l.city.clone(),
                l.address.clone(),
                l.postal_code.clone(),
                l.pieces.to_string(),
                l.weight.clone(),
                l.description.clone(),
                l.declared_value.clone(),
                l.currency.clone(),
                batch.batch_no.clone(),
            ]
        }),
    )
}

/// A fixed-width field: ASCII (anything else becomes `?`), cut or padded with spaces to `width`.
fn fixed(out: &mut String, value: &str, width: usize) {
    let mut n = 0;
    for c in value.chars().take(width) {
        out.push(if c.is_ascii() && !c.is_ascii_control() { c } else { '?' });
        n += 1;
    }
    out.extend(core::iter::repeat_n(' ', width - n));
}

/// A number right-aligned in `width` digits, zeros before.
fn digits(out: &mut String, value: i64, width: usize) {
    let text = value.max(0).to_string();
    let text = if text.len() > width { "9".repeat(width) } else { text };
    out.extend(core::iter::repeat_n('0', width - text.len()));
    out.push_str(&text);
}

/// Kilograms in tenths, rounded up (as the carrier bills): `2.01` is 21.
fn tenths(kg: &str) -> i64 {
    decimal::parse(kg)
        .and_then(|d| d.checked_mul(Decimal::int(10)))
        .and_then(|d| decimal::round_up(d, 0))
        .and_then(|d| i64::try_from(d.mantissa()).ok())
        .unwrap_or(0)
}

/// Centimetres, rounded up.
fn whole(cm: &str) -> i64 {
    decimal::parse(cm).and_then(|d| decimal::round_up(d, 0)).and_then(|d| i64::try_from(d.mantissa()).ok()).unwrap_or(0)
}

/// The width of every UPS PLD record, line break excluded.
pub const PLD_WIDTH: usize = 128;

fn ups_pld(head: &Head, batch: &Batch, lines: &[Line]) -> String {
    let mut out = String::new();
    let end = |out: &mut String| {
        let len = out.rsplit("\r\n").next().map_or(0, str::len);
        out.extend(core::iter::repeat_n(' ', PLD_WIDTH.saturating_sub(len)));
        out.push_str("\r\n");
    };
    let packages: usize = lines.iter().map(|l| l.parcels.len().max(1)).sum();
    let date: String = batch.date.chars().filter(char::is_ascii_digit).collect();
    // 01: header.
    out.push_str("01");
    fixed(&mut out, head.account_no.as_deref().unwrap_or_default(), 6);
    fixed(&mut out, &batch.batch_no, 20);
    fixed(&mut out, &date, 8);
    digits(&mut out, lines.len() as i64, 6);
    digits(&mut out, packages as i64, 6);
    fixed(&mut out, "LPLD1", 5);
    end(&mut out);
    let mut total = 0i64;
    for l in lines {
        // 10: a shipment (an order).
        out.push_str("10");
        fixed(&mut out, &l.serial_number, 20);
        fixed(&mut out, &l.track_no, 18);
        fixed(&mut out, &l.service, 3);
        fixed(&mut out, &l.country, 2);
        fixed(&mut out, &l.postal_code, 9);
        fixed(&mut out, &l.city, 30);
        fixed(&mut out, &l.consignee, 30);
        digits(&mut out, l.pieces, 4);
        let weight = tenths(&l.weight);
        total += weight;
        digits(&mut out, weight, 7);
        end(&mut out);
        // 20: each package.
        for (i, p) in l.parcels.iter().enumerate() {
            out.push_str("20");
            fixed(&mut out, &p.track_no, 18);
            digits(&mut out, i as i64 + 1, 4);
            digits(&mut out, tenths(&p.weight), 7);
            digits(&mut out, whole(&p.length), 4);
            digits(&mut out, whole(&p.width), 4);
            digits(&mut out, whole(&p.height), 4);
            fixed(&mut out, if p.reference.is_empty() { &p.serial_number } else { &p.reference }, 20);
            fixed(&mut out, &l.serial_number, 20);
            end(&mut out);
        }
    }
    // 99: trailer.
    out.push_str("99");
    digits(&mut out, lines.len() as i64, 6);
    digits(&mut out, packages as i64, 6);
    digits(&mut out, total, 10);
    end(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;

    fn head(v: &str) -> Result<Head, FieldError> {
        checked(&json::parse(v).unwrap())
    }

    #[test]
    fn mawb_numbers_carry_their_check_digit() {
        assert_eq!(mawb("m", "176-12345675").unwrap(), "176-12345675");
        assert_eq!(mawb("m", "176 1234 5675").unwrap(), "176-12345675");
        // 1234567 % 7 = 5: a 4 is wrong.
        assert_eq!(mawb("m", "17612345674").unwrap_err().key, MessageKey::MawbInvalid);
        assert_eq!(mawb("m", "176-1234567").unwrap_err().key, MessageKey::MawbInvalid);
        assert_eq!(mawb("m", "").unwrap_err().key, MessageKey::Required);
    }

    #[test]
    fn flights_and_airports() {
        assert_eq!(flight_no("f", "ca 1234").unwrap(), "CA1234");
        assert_eq!(flight_no("f", "5Y8811A").unwrap(), "5Y8811A");
        assert!(flight_no("f", "12345").is_err());
        assert!(flight_no("f", "CA12345").is_err());
        // Found by the fuzzer: a character of several bytes where the number starts.
        assert!(flight_no("f", "Cé12").is_err());
        assert!(flight_no("f", "航班12").is_err());
        assert_eq!(airport("o", "@x", "pvg").unwrap(), "PVG");
        assert_eq!(airport("o", "@x", "PV1").unwrap_err().key, MessageKey::AirportInvalid);
    }

    #[test]
    fn a_head_is_checked_for_its_kind() {
        let h =
            head(r#"{"batchType":"hawb","mawbNo":"17612345675","origin":"pvg","destination":"lax","flightNo":"CA987"}"#).unwrap();
        assert_eq!(h.mawb_no.as_deref(), Some("176-12345675"));
        assert_eq!(h.origin.as_deref(), Some("PVG"));
        let all =
            issues(&json::parse(r#"{"batchType":"hawb","origin":"PVG","destination":"PVG","flightDate":"2026-02-30"}"#).unwrap());
        let fields: Vec<&str> = all.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["mawbNo", "destination", "flightDate"]);
        assert_eq!(head(r#"{"batchType":"upspld","accountNo":"12ab"}"#).unwrap_err().key, MessageKey::UpsAccountInvalid);
        assert_eq!(head(r#"{"batchType":"upspld","accountNo":"a1b2c3"}"#).unwrap().account_no.as_deref(), Some("A1B2C3"));
        assert_eq!(head(r#"{"batchType":"jdfop"}"#).unwrap_err().field, "accountNo");
        assert_eq!(head(r#"{"batchType":"fba"}"#).unwrap().kind, "fba");
        assert_eq!(head(r#"{"batchType":"sea"}"#).unwrap_err().field, "batchType");
    }

    #[test]
    fn csv_cells_are_quoted_when_they_must_be() {
        let text = csv(&["A", "B"], [vec!["x,y".into(), "say \"hi\"".into()]].into_iter());
        assert_eq!(text, "A,B\r\n\"x,y\",\"say \"\"hi\"\"\"\r\n");
    }

    #[test]
    fn pld_records_are_fixed_width_ascii() {
        let h = Head { kind: "upspld".into(), account_no: Some("A1B2C3".into()), ..Head::default() };
        let b = Batch { batch_no: "WB1".into(), date: "2026-12-06".into(), carrier: "UPS".into() };
        let l = Line {
            serial_number: "B2C1".into(),
            consignee: "Zoë 张".into(),
            pieces: 1,
            weight: "2.01".into(),
            parcels: vec![Parcel { weight: "2.01".into(), length: "10.2".into(), ..Parcel::default() }],
            ..Line::default()
        };
        let text = ups_pld(&h, &b, &[l]);
        let records: Vec<&str> = text.split("\r\n").filter(|r| !r.is_empty()).collect();
        assert_eq!(records.len(), 4);
        assert!(records.iter().all(|r| r.len() == PLD_WIDTH && r.is_ascii()));
        assert!(records[1].contains("Zo? ?"));
        // 2.01 kg: 21 tenths, billed up; 10.2 cm: 11.
        assert!(records[2].starts_with(&format!("20{}0001000002100110000", " ".repeat(18))));
        assert!(records[3].starts_with("990000010000010000000021"));
    }
}

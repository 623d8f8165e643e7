//! The end-of-day manifest a carrier signs for: A4 pages laid out as label elements (tenths of a
//! millimetre, drawn by the server's label renderer), the same columns as its spreadsheet, in the
//! reader's language. The same manifest always gives the same pages.

use crate::label::{Align, Element, Kind, Template};
use crate::prelude::*;
use crate::validate::FieldError;
use crate::{Lang, MessageKey};

/// The page size the renderer draws a manifest at (`label::label_mm`).
pub const PAGE: &str = "a4-page";
/// Rows on the first page (below the head) and on each page after.
pub const ROWS_FIRST: usize = 38;
pub const ROWS_NEXT: usize = 46;
/// Rows the last page keeps free for the totals and the signatures.
const CLOSING_ROWS: usize = 5;

/// What the head of a manifest says.
#[derive(Clone, Debug, Default)]
pub struct Head {
    pub manifest_no: String,
    pub carrier: String,
    pub depot: String,
    pub date: String,
    pub carrier_ref: Option<String>,
    pub dispatches: i64,
    pub shipments: i64,
    pub pieces: i64,
    /// kg.
    pub weight: String,
    /// When it was closed, as the reader reads times.
    pub closed: String,
}

/// One shipment on a manifest.
#[derive(Clone, Debug, Default)]
pub struct Line {
    pub dispatch_no: String,
    pub serial_number: String,
    pub track_no: String,
    pub service: String,
    /// Country and postal code.
    pub destination: String,
    pub pieces: i64,
    /// kg.
    pub weight: String,
}

/// The columns, in order: heading and width (tenths of a millimetre; 1900 in all).
pub const COLUMNS: &[(MessageKey, u32)] = &[
    (MessageKey::FieldRowNo, 90),
    (MessageKey::FieldDispatchNo, 280),
    (MessageKey::FieldSerialNumber, 330),
    (MessageKey::FieldTrackNo, 380),
    (MessageKey::FieldService, 260),
    (MessageKey::FieldDestination, 250),
    (MessageKey::FieldPieces, 130),
    (MessageKey::FieldWeight, 180),
];

/// A line's cells in column order (the spreadsheet writes the same).
pub fn cells(index: usize, line: &Line) -> [String; 8] {
    [
        (index + 1).to_string(),
        line.dispatch_no.clone(),
        line.serial_number.clone(),
        line.track_no.clone(),
        line.service.clone(),
        line.destination.clone(),
        line.pieces.to_string(),
        line.weight.clone(),
    ]
}

fn text(x: u32, y: u32, w: u32, h: u32, content: String, size: u32) -> Element {
    let mut e = Element::new(Kind::Text, x, y, w, h);
    e.content = content;
    e.font_size = size;
    e
}

fn line(x: u32, y: u32, w: u32, thickness: u32) -> Element {
    let mut e = Element::new(Kind::Line, x, y, w, 0);
    e.thickness = thickness;
    e
}

fn label(key: MessageKey, lang: Lang) -> String {
    FieldError::new("", key).message(lang)
}

const LEFT: u32 = 100;
const WIDTH: u32 = 1900;
const ROW: u32 = 56;

fn table_head(elements: &mut Vec<Element>, y: u32, lang: Lang) {
    let mut x = LEFT;
    for (key, w) in COLUMNS {
        let mut e = text(x + 10, y + 8, w - 20, ROW - 12, label(*key, lang), 8);
        e.bold = true;
        elements.push(e);
        x += w;
    }
    elements.push(line(LEFT, y, WIDTH, 4));
    elements.push(line(LEFT, y + ROW, WIDTH, 4));
}

fn row(elements: &mut Vec<Element>, y: u32, index: usize, l: &Line) {
    let mut x = LEFT;
    for ((_, w), cell) in COLUMNS.iter().zip(cells(index, l)) {
        let mut e = text(x + 10, y + 10, w - 20, ROW - 16, cell, 8);
        if x == LEFT || matches!(e.content.bytes().next(), Some(b'0'..=b'9')) && *w <= 180 {
            e.align = Align::Right;
        }
        elements.push(e);
        x += w;
    }
    elements.push(line(LEFT, y + ROW, WIDTH, 1));
}

/// How many pages `lines` fill and which lines each holds.
fn split(count: usize) -> Vec<core::ops::Range<usize>> {
    let mut pages = Vec::new();
    let mut start = 0;
    let mut room = ROWS_FIRST;
    loop {
        let end = (start + room).min(count);
        pages.push(start..end);
        if end == count {
            // The totals and signatures need their rows on the last page.
            if end - start + CLOSING_ROWS > room {
                pages.push(count..count);
            }
            return pages;
        }
        start = end;
        room = ROWS_NEXT;
    }
}

/// The manifest's pages.
pub fn pages(head: &Head, lines: &[Line], lang: Lang) -> Vec<Template> {
    let ranges = split(lines.len());
    let total = ranges.len();
    ranges
        .iter()
        .enumerate()
        .map(|(page, range)| {
            let mut elements = Vec::new();
            let mut y = 100;
            if page == 0 {
                let mut title = text(LEFT, y, 1150, 110, label(MessageKey::ManifestTitle, lang), 18);
                title.bold = true;
                elements.push(title);
                let mut code = Element::new(Kind::Barcode, 1300, y, 700, 150);
                code.content = head.manifest_no.clone();
                code.font_size = 8;
                elements.push(code);
                y += 130;
                let facts = [
                    (MessageKey::FieldManifestNo, head.manifest_no.clone()),
                    (MessageKey::FieldSupplier, head.carrier.clone()),
                    (MessageKey::FieldDepot, head.depot.clone()),
                    (MessageKey::FieldPickupDate, head.date.clone()),
                    (MessageKey::FieldCarrierRef, head.carrier_ref.clone().unwrap_or_default()),
                    (MessageKey::FieldClosedTime, head.closed.clone()),
                ];
                for (i, (key, value)) in facts.into_iter().enumerate() {
                    let (col, r) = (i as u32 % 2, i as u32 / 2);
                    let x = LEFT + col * 950;
                    let mut k = text(x, y + r * 60, 330, 50, label(key, lang), 9);
                    k.bold = true;
                    elements.push(k);
                    elements.push(text(x + 340, y + r * 60, 600, 50, value, 9));
                }
                y += 200;
            }
            table_head(&mut elements, y, lang);
            y += ROW;
            for i in range.clone() {
                row(&mut elements, y, i, &lines[i]);
                y += ROW;
            }
            if page + 1 == total {
                y += 30;
                let totals = FieldError::new("", MessageKey::ManifestTotals)
                    .with("dispatches", head.dispatches.to_string())
                    .with("shipments", head.shipments.to_string())
                    .with("pieces", head.pieces.to_string())
                    .with("weight", head.weight.clone())
                    .message(lang);
                let mut t = text(LEFT, y, WIDTH, 60, totals, 10);
                t.bold = true;
                elements.push(t);
                y += 150;
                for (i, key) in [MessageKey::ManifestHandedBy, MessageKey::ManifestReceivedBy].into_iter().enumerate() {
                    let x = LEFT + i as u32 * 950;
                    elements.push(text(x, y, 900, 50, label(key, lang), 9));
                    elements.push(line(x, y + 120, 850, 3));
                }
            }
            let page_no = FieldError::new("", MessageKey::ManifestPage)
                .with("page", (page + 1).to_string())
                .with("pages", total.to_string())
                .message(lang);
            let mut footer = text(LEFT, 2860, WIDTH, 50, format!("{}  ·  {page_no}", head.manifest_no), 8);
            footer.align = Align::Right;
            elements.push(footer);
            Template { size: PAGE.to_owned(), elements }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(n: usize) -> Vec<Line> {
        (0..n)
            .map(|i| Line {
                dispatch_no: "DP2612020001".into(),
                serial_number: format!("B2C{i:08}"),
                track_no: format!("1ZSBX{i:011}"),
                service: "Express".into(),
                destination: "US 94105".into(),
                pieces: 1,
                weight: "1.25".into(),
            })
            .collect()
    }

    #[test]
    fn pages_hold_their_rows_and_the_last_its_signatures() {
        assert_eq!(split(0), vec![0..0]);
        assert_eq!(split(ROWS_FIRST - CLOSING_ROWS), vec![0..ROWS_FIRST - CLOSING_ROWS]);
        assert_eq!(split(ROWS_FIRST), vec![0..ROWS_FIRST, ROWS_FIRST..ROWS_FIRST]);
        assert_eq!(split(ROWS_FIRST + 1), vec![0..ROWS_FIRST, ROWS_FIRST..ROWS_FIRST + 1]);
        let many = split(1000);
        assert_eq!(many.iter().map(|r| r.len()).sum::<usize>(), 1000);
        assert!(many.iter().skip(1).all(|r| r.len() <= ROWS_NEXT));
    }

    #[test]
    fn every_line_is_on_a_page_in_the_readers_language() {
        let head = Head { manifest_no: "MF2612020001".into(), carrier: "UPS".into(), shipments: 100, ..Head::default() };
        let zh = pages(&head, &lines(100), Lang::ZhCn);
        assert_eq!(zh.len(), 3);
        let all: Vec<&str> = zh.iter().flat_map(|p| p.elements.iter().map(|e| e.content.as_str())).collect();
        for i in 0..100 {
            let serial = format!("B2C{i:08}");
            assert_eq!(all.iter().filter(|c| **c == serial).count(), 1, "{serial}");
        }
        assert!(all.contains(&"出货清单") && all.iter().any(|c| c.contains("第 3 / 3 页")), "{all:?}");
        let en = pages(&head, &lines(1), Lang::EnUs);
        assert!(en[0].elements.iter().any(|e| e.content == "Carrier manifest"));
        assert!(en[0].elements.iter().all(|e| e.y + e.h <= 2970 && e.x + e.w <= 2100), "inside the page");
        assert_eq!(COLUMNS.iter().map(|c| c.1).sum::<u32>(), WIDTH);
    }
}

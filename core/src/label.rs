//! Labels: the sizes and page formats, the fields a template may show, a template (elements placed
//! on a millimetre grid) and its check, the default template of each size, Code 128 (one symbol
//! for the PDF's bars and the ZPL's), bar geometry in whole printer dots, and ZPL II.
//!
//! The server renders PDF from the same placed elements ([`place`]); the print centre's editor
//! checks a template as staff edit it ([`Template::from_json`] through WebAssembly).

use crate::i18n::{MessageKey, fill};
use crate::json::{Map, Value};
use crate::prelude::*;
use crate::validate::FieldError;

/// Label sizes (width x height in millimetres) and the A4 sheet that holds four 100 x 150 labels.
pub const SIZES: &[&str] = &["100x150", "100x100", "a4"];
/// Printer resolutions a label can be drawn for (dots per inch).
pub const DPIS: &[u32] = &[203, 300];
/// Output formats.
pub const FORMATS: &[&str] = &["pdf", "zpl"];
/// Most elements a template holds.
pub const MAX_ELEMENTS: usize = 120;
/// Font sizes a text element may use (points).
pub const FONT_MIN: u32 = 5;
pub const FONT_MAX: u32 = 72;
/// The A4 sheet and the scale of a 100 x 150 label in a quarter of it (148.5 mm high).
pub const A4_MM: (u32, u32) = (210, 297);
pub const A4_SCALE_PERMILLE: u32 = 990;

/// Who supplies an order's labels, by its channel product's `labelType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Supplier {
    /// Drawn by the platform from the print centre's template (also the older `pdf`, `png`,
    /// `zpl` values and none).
    System,
    /// The carrier's own label, fetched through its adapter.
    Carrier,
    /// The carrier's own label, uploaded by staff or the customer.
    Upload,
}

/// The `labelType` values a channel product offers (the browser's suggestions).
pub const LABEL_TYPES: &[&str] = &["system", "carrier", "upload"];
/// The largest carrier label a PDF may be (an upload or an adapter's answer).
pub const CARRIER_LABEL_MAX_BYTES: usize = 5 * 1024 * 1024;

/// The supplier a `labelType` names.
pub fn supplier_of(label_type: Option<&str>) -> Supplier {
    match label_type.map(|t| t.trim().to_ascii_lowercase()).as_deref() {
        Some("carrier") => Supplier::Carrier,
        Some("upload") => Supplier::Upload,
        _ => Supplier::System,
    }
}

/// A carrier label's bytes look like a PDF: the header within the first kilobyte (as readers
/// accept it) and an end-of-file marker near the end.
pub fn looks_like_pdf(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(1024)];
    let tail = &bytes[bytes.len().saturating_sub(2048)..];
    head.windows(5).any(|w| w == b"%PDF-") && tail.windows(5).any(|w| w == b"%%EOF")
}

/// What a template may show: `{name}` in an element's content. The label of each is in the
/// browser's catalogue (`label.field.<name>`).
pub const FIELDS: &[&str] = &[
    "trackNo",
    "sysTrackNo",
    "serialNumber",
    "customerCode",
    "reference",
    "fbaCode",
    "poCode",
    "sortCode",
    "routingCode",
    "service",
    "serviceCode",
    "shipmentType",
    "senderName",
    "senderCompany",
    "senderPhone",
    "senderAddress",
    "senderCountry",
    "consigneeName",
    "consigneeCompany",
    "consigneePhone",
    "consigneeAddress",
    "consigneeCityLine",
    "consigneeCountry",
    "pieces",
    "weight",
    "shipmentWeight",
    "dimensions",
    "goods",
    "date",
    "customer",
    "remark",
];

/// The width and height (mm) of a label of `size` (an A4 sheet's labels are 100 x 150).
pub fn label_mm(size: &str) -> Option<(u32, u32)> {
    match size {
        "100x150" | "a4" => Some((100, 150)),
        "100x100" => Some((100, 100)),
        crate::manifest::PAGE => Some(A4_MM),
        _ => None,
    }
}

/// The size a template is drawn at for `size` (A4 sheets use the 100 x 150 template).
pub fn template_size(size: &str) -> &'static str {
    if size == "100x100" { "100x100" } else { "100x150" }
}

/// What an element draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Text in a box: wrapped to its width, shrunk (to 60 %) and cut to fit its height.
    Text,
    /// Code 128 of the content, with its quiet zones inside the box, centred.
    Barcode,
    /// A QR code of the content, square, the box's smaller side.
    Qr,
    /// A line: horizontal when the box has no height, vertical when it has no width.
    Line,
    /// A rectangle's outline, or filled (its text elements then print white on it).
    Rect,
}

impl Kind {
    pub const ALL: &'static [(&'static str, Kind)] =
        &[("text", Kind::Text), ("barcode", Kind::Barcode), ("qr", Kind::Qr), ("line", Kind::Line), ("rect", Kind::Rect)];

    pub fn name(self) -> &'static str {
        Kind::ALL.iter().find(|(_, k)| *k == self).map_or("text", |(n, _)| n)
    }
}

/// Horizontal alignment of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

impl Align {
    fn parse(text: &str) -> Option<Align> {
        match text {
            "" | "left" => Some(Align::Left),
            "center" => Some(Align::Center),
            "right" => Some(Align::Right),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Align::Left => "left",
            Align::Center => "center",
            Align::Right => "right",
        }
    }
}

/// One element. Positions and sizes are tenths of a millimetre from the label's top left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element {
    pub kind: Kind,
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
    /// What it shows: text with `{field}` placeholders.
    pub content: String,
    /// Points (text; a barcode's digits beneath).
    pub font_size: u32,
    pub bold: bool,
    pub align: Align,
    /// Stroke width of lines and outlines, tenths of a millimetre.
    pub thickness: u32,
    /// Rect: filled. Text: printed white (on a filled rect).
    pub inverse: bool,
}

impl Element {
    pub(crate) fn new(kind: Kind, x: u32, y: u32, w: u32, h: u32) -> Element {
        Element {
            kind,
            x,
            y,
            w,
            h,
            content: String::new(),
            font_size: 9,
            bold: false,
            align: Align::Left,
            thickness: 3,
            inverse: false,
        }
    }
}

/// A template: a size and its elements, drawn in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    pub size: String,
    pub elements: Vec<Element>,
}

/// Tenths of a millimetre from a JSON number of millimetres (`4`, `4.5`); None for negatives or
/// more than one decimal place.
fn tenths(value: Option<&Value>) -> Option<u32> {
    let text = value?.as_number()?;
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 5 {
        return None;
    }
    let frac = frac.trim_end_matches('0');
    if frac.len() > 1 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: u32 = whole.parse().ok()?;
    let tenth = frac.bytes().next().map_or(0, |b| u32::from(b - b'0'));
    Some(whole * 10 + tenth)
}

fn mm(tenths: u32) -> Value {
    let text = if tenths.is_multiple_of(10) { format!("{}", tenths / 10) } else { format!("{}.{}", tenths / 10, tenths % 10) };
    Value::Number(text)
}

/// The `{field}` names a content holds that are no field of [`FIELDS`].
fn unknown_fields(content: &str) -> Vec<String> {
    let mut unknown = Vec::new();
    let mut ignored = String::new();
    fill(&mut ignored, content, |name, _| {
        if !FIELDS.contains(&name) && !unknown.iter().any(|u: &String| u == name) {
            unknown.push(name.to_owned());
        }
        true
    });
    unknown
}

impl Template {
    /// Reads and checks a template (`{"size": "100x150", "elements": [...]}`): every problem, each
    /// naming its element (`elements[3]`), in the user's language through [`FieldError`].
    pub fn from_json(value: &Value) -> Result<Template, Vec<FieldError>> {
        let mut errors = Vec::new();
        let size = value.get("size").and_then(Value::as_str).unwrap_or("");
        let Some((width, height)) = label_mm(size).filter(|_| size != "a4") else {
            return Err(vec![FieldError::new("size", MessageKey::LabelSizeInvalid)]);
        };
        let (width, height) = (width * 10, height * 10);
        let items = value.get("elements").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
        if items.len() > MAX_ELEMENTS {
            return Err(vec![
                FieldError::new("elements", MessageKey::LabelTooManyElements).with("max", MAX_ELEMENTS.to_string()),
            ]);
        }
        let mut elements = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let field = format!("elements[{i}]");
            let index = (i + 1).to_string();
            let kind_name = item.get("kind").and_then(Value::as_str).unwrap_or("");
            let Some(kind) = Kind::ALL.iter().find(|(n, _)| *n == kind_name).map(|(_, k)| *k) else {
                errors.push(FieldError::new(field, MessageKey::LabelElementKind).with("index", index));
                continue;
            };
            let number = |key: &str, default: u32| match item.get(key) {
                None | Some(Value::Null) => Some(default),
                some => tenths(some),
            };
            let (Some(x), Some(y), Some(w), Some(h), Some(thickness)) =
                (number("x", 0), number("y", 0), number("w", 0), number("h", 0), number("thickness", 3))
            else {
                errors.push(FieldError::new(field, MessageKey::LabelElementOutside).with("index", index));
                continue;
            };
            let empty = match kind {
                Kind::Line => (w == 0) == (h == 0),
                _ => w == 0 || h == 0,
            };
            if empty || thickness == 0 || thickness > 50 {
                errors.push(FieldError::new(field, MessageKey::LabelElementEmpty).with("index", index));
                continue;
            }
            if x + w > width || y + h > height {
                errors.push(FieldError::new(field, MessageKey::LabelElementOutside).with("index", index));
                continue;
            }
            let content = item.get("content").and_then(Value::as_str).unwrap_or("").to_owned();
            if content.chars().count() > 500 {
                errors.push(FieldError::new(field, MessageKey::TooLong).with("field", index).with("max", "500"));
                continue;
            }
            if let Some(name) = unknown_fields(&content).into_iter().next() {
                errors.push(FieldError::new(field, MessageKey::LabelUnknownField).with("index", index).with("name", name));
                continue;
            }
            if matches!(kind, Kind::Barcode | Kind::Qr) && content.trim().is_empty() {
                errors.push(FieldError::new(field, MessageKey::LabelElementEmpty).with("index", index));
                continue;
            }
            let font_size = match item.get("fontSize") {
                None | Some(Value::Null) => 9,
                Some(v) => match v.as_u64() {
                    Some(n) if (u64::from(FONT_MIN)..=u64::from(FONT_MAX)).contains(&n) => n as u32,
                    _ => {
                        errors.push(
                            FieldError::new(field, MessageKey::LabelFontSize)
                                .with("min", FONT_MIN.to_string())
                                .with("max", FONT_MAX.to_string()),
                        );
                        continue;
                    }
                },
            };
            let Some(align) = Align::parse(item.get("align").and_then(Value::as_str).unwrap_or("")) else {
                errors.push(FieldError::new(field, MessageKey::LabelElementKind).with("index", index));
                continue;
            };
            let flag = |key: &str| item.get(key).and_then(Value::as_bool).unwrap_or(false);
            elements.push(Element {
                kind,
                x,
                y,
                w,
                h,
                content,
                font_size,
                bold: flag("bold"),
                align,
                thickness,
                inverse: flag("inverse"),
            });
        }
        if errors.is_empty() { Ok(Template { size: size.to_owned(), elements }) } else { Err(errors) }
    }

    /// The template as the print centre stores and edits it.
    pub fn to_json(&self) -> Value {
        let elements = self
            .elements
            .iter()
            .map(|e| {
                let mut m = Map::new();
                m.insert("kind", Value::String(e.kind.name().to_owned()));
                m.insert("x", mm(e.x));
                m.insert("y", mm(e.y));
                m.insert("w", mm(e.w));
                m.insert("h", mm(e.h));
                m.insert("content", Value::String(e.content.clone()));
                m.insert("fontSize", Value::Number(e.font_size.to_string()));
                m.insert("bold", Value::Bool(e.bold));
                m.insert("align", Value::String(e.align.name().to_owned()));
                m.insert("thickness", mm(e.thickness));
                m.insert("inverse", Value::Bool(e.inverse));
                Value::Object(m)
            })
            .collect();
        let mut m = Map::new();
        m.insert("size", Value::String(self.size.clone()));
        m.insert("elements", Value::Array(elements));
        Value::Object(m)
    }

    /// The template every label of `size` uses until staff make their own.
    pub fn default_for(size: &str) -> Template {
        if template_size(size) == "100x100" { default_100x100() } else { default_100x150() }
    }
}

/// A text element.
fn text(x: u32, y: u32, w: u32, h: u32, content: &str, font_size: u32) -> Element {
    Element { content: content.to_owned(), font_size, ..Element::new(Kind::Text, x, y, w, h) }
}

fn bold(mut e: Element) -> Element {
    e.bold = true;
    e
}

fn aligned(mut e: Element, align: Align) -> Element {
    e.align = align;
    e
}

fn line(x: u32, y: u32, w: u32, h: u32) -> Element {
    Element::new(Kind::Line, x, y, w, h)
}

fn coded(kind: Kind, x: u32, y: u32, w: u32, h: u32, content: &str) -> Element {
    Element { content: content.to_owned(), ..Element::new(kind, x, y, w, h) }
}

/// The sort code, white on black, top right.
fn sort_block(x: u32, y: u32, w: u32, h: u32, font_size: u32) -> [Element; 2] {
    let block = Element { inverse: true, ..Element::new(Kind::Rect, x, y, w, h) };
    let code =
        Element { inverse: true, ..aligned(bold(text(x + 5, y + 15, w - 10, h - 20, "{sortCode}", font_size)), Align::Center) };
    [block, code]
}

/// 100 x 150 mm: service and sort code, sender, consignee, the tracking barcode, references and a
/// QR code.
fn default_100x150() -> Template {
    let mut elements = vec![bold(text(40, 40, 600, 70, "{service}", 14)), text(40, 110, 600, 50, "{serialNumber}  {date}", 8)];
    elements.extend(sort_block(680, 30, 290, 150, 26));
    elements.extend([
        line(0, 200, 1000, 0),
        bold(text(40, 215, 200, 35, "FROM 寄件人", 6)),
        text(40, 250, 920, 40, "{senderName}  {senderCompany}  {senderPhone}", 8),
        text(40, 290, 920, 80, "{senderAddress}  {senderCountry}", 8),
        line(0, 390, 1000, 0),
        bold(text(40, 405, 200, 35, "TO 收件人", 6)),
        bold(text(40, 440, 920, 60, "{consigneeName}", 12)),
        text(40, 500, 920, 45, "{consigneeCompany}", 9),
        text(40, 545, 920, 110, "{consigneeAddress}", 10),
        bold(text(40, 655, 720, 55, "{consigneeCityLine}", 11)),
        aligned(bold(text(760, 655, 200, 55, "{consigneeCountry}", 14)), Align::Right),
        text(40, 710, 920, 45, "{consigneePhone}", 9),
        line(0, 770, 1000, 0),
        coded(Kind::Barcode, 30, 800, 940, 230, "{trackNo}"),
        aligned(bold(text(30, 1035, 940, 55, "{trackNo}", 12)), Align::Center),
        line(0, 1110, 1000, 0),
        text(40, 1130, 640, 45, "Ref: {customerCode}  {reference}", 8),
        bold(text(40, 1180, 300, 55, "{pieces}", 14)),
        text(340, 1190, 340, 45, "{weight}", 10),
        text(40, 1245, 640, 45, "{fbaCode}  {poCode}", 8),
        text(40, 1295, 640, 90, "{goods}", 7),
        coded(Kind::Qr, 720, 1130, 250, 250, "{trackNo}"),
        aligned(text(40, 1420, 920, 40, "{sysTrackNo}  {customer}", 6), Align::Right),
    ]);
    Template { size: "100x150".to_owned(), elements }
}

/// 100 x 100 mm: the same blocks, tighter.
fn default_100x100() -> Template {
    let mut elements = vec![bold(text(30, 30, 620, 60, "{service}", 12)), text(30, 90, 620, 40, "{serialNumber}  {date}", 7)];
    elements.extend(sort_block(700, 20, 280, 120, 22));
    elements.extend([
        line(0, 150, 1000, 0),
        text(30, 160, 940, 40, "FROM 寄件人: {senderName}  {senderCompany}", 7),
        text(30, 200, 940, 40, "{senderAddress}  {senderCountry}", 7),
        line(0, 245, 1000, 0),
        bold(text(30, 255, 940, 50, "TO 收件人: {consigneeName}", 10)),
        text(30, 305, 940, 80, "{consigneeCompany}  {consigneeAddress}", 8),
        bold(text(30, 385, 700, 45, "{consigneeCityLine}", 9)),
        aligned(bold(text(730, 385, 240, 45, "{consigneeCountry}", 11)), Align::Right),
        text(30, 430, 940, 40, "{consigneePhone}", 8),
        line(0, 475, 1000, 0),
        coded(Kind::Barcode, 30, 495, 940, 200, "{trackNo}"),
        aligned(bold(text(30, 700, 940, 50, "{trackNo}", 11)), Align::Center),
        line(0, 760, 1000, 0),
        text(30, 775, 700, 40, "Ref: {customerCode}  {reference}", 7),
        bold(text(30, 820, 300, 55, "{pieces}", 13)),
        text(330, 830, 370, 40, "{weight}", 9),
        text(30, 885, 700, 90, "{goods}", 6),
        coded(Kind::Qr, 760, 775, 200, 200, "{trackNo}"),
    ]);
    Template { size: "100x100".to_owned(), elements }
}

/// What an outbound package's label shows (`{name}` in [`package_template`]'s elements).
pub const PACKAGE_FIELDS: &[&str] =
    &["packageNo", "sortCode", "channel", "transport", "depot", "pieces", "weight", "batchNo", "date", "operator"];

/// The 100 x 150 mm label of an outbound package (sort-pack): the channel and transport, the
/// destination country as the sort code, the package number as a barcode, large and as a QR
/// code, the pieces and the weight, the Amazon warehouse, the batch.
pub fn package_template() -> Template {
    let mut elements = vec![bold(text(40, 40, 600, 70, "{channel}", 14)), text(40, 110, 600, 50, "{transport}  {date}", 8)];
    elements.extend(sort_block(680, 30, 290, 150, 26));
    elements.extend([
        line(0, 200, 1000, 0),
        bold(text(40, 225, 920, 50, "PACKAGE 出库包", 9)),
        coded(Kind::Barcode, 30, 300, 940, 260, "{packageNo}"),
        aligned(bold(text(30, 575, 940, 80, "{packageNo}", 18)), Align::Center),
        line(0, 690, 1000, 0),
        bold(text(40, 720, 440, 100, "{pieces}", 22)),
        aligned(bold(text(500, 720, 460, 100, "{weight}", 22)), Align::Right),
        bold(text(40, 840, 920, 60, "{depot}", 12)),
        line(0, 920, 1000, 0),
        coded(Kind::Qr, 360, 950, 280, 280, "{packageNo}"),
        aligned(text(40, 1260, 920, 50, "{batchNo}", 10), Align::Center),
        aligned(text(40, 1420, 920, 40, "{operator}", 6), Align::Right),
    ]);
    Template { size: "100x150".to_owned(), elements }
}

/// The 100 x 100 mm label of a storage location (WMS), for its shelf or bin: the code large, as a
/// Code 128 barcode and as a QR code (the PDA scans either), the warehouse, type and capacity.
pub fn location_template() -> Template {
    let elements = vec![
        bold(text(40, 30, 920, 60, "LOCATION 库位  {warehouse}", 10)),
        text(40, 95, 920, 50, "{type}  {capacity}", 8),
        line(0, 160, 1000, 0),
        coded(Kind::Barcode, 30, 190, 940, 300, "{code}"),
        aligned(bold(text(30, 510, 940, 110, "{code}", 24)), Align::Center),
        line(0, 640, 1000, 0),
        coded(Kind::Qr, 380, 665, 240, 240, "{code}"),
        aligned(text(40, 930, 920, 40, "{date}", 6), Align::Right),
    ];
    Template { size: "100x100".to_owned(), elements }
}

/// An element with its content filled from a label's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed<'a> {
    pub element: &'a Element,
    pub text: String,
}

/// The elements of `template` with their contents filled (`value` answers a field's text; an
/// unknown or empty field leaves nothing). Text left empty (all its fields blank) is dropped, as
/// are barcodes and QR codes with nothing to encode.
pub fn place<'a>(template: &'a Template, value: &dyn Fn(&str) -> Option<&'a str>) -> Vec<Placed<'a>> {
    let mut placed = Vec::with_capacity(template.elements.len());
    for element in &template.elements {
        let mut text = String::new();
        let mut any_field = false;
        let mut any_value = false;
        fill(&mut text, &element.content, |name, out| {
            any_field = true;
            if let Some(v) = value(name).filter(|v| !v.is_empty()) {
                any_value = true;
                out.push_str(v);
            }
            true
        });
        let blank = any_field && !any_value;
        let text = squeeze(&text);
        match element.kind {
            Kind::Text | Kind::Barcode | Kind::Qr if blank || text.is_empty() => continue,
            _ => {}
        }
        placed.push(Placed { element, text });
    }
    placed
}

/// Text with runs of spaces (left by blank fields) made one, trimmed; line breaks kept.
fn squeeze(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let mut space = false;
        for c in line.trim().chars() {
            if c == ' ' {
                if !space {
                    out.push(' ');
                }
                space = true;
            } else {
                out.push(c);
                space = false;
            }
        }
    }
    out.trim_matches('\n').to_owned()
}

// ---- Code 128 ----

/// The bar and space widths (modules) of each Code 128 symbol value, 0..=105; 106 is the stop.
const PATTERNS: [&str; 107] = [
    "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213", "221312", "231212",
    "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132", "221231", "213212", "223112", "312131",
    "311222", "321122", "321221", "312212", "322112", "322211", "212123", "212321", "232121", "111323", "131123", "131321",
    "112313", "132113", "132311", "211313", "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121",
    "313121", "211331", "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
    "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214", "112412", "122114",
    "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111", "111242", "121142", "121241", "114212",
    "124112", "124211", "411212", "421112", "421211", "212141", "214121", "412121", "111143", "111341", "131141", "114113",
    "114311", "411113", "411311", "113141", "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
];
const START_B: u8 = 104;
const START_C: u8 = 105;
const TO_B: u8 = 100;
const TO_C: u8 = 99;
const STOP: u8 = 106;

/// A Code 128 symbol: its values from the start code to the stop, the check value included.
/// Printable ASCII only (32..=126): subset B, with subset C for runs of digits where that is
/// shorter (four or more at either end, six or more inside, all of an even all-digit number).
pub fn code128(data: &str) -> Option<Vec<u8>> {
    let bytes = data.as_bytes();
    if bytes.is_empty() || bytes.len() > 80 || !bytes.iter().all(|b| (32..=126).contains(b)) {
        return None;
    }
    let mut values: Vec<u8> = Vec::with_capacity(bytes.len() + 4);
    let mut set: Option<u8> = None;
    let to = |values: &mut Vec<u8>, set: &mut Option<u8>, want: u8| {
        if *set != Some(want) {
            values.push(match (*set, want) {
                (None, START_B) => START_B,
                (None, _) => START_C,
                (Some(_), START_B) => TO_B,
                (Some(_), _) => TO_C,
            });
            *set = Some(want);
        }
    };
    let mut i = 0;
    while i < bytes.len() {
        let run = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        let (start, end) = (i == 0, i + run == bytes.len());
        let use_c = run >= 4 && (start || end || run >= 6) || (start && end && run >= 2 && run.is_multiple_of(2));
        if use_c {
            let mut run = run;
            if !run.is_multiple_of(2) {
                to(&mut values, &mut set, START_B);
                values.push(bytes[i] - 32);
                i += 1;
                run -= 1;
            }
            to(&mut values, &mut set, START_C);
            for pair in bytes[i..i + run].chunks(2) {
                values.push((pair[0] - b'0') * 10 + (pair[1] - b'0'));
            }
            i += run;
        } else {
            to(&mut values, &mut set, START_B);
            values.push(bytes[i] - 32);
            i += 1;
        }
    }
    let check = values.iter().enumerate().map(|(i, v)| u32::from(*v) * (i.max(1) as u32)).sum::<u32>() % 103;
    values.push(check as u8);
    values.push(STOP);
    Some(values)
}

/// A symbol's modules, quiet zones excluded: 11 a symbol, 13 the stop.
pub fn modules(values: &[u8]) -> u32 {
    11 * (values.len() as u32 - 1) + 13
}

/// The bar and space widths in modules, bar first.
pub fn widths(values: &[u8]) -> Vec<u8> {
    values.iter().flat_map(|v| PATTERNS[usize::from(*v)].bytes().map(|b| b - b'0')).collect()
}

/// Dots of a printer at `dpi` in `tenths` of a millimetre (rounded).
pub fn dots(tenths: u32, dpi: u32) -> u32 {
    (tenths * dpi + 127) / 254
}

/// The widest module, in whole dots, that fits `symbol_modules` and two quiet zones of ten
/// modules each in `width_dots`; at least one dot.
pub fn module_dots(symbol_modules: u32, width_dots: u32) -> u32 {
    (width_dots / (symbol_modules + 20)).max(1)
}

// ---- ZPL II ----

/// The printer font ZPL labels print Chinese with (Zebra's Andale simplified Chinese, loaded on
/// the printer as `E:ANMDS.TTF`); ASCII text uses the resident scalable font 0.
pub const ZPL_CJK_FONT: &str = "E:ANMDS.TTF";

/// `text` for a `^FD` after `^FH\`: the characters ZPL reads as commands written as hex.
fn zpl_field(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '^' => out.push_str("\\5E"),
            '~' => out.push_str("\\7E"),
            '\\' => out.push_str("\\5C"),
            '\n' => out.push_str("\\&"),
            c => out.push(c),
        }
    }
}

/// A Code 128 symbol as `^BC` data in no-mode: subset invocations (`>:` start B, `>;` start C,
/// `>5` to C, `>6` to B) and the data; the printer adds the check value and the stop.
fn zpl_code128(values: &[u8]) -> String {
    let mut out = String::new();
    let mut set = START_B;
    for v in &values[..values.len() - 2] {
        match *v {
            START_B => out.push_str(">:"),
            START_C => {
                out.push_str(">;");
                set = START_C;
            }
            TO_C if set == START_B => {
                out.push_str(">5");
                set = START_C;
            }
            TO_B if set == START_C => {
                out.push_str(">6");
                set = START_B;
            }
            v if set == START_C => out.push_str(&format!("{v:02}")),
            30 => out.push_str("><"),
            v => zpl_field(&mut out, &char::from(v + 32).to_string()),
        }
    }
    out
}

/// ZPL II for one label of `template` (placed with its values) at `dpi`.
pub fn zpl(template: &Template, placed: &[Placed<'_>], dpi: u32) -> String {
    let (w, h) = label_mm(&template.size).unwrap_or((100, 150));
    let d = |tenths: u32| dots(tenths, dpi);
    let mut out = String::with_capacity(2048);
    out.push_str(&format!("^XA\n^CI28\n^CWJ,{ZPL_CJK_FONT}\n^PW{}\n^LL{}\n^LH0,0\n", d(w * 10), d(h * 10)));
    for p in placed {
        let e = p.element;
        let (x, y, width, height) = (d(e.x), d(e.y), d(e.w), d(e.h));
        let t = d(e.thickness).max(1);
        match e.kind {
            Kind::Line => out.push_str(&format!("^FO{x},{y}^GB{},{},{t}^FS\n", width.max(t), height.max(t))),
            Kind::Rect => {
                let stroke = if e.inverse { width.min(height) } else { t };
                out.push_str(&format!("^FO{x},{y}^GB{width},{height},{stroke}^FS\n"));
            }
            Kind::Text => {
                // Points to dots: 1 pt = 1/72 in.
                let size = (e.font_size * dpi + 36) / 72;
                let lines = (height / size.max(1)).max(1);
                let font = if p.text.is_ascii() { "0" } else { "J" };
                let justify = match e.align {
                    Align::Left => 'L',
                    Align::Center => 'C',
                    Align::Right => 'R',
                };
                out.push_str(&format!("^FO{x},{y}^A{font}N,{size},{size}^FB{width},{lines},0,{justify},0"));
                if e.inverse {
                    out.push_str("^FR");
                }
                out.push_str("^FH\\^FD");
                zpl_field(&mut out, &p.text);
                out.push_str("^FS\n");
            }
            Kind::Barcode => {
                let Some(values) = code128(&p.text) else { continue };
                let module = module_dots(modules(&values), width);
                let symbol = (modules(&values) + 20) * module;
                let left = x + (width.saturating_sub(symbol)) / 2 + 10 * module;
                out.push_str(&format!("^FO{left},{y}^BY{module},3,{height}^BCN,{height},N,N,N,N^FH\\^FD"));
                out.push_str(&zpl_code128(&values));
                out.push_str("^FS\n");
            }
            Kind::Qr => {
                // Magnification: the module size in dots, for a version-3 symbol (29 modules) and
                // its quiet zone to fill the box.
                let side = width.min(height);
                let magnification = (side / 37).clamp(1, 10);
                out.push_str(&format!("^FO{x},{y}^BQN,2,{magnification}^FH\\^FDQA,"));
                zpl_field(&mut out, &p.text);
                out.push_str("^FS\n");
            }
        }
    }
    out.push_str("^XZ\n");
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn label_types_name_their_supplier() {
        assert_eq!(supplier_of(None), Supplier::System);
        assert_eq!(supplier_of(Some("pdf")), Supplier::System);
        assert_eq!(supplier_of(Some("zpl")), Supplier::System);
        assert_eq!(supplier_of(Some(" Carrier ")), Supplier::Carrier);
        assert_eq!(supplier_of(Some("upload")), Supplier::Upload);
        assert!(LABEL_TYPES.iter().all(|t| supplier_of(Some(t)) != Supplier::System || *t == "system"));
    }

    #[test]
    fn pdf_shape() {
        assert!(looks_like_pdf(b"%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n"));
        assert!(!looks_like_pdf(b"%PDF-1.7 truncated"));
        assert!(!looks_like_pdf(b"\x89PNG\r\n%%EOF"));
        assert!(!looks_like_pdf(b""));
    }

    use super::*;
    use crate::json;

    fn check(text: &str) -> Result<Template, Vec<FieldError>> {
        Template::from_json(&json::parse(text).unwrap())
    }

    #[test]
    fn defaults_pass_their_own_check_and_round_trip() {
        for size in SIZES {
            let t = Template::default_for(size);
            let again = Template::from_json(&t.to_json()).unwrap();
            assert_eq!(again, t, "{size}");
        }
    }

    #[test]
    fn refuses_what_does_not_fit() {
        let errors = check(
            r#"{"size":"100x150","elements":[
            {"kind":"text","x":90,"y":0,"w":20,"h":5,"content":"x"},
            {"kind":"blink","x":0,"y":0,"w":5,"h":5},
            {"kind":"text","x":0,"y":0,"w":5,"h":5,"content":"{nope}"},
            {"kind":"text","x":0,"y":0,"w":5,"h":5,"content":"a","fontSize":99},
            {"kind":"line","x":0,"y":0,"w":5,"h":5},
            {"kind":"barcode","x":0,"y":0,"w":50,"h":5,"content":" "},
            {"kind":"text","x":0.25,"y":0,"w":5,"h":5,"content":"a"}
        ]}"#,
        )
        .unwrap_err();
        let keys: Vec<_> = errors.iter().map(|e| (e.field.as_str(), e.key)).collect();
        assert_eq!(
            keys,
            vec![
                ("elements[0]", MessageKey::LabelElementOutside),
                ("elements[1]", MessageKey::LabelElementKind),
                ("elements[2]", MessageKey::LabelUnknownField),
                ("elements[3]", MessageKey::LabelFontSize),
                ("elements[4]", MessageKey::LabelElementEmpty),
                ("elements[5]", MessageKey::LabelElementEmpty),
                ("elements[6]", MessageKey::LabelElementOutside),
            ]
        );
        assert_eq!(errors[2].message(crate::Lang::EnUs), "Element 3 refers to an unknown field: nope!");
        assert!(check(r#"{"size":"a4","elements":[]}"#).is_err());
    }

    #[test]
    fn code128_picks_the_shorter_subsets() {
        // All digits, even: subset C throughout.
        assert_eq!(code128("1234").unwrap(), vec![START_C, 12, 34, (105 + 12 + 2 * 34) % 103, STOP]);
        // Letters, then a long run of digits at the end in C.
        let v = code128("AB123456").unwrap();
        assert_eq!(&v[..6], &[START_B, 33, 34, TO_C, 12, 34]);
        // S10: two letters, nine digits (odd: one in B), two letters.
        let v = code128("AA473124829GB").unwrap();
        assert_eq!(v[0], START_B);
        assert!(v.contains(&TO_C) && v.contains(&TO_B));
        // Short digit runs stay in B.
        assert_eq!(code128("A12B").unwrap().len(), 1 + 4 + 2);
        assert!(code128("").is_none());
        assert!(code128("中文").is_none());
    }

    #[test]
    fn check_value_follows_the_standard() {
        // Start B 104 + P 48·1 + J 42·2 + J 42·3 + 1 17·4 + 2 18·5 + 3 19·6 + C 35·7 = 879 ≡ 55 (mod 103).
        let v = code128("PJJ123C").unwrap();
        assert_eq!(v[v.len() - 2], 55);
        assert_eq!(modules(&v), 11 * 9 + 13);
        let w = widths(&v);
        assert_eq!(w.iter().map(|x| u32::from(*x)).sum::<u32>(), modules(&v));
    }

    #[test]
    fn module_width_in_whole_dots_with_quiet_zones() {
        let v = code128("1Z999AA10123456784").unwrap();
        let m = modules(&v);
        let width = dots(940, 203);
        let module = module_dots(m, width);
        assert!((m + 20) * module <= width && (m + 20) * (module + 1) > width);
        assert_eq!(dots(1000, 203), 799);
        assert_eq!(dots(1000, 300), 1181);
    }

    #[test]
    fn places_fields_and_drops_blank_ones() {
        let t = Template::default_for("100x150");
        let values = |name: &str| match name {
            "trackNo" => Some("AA473124829GB"),
            "consigneeName" => Some("张三"),
            "customerCode" => Some("PO-1"),
            _ => None,
        };
        let placed = place(&t, &values);
        assert!(placed.iter().any(|p| p.element.kind == Kind::Barcode && p.text == "AA473124829GB"));
        assert!(placed.iter().any(|p| p.text == "张三"));
        assert!(placed.iter().any(|p| p.text == "Ref: PO-1"));
        assert!(!placed.iter().any(|p| p.element.content == "{service}"));
        // Static captions stay.
        assert!(placed.iter().any(|p| p.text == "TO 收件人"));
    }

    #[test]
    fn zpl_escapes_and_encodes() {
        let t = Template {
            size: "100x100".to_owned(),
            elements: vec![text(0, 0, 500, 100, "{consigneeName}", 10), coded(Kind::Barcode, 0, 200, 1000, 200, "{trackNo}")],
        };
        let values = |name: &str| match name {
            "consigneeName" => Some("李^四~"),
            "trackNo" => Some("AB123456"),
            _ => None,
        };
        let zpl = zpl(&t, &place(&t, &values), 203);
        assert!(zpl.starts_with("^XA\n^CI28\n"));
        assert!(zpl.contains("^AJN,28,28"));
        assert!(zpl.contains("^FD李\\5E四\\7E^FS"));
        assert!(zpl.contains("^FD>:AB>5123456^FS"));
        assert!(zpl.ends_with("^XZ\n"));
    }
}

//! Printers (`/logistics/lodopPrinter/*`): each user's own (spec: printer name, paper format,
//! horizontal, preview, width and height in mm), one per label size as the default that size
//! prints to: a PDF printer (through the browser's dialog or, with C-Lodop on the user's computer,
//! silently to the printer of that name) or a thermal printer fed ZPL at its resolution.

use diesel::QueryableByName;
use logistics_core::MessageKey;
use logistics_core::label::{DPIS, FORMATS, SIZES};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::db::schema::logistics_printer;
use crate::platform::http::AppError;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::resource::form::{one_of, optional, required};
use crate::platform::resource::{Checked, Field, Filter, Kind, Resource, Scope};
use crate::state::AppState;
use crate::system::auth::CurrentUser;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = logistics_printer)]
#[serde(rename_all = "camelCase")]
pub struct PrinterRecord {
    pub id: String,
    /// The printer's name as the computer knows it (C-Lodop prints to it by this name).
    pub printer_name: String,
    /// The label size it prints: 100x150, 100x100 or a4.
    pub paper_format: String,
    /// pdf, or zpl for a thermal printer.
    pub output_format: String,
    /// 203 or 300.
    pub dpi: i32,
    /// Printed rotated (landscape).
    pub iz_horizontal: i16,
    /// Preview before printing.
    pub iz_preview: i16,
    /// The printer its size prints to.
    pub iz_default: i16,
    /// Paper width and height, millimetres.
    pub width: i32,
    pub height: i32,
    pub remark: Option<String>,
    pub create_time: DateTime,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrinterForm {
    pub id: Option<String>,
    #[serde(default)]
    pub printer_name: String,
    pub paper_format: Option<String>,
    pub output_format: Option<String>,
    pub dpi: Option<i32>,
    pub iz_horizontal: Option<i16>,
    pub iz_preview: Option<i16>,
    pub iz_default: Option<i16>,
    /// Millimetres; the paper format's when left out.
    pub width: Option<i32>,
    pub height: Option<i32>,
    pub remark: Option<String>,
}

fn flag(field: &str, value: Option<i16>, default: i16) -> Result<i16, AppError> {
    match value.unwrap_or(default) {
        v @ (0 | 1) => Ok(v),
        _ => Err(AppError::field(field, MessageKey::StatusInvalid)),
    }
}

/// Paper from 20 to 500 mm a side.
fn millimetres(field: &str, label: MessageKey, value: Option<i32>, default: u32) -> Result<i32, AppError> {
    let v = value.unwrap_or(default as i32);
    if !(20..=500).contains(&v) {
        return Err(AppError::field(field, MessageKey::WholeNumberRange)
            .with("field", format!("@{}", label.key()))
            .with("min", "20")
            .with("max", "500"));
    }
    Ok(v)
}

pub struct Printers;

impl Resource for Printers {
    const PATH: &'static str = "/logistics/lodopPrinter";
    const PERMISSION: &'static str = "logistics:printer";
    const NOUN: &'static str = "printer";
    const PLURAL: &'static str = "printers";
    const TABLE: &'static str = "logistics_printer";
    const SCOPE: Scope = Scope::User;
    const FIELDS: &'static [Field] = &[
        Field::text("printerName", "printer_name").sortable().titled(MessageKey::FieldPrinterName),
        Field::text("paperFormat", "paper_format").sortable().titled(MessageKey::FieldPaperFormat),
        Field::text("outputFormat", "output_format").titled(MessageKey::FieldOutputFormat),
        Field::int("dpi", "dpi").titled(MessageKey::FieldDpi),
        Field::small("izHorizontal", "iz_horizontal"),
        Field::small("izPreview", "iz_preview"),
        Field::small("izDefault", "iz_default"),
        Field::int("width", "width").titled(MessageKey::FieldWidthMm),
        Field::int("height", "height").titled(MessageKey::FieldHeightMm),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("printerName", &["printer_name"], "The printer's name, substring."),
        Filter::one_of("paperFormat", &["paper_format"], SIZES, Kind::Text, "100x150, 100x100 or a4."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("printerName", MessageKey::PrinterNameTaken));
    const HAS_UPDATE_BY: bool = true;
    /// Every page that prints labels reads the user's printers.
    const ALSO_LISTED_BY: &'static [&'static str] = &["logistics:shipment:print"];

    crate::record_form!(PrinterRecord, PrinterForm, printer_name);

    async fn values(_: &AppState, _: &CurrentUser, form: &PrinterForm, _before: Option<&PrinterRecord>) -> Checked {
        let paper = one_of("paperFormat", MessageKey::FieldPaperFormat, &form.paper_format, SIZES)?
            .unwrap_or_else(|| "100x150".to_owned());
        let (w, h) = if paper == "a4" { (210, 297) } else { logistics_core::label::label_mm(&paper).unwrap_or((100, 150)) };
        let output = one_of("outputFormat", MessageKey::FieldOutputFormat, &form.output_format, FORMATS)?
            .unwrap_or_else(|| "pdf".to_owned());
        if output == "zpl" && paper == "a4" {
            return Err(AppError::field("paperFormat", MessageKey::LabelSizeInvalid));
        }
        let dpi = form.dpi.unwrap_or(203);
        if !DPIS.contains(&(dpi as u32)) {
            return Err(AppError::field("dpi", MessageKey::LabelDpiInvalid));
        }
        Ok(vec![
            ("printer_name", required("printerName", MessageKey::FieldPrinterName, &form.printer_name, 100)?.into()),
            ("paper_format", paper.into()),
            ("output_format", output.into()),
            ("dpi", dpi.into()),
            ("iz_horizontal", flag("izHorizontal", form.iz_horizontal, 0)?.into()),
            ("iz_preview", flag("izPreview", form.iz_preview, 1)?.into()),
            ("iz_default", flag("izDefault", form.iz_default, 0)?.into()),
            ("width", millimetres("width", MessageKey::FieldWidthMm, form.width, w)?.into()),
            ("height", millimetres("height", MessageKey::FieldHeightMm, form.height, h)?.into()),
            ("remark", optional("remark", MessageKey::FieldRemark, &form.remark, 500)?.into()),
        ])
    }
}

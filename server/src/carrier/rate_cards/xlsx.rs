//! Rate cards as Excel workbooks, with the columns of the JSON format: sheets `card` (field |
//! value), `rounding`, `zones`, `prices` and `surcharges`, a header row each. Export writes a
//! version (or an empty template); import reads one back, checks it with the same rules as the
//! API and reports every bad row as Excel shows it (sheet, row, column) before anything is saved.

use axum::extract::Multipart;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use calamine::DataRef;
use logistics_core::MessageKey;
use rust_xlsxwriter::{Format, Workbook};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use utoipa::{IntoParams, ToSchema};

use super::{RateCardDetail, checked, detail, save};
use crate::platform::caller::Caller;
use crate::platform::db::schema::logistics_rate_card as card;
use crate::platform::http::reply::ok_with;
use crate::platform::http::upload::Upload;
use crate::platform::http::{ApiQuery, AppError, current_lang};
use crate::platform::sheet::{Book, SheetError};
use crate::system::permissions::grants;
use crate::with_conn;

/// The sheets and their columns, as the JSON format names the fields.
const ROUNDING: [&str; 2] = ["upTo", "increment"];
const ZONES: [&str; 3] = ["code", "countries", "postalPrefixes"];
const PRICES: [&str; 10] =
    ["zone", "fromWeight", "toWeight", "mode", "price", "firstWeight", "firstPrice", "stepWeight", "stepPrice", "minCharge"];
const SURCHARGES: [&str; 7] = ["type", "percent", "amount", "countries", "postalCodes", "maxSide", "maxWeight"];
const CARD_FIELDS: [&str; 6] = ["code", "name", "currency", "effectiveFrom", "minChargeableWeight", "roundingScope"];
/// Lists travel comma-joined in a cell.
const LIST_COLUMNS: [&str; 3] = ["countries", "postalPrefixes", "postalCodes"];

/// The largest workbook accepted.
pub const IMPORT_LIMIT: usize = 5 * 1024 * 1024;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// The version to export; none: an empty template.
    pub id: Option<String>,
}

fn cell_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Array(items) => items.iter().map(cell_text).collect::<Vec<_>>().join(","),
        Value::Bool(b) => b.to_string(),
        _ => String::new(),
    }
}

fn xlsx_error(e: rust_xlsxwriter::XlsxError) -> AppError {
    AppError::internal(format!("xlsx: {e}"))
}

/// One sheet: the header, then a row per item.
fn sheet(book: &mut Workbook, name: &str, columns: &[&str], rows: &[Value], bold: &Format) -> Result<(), AppError> {
    let ws = book.add_worksheet();
    ws.set_name(name).map_err(xlsx_error)?;
    for (c, column) in columns.iter().enumerate() {
        ws.write_string_with_format(0, c as u16, *column, bold).map_err(xlsx_error)?;
        ws.set_column_width(c as u16, 16).map_err(xlsx_error)?;
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, column) in columns.iter().enumerate() {
            let text = row.get(*column).map(cell_text).unwrap_or_default();
            let (r, c) = ((r + 1) as u32, c as u16);
            // Numbers as numbers, so Excel sums and sorts them; everything else as text.
            match text.parse::<f64>() {
                Ok(n) if n.is_finite() && !LIST_COLUMNS.contains(column) && n.to_string() == text => {
                    ws.write_number(r, c, n).map_err(xlsx_error)?;
                }
                _ if !text.is_empty() => {
                    ws.write_string(r, c, text).map_err(xlsx_error)?;
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// A workbook of a version, or the empty template.
pub fn workbook(card: Option<&RateCardDetail>) -> Result<Vec<u8>, AppError> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    let mut head = Vec::new();
    if let Some(c) = card {
        let r = &c.record;
        let values = [&r.code, &r.name, &r.currency, &r.effective_from, &c.min_chargeable_weight, &c.rounding_scope];
        for (field, value) in CARD_FIELDS.iter().zip(values) {
            head.push(json!({"field": field, "value": value}));
        }
    } else {
        head =
            CARD_FIELDS.iter().map(|f| json!({"field": f, "value": if *f == "roundingScope" { "parcel" } else { "" }})).collect();
    }
    sheet(&mut book, "card", &["field", "value"], &head, &bold)?;
    let rows = |v: Option<&Value>| v.and_then(Value::as_array).cloned().unwrap_or_default();
    sheet(&mut book, "rounding", &ROUNDING, &rows(card.map(|c| &c.weight_rounding)), &bold)?;
    sheet(&mut book, "zones", &ZONES, &rows(card.map(|c| &c.zones)), &bold)?;
    sheet(&mut book, "prices", &PRICES, &rows(card.map(|c| &c.prices)), &bold)?;
    sheet(&mut book, "surcharges", &SURCHARGES, &rows(card.map(|c| &c.surcharges)), &bold)?;
    book.save_to_buffer().map_err(xlsx_error)
}

/// Downloads a version as xlsx (or the empty template without `id`).
#[utoipa::path(get, path = "/logistics/rateCard/exportXls", tag = "logistics", params(ExportQuery),
    responses((status = 200, description = "The workbook", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        (status = 403), (status = 404)))]
pub async fn export(Caller(state, me): Caller, ApiQuery(q): ApiQuery<ExportQuery>) -> Result<Response, AppError> {
    grants::require(&state, &me, "logistics:rateCard:export").await?;
    let card = match q.id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(id) => Some(detail(&state.db, me.tenant_id, id).await?),
        None => None,
    };
    let bytes = workbook(card.as_ref())?;
    let name = card.map_or_else(
        || "rate-card-template.xlsx".to_owned(),
        |c| format!("rate-card-{}-{}.xlsx", c.record.code, c.record.effective_from),
    );
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    );
    let disposition = format!("attachment; filename=\"{name}\"");
    headers.insert(header::CONTENT_DISPOSITION, HeaderValue::from_str(&disposition).map_err(AppError::internal)?);
    Ok(response)
}

/// One bad cell of an import, as Excel shows it.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct ImportError {
    pub sheet: String,
    /// 1-based, the header being row 1.
    pub row: usize,
    pub column: String,
    pub message: String,
}

fn data_text(d: &DataRef<'_>) -> Option<String> {
    let text = match d {
        DataRef::Empty | DataRef::Error(_) => String::new(),
        DataRef::String(s) => s.trim().to_owned(),
        DataRef::SharedString(s) => s.trim().to_owned(),
        DataRef::Int(i) => i.to_string(),
        DataRef::Float(f) => f.to_string(),
        DataRef::Bool(b) => b.to_string(),
        // An Excel date (days since 1899-12-30) as YYYY-MM-DD.
        DataRef::DateTime(d) => chrono::NaiveDate::from_ymd_opt(1899, 12, 30)
            .and_then(|base| base.checked_add_days(chrono::Days::new(d.as_f64().max(0.0) as u64)))
            .map(|day| day.format("%Y-%m-%d").to_string())
            .unwrap_or_default(),
        DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => s.chars().take(10).collect(),
    };
    Some(text).filter(|t| !t.is_empty())
}

/// Rows a sheet may hold, and its columns read.
const MAX_ROWS: usize = 20_000;
const MAX_COLUMNS: u32 = 32;

/// The rows of a sheet as objects keyed by its header (case-insensitive, any column order), each
/// with its Excel row number; blank rows are skipped. Streamed (`sheet::Book`): a sheet that claims
/// a million rows by a million columns costs only the cells it holds.
fn rows(book: &mut Book, name: &str, columns: &[&str]) -> Result<Vec<(usize, Value)>, SheetError> {
    let mut iter = book.rows(name, MAX_ROWS, MAX_COLUMNS, data_text)?.into_iter();
    let Some((_, header)) = iter.next() else { return Ok(Vec::new()) };
    let keys: Vec<Option<&str>> = header
        .iter()
        .map(|h| {
            let h = h.as_deref().unwrap_or_default().to_ascii_lowercase();
            columns.iter().copied().find(|c| c.to_ascii_lowercase() == h)
        })
        .collect();
    let mut out = Vec::new();
    for (number, row) in iter {
        let mut object = Map::new();
        for (key, text) in keys.iter().zip(row) {
            if let (Some(k), Some(text)) = (key, text) {
                object.insert((*k).to_owned(), Value::String(text));
            }
        }
        if !object.is_empty() {
            out.push((number, Value::Object(object)));
        }
    }
    Ok(out)
}

/// The card a workbook describes, with where each list item came from.
struct Sheets {
    card: Value,
    origin: Vec<(&'static str, &'static str, Vec<usize>)>,
    head_rows: Vec<(String, usize)>,
}

fn read(bytes: Vec<u8>) -> Option<Sheets> {
    let mut book = Book::open(bytes).ok()?;
    if !book.sheet_names().iter().any(|n| n == "card") {
        return None;
    }
    let mut card = Map::new();
    let mut head_rows = Vec::new();
    for (row, r) in rows(&mut book, "card", &["field", "value"]).ok()? {
        let field = r.get("field").and_then(Value::as_str).unwrap_or_default().to_owned();
        if let Some(f) = CARD_FIELDS.iter().find(|f| f.eq_ignore_ascii_case(&field)) {
            card.insert((*f).to_owned(), r.get("value").cloned().unwrap_or(Value::String(String::new())));
            head_rows.push(((*f).to_owned(), row));
        }
    }
    let mut origin = Vec::new();
    for (key, sheet, columns) in [
        ("weightRounding", "rounding", &ROUNDING[..]),
        ("zones", "zones", &ZONES[..]),
        ("prices", "prices", &PRICES[..]),
        ("surcharges", "surcharges", &SURCHARGES[..]),
    ] {
        let (numbers, items): (Vec<usize>, Vec<Value>) = rows(&mut book, sheet, columns).ok()?.into_iter().unzip();
        card.insert(key.to_owned(), Value::Array(items));
        origin.push((key, sheet, numbers));
    }
    Some(Sheets { card: Value::Object(card), origin, head_rows })
}

/// Every error of the workbook's card: each one found is reported, its row set aside, and the
/// rest checked again (at most 200).
fn all_errors(sheets: &mut Sheets) -> Vec<ImportError> {
    let lang = current_lang();
    let mut errors = Vec::new();
    while errors.len() < 200 {
        let Err(e) = checked(&sheets.card) else { break };
        let message = e.error.message(lang);
        let field = e.error.field.clone();
        // `prices[3].toWeight` → the list, the item, the column.
        let (list, rest) = field.split_once('[').unwrap_or((field.as_str(), ""));
        let index = rest.split(']').next().and_then(|i| i.parse::<usize>().ok());
        let column = rest.split_once("].").map_or("", |(_, c)| c).to_owned();
        match (sheets.origin.iter_mut().find(|(k, ..)| *k == list), index) {
            (Some((key, sheet, numbers)), Some(i)) if i < numbers.len() => {
                errors.push(ImportError { sheet: (*sheet).to_owned(), row: numbers[i], column, message });
                numbers.remove(i);
                if let Some(items) = sheets.card.get_mut(*key).and_then(Value::as_array_mut) {
                    items.remove(i);
                }
            }
            (Some((_, sheet, _)), _) => {
                // The list itself (e.g. no prices at all): nothing further can be checked.
                errors.push(ImportError { sheet: (*sheet).to_owned(), row: 1, column: list.to_owned(), message });
                break;
            }
            (None, _) => {
                let row = sheets.head_rows.iter().find(|(f, _)| *f == field).map_or(1, |(_, r)| *r);
                errors.push(ImportError { sheet: "card".into(), row, column: field.clone(), message });
                // A stand-in that passes, so the rows below are checked too.
                let stand_in = match field.as_str() {
                    "code" => json!("IMPORT"),
                    "name" => json!("-"),
                    "currency" => json!("USD"),
                    "effectiveFrom" => json!("2000-01-01"),
                    "roundingScope" => json!("parcel"),
                    _ => json!("0"),
                };
                if sheets.card.get(&field) == Some(&stand_in) {
                    break;
                }
                sheets.card[field.as_str()] = stand_in;
            }
        }
    }
    errors
}

/// Imports a workbook as a card version (replacing the version with the same code and date).
#[utoipa::path(post, path = "/logistics/rateCard/importExcel", tag = "logistics",
    request_body(content_type = "multipart/form-data", description = "field `file`: the .xlsx"),
    responses((status = 200, body = crate::platform::http::Envelope<RateCardDetail>),
        (status = 400, description = "`result.errors` = [{sheet, row, column, message}]; nothing saved"), (status = 403), (status = 413)))]
pub async fn import(Caller(state, me): Caller, multipart: Multipart) -> Result<Response, AppError> {
    grants::require(&state, &me, "logistics:rateCard:import").await?;
    let bytes = Upload::read(multipart, crate::platform::files::UPLOAD_BODY_LIMIT).await?.file()?;
    let read = tokio::task::spawn_blocking(move || read(bytes)).await.map_err(AppError::internal)?;
    let mut sheets = read.ok_or_else(|| AppError::field("file", MessageKey::ImportFileInvalid))?;
    let errors = all_errors(&mut sheets);
    if !errors.is_empty() {
        let lang = current_lang();
        let message = MessageKey::ImportFailed.template(lang).replace("{count}", &errors.len().to_string());
        return Ok(crate::platform::http::error::bad_request_with(
            message,
            json!({"key": MessageKey::ImportFailed.key(), "errors": errors}),
        ));
    }
    let c = checked(&sheets.card)?;
    let existing: Option<String> = with_conn!(&state.db, |conn| {
        use diesel::prelude::*;
        use diesel_async::RunQueryDsl;
        card::table
            .filter(card::tenant_id.eq(me.tenant_id))
            .filter(card::code.eq(&c.code))
            .filter(card::effective_from.eq(c.effective_from))
            .select(card::id)
            .first(conn)
            .await
            .optional()?
    });
    let id = save(&state, &me, &c, existing.as_deref(), None).await?;
    let after = detail(&state.db, me.tenant_id, &id).await?;
    crate::system::logs::added(&state.db, &me, "logistics:rateCard:import", &after.record.code, &after).await;
    Ok(ok_with(MessageKey::Added, after)?.into_response())
}

//! A manifest's files, drawn again from its rows on each download in the reader's language:
//! `GET /logistics/manifest/pdf?id=` (A4 pages laid out by core's `manifest`, drawn by the label
//! renderer: a barcode of the manifest number, the orders, totals and signature lines) and
//! `GET /logistics/manifest/xlsx?id=` (the same columns, one row per order, numbers as numbers,
//! the workbook's time its closing time so the bytes are the same each time).

use axum::response::Response;
use diesel::QueryableByName;
use diesel::sql_types::{Integer, Nullable, Text};
use diesel_async::RunQueryDsl;
use logistics_core::manifest::{self, Head, Line};
use logistics_core::{FieldError, Lang};
use serde::Deserialize;
use utoipa::IntoParams;

use super::{ManifestRecord, Manifests};
use crate::platform::caller::Caller;
use crate::platform::http::{ApiQuery, AppError, attachment, current_lang};
use crate::platform::resource::handlers::read;
use crate::platform::resource::sql::Sql;
use crate::printing::render::{self, Label};
use crate::state::AppState;
use crate::system::permissions::grants;
use crate::with_conn;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ManifestQuery {
    /// The manifest's id.
    #[serde(default)]
    pub id: String,
}

/// A manifest's order as read.
#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = Text)]
    dispatch_no: String,
    #[diesel(sql_type = Text)]
    serial_number: String,
    #[diesel(sql_type = Nullable<Text>)]
    track_no: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    sys_track_no: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    name: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    name_en: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    country: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    postal_code: Option<String>,
    #[diesel(sql_type = Integer)]
    pieces: i32,
    #[diesel(sql_type = Text)]
    weight: String,
}

/// The manifest's orders, by dispatch and serial number.
pub async fn lines(state: &AppState, manifest_id: &str, lang: Lang) -> Result<Vec<Line>, AppError> {
    let mut sql = Sql::new(
        "SELECT d.dispatch_no, s.serial_number, s.track_no, s.sys_track_no, cp.name, cp.name_en, \
            s.consignee_country AS country, s.consignee_postal_code AS postal_code, di.pieces, di.weight \
         FROM logistics_dispatch_item di \
         JOIN logistics_dispatch d ON d.id = di.dispatch_id \
         JOIN logistics_shipment s ON s.id = di.shipment_id \
         LEFT JOIN logistics_channel_product cp ON cp.id = s.channel_product_id \
         WHERE d.manifest_id = ",
    );
    sql.bind(manifest_id).push(" ORDER BY d.dispatch_no, s.serial_number");
    let rows: Vec<Row> = with_conn!(&state.db, |c| sql.query().load(c).await?);
    Ok(rows
        .into_iter()
        .map(|r| {
            let service = if lang == Lang::EnUs { r.name_en.filter(|n| !n.trim().is_empty()).or(r.name) } else { r.name };
            let destination = [r.country, r.postal_code].into_iter().flatten().collect::<Vec<_>>().join(" ");
            Line {
                dispatch_no: r.dispatch_no,
                serial_number: r.serial_number,
                track_no: r.track_no.or(r.sys_track_no).unwrap_or_default(),
                service: service.unwrap_or_default(),
                destination,
                pieces: i64::from(r.pieces),
                weight: r.weight,
            }
        })
        .collect())
}

/// The manifest's head, its closing time in the request's time zone.
pub fn head(record: &ManifestRecord) -> Head {
    Head {
        manifest_no: record.manifest_no.clone(),
        carrier: record.supplier_name.clone(),
        depot: record.depot_name.clone(),
        date: record.manifest_date.clone(),
        carrier_ref: record.carrier_ref.clone(),
        dispatches: i64::from(record.dispatches),
        shipments: i64::from(record.shipments),
        pieces: i64::from(record.pieces),
        weight: record.weight.clone(),
        closed: crate::platform::http::time::local(record.create_time.0),
    }
}

/// The manifest's PDF, in the reader's language.
pub fn pdf(head: &Head, lines: &[Line], lang: Lang) -> Result<Vec<u8>, AppError> {
    let pages = manifest::pages(head, lines, lang);
    let labels: Vec<Label<'_>> = pages
        .iter()
        .map(|page| Label {
            template: page,
            placed: page
                .elements
                .iter()
                .filter(|e| e.kind == logistics_core::label::Kind::Line || !e.content.is_empty())
                .map(|e| logistics_core::label::Placed { element: e, text: e.content.clone() })
                .collect(),
        })
        .collect();
    render::pdf(&labels, manifest::PAGE, 300).map_err(crate::printing::render_error)
}

/// The manifest's workbook: a head of facts, then the orders under the same columns as the PDF.
pub fn xlsx(h: &Head, closed_at: chrono::NaiveDateTime, lines: &[Line], lang: Lang) -> Result<Vec<u8>, AppError> {
    use rust_xlsxwriter::{DocProperties, ExcelDateTime, Format, Workbook};
    let fail = |e: rust_xlsxwriter::XlsxError| AppError::internal(e);
    let label = |key| FieldError::new("", key).message(lang);
    let mut book = Workbook::new();
    let closed = ExcelDateTime::from_timestamp(closed_at.and_utc().timestamp()).map_err(fail)?;
    book.set_properties(&DocProperties::new().set_title(&h.manifest_no).set_creation_datetime(&closed));
    let bold = Format::new().set_bold();
    let sheet = book.add_worksheet();
    sheet.set_name(&h.manifest_no).map_err(fail)?;
    use logistics_core::MessageKey as K;
    let facts = [
        (K::ManifestTitle, h.manifest_no.clone()),
        (K::FieldSupplier, h.carrier.clone()),
        (K::FieldDepot, h.depot.clone()),
        (K::FieldPickupDate, h.date.clone()),
        (K::FieldCarrierRef, h.carrier_ref.clone().unwrap_or_default()),
        (K::FieldClosedTime, h.closed.clone()),
    ];
    for (row, (key, value)) in (0u32..).zip(facts) {
        sheet.write_string_with_format(row, 0, label(key), &bold).map_err(fail)?;
        sheet.write_string(row, 1, value).map_err(fail)?;
    }
    let top = 7u32;
    for (col, (key, width)) in (0u16..).zip(manifest::COLUMNS) {
        sheet.write_string_with_format(top, col, label(*key), &bold).map_err(fail)?;
        sheet.set_column_width(col, f64::from(*width) / 18.0).map_err(fail)?;
    }
    for (i, line) in lines.iter().enumerate() {
        let row = top + 1 + u32::try_from(i).unwrap_or(u32::MAX - top - 2);
        let cells = manifest::cells(i, line);
        for (col, cell) in (0u16..).zip(cells.iter()) {
            // The number, pieces and weight columns are numbers.
            let numeric = matches!(col, 0 | 6 | 7);
            match cell.parse::<f64>() {
                Ok(n) if numeric => sheet.write_number(row, col, n).map_err(fail)?,
                _ => sheet.write_string(row, col, cell).map_err(fail)?,
            };
        }
    }
    let total_row = top + 2 + u32::try_from(lines.len()).unwrap_or(0);
    let totals = FieldError::new("", K::ManifestTotals)
        .with("dispatches", h.dispatches.to_string())
        .with("shipments", h.shipments.to_string())
        .with("pieces", h.pieces.to_string())
        .with("weight", h.weight.clone())
        .message(lang);
    sheet.write_string_with_format(total_row, 0, totals, &bold).map_err(fail)?;
    book.save_to_buffer().map_err(fail)
}

async fn loaded(
    state: &AppState,
    me: &crate::system::auth::CurrentUser,
    id: &str,
) -> Result<(ManifestRecord, Vec<Line>), AppError> {
    grants::require(state, me, "logistics:manifest:list").await?;
    let record = read::<Manifests>(state, me, id).await?;
    let lines = lines(state, &record.id, current_lang()).await?;
    Ok((record, lines))
}

/// The manifest as PDF (A4), in the request's language.
#[utoipa::path(get, path = "/logistics/manifest/pdf", tag = "logistics", params(ManifestQuery),
    responses((status = 200, content_type = "application/pdf", body = Vec<u8>), (status = 403), (status = 404),
        (status = 503, description = "No label font on the server")))]
pub async fn download_pdf(Caller(state, me): Caller, ApiQuery(q): ApiQuery<ManifestQuery>) -> Result<Response, AppError> {
    let (record, lines) = loaded(&state, &me, &q.id).await?;
    let lang = current_lang();
    let name = format!("{}.pdf", record.manifest_no);
    let head = head(&record);
    let bytes = tokio::task::spawn_blocking(move || pdf(&head, &lines, lang)).await.map_err(AppError::internal)??;
    attachment("application/pdf", &name, bytes)
}

/// The manifest as a workbook, in the request's language.
#[utoipa::path(get, path = "/logistics/manifest/xlsx", tag = "logistics", params(ManifestQuery),
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>),
        (status = 403), (status = 404)))]
pub async fn download_xlsx(Caller(state, me): Caller, ApiQuery(q): ApiQuery<ManifestQuery>) -> Result<Response, AppError> {
    let (record, lines) = loaded(&state, &me, &q.id).await?;
    let lang = current_lang();
    let name = format!("{}.xlsx", record.manifest_no);
    let head = head(&record);
    let closed = record.create_time.0;
    let bytes = tokio::task::spawn_blocking(move || xlsx(&head, closed, &lines, lang)).await.map_err(AppError::internal)??;
    attachment("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", &name, bytes)
}

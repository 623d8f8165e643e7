//! Tracking events (`/logistics/trackEvent/*`): every event of every source, searched, exported
//! and (a wrong one) deleted by staff; and staff's upload of events as a CSV or xlsx file
//! (`importExcel`), checked row by row in core, stored through the same ingestion as webhooks.

use axum::extract::Multipart;
use axum::response::{IntoResponse, Response};
use chrono::{Offset, TimeZone, Utc};
use diesel::QueryableByName;
use logistics_core::tracking::{self, EventTime, Status};
use logistics_core::{FieldError, MessageKey};
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::ingest::{Incoming, Ingested, ingest, refresh};
use crate::platform::caller::Caller;
use crate::platform::db::schema::logistics_track_event;
use crate::platform::http::error::bad_request_with;
use crate::platform::http::page::Order;
use crate::platform::http::time::{DateTime, current_zone};
use crate::platform::http::upload::Upload;
use crate::platform::http::{AppError, current_lang, ok};
use crate::platform::resource::import::RowError;
use crate::platform::resource::{Field, Filter, Kind, Resource, Scope, Written};
use crate::platform::sheet;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::transaction;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = logistics_track_event)]
#[serde(rename_all = "camelCase")]
pub struct TrackEventRecord {
    pub id: String,
    pub customer_id: String,
    pub shipment_id: String,
    pub parcel_id: Option<String>,
    /// The order's serial number, and the parcel's when the event names one.
    pub serial_number: String,
    pub parcel_serial_number: Option<String>,
    pub track_no: Option<String>,
    pub sys_track_no: Option<String>,
    /// The instant (UTC) and the offset of the place, minutes east of UTC.
    pub event_time: DateTime,
    pub utc_offset: i32,
    pub location: Option<String>,
    pub detail: Option<String>,
    pub detail_en: Option<String>,
    /// The normalized status.
    pub status: String,
    pub reason: Option<String>,
    pub pieces: Option<i32>,
    pub dest_country: Option<String>,
    /// Where it came from, its code there and its id there.
    pub source: String,
    pub source_code: String,
    pub event_key: String,
    pub create_by: Option<String>,
    pub create_time: DateTime,
}

pub struct TrackEvents;

impl Resource for TrackEvents {
    const PATH: &'static str = "/logistics/trackEvent";
    const PERMISSION: &'static str = "logistics:trackEvent";
    const NOUN: &'static str = "tracking event";
    const PLURAL: &'static str = "trackEvents";
    const TABLE: &'static str = "logistics_track_event";
    const SCOPE: Scope = Scope::Customer;
    const FIELDS: &'static [Field] = &[
        Field::text("serialNumber", "serial_number").sortable().titled(MessageKey::FieldSerialNumber),
        Field::text("parcelSerialNumber", "parcel_serial_number").titled(MessageKey::FieldParcel),
        Field::text("trackNo", "track_no").sortable().titled(MessageKey::FieldTrackNo),
        Field::text("sysTrackNo", "sys_track_no").titled(MessageKey::FieldSysTrackNo),
        Field::time("eventTime", "event_time").sortable().titled(MessageKey::FieldTime),
        Field::int("utcOffset", "utc_offset"),
        Field::text("location", "location").titled(MessageKey::FieldTrackLocation),
        Field::text("detail", "detail").titled(MessageKey::FieldTrackDetail),
        Field::text("detailEn", "detail_en"),
        Field::text("status", "status").sortable().titled(MessageKey::FieldTrackStatus),
        Field::text("reason", "reason"),
        Field::int("pieces", "pieces"),
        Field::text("destCountry", "dest_country"),
        Field::text("source", "source").sortable().titled(MessageKey::FieldTrackSource),
        Field::text("sourceCode", "source_code").titled(MessageKey::FieldTrackCode),
        Field::text("eventKey", "event_key"),
        Field::text("customerId", "customer_id"),
        Field::text("shipmentId", "shipment_id"),
        Field::text("parcelId", "parcel_id"),
        Field::text("createBy", "create_by"),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::any_of(
            "numbers",
            &["serial_number", "parcel_serial_number", "track_no", "sys_track_no"],
            500,
            "Order, parcel or tracking numbers, pasted in bulk.",
        ),
        Filter::exact("shipmentId", &["shipment_id"], "One order's events."),
        Filter::one_of("status", &["status"], Status::CODES, Kind::Text, "A normalized status."),
        Filter::like("source", &["source"], "The source, in part."),
        Filter::time_from("eventTime_begin", &["event_time"], "Happened at or after."),
        Filter::time_until("eventTime_end", &["event_time"], "Happened up to."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("eventTime", Order::Desc);
    const OMIT: &'static [&'static str] = &["add", "edit", "importExcel"];

    crate::record_form!(TrackEventRecord, crate::platform::resource::NoForm, |r| format!(
        "{} {}",
        r.serial_number, r.source_code
    ));

    async fn values(
        _: &AppState,
        _: &CurrentUser,
        _: &crate::platform::resource::NoForm,
        _: Option<&TrackEventRecord>,
    ) -> crate::platform::resource::Checked {
        Err(AppError::method_not_allowed())
    }

    /// A deleted event no longer counts: its orders' statuses are recomputed.
    async fn after_write(state: &AppState, me: &CurrentUser, written: Written<'_, TrackEventRecord>) -> Result<(), AppError> {
        let Written::Deleted(records) = written else { return Ok(()) };
        let mut orders: Vec<(String, String)> = records.iter().map(|r| (r.shipment_id.clone(), r.customer_id.clone())).collect();
        orders.sort();
        orders.dedup();
        transaction!(data: &state.db, |tx| refresh(tx, me.tenant_id, &orders).await)
    }
}

/// The columns of an upload, by their headings in either language.
const COLUMNS: &[(&str, &[&str])] = &[
    ("number", &["number", "单号", "tracking number", "跟踪号"]),
    ("code", &["code", "event code", "事件代码", "status", "轨迹状态"]),
    ("time", &["time", "时间", "event time"]),
    ("location", &["location", "地点"]),
    ("detail", &["detail", "轨迹描述", "描述"]),
    ("detailEn", &["detail (english)", "detailen", "英文描述"]),
    ("reason", &["reason", "原因"]),
    ("pieces", &["pieces", "件数"]),
];

/// Most rows an upload takes.
pub const UPLOAD_MAX_ROWS: usize = 5_000;
/// The upload route's body limit.
pub const UPLOAD_LIMIT: usize = 5 * 1024 * 1024;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackUploadReport {
    pub rows: usize,
    #[serde(flatten)]
    pub ingested: Ingested,
    /// Cells that could not be read: nothing was stored when there are any.
    pub errors: Vec<RowError>,
}

/// An Excel date cell (days since 1899-12-30) as `yyyy-MM-dd HH:mm:ss`.
pub fn excel_serial(text: &str) -> Option<String> {
    let days: f64 = text.parse().ok()?;
    if !(20_000.0..80_000.0).contains(&days) {
        return None;
    }
    let seconds = ((days - 25_569.0) * 86_400.0).round() as i64;
    Some(chrono::DateTime::<Utc>::from_timestamp(seconds, 0)?.naive_utc().format("%Y-%m-%d %H:%M:%S").to_string())
}

/// Reads and checks an upload: the events, or the cells that are wrong.
pub fn read_upload(bytes: Vec<u8>, default_offset: i32) -> Result<(usize, Vec<Incoming>, Vec<RowError>), AppError> {
    let sheet = sheet::upload(bytes, UPLOAD_MAX_ROWS, 20).map_err(|e| match e {
        sheet::SheetError::Unreadable => AppError::field("file", MessageKey::TrackUploadUnreadable),
        sheet::SheetError::TooManyRows(max) => {
            AppError::field("file", MessageKey::ImportTooManyRows).with("max", max.to_string())
        }
    })?;
    let index = sheet::columns(&sheet.headings, COLUMNS);
    for required in ["number", "code", "time"] {
        if !index.contains(&Some(required)) {
            return Err(AppError::field("file", MessageKey::TrackUploadColumnMissing).with("column", required));
        }
    }
    if sheet.rows.is_empty() {
        return Err(AppError::field("file", MessageKey::TrackUploadEmpty));
    }
    let lang = current_lang();
    let mut events = Vec::with_capacity(sheet.rows.len());
    let mut errors = Vec::new();
    for (row, cells) in &sheet.rows {
        let get = |name: &str| {
            index
                .iter()
                .position(|c| *c == Some(name))
                .and_then(|i| cells.get(i))
                .map(|c| c.trim().to_owned())
                .unwrap_or_default()
        };
        let mut wrong = |e: FieldError| errors.push(RowError { row: *row, column: e.field.clone(), message: e.message(lang) });
        let number = get("number");
        if let Err(e) = tracking::numbers(&number).and_then(|n| {
            if n.len() == 1 {
                Ok(())
            } else {
                Err(FieldError::new("number", MessageKey::TrackNumberInvalid).with("number", number.clone()))
            }
        }) {
            wrong(FieldError { field: "number".into(), ..e });
            continue;
        }
        let (code, location, detail, detail_en) = (get("code"), get("location"), get("detail"), get("detailEn"));
        if let Err(e) = tracking::event_texts(&code, &location, &detail, &detail_en) {
            wrong(e);
            continue;
        }
        let raw_time = get("time");
        let time_text = excel_serial(&raw_time).unwrap_or(raw_time);
        let time = match tracking::event_time("time", &time_text, default_offset) {
            Ok(t) => t,
            Err(e) => {
                wrong(e);
                continue;
            }
        };
        let pieces_text = get("pieces");
        let pieces = if pieces_text.is_empty() {
            None
        } else {
            match pieces_text.parse::<i32>() {
                Ok(n) if (0..=100_000).contains(&n) => Some(n),
                _ => {
                    wrong(FieldError::new("pieces", MessageKey::NumberInvalid).with("field", "@field_pieces"));
                    continue;
                }
            }
        };
        events.push(Incoming {
            event_key: upload_key(&number, &code, time, &location),
            number,
            code,
            time: Some(time),
            location: Some(location),
            detail: Some(detail),
            detail_en: Some(detail_en),
            reason: Some(get("reason")),
            pieces,
        });
    }
    Ok((sheet.rows.len(), events, errors))
}

/// An uploaded event's id: the same number, code, time and place uploaded again is the same event.
fn upload_key(number: &str, code: &str, time: EventTime, location: &str) -> String {
    let digest = Sha256::digest(
        format!("{}|{}|{}|{}", number.to_ascii_uppercase(), code.to_ascii_uppercase(), time.utc, location).as_bytes(),
    );
    digest.iter().take(16).map(|b| format!("{b:02x}")).collect()
}

/// Uploads events (staff): a CSV or xlsx file with the columns number, code (a source code or a
/// normalized status), time (with an offset, else the uploader's zone), location, detail,
/// detailEn, reason, pieces. Any unreadable cell: nothing is stored and each is named (400).
/// Rows of numbers no order has are reported, not stored; a row uploaded again is a duplicate.
#[utoipa::path(post, path = "/logistics/trackEvent/importExcel", tag = "logistics",
    request_body(content_type = "multipart/form-data", description = "`file`: CSV (UTF-8) or xlsx, at most 5 MB and 5,000 rows"),
    responses((status = 200, body = crate::platform::http::Envelope<TrackUploadReport>), (status = 400), (status = 403), (status = 413)))]
pub async fn import_excel(Caller(state, me): Caller, multipart: Multipart) -> Result<Response, AppError> {
    grants::require(&state, &me, "logistics:trackEvent:import").await?;
    let bytes = Upload::read(multipart, UPLOAD_LIMIT).await?.file()?;
    let now = Utc::now();
    let offset = current_zone().offset_from_utc_datetime(&now.naive_utc()).fix().local_minus_utc() / 60;
    let (rows, events, errors) = read_upload(bytes, offset)?;
    if !errors.is_empty() {
        let message = MessageKey::ImportFailed.template(current_lang()).replace("{count}", &errors.len().to_string());
        let report = TrackUploadReport { rows, ingested: Ingested::default(), errors };
        return Ok(bad_request_with(message, serde_json::to_value(&report).map_err(AppError::internal)?));
    }
    let ingested = ingest(&state, me.tenant_id, "upload", &events, &me.user.username).await?;
    logs::added(&state.db, &me, "logistics:trackEvent:import", &format!("{rows} rows"), &ingested).await;
    Ok(ok(TrackUploadReport { rows, ingested, errors: Vec::new() })?.into_response())
}

//! `POST /logistics/upsRouting/importExcel`: UPS's routing file, CSV (UTF-8) or xlsx, its first
//! row naming the columns: country, postal low, postal high, routing code (UPS's headings, ours in
//! either language, or the export's). Every row is checked by core first; any bad row refuses the
//! file with each row's error and changes nothing. Otherwise the countries the file holds are
//! replaced in one transaction (a whole-world file replaces the table; one country's file that
//! country), so a label never sees half a table.

use std::collections::HashSet;

use axum::extract::Multipart;
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::ups_routing::{self, Range};
use logistics_core::{Lang, MessageKey};
use serde::Serialize;
use utoipa::ToSchema;

use super::VERSION_MAX;
use crate::platform::caller::Caller;
use crate::platform::db::schema::logistics_ups_routing as t;
use crate::platform::http::error::bad_request_with;
use crate::platform::http::upload::Upload;
use crate::platform::http::{AppError, current_lang, ok};
use crate::platform::resource::import::RowError;
use crate::platform::resource::sql::{Row, Value, insert_rows};
use crate::platform::secrets;
use crate::platform::sheet::{self, SheetError};
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{on_tx, transaction};

/// The largest file accepted (UPS's worldwide table as CSV is some 15 MB).
pub const IMPORT_LIMIT: usize = 32 * 1024 * 1024;
/// Row errors a refusal names (the count says how many there were).
const MAX_ERRORS: usize = 200;

/// The columns, by their headings in lower case: UPS's, ours in both languages, the export's.
const COLUMNS: &[(&str, &[&str])] = &[
    ("country", &["country", "countrycode", "country code", "country_code", "国家", "国家/地区", "国家代码"]),
    (
        "low",
        &[
            "postal low",
            "postallow",
            "postal_low",
            "postal code low",
            "low postal",
            "from postal",
            "postal code from",
            "起始邮编",
            "邮编起",
        ],
    ),
    (
        "high",
        &[
            "postal high",
            "postalhigh",
            "postal_high",
            "postal code high",
            "high postal",
            "to postal",
            "postal code to",
            "结束邮编",
            "邮编止",
        ],
    ),
    ("code", &["urc", "routing code", "routingcode", "routing_code", "ups routing code", "路由码"]),
];

/// What an import did.
#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpsRoutingImport {
    /// Rows read from the file.
    pub rows: usize,
    /// The countries it replaced.
    pub countries: Vec<String>,
    /// Rows those countries had before.
    pub replaced: usize,
    /// Rows stored.
    pub added: usize,
    pub version: Option<String>,
    /// The rows at fault (a refusal's `result`); nothing was stored when there are any.
    pub errors: Vec<RowError>,
    /// How many rows were at fault (the list stops at 200).
    pub error_count: usize,
}

/// The checked ranges of a file, or the rows at fault (row numbers as a spreadsheet shows them,
/// messages in `lang`).
pub fn read(bytes: Vec<u8>, lang: Lang) -> Result<(usize, Vec<Range>, Vec<RowError>, usize), AppError> {
    let sheet = sheet::upload(bytes, ups_routing::MAX_ROWS, 16).map_err(|e| match e {
        SheetError::Unreadable => AppError::field("file", MessageKey::UpsRoutingFileUnreadable),
        SheetError::TooManyRows(max) => AppError::field("file", MessageKey::ImportTooManyRows).with("max", max.to_string()),
    })?;
    let index = sheet::columns(&sheet.headings, COLUMNS);
    for (required, label) in [
        ("country", "@field_country"),
        ("low", "@field_postal_low"),
        ("high", "@field_postal_high"),
        ("code", "@field_routing_code"),
    ] {
        if !index.contains(&Some(required)) {
            return Err(AppError::field("file", MessageKey::UpsRoutingColumnMissing).with("column", label));
        }
    }
    let position = |name: &str| index.iter().position(|c| *c == Some(name));
    let (country, low, high, code) = (position("country"), position("low"), position("high"), position("code"));
    fn cell(cells: &[String], at: Option<usize>) -> &str {
        at.and_then(|i| cells.get(i)).map_or("", String::as_str)
    }
    let mut ranges = Vec::with_capacity(sheet.rows.len());
    let mut errors = Vec::new();
    let mut error_count = 0;
    let mut seen: HashSet<(String, String, String)> = HashSet::with_capacity(sheet.rows.len());
    for (row, cells) in &sheet.rows {
        let checked = ups_routing::range(cell(cells, country), cell(cells, low), cell(cells, high), cell(cells, code));
        let problem = match checked {
            Ok(range) if !seen.insert((range.country.clone(), range.low.clone(), range.high.clone())) => {
                let message = MessageKey::UpsRoutingRangeTaken
                    .template(lang)
                    .replace("{country}", &range.country)
                    .replace("{low}", &range.low)
                    .replace("{high}", &range.high);
                Some(RowError { row: *row, column: "postalLow".into(), message })
            }
            Ok(range) => {
                ranges.push(range);
                None
            }
            Err(e) => Some(RowError { row: *row, column: e.field.clone(), message: e.message(lang) }),
        };
        if let Some(problem) = problem {
            error_count += 1;
            if errors.len() < MAX_ERRORS {
                errors.push(problem);
            }
        }
    }
    if sheet.rows.is_empty() {
        return Err(AppError::field("file", MessageKey::UpsRoutingFileEmpty));
    }
    Ok((sheet.rows.len(), ranges, errors, error_count))
}

/// Imports UPS's routing file: `file` (CSV or xlsx), `version` (optional, up to 32 characters).
/// The file's countries are replaced, all or nothing; a bad row refuses the file (400, each row's
/// error in `result.errors`).
#[utoipa::path(post, path = "/logistics/upsRouting/importExcel", tag = "logistics",
    request_body(content_type = "multipart/form-data", description = "`file`: CSV (UTF-8) or xlsx, at most 32 MB and 500,000 rows; `version`: optional"),
    responses((status = 200, body = crate::platform::http::Envelope<UpsRoutingImport>), (status = 400), (status = 403), (status = 413)))]
pub async fn import_excel(Caller(state, me): Caller, multipart: Multipart) -> Result<Response, AppError> {
    grants::require(&state, &me, "logistics:upsRouting:import").await?;
    let mut form = Upload::read(multipart, IMPORT_LIMIT).await?;
    let version =
        crate::platform::resource::form::optional("version", MessageKey::FieldVersion, &form.optional("version"), VERSION_MAX)?;
    let bytes = form.file()?;
    let (rows, ranges, errors, error_count) = {
        // The request's language is the task's: read it here, not on the blocking thread.
        let lang = current_lang();
        tokio::task::spawn_blocking(move || read(bytes, lang))
    }
    .await
    .map_err(AppError::internal)??;
    if !errors.is_empty() {
        let message = MessageKey::ImportFailed.template(current_lang()).replace("{count}", &error_count.to_string());
        let report = UpsRoutingImport { rows, version, errors, error_count, ..UpsRoutingImport::default() };
        return Ok(bad_request_with(message, serde_json::to_value(&report).map_err(AppError::internal)?));
    }
    let mut countries: Vec<String> = ranges.iter().map(|r| r.country.clone()).collect::<HashSet<_>>().into_iter().collect();
    countries.sort();
    let now = Utc::now().naive_utc();
    let (tenant_id, by) = (me.tenant_id, me.user.username.clone());
    let rows_to_add: Vec<Row> = ranges
        .into_iter()
        .map(|r| {
            vec![
                ("id", Value::Text(secrets::new_id())),
                ("tenant_id", Value::Int(tenant_id)),
                ("country_code", Value::Text(r.country)),
                ("postal_len", Value::Small(r.low.len() as i16)),
                ("postal_low", Value::Text(r.low)),
                ("postal_high", Value::Text(r.high)),
                ("routing_code", Value::Text(r.code)),
                ("version", Value::opt(version.clone())),
                ("create_by", Value::opt(Some(by.clone()))),
                ("create_time", Value::Time(now)),
            ]
        })
        .collect();
    let added = rows_to_add.len();
    let replaced = transaction!(data: &state.db, |tx| {
        let replaced = on_tx!(tx, |c| diesel::delete(t::table.filter(t::tenant_id.eq(tenant_id)).filter(t::country_code.eq_any(&countries)))
            .execute(c)
            .await?);
        insert_rows(tx, "logistics_ups_routing", rows_to_add).await?;
        Ok::<_, AppError>(replaced)
    })?;
    let report = UpsRoutingImport { rows, countries, replaced, added, version, errors: Vec::new(), error_count: 0 };
    let target = format!("{} rows, {}", rows, report.countries.join(","));
    logs::added(
        &state.db,
        &me,
        "logistics:upsRouting:import",
        &target,
        &serde_json::json!({
            "rows": report.rows, "countries": report.countries, "replaced": report.replaced, "version": report.version,
        }),
    )
    .await;
    Ok(ok(report)?.into_response())
}

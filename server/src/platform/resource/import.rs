//! `POST {PATH}/importExcel`: records from a workbook, all or none. The first sheet's first row
//! names the columns (a field's name, or its export heading in either language, so an export
//! edited in Excel imports again); every other non-blank row is one form, checked by the same
//! rules as `add`. Any bad row refuses the whole file with every row's error; `?dryRun=true` checks
//! everything (the database's unique keys included, inside a transaction that is rolled back) and
//! saves nothing.

use std::collections::HashMap;

use axum::extract::Multipart;
use axum::response::{IntoResponse, Response};
use calamine::DataRef;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{Lang, MessageKey};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use utoipa::{IntoParams, ToSchema};

use super::handlers::{action, code, insert_sql, reach};
use super::sql::Sql;
use super::{Field, Resource, Written};
use crate::platform::caller::Caller;
use crate::platform::http::reply::ok_with;
use crate::platform::http::upload::Upload;
use crate::platform::http::{ApiQuery, AppError, current_lang};
use crate::platform::sheet::{Book, SheetError};
use crate::system::logs;
use crate::with_write;

/// The largest workbook accepted (the route's body limit is a little above it).
pub const IMPORT_LIMIT: usize = 5 * 1024 * 1024;
/// Rows one import may hold.
pub const MAX_ROWS: usize = 5_000;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ImportQuery {
    /// `true`: check every row (and the unique keys) but save nothing.
    pub dry_run: Option<String>,
}

/// One cell that cannot be imported, as Excel numbers it.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct RowError {
    /// 1-based, the heading being row 1.
    pub row: usize,
    /// The field (camelCase), or empty for the row as a whole.
    pub column: String,
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    /// Rows read (and, unless a dry run, added).
    pub rows: usize,
    pub dry_run: bool,
}

fn cell(d: &DataRef<'_>) -> Option<Value> {
    match d {
        DataRef::Empty | DataRef::Error(_) => None,
        DataRef::String(s) if s.trim().is_empty() => None,
        DataRef::SharedString(s) if s.trim().is_empty() => None,
        DataRef::String(s) => Some(json!(s.trim())),
        DataRef::SharedString(s) => Some(json!(s.trim())),
        DataRef::Int(i) => Some(json!(i)),
        DataRef::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => Some(json!(*f as i64)),
        DataRef::Float(f) => Some(json!(f)),
        DataRef::Bool(b) => Some(json!(b)),
        DataRef::DateTime(d) => Some(json!(d.as_f64().to_string())),
        DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => Some(json!(s)),
    }
}

/// A row of the sheet (its Excel number) as a form-to-be: field name to cell value.
type NumberedRow = (usize, Map<String, Value>);

/// The field a heading names: its name, or its export title in either language.
fn field_of<'a>(fields: &'a [Field], heading: &str) -> Option<&'a Field> {
    let heading = heading.trim();
    fields.iter().find(|f| {
        f.name.eq_ignore_ascii_case(heading)
            || f.title.is_some_and(|t| [Lang::ZhCn, Lang::EnUs].iter().any(|l| t.template(*l) == heading))
    })
}

/// The rows as forms-to-be (JSON objects keyed by field name) with their row numbers, or the
/// headings nobody declared.
fn rows<R: Resource>(bytes: Vec<u8>) -> Result<Vec<NumberedRow>, AppError> {
    let invalid = || AppError::field("file", MessageKey::ImportFileInvalid);
    let too_many = || AppError::field("file", MessageKey::ImportFileInvalid).with("rows", MAX_ROWS.to_string());
    let mut book = Book::open(bytes).map_err(|_| invalid())?;
    let first = book.sheet_names().into_iter().next().ok_or_else(invalid)?;
    // The heading and MAX_ROWS rows, at most 200 columns.
    let rows = book.rows(&first, MAX_ROWS + 1, 200, cell).map_err(|e| match e {
        SheetError::TooManyRows(_) => too_many(),
        SheetError::Unreadable => invalid(),
    })?;
    let mut iter = rows.into_iter();
    let (_, header) = iter.next().ok_or_else(invalid)?;
    let mut names = Vec::new();
    let mut unknown = Vec::new();
    for heading in header {
        let text = match heading {
            Some(Value::String(s)) => s,
            Some(other) => other.to_string(),
            None => String::new(),
        };
        match field_of(R::FIELDS, &text) {
            Some(f) => names.push(Some(f.name)),
            None if text.trim().is_empty() => names.push(None),
            None => {
                unknown.push(text.trim().to_owned());
                names.push(None);
            }
        }
    }
    if !unknown.is_empty() {
        return Err(invalid().with("columns", unknown.join(", ")));
    }
    let mut out = Vec::new();
    for (number, row) in iter {
        let mut object = Map::new();
        for (name, value) in names.iter().zip(row) {
            if let (Some(name), Some(value)) = (name, value) {
                object.insert((*name).to_owned(), value);
            }
        }
        if !object.is_empty() {
            out.push((number, object));
        }
    }
    Ok(out)
}

enum Failed {
    /// A row the database refused (its unique key is taken).
    Row(usize, diesel::result::Error),
    /// The dry run's way out: nothing is kept.
    DryRun,
    Db(diesel::result::Error),
}

impl From<diesel::result::Error> for Failed {
    fn from(e: diesel::result::Error) -> Self {
        Failed::Db(e)
    }
}

fn refuse(errors: Vec<RowError>) -> Response {
    let message = MessageKey::ImportFailed.template(current_lang()).replace("{count}", &errors.len().to_string());
    crate::platform::http::error::bad_request_with(message, json!({"key": MessageKey::ImportFailed.key(), "errors": errors}))
}

pub async fn import_excel<R: Resource>(
    Caller(state, me): Caller,
    ApiQuery(q): ApiQuery<ImportQuery>,
    multipart: Multipart,
) -> Result<Response, AppError> {
    let scope = reach::<R>(&state, &me, &[code::<R>("import"), code::<R>("add")]).await?;
    let dry_run = matches!(q.dry_run.as_deref().map(str::trim), Some("true" | "1"));
    let bytes = Upload::read(multipart, IMPORT_LIMIT).await?.file()?;
    let lang = current_lang();
    let mut errors = Vec::new();
    let mut statements: Vec<(usize, String, Sql)> = Vec::new();
    for (row, object) in rows::<R>(bytes)? {
        let form = match serde_json::from_value::<R::Form>(Value::Object(object)) {
            Ok(form) => form,
            Err(e) => {
                let message = MessageKey::ValueInvalid.template(lang).replace("{field}", "");
                errors.push(RowError { row, column: String::new(), message: format!("{message} ({e})") });
                continue;
            }
        };
        match R::values(&state, &me, &form, None).await {
            Ok(values) => {
                let (id, sql) = insert_sql::<R>(&me, values)?;
                statements.push((row, id, sql));
            }
            Err(e) => errors.push(RowError { row, column: e.error.field.clone(), message: e.error.message(lang) }),
        }
    }
    if !errors.is_empty() {
        return Ok(refuse(errors));
    }
    let db = &state.db;
    let outcome: Result<(), Failed> = with_write!(db, |conn| {
        conn.transaction(async |tx| {
            for (row, _, sql) in &statements {
                sql.query().execute(tx).await.map_err(|e| Failed::Row(*row, e))?;
            }
            if dry_run { Err(Failed::DryRun) } else { Ok(()) }
        })
        .await
    });
    match outcome {
        Ok(()) | Err(Failed::DryRun) => {}
        Err(Failed::Db(e)) => return Err(AppError::from(e)),
        Err(Failed::Row(row, e)) => {
            let refused = match R::UNIQUE {
                Some((field, key)) => AppError::or_taken(e, field, key),
                None => AppError::from(e),
            };
            if refused.status.is_server_error() {
                return Err(refused);
            }
            let error = RowError { row, column: refused.error.field.clone(), message: refused.error.message(lang) };
            return Ok(refuse(vec![error]));
        }
    }
    if !dry_run {
        let ids: Vec<String> = statements.iter().map(|(_, id, _)| id.clone()).collect();
        let mut added: HashMap<String, R::Record> =
            super::handlers::reachable::<R>(&state, &scope, &ids).await?.into_iter().map(|r| (R::id(&r), r)).collect();
        let added: Vec<R::Record> = ids.iter().filter_map(|id| added.remove(id)).collect();
        R::after_write(&state, &me, Written::Added(&added)).await?;
        for record in &added {
            logs::added(db, &me, &action::<R>("import"), &R::label(record), record).await;
        }
    }
    let report = ImportReport { rows: statements.len(), dry_run };
    Ok(ok_with(if dry_run { MessageKey::Ok } else { MessageKey::Added }, report)?.into_response())
}

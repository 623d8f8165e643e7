//! The usual checks of a form's fields, for [`Resource::values`](super::Resource::values) and the
//! handlers written beside the layer: texts trimmed, required or optional, bounded; a value one of
//! a list; a status; a record of the tenant that the form names. The messages name the field by its
//! label in the request's language (the rules are core's `validate`), so a check is one line.

use diesel_async::RunQueryDsl;
use logistics_core::{FieldError, MessageKey, validate};

use super::sql::{Count, Sql};
use crate::platform::db::Db;
use crate::platform::http::page::filter;
use crate::platform::http::{AppError, current_lang};
use crate::with_conn;

/// A required text: trimmed, present, at most `max` characters.
pub fn required(field: &str, label: MessageKey, value: &str, max: usize) -> Result<String, AppError> {
    let label = label.template(current_lang());
    let value = value.trim().to_owned();
    validate::required(field, label, &value)?;
    validate::max_chars(field, label, &value, max)?;
    Ok(value)
}

/// An optional text: trimmed, blank as none, at most `max` characters.
pub fn optional(field: &str, label: MessageKey, value: &Option<String>, max: usize) -> Result<Option<String>, AppError> {
    let value = filter(value);
    validate::max_chars(field, label.template(current_lang()), value.as_deref().unwrap_or(""), max)?;
    Ok(value)
}

/// A required code checked by one of core's `check_rule`s (which name no field): trimmed, present
/// and valid.
pub fn code(field: &str, label: MessageKey, value: &str, rule: fn(&str) -> Result<(), FieldError>) -> Result<String, AppError> {
    let value = value.trim().to_owned();
    validate::required(field, label.template(current_lang()), &value)?;
    rule(&value).map_err(|e| AppError::invalid(FieldError { field: field.into(), ..e }))?;
    Ok(value)
}

/// "{label} has an invalid value", under `field`.
pub fn invalid(field: &str, label: MessageKey) -> AppError {
    AppError::field(field, MessageKey::ValueInvalid).with("field", label.template(current_lang()))
}

/// An optional text that must be one of `allowed` (trimmed; blank as none).
pub fn one_of(field: &str, label: MessageKey, value: &Option<String>, allowed: &[&str]) -> Result<Option<String>, AppError> {
    match filter(value) {
        Some(v) if !allowed.contains(&v.as_str()) => Err(invalid(field, label)),
        v => Ok(v),
    }
}

/// A status (or any on/off number): 1 (the default) or 0.
pub fn status(field: &str, value: Option<i16>) -> Result<i16, AppError> {
    match value.unwrap_or(1) {
        v @ (0 | 1) => Ok(v),
        _ => Err(AppError::field(field, MessageKey::StatusInvalid)),
    }
}

/// A row of the tenant that a form names (a channel's supplier, a product's rate card): `column`
/// of `table` holds the value in a row of the tenant, and `also` (trusted SQL, ` AND …`) holds.
#[derive(Clone, Copy, Debug)]
pub struct Reference {
    pub table: &'static str,
    pub column: &'static str,
    pub also: &'static str,
    /// What the form calls it.
    pub label: MessageKey,
}

impl Reference {
    /// A row named by its id.
    pub const fn id(table: &'static str, label: MessageKey) -> Reference {
        Reference { table, column: "id", also: "", label }
    }

    /// Whether the tenant has the row.
    pub async fn exists(&self, db: &Db, tenant_id: i32, value: &str) -> Result<bool, AppError> {
        let mut sql = Sql::new(&format!("SELECT COUNT(*) AS n FROM {} WHERE tenant_id = ", self.table));
        sql.bind(tenant_id).push(&format!(" AND {} = ", self.column)).bind(value).push(self.also);
        let found: Count = with_conn!(db, |conn| sql.query().get_result(conn).await?);
        Ok(found.n > 0)
    }

    /// The form's value, trimmed and required, naming a row of the tenant (else "{label} has an
    /// invalid value").
    pub async fn check(&self, db: &Db, tenant_id: i32, field: &str, value: Option<&str>) -> Result<String, AppError> {
        let value = value.unwrap_or("").trim().to_owned();
        validate::required(field, self.label.template(current_lang()), &value)?;
        if !self.exists(db, tenant_id, &value).await? {
            return Err(invalid(field, self.label));
        }
        Ok(value)
    }
}

/// An optional time (RFC 3339, or `YYYY-MM-DD HH:MM[:SS]` as UTC; a bare date as its midnight):
/// blank as none.
pub fn optional_time(field: &str, label: MessageKey, value: &Option<String>) -> Result<Option<chrono::NaiveDateTime>, AppError> {
    let Some(text) = filter(value) else { return Ok(None) };
    crate::platform::http::time::parse_instant(&text)
        .or_else(|| chrono::NaiveDate::parse_from_str(&text, "%Y-%m-%d").ok().map(|d| d.and_time(chrono::NaiveTime::MIN)))
        .map(Some)
        .ok_or_else(|| AppError::field(field, MessageKey::DateInvalid).with("field", label.template(current_lang())))
}

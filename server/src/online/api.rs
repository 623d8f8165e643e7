//! The report calls the popup picker and report pages make (JeecgBoot's `/online/cgreport/api`):
//! a report's columns by its code, its query fields and its data by its id.
//!
//! `getData` runs the report's checked statement as a subquery: the query fields filter it
//! (`rp."field"` against bound values: text as a substring, numbers and dates equal, `group`
//! fields between `{field}_begin` and `{field}_end`), `column`/`order` sort it by one of its
//! sortable columns, `pageNo`/`pageSize` (at most 1,000) page it, and a count says how many
//! there are. Parameters: the report's own (`self_{name}` as the popup sends them, or `{name}`;
//! else their default) and the system variables, all bound. Who may read which report: see
//! [`may_run`].

use std::collections::{BTreeMap, HashMap};

use axum::extract::{Path, Query};
use chrono::Utc;
use logistics_core::MessageKey;
use logistics_core::report::sql::Dialect;
use serde::Serialize;
use serde_json::value::RawValue;
use utoipa::ToSchema;

use super::reader::{self, ReadError};
use super::reports::{ReportItem, ReportRecord, Reports};
use super::sources;
use crate::platform::caller::Caller;
use crate::platform::http::{ApiResult, AppError, current_lang, ok};
use crate::platform::resource::handlers;
use crate::platform::resource::sql::Sql;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::dicts::cache::DictOption;
use crate::system::tenants::PLATFORM_TENANT_ID;

/// The most records one page of a report holds.
pub const MAX_PAGE: usize = 1_000;

/// A report as its reader finds it: by code or id, for any signed-in user (the data itself is
/// guarded by `getData`).
async fn report_by(state: &AppState, me: &CurrentUser, column: &'static str, value: &str) -> Result<ReportRecord, AppError> {
    let mut condition = Sql::new(&format!(" AND {column} = "));
    condition.bind(value);
    let found = handlers::all::<Reports>(state, me, condition, "").await?;
    found.into_iter().next().ok_or_else(|| AppError::not_found_with(MessageKey::ReportNotFound))
}

/// A table column of the popup (ant-design's shape, as JeecgBoot sends it).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RpColumn {
    pub title: String,
    pub data_index: String,
    pub align: String,
    pub sorter: bool,
    /// The key of `dictOptions` whose texts stand for the values (the field's name), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_render: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dict_code: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RpColumns {
    pub cg_rp_config_id: String,
    /// The report's name in the caller's language.
    pub cg_rp_config_name: String,
    pub columns: Vec<RpColumn>,
    /// Per dictionary-rendered field: its dictionary's items in the caller's language.
    pub dict_options: BTreeMap<String, Vec<DictOption>>,
}

/// A report's columns and dictionaries by its code.
#[utoipa::path(get, path = "/online/cgreport/api/getRpColumns/{code}", tag = "online",
    params(("code" = String, Path, description = "The report's code")),
    responses((status = 200, body = crate::platform::http::Envelope<RpColumns>), (status = 404)))]
pub async fn get_rp_columns(Caller(state, me): Caller, Path(code): Path<String>) -> ApiResult<RpColumns> {
    let report = report_by(&state, &me, "code", &code).await?;
    let dicts = state.dicts.get(&state.db).await?;
    let lang = current_lang();
    let mut items: Vec<&ReportItem> = report.items.iter().filter(|i| i.is_show == 1).collect();
    items.sort_by_key(|i| i.order_num);
    let mut dict_options = BTreeMap::new();
    let columns = items
        .into_iter()
        .map(|item| {
            if let Some(code) = &item.dict_code {
                dict_options.insert(item.field_name.clone(), dicts.options(code, lang));
            }
            RpColumn {
                title: item.title().to_owned(),
                data_index: item.field_name.clone(),
                align: "center".to_owned(),
                sorter: item.is_order == 1,
                custom_render: item.dict_code.as_ref().map(|_| item.field_name.clone()),
                dict_code: item.dict_code.clone(),
            }
        })
        .collect();
    ok(RpColumns { cg_rp_config_id: report.id.clone(), cg_rp_config_name: report.title().to_owned(), columns, dict_options })
}

/// A query field of the popup's search form.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueryField {
    pub field: String,
    pub label: String,
    /// text, number, date, datetime or list (a dictionary's).
    pub view: String,
    /// single or group.
    pub mode: String,
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dict_code: Option<String>,
}

/// A report's query fields by its id.
#[utoipa::path(get, path = "/online/cgreport/api/getQueryInfo/{id}", tag = "online",
    params(("id" = String, Path, description = "The report's id (cgRpConfigId)")),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<QueryField>>), (status = 404)))]
pub async fn get_query_info(Caller(state, me): Caller, Path(id): Path<String>) -> ApiResult<Vec<QueryField>> {
    let report = report_by(&state, &me, "id", &id).await?;
    let mut items: Vec<&ReportItem> = report.items.iter().filter(|i| i.is_search == 1).collect();
    items.sort_by_key(|i| i.order_num);
    ok(items
        .into_iter()
        .map(|item| QueryField {
            field: item.field_name.clone(),
            label: item.title().to_owned(),
            view: match (item.dict_code.is_some(), item.field_type.as_str()) {
                (true, _) => "list",
                (_, "Integer" | "Double") => "number",
                (_, "Date") => "date",
                (_, "Datetime") => "datetime",
                _ => "text",
            }
            .to_owned(),
            mode: item.search_mode.clone(),
            r#type: item.field_type.clone(),
            dict_code: item.dict_code.clone(),
        })
        .collect())
}

/// A page of a report's records.
#[derive(Debug, Serialize, ToSchema)]
pub struct RpData {
    #[schema(value_type = Vec<Object>)]
    pub records: Vec<BTreeMap<String, Box<RawValue>>>,
    pub total: i64,
}

/// A page of a report's records: query fields by name (`{field}_begin`/`{field}_end` for range
/// fields), the report's parameters (`self_{name}` or `{name}`), `pageNo`, `pageSize` (≤ 1000),
/// `column`, `order`.
#[utoipa::path(get, path = "/online/cgreport/api/getData/{id}", tag = "online",
    params(("id" = String, Path, description = "The report's id (cgRpConfigId)")),
    responses((status = 200, body = crate::platform::http::Envelope<RpData>), (status = 400), (status = 403), (status = 404)))]
pub async fn get_data(
    Caller(state, me): Caller,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> ApiResult<RpData> {
    let report = report_by(&state, &me, "id", &id).await?;
    let source = report.db_source.as_deref();
    let checked = super::reports::parse(&state, &report.cgr_sql, source).await?;
    if !may_run(&me, &checked.params) {
        return Err(AppError::forbidden_with(MessageKey::ReportTenantFilter));
    }
    let (target, dialect) = sources::target(&state, source).await?;
    let get = |name: &str| query.get(name).map(|v| v.trim()).filter(|v| !v.is_empty());

    let mut binds: Vec<Option<String>> = checked.params.iter().map(|name| param(&me, &report, name, &query)).collect();
    let mut filters = Vec::new();
    let mut items: Vec<&ReportItem> = report.items.iter().collect();
    items.sort_by_key(|i| i.order_num);
    for item in items.iter().filter(|i| i.is_search == 1) {
        let column = format!("rp.{}", dialect.quote(&item.field_name));
        if item.search_mode == "group" {
            for (suffix, op) in [("_begin", ">="), ("_end", "<=")] {
                let name = format!("{}{suffix}", item.field_name);
                if let Some(value) = get(&name) {
                    let value = checked_value(item, value, &name)?;
                    binds.push(Some(value));
                    filters.push(compare(dialect, item, &column, op, &dialect.placeholder(binds.len())));
                }
            }
        } else if let Some(value) = get(&item.field_name) {
            let value = checked_value(item, value, &item.field_name)?;
            if item.field_type == "String" && item.dict_code.is_none() {
                let escaped = value.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
                binds.push(Some(format!("%{escaped}%")));
                filters.push(format!("CAST({column} AS TEXT) LIKE {} ESCAPE '\\'", dialect.placeholder(binds.len())));
            } else {
                binds.push(Some(value));
                filters.push(compare(dialect, item, &column, "=", &dialect.placeholder(binds.len())));
            }
        }
    }
    let mut from = format!("FROM ({}) AS rp", checked.sql);
    if !filters.is_empty() {
        from.push_str(" WHERE ");
        from.push_str(&filters.join(" AND "));
    }
    let count_sql = format!("SELECT COUNT(*) AS total {from}");
    let mut page_sql = from;
    if let Some(column) = get("column") {
        let sortable = items.iter().any(|i| i.field_name == column && i.is_order == 1);
        if !sortable {
            return Err(AppError::field("column", MessageKey::ReportColumnUnknown)
                .with("field", column.chars().take(60).collect::<String>()));
        }
        let order = if get("order").is_some_and(|o| o.eq_ignore_ascii_case("asc")) { "ASC" } else { "DESC" };
        page_sql.push_str(&format!(" ORDER BY rp.{} {order}", dialect.quote(column)));
    }
    let page_no: usize = get("pageNo").and_then(|p| p.parse().ok()).filter(|p| *p >= 1).unwrap_or(1);
    let page_size: usize = get("pageSize").and_then(|p| p.parse().ok()).filter(|p| *p >= 1).unwrap_or(10).min(MAX_PAGE);
    page_sql.push_str(&format!(" LIMIT {page_size} OFFSET {}", (page_no - 1).saturating_mul(page_size)));
    let (count_sql, page_sql) = match dialect {
        Dialect::Postgres => (reader::wrap_json(&format!("FROM ({count_sql}) AS c"), "c"), reader::wrap_json(&page_sql, "rp")),
        Dialect::Sqlite => {
            let columns: Vec<String> = checked.columns.iter().map(|c| format!("rp.{}", dialect.quote(c))).collect();
            (count_sql, format!("SELECT {} {page_sql}", columns.join(", ")))
        }
    };
    let total = reader::query(&target, &count_sql, &binds, 1).await.map_err(read_error)?;
    let total = total.first().and_then(|r| r.get("total")).and_then(|t| t.get().parse::<i64>().ok()).unwrap_or(0);
    let records =
        if total == 0 { Vec::new() } else { reader::query(&target, &page_sql, &binds, page_size).await.map_err(read_error)? };
    ok(RpData { records, total })
}

/// Whether the caller may read a report whose statement binds `params`: the platform's staff may
/// read any; a tenant's staff one that names `:sys_tenant_id`; a customer or sub-account one that
/// names `:sys_user_id` or `:sys_user_code` (the statement scopes itself to the caller).
pub fn may_run(me: &CurrentUser, params: &[String]) -> bool {
    let names = |p: &str| params.iter().any(|q| q == p);
    let customer = crate::platform::resource::customer_of(me).is_some();
    (me.tenant_id == PLATFORM_TENANT_ID && !customer)
        || names("sys_user_id")
        || names("sys_user_code")
        || (!customer && names("sys_tenant_id"))
}

/// The value bound for the statement's parameter `name`.
fn param(me: &CurrentUser, report: &ReportRecord, name: &str, query: &HashMap<String, String>) -> Option<String> {
    match name {
        "sys_user_code" => Some(me.user.username.clone()),
        "sys_user_id" => Some(me.user.id.clone()),
        "sys_tenant_id" => Some(me.tenant_id.to_string()),
        "sys_org_code" => me.user.org_code.clone(),
        "sys_date" => Some(Utc::now().with_timezone(&*crate::wallet::BUSINESS_ZONE).date_naive().to_string()),
        _ => query
            .get(&format!("self_{name}"))
            .or_else(|| query.get(name))
            .map(|v| v.trim().trim_matches('\'').to_owned())
            .or_else(|| report.params.iter().find(|p| p.param_name == name).and_then(|p| p.param_value.clone())),
    }
}

/// A query field's value as its type reads it: a number, a date (`YYYY-MM-DD`), a date and time,
/// or text of at most 200 characters.
fn checked_value(item: &ReportItem, value: &str, field: &str) -> Result<String, AppError> {
    let bad = || AppError::field(field, MessageKey::ReportBadValue).with("field", item.title().to_owned());
    let fine = match item.field_type.as_str() {
        "Integer" => value.parse::<i64>().is_ok(),
        "Double" => logistics_core::decimal::parse(value).is_some(),
        "Date" => chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d").is_ok(),
        "Datetime" => {
            chrono::NaiveDateTime::parse_from_str(value, "%Y-%m-%d %H:%M:%S").is_ok()
                || chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d").is_ok()
        }
        _ => value.chars().count() <= 200,
    };
    if fine { Ok(value.to_owned()) } else { Err(bad()) }
}

/// `column op placeholder`, compared as the field's type.
fn compare(dialect: Dialect, item: &ReportItem, column: &str, op: &str, placeholder: &str) -> String {
    match (item.field_type.as_str(), dialect) {
        ("Integer" | "Double", _) => format!("{column} {op} CAST({placeholder} AS NUMERIC)"),
        ("Date", Dialect::Postgres) => format!("CAST({column} AS DATE) {op} CAST({placeholder} AS DATE)"),
        ("Date", Dialect::Sqlite) => format!("date({column}) {op} date({placeholder})"),
        ("Datetime", Dialect::Postgres) => format!("{column} {op} CAST({placeholder} AS TIMESTAMP)"),
        ("Datetime", Dialect::Sqlite) => format!("datetime({column}) {op} datetime({placeholder})"),
        _ => format!("CAST({column} AS TEXT) {op} {placeholder}"),
    }
}

fn read_error(e: ReadError) -> AppError {
    match e {
        ReadError::Timeout => {
            AppError::field("cgrSql", MessageKey::ReportTimeout).with("seconds", reader::TIMEOUT.as_secs().to_string())
        }
        ReadError::Failed(m) | ReadError::Unreachable(m) => {
            AppError::field("cgrSql", MessageKey::ReportFailed).with("error", m.chars().take(300).collect::<String>())
        }
    }
}

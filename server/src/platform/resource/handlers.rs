//! The calls every resource gets, written once: list, queryById, add, edit, delete, deleteBatch,
//! exportXls. Each reads like a sentence: authorize, scope, check (core), act, log, answer.

use std::collections::HashMap;

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;

use super::sql::{Count, Sql, Value};
use super::{Resource, Scope, customer_of, filter_sql, order_sql, scope_sql};
use crate::platform::http::page::{IdQuery, require_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::{data_rules, grants};
use crate::{bound_query, platform::secrets, system::logs, with_conn, with_write};

/// The most rows one export writes.
pub const MAX_EXPORT_ROWS: i64 = 50_000;

pub(super) fn code<R: Resource>(verb: &str) -> String {
    format!("{}:{verb}", R::PERMISSION)
}

/// The scope and data rules of a request holding `verb`'s permission (403 without it).
pub(super) async fn reach<R: Resource>(state: &AppState, me: &CurrentUser, verbs: &[String]) -> Result<Sql, AppError> {
    let granted = grants::of(state, me).await?;
    if !verbs.iter().any(|v| granted.has(v)) {
        return Err(AppError::forbidden());
    }
    let rules = data_rules::for_menu(&state.db, me, &granted, &code::<R>("list")).await?;
    Ok(scope_sql::<R>(me, &rules))
}

fn page_params(params: &HashMap<String, String>) -> PageParams {
    PageParams {
        page_no: params.get("pageNo").cloned(),
        page_size: params.get("pageSize").cloned(),
        column: params.get("column").cloned(),
        order: params.get("order").cloned(),
    }
}

async fn load<R: Resource>(state: &AppState, sql: &Sql) -> Result<Vec<R::Row>, AppError> {
    let rows: Vec<R::Row> = with_conn!(&state.db, |conn| bound_query!(&state.db, sql).load(conn).await?);
    Ok(rows)
}

/// The records among `ids` the request reaches (scope and data rules), in no particular order.
pub(super) async fn reachable<R: Resource>(state: &AppState, scope: &Sql, ids: &[String]) -> Result<Vec<R::Record>, AppError> {
    let mut sql = Sql::new(&format!("SELECT * FROM {}", R::TABLE));
    sql.append(scope.clone()).push(" AND id IN ").bind_list(ids.iter().cloned().map(Value::Text));
    Ok(load::<R>(state, &sql).await?.into_iter().map(R::record).collect())
}

/// One record the request reaches, or 404 (another tenant's record looks like none).
async fn one<R: Resource>(state: &AppState, scope: &Sql, id: &str) -> Result<R::Record, AppError> {
    let id = id.trim();
    if id.is_empty() {
        return Err(AppError::not_found());
    }
    reachable::<R>(state, scope, &[id.to_owned()]).await?.into_iter().next().ok_or_else(AppError::not_found)
}

/// `GET {PATH}/list`: a page of records, filtered and sorted on the server.
pub async fn list<R: Resource>(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(params): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Page<R::Record>> {
    let mut verbs = vec![code::<R>("list")];
    verbs.extend(R::ALSO_LISTED_BY.iter().map(|c| (*c).to_owned()));
    let mut filtered = reach::<R>(&state, &me, &verbs).await?;
    filter_sql::<R>(&mut filtered, &params)?;
    let page = page_params(&params);
    let order = order_sql::<R>(&page)?;
    let mut count = Sql::new(&format!("SELECT COUNT(*) AS n FROM {}", R::TABLE));
    count.append(filtered.clone());
    let mut select = Sql::new(&format!("SELECT * FROM {}", R::TABLE));
    select.append(filtered).push(&order).push(" LIMIT ").bind(Value::Big(page.page_size()));
    select.push(" OFFSET ").bind(Value::Big(page.offset()));
    let (total, rows): (i64, Vec<R::Row>) = with_conn!(&state.db, |conn| {
        let total: Count = bound_query!(&state.db, &count).get_result(conn).await?;
        (total.n, bound_query!(&state.db, &select).load(conn).await?)
    });
    ok(Page::new(rows.into_iter().map(R::record).collect(), total, &page))
}

/// `GET {PATH}/queryById?id=`.
pub async fn query_by_id<R: Resource>(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<R::Record> {
    let scope = reach::<R>(&state, &me, &[code::<R>("list")]).await?;
    ok(one::<R>(&state, &scope, q.id.as_deref().unwrap_or("")).await?)
}

fn taken<R: Resource>(error: diesel::result::Error) -> AppError {
    match R::UNIQUE {
        Some((field, key)) => AppError::or_taken(error, field, key),
        None => AppError::from(error),
    }
}

/// The INSERT of a checked form: a new id, the scope's columns and who and when added it.
pub(super) fn insert_sql<R: Resource>(me: &CurrentUser, mut values: super::Values) -> Result<(String, Sql), AppError> {
    let id = secrets::new_id();
    let now = chrono::Utc::now().naive_utc();
    values.push(("id", Value::Text(id.clone())));
    match R::SCOPE {
        Scope::Platform => {}
        Scope::Tenant => values.push(("tenant_id", Value::Int(me.tenant_id))),
        Scope::Customer => {
            values.push(("tenant_id", Value::Int(me.tenant_id)));
            match customer_of(me) {
                Some(customer) => values.push(("customer_id", Value::Text(customer))),
                // Staff name the customer in the form; the resource's `values` must have set it.
                None if values.iter().any(|(c, _)| *c == "customer_id") => {}
                None => return Err(AppError::field("customerId", MessageKey::SelectOne)),
            }
        }
    }
    values.push(("create_by", Value::Text(me.user.username.clone())));
    values.push(("create_time", Value::Time(now)));
    let mut sql = Sql::new(&format!("INSERT INTO {} (", R::TABLE));
    sql.push(&values.iter().map(|(c, _)| *c).collect::<Vec<_>>().join(", ")).push(") VALUES ");
    sql.bind_list(values.into_iter().map(|(_, v)| v));
    Ok((id, sql))
}

/// `POST {PATH}/add`.
pub async fn add<R: Resource>(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<R::Form>,
) -> ApiResult<R::Record> {
    let scope = reach::<R>(&state, &me, &[code::<R>("add")]).await?;
    let values = R::values(&state, &me, &form, None).await?;
    let (id, sql) = insert_sql::<R>(&me, values)?;
    with_write!(&state.db, |conn| {
        bound_query!(&state.db, &sql).execute(conn).await.map_err(taken::<R>)?;
    });
    let after = one::<R>(&state, &scope, &id).await?;
    logs::added(&state.db, &me, &code::<R>("add"), &R::label(&after), &after).await;
    ok_with(MessageKey::Added, after)
}

/// `PUT {PATH}/edit`: the form names the record by its id.
pub async fn edit<R: Resource>(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<R::Form>,
) -> ApiResult<R::Record> {
    let scope = reach::<R>(&state, &me, &[code::<R>("edit")]).await?;
    let before = one::<R>(&state, &scope, R::form_id(&form).unwrap_or("")).await?;
    let mut values = R::values(&state, &me, &form, Some(&before)).await?;
    values.push(("update_time", Value::Time(chrono::Utc::now().naive_utc())));
    if R::HAS_UPDATE_BY {
        values.push(("update_by", Value::Text(me.user.username.clone())));
    }
    let mut sql = Sql::new(&format!("UPDATE {} SET ", R::TABLE));
    for (i, (column, value)) in values.into_iter().enumerate() {
        sql.push(if i > 0 { ", " } else { "" }).push(column).push(" = ").bind(value);
    }
    sql.append(scope.clone()).push(" AND id = ").bind(R::id(&before));
    with_write!(&state.db, |conn| {
        bound_query!(&state.db, &sql).execute(conn).await.map_err(taken::<R>)?;
    });
    let after = one::<R>(&state, &scope, R::id(&before)).await?;
    logs::edited(&state.db, &me, &code::<R>("edit"), &R::label(&after), &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

async fn remove<R: Resource>(state: &AppState, me: &CurrentUser, ids: &str) -> Result<(), AppError> {
    let ids = require_ids(ids)?;
    let scope = reach::<R>(state, me, &[code::<R>("delete")]).await?;
    let befores = reachable::<R>(state, &scope, &ids).await?;
    if befores.len() != ids.len() {
        return Err(AppError::not_found());
    }
    R::before_delete(state, me, &befores).await?;
    let mut sql = Sql::new(&format!("DELETE FROM {}", R::TABLE));
    sql.append(scope).push(" AND id IN ").bind_list(ids.into_iter().map(Value::Text));
    with_write!(&state.db, |conn| {
        bound_query!(&state.db, &sql).execute(conn).await?;
    });
    for before in &befores {
        logs::deleted(&state.db, me, &code::<R>("delete"), &R::label(before), before).await;
    }
    Ok(())
}

/// `DELETE {PATH}/delete?id=` (or `?ids=a,b`, as some clients send).
pub async fn delete<R: Resource>(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<()> {
    remove::<R>(&state, &me, q.id.as_deref().or(q.ids.as_deref()).unwrap_or("")).await?;
    ok_with(MessageKey::Deleted, ())
}

/// `DELETE {PATH}/deleteBatch?ids=a,b`: all or nothing (one id out of reach is a 404).
pub async fn delete_batch<R: Resource>(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<()> {
    remove::<R>(&state, &me, q.ids.as_deref().unwrap_or("")).await?;
    ok_with(MessageKey::DeletedBatch, ())
}

/// `GET {PATH}/exportXls`: the list's filters and order, every matching row (up to
/// [`MAX_EXPORT_ROWS`]), headed in the request's language.
pub async fn export_xls<R: Resource>(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(params): ApiQuery<HashMap<String, String>>,
) -> Result<Response, AppError> {
    let mut filtered = reach::<R>(&state, &me, &[code::<R>("export"), code::<R>("list")]).await?;
    filter_sql::<R>(&mut filtered, &params)?;
    let order = order_sql::<R>(&page_params(&params))?;
    let mut select = Sql::new(&format!("SELECT * FROM {}", R::TABLE));
    select.append(filtered).push(&order).push(" LIMIT ").bind(Value::Big(MAX_EXPORT_ROWS));
    let records: Vec<R::Record> = load::<R>(&state, &select).await?.into_iter().map(R::record).collect();
    let bytes = workbook::<R>(&records)?;
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    );
    let disposition = format!("attachment; filename=\"{}.xlsx\"", R::PLURAL);
    headers.insert(header::CONTENT_DISPOSITION, HeaderValue::from_str(&disposition).map_err(AppError::internal)?);
    Ok(response)
}

/// One sheet: a bold heading row of the titled fields, then one row per record (numbers as
/// numbers, everything else as text).
fn workbook<R: Resource>(records: &[R::Record]) -> Result<Vec<u8>, AppError> {
    use rust_xlsxwriter::{Format, Workbook};
    let fail = |e: rust_xlsxwriter::XlsxError| AppError::internal(e);
    let lang = current_lang();
    let fields: Vec<_> = R::FIELDS.iter().filter_map(|f| f.title.map(|t| (f.name, t.template(lang)))).collect();
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    let bold = Format::new().set_bold();
    for (c, (_, title)) in fields.iter().enumerate() {
        let c = u16::try_from(c).map_err(AppError::internal)?;
        sheet.write_string_with_format(0, c, *title, &bold).map_err(fail)?;
        sheet.set_column_width(c, 18).map_err(fail)?;
    }
    for (r, record) in records.iter().enumerate() {
        let row = u32::try_from(r + 1).map_err(AppError::internal)?;
        let json = serde_json::to_value(record).map_err(AppError::internal)?;
        for (c, (name, _)) in fields.iter().enumerate() {
            let c = u16::try_from(c).map_err(AppError::internal)?;
            match json.get(*name) {
                Some(serde_json::Value::Number(n)) => {
                    sheet.write_number(row, c, n.as_f64().unwrap_or_default()).map_err(fail)?;
                }
                Some(serde_json::Value::String(s)) => {
                    sheet.write_string(row, c, s).map_err(fail)?;
                }
                Some(serde_json::Value::Bool(b)) => {
                    sheet.write_boolean(row, c, *b).map_err(fail)?;
                }
                _ => {}
            }
        }
    }
    book.save_to_buffer().map_err(fail)
}

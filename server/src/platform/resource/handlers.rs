//! The calls every resource gets, written once: list, queryById, add, edit, delete, deleteBatch,
//! exportXls. Each reads like a sentence: authorize, scope, check (core), act, log, answer.

use std::collections::HashMap;

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;

use diesel_async::AsyncConnection;

use super::sql::{Count, Sql, Value};
use super::{Kind, Readable, Resource, Scope, Tally, Written, after_sql, customer_of, filter_sql, key, order_sql, scope_sql};
use crate::platform::caller::Caller;
use crate::platform::http::page::{IdQuery, require_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::{data_rules, grants};
use crate::{platform::secrets, system::logs, with_conn, with_write};

/// What a resource's SELECT reads.
type Row<R> = <<R as Resource>::Record as Readable>::Row;

/// The most rows one export writes.
pub const MAX_EXPORT_ROWS: i64 = 50_000;

/// The permission code a call needs.
pub(super) fn code<R: Resource>(verb: &str) -> String {
    R::permission(verb)
}

/// What the operation log names the action.
pub(super) fn action<R: Resource>(verb: &str) -> String {
    format!("{}:{verb}", R::PERMISSION)
}

/// The scope and data rules of a request holding one of `verbs`' permissions (403 without; no
/// verbs: any signed-in user).
pub(super) async fn reach<R: Resource>(state: &AppState, me: &CurrentUser, verbs: &[String]) -> Result<Sql, AppError> {
    Ok(reach_ruled::<R>(state, me, verbs).await?.0)
}

/// [`reach`], and whether a data rule narrowed it.
async fn reach_ruled<R: Resource>(state: &AppState, me: &CurrentUser, verbs: &[String]) -> Result<(Sql, bool), AppError> {
    let granted = grants::of(state, me).await?;
    if !verbs.is_empty() && !verbs.iter().any(|v| granted.has(v)) {
        return Err(AppError::forbidden());
    }
    R::authorize(me)?;
    let rules = if R::DATA_RULES { data_rules::for_menu(state, me, &granted, &code::<R>("list")).await? } else { Vec::new() };
    Ok((scope_sql::<R>(me, &rules), !rules.is_empty()))
}

/// With a parent: the parent the request names, in reach (else 404), as a condition.
async fn parent_sql<R: Resource>(
    state: &AppState,
    me: &CurrentUser,
    params: &HashMap<String, String>,
    sql: &mut Sql,
) -> Result<(), AppError> {
    let Some(parent) = R::PARENT else { return Ok(()) };
    let id = parent.params.iter().find_map(|p| params.get(*p)).map_or("", |v| v.trim());
    if id.is_empty() {
        return Err(AppError::not_found());
    }
    R::check_parent(state, me, id).await?;
    sql.push(" AND ").push(parent.column).push(" = ").bind(id);
    Ok(())
}

fn select<R: Resource>() -> Sql {
    let localized = R::LOCALIZED.map_or(String::new(), |l| {
        format!(", {} AS {}", crate::platform::http::lang::pick_sql(current_lang(), l.zh, l.en), l.alias)
    });
    Sql::new(&format!("SELECT {}{localized} FROM {}", R::SELECT, R::TABLE))
}

/// The keys of `ids` as bound (those that cannot be keys left out).
fn keys<R: Resource>(ids: impl IntoIterator<Item = impl AsRef<str>>) -> Vec<Value> {
    ids.into_iter().filter_map(|id| key::<R>(id.as_ref())).collect()
}

fn page_params(params: &HashMap<String, String>) -> PageParams {
    PageParams {
        page_no: params.get("pageNo").cloned(),
        page_size: params.get("pageSize").cloned(),
        column: params.get("column").cloned(),
        order: params.get("order").cloned(),
    }
}

async fn load<R: Resource>(state: &AppState, sql: &Sql) -> Result<Vec<R::Record>, AppError> {
    let rows: Vec<Row<R>> = with_conn!(&state.db, |conn| sql.query().load(conn).await?);
    records::<R>(state, rows).await
}

/// Rows as the API shows them, completed by the resource's batch hook.
async fn records<R: Resource>(state: &AppState, rows: Vec<Row<R>>) -> Result<Vec<R::Record>, AppError> {
    let mut records: Vec<R::Record> = rows.into_iter().map(Readable::from_row).collect();
    R::complete(state, &mut records).await?;
    Ok(records)
}

/// The records among `ids` the request reaches (scope and data rules), in no particular order.
pub(super) async fn reachable<R: Resource>(state: &AppState, scope: &Sql, ids: &[String]) -> Result<Vec<R::Record>, AppError> {
    let keys = keys::<R>(ids);
    if keys.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = select::<R>();
    sql.append(scope.clone()).push(" AND ").push(R::KEY).push(" IN ").bind_list(keys);
    load::<R>(state, &sql).await
}

/// One record the request reaches, or 404 (another tenant's record looks like none).
async fn one<R: Resource>(state: &AppState, scope: &Sql, id: &str) -> Result<R::Record, AppError> {
    let id = id.trim();
    if id.is_empty() {
        return Err(AppError::not_found());
    }
    reachable::<R>(state, scope, &[id.to_owned()]).await?.into_iter().next().ok_or_else(AppError::not_found)
}

/// One record of a tenant, as the layer shows it, or 404: for calls no user makes (a payment
/// provider's callback), which prove themselves otherwise.
pub async fn find_in_tenant<R: Resource>(state: &AppState, tenant_id: i32, id: &str) -> Result<R::Record, AppError> {
    let mut scope = Sql::new(" WHERE tenant_id = ");
    scope.bind(tenant_id);
    one::<R>(state, &scope, id).await
}

/// One record in the caller's scope (tenant, customer), as the layer shows it, or 404: for the
/// handlers a resource writes beside the declared ones, which check the permission themselves.
pub async fn find<R: Resource>(state: &AppState, me: &CurrentUser, id: &str) -> Result<R::Record, AppError> {
    one::<R>(state, &scope_sql::<R>(me, &[]), id).await
}

/// One record in the caller's scope read inside a transaction (what the transaction wrote is
/// seen), as its table holds it: without the resource's completion hook (names of other
/// records), which reads through the pool and must never wait on it while a transaction holds a
/// connection. For a log entry written in the same transaction as the change.
pub async fn find_on<R: Resource>(
    tx: &mut crate::platform::db::Tx<'_>,
    me: &CurrentUser,
    id: &str,
) -> Result<R::Record, AppError> {
    let keys = keys::<R>([id.trim()]);
    if keys.is_empty() {
        return Err(AppError::not_found());
    }
    let mut sql = select::<R>();
    sql.append(scope_sql::<R>(me, &[])).push(" AND ").push(R::KEY).push(" IN ").bind_list(keys);
    let rows: Vec<Row<R>> = crate::on_tx!(tx, |c| sql.query().load(c).await?);
    rows.into_iter().next().map(Readable::from_row).ok_or_else(AppError::not_found)
}

/// The records in the caller's scope that `conditions` (` AND …`) select, in `order` (` ORDER BY
/// …`), as the layer shows them: for the handlers written beside the declared ones (a tree, a
/// picker), which check the permission themselves.
pub async fn all<R: Resource>(
    state: &AppState,
    me: &CurrentUser,
    conditions: Sql,
    order: &str,
) -> Result<Vec<R::Record>, AppError> {
    let mut sql = select::<R>();
    sql.append(scope_sql::<R>(me, &[])).append(conditions).push(order);
    load::<R>(state, &sql).await
}

/// The permissions that may list: `{PERMISSION}:list` and [`Resource::ALSO_LISTED_BY`].
fn list_verbs<R: Resource>() -> Vec<String> {
    let mut verbs = vec![code::<R>("list")];
    verbs.extend(R::ALSO_LISTED_BY.iter().map(|c| (*c).to_owned()));
    verbs
}

/// What a list request reaches: the conditions of a statement of the resource's table, and the
/// same conditions over its [`Tally`] when the tally can answer for them.
pub struct Scoped {
    pub filtered: Sql,
    pub tally: Option<(Tally, Sql)>,
}

/// What a list request with `params` reaches: the caller's permission to list (403), the scope,
/// the data rules and the filters, as the conditions of a statement of the resource's table. For
/// the figures a resource shows beside its list (counts per status).
pub async fn list_scope<R: Resource>(
    state: &AppState,
    me: &CurrentUser,
    params: &HashMap<String, String>,
) -> Result<Scoped, AppError> {
    let (mut filtered, ruled) = reach_ruled::<R>(state, me, &list_verbs::<R>()).await?;
    parent_sql::<R>(state, me, params, &mut filtered).await?;
    filter_sql::<R>(&mut filtered, params)?;
    let tally = match R::TALLY {
        Some(t) if !ruled && R::PARENT.is_none() && R::SOFT_DELETE.is_none() && only_tallied::<R>(&t, params) => {
            let mut counted = scope_sql::<R>(me, &[]);
            filter_sql::<R>(&mut counted, params)?;
            Some((t, counted))
        }
        _ => None,
    };
    Ok(Scoped { filtered, tally })
}

/// Whether every filter `params` sets is one `tally` keeps.
fn only_tallied<R: Resource>(tally: &Tally, params: &HashMap<String, String>) -> bool {
    R::FILTERS
        .iter()
        .filter(|f| params.get(f.param).is_some_and(|v| !v.trim().is_empty()))
        .all(|f| tally.params.contains(&f.param))
}

/// One record as `queryById` reads it (the list permission, scope and data rules; else 403 or
/// 404): for a resource whose `queryById` shows more than its record.
pub async fn read<R: Resource>(state: &AppState, me: &CurrentUser, id: &str) -> Result<R::Record, AppError> {
    let scope = reach::<R>(state, me, &list_verbs::<R>()).await?;
    one::<R>(state, &scope, id).await
}

/// Records the request reaches by id, in the order of `ids` (each once); 404 when one is out of
/// reach. Reads 500 a query.
pub async fn read_many<R: Resource>(state: &AppState, me: &CurrentUser, ids: &[String]) -> Result<Vec<R::Record>, AppError> {
    let scope = reach::<R>(state, me, &list_verbs::<R>()).await?;
    let mut wanted: Vec<String> = Vec::with_capacity(ids.len());
    for id in ids {
        let id = id.trim();
        if !id.is_empty() && !wanted.iter().any(|w| w == id) {
            wanted.push(id.to_owned());
        }
    }
    let mut found: HashMap<String, R::Record> = HashMap::with_capacity(wanted.len());
    for chunk in wanted.chunks(500) {
        found.extend(reachable::<R>(state, &scope, chunk).await?.into_iter().map(|r| (R::id(&r), r)));
    }
    wanted.iter().map(|id| found.remove(id).ok_or_else(AppError::not_found)).collect()
}

/// `GET {PATH}/list`: a page of records, filtered and sorted on the server; `after=<key>` (the
/// previous page's last record) pages by keyset instead of OFFSET.
pub async fn list<R: Resource>(
    Caller(state, me): Caller,
    ApiQuery(params): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Page<R::Record>> {
    let Scoped { filtered, tally } = list_scope::<R>(&state, &me, &params).await?;
    let page = page_params(&params);
    let order = order_sql::<R>(&page)?;
    let count = match tally {
        Some((t, counted)) => {
            let mut count = Sql::new(&format!("SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) AS n FROM {}", t.table));
            count.append(counted);
            count
        }
        None => {
            let mut count = Sql::new(&format!("SELECT COUNT(*) AS n FROM {}", R::TABLE));
            count.append(filtered.clone());
            count
        }
    };
    let mut select = select::<R>();
    select.append(filtered);
    let after = params.get("after").map(|a| a.trim()).filter(|a| !a.is_empty());
    if let Some(after) = after {
        after_sql::<R>(&state, &mut select, &page, after).await?;
    }
    select.push(&order).push(" LIMIT ").bind(Value::Big(page.page_size()));
    if after.is_none() {
        select.push(" OFFSET ").bind(Value::Big(page.offset()));
    }
    let (total, rows): (i64, Vec<Row<R>>) = with_conn!(&state.db, |conn| {
        let total: Count = count.query().get_result(conn).await?;
        (total.n, select.query().load(conn).await?)
    });
    ok(Page::new(records::<R>(&state, rows).await?, total, &page))
}

/// `GET {PATH}/queryById?id=`.
pub async fn query_by_id<R: Resource>(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<R::Record> {
    let verbs = if R::OPEN_QUERY_BY_ID { Vec::new() } else { vec![code::<R>("list")] };
    let scope = reach::<R>(&state, &me, &verbs).await?;
    ok(one::<R>(&state, &scope, q.id.as_deref().unwrap_or("")).await?)
}

fn taken<R: Resource>(error: diesel::result::Error) -> AppError {
    match R::UNIQUE {
        Some((field, key)) => AppError::or_taken(error, field, key),
        None => AppError::from(error),
    }
}

/// The INSERT of a checked form: its key (a new id unless the form set it), the scope's columns
/// and who and when added it.
pub(super) fn insert_sql<R: Resource>(me: &CurrentUser, mut values: super::Values) -> Result<(String, Sql), AppError> {
    let now = chrono::Utc::now().naive_utc();
    let id = match values.iter().find(|(c, _)| *c == R::KEY).map(|(_, v)| v.as_key()) {
        Some(Some(id)) => id,
        Some(None) => return Err(AppError::internal(format!("{}: the key is no text or number", R::TABLE))),
        None if R::KEY_KIND == Kind::Text => {
            let id = secrets::new_id();
            values.push((R::KEY, Value::Text(id.clone())));
            id
        }
        None => return Err(AppError::internal(format!("{}: values() must set the key", R::TABLE))),
    };
    match R::SCOPE {
        Scope::Platform => {}
        Scope::Tenant => values.push(("tenant_id", Value::Int(me.tenant_id))),
        Scope::User => {
            values.push(("tenant_id", Value::Int(me.tenant_id)));
            values.push(("user_id", Value::Text(me.user.id.clone())));
        }
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
    if R::HAS_CREATE_BY {
        values.push(("create_by", Value::Text(me.user.username.clone())));
    }
    if R::HAS_CREATE_TIME {
        values.push(("create_time", Value::Time(now)));
    } else {
        values.push(("update_time", Value::Time(now)));
        if R::HAS_UPDATE_BY {
            values.push(("update_by", Value::Text(me.user.username.clone())));
        }
    }
    let mut sql = Sql::new(&format!("INSERT INTO {} (", R::TABLE));
    sql.push(&values.iter().map(|(c, _)| *c).collect::<Vec<_>>().join(", ")).push(") VALUES ");
    sql.bind_row(values.into_iter().map(|(_, v)| v));
    Ok((id, sql))
}

/// `POST {PATH}/add`.
pub async fn add<R: Resource>(Caller(state, me): Caller, ApiJson(form): ApiJson<R::Form>) -> ApiResult<R::Record> {
    let scope = reach::<R>(&state, &me, &[code::<R>("add")]).await?;
    let values = R::values(&state, &me, &form, None).await?;
    let (id, sql) = insert_sql::<R>(&me, values)?;
    with_write!(&state.db, |conn| {
        sql.query().execute(conn).await.map_err(taken::<R>)?;
    });
    let after = one::<R>(&state, &scope, &id).await?;
    R::after_write(&state, &me, Written::Added(std::slice::from_ref(&after))).await?;
    logs::added(&state.db, &me, &action::<R>("add"), &R::label(&after), &after).await;
    ok_with(MessageKey::Added, after)
}

/// `PUT {PATH}/edit`: the form names the record by its id.
pub async fn edit<R: Resource>(Caller(state, me): Caller, ApiJson(form): ApiJson<R::Form>) -> ApiResult<R::Record> {
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
    let id = R::id(&before);
    sql.append(scope.clone()).push(" AND ").push(R::KEY).push(" = ").bind(key::<R>(&id).ok_or_else(AppError::not_found)?);
    with_write!(&state.db, |conn| {
        sql.query().execute(conn).await.map_err(taken::<R>)?;
    });
    let after = one::<R>(&state, &scope, &id).await?;
    R::after_write(&state, &me, Written::Edited { before: &before, after: &after }).await?;
    logs::edited(&state.db, &me, &action::<R>("edit"), &R::label(&after), &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

async fn remove<R: Resource>(state: &AppState, me: &CurrentUser, ids: &str) -> Result<(), AppError> {
    let ids = require_ids(ids)?;
    let scope = reach::<R>(state, me, &[code::<R>("delete")]).await?;
    let befores = reachable::<R>(state, &scope, &ids).await?;
    if befores.len() != ids.len() {
        return Err(AppError::not_found());
    }
    let keys = keys::<R>(befores.iter().map(R::id));
    for (table, column) in R::IN_USE_BY {
        let mut used = Sql::new(&format!("SELECT COUNT(*) AS n FROM {table} WHERE {column} IN "));
        used.bind_list(keys.clone());
        let used: Count = with_conn!(&state.db, |conn| used.query().get_result(conn).await?);
        if used.n > 0 {
            return Err(AppError::bad_request(MessageKey::InUse));
        }
    }
    R::before_delete(state, me, &befores).await?;
    let mut sql = match R::SOFT_DELETE {
        Some(deleted) => {
            let mut sql = Sql::new(&format!("UPDATE {} SET {deleted} = ", R::TABLE));
            sql.bind(true).push(", update_time = ").bind(chrono::Utc::now().naive_utc());
            sql
        }
        None => Sql::new(&format!("DELETE FROM {}", R::TABLE)),
    };
    sql.append(scope).push(" AND ").push(R::KEY).push(" IN ").bind_list(keys.clone());
    let mut statements: Vec<Sql> = R::CASCADE
        .iter()
        .map(|(table, column)| {
            let mut along = Sql::new(&format!("DELETE FROM {table} WHERE {column} IN "));
            along.bind_list(keys.clone());
            along
        })
        .collect();
    statements.push(sql);
    let db = &state.db;
    with_write!(db, |conn| {
        conn.transaction(async |tx| {
            for statement in &statements {
                statement.query().execute(tx).await?;
            }
            Ok::<(), diesel::result::Error>(())
        })
        .await?;
    });
    R::after_write(state, me, Written::Deleted(&befores)).await?;
    for before in &befores {
        logs::deleted(&state.db, me, &action::<R>("delete"), &R::label(before), before).await;
    }
    Ok(())
}

/// `DELETE {PATH}/delete?id=` (or `?ids=a,b`, as some clients send).
pub async fn delete<R: Resource>(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    remove::<R>(&state, &me, q.id.as_deref().or(q.ids.as_deref()).unwrap_or("")).await?;
    ok_with(MessageKey::Deleted, ())
}

/// `DELETE {PATH}/deleteBatch?ids=a,b`: all or nothing (one id out of reach is a 404).
pub async fn delete_batch<R: Resource>(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    remove::<R>(&state, &me, q.ids.as_deref().unwrap_or("")).await?;
    ok_with(MessageKey::DeletedBatch, ())
}

/// `GET {PATH}/exportXls`: the list's filters and order, every matching row (up to
/// [`MAX_EXPORT_ROWS`]), headed in the request's language.
pub async fn export_xls<R: Resource>(
    Caller(state, me): Caller,
    ApiQuery(params): ApiQuery<HashMap<String, String>>,
) -> Result<Response, AppError> {
    let mut filtered = reach::<R>(&state, &me, &[code::<R>("export"), code::<R>("list")]).await?;
    parent_sql::<R>(&state, &me, &params, &mut filtered).await?;
    filter_sql::<R>(&mut filtered, &params)?;
    let order = order_sql::<R>(&page_params(&params))?;
    let mut select = select::<R>();
    select.append(filtered).push(&order).push(" LIMIT ").bind(Value::Big(MAX_EXPORT_ROWS));
    let records = load::<R>(&state, &select).await?;
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
/// numbers, times in the request's time zone, everything else as text).
fn workbook<R: Resource>(records: &[R::Record]) -> Result<Vec<u8>, AppError> {
    use rust_xlsxwriter::{Format, Workbook};
    let fail = |e: rust_xlsxwriter::XlsxError| AppError::internal(e);
    let lang = current_lang();
    let fields: Vec<_> =
        R::FIELDS.iter().filter_map(|f| f.title.map(|t| (f.name, t.template(lang), f.kind == Kind::Time))).collect();
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    let bold = Format::new().set_bold();
    for (c, (_, title, _)) in fields.iter().enumerate() {
        let c = u16::try_from(c).map_err(AppError::internal)?;
        sheet.write_string_with_format(0, c, *title, &bold).map_err(fail)?;
        sheet.set_column_width(c, 18).map_err(fail)?;
    }
    for (r, record) in records.iter().enumerate() {
        let row = u32::try_from(r + 1).map_err(AppError::internal)?;
        let json = serde_json::to_value(record).map_err(AppError::internal)?;
        for (c, (name, _, is_time)) in fields.iter().enumerate() {
            let c = u16::try_from(c).map_err(AppError::internal)?;
            match json.get(*name) {
                Some(serde_json::Value::Number(n)) => {
                    sheet.write_number(row, c, n.as_f64().unwrap_or_default()).map_err(fail)?;
                }
                Some(serde_json::Value::String(s)) if *is_time => {
                    sheet.write_string(row, c, crate::platform::http::time::local_text(s)).map_err(fail)?;
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

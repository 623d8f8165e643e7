//! Dictionaries (`/sys/dict/*`, `/sys/dictItem/*`): platform-wide code lists (statuses,
//! priorities, currencies …) with item texts in both languages. Managed by the platform's
//! administrators, read by every signed-in user, cached and invalidated on every change.

pub mod cache;
pub mod items;
pub mod seed;

use axum::extract::{Path, State};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub use cache::{DictCache, DictOption};

use crate::platform::cluster::Change;
use crate::platform::db::Db;
use crate::platform::db::schema::{sys_dict, sys_dict_item};
use crate::platform::http::lang::pick;
use crate::platform::http::page::{IdQuery, Order, filter, like_pattern, require_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{platform::secrets, with_conn, with_write};

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictRecord {
    pub id: String,
    pub dict_name: String,
    pub dict_name_en: Option<String>,
    /// The name in the request's language.
    pub title: String,
    pub dict_code: String,
    pub description: Option<String>,
    /// Seeded: the application reads it, so it cannot be deleted.
    pub system_flag: bool,
    pub item_count: i64,
    pub create_time: String,
}

type Row = (String, String, Option<String>, String, Option<String>, bool, chrono::NaiveDateTime);

macro_rules! columns {
    () => {
        (
            sys_dict::id,
            sys_dict::dict_name,
            sys_dict::dict_name_en,
            sys_dict::dict_code,
            sys_dict::description,
            sys_dict::system_flag,
            sys_dict::create_time,
        )
    };
}

fn to_record(
    (id, dict_name, dict_name_en, dict_code, description, system_flag, create_time): Row,
    item_count: i64,
) -> DictRecord {
    DictRecord {
        title: pick(current_lang(), dict_name.clone(), dict_name_en.clone()),
        id,
        dict_name,
        dict_name_en,
        dict_code,
        description,
        system_flag,
        item_count,
        create_time: create_time.format(crate::system::users::DATE_TIME_FORMAT).to_string(),
    }
}

async fn item_counts(db: &Db, ids: &[String]) -> Result<Vec<(String, i64)>, AppError> {
    let counts: Vec<(String, i64)> = with_conn!(db, |conn| {
        sys_dict_item::table
            .filter(sys_dict_item::dict_id.eq_any(ids))
            .group_by(sys_dict_item::dict_id)
            .select((sys_dict_item::dict_id, diesel::dsl::count_star()))
            .load(conn)
            .await?
    });
    Ok(counts)
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DictFilter {
    /// Chinese or English name, substring.
    pub dict_name: Option<String>,
    pub dict_code: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

/// Dictionaries: search, paging, sorting.
#[utoipa::path(get, path = "/sys/dict/list", tag = "system", params(DictFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<DictRecord>>), (status = 400), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<DictFilter>,
) -> ApiResult<Page<DictRecord>> {
    grants::require(&state, &me, "system:dict:list").await?;
    let sort = f.page.sort(&["dictCode", "dictName", "createTime"], ("createTime", Order::Desc))?;
    let (name, code) = (filter(&f.dict_name), filter(&f.dict_code));
    macro_rules! filtered {
        () => {{
            let mut q = sys_dict::table.into_boxed();
            if let Some(v) = &name {
                let p = like_pattern(v);
                q = q.filter(sys_dict::dict_name.like(p.clone()).escape('\\').or(sys_dict::dict_name_en.like(p).escape('\\')));
            }
            if let Some(v) = &code {
                q = q.filter(sys_dict::dict_code.like(like_pattern(v)).escape('\\'));
            }
            q
        }};
    }
    let (total, rows): (i64, Vec<Row>) = with_conn!(&state.db, |conn| {
        let total = filtered!().count().get_result(conn).await?;
        let q = filtered!().select(columns!()).limit(f.page.page_size()).offset(f.page.offset());
        let q = match sort {
            ("dictCode", Order::Asc) => q.order(sys_dict::dict_code.asc()),
            ("dictCode", Order::Desc) => q.order(sys_dict::dict_code.desc()),
            ("dictName", Order::Asc) => q.order(sys_dict::dict_name.asc()),
            ("dictName", Order::Desc) => q.order(sys_dict::dict_name.desc()),
            (_, Order::Asc) => q.order(sys_dict::create_time.asc()),
            (_, Order::Desc) => q.order(sys_dict::create_time.desc()),
        };
        (total, q.then_order_by(sys_dict::id.asc()).load(conn).await?)
    });
    let ids: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    let counts = item_counts(&state.db, &ids).await?;
    let records = rows
        .into_iter()
        .map(|row| {
            let count = counts.iter().find(|(id, _)| *id == row.0).map_or(0, |(_, n)| *n);
            to_record(row, count)
        })
        .collect();
    ok(Page::new(records, total, &f.page))
}

pub(crate) async fn one(db: &Db, id: &str) -> Result<DictRecord, AppError> {
    let row: Option<Row> =
        with_conn!(db, |conn| sys_dict::table.filter(sys_dict::id.eq(id)).select(columns!()).first(conn).await.optional()?);
    let row = row.ok_or_else(AppError::not_found)?;
    let count = item_counts(db, std::slice::from_ref(&row.0)).await?.into_iter().next().map_or(0, |(_, n)| n);
    Ok(to_record(row, count))
}

/// One dictionary.
#[utoipa::path(get, path = "/sys/dict/queryById", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<DictRecord>), (status = 403), (status = 404)))]
pub async fn query_by_id(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<DictRecord> {
    grants::require(&state, &me, "system:dict:list").await?;
    ok(one(&state.db, q.id.as_deref().unwrap_or("").trim()).await?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictForm {
    pub id: Option<String>,
    #[serde(default)]
    pub dict_name: String,
    pub dict_name_en: Option<String>,
    #[serde(default)]
    pub dict_code: String,
    pub description: Option<String>,
}

struct Checked {
    name: String,
    name_en: Option<String>,
    code: String,
    description: Option<String>,
}

fn checked(form: &DictForm) -> Result<Checked, AppError> {
    let lang = current_lang();
    let code = form.dict_code.trim().to_owned();
    if code.is_empty() {
        return Err(AppError::field("dictCode", MessageKey::DictCodeRequired));
    }
    let valid = code.len() <= 64
        && code.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid {
        return Err(AppError::field("dictCode", MessageKey::DictCodeInvalid));
    }
    let name = form.dict_name.trim().to_owned();
    validate::required("dictName", MessageKey::FieldDictName.template(lang), &name)?;
    validate::max_chars("dictName", MessageKey::FieldDictName.template(lang), &name, 100)?;
    let name_en = filter(&form.dict_name_en);
    validate::max_chars("dictNameEn", MessageKey::FieldDictName.template(lang), name_en.as_deref().unwrap_or(""), 100)?;
    let description = filter(&form.description);
    validate::max_chars("description", MessageKey::FieldDescription.template(lang), description.as_deref().unwrap_or(""), 500)?;
    Ok(Checked { name, name_en, code, description })
}

/// Tells every instance that dictionaries changed.
pub(crate) async fn changed(state: &AppState) {
    state.cluster.changed(Change::Dicts).await;
}

/// Adds a dictionary.
#[utoipa::path(post, path = "/sys/dict/add", tag = "system", request_body = DictForm,
    responses((status = 200, body = crate::platform::http::Envelope<DictRecord>), (status = 400), (status = 403), (status = 409)))]
pub async fn add(State(state): State<AppState>, me: CurrentUser, ApiJson(form): ApiJson<DictForm>) -> ApiResult<DictRecord> {
    grants::require(&state, &me, "system:dict:add").await?;
    let c = checked(&form)?;
    let id = secrets::new_id();
    with_write!(&state.db, |conn| {
        diesel::insert_into(sys_dict::table)
            .values((
                sys_dict::id.eq(&id),
                sys_dict::dict_name.eq(&c.name),
                sys_dict::dict_name_en.eq(&c.name_en),
                sys_dict::dict_code.eq(&c.code),
                sys_dict::description.eq(&c.description),
                sys_dict::system_flag.eq(false),
                sys_dict::create_by.eq(&me.user.username),
                sys_dict::create_time.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "dictCode", MessageKey::DictCodeTaken))?;
    });
    let after = one(&state.db, &id).await?;
    changed(&state).await;
    logs::added(&state.db, &me, "system:dict:add", &after.dict_code, &after).await;
    ok_with(MessageKey::Added, after)
}

/// Changes a dictionary.
#[utoipa::path(put, path = "/sys/dict/edit", tag = "system", request_body = DictForm,
    responses((status = 200, body = crate::platform::http::Envelope<DictRecord>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn edit(State(state): State<AppState>, me: CurrentUser, ApiJson(form): ApiJson<DictForm>) -> ApiResult<DictRecord> {
    grants::require(&state, &me, "system:dict:edit").await?;
    let before = one(&state.db, form.id.as_deref().unwrap_or("").trim()).await?;
    let c = checked(&form)?;
    if before.system_flag && c.code != before.dict_code {
        // The application reads system dictionaries by code.
        return Err(AppError::field("dictCode", MessageKey::DictSystem));
    }
    with_write!(&state.db, |conn| {
        diesel::update(sys_dict::table.filter(sys_dict::id.eq(&before.id)))
            .set((
                sys_dict::dict_name.eq(&c.name),
                sys_dict::dict_name_en.eq(&c.name_en),
                sys_dict::dict_code.eq(&c.code),
                sys_dict::description.eq(&c.description),
                sys_dict::update_by.eq(&me.user.username),
                sys_dict::update_time.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "dictCode", MessageKey::DictCodeTaken))?;
    });
    let after = one(&state.db, &before.id).await?;
    changed(&state).await;
    logs::edited(&state.db, &me, "system:dict:edit", &after.dict_code, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

async fn remove(state: &AppState, me: &CurrentUser, ids: &[String]) -> Result<(), AppError> {
    let mut befores = Vec::new();
    for id in ids {
        let before = one(&state.db, id).await?;
        if before.system_flag {
            return Err(AppError::bad_request(MessageKey::DictSystem));
        }
        befores.push(before);
    }
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            diesel::delete(sys_dict_item::table.filter(sys_dict_item::dict_id.eq_any(ids))).execute(tx).await?;
            diesel::delete(sys_dict::table.filter(sys_dict::id.eq_any(ids)).filter(sys_dict::system_flag.eq(false)))
                .execute(tx)
                .await?;
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(AppError::from)?;
    });
    changed(state).await;
    for before in befores {
        logs::deleted(&state.db, me, "system:dict:delete", &before.dict_code, &before).await;
    }
    Ok(())
}

/// Deletes a dictionary and its items (not a system dictionary).
#[utoipa::path(delete, path = "/sys/dict/delete", tag = "system", params(IdQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:dict:delete").await?;
    remove(&state, &me, &require_ids(q.id.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::Deleted, ())
}

/// Deletes dictionaries and their items.
#[utoipa::path(delete, path = "/sys/dict/deleteBatch", tag = "system", params(IdQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete_batch(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:dict:delete").await?;
    remove(&state, &me, &require_ids(q.ids.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::DeletedBatch, ())
}

/// The enabled items of a dictionary in the request's language (an unknown code has none).
#[utoipa::path(get, path = "/sys/dict/getDictItems/{code}", tag = "system", params(("code" = String, Path)),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<DictOption>>), (status = 401)))]
pub async fn get_dict_items(
    State(state): State<AppState>,
    _me: CurrentUser,
    Path(code): Path<String>,
) -> ApiResult<Vec<DictOption>> {
    let all = state.dicts.get(&state.db).await?;
    ok(all.options(code.trim(), current_lang()))
}

/// Every dictionary's enabled items, `{code: [items]}` (the login answer's `sysAllDictItems`).
#[utoipa::path(get, path = "/sys/dict/queryAllDictItems", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<serde_json::Value>), (status = 401)))]
pub async fn query_all_dict_items(
    State(state): State<AppState>,
    _me: CurrentUser,
) -> ApiResult<serde_json::Map<String, serde_json::Value>> {
    let all = state.dicts.get(&state.db).await?;
    ok(all.all(current_lang()))
}

/// Drops the dictionary cache on every instance.
#[utoipa::path(get, path = "/sys/dict/refleshCache", tag = "system",
    responses((status = 200), (status = 401)))]
pub async fn refresh_cache(State(state): State<AppState>, _me: CurrentUser) -> ApiResult<()> {
    changed(&state).await;
    ok_with(MessageKey::CacheRefreshed, ())
}

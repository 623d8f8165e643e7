//! Dictionary items (`/sys/dictItem/*`): value, texts in both languages, tag colour, order and
//! state. Changing items takes `system:dict:edit`.

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::changed;
use crate::platform::db::Db;
use crate::platform::db::schema::sys_dict_item;
use crate::platform::http::lang::pick;
use crate::platform::http::page::{IdQuery, Order, filter, like_pattern, require_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{platform::secrets, with_conn, with_write};

/// The tag colours an item may have (Chakra palette names).
pub const COLORS: &[&str] = &["gray", "red", "orange", "yellow", "green", "teal", "blue", "cyan", "purple", "pink"];

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictItemRecord {
    pub id: String,
    pub dict_id: String,
    pub item_text: String,
    pub item_text_en: Option<String>,
    /// The text in the request's language.
    pub title: String,
    pub item_value: String,
    pub item_color: Option<String>,
    pub description: Option<String>,
    pub sort_order: i32,
    /// 1 enabled, 0 disabled.
    pub status: i16,
    pub create_time: String,
}

type Row = (String, String, String, Option<String>, String, Option<String>, Option<String>, i32, i16, chrono::NaiveDateTime);

macro_rules! columns {
    () => {
        (
            sys_dict_item::id,
            sys_dict_item::dict_id,
            sys_dict_item::item_text,
            sys_dict_item::item_text_en,
            sys_dict_item::item_value,
            sys_dict_item::item_color,
            sys_dict_item::description,
            sys_dict_item::sort_order,
            sys_dict_item::status,
            sys_dict_item::create_time,
        )
    };
}

fn to_record(
    (id, dict_id, item_text, item_text_en, item_value, item_color, description, sort_order, status, create_time): Row,
) -> DictItemRecord {
    DictItemRecord {
        title: pick(current_lang(), item_text.clone(), item_text_en.clone()),
        id,
        dict_id,
        item_text,
        item_text_en,
        item_value,
        item_color,
        description,
        sort_order,
        status,
        create_time: create_time.format(crate::system::users::DATE_TIME_FORMAT).to_string(),
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ItemFilter {
    /// The dictionary (required).
    pub dict_id: Option<String>,
    /// Chinese or English text, substring.
    pub item_text: Option<String>,
    /// 1 enabled, 0 disabled.
    pub status: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

/// A dictionary's items: search, paging, sorting.
#[utoipa::path(get, path = "/sys/dictItem/list", tag = "system", params(ItemFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<DictItemRecord>>), (status = 400), (status = 403), (status = 404)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<ItemFilter>,
) -> ApiResult<Page<DictItemRecord>> {
    grants::require(&state, &me, "system:dict:list").await?;
    let dict = super::one(&state.db, f.dict_id.as_deref().unwrap_or("").trim()).await?;
    let sort = f.page.sort(&["sortOrder", "itemValue", "createTime"], ("sortOrder", Order::Asc))?;
    let text = filter(&f.item_text);
    let status = match filter(&f.status).as_deref() {
        None => None,
        Some("1") => Some(1i16),
        Some("0") => Some(0i16),
        Some(_) => return Err(AppError::field("status", MessageKey::StatusInvalid)),
    };
    macro_rules! filtered {
        () => {{
            let mut q = sys_dict_item::table.filter(sys_dict_item::dict_id.eq(&dict.id)).into_boxed();
            if let Some(v) = &text {
                let p = like_pattern(v);
                q = q.filter(
                    sys_dict_item::item_text.like(p.clone()).escape('\\').or(sys_dict_item::item_text_en.like(p).escape('\\')),
                );
            }
            if let Some(s) = status {
                q = q.filter(sys_dict_item::status.eq(s));
            }
            q
        }};
    }
    let (total, rows): (i64, Vec<Row>) = with_conn!(&state.db, |conn| {
        let total = filtered!().count().get_result(conn).await?;
        let q = filtered!().select(columns!()).limit(f.page.page_size()).offset(f.page.offset());
        let q = match sort {
            ("itemValue", Order::Asc) => q.order(sys_dict_item::item_value.asc()),
            ("itemValue", Order::Desc) => q.order(sys_dict_item::item_value.desc()),
            ("createTime", Order::Asc) => q.order(sys_dict_item::create_time.asc()),
            ("createTime", Order::Desc) => q.order(sys_dict_item::create_time.desc()),
            (_, Order::Asc) => q.order(sys_dict_item::sort_order.asc()),
            (_, Order::Desc) => q.order(sys_dict_item::sort_order.desc()),
        };
        (total, q.then_order_by(sys_dict_item::id.asc()).load(conn).await?)
    });
    ok(Page::new(rows.into_iter().map(to_record).collect(), total, &f.page))
}

async fn one(db: &Db, id: &str) -> Result<DictItemRecord, AppError> {
    let row: Option<Row> = with_conn!(db, |conn| {
        sys_dict_item::table.filter(sys_dict_item::id.eq(id)).select(columns!()).first(conn).await.optional()?
    });
    row.map(to_record).ok_or_else(AppError::not_found)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictItemForm {
    pub id: Option<String>,
    pub dict_id: Option<String>,
    #[serde(default)]
    pub item_text: String,
    pub item_text_en: Option<String>,
    #[serde(default)]
    pub item_value: String,
    /// gray, red, orange, yellow, green, teal, blue, cyan, purple or pink.
    pub item_color: Option<String>,
    pub description: Option<String>,
    pub sort_order: Option<i32>,
    /// 1 enabled (default), 0 disabled.
    pub status: Option<i16>,
}

struct Checked {
    text: String,
    text_en: Option<String>,
    value: String,
    color: Option<String>,
    description: Option<String>,
    sort_order: i32,
    status: i16,
}

fn checked(form: &DictItemForm) -> Result<Checked, AppError> {
    let lang = current_lang();
    let text = form.item_text.trim().to_owned();
    validate::required("itemText", MessageKey::FieldItemText.template(lang), &text)?;
    validate::max_chars("itemText", MessageKey::FieldItemText.template(lang), &text, 100)?;
    let text_en = filter(&form.item_text_en);
    validate::max_chars("itemTextEn", MessageKey::FieldItemText.template(lang), text_en.as_deref().unwrap_or(""), 100)?;
    let value = form.item_value.trim().to_owned();
    validate::required("itemValue", MessageKey::FieldItemValue.template(lang), &value)?;
    validate::max_chars("itemValue", MessageKey::FieldItemValue.template(lang), &value, 100)?;
    let color = filter(&form.item_color);
    if let Some(c) = &color
        && !COLORS.contains(&c.as_str())
    {
        return Err(AppError::field("itemColor", MessageKey::ValueInvalid).with("field", MessageKey::FieldColor.template(lang)));
    }
    let description = filter(&form.description);
    validate::max_chars("description", MessageKey::FieldDescription.template(lang), description.as_deref().unwrap_or(""), 500)?;
    let status = form.status.unwrap_or(1);
    if status != 0 && status != 1 {
        return Err(AppError::field("status", MessageKey::StatusInvalid));
    }
    Ok(Checked {
        text,
        text_en,
        value,
        color,
        description,
        sort_order: form.sort_order.unwrap_or(0).clamp(-99_999, 99_999),
        status,
    })
}

/// Adds an item to a dictionary.
#[utoipa::path(post, path = "/sys/dictItem/add", tag = "system", request_body = DictItemForm,
    responses((status = 200, body = crate::platform::http::Envelope<DictItemRecord>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn add(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<DictItemForm>,
) -> ApiResult<DictItemRecord> {
    grants::require(&state, &me, "system:dict:edit").await?;
    let dict = super::one(&state.db, form.dict_id.as_deref().unwrap_or("").trim()).await?;
    let c = checked(&form)?;
    let id = secrets::new_id();
    with_write!(&state.db, |conn| {
        diesel::insert_into(sys_dict_item::table)
            .values((
                sys_dict_item::id.eq(&id),
                sys_dict_item::dict_id.eq(&dict.id),
                sys_dict_item::item_text.eq(&c.text),
                sys_dict_item::item_text_en.eq(&c.text_en),
                sys_dict_item::item_value.eq(&c.value),
                sys_dict_item::item_color.eq(&c.color),
                sys_dict_item::description.eq(&c.description),
                sys_dict_item::sort_order.eq(c.sort_order),
                sys_dict_item::status.eq(c.status),
                sys_dict_item::create_by.eq(&me.user.username),
                sys_dict_item::create_time.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "itemValue", MessageKey::DictItemValueTaken))?;
    });
    let after = one(&state.db, &id).await?;
    changed(&state).await;
    let target = format!("{}={}", dict.dict_code, after.item_value);
    logs::added(&state.db, &me, "system:dict:edit", &target, &after).await;
    ok_with(MessageKey::Added, after)
}

/// Changes an item.
#[utoipa::path(put, path = "/sys/dictItem/edit", tag = "system", request_body = DictItemForm,
    responses((status = 200, body = crate::platform::http::Envelope<DictItemRecord>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn edit(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<DictItemForm>,
) -> ApiResult<DictItemRecord> {
    grants::require(&state, &me, "system:dict:edit").await?;
    let before = one(&state.db, form.id.as_deref().unwrap_or("").trim()).await?;
    let c = checked(&form)?;
    with_write!(&state.db, |conn| {
        diesel::update(sys_dict_item::table.filter(sys_dict_item::id.eq(&before.id)))
            .set((
                sys_dict_item::item_text.eq(&c.text),
                sys_dict_item::item_text_en.eq(&c.text_en),
                sys_dict_item::item_value.eq(&c.value),
                sys_dict_item::item_color.eq(&c.color),
                sys_dict_item::description.eq(&c.description),
                sys_dict_item::sort_order.eq(c.sort_order),
                sys_dict_item::status.eq(c.status),
                sys_dict_item::update_by.eq(&me.user.username),
                sys_dict_item::update_time.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "itemValue", MessageKey::DictItemValueTaken))?;
    });
    let after = one(&state.db, &before.id).await?;
    changed(&state).await;
    logs::edited(&state.db, &me, "system:dict:edit", &after.item_value, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

async fn remove(state: &AppState, me: &CurrentUser, ids: &[String]) -> Result<(), AppError> {
    let mut befores = Vec::new();
    for id in ids {
        befores.push(one(&state.db, id).await?);
    }
    with_write!(&state.db, |conn| {
        diesel::delete(sys_dict_item::table.filter(sys_dict_item::id.eq_any(ids))).execute(conn).await?;
    });
    changed(state).await;
    for before in befores {
        logs::deleted(&state.db, me, "system:dict:edit", &before.item_value, &before).await;
    }
    Ok(())
}

/// Deletes an item.
#[utoipa::path(delete, path = "/sys/dictItem/delete", tag = "system", params(IdQuery),
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:dict:edit").await?;
    remove(&state, &me, &require_ids(q.id.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::Deleted, ())
}

/// Deletes items.
#[utoipa::path(delete, path = "/sys/dictItem/deleteBatch", tag = "system", params(IdQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete_batch(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:dict:edit").await?;
    remove(&state, &me, &require_ids(q.ids.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::DeletedBatch, ())
}

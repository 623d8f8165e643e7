//! Channels (`/logistics/channel/*`): a supplier's service routes. Per tenant; a channel with
//! number segments cannot be deleted.

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::Db;
use crate::db::schema::{logistics_channel, logistics_number_segment};
use crate::http::envelope::ok_with;
use crate::http::lang::pick;
use crate::http::page::{IdQuery, Order, filter, like_pattern, require_ids};
use crate::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::logs;
use crate::permissions::grants;
use crate::suppliers::{bounded, code_of, status_filter};
use crate::{secrets, suppliers, with_conn, with_write};

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelRecord {
    pub id: String,
    pub supplier_id: String,
    pub code: String,
    pub name: String,
    pub name_en: Option<String>,
    /// The name in the request's language.
    pub title: String,
    /// Air, sea, rail, express …
    pub trans_type: Option<String>,
    /// 1 in use, 0 stopped.
    pub status: i16,
    pub remark: Option<String>,
    pub create_time: String,
}

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = logistics_channel)]
struct Row {
    id: String,
    supplier_id: String,
    code: String,
    name: String,
    name_en: Option<String>,
    trans_type: Option<String>,
    status: i16,
    remark: Option<String>,
    create_time: chrono::NaiveDateTime,
}

fn to_record(r: Row) -> ChannelRecord {
    ChannelRecord {
        title: pick(current_lang(), r.name.clone(), r.name_en.clone()),
        create_time: r.create_time.format(crate::users::DATE_TIME_FORMAT).to_string(),
        id: r.id,
        supplier_id: r.supplier_id,
        code: r.code,
        name: r.name,
        name_en: r.name_en,
        trans_type: r.trans_type,
        status: r.status,
        remark: r.remark,
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ChannelFilter {
    pub supplier_id: Option<String>,
    /// Code or name (zh or en), substring.
    pub key_word: Option<String>,
    /// 1 in use, 0 stopped.
    pub status: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

/// The tenant's channels.
#[utoipa::path(get, path = "/logistics/channel/list", tag = "logistics", params(ChannelFilter, PageParams),
    responses((status = 200, body = crate::http::Envelope<Page<ChannelRecord>>), (status = 400), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<ChannelFilter>,
) -> ApiResult<Page<ChannelRecord>> {
    grants::require(&state, &me, "logistics:channel:list").await?;
    let sort = f.page.sort(&["code", "name", "createTime"], ("code", Order::Asc))?;
    let (supplier, key_word) = (filter(&f.supplier_id), filter(&f.key_word));
    let status = status_filter(&f.status)?;
    macro_rules! filtered {
        () => {{
            let mut q = logistics_channel::table.filter(logistics_channel::tenant_id.eq(me.tenant_id)).into_boxed();
            if let Some(v) = &supplier {
                q = q.filter(logistics_channel::supplier_id.eq(v.clone()));
            }
            if let Some(v) = &key_word {
                let p = like_pattern(v);
                q = q.filter(
                    logistics_channel::code
                        .like(p.clone())
                        .escape('\\')
                        .or(logistics_channel::name.like(p.clone()).escape('\\'))
                        .or(logistics_channel::name_en.like(p).escape('\\')),
                );
            }
            if let Some(s) = status {
                q = q.filter(logistics_channel::status.eq(s));
            }
            q
        }};
    }
    let (total, rows): (i64, Vec<Row>) = with_conn!(&state.db, |conn| {
        let total = filtered!().count().get_result(conn).await?;
        let q = filtered!().select(Row::as_select()).limit(f.page.page_size()).offset(f.page.offset());
        let q = match sort {
            ("name", Order::Asc) => q.order(logistics_channel::name.asc()),
            ("name", Order::Desc) => q.order(logistics_channel::name.desc()),
            ("createTime", Order::Asc) => q.order(logistics_channel::create_time.asc()),
            ("createTime", Order::Desc) => q.order(logistics_channel::create_time.desc()),
            (_, Order::Asc) => q.order(logistics_channel::code.asc()),
            (_, Order::Desc) => q.order(logistics_channel::code.desc()),
        };
        (total, q.then_order_by(logistics_channel::id.asc()).load(conn).await?)
    });
    ok(Page::new(rows.into_iter().map(to_record).collect(), total, &f.page))
}

async fn one(db: &Db, tenant_id: i32, id: &str) -> Result<ChannelRecord, AppError> {
    let row: Option<Row> = with_conn!(db, |conn| {
        logistics_channel::table
            .filter(logistics_channel::tenant_id.eq(tenant_id))
            .filter(logistics_channel::id.eq(id))
            .select(Row::as_select())
            .first(conn)
            .await
            .optional()?
    });
    row.map(to_record).ok_or_else(AppError::not_found)
}

/// One channel.
#[utoipa::path(get, path = "/logistics/channel/queryById", tag = "logistics", params(IdQuery),
    responses((status = 200, body = crate::http::Envelope<ChannelRecord>), (status = 403), (status = 404)))]
pub async fn query_by_id(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<ChannelRecord> {
    grants::require(&state, &me, "logistics:channel:list").await?;
    ok(one(&state.db, me.tenant_id, q.id.as_deref().unwrap_or("").trim()).await?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelForm {
    pub id: Option<String>,
    pub supplier_id: Option<String>,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub name: String,
    pub name_en: Option<String>,
    pub trans_type: Option<String>,
    /// 1 (default) or 0.
    pub status: Option<i16>,
    pub remark: Option<String>,
}

struct Checked {
    supplier_id: String,
    code: String,
    name: String,
    name_en: Option<String>,
    trans_type: Option<String>,
    status: i16,
    remark: Option<String>,
}

async fn checked(db: &Db, tenant_id: i32, form: &ChannelForm) -> Result<Checked, AppError> {
    let lang = current_lang();
    let supplier_id = form.supplier_id.as_deref().map(str::trim).unwrap_or("").to_owned();
    validate::required("supplierId", MessageKey::FieldSupplier.template(lang), &supplier_id)?;
    if !suppliers::exists(db, tenant_id, &supplier_id).await? {
        return Err(
            AppError::field("supplierId", MessageKey::ValueInvalid).with("field", MessageKey::FieldSupplier.template(lang))
        );
    }
    let code = code_of("code", &form.code)?;
    let name = form.name.trim().to_owned();
    validate::required("name", MessageKey::FieldName.template(lang), &name)?;
    validate::max_chars("name", MessageKey::FieldName.template(lang), &name, 100)?;
    let status = form.status.unwrap_or(1);
    if status != 0 && status != 1 {
        return Err(AppError::field("status", MessageKey::StatusInvalid));
    }
    Ok(Checked {
        supplier_id,
        code,
        name,
        name_en: bounded("nameEn", MessageKey::FieldName, &form.name_en, 100)?,
        trans_type: bounded("transType", MessageKey::FieldDescription, &form.trans_type, 50)?,
        status,
        remark: bounded("remark", MessageKey::FieldDescription, &form.remark, 500)?,
    })
}

/// Adds a channel to one of the tenant's suppliers.
#[utoipa::path(post, path = "/logistics/channel/add", tag = "logistics", request_body = ChannelForm,
    responses((status = 200, body = crate::http::Envelope<ChannelRecord>), (status = 400), (status = 403), (status = 409)))]
pub async fn add(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<ChannelForm>,
) -> ApiResult<ChannelRecord> {
    grants::require(&state, &me, "logistics:channel:add").await?;
    let c = checked(&state.db, me.tenant_id, &form).await?;
    let id = secrets::new_id();
    with_write!(&state.db, |conn| {
        diesel::insert_into(logistics_channel::table)
            .values((
                logistics_channel::id.eq(&id),
                logistics_channel::tenant_id.eq(me.tenant_id),
                logistics_channel::supplier_id.eq(&c.supplier_id),
                logistics_channel::code.eq(&c.code),
                logistics_channel::name.eq(&c.name),
                logistics_channel::name_en.eq(&c.name_en),
                logistics_channel::trans_type.eq(&c.trans_type),
                logistics_channel::status.eq(c.status),
                logistics_channel::remark.eq(&c.remark),
                logistics_channel::create_by.eq(&me.user.username),
                logistics_channel::create_time.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "code", MessageKey::CodeTaken))?;
    });
    let after = one(&state.db, me.tenant_id, &id).await?;
    logs::added(&state.db, &me, "logistics:channel:add", &after.code, &after).await;
    ok_with(MessageKey::Added, after)
}

/// Changes a channel.
#[utoipa::path(put, path = "/logistics/channel/edit", tag = "logistics", request_body = ChannelForm,
    responses((status = 200, body = crate::http::Envelope<ChannelRecord>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn edit(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<ChannelForm>,
) -> ApiResult<ChannelRecord> {
    grants::require(&state, &me, "logistics:channel:edit").await?;
    let before = one(&state.db, me.tenant_id, form.id.as_deref().unwrap_or("").trim()).await?;
    let c = checked(&state.db, me.tenant_id, &form).await?;
    with_write!(&state.db, |conn| {
        diesel::update(logistics_channel::table.filter(logistics_channel::id.eq(&before.id)))
            .set((
                logistics_channel::supplier_id.eq(&c.supplier_id),
                logistics_channel::code.eq(&c.code),
                logistics_channel::name.eq(&c.name),
                logistics_channel::name_en.eq(&c.name_en),
                logistics_channel::trans_type.eq(&c.trans_type),
                logistics_channel::status.eq(c.status),
                logistics_channel::remark.eq(&c.remark),
                logistics_channel::update_by.eq(&me.user.username),
                logistics_channel::update_time.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "code", MessageKey::CodeTaken))?;
    });
    let after = one(&state.db, me.tenant_id, &before.id).await?;
    logs::edited(&state.db, &me, "logistics:channel:edit", &after.code, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

/// Deletes channels without number segments.
#[utoipa::path(delete, path = "/logistics/channel/delete", tag = "logistics", params(IdQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "logistics:channel:delete").await?;
    let ids = require_ids(q.id.as_deref().or(q.ids.as_deref()).unwrap_or(""))?;
    let mut befores = Vec::new();
    for id in &ids {
        befores.push(one(&state.db, me.tenant_id, id).await?);
    }
    let used: i64 = with_conn!(&state.db, |conn| {
        logistics_number_segment::table.filter(logistics_number_segment::channel_id.eq_any(&ids)).count().get_result(conn).await?
    });
    if used > 0 {
        return Err(AppError::bad_request(MessageKey::InUse));
    }
    with_write!(&state.db, |conn| {
        diesel::delete(
            logistics_channel::table
                .filter(logistics_channel::tenant_id.eq(me.tenant_id))
                .filter(logistics_channel::id.eq_any(&ids)),
        )
        .execute(conn)
        .await?;
    });
    for before in befores {
        logs::deleted(&state.db, &me, "logistics:channel:delete", &before.code, &before).await;
    }
    ok_with(MessageKey::Deleted, ())
}

//! Suppliers (`/logistics/supplier/*`): the carriers a forwarder ships with. Per tenant; a
//! supplier with channels cannot be deleted.

pub mod demo;

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::Db;
use crate::db::schema::{logistics_channel, logistics_supplier};
use crate::http::envelope::ok_with;
use crate::http::lang::pick;
use crate::http::page::{IdQuery, Order, filter, like_pattern, require_ids};
use crate::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::logs;
use crate::permissions::grants;
use crate::{secrets, with_conn, with_write};

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SupplierRecord {
    pub id: String,
    pub code: String,
    pub name: String,
    pub name_en: Option<String>,
    /// The name in the request's language.
    pub title: String,
    pub contact: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    /// How the carrier is reached (api, manual …).
    pub api_type: Option<String>,
    /// 1 in use, 0 stopped.
    pub status: i16,
    pub remark: Option<String>,
    pub create_time: String,
}

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = logistics_supplier)]
struct Row {
    id: String,
    code: String,
    name: String,
    name_en: Option<String>,
    contact: Option<String>,
    phone: Option<String>,
    email: Option<String>,
    api_type: Option<String>,
    status: i16,
    remark: Option<String>,
    create_time: chrono::NaiveDateTime,
}

fn to_record(r: Row) -> SupplierRecord {
    SupplierRecord {
        title: pick(current_lang(), r.name.clone(), r.name_en.clone()),
        create_time: r.create_time.format(crate::users::DATE_TIME_FORMAT).to_string(),
        id: r.id,
        code: r.code,
        name: r.name,
        name_en: r.name_en,
        contact: r.contact,
        phone: r.phone,
        email: r.email,
        api_type: r.api_type,
        status: r.status,
        remark: r.remark,
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SupplierFilter {
    /// Code or name (zh or en), substring.
    pub key_word: Option<String>,
    /// 1 in use, 0 stopped.
    pub status: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

pub(crate) fn status_filter(text: &Option<String>) -> Result<Option<i16>, AppError> {
    match filter(text).as_deref() {
        None => Ok(None),
        Some("1") => Ok(Some(1)),
        Some("0") => Ok(Some(0)),
        Some(_) => Err(AppError::field("status", MessageKey::StatusInvalid)),
    }
}

/// The tenant's suppliers.
#[utoipa::path(get, path = "/logistics/supplier/list", tag = "logistics", params(SupplierFilter, PageParams),
    responses((status = 200, body = crate::http::Envelope<Page<SupplierRecord>>), (status = 400), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<SupplierFilter>,
) -> ApiResult<Page<SupplierRecord>> {
    grants::require(&state, &me, "logistics:supplier:list").await?;
    let sort = f.page.sort(&["code", "name", "createTime"], ("code", Order::Asc))?;
    let key_word = filter(&f.key_word);
    let status = status_filter(&f.status)?;
    macro_rules! filtered {
        () => {{
            let mut q = logistics_supplier::table.filter(logistics_supplier::tenant_id.eq(me.tenant_id)).into_boxed();
            if let Some(v) = &key_word {
                let p = like_pattern(v);
                q = q.filter(
                    logistics_supplier::code
                        .like(p.clone())
                        .escape('\\')
                        .or(logistics_supplier::name.like(p.clone()).escape('\\'))
                        .or(logistics_supplier::name_en.like(p).escape('\\')),
                );
            }
            if let Some(s) = status {
                q = q.filter(logistics_supplier::status.eq(s));
            }
            q
        }};
    }
    let (total, rows): (i64, Vec<Row>) = with_conn!(&state.db, |conn| {
        let total = filtered!().count().get_result(conn).await?;
        let q = filtered!().select(Row::as_select()).limit(f.page.page_size()).offset(f.page.offset());
        let q = match sort {
            ("name", Order::Asc) => q.order(logistics_supplier::name.asc()),
            ("name", Order::Desc) => q.order(logistics_supplier::name.desc()),
            ("createTime", Order::Asc) => q.order(logistics_supplier::create_time.asc()),
            ("createTime", Order::Desc) => q.order(logistics_supplier::create_time.desc()),
            (_, Order::Asc) => q.order(logistics_supplier::code.asc()),
            (_, Order::Desc) => q.order(logistics_supplier::code.desc()),
        };
        (total, q.then_order_by(logistics_supplier::id.asc()).load(conn).await?)
    });
    ok(Page::new(rows.into_iter().map(to_record).collect(), total, &f.page))
}

pub(crate) async fn one(db: &Db, tenant_id: i32, id: &str) -> Result<SupplierRecord, AppError> {
    let row: Option<Row> = with_conn!(db, |conn| {
        logistics_supplier::table
            .filter(logistics_supplier::tenant_id.eq(tenant_id))
            .filter(logistics_supplier::id.eq(id))
            .select(Row::as_select())
            .first(conn)
            .await
            .optional()?
    });
    row.map(to_record).ok_or_else(AppError::not_found)
}

/// One supplier.
#[utoipa::path(get, path = "/logistics/supplier/queryById", tag = "logistics", params(IdQuery),
    responses((status = 200, body = crate::http::Envelope<SupplierRecord>), (status = 403), (status = 404)))]
pub async fn query_by_id(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<SupplierRecord> {
    grants::require(&state, &me, "logistics:supplier:list").await?;
    ok(one(&state.db, me.tenant_id, q.id.as_deref().unwrap_or("").trim()).await?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SupplierForm {
    pub id: Option<String>,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub name: String,
    pub name_en: Option<String>,
    pub contact: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub api_type: Option<String>,
    /// 1 (default) or 0.
    pub status: Option<i16>,
    pub remark: Option<String>,
}

struct Checked {
    code: String,
    name: String,
    name_en: Option<String>,
    contact: Option<String>,
    phone: Option<String>,
    email: Option<String>,
    api_type: Option<String>,
    status: i16,
    remark: Option<String>,
}

/// A business code (supplier, channel): 2–32 letters, digits, `_` or `-`, from a letter.
pub(crate) fn code_of(field: &str, text: &str) -> Result<String, AppError> {
    let code = text.trim().to_ascii_uppercase();
    validate::required(field, MessageKey::FieldCode.template(current_lang()), &code)?;
    let valid = (2..=32).contains(&code.len())
        && code.starts_with(|c: char| c.is_ascii_uppercase())
        && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if valid { Ok(code) } else { Err(AppError::field(field, MessageKey::CodeInvalid)) }
}

pub(crate) fn bounded(field: &str, label: MessageKey, value: &Option<String>, max: usize) -> Result<Option<String>, AppError> {
    let value = filter(value);
    validate::max_chars(field, label.template(current_lang()), value.as_deref().unwrap_or(""), max)?;
    Ok(value)
}

fn checked(form: &SupplierForm) -> Result<Checked, AppError> {
    let lang = current_lang();
    let code = code_of("code", &form.code)?;
    let name = form.name.trim().to_owned();
    validate::required("name", MessageKey::FieldName.template(lang), &name)?;
    validate::max_chars("name", MessageKey::FieldName.template(lang), &name, 100)?;
    let email = filter(&form.email);
    if let Some(e) = &email {
        validate::email("email", e)?;
    }
    let status = form.status.unwrap_or(1);
    if status != 0 && status != 1 {
        return Err(AppError::field("status", MessageKey::StatusInvalid));
    }
    Ok(Checked {
        code,
        name,
        name_en: bounded("nameEn", MessageKey::FieldName, &form.name_en, 100)?,
        contact: bounded("contact", MessageKey::FieldContactPerson, &form.contact, 100)?,
        phone: bounded("phone", MessageKey::FieldPhone, &form.phone, 50)?,
        email,
        api_type: bounded("apiType", MessageKey::FieldDescription, &form.api_type, 50)?,
        status,
        remark: bounded("remark", MessageKey::FieldDescription, &form.remark, 500)?,
    })
}

/// Adds a supplier.
#[utoipa::path(post, path = "/logistics/supplier/add", tag = "logistics", request_body = SupplierForm,
    responses((status = 200, body = crate::http::Envelope<SupplierRecord>), (status = 400), (status = 403), (status = 409)))]
pub async fn add(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<SupplierForm>,
) -> ApiResult<SupplierRecord> {
    grants::require(&state, &me, "logistics:supplier:add").await?;
    let c = checked(&form)?;
    let id = secrets::new_id();
    with_write!(&state.db, |conn| {
        diesel::insert_into(logistics_supplier::table)
            .values((
                logistics_supplier::id.eq(&id),
                logistics_supplier::tenant_id.eq(me.tenant_id),
                logistics_supplier::code.eq(&c.code),
                logistics_supplier::name.eq(&c.name),
                logistics_supplier::name_en.eq(&c.name_en),
                logistics_supplier::contact.eq(&c.contact),
                logistics_supplier::phone.eq(&c.phone),
                logistics_supplier::email.eq(&c.email),
                logistics_supplier::api_type.eq(&c.api_type),
                logistics_supplier::status.eq(c.status),
                logistics_supplier::remark.eq(&c.remark),
                logistics_supplier::create_by.eq(&me.user.username),
                logistics_supplier::create_time.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "code", MessageKey::CodeTaken))?;
    });
    let after = one(&state.db, me.tenant_id, &id).await?;
    logs::added(&state.db, &me, "logistics:supplier:add", &after.code, &after).await;
    ok_with(MessageKey::Added, after)
}

/// Changes a supplier.
#[utoipa::path(put, path = "/logistics/supplier/edit", tag = "logistics", request_body = SupplierForm,
    responses((status = 200, body = crate::http::Envelope<SupplierRecord>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn edit(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<SupplierForm>,
) -> ApiResult<SupplierRecord> {
    grants::require(&state, &me, "logistics:supplier:edit").await?;
    let before = one(&state.db, me.tenant_id, form.id.as_deref().unwrap_or("").trim()).await?;
    let c = checked(&form)?;
    with_write!(&state.db, |conn| {
        diesel::update(logistics_supplier::table.filter(logistics_supplier::id.eq(&before.id)))
            .set((
                logistics_supplier::code.eq(&c.code),
                logistics_supplier::name.eq(&c.name),
                logistics_supplier::name_en.eq(&c.name_en),
                logistics_supplier::contact.eq(&c.contact),
                logistics_supplier::phone.eq(&c.phone),
                logistics_supplier::email.eq(&c.email),
                logistics_supplier::api_type.eq(&c.api_type),
                logistics_supplier::status.eq(c.status),
                logistics_supplier::remark.eq(&c.remark),
                logistics_supplier::update_by.eq(&me.user.username),
                logistics_supplier::update_time.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "code", MessageKey::CodeTaken))?;
    });
    let after = one(&state.db, me.tenant_id, &before.id).await?;
    logs::edited(&state.db, &me, "logistics:supplier:edit", &after.code, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

/// Deletes suppliers without channels.
#[utoipa::path(delete, path = "/logistics/supplier/delete", tag = "logistics", params(IdQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "logistics:supplier:delete").await?;
    let ids = require_ids(q.id.as_deref().or(q.ids.as_deref()).unwrap_or(""))?;
    let mut befores = Vec::new();
    for id in &ids {
        befores.push(one(&state.db, me.tenant_id, id).await?);
    }
    let channels: i64 = with_conn!(&state.db, |conn| logistics_channel::table
        .filter(logistics_channel::supplier_id.eq_any(&ids))
        .count()
        .get_result(conn)
        .await?);
    if channels > 0 {
        return Err(AppError::bad_request(MessageKey::InUse));
    }
    with_write!(&state.db, |conn| {
        diesel::delete(
            logistics_supplier::table
                .filter(logistics_supplier::tenant_id.eq(me.tenant_id))
                .filter(logistics_supplier::id.eq_any(&ids)),
        )
        .execute(conn)
        .await?;
    });
    for before in befores {
        logs::deleted(&state.db, &me, "logistics:supplier:delete", &before.code, &before).await;
    }
    ok_with(MessageKey::Deleted, ())
}

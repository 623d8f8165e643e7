//! Positions (`/sys/position/*`): the tenant's job titles; a user's `post` holds their codes.

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::{MessageKey, check_rule, validate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::Db;
use crate::db::schema::sys_position;
use crate::http::envelope::ok_with;
use crate::http::lang::pick;
use crate::http::page::{IdQuery, Order, filter, like_pattern, require_ids};
use crate::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::logs;
use crate::permissions::grants;
use crate::{secrets, with_conn, with_write};

/// The ranks a position may have.
pub const RANKS: &[&str] = &["staff", "supervisor", "manager", "director", "executive"];

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionRecord {
    pub id: String,
    pub code: String,
    /// In the request's language.
    pub title: String,
    pub name: String,
    pub name_en: Option<String>,
    pub post_rank: String,
    pub create_time: String,
}

type Row = (String, String, String, Option<String>, String, chrono::NaiveDateTime);

fn to_record((id, code, name, name_en, post_rank, create_time): Row) -> PositionRecord {
    PositionRecord {
        title: pick(current_lang(), name.clone(), name_en.clone()),
        id,
        code,
        name,
        name_en,
        post_rank,
        create_time: create_time.format(crate::users::DATE_TIME_FORMAT).to_string(),
    }
}

macro_rules! columns {
    () => {
        (
            sys_position::id,
            sys_position::code,
            sys_position::name,
            sys_position::name_en,
            sys_position::post_rank,
            sys_position::create_time,
        )
    };
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PositionFilter {
    pub name: Option<String>,
    pub code: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

/// The tenant's positions: search, paging, sorting.
#[utoipa::path(get, path = "/sys/position/list", tag = "system", params(PositionFilter, PageParams),
    responses((status = 200, body = crate::http::Envelope<Page<PositionRecord>>), (status = 400), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<PositionFilter>,
) -> ApiResult<Page<PositionRecord>> {
    let granted = grants::of(&state, &me).await?;
    if !granted.has("system:position:list") && !granted.has("system:user:list") {
        return Err(AppError::forbidden());
    }
    let sort = f.page.sort(&["code", "name", "createTime"], ("createTime", Order::Desc))?;
    let (name, code) = (filter(&f.name), filter(&f.code));
    macro_rules! filtered {
        () => {{
            let mut q = sys_position::table.filter(sys_position::tenant_id.eq(me.tenant_id)).into_boxed();
            if let Some(v) = &name {
                let p = like_pattern(v);
                q = q.filter(sys_position::name.like(p.clone()).escape('\\').or(sys_position::name_en.like(p).escape('\\')));
            }
            if let Some(v) = &code {
                q = q.filter(sys_position::code.like(like_pattern(v)).escape('\\'));
            }
            q
        }};
    }
    let (total, rows): (i64, Vec<Row>) = with_conn!(&state.db, |conn| {
        let total = filtered!().count().get_result(conn).await?;
        let q = filtered!().select(columns!()).limit(f.page.page_size()).offset(f.page.offset());
        let q = match sort {
            ("code", Order::Asc) => q.order(sys_position::code.asc()),
            ("code", Order::Desc) => q.order(sys_position::code.desc()),
            ("name", Order::Asc) => q.order(sys_position::name.asc()),
            ("name", Order::Desc) => q.order(sys_position::name.desc()),
            (_, Order::Asc) => q.order(sys_position::create_time.asc()),
            (_, Order::Desc) => q.order(sys_position::create_time.desc()),
        };
        (total, q.then_order_by(sys_position::id.asc()).load(conn).await?)
    });
    ok(Page::new(rows.into_iter().map(to_record).collect(), total, &f.page))
}

async fn one(db: &Db, tenant_id: i32, id: &str) -> Result<PositionRecord, AppError> {
    let row: Option<Row> = with_conn!(db, |conn| {
        sys_position::table
            .filter(sys_position::tenant_id.eq(tenant_id))
            .filter(sys_position::id.eq(id))
            .select(columns!())
            .first(conn)
            .await
            .optional()?
    });
    row.map(to_record).ok_or_else(AppError::not_found)
}

/// One position.
#[utoipa::path(get, path = "/sys/position/queryById", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::http::Envelope<PositionRecord>), (status = 403), (status = 404)))]
pub async fn query_by_id(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<PositionRecord> {
    grants::require(&state, &me, "system:position:list").await?;
    ok(one(&state.db, me.tenant_id, q.id.as_deref().unwrap_or("").trim()).await?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionForm {
    pub id: Option<String>,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub name: String,
    pub name_en: Option<String>,
    /// staff, supervisor, manager, director or executive.
    pub post_rank: Option<String>,
}

fn checked(form: &PositionForm) -> Result<(String, String, Option<String>, String), AppError> {
    let lang = current_lang();
    let code = form.code.trim().to_owned();
    validate::required("code", MessageKey::FieldPositionCode.template(lang), &code)?;
    check_rule::position_code(&code).map_err(|e| AppError::invalid(logistics_core::FieldError { field: "code".into(), ..e }))?;
    let name = form.name.trim().to_owned();
    validate::required("name", MessageKey::FieldPositionName.template(lang), &name)?;
    validate::max_chars("name", MessageKey::FieldPositionName.template(lang), &name, 100)?;
    let name_en = filter(&form.name_en);
    validate::max_chars("nameEn", MessageKey::FieldPositionName.template(lang), name_en.as_deref().unwrap_or(""), 100)?;
    let rank = form.post_rank.as_deref().map(str::trim).filter(|r| !r.is_empty()).unwrap_or("staff").to_owned();
    if !RANKS.contains(&rank.as_str()) {
        return Err(AppError::field("postRank", MessageKey::StatusInvalid));
    }
    Ok((code, name, name_en, rank))
}

/// Adds a position.
#[utoipa::path(post, path = "/sys/position/add", tag = "system", request_body = PositionForm,
    responses((status = 200, body = crate::http::Envelope<PositionRecord>), (status = 400), (status = 403), (status = 409)))]
pub async fn add(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<PositionForm>,
) -> ApiResult<PositionRecord> {
    grants::require(&state, &me, "system:position:add").await?;
    let (code, name, name_en, rank) = checked(&form)?;
    let id = secrets::new_id();
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::insert_into(sys_position::table)
            .values((
                sys_position::id.eq(&id),
                sys_position::code.eq(&code),
                sys_position::name.eq(&name),
                sys_position::name_en.eq(&name_en),
                sys_position::post_rank.eq(&rank),
                sys_position::tenant_id.eq(me.tenant_id),
                sys_position::create_by.eq(&me.user.username),
                sys_position::create_time.eq(now),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "code", MessageKey::PositionCodeTaken))?;
    });
    let after = one(&state.db, me.tenant_id, &id).await?;
    logs::added(&state.db, &me, "system:position:add", &after.code, &after).await;
    ok_with(MessageKey::Added, after)
}

/// Changes a position.
#[utoipa::path(put, path = "/sys/position/edit", tag = "system", request_body = PositionForm,
    responses((status = 200, body = crate::http::Envelope<PositionRecord>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn edit(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<PositionForm>,
) -> ApiResult<PositionRecord> {
    grants::require(&state, &me, "system:position:edit").await?;
    let before = one(&state.db, me.tenant_id, form.id.as_deref().unwrap_or("").trim()).await?;
    let (code, name, name_en, rank) = checked(&form)?;
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::update(sys_position::table.filter(sys_position::id.eq(&before.id)))
            .set((
                sys_position::code.eq(&code),
                sys_position::name.eq(&name),
                sys_position::name_en.eq(&name_en),
                sys_position::post_rank.eq(&rank),
                sys_position::update_time.eq(now),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "code", MessageKey::PositionCodeTaken))?;
    });
    let after = one(&state.db, me.tenant_id, &before.id).await?;
    logs::edited(&state.db, &me, "system:position:edit", &after.code, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

async fn remove(state: &AppState, me: &CurrentUser, ids: &[String]) -> Result<(), AppError> {
    let mut befores = Vec::new();
    for id in ids {
        befores.push(one(&state.db, me.tenant_id, id).await?);
    }
    with_write!(&state.db, |conn| {
        diesel::delete(sys_position::table.filter(sys_position::tenant_id.eq(me.tenant_id)).filter(sys_position::id.eq_any(ids)))
            .execute(conn)
            .await?;
    });
    for before in befores {
        logs::deleted(&state.db, me, "system:position:delete", &before.code, &before).await;
    }
    Ok(())
}

/// Deletes a position.
#[utoipa::path(delete, path = "/sys/position/delete", tag = "system", params(IdQuery),
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:position:delete").await?;
    remove(&state, &me, &require_ids(q.id.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::Deleted, ())
}

/// Deletes positions.
#[utoipa::path(delete, path = "/sys/position/deleteBatch", tag = "system", params(IdQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete_batch(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:position:delete").await?;
    remove(&state, &me, &require_ids(q.ids.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::DeletedBatch, ())
}

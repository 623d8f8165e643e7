//! Tenant administration (`/sys/tenant/*`, platform administrators only). A new tenant gets its
//! `admin` and `customer` roles, a head office and, when asked, its first administrator; a frozen
//! or expired tenant's users cannot sign in and lose their sessions.

use axum::extract::State;
use chrono::NaiveDate;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::{PLATFORM_TENANT_ID, STATUS_NORMAL};
use crate::platform::db::Db;
use crate::platform::db::schema::{sys_depart, sys_session, sys_tenant, sys_user, sys_user_depart, sys_user_role};
use crate::platform::http::page::{Order, filter, like_pattern};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::system::users::{Lookup, UserKind};
use crate::{bootstrap, platform::secrets, system::users, with_conn, with_write};

pub const STATUS_FROZEN: i16 = 0;

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantRecord {
    pub id: i32,
    pub name: String,
    pub name_en: Option<String>,
    /// 1 normal, 0 frozen.
    pub status: i16,
    pub begin_date: Option<String>,
    pub end_date: Option<String>,
    pub create_time: String,
    pub user_count: i64,
}

type Row = (i32, String, Option<String>, i16, Option<NaiveDate>, Option<NaiveDate>, chrono::NaiveDateTime);

macro_rules! columns {
    () => {
        (
            sys_tenant::id,
            sys_tenant::name,
            sys_tenant::name_en,
            sys_tenant::status,
            sys_tenant::begin_date,
            sys_tenant::end_date,
            sys_tenant::create_time,
        )
    };
}

async fn records(db: &Db, rows: Vec<Row>) -> Result<Vec<TenantRecord>, AppError> {
    let ids: Vec<i32> = rows.iter().map(|r| r.0).collect();
    let counts: Vec<(i32, i64)> = with_conn!(db, |conn| {
        sys_user::table
            .filter(sys_user::tenant_id.eq_any(&ids))
            .filter(sys_user::del_flag.eq(0))
            .group_by(sys_user::tenant_id)
            .select((sys_user::tenant_id, diesel::dsl::count_star()))
            .load(conn)
            .await?
    });
    let date = |d: Option<NaiveDate>| d.map(|d| d.format("%Y-%m-%d").to_string());
    Ok(rows
        .into_iter()
        .map(|(id, name, name_en, status, begin, end, create_time)| TenantRecord {
            id,
            name,
            name_en,
            status,
            begin_date: date(begin),
            end_date: date(end),
            create_time: create_time.format(crate::system::users::DATE_TIME_FORMAT).to_string(),
            user_count: counts.iter().find(|(t, _)| *t == id).map_or(0, |(_, n)| *n),
        })
        .collect())
}

/// Tenants are the platform's business: only its administrators, only in its own tenant.
async fn platform(state: &AppState, me: &CurrentUser, code: &str) -> Result<(), AppError> {
    grants::require(state, me, code).await?;
    if me.tenant_id != PLATFORM_TENANT_ID {
        return Err(AppError::forbidden());
    }
    Ok(())
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TenantFilter {
    pub name: Option<String>,
    pub status: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

/// The tenants: search, paging, sorting.
#[utoipa::path(get, path = "/sys/tenant/list", tag = "system", params(TenantFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<TenantRecord>>), (status = 400), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<TenantFilter>,
) -> ApiResult<Page<TenantRecord>> {
    platform(&state, &me, "system:tenant:list").await?;
    let sort = f.page.sort(&["id", "name", "createTime"], ("id", Order::Asc))?;
    let name = filter(&f.name);
    let status = match filter(&f.status).as_deref() {
        None => None,
        Some("1") => Some(STATUS_NORMAL),
        Some("0") => Some(STATUS_FROZEN),
        Some(_) => return Err(AppError::field("status", MessageKey::StatusInvalid)),
    };
    macro_rules! filtered {
        () => {{
            let mut q = sys_tenant::table.into_boxed();
            if let Some(v) = &name {
                let p = like_pattern(v);
                q = q.filter(sys_tenant::name.like(p.clone()).escape('\\').or(sys_tenant::name_en.like(p).escape('\\')));
            }
            if let Some(s) = status {
                q = q.filter(sys_tenant::status.eq(s));
            }
            q
        }};
    }
    let (total, rows): (i64, Vec<Row>) = with_conn!(&state.db, |conn| {
        let total = filtered!().count().get_result(conn).await?;
        let q = filtered!().select(columns!()).limit(f.page.page_size()).offset(f.page.offset());
        let q = match sort {
            ("name", Order::Asc) => q.order(sys_tenant::name.asc()),
            ("name", Order::Desc) => q.order(sys_tenant::name.desc()),
            ("createTime", Order::Asc) => q.order(sys_tenant::create_time.asc()),
            ("createTime", Order::Desc) => q.order(sys_tenant::create_time.desc()),
            (_, Order::Asc) => q.order(sys_tenant::id.asc()),
            (_, Order::Desc) => q.order(sys_tenant::id.desc()),
        };
        (total, q.load(conn).await?)
    });
    ok(Page::new(records(&state.db, rows).await?, total, &f.page))
}

async fn one(db: &Db, id: i32) -> Result<TenantRecord, AppError> {
    let row: Option<Row> = with_conn!(db, |conn| {
        sys_tenant::table.filter(sys_tenant::id.eq(id)).select(columns!()).first(conn).await.optional()?
    });
    records(db, row.into_iter().collect()).await?.pop().ok_or_else(AppError::not_found)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    pub id: Option<String>,
}

fn tenant_id(text: Option<&str>) -> Result<i32, AppError> {
    text.and_then(|t| t.trim().parse().ok()).ok_or_else(AppError::not_found)
}

/// One tenant.
#[utoipa::path(get, path = "/sys/tenant/queryById", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<TenantRecord>), (status = 403), (status = 404)))]
pub async fn query_by_id(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<TenantRecord> {
    platform(&state, &me, "system:tenant:list").await?;
    ok(one(&state.db, tenant_id(q.id.as_deref())?).await?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantForm {
    /// Chosen on add (else the next free number); required on edit.
    pub id: Option<i32>,
    #[serde(default)]
    pub name: String,
    pub name_en: Option<String>,
    pub status: Option<i16>,
    /// `YYYY-MM-DD`
    pub begin_date: Option<String>,
    /// `YYYY-MM-DD`: after it the tenant's users cannot sign in.
    pub end_date: Option<String>,
    /// The tenant's first administrator (add only).
    pub admin_username: Option<String>,
    pub admin_password: Option<String>,
}

struct Checked {
    name: String,
    name_en: Option<String>,
    status: i16,
    begin: Option<NaiveDate>,
    end: Option<NaiveDate>,
}

fn checked(form: &TenantForm) -> Result<Checked, AppError> {
    let lang = current_lang();
    let name = form.name.trim().to_owned();
    validate::required("name", MessageKey::FieldTenantName.template(lang), &name)?;
    validate::max_chars("name", MessageKey::FieldTenantName.template(lang), &name, 100)?;
    let name_en = filter(&form.name_en);
    validate::max_chars("nameEn", MessageKey::FieldTenantName.template(lang), name_en.as_deref().unwrap_or(""), 100)?;
    let status = form.status.unwrap_or(STATUS_NORMAL);
    if status != STATUS_NORMAL && status != STATUS_FROZEN {
        return Err(AppError::field("status", MessageKey::StatusInvalid));
    }
    let date = |field: &str, key: MessageKey, text: &Option<String>| -> Result<Option<NaiveDate>, AppError> {
        match filter(text) {
            None => Ok(None),
            Some(t) => NaiveDate::parse_from_str(&t, "%Y-%m-%d")
                .map(Some)
                .map_err(|_| AppError::field(field, MessageKey::DateInvalid).with("field", format!("@{}", key.key()))),
        }
    };
    let begin = date("beginDate", MessageKey::FieldBeginDate, &form.begin_date)?;
    let end = date("endDate", MessageKey::FieldEndDate, &form.end_date)?;
    if let (Some(b), Some(e)) = (begin, end)
        && e < b
    {
        return Err(AppError::field("endDate", MessageKey::DateRangeInvalid));
    }
    Ok(Checked { name, name_en, status, begin, end })
}

/// Adds a tenant with its roles, head office and optionally its first administrator.
#[utoipa::path(post, path = "/sys/tenant/add", tag = "system", request_body = TenantForm,
    responses((status = 200, body = crate::platform::http::Envelope<TenantRecord>), (status = 400), (status = 403), (status = 409)))]
pub async fn add(State(state): State<AppState>, me: CurrentUser, ApiJson(form): ApiJson<TenantForm>) -> ApiResult<TenantRecord> {
    platform(&state, &me, "system:tenant:add").await?;
    let c = checked(&form)?;
    let admin = match (filter(&form.admin_username), form.admin_password.as_deref().filter(|p| !p.is_empty())) {
        (None, None) => None,
        (username, password) => {
            let username = username.unwrap_or_default();
            validate::username("adminUsername", &username)?;
            validate::password("adminPassword", password.unwrap_or(""))?;
            if users::find(&state.db, Lookup::Username(&username)).await?.is_some() {
                return Err(AppError::taken("adminUsername", MessageKey::UsernameTaken));
            }
            Some((username, users::password::hash(password.unwrap_or("")).await?))
        }
    };
    if form.id.is_some_and(|id| id <= 0) {
        return Err(AppError::field("id", MessageKey::NumberPositive).with("field", "id"));
    }
    let now = chrono::Utc::now().naive_utc();
    let id: i32 = with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            let id = match form.id {
                Some(id) => id,
                None => {
                    sys_tenant::table.select(diesel::dsl::max(sys_tenant::id)).first::<Option<i32>>(tx).await?.unwrap_or(0) + 1
                }
            };
            diesel::insert_into(sys_tenant::table)
                .values((
                    sys_tenant::id.eq(id),
                    sys_tenant::name.eq(&c.name),
                    sys_tenant::name_en.eq(&c.name_en),
                    sys_tenant::status.eq(c.status),
                    sys_tenant::begin_date.eq(c.begin),
                    sys_tenant::end_date.eq(c.end),
                    sys_tenant::create_time.eq(now),
                ))
                .execute(tx)
                .await?;
            diesel::insert_into(sys_depart::table)
                .values((
                    sys_depart::id.eq(secrets::new_id()),
                    sys_depart::depart_name.eq("总部"),
                    sys_depart::depart_name_en.eq("Headquarters"),
                    sys_depart::org_code.eq("A01"),
                    sys_depart::org_category.eq("1"),
                    sys_depart::tenant_id.eq(id),
                    sys_depart::create_time.eq(now),
                ))
                .execute(tx)
                .await?;
            Ok::<i32, diesel::result::Error>(id)
        })
        .await
        .map_err(|e| AppError::or_taken(e, "id", MessageKey::TenantIdTaken))?
    });
    let admin_role = bootstrap::admin_role(&state.db, id).await?;
    bootstrap::customer_role(&state.db, id).await?;
    if let Some((username, hash)) = &admin {
        let user_id = secrets::new_id();
        let head_office: String = with_conn!(&state.db, |conn| {
            sys_depart::table
                .filter(sys_depart::tenant_id.eq(id))
                .filter(sys_depart::org_code.eq("A01"))
                .select(sys_depart::id)
                .first(conn)
                .await?
        });
        with_write!(&state.db, |conn| {
            conn.transaction(async |tx| {
                diesel::insert_into(sys_user::table)
                    .values((
                        sys_user::id.eq(&user_id),
                        sys_user::username.eq(username),
                        sys_user::realname.eq(username),
                        sys_user::password.eq(hash),
                        sys_user::org_code.eq("A01"),
                        sys_user::status.eq(crate::system::users::STATUS_NORMAL),
                        sys_user::del_flag.eq(0),
                        sys_user::user_kind.eq(UserKind::Admin.as_str()),
                        sys_user::tenant_id.eq(id),
                        sys_user::create_by.eq(&me.user.username),
                        sys_user::create_time.eq(now),
                    ))
                    .execute(tx)
                    .await?;
                diesel::insert_into(sys_user_role::table)
                    .values((sys_user_role::user_id.eq(&user_id), sys_user_role::role_id.eq(&admin_role)))
                    .execute(tx)
                    .await?;
                diesel::insert_into(sys_user_depart::table)
                    .values((sys_user_depart::user_id.eq(&user_id), sys_user_depart::dep_id.eq(&head_office)))
                    .execute(tx)
                    .await?;
                Ok::<(), diesel::result::Error>(())
            })
            .await
            .map_err(AppError::from)?;
        });
    }
    let after = one(&state.db, id).await?;
    logs::added(
        &state.db,
        &me,
        "system:tenant:add",
        &after.name,
        &json!({"tenant": after, "admin": admin.as_ref().map(|(u, _)| u)}),
    )
    .await;
    ok_with(MessageKey::Added, after)
}

/// Ends every session of the tenant's users (frozen or expired tenants).
async fn end_sessions(db: &Db, id: i32) -> Result<(), AppError> {
    let now = chrono::Utc::now().naive_utc();
    with_write!(db, |conn| {
        diesel::update(sys_session::table.filter(sys_session::tenant_id.eq(id)).filter(sys_session::revoke_time.is_null()))
            .set(sys_session::revoke_time.eq(now))
            .execute(conn)
            .await?;
    });
    Ok(())
}

/// Changes a tenant; freezing it ends its users' sessions.
#[utoipa::path(put, path = "/sys/tenant/edit", tag = "system", request_body = TenantForm,
    responses((status = 200, body = crate::platform::http::Envelope<TenantRecord>), (status = 400), (status = 403), (status = 404)))]
pub async fn edit(State(state): State<AppState>, me: CurrentUser, ApiJson(form): ApiJson<TenantForm>) -> ApiResult<TenantRecord> {
    platform(&state, &me, "system:tenant:edit").await?;
    let before = one(&state.db, form.id.ok_or_else(AppError::not_found)?).await?;
    let c = checked(&form)?;
    let today = chrono::Utc::now().date_naive();
    let inactive = c.status != STATUS_NORMAL || c.end.is_some_and(|e| e < today);
    if before.id == PLATFORM_TENANT_ID && inactive {
        return Err(AppError::refused(MessageKey::TenantPlatform));
    }
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::update(sys_tenant::table.filter(sys_tenant::id.eq(before.id)))
            .set((
                sys_tenant::name.eq(&c.name),
                sys_tenant::name_en.eq(&c.name_en),
                sys_tenant::status.eq(c.status),
                sys_tenant::begin_date.eq(c.begin),
                sys_tenant::end_date.eq(c.end),
                sys_tenant::update_time.eq(now),
            ))
            .execute(conn)
            .await?;
    });
    if inactive {
        end_sessions(&state.db, before.id).await?;
    }
    let after = one(&state.db, before.id).await?;
    logs::edited(&state.db, &me, "system:tenant:edit", &after.name, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

/// Deletes a tenant without users (never the platform's).
#[utoipa::path(delete, path = "/sys/tenant/delete", tag = "system", params(IdQuery),
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    platform(&state, &me, "system:tenant:delete").await?;
    let before = one(&state.db, tenant_id(q.id.as_deref())?).await?;
    if before.id == PLATFORM_TENANT_ID {
        return Err(AppError::refused(MessageKey::TenantPlatform));
    }
    let users: i64 = with_conn!(&state.db, |conn| {
        sys_user::table.filter(sys_user::tenant_id.eq(before.id)).count().get_result(conn).await?
    });
    if users > 0 {
        return Err(AppError::refused(MessageKey::TenantHasUsers));
    }
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            use crate::platform::db::schema::{sys_depart_permission, sys_position, sys_role, sys_role_permission};
            let roles = sys_role::table.filter(sys_role::tenant_id.eq(before.id)).select(sys_role::id);
            diesel::delete(sys_role_permission::table.filter(sys_role_permission::role_id.eq_any(roles))).execute(tx).await?;
            diesel::delete(sys_role::table.filter(sys_role::tenant_id.eq(before.id))).execute(tx).await?;
            let departs = sys_depart::table.filter(sys_depart::tenant_id.eq(before.id)).select(sys_depart::id);
            diesel::delete(sys_depart_permission::table.filter(sys_depart_permission::depart_id.eq_any(departs)))
                .execute(tx)
                .await?;
            diesel::delete(sys_depart::table.filter(sys_depart::tenant_id.eq(before.id))).execute(tx).await?;
            diesel::delete(sys_position::table.filter(sys_position::tenant_id.eq(before.id))).execute(tx).await?;
            diesel::delete(sys_tenant::table.filter(sys_tenant::id.eq(before.id))).execute(tx).await?;
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(AppError::from)?;
    });
    logs::deleted(&state.db, &me, "system:tenant:delete", &before.name, &before).await;
    ok_with(MessageKey::Deleted, ())
}

//! Tenant administration (`/sys/tenant/*`, platform administrators only). A new tenant gets its
//! `admin` and `customer` roles, a head office and, when asked, its first administrator; a frozen
//! or expired tenant's users cannot sign in and lose their sessions. A declared resource for
//! reading (list, queryById, export); adding, changing and deleting, which reach well beyond the
//! tenant's row, are written here.

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::{PLATFORM_TENANT_ID, STATUS_NORMAL};
use crate::platform::caller::Caller;
use crate::platform::db::Db;
use crate::platform::db::schema::{sys_depart, sys_session, sys_tenant, sys_user, sys_user_depart, sys_user_role};
use crate::platform::http::page::{Order, filter};
use crate::platform::http::reply::ok_with;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError};
use crate::platform::resource::form::{optional, required};
use crate::platform::resource::handlers::find;
use crate::platform::resource::{Field, Filter, Kind, Resource, Scope, Values};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::system::users::{Lookup, UserKind};
use crate::{bootstrap, platform::secrets, system::users, with_conn, with_write};

pub const STATUS_FROZEN: i16 = 0;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = sys_tenant)]
#[serde(rename_all = "camelCase")]
pub struct TenantRecord {
    pub id: i32,
    pub name: String,
    pub name_en: Option<String>,
    /// 1 normal, 0 frozen.
    pub status: i16,
    pub begin_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub create_time: DateTime,
    #[diesel(sql_type = BigInt)]
    pub user_count: i64,
}

pub struct Tenants;

impl Resource for Tenants {
    const PATH: &'static str = "/sys/tenant";
    const PERMISSION: &'static str = "system:tenant";
    const NOUN: &'static str = "tenant";
    const PLURAL: &'static str = "tenants";
    const TABLE: &'static str = "sys_tenant";
    const SCOPE: Scope = Scope::Platform;
    const FIELDS: &'static [Field] = &[
        Field::int("id", "id").sortable(),
        Field::text("name", "name").sortable().titled(MessageKey::FieldTenantName),
        Field::text("nameEn", "name_en"),
        Field::small("status", "status"),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("name", &["name", "name_en"], "Name (zh or en), substring."),
        Filter::status("status", &["status"], "1 normal, 0 frozen."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("id", Order::Asc);
    const KEY_KIND: Kind = Kind::Int;
    const SELECT: &'static str =
        "*, (SELECT COUNT(*) FROM sys_user u WHERE u.tenant_id = sys_tenant.id AND u.del_flag = 0) AS user_count";
    /// A tenant is added with its roles, head office and administrator, changed with its users'
    /// sessions and deleted with its roles, departments and positions: written below.
    const OMIT: &'static [&'static str] = &["add", "edit", "delete", "deleteBatch", "importExcel"];

    type Record = TenantRecord;
    type Form = TenantForm;

    fn id(record: &TenantRecord) -> String {
        record.id.to_string()
    }

    fn label(record: &TenantRecord) -> String {
        record.name.clone()
    }

    /// Never asked: `edit` is written below.
    fn form_id(_: &TenantForm) -> Option<&str> {
        None
    }

    /// Tenants are the platform's business: only its administrators, only in its own tenant.
    fn authorize(me: &CurrentUser) -> Result<(), AppError> {
        super::platform_only(me)
    }

    /// Never asked: `add`, `edit` and `importExcel` are written below.
    async fn values(_: &AppState, _: &CurrentUser, _: &TenantForm, _: Option<&TenantRecord>) -> Result<Values, AppError> {
        Err(AppError::method_not_allowed())
    }
}

/// The permission and the platform's tenant.
async fn platform(state: &AppState, me: &CurrentUser, code: &str) -> Result<(), AppError> {
    grants::require(state, me, code).await?;
    Tenants::authorize(me)
}

async fn one(state: &AppState, me: &CurrentUser, id: i32) -> Result<TenantRecord, AppError> {
    find::<Tenants>(state, me, &id.to_string()).await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    pub id: Option<String>,
}

fn tenant_id(text: Option<&str>) -> Result<i32, AppError> {
    text.and_then(|t| t.trim().parse().ok()).ok_or_else(AppError::not_found)
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

/// A tenant's own columns, checked: what add and edit write.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = sys_tenant, treat_none_as_null = true)]
struct Checked {
    name: String,
    name_en: Option<String>,
    status: i16,
    begin_date: Option<NaiveDate>,
    end_date: Option<NaiveDate>,
}

fn checked(form: &TenantForm) -> Result<Checked, AppError> {
    let name = required("name", MessageKey::FieldTenantName, &form.name, 100)?;
    let name_en = optional("nameEn", MessageKey::FieldTenantName, &form.name_en, 100)?;
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
    Ok(Checked { name, name_en, status, begin_date: begin, end_date: end })
}

/// Adds a tenant with its roles, head office and optionally its first administrator.
#[utoipa::path(post, path = "/sys/tenant/add", tag = "system", request_body = TenantForm,
    responses((status = 200, body = crate::platform::http::Envelope<TenantRecord>), (status = 400), (status = 403), (status = 409)))]
pub async fn add(Caller(state, me): Caller, ApiJson(form): ApiJson<TenantForm>) -> ApiResult<TenantRecord> {
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
                .values((sys_tenant::id.eq(id), &c, sys_tenant::create_time.eq(now)))
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
    crate::tracking::couriers::seed(&state.db, id).await?;
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
    let after = one(&state, &me, id).await?;
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
pub async fn edit(Caller(state, me): Caller, ApiJson(form): ApiJson<TenantForm>) -> ApiResult<TenantRecord> {
    platform(&state, &me, "system:tenant:edit").await?;
    let before = one(&state, &me, form.id.ok_or_else(AppError::not_found)?).await?;
    let c = checked(&form)?;
    let today = chrono::Utc::now().date_naive();
    let inactive = c.status != STATUS_NORMAL || c.end_date.is_some_and(|e| e < today);
    if before.id == PLATFORM_TENANT_ID && inactive {
        return Err(AppError::refused(MessageKey::TenantPlatform));
    }
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::update(sys_tenant::table.filter(sys_tenant::id.eq(before.id)))
            .set((&c, sys_tenant::update_time.eq(now)))
            .execute(conn)
            .await?;
    });
    if inactive {
        end_sessions(&state.db, before.id).await?;
    }
    let after = one(&state, &me, before.id).await?;
    logs::edited(&state.db, &me, "system:tenant:edit", &after.name, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

/// Deletes a tenant without users (never the platform's).
#[utoipa::path(delete, path = "/sys/tenant/delete", tag = "system", params(IdQuery),
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn delete(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    platform(&state, &me, "system:tenant:delete").await?;
    let before = one(&state, &me, tenant_id(q.id.as_deref())?).await?;
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

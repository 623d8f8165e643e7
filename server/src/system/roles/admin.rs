//! Role administration (`/sys/role/*`): the tenant's roles. Codes are unique per tenant; the
//! seeded `admin` and `customer` roles cannot be deleted or recoded.

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, check_rule, validate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{ADMIN, CUSTOMER};
use crate::platform::db::Db;
use crate::platform::db::schema::{sys_role, sys_role_permission, sys_user_role};
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
pub struct RoleRecord {
    pub id: String,
    pub role_code: String,
    /// In the request's language.
    pub role_name: String,
    pub role_name_zh: String,
    pub role_name_en: Option<String>,
    pub description: Option<String>,
    pub create_time: String,
    pub built_in: bool,
}

type Row = (String, String, String, Option<String>, Option<String>, chrono::NaiveDateTime);

fn to_record(row: Row, lang: logistics_core::Lang) -> RoleRecord {
    let (id, role_code, zh, en, description, create_time) = row;
    RoleRecord {
        built_in: role_code == ADMIN || role_code == CUSTOMER,
        id,
        role_code,
        role_name: pick(lang, zh.clone(), en.clone()),
        role_name_zh: zh,
        role_name_en: en,
        description,
        create_time: create_time.format(crate::system::users::DATE_TIME_FORMAT).to_string(),
    }
}

macro_rules! columns {
    () => {
        (
            sys_role::id,
            sys_role::role_code,
            sys_role::role_name,
            sys_role::role_name_en,
            sys_role::description,
            sys_role::create_time,
        )
    };
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RoleFilter {
    pub role_name: Option<String>,
    pub role_code: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

/// The tenant's roles: search, paging, sorting.
#[utoipa::path(get, path = "/sys/role/list", tag = "system", params(RoleFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<RoleRecord>>), (status = 400), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<RoleFilter>,
) -> ApiResult<Page<RoleRecord>> {
    grants::require(&state, &me, "system:role:list").await?;
    let sort = f.page.sort(&["roleCode", "roleName", "createTime"], ("createTime", Order::Asc))?;
    let (name, code) = (filter(&f.role_name), filter(&f.role_code));
    macro_rules! filtered {
        () => {{
            let mut q = sys_role::table.filter(sys_role::tenant_id.eq(me.tenant_id)).into_boxed();
            if let Some(v) = &name {
                let p = like_pattern(v);
                q = q.filter(sys_role::role_name.like(p.clone()).escape('\\').or(sys_role::role_name_en.like(p).escape('\\')));
            }
            if let Some(v) = &code {
                q = q.filter(sys_role::role_code.like(like_pattern(v)).escape('\\'));
            }
            q
        }};
    }
    let (total, rows): (i64, Vec<Row>) = with_conn!(&state.db, |conn| {
        let total = filtered!().count().get_result(conn).await?;
        let q = filtered!().select(columns!()).limit(f.page.page_size()).offset(f.page.offset());
        let q = match sort {
            ("roleCode", Order::Asc) => q.order(sys_role::role_code.asc()),
            ("roleCode", Order::Desc) => q.order(sys_role::role_code.desc()),
            ("roleName", Order::Asc) => q.order(sys_role::role_name.asc()),
            ("roleName", Order::Desc) => q.order(sys_role::role_name.desc()),
            (_, Order::Asc) => q.order(sys_role::create_time.asc()),
            (_, Order::Desc) => q.order(sys_role::create_time.desc()),
        };
        (total, q.then_order_by(sys_role::id.asc()).load(conn).await?)
    });
    let lang = current_lang();
    ok(Page::new(rows.into_iter().map(|r| to_record(r, lang)).collect(), total, &f.page))
}

async fn all_of(db: &Db, tenant_id: i32) -> Result<Vec<RoleRecord>, AppError> {
    let rows: Vec<Row> = with_conn!(db, |conn| {
        sys_role::table
            .filter(sys_role::tenant_id.eq(tenant_id))
            .order(sys_role::role_code.asc())
            .select(columns!())
            .load(conn)
            .await?
    });
    let lang = current_lang();
    Ok(rows.into_iter().map(|r| to_record(r, lang)).collect())
}

/// Every role of the tenant (for the user form's role picker).
#[utoipa::path(get, path = "/sys/role/queryall", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<Vec<RoleRecord>>), (status = 403)))]
pub async fn query_all(State(state): State<AppState>, me: CurrentUser) -> ApiResult<Vec<RoleRecord>> {
    let granted = grants::of(&state, &me).await?;
    if !granted.has("system:role:list") && !granted.has("system:user:list") {
        return Err(AppError::forbidden());
    }
    ok(all_of(&state.db, me.tenant_id).await?)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RoleOption {
    pub key: String,
    pub value: String,
    pub title: String,
}

/// The tenant's roles as `{key, value, title}`.
#[utoipa::path(get, path = "/sys/role/queryTreeList", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<Vec<RoleOption>>), (status = 403)))]
pub async fn query_tree_list(State(state): State<AppState>, me: CurrentUser) -> ApiResult<Vec<RoleOption>> {
    let granted = grants::of(&state, &me).await?;
    if !granted.has("system:role:list") && !granted.has("system:user:list") {
        return Err(AppError::forbidden());
    }
    ok(all_of(&state.db, me.tenant_id)
        .await?
        .into_iter()
        .map(|r| RoleOption { key: r.id.clone(), value: r.id, title: r.role_name })
        .collect())
}

async fn one(db: &Db, tenant_id: i32, id: &str) -> Result<RoleRecord, AppError> {
    let row: Option<Row> = with_conn!(db, |conn| {
        sys_role::table
            .filter(sys_role::tenant_id.eq(tenant_id))
            .filter(sys_role::id.eq(id))
            .select(columns!())
            .first(conn)
            .await
            .optional()?
    });
    row.map(|r| to_record(r, current_lang())).ok_or_else(AppError::not_found)
}

/// One role.
#[utoipa::path(get, path = "/sys/role/queryById", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<RoleRecord>), (status = 403), (status = 404)))]
pub async fn query_by_id(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<RoleRecord> {
    grants::require(&state, &me, "system:role:list").await?;
    ok(one(&state.db, me.tenant_id, q.id.as_deref().unwrap_or("").trim()).await?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleForm {
    pub id: Option<String>,
    #[serde(default)]
    pub role_code: String,
    #[serde(default)]
    pub role_name: String,
    pub role_name_en: Option<String>,
    pub description: Option<String>,
}

fn checked(form: &RoleForm) -> Result<(String, String, Option<String>, Option<String>), AppError> {
    let lang = current_lang();
    let code = form.role_code.trim().to_owned();
    validate::required("roleCode", MessageKey::FieldRoleCode.template(lang), &code)?;
    check_rule::role_code(&code).map_err(|e| AppError::invalid(logistics_core::FieldError { field: "roleCode".into(), ..e }))?;
    let name = form.role_name.trim().to_owned();
    validate::required("roleName", MessageKey::FieldRoleName.template(lang), &name)?;
    validate::max_chars("roleName", MessageKey::FieldRoleName.template(lang), &name, 100)?;
    let name_en = filter(&form.role_name_en);
    validate::max_chars("roleNameEn", MessageKey::FieldRoleName.template(lang), name_en.as_deref().unwrap_or(""), 100)?;
    let description = filter(&form.description);
    validate::max_chars("description", MessageKey::FieldDescription.template(lang), description.as_deref().unwrap_or(""), 500)?;
    Ok((code, name, name_en, description))
}

/// Adds a role to the tenant (with no permissions yet).
#[utoipa::path(post, path = "/sys/role/add", tag = "system", request_body = RoleForm,
    responses((status = 200, body = crate::platform::http::Envelope<RoleRecord>), (status = 400), (status = 403), (status = 409)))]
pub async fn add(State(state): State<AppState>, me: CurrentUser, ApiJson(form): ApiJson<RoleForm>) -> ApiResult<RoleRecord> {
    grants::require(&state, &me, "system:role:add").await?;
    let (code, name, name_en, description) = checked(&form)?;
    let id = secrets::new_id();
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::insert_into(sys_role::table)
            .values((
                sys_role::id.eq(&id),
                sys_role::role_code.eq(&code),
                sys_role::role_name.eq(&name),
                sys_role::role_name_en.eq(&name_en),
                sys_role::description.eq(&description),
                sys_role::tenant_id.eq(me.tenant_id),
                sys_role::create_by.eq(&me.user.username),
                sys_role::create_time.eq(now),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "roleCode", MessageKey::RoleCodeTaken))?;
    });
    let after = one(&state.db, me.tenant_id, &id).await?;
    logs::added(&state.db, &me, "system:role:add", &after.role_code, &after).await;
    ok_with(MessageKey::Added, after)
}

/// Changes a role's names and description (and code, except for built-in roles).
#[utoipa::path(put, path = "/sys/role/edit", tag = "system", request_body = RoleForm,
    responses((status = 200, body = crate::platform::http::Envelope<RoleRecord>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn edit(State(state): State<AppState>, me: CurrentUser, ApiJson(form): ApiJson<RoleForm>) -> ApiResult<RoleRecord> {
    grants::require(&state, &me, "system:role:edit").await?;
    let before = one(&state.db, me.tenant_id, form.id.as_deref().unwrap_or("").trim()).await?;
    let (code, name, name_en, description) = checked(&form)?;
    if before.built_in && code != before.role_code {
        return Err(AppError::refused(MessageKey::RoleBuiltIn));
    }
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::update(sys_role::table.filter(sys_role::id.eq(&before.id)))
            .set((
                sys_role::role_code.eq(&code),
                sys_role::role_name.eq(&name),
                sys_role::role_name_en.eq(&name_en),
                sys_role::description.eq(&description),
                sys_role::update_time.eq(now),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "roleCode", MessageKey::RoleCodeTaken))?;
    });
    crate::system::permissions::grants_changed(&state.db).await?;
    let after = one(&state.db, me.tenant_id, &before.id).await?;
    logs::edited(&state.db, &me, "system:role:edit", &after.role_code, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

async fn remove(state: &AppState, me: &CurrentUser, ids: &[String]) -> Result<(), AppError> {
    let mut befores = Vec::new();
    for id in ids {
        let role = one(&state.db, me.tenant_id, id).await?;
        if role.built_in {
            return Err(AppError::refused(MessageKey::RoleBuiltIn));
        }
        befores.push(role);
    }
    // Taking a role away must not take rights the caller could not grant.
    let granted = grants::of(state, me).await?;
    if !granted.admin && crate::system::permissions::granted_ids(&state.db, ids).await?.iter().any(|p| !granted.holds(p)) {
        return Err(AppError::refused(MessageKey::NotGrantable));
    }
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            diesel::delete(sys_role_permission::table.filter(sys_role_permission::role_id.eq_any(ids))).execute(tx).await?;
            diesel::delete(sys_user_role::table.filter(sys_user_role::role_id.eq_any(ids))).execute(tx).await?;
            diesel::delete(sys_role::table.filter(sys_role::id.eq_any(ids))).execute(tx).await?;
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(AppError::from)?;
    });
    crate::system::permissions::grants_changed(&state.db).await?;
    for before in befores {
        logs::deleted(&state.db, me, "system:role:delete", &before.role_code, &before).await;
    }
    Ok(())
}

/// Deletes a role (its users lose it).
#[utoipa::path(delete, path = "/sys/role/delete", tag = "system", params(IdQuery),
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:role:delete").await?;
    remove(&state, &me, &require_ids(q.id.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::Deleted, ())
}

/// Deletes roles.
#[utoipa::path(delete, path = "/sys/role/deleteBatch", tag = "system", params(IdQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete_batch(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:role:delete").await?;
    remove(&state, &me, &require_ids(q.ids.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::DeletedBatch, ())
}

//! User administration (`/sys/user/*`): the tenant's users with search, paging and sorting;
//! add, edit, freeze, password reset and delete, each within the caller's scope (tenant and data
//! rules), each refused when it would leave the tenant without an active administrator, and each
//! written to the operation log with the before and after values.

use std::collections::HashMap;

use axum::extract::State;
use chrono::NaiveDate;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, check_rule, validate};
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::scope::{self, Scope};
use super::{Lookup, STATUS_FROZEN, STATUS_NORMAL, User, UserInfo, UserKind};
use crate::platform::db::schema::{sys_depart, sys_role, sys_user, sys_user_depart, sys_user_role};
use crate::platform::db::{Db, DbResult};
use crate::platform::http::page::{Order, filter, like_pattern, require_ids, split_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::{CurrentUser, session};
use crate::system::logs::{self, Operation};
use crate::system::permissions::data_rules;
use crate::system::permissions::granted::Grants;
use crate::system::permissions::grants;
use crate::{system::roles, system::users, with_conn, with_write};

pub const LIST: &str = "system:user:list";

/// The caller's scope on the users page (tenant + data rules), after checking `code`.
async fn scope_for(state: &AppState, me: &CurrentUser, code: &str) -> Result<(Scope, std::sync::Arc<Grants>), AppError> {
    let granted = grants::require(state, me, code).await?;
    let rules = data_rules::for_menu(&state.db, me, &granted, LIST).await?;
    Ok((Scope { tenant_id: me.tenant_id, main_account: None, rules }, granted))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UserFilter {
    pub username: Option<String>,
    pub realname: Option<String>,
    pub phone: Option<String>,
    /// 1 normal, 2 frozen.
    pub status: Option<String>,
    /// Users of this department and its sub-departments.
    pub depart_id: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

const SORTS: &[&str] = &["username", "realname", "createTime", "status", "workNo"];

/// A page of users in a scope (the users page and the sub-accounts page share it).
pub async fn page(db: &Db, scope: &Scope, f: &UserFilter, lang: logistics_core::Lang) -> Result<Page<UserInfo>, AppError> {
    let sort = f.page.sort(SORTS, ("createTime", Order::Desc))?;
    let status = match filter(&f.status).as_deref() {
        None => None,
        Some("1") => Some(STATUS_NORMAL),
        Some("2") => Some(STATUS_FROZEN),
        Some(_) => return Err(AppError::field("status", MessageKey::StatusInvalid)),
    };
    let depart_prefix = match filter(&f.depart_id) {
        None => None,
        Some(id) => Some(crate::system::departs::org_code_of(db, &id, scope.tenant_id).await?.ok_or_else(AppError::not_found)?),
    };
    let (username, realname, phone) = (filter(&f.username), filter(&f.realname), filter(&f.phone));
    macro_rules! filtered {
        () => {{
            let mut q = crate::scoped_users!(scope);
            if let Some(v) = &username {
                q = q.filter(sys_user::username.like(like_pattern(v)).escape('\\'));
            }
            if let Some(v) = &realname {
                q = q.filter(sys_user::realname.like(like_pattern(v)).escape('\\'));
            }
            if let Some(v) = &phone {
                q = q.filter(sys_user::phone.like(like_pattern(v)).escape('\\'));
            }
            if let Some(v) = status {
                q = q.filter(sys_user::status.eq(v));
            }
            if let Some(prefix) = &depart_prefix {
                q = q.filter(
                    sys_user::id.eq_any(
                        sys_user_depart::table
                            .inner_join(sys_depart::table)
                            .filter(sys_depart::tenant_id.eq(scope.tenant_id))
                            .filter(sys_depart::del_flag.eq(0))
                            .filter(sys_depart::org_code.like(format!("{prefix}%")))
                            .select(sys_user_depart::user_id),
                    ),
                );
            }
            q
        }};
    }
    let (total, rows): (i64, Vec<User>) = with_conn!(db, |conn| {
        let total: i64 = filtered!().count().get_result(conn).await?;
        let q = filtered!().select(User::as_select()).limit(f.page.page_size()).offset(f.page.offset());
        let q = match sort {
            ("username", Order::Asc) => q.order(sys_user::username.asc()),
            ("username", Order::Desc) => q.order(sys_user::username.desc()),
            ("realname", Order::Asc) => q.order(sys_user::realname.asc()),
            ("realname", Order::Desc) => q.order(sys_user::realname.desc()),
            ("status", Order::Asc) => q.order(sys_user::status.asc()),
            ("status", Order::Desc) => q.order(sys_user::status.desc()),
            ("workNo", Order::Asc) => q.order(sys_user::work_no.asc()),
            ("workNo", Order::Desc) => q.order(sys_user::work_no.desc()),
            (_, Order::Asc) => q.order(sys_user::create_time.asc()),
            (_, Order::Desc) => q.order(sys_user::create_time.desc()),
        };
        let rows = q.then_order_by(sys_user::id.asc()).load(conn).await?;
        (total, rows)
    });
    let records = with_depart_names(db, rows, lang).await?;
    Ok(Page::new(records, total, &f.page))
}

/// Users as records, each with the names of its departments (one query for the lot).
pub async fn with_depart_names(db: &Db, rows: Vec<User>, lang: logistics_core::Lang) -> DbResult<Vec<UserInfo>> {
    let ids: Vec<&str> = rows.iter().map(|u| u.id.as_str()).collect();
    let names: Vec<(String, String, Option<String>)> = with_conn!(db, |conn| {
        sys_user_depart::table
            .inner_join(sys_depart::table)
            .filter(sys_user_depart::user_id.eq_any(&ids))
            .filter(sys_depart::del_flag.eq(0))
            .order(sys_depart::org_code.asc())
            .select((sys_user_depart::user_id, sys_depart::depart_name, sys_depart::depart_name_en))
            .load(conn)
            .await?
    });
    let mut by_user: HashMap<String, Vec<String>> = HashMap::new();
    for (user_id, zh, en) in names {
        by_user.entry(user_id).or_default().push(crate::platform::http::lang::pick(lang, zh, en));
    }
    Ok(rows
        .into_iter()
        .map(|u| {
            let names = by_user.remove(&u.id).map(|n| n.join(","));
            u.info(names)
        })
        .collect())
}

/// The tenant's users: search, paging, sorting; only the rows the caller's data rules allow.
#[utoipa::path(get, path = "/sys/user/list", tag = "system", params(UserFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<UserInfo>>), (status = 400), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<UserFilter>,
) -> ApiResult<Page<UserInfo>> {
    let (scope, _) = scope_for(&state, &me, LIST).await?;
    ok(page(&state.db, &scope, &f, current_lang()).await?)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    #[serde(default)]
    pub id: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdsQuery {
    #[serde(default)]
    pub ids: String,
}

/// One user in the scope, or 404.
async fn one(db: &Db, scope: &Scope, id: &str, lang: logistics_core::Lang) -> Result<(User, UserInfo), AppError> {
    let user: Option<User> = with_conn!(db, |conn| {
        crate::scoped_users!(scope).filter(sys_user::id.eq(id)).select(User::as_select()).first(conn).await.optional()?
    });
    let user = user.ok_or_else(AppError::not_found)?;
    let info = with_depart_names(db, vec![user.clone()], lang).await?.pop().ok_or_else(AppError::not_found)?;
    Ok((user, info))
}

/// One user.
#[utoipa::path(get, path = "/sys/user/queryById", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<UserInfo>), (status = 403), (status = 404)))]
pub async fn query_by_id(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<UserInfo> {
    let (scope, _) = scope_for(&state, &me, LIST).await?;
    ok(one(&state.db, &scope, q.id.trim(), current_lang()).await?.1)
}

/// The fields of the add and edit forms (JeecgBoot's names).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserForm {
    pub id: Option<String>,
    pub username: Option<String>,
    #[serde(default)]
    pub realname: String,
    pub password: Option<String>,
    pub confirmpassword: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub avatar: Option<String>,
    /// 1 man, 2 woman.
    pub sex: Option<i16>,
    /// `YYYY-MM-DD`
    pub birthday: Option<String>,
    pub telephone: Option<String>,
    pub work_no: Option<String>,
    /// Position codes, comma-joined.
    pub post: Option<String>,
    /// `staff` (default) or `admin`.
    pub user_kind: Option<String>,
    /// Role ids, comma-joined (replaces the user's roles when present).
    pub selectedroles: Option<String>,
    /// Department ids, comma-joined (replaces the user's departments when present).
    pub selecteddeparts: Option<String>,
}

/// The checked, normalized profile fields of a form.
pub struct Profile {
    pub realname: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub avatar: Option<String>,
    pub sex: Option<i16>,
    pub birthday: Option<NaiveDate>,
    pub telephone: Option<String>,
    pub work_no: Option<String>,
    pub post: Option<String>,
}

fn label(key: MessageKey) -> &'static str {
    key.template(current_lang())
}

fn opt(text: &Option<String>) -> Option<String> {
    filter(text)
}

/// Checks a form's profile fields, and that phone and e-mail are free (or the user's own).
pub async fn profile(db: &Db, form: &UserForm, own_id: Option<&str>) -> Result<Profile, AppError> {
    let realname = form.realname.trim().to_owned();
    validate::required("realname", label(MessageKey::FieldRealname), &realname)?;
    validate::max_chars("realname", label(MessageKey::FieldRealname), &realname, 50)?;
    let phone = match opt(&form.phone) {
        Some(p) => {
            validate::phone("phone", &p)?;
            let p = validate::normalize_phone(&p).unwrap_or(p);
            if users::find(db, Lookup::Phone(&p)).await?.is_some_and(|u| Some(u.id.as_str()) != own_id) {
                return Err(AppError::taken("phone", MessageKey::PhoneRegistered));
            }
            Some(p)
        }
        None => None,
    };
    let email = match opt(&form.email) {
        Some(e) => {
            validate::email("email", &e)?;
            let e = e.to_lowercase();
            if users::find(db, Lookup::Email(&e)).await?.is_some_and(|u| Some(u.id.as_str()) != own_id) {
                return Err(AppError::taken("email", MessageKey::EmailTaken));
            }
            Some(e)
        }
        None => None,
    };
    if form.sex.is_some_and(|s| s != 1 && s != 2) {
        return Err(AppError::field("sex", MessageKey::SexInvalid));
    }
    let birthday = match opt(&form.birthday) {
        Some(b) => Some(
            NaiveDate::parse_from_str(&b, "%Y-%m-%d")
                .ok()
                .filter(|d| *d <= chrono::Utc::now().date_naive())
                .ok_or_else(|| AppError::field("birthday", MessageKey::BirthdayInvalid))?,
        ),
        None => None,
    };
    let work_no = opt(&form.work_no);
    if let Some(w) = &work_no {
        check_rule::work_no(w).map_err(|e| AppError::invalid(logistics_core::FieldError { field: "workNo".into(), ..e }))?;
    }
    let telephone = opt(&form.telephone);
    if let Some(t) = &telephone {
        validate::max_chars("telephone", "telephone", t, 32)?;
    }
    let post = opt(&form.post).map(|p| split_ids(&p).join(","));
    if let Some(p) = &post {
        validate::max_chars("post", "post", p, 255)?;
    }
    let avatar = opt(&form.avatar);
    if let Some(a) = &avatar {
        validate::max_chars("avatar", "avatar", a, 500)?;
    }
    Ok(Profile { realname, phone, email, avatar, sex: form.sex, birthday, telephone, work_no, post })
}

/// Role ids of the tenant among `ids` (all must be), each grantable by the caller: a role whose
/// permissions the caller does not all hold, or `admin` for a non-admin, is refused.
async fn check_roles(state: &AppState, granted: &Grants, tenant_id: i32, ids: &[String]) -> Result<(), AppError> {
    if ids.is_empty() {
        return Ok(());
    }
    let found: Vec<(String, String)> = with_conn!(&state.db, |conn| {
        sys_role::table
            .filter(sys_role::tenant_id.eq(tenant_id))
            .filter(sys_role::id.eq_any(ids))
            .select((sys_role::id, sys_role::role_code))
            .load(conn)
            .await?
    });
    if found.len() != ids.len() {
        return Err(AppError::not_found());
    }
    if granted.admin {
        return Ok(());
    }
    if found.iter().any(|(_, code)| code == roles::ADMIN) {
        return Err(AppError::refused(MessageKey::NotGrantable));
    }
    let role_perms = crate::system::permissions::granted_ids(&state.db, ids).await?;
    if role_perms.iter().any(|p| !granted.holds(p)) {
        return Err(AppError::refused(MessageKey::NotGrantable));
    }
    Ok(())
}

async fn check_departs(db: &Db, tenant_id: i32, ids: &[String]) -> Result<Vec<(String, String)>, AppError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let found: Vec<(String, String)> = with_conn!(db, |conn| {
        sys_depart::table
            .filter(sys_depart::tenant_id.eq(tenant_id))
            .filter(sys_depart::del_flag.eq(0))
            .filter(sys_depart::id.eq_any(ids))
            .select((sys_depart::id, sys_depart::org_code))
            .load(conn)
            .await?
    });
    if found.len() != ids.len() {
        return Err(AppError::not_found());
    }
    Ok(found)
}

/// The role ids of a user.
pub async fn role_ids(db: &Db, user_id: &str) -> DbResult<Vec<String>> {
    let ids = with_conn!(db, |conn| {
        sys_user_role::table.filter(sys_user_role::user_id.eq(user_id)).select(sys_user_role::role_id).load(conn).await?
    });
    Ok(ids)
}

/// Active administrators of the tenant among `ids` (`among`) or outside them.
async fn active_admins(db: &Db, tenant_id: i32, ids: &[String], among: bool) -> DbResult<usize> {
    let found: Vec<String> = with_conn!(db, |conn| {
        let q = sys_user::table
            .inner_join(sys_user_role::table.inner_join(sys_role::table))
            .filter(sys_user::tenant_id.eq(tenant_id))
            .filter(sys_user::del_flag.eq(0))
            .filter(sys_user::status.eq(STATUS_NORMAL))
            .filter(sys_role::role_code.eq(roles::ADMIN))
            .filter(sys_role::tenant_id.eq(tenant_id))
            .select(sys_user::id)
            .distinct()
            .into_boxed();
        let q = if among { q.filter(sys_user::id.eq_any(ids)) } else { q.filter(sys_user::id.ne_all(ids)) };
        q.load(conn).await?
    });
    Ok(found.len())
}

/// Refuses when taking `ids` out (freeze, delete, demote) would leave no active administrator.
pub async fn keep_an_admin(db: &Db, tenant_id: i32, ids: &[String]) -> Result<(), AppError> {
    if active_admins(db, tenant_id, ids, true).await? > 0 && active_admins(db, tenant_id, ids, false).await? == 0 {
        return Err(AppError::refused(MessageKey::LastAdmin));
    }
    Ok(())
}

fn audit(info: &UserInfo) -> serde_json::Value {
    json!(info)
}

/// Adds a user to the caller's tenant with roles and departments.
#[utoipa::path(post, path = "/sys/user/add", tag = "system", request_body = UserForm,
    responses((status = 200, body = crate::platform::http::Envelope<UserInfo>), (status = 400), (status = 403), (status = 409)))]
pub async fn add(State(state): State<AppState>, me: CurrentUser, ApiJson(form): ApiJson<UserForm>) -> ApiResult<UserInfo> {
    let (scope, granted) = scope_for(&state, &me, "system:user:add").await?;
    let username = form.username.as_deref().unwrap_or("").trim().to_owned();
    validate::username("username", &username)?;
    let password = form.password.clone().unwrap_or_default();
    validate::password("password", &password)?;
    if form.confirmpassword.as_deref().is_some_and(|c| c != password) {
        return Err(AppError::field("confirmpassword", MessageKey::PasswordMismatch));
    }
    let kind = match form.user_kind.as_deref().map(str::trim) {
        None | Some("") | Some("staff") => UserKind::Staff,
        Some("admin") => UserKind::Admin,
        Some(_) => return Err(AppError::field("userKind", MessageKey::UserKindInvalid)),
    };
    if users::find(&state.db, Lookup::Username(&username)).await?.is_some() {
        return Err(AppError::taken("username", MessageKey::UsernameTaken));
    }
    let p = profile(&state.db, &form, None).await?;
    let role_ids = split_ids(form.selectedroles.as_deref().unwrap_or(""));
    check_roles(&state, &granted, me.tenant_id, &role_ids).await?;
    let departs = check_departs(&state.db, me.tenant_id, &split_ids(form.selecteddeparts.as_deref().unwrap_or(""))).await?;
    let hash = super::password::hash(&password).await?;
    let id = crate::platform::secrets::new_id();
    let now = chrono::Utc::now().naive_utc();
    let org_code = departs.as_slice().first().map(|(_, code)| code.clone());
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            diesel::insert_into(sys_user::table)
                .values((
                    sys_user::id.eq(&id),
                    sys_user::username.eq(&username),
                    sys_user::realname.eq(&p.realname),
                    sys_user::password.eq(&hash),
                    sys_user::avatar.eq(&p.avatar),
                    sys_user::sex.eq(p.sex),
                    sys_user::birthday.eq(p.birthday),
                    sys_user::email.eq(&p.email),
                    sys_user::phone.eq(&p.phone),
                    sys_user::telephone.eq(&p.telephone),
                    sys_user::work_no.eq(&p.work_no),
                    sys_user::org_code.eq(&org_code),
                    sys_user::post.eq(&p.post),
                    sys_user::status.eq(STATUS_NORMAL),
                    sys_user::del_flag.eq(0),
                    sys_user::user_kind.eq(kind.as_str()),
                    sys_user::tenant_id.eq(me.tenant_id),
                    sys_user::create_by.eq(&me.user.username),
                    sys_user::create_time.eq(now),
                ))
                .execute(tx)
                .await?;
            for role in &role_ids {
                diesel::insert_into(sys_user_role::table)
                    .values((sys_user_role::user_id.eq(&id), sys_user_role::role_id.eq(role)))
                    .execute(tx)
                    .await?;
            }
            for (depart, _) in &departs {
                diesel::insert_into(sys_user_depart::table)
                    .values((sys_user_depart::user_id.eq(&id), sys_user_depart::dep_id.eq(depart)))
                    .execute(tx)
                    .await?;
            }
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(|e| AppError::or_taken(e, "username", MessageKey::UsernameTaken))?;
    });
    // The new user may be outside the caller's data rules; read it back by tenant only.
    let everyone = Scope { rules: Vec::new(), ..scope };
    let (_, info) = one(&state.db, &everyone, &id, current_lang()).await?;
    let op = Operation {
        action: "system:user:add",
        target: &username,
        operate_type: logs::OP_ADD,
        before: None,
        after: Some(audit(&info)),
    };
    logs::operation(&state.db, &me, op).await;
    ok_with(MessageKey::Added, info)
}

/// Changes a user's profile, roles and departments (never the username or password).
#[utoipa::path(put, path = "/sys/user/edit", tag = "system", request_body = UserForm,
    responses((status = 200, body = crate::platform::http::Envelope<UserInfo>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn edit(State(state): State<AppState>, me: CurrentUser, ApiJson(form): ApiJson<UserForm>) -> ApiResult<UserInfo> {
    let (scope, granted) = scope_for(&state, &me, "system:user:edit").await?;
    let lang = current_lang();
    let id = form.id.as_deref().unwrap_or("").trim().to_owned();
    let (user, before) = one(&state.db, &scope, &id, lang).await?;
    let p = profile(&state.db, &form, Some(&user.id)).await?;
    // Staff and administrators may change kind (administrators only); customers stay customers.
    let kind = match form.user_kind.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        None => user.user_kind.clone(),
        Some(k) if k == user.user_kind => user.user_kind.clone(),
        Some(k @ ("staff" | "admin")) if user.user_kind == "staff" || user.user_kind == "admin" => {
            if !granted.admin {
                return Err(AppError::refused(MessageKey::NotGrantable));
            }
            k.to_owned()
        }
        Some(_) => return Err(AppError::field("userKind", MessageKey::UserKindInvalid)),
    };
    let new_roles = form.selectedroles.as_deref().map(split_ids);
    if let Some(wanted) = &new_roles {
        let current = role_ids(&state.db, &user.id).await?;
        let changed: Vec<String> = current
            .iter()
            .filter(|r| !wanted.contains(r))
            .chain(wanted.iter().filter(|r| !current.contains(r)))
            .cloned()
            .collect();
        check_roles(&state, &granted, me.tenant_id, &changed).await?;
        let admin_role = roles::seeded_id(roles::ADMIN, me.tenant_id);
        if current.contains(&admin_role) && !wanted.contains(&admin_role) {
            keep_an_admin(&state.db, me.tenant_id, std::slice::from_ref(&user.id)).await?;
        }
    }
    let new_departs = match form.selecteddeparts.as_deref() {
        Some(text) => Some(check_departs(&state.db, me.tenant_id, &split_ids(text)).await?),
        None => None,
    };
    let org_code = match &new_departs {
        Some(departs) if departs.iter().any(|(_, c)| Some(c) == user.org_code.as_ref()) => user.org_code.clone(),
        Some(departs) => departs.as_slice().first().map(|(_, c)| c.clone()),
        None => user.org_code.clone(),
    };
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            diesel::update(sys_user::table.filter(sys_user::id.eq(&user.id)))
                .set((
                    sys_user::realname.eq(&p.realname),
                    sys_user::avatar.eq(&p.avatar),
                    sys_user::sex.eq(p.sex),
                    sys_user::birthday.eq(p.birthday),
                    sys_user::email.eq(&p.email),
                    sys_user::phone.eq(&p.phone),
                    sys_user::telephone.eq(&p.telephone),
                    sys_user::work_no.eq(&p.work_no),
                    sys_user::post.eq(&p.post),
                    sys_user::org_code.eq(&org_code),
                    sys_user::user_kind.eq(&kind),
                    sys_user::update_by.eq(&me.user.username),
                    sys_user::update_time.eq(now),
                ))
                .execute(tx)
                .await?;
            if let Some(wanted) = &new_roles {
                diesel::delete(sys_user_role::table.filter(sys_user_role::user_id.eq(&user.id))).execute(tx).await?;
                for role in wanted {
                    diesel::insert_into(sys_user_role::table)
                        .values((sys_user_role::user_id.eq(&user.id), sys_user_role::role_id.eq(role)))
                        .execute(tx)
                        .await?;
                }
            }
            if let Some(departs) = &new_departs {
                diesel::delete(sys_user_depart::table.filter(sys_user_depart::user_id.eq(&user.id))).execute(tx).await?;
                for (depart, _) in departs {
                    diesel::insert_into(sys_user_depart::table)
                        .values((sys_user_depart::user_id.eq(&user.id), sys_user_depart::dep_id.eq(depart)))
                        .execute(tx)
                        .await?;
                }
            }
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(AppError::from)?;
    });
    if new_roles.is_some() {
        crate::system::permissions::grants_changed(&state.db).await?;
    }
    let everyone = Scope { rules: Vec::new(), ..scope };
    let (_, after) = one(&state.db, &everyone, &user.id, lang).await?;
    let op = Operation {
        action: "system:user:edit",
        target: &user.username,
        operate_type: logs::OP_EDIT,
        before: Some(audit(&before)),
        after: Some(json!({"user": after, "roles": new_roles})),
    };
    logs::operation(&state.db, &me, op).await;
    ok_with(MessageKey::Edited, after)
}

/// Soft-deletes users (and a main account's sub-accounts): their sessions end, their roles and
/// departments go; the usernames stay taken.
pub async fn remove(state: &AppState, me: &CurrentUser, scope: &Scope, ids: &[String], action: &str) -> Result<(), AppError> {
    if ids.contains(&me.user.id) {
        return Err(AppError::refused(MessageKey::NotYourself));
    }
    scope::require_all(&state.db, scope, ids).await?;
    keep_an_admin(&state.db, me.tenant_id, ids).await?;
    let lang = current_lang();
    let mut befores = Vec::new();
    for id in ids {
        befores.push(one(&state.db, scope, id, lang).await?.1);
    }
    let now = chrono::Utc::now().naive_utc();
    let subs: Vec<String> = with_conn!(&state.db, |conn| {
        sys_user::table
            .filter(sys_user::main_account_id.eq_any(ids))
            .filter(sys_user::tenant_id.eq(me.tenant_id))
            .filter(sys_user::del_flag.eq(0))
            .select(sys_user::id)
            .load(conn)
            .await?
    });
    let all: Vec<String> = ids.iter().cloned().chain(subs).collect();
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            diesel::update(sys_user::table.filter(sys_user::id.eq_any(&all)))
                .set((sys_user::del_flag.eq(1), sys_user::status.eq(STATUS_FROZEN), sys_user::update_time.eq(now)))
                .execute(tx)
                .await?;
            diesel::delete(sys_user_role::table.filter(sys_user_role::user_id.eq_any(&all))).execute(tx).await?;
            diesel::delete(sys_user_depart::table.filter(sys_user_depart::user_id.eq_any(&all))).execute(tx).await?;
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(AppError::from)?;
    });
    for id in &all {
        session::revoke_all(&state.db, id, None).await?;
    }
    crate::system::permissions::grants_changed(&state.db).await?;
    for before in befores {
        let op = Operation {
            action,
            target: &before.username,
            operate_type: logs::OP_DELETE,
            before: Some(audit(&before)),
            after: None,
        };
        logs::operation(&state.db, me, op).await;
    }
    Ok(())
}

/// Deletes a user.
#[utoipa::path(delete, path = "/sys/user/delete", tag = "system", params(IdQuery),
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    let (scope, _) = scope_for(&state, &me, "system:user:delete").await?;
    let ids = require_ids(&q.id)?;
    remove(&state, &me, &scope, &ids, "system:user:delete").await?;
    ok_with(MessageKey::Deleted, ())
}

/// Deletes users.
#[utoipa::path(delete, path = "/sys/user/deleteBatch", tag = "system", params(IdsQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete_batch(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdsQuery>) -> ApiResult<()> {
    let (scope, _) = scope_for(&state, &me, "system:user:delete").await?;
    let ids = require_ids(&q.ids)?;
    remove(&state, &me, &scope, &ids, "system:user:delete").await?;
    ok_with(MessageKey::DeletedBatch, ())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct FreezeBody {
    /// Comma-joined user ids.
    #[serde(default)]
    pub ids: String,
    /// 2 freezes, 1 unfreezes (a number or a string).
    #[schema(value_type = String)]
    pub status: serde_json::Value,
}

/// Freezes (ending their sessions) or unfreezes users in a scope.
pub async fn freeze(state: &AppState, me: &CurrentUser, scope: &Scope, body: &FreezeBody, action: &str) -> ApiResult<()> {
    let ids = require_ids(&body.ids)?;
    let status = match &body.status {
        serde_json::Value::Number(n) => n.as_i64(),
        serde_json::Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    let status = match status {
        Some(2) => STATUS_FROZEN,
        Some(1) => STATUS_NORMAL,
        _ => return Err(AppError::field("status", MessageKey::StatusInvalid)),
    };
    if status == STATUS_FROZEN && ids.contains(&me.user.id) {
        return Err(AppError::refused(MessageKey::NotYourself));
    }
    scope::require_all(&state.db, scope, &ids).await?;
    if status == STATUS_FROZEN {
        keep_an_admin(&state.db, me.tenant_id, &ids).await?;
    }
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::update(sys_user::table.filter(sys_user::id.eq_any(&ids)))
            .set((sys_user::status.eq(status), sys_user::update_by.eq(&me.user.username), sys_user::update_time.eq(now)))
            .execute(conn)
            .await?;
    });
    if status == STATUS_FROZEN {
        for id in &ids {
            session::revoke_all(&state.db, id, None).await?;
        }
    }
    for id in &ids {
        let op = Operation {
            action,
            target: id,
            operate_type: logs::OP_OTHER,
            before: None,
            after: Some(json!({"id": id, "status": status})),
        };
        logs::operation(&state.db, me, op).await;
    }
    ok_with(if status == STATUS_FROZEN { MessageKey::Frozen } else { MessageKey::Unfrozen }, ())
}

/// Freezes or unfreezes users; freezing ends their sessions at once.
#[utoipa::path(put, path = "/sys/user/frozenBatch", tag = "system", request_body = FreezeBody,
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn frozen_batch(State(state): State<AppState>, me: CurrentUser, ApiJson(body): ApiJson<FreezeBody>) -> ApiResult<()> {
    let (scope, _) = scope_for(&state, &me, "system:user:freeze").await?;
    freeze(&state, &me, &scope, &body, "system:user:freeze").await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetPassword {
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub password: String,
    pub confirmpassword: Option<String>,
}

/// Sets a user's password (an administrator's reset); the user's sessions end.
pub async fn reset(state: &AppState, me: &CurrentUser, scope: &Scope, body: &ResetPassword, action: &str) -> ApiResult<()> {
    validate::password("password", &body.password)?;
    if body.confirmpassword.as_deref().is_some_and(|c| c != body.password) {
        return Err(AppError::field("confirmpassword", MessageKey::PasswordMismatch));
    }
    let user = users::find(&state.db, Lookup::Username(body.username.trim())).await?.ok_or_else(AppError::not_found)?;
    scope::require_all(&state.db, scope, std::slice::from_ref(&user.id)).await?;
    let hash = super::password::hash(&body.password).await?;
    users::set_password(&state.db, &user.id, &hash).await?;
    session::revoke_all(&state.db, &user.id, None).await?;
    let op = Operation { action, target: &user.username, operate_type: logs::OP_OTHER, before: None, after: None };
    logs::operation(&state.db, me, op).await;
    ok_with(MessageKey::PasswordReset, ())
}

/// An administrator sets a user's password.
#[utoipa::path(put, path = "/sys/user/changePassword", tag = "system", request_body = ResetPassword,
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn change_password(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<ResetPassword>,
) -> ApiResult<()> {
    let (scope, _) = scope_for(&state, &me, "system:user:resetPassword").await?;
    reset(&state, &me, &scope, &body, "system:user:resetPassword").await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserIdQuery {
    #[serde(default, alias = "userId")]
    pub userid: String,
}

/// A user's role ids.
#[utoipa::path(get, path = "/sys/user/queryUserRole", tag = "system", params(UserIdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<String>>), (status = 403), (status = 404)))]
pub async fn query_user_role(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<UserIdQuery>,
) -> ApiResult<Vec<String>> {
    let (scope, _) = scope_for(&state, &me, LIST).await?;
    scope::require_all(&state.db, &scope, std::slice::from_ref(&q.userid)).await?;
    ok(role_ids(&state.db, &q.userid).await?)
}

#[derive(Debug, serde::Serialize, ToSchema)]
pub struct TreeOption {
    pub key: String,
    pub value: String,
    pub title: String,
}

/// A user's departments as `{key, value, title}`.
#[utoipa::path(get, path = "/sys/user/userDepartList", tag = "system", params(UserIdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<TreeOption>>), (status = 403), (status = 404)))]
pub async fn user_depart_list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<UserIdQuery>,
) -> ApiResult<Vec<TreeOption>> {
    let (scope, _) = scope_for(&state, &me, LIST).await?;
    scope::require_all(&state.db, &scope, std::slice::from_ref(&q.userid)).await?;
    let departs = crate::system::departs::of_user(&state.db, &q.userid, current_lang()).await?;
    ok(departs.into_iter().map(|d| TreeOption { key: d.id.clone(), value: d.id, title: d.depart_name }).collect())
}

/// The users of a department (within the caller's scope).
#[utoipa::path(get, path = "/sys/user/queryUserByDepId", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<UserInfo>>), (status = 403), (status = 404)))]
pub async fn query_user_by_dep_id(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<Vec<UserInfo>> {
    let (scope, _) = scope_for(&state, &me, LIST).await?;
    let depart_id = q.id.trim().to_owned();
    if crate::system::departs::org_code_of(&state.db, &depart_id, me.tenant_id).await?.is_none() {
        return Err(AppError::not_found());
    }
    let rows: Vec<User> =
        with_conn!(&state.db, |conn| {
            crate::scoped_users!(&scope)
                .filter(sys_user::id.eq_any(
                    sys_user_depart::table.filter(sys_user_depart::dep_id.eq(&depart_id)).select(sys_user_depart::user_id),
                ))
                .order(sys_user::username.asc())
                .limit(crate::platform::http::page::MAX_PAGE_SIZE)
                .select(User::as_select())
                .load(conn)
                .await?
        });
    ok(with_depart_names(&state.db, rows, current_lang()).await?)
}

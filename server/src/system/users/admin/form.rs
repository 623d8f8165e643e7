//! Adding and changing users: the checked profile (shared with sub-accounts), the roles the
//! caller may grant and the departments of the tenant.

use axum::extract::State;
use chrono::NaiveDate;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, check_rule, validate};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use super::queries::{keep_an_admin, one, role_ids};
use super::{audit, scope_for};
use crate::platform::db::Db;
use crate::platform::db::schema::{sys_depart, sys_role, sys_user, sys_user_depart, sys_user_role};
use crate::platform::http::page::{filter, split_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiResult, AppError, current_lang};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs::{self, Operation};
use crate::system::permissions::granted::Grants;
use crate::system::users::scope::Scope;
use crate::system::users::{Lookup, STATUS_NORMAL, UserInfo, UserKind};
use crate::{system::roles, system::users, with_conn, with_write};

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

/// The checked, normalized profile fields of a form, as the columns added and changed (a cleared
/// field is stored as NULL).
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = sys_user, treat_none_as_null = true)]
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

/// A new login's username and password, checked (users and sub-accounts alike).
pub fn credentials(form: &UserForm) -> Result<(String, String), AppError> {
    let username = form.username.as_deref().unwrap_or("").trim().to_owned();
    validate::username("username", &username)?;
    let password = form.password.clone().unwrap_or_default();
    validate::password("password", &password)?;
    if form.confirmpassword.as_deref().is_some_and(|c| c != password) {
        return Err(AppError::field("confirmpassword", MessageKey::PasswordMismatch));
    }
    Ok((username, password))
}

/// Nobody has the username yet (409).
pub async fn username_free(db: &Db, username: &str) -> Result<(), AppError> {
    if users::find(db, Lookup::Username(username)).await?.is_some() {
        return Err(AppError::taken("username", MessageKey::UsernameTaken));
    }
    Ok(())
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

/// Adds a user to the caller's tenant with roles and departments.
#[utoipa::path(post, path = "/sys/user/add", tag = "system", request_body = UserForm,
    responses((status = 200, body = crate::platform::http::Envelope<UserInfo>), (status = 400), (status = 403), (status = 409)))]
pub async fn add(State(state): State<AppState>, me: CurrentUser, ApiJson(form): ApiJson<UserForm>) -> ApiResult<UserInfo> {
    let (scope, granted) = scope_for(&state, &me, "system:user:add").await?;
    let (username, password) = credentials(&form)?;
    let kind = match form.user_kind.as_deref().map(str::trim) {
        None | Some("") | Some("staff") => UserKind::Staff,
        Some("admin") => UserKind::Admin,
        Some(_) => return Err(AppError::field("userKind", MessageKey::UserKindInvalid)),
    };
    username_free(&state.db, &username).await?;
    let p = profile(&state.db, &form, None).await?;
    let role_ids = split_ids(form.selectedroles.as_deref().unwrap_or(""));
    check_roles(&state, &granted, me.tenant_id, &role_ids).await?;
    let departs = check_departs(&state.db, me.tenant_id, &split_ids(form.selecteddeparts.as_deref().unwrap_or(""))).await?;
    let hash = users::password::hash(&password).await?;
    let id = crate::platform::secrets::new_id();
    let now = chrono::Utc::now().naive_utc();
    let org_code = departs.as_slice().first().map(|(_, code)| code.clone());
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            diesel::insert_into(sys_user::table)
                .values((
                    sys_user::id.eq(&id),
                    sys_user::username.eq(&username),
                    &p,
                    sys_user::password.eq(&hash),
                    sys_user::org_code.eq(&org_code),
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
                    &p,
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

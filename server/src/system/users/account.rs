//! The signed-in user's own account: profile, personal centre, password change.

use axum::extract::State;
use chrono::NaiveDate;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Lookup, ProfileChange, UserInfo, password};
use crate::platform::db::schema::customer_company;
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiResult, AppError, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::{CurrentUser, session};
use crate::system::departs::{self, DepartInfo};
use crate::system::roles::{self, RoleInfo};
use crate::{system::logs, system::tenants, system::users, with_conn};

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ChangePassword {
    pub username: String,
    pub oldpassword: String,
    pub password: String,
    pub confirmpassword: String,
}

/// Changes the signed-in user's password (spec section 5's messages) and ends their other sessions.
#[utoipa::path(put, path = "/sys/user/updatePassword", tag = "users", request_body = ChangePassword,
    responses((status = 200, description = "Changed"), (status = 400), (status = 401), (status = 403)))]
pub async fn update_password(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<ChangePassword>,
) -> ApiResult<()> {
    if !body.username.is_empty() && body.username != me.user.username {
        return Err(AppError::field("username", MessageKey::NoLoginUser));
    }
    validate::password_change(&body.oldpassword, &body.password, &body.confirmpassword)?;
    if !password::verify(&body.oldpassword, &me.user.password).await {
        return Err(AppError::field("oldpassword", MessageKey::OldPasswordWrong));
    }
    let hash = password::hash(&body.password).await?;
    users::set_password(&state.db, &me.user.id, &hash).await?;
    let ended = session::revoke_all(&state.db, &me.user.id, Some(&me.session_id)).await?;
    tracing::info!(username = %me.user.username, other_sessions_ended = ended, "password changed");
    ok_with(MessageKey::PasswordChanged, ())
}

#[derive(Debug, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = customer_company)]
#[serde(rename_all = "camelCase")]
pub struct Company {
    pub company_name: String,
    pub contact_person: String,
    pub country: String,
    pub address: String,
    pub tax_number: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LastLogin {
    /// UTC, ISO-8601 (`YYYY-MM-DDTHH:MM:SSZ`).
    pub time: String,
    pub ip: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountOverview {
    pub user_info: UserInfo,
    pub departs: Vec<DepartInfo>,
    pub roles: Vec<RoleInfo>,
    pub tenant: Option<tenants::TenantName>,
    pub company: Option<Company>,
    /// The sign-in before the current one.
    pub last_login: Option<LastLogin>,
}

/// Everything the personal centre shows about the signed-in user.
#[utoipa::path(get, path = "/sys/user/getUserInfo", tag = "users",
    responses((status = 200, body = crate::platform::http::Envelope<AccountOverview>), (status = 401)))]
pub async fn overview(State(state): State<AppState>, me: CurrentUser) -> ApiResult<AccountOverview> {
    let db = &state.db;
    let departs = departs::of_user(db, &me.user.id, current_lang()).await?;
    let roles = roles::of_user(db, &me.user.id, me.user.tenant_id, current_lang()).await?;
    let tenant = tenants::find(db, me.user.tenant_id, current_lang()).await?.map(|(id, name)| tenants::TenantName { id, name });
    let company = with_conn!(db, |conn| {
        customer_company::table
            .filter(customer_company::user_id.eq(&me.user.id))
            .select(Company::as_select())
            .first(conn)
            .await
            .optional()?
    });
    let last_login = logs::previous_login(db, &me.user.id)
        .await?
        .map(|(time, ip)| LastLogin { time: crate::platform::http::time::iso(time), ip });
    let org_code_txt = departs::current_name(&departs, me.user.org_code.as_deref());
    ok(AccountOverview { user_info: me.user.info(org_code_txt), departs, roles, tenant, company, last_login })
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ProfileEdit {
    pub realname: String,
    /// A URL from `/sys/common/upload`, or empty for none.
    pub avatar: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    /// 1 man, 2 woman.
    pub sex: Option<i16>,
    /// `YYYY-MM-DD`
    pub birthday: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileSaved {
    pub user_info: UserInfo,
}

fn blank_to_none(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

/// Saves the signed-in user's own profile.
#[utoipa::path(put, path = "/sys/user/appEdit", tag = "users", request_body = ProfileEdit,
    responses((status = 200, body = crate::platform::http::Envelope<ProfileSaved>), (status = 400), (status = 409)))]
pub async fn edit_profile(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<ProfileEdit>,
) -> ApiResult<ProfileSaved> {
    let label = |key: MessageKey| key.template(current_lang());
    validate::required("realname", label(MessageKey::FieldRealname), &body.realname)?;
    validate::max_chars("realname", label(MessageKey::FieldRealname), body.realname.trim(), 100)?;
    let phone = match blank_to_none(body.phone.as_deref()) {
        Some(phone) => {
            validate::phone("phone", phone)?;
            validate::normalize_phone(phone)
        }
        None => None,
    };
    let email = match blank_to_none(body.email.as_deref()) {
        Some(email) => {
            validate::email("email", email)?;
            Some(email.to_lowercase())
        }
        None => None,
    };
    if body.sex.is_some_and(|s| s != 1 && s != 2) {
        return Err(AppError::field("sex", MessageKey::SexInvalid));
    }
    let today = chrono::Utc::now().date_naive();
    let birthday = match blank_to_none(body.birthday.as_deref()) {
        Some(text) => match NaiveDate::parse_from_str(text, "%Y-%m-%d") {
            Ok(date) if date <= today && date.format("%Y").to_string().parse::<i32>().is_ok_and(|y| y >= 1900) => Some(date),
            _ => return Err(AppError::field("birthday", MessageKey::BirthdayInvalid)),
        },
        None => None,
    };
    let avatar = blank_to_none(body.avatar.as_deref()).map(str::to_owned);
    if avatar
        .as_deref()
        .is_some_and(|a| !a.starts_with(crate::platform::files::STATIC_PREFIX) || a.len() > 255 || a.contains(".."))
    {
        return Err(AppError::field("avatar", MessageKey::BadRequest));
    }
    if let Some(phone) = &phone
        && users::find(&state.db, Lookup::Phone(phone)).await?.is_some_and(|u| u.id != me.user.id)
    {
        return Err(AppError::taken("phone", MessageKey::PhoneRegistered));
    }
    if let Some(email) = &email
        && users::find(&state.db, Lookup::Email(email)).await?.is_some_and(|u| u.id != me.user.id)
    {
        return Err(AppError::taken("email", MessageKey::EmailTaken));
    }
    let change = ProfileChange {
        realname: body.realname.trim().to_owned(),
        avatar,
        phone,
        email,
        sex: body.sex,
        birthday,
        update_time: chrono::Utc::now().naive_utc(),
    };
    users::update_profile(&state.db, &me.user.id, &change).await?;
    let user = users::find(&state.db, Lookup::Id(&me.user.id)).await?.ok_or_else(AppError::not_found)?;
    let departs = departs::of_user(&state.db, &user.id, current_lang()).await?;
    let org_code_txt = departs::current_name(&departs, user.org_code.as_deref());
    ok_with(MessageKey::ProfileSaved, ProfileSaved { user_info: user.info(org_code_txt) })
}

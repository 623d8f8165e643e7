//! Sign-in by password or SMS code, sign-out, and SMS codes. Every attempt is logged with the
//! client address; ten failures within an hour lock the account for 30 minutes; each client
//! address is throttled.

use axum::extract::State;
use axum::http::HeaderMap;
use logistics_core::security::{self, FailureWindow};
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use tokio::sync::OnceCell;
use utoipa::ToSchema;

use super::rate_limit::{self, Limit};
use super::sms::{self, Purpose};
use super::{ClientMeta, session};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiResult, AppError, current_lang};
use crate::state::AppState;
use crate::system::departs::{self, DepartInfo};
use crate::system::logs::{self, LoginEntry};
use crate::system::users::{self, Lookup, User, UserInfo, password};
use crate::{system::tenants, system::users::STATUS_NORMAL};

/// Refuses a client over a throttle.
pub async fn throttle(state: &AppState, limit: Limit, client: &ClientMeta) -> Result<(), AppError> {
    state
        .limiter
        .check(limit, &client.ip)
        .await
        .map_err(|seconds| AppError::too_many_requests().with("seconds", seconds.to_string()))
}

fn label(key: MessageKey) -> &'static str {
    key.template(current_lang())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginRequest {
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub password: String,
    /// Accepted for JeecgBoot clients; every session lasts 7 days.
    #[serde(default)]
    pub remember_me: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TenantInfo {
    pub id: i32,
    pub name: String,
}

/// What a successful sign-in returns (JeecgBoot's shape).
#[derive(Debug, Serialize, ToSchema)]
pub struct LoginResult {
    pub token: String,
    #[serde(rename = "userInfo")]
    pub user_info: UserInfo,
    pub departs: Vec<DepartInfo>,
    /// 0 no department, 1 one, 2 several (the client then offers the switch).
    pub multi_depart: u8,
    #[serde(rename = "tenantList")]
    pub tenant_list: Vec<TenantInfo>,
    /// Every dictionary's items by code, for the client's dictionary cache.
    #[serde(rename = "sysAllDictItems")]
    pub sys_all_dict_items: crate::system::dicts::cache::AllDictItems,
}

/// A hash to verify against when the username is unknown, so that answer takes as long as a
/// wrong password and does not reveal which usernames exist.
pub(crate) async fn dummy_hash() -> &'static str {
    static HASH: OnceCell<String> = OnceCell::const_new();
    HASH.get_or_init(|| async { password::hash("dummy-password-for-timing").await.unwrap_or_default() }).await
}

/// Sign in with username and password.
#[utoipa::path(post, path = "/sys/login", tag = "auth", request_body = LoginRequest,
    responses(
        (status = 200, description = "Signed in", body = crate::platform::http::Envelope<LoginResult>),
        (status = 400, description = "A field is missing"),
        (status = 401, description = "Wrong username or password"),
        (status = 403, description = "The account is frozen"),
        (status = 429, description = "The account is locked or the client is throttled")))]
pub async fn login(
    State(state): State<AppState>,
    client: ClientMeta,
    ApiJson(body): ApiJson<LoginRequest>,
) -> ApiResult<LoginResult> {
    throttle(&state, rate_limit::LOGIN, &client).await?;
    let username = body.username.trim();
    validate::required("username", label(MessageKey::FieldUsername), username)?;
    validate::required("password", label(MessageKey::FieldPassword), &body.password)?;
    let entry = |ok, user, content| LoginEntry::new(ok, user, username, &client.ip, content, "/sys/login");
    let Some(user) = users::find_by_username(&state.db, username).await? else {
        password::verify(&body.password, dummy_hash().await).await;
        logs::login(&state.db, entry(false, None, "unknown username")).await?;
        return Err(AppError::unauthorized(MessageKey::LoginFailed));
    };
    refuse_if_locked(&state, &user, &client).await?;
    if !password::verify(&body.password, &user.password).await {
        record_failure(&state, &user).await?;
        logs::login(&state.db, entry(false, Some(&user), "wrong password")).await?;
        return Err(AppError::unauthorized(MessageKey::LoginFailed));
    }
    finish(&state, user, &client, "/sys/login", "password sign-in").await
}

fn epoch(t: Option<chrono::NaiveDateTime>) -> Option<i64> {
    t.map(|t| t.and_utc().timestamp())
}

pub(crate) async fn refuse_if_locked(state: &AppState, user: &User, client: &ClientMeta) -> Result<(), AppError> {
    let now = chrono::Utc::now().timestamp();
    if let Some(minutes) = security::locked_minutes(epoch(user.lock_until), now) {
        let entry = LoginEntry::new(false, Some(user), &user.username, &client.ip, "account locked", "/sys/login");
        logs::login(&state.db, entry).await?;
        return Err(AppError::too_many(MessageKey::AccountLocked).with("minutes", minutes.to_string()));
    }
    Ok(())
}

pub(crate) async fn record_failure(state: &AppState, user: &User) -> Result<(), AppError> {
    let now = chrono::Utc::now().timestamp();
    let window =
        FailureWindow { count: user.login_fail_count, since: epoch(user.login_fail_since), lock_until: epoch(user.lock_until) };
    let next = security::after_failure(window, now);
    let time = |t: Option<i64>| t.and_then(|s| chrono::DateTime::from_timestamp(s, 0)).map(|d| d.naive_utc());
    users::set_login_failures(&state.db, &user.id, next.count, time(next.since), time(next.lock_until)).await?;
    if next.lock_until.is_some() && window.lock_until != next.lock_until {
        tracing::warn!(username = %user.username, "account locked after repeated failed sign-ins");
    }
    Ok(())
}

/// The common end of every sign-in: refuse frozen accounts, clear the failure count, open the
/// session, log it, answer with the user.
pub(crate) async fn finish(state: &AppState, user: User, client: &ClientMeta, url: &str, how: &str) -> ApiResult<LoginResult> {
    let entry = |ok, content| LoginEntry::new(ok, Some(&user), &user.username, &client.ip, content, url);
    if user.status != STATUS_NORMAL {
        logs::login(&state.db, entry(false, "account frozen")).await?;
        return Err(AppError::refused(MessageKey::AccountFrozen));
    }
    if !tenants::is_active(&state.db, user.tenant_id).await? {
        logs::login(&state.db, entry(false, "tenant frozen or expired")).await?;
        return Err(AppError::refused(MessageKey::TenantFrozen));
    }
    if user.login_fail_count > 0 || user.lock_until.is_some() {
        users::set_login_failures(&state.db, &user.id, 0, None, None).await?;
    }
    let token = session::open(&state.db, &state.keys, &user, client).await?;
    logs::login(&state.db, entry(true, how)).await?;
    let lang = current_lang();
    let departs = departs::of_user(&state.db, &user.id, lang).await?;
    let tenant_list =
        tenants::find(&state.db, user.tenant_id, lang).await?.map(|(id, name)| TenantInfo { id, name }).into_iter().collect();
    let org_code_txt = departs::current_name(&departs, user.org_code.as_deref());
    let multi_depart = departs.len().min(2) as u8;
    ok_with(
        MessageKey::LoginOk,
        LoginResult {
            token,
            user_info: user.info(org_code_txt),
            departs,
            multi_depart,
            tenant_list,
            sys_all_dict_items: state.dicts.get(&state.db).await?.all(lang),
        },
    )
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SmsRequest {
    #[serde(default)]
    pub mobile: String,
    /// "0"/"login", "1"/"register", "2"/"forget".
    #[serde(default)]
    pub smsmode: String,
}

/// Sends a verification code: for phone sign-in and password recovery the phone must belong to
/// an account, for registration it must not.
#[utoipa::path(post, path = "/sys/sms", tag = "auth", request_body = SmsRequest,
    responses((status = 200, description = "Sent"), (status = 400), (status = 409), (status = 429)))]
pub async fn send_sms(State(state): State<AppState>, client: ClientMeta, ApiJson(body): ApiJson<SmsRequest>) -> ApiResult<()> {
    throttle(&state, rate_limit::SMS, &client).await?;
    validate::phone("mobile", &body.mobile)?;
    let mobile = validate::normalize_phone(&body.mobile).unwrap_or_default();
    let purpose = Purpose::parse(&body.smsmode).ok_or_else(|| AppError::field("smsmode", MessageKey::SmsModeInvalid))?;
    let owner = users::find(&state.db, Lookup::Phone(&mobile)).await?;
    match (purpose, owner) {
        (Purpose::Register, Some(_)) => return Err(AppError::taken("mobile", MessageKey::PhoneRegistered)),
        (Purpose::Login | Purpose::Forget, None) => return Err(AppError::field("mobile", MessageKey::PhoneNotRegistered)),
        _ => {}
    }
    sms::issue(&state.db, &state.jwt_secret, state.sms.as_ref(), &mobile, purpose).await?;
    ok_with(MessageKey::SmsSent, ())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PhoneLoginRequest {
    #[serde(default)]
    pub mobile: String,
    /// The SMS code.
    #[serde(default)]
    pub captcha: String,
    #[serde(default)]
    pub remember_me: Option<bool>,
}

/// Sign in with a phone number and the SMS code sent to it.
#[utoipa::path(post, path = "/sys/phoneLogin", tag = "auth", request_body = PhoneLoginRequest,
    responses(
        (status = 200, description = "Signed in", body = crate::platform::http::Envelope<LoginResult>),
        (status = 400, description = "Bad phone or code"), (status = 403), (status = 429)))]
pub async fn phone_login(
    State(state): State<AppState>,
    client: ClientMeta,
    ApiJson(body): ApiJson<PhoneLoginRequest>,
) -> ApiResult<LoginResult> {
    throttle(&state, rate_limit::LOGIN, &client).await?;
    let mobile = sms::phone_and_code("mobile", &body.mobile, "captcha", &body.captcha)?;
    if let Err(e) = sms::verify(&state.db, &state.jwt_secret, &mobile, Purpose::Login, &body.captcha, true).await {
        let entry = LoginEntry::new(false, None, &mobile, &client.ip, "wrong SMS code", "/sys/phoneLogin");
        logs::login(&state.db, entry).await?;
        return Err(e);
    }
    let user = users::find(&state.db, Lookup::Phone(&mobile))
        .await?
        .ok_or_else(|| AppError::field("mobile", MessageKey::PhoneNotRegistered))?;
    refuse_if_locked(&state, &user, &client).await?;
    finish(&state, user, &client, "/sys/phoneLogin", "SMS sign-in").await
}

/// Ends the session of the token in the header. Answers success even for a stale token, so the
/// client can always clear its state.
#[utoipa::path(post, path = "/sys/logout", tag = "auth", responses((status = 200, description = "Signed out")))]
pub async fn logout(State(state): State<AppState>, client: ClientMeta, headers: HeaderMap) -> ApiResult<()> {
    let token = headers.get(super::current::TOKEN_HEADER).and_then(|v| v.to_str().ok()).unwrap_or("");
    if let Some(claims) = state.keys.decode_ignoring_expiry(token) {
        let live = session::find_active(&state.db, &claims.sid).await?;
        session::revoke(&state.db, &claims.sid).await?;
        if let Some((_, user)) = live {
            let entry = LoginEntry::new(true, Some(&user), &user.username, &client.ip, "sign-out", logs::LOGOUT_URL);
            logs::login(&state.db, entry).await?;
        }
    }
    ok_with(MessageKey::LogoutOk, ())
}

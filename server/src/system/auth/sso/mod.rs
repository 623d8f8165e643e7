//! Single sign-on: CAS ([`cas`]: `/cas/client/validateLogin`) and OpenID Connect ([`oidc`]: the
//! provider's redirect, then `GET /thirdLogin/getLoginUser/{token}`), each configured by the
//! operator. A third-party identity signs in as the user it is bound to (`sys_third_account`); an
//! OIDC identity not bound yet is bound by typing that user's username and password once
//! (`POST /thirdLogin/user/checkPassword`, under the password sign-in's throttle and lockout).
//! Both end as a password sign-in does: the same session, log entry and answer.

pub mod accounts;
pub mod cas;
pub mod oidc;

use axum::extract::{Path, State};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::login::{self, LoginResult, throttle};
use super::{ClientMeta, rate_limit};
use crate::platform::db::schema::{sys_third_account, sys_third_login};
use crate::platform::db::{Db, DbResult};
use crate::platform::http::{ApiJson, ApiResult, AppError, current_lang, ok};
use crate::state::AppState;
use crate::system::logs::{self, LoginEntry};
use crate::system::users::{self, Lookup, password};

/// A one-time token's life: the browser exchanges it right after the provider's redirect.
const TOKEN_MINUTES: i64 = 5;

pub const CAS: &str = "cas";
pub const OIDC: &str = "oidc";

#[derive(Debug, Serialize, ToSchema)]
pub struct CasInfo {
    /// The CAS login page: the client adds `?service=<its /sso/cas URL>`.
    #[serde(rename = "loginUrl")]
    pub login_url: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OidcInfo {
    /// The provider's name, for the button.
    pub name: String,
}

/// Which single sign-on the operator configured (none: the sign-in page offers none).
#[derive(Debug, Serialize, ToSchema)]
pub struct SsoConfig {
    pub cas: Option<CasInfo>,
    pub oidc: Option<OidcInfo>,
}

/// The configured single sign-on, for the sign-in page.
#[utoipa::path(get, path = "/thirdLogin/config", tag = "auth",
    responses((status = 200, body = crate::platform::http::Envelope<SsoConfig>)))]
pub async fn config(State(state): State<AppState>) -> ApiResult<SsoConfig> {
    ok(SsoConfig {
        cas: state.config.cas_url.as_ref().map(|url| CasInfo { login_url: format!("{url}/login") }),
        oidc: state.config.oidc.as_ref().map(|o| OidcInfo { name: o.name.clone() }),
    })
}

fn hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// A third-party identity that signed in at its provider.
#[derive(Clone, Debug)]
pub struct Identity {
    pub third_type: &'static str,
    pub third_user_id: String,
    pub realname: Option<String>,
}

/// A one-time token for `identity` (kept as a hash; expired ones are swept on the way).
pub async fn issue(db: &Db, identity: &Identity) -> Result<String, AppError> {
    let token = crate::platform::secrets::new_secret_token().map_err(AppError::internal)?;
    let now = chrono::Utc::now().naive_utc();
    let expires = now + chrono::Duration::minutes(TOKEN_MINUTES);
    let token_hash = hash(&token);
    crate::with_write!(data: db, |conn| {
        diesel::delete(sys_third_login::table.filter(sys_third_login::expires_at.lt(now))).execute(conn).await?;
        diesel::insert_into(sys_third_login::table)
            .values((
                sys_third_login::token_hash.eq(&token_hash),
                sys_third_login::third_type.eq(identity.third_type),
                sys_third_login::third_user_id.eq(&identity.third_user_id),
                sys_third_login::realname.eq(&identity.realname),
                sys_third_login::expires_at.eq(expires),
            ))
            .execute(conn)
            .await?
    });
    Ok(token)
}

/// The identity a live token names (the token stays until [`consume`]).
async fn pending(db: &Db, token: &str) -> Result<Identity, AppError> {
    let now = chrono::Utc::now().naive_utc();
    let token_hash = hash(token);
    let row: Option<(String, String, Option<String>)> = crate::with_conn!(db, |conn| {
        sys_third_login::table
            .filter(sys_third_login::token_hash.eq(&token_hash))
            .filter(sys_third_login::expires_at.gt(now))
            .select((sys_third_login::third_type, sys_third_login::third_user_id, sys_third_login::realname))
            .first(conn)
            .await
            .optional()?
    });
    let invalid = || AppError::unauthorized(MessageKey::ThirdLoginTokenInvalid);
    let (third_type, third_user_id, realname) = row.ok_or_else(invalid)?;
    let third_type = match third_type.as_str() {
        CAS => CAS,
        OIDC => OIDC,
        _ => return Err(invalid()),
    };
    Ok(Identity { third_type, third_user_id, realname })
}

/// Uses a token up: only one of two racing requests gets it.
async fn consume(db: &Db, token: &str) -> Result<(), AppError> {
    let token_hash = hash(token);
    let gone: usize = crate::with_write!(data: db, |conn| {
        diesel::delete(sys_third_login::table.filter(sys_third_login::token_hash.eq(&token_hash))).execute(conn).await?
    });
    if gone == 1 { Ok(()) } else { Err(AppError::unauthorized(MessageKey::ThirdLoginTokenInvalid)) }
}

/// The user an identity is bound to.
pub async fn bound_user(db: &Db, third_type: &str, third_user_id: &str) -> DbResult<Option<String>> {
    Ok(crate::with_conn!(db, |conn| {
        sys_third_account::table
            .filter(sys_third_account::third_type.eq(third_type))
            .filter(sys_third_account::third_user_id.eq(third_user_id))
            .select(sys_third_account::sys_user_id)
            .first(conn)
            .await
            .optional()?
    }))
}

/// Binds an identity to a user: refused when the user has another identity of that provider.
async fn bind(db: &Db, user_id: &str, identity: &Identity) -> Result<(), AppError> {
    let existing: Option<String> = crate::with_conn!(db, |conn| {
        sys_third_account::table
            .filter(sys_third_account::sys_user_id.eq(user_id))
            .filter(sys_third_account::third_type.eq(identity.third_type))
            .select(sys_third_account::third_user_id)
            .first(conn)
            .await
            .optional()?
    });
    let other = || {
        AppError::conflict(MessageKey::ThirdAccountOtherBound)
            .with("provider", if identity.third_type == CAS { "CAS" } else { "OpenID Connect" })
    };
    match existing {
        Some(id) if id == identity.third_user_id => return Ok(()),
        Some(_) => return Err(other()),
        None => {}
    }
    let now = chrono::Utc::now().naive_utc();
    let inserted = crate::with_write!(data: db, |conn| {
        diesel::insert_into(sys_third_account::table)
            .values((
                sys_third_account::id.eq(crate::platform::secrets::new_id()),
                sys_third_account::sys_user_id.eq(user_id),
                sys_third_account::third_type.eq(identity.third_type),
                sys_third_account::third_user_id.eq(&identity.third_user_id),
                sys_third_account::realname.eq(&identity.realname),
                sys_third_account::create_time.eq(now),
            ))
            .execute(conn)
            .await
    });
    match inserted {
        Ok(_) => Ok(()),
        // The identity went to another user meanwhile, or this user got another one.
        Err(diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _)) => Err(other()),
        Err(e) => Err(e.into()),
    }
}

fn display_name(identity: &Identity) -> String {
    identity.realname.clone().unwrap_or_else(|| identity.third_user_id.clone())
}

/// Exchanges the one-time token of a provider's redirect for a session (JeecgBoot's call): the
/// bound user signs in; an identity bound to nobody answers 409, and the token stays for
/// `POST /thirdLogin/user/checkPassword`.
#[utoipa::path(get, path = "/thirdLogin/getLoginUser/{token}", tag = "auth",
    params(("token" = String, Path, description = "The one-time token of the provider's redirect")),
    responses(
        (status = 200, description = "Signed in", body = crate::platform::http::Envelope<LoginResult>),
        (status = 401, description = "The token is unknown, used or expired"),
        (status = 403, description = "The account or its tenant is frozen"),
        (status = 409, description = "The identity is bound to no user yet"),
        (status = 429)))]
pub async fn get_login_user(
    State(state): State<AppState>,
    client: ClientMeta,
    Path(token): Path<String>,
) -> ApiResult<LoginResult> {
    throttle(&state, rate_limit::LOGIN, &client).await?;
    let identity = pending(&state.db, &token).await?;
    let Some(user_id) = bound_user(&state.db, identity.third_type, &identity.third_user_id).await? else {
        return Err(AppError::conflict(MessageKey::ThirdAccountUnbound).with("name", display_name(&identity)));
    };
    let user = users::find(&state.db, Lookup::Id(&user_id))
        .await?
        .ok_or_else(|| AppError::conflict(MessageKey::ThirdAccountUnbound).with("name", display_name(&identity)))?;
    consume(&state.db, &token).await?;
    login::finish(&state, user, &client, "/thirdLogin/getLoginUser", "OpenID Connect sign-in").await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BindRequest {
    /// The one-time token of the provider's redirect.
    #[serde(default)]
    pub token: String,
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub password: String,
}

/// Binds the identity of a one-time token to the account whose username and password are given,
/// and signs in as it (JeecgBoot's call); wrong passwords count toward the account's lockout.
#[utoipa::path(post, path = "/thirdLogin/user/checkPassword", tag = "auth", request_body = BindRequest,
    responses(
        (status = 200, description = "Bound and signed in", body = crate::platform::http::Envelope<LoginResult>),
        (status = 400), (status = 401, description = "Wrong username or password, or a stale token"),
        (status = 403), (status = 409, description = "The user has another identity of this provider"), (status = 429)))]
pub async fn check_password(
    State(state): State<AppState>,
    client: ClientMeta,
    ApiJson(body): ApiJson<BindRequest>,
) -> ApiResult<LoginResult> {
    const URL: &str = "/thirdLogin/user/checkPassword";
    throttle(&state, rate_limit::LOGIN, &client).await?;
    let lang = current_lang();
    let username = body.username.trim();
    validate::required("username", MessageKey::FieldUsername.template(lang), username)?;
    validate::required("password", MessageKey::FieldPassword.template(lang), &body.password)?;
    let identity = pending(&state.db, &body.token).await?;
    let entry = |ok, user, content| LoginEntry::new(ok, user, username, &client.ip, content, URL);
    let Some(user) = users::find_by_username(&state.db, username).await? else {
        password::verify(&body.password, login::dummy_hash().await).await;
        logs::login(&state.db, entry(false, None, "binding: unknown username")).await?;
        return Err(AppError::unauthorized(MessageKey::LoginFailed));
    };
    login::refuse_if_locked(&state, &user, &client).await?;
    if !password::verify(&body.password, &user.password).await {
        login::record_failure(&state, &user).await?;
        logs::login(&state.db, entry(false, Some(&user), "binding: wrong password")).await?;
        return Err(AppError::unauthorized(MessageKey::LoginFailed));
    }
    bind(&state.db, &user.id, &identity).await?;
    consume(&state.db, &body.token).await?;
    let mut answer = login::finish(&state, user, &client, URL, "OpenID Connect bound, sign-in").await?;
    answer.0.message = MessageKey::ThirdAccountBound.template(lang).to_owned();
    Ok(answer)
}

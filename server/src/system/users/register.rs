//! Self-service accounts: registration of an enterprise main account (4 steps in the web, one
//! call here), the live uniqueness check, and password recovery by SMS.

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{Lookup, NewUser, UserKind, password};
use crate::platform::db::schema::{customer_company, sys_user, sys_user_role};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiResult, AppError, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::login::throttle;
use crate::system::auth::rate_limit;
use crate::system::auth::sms::{self, Purpose};
use crate::system::auth::{ClientMeta, session};
use crate::{bootstrap, platform::secrets, system::tenants, system::users, with_write};

fn label(key: MessageKey) -> &'static str {
    key.template(current_lang())
}

/// The SMS code sent to the phone (see `sms::verify`); a wrong one is named under `smscode`.
async fn verify_code(state: &AppState, phone: &str, purpose: Purpose, code: &str, consume: bool) -> Result<(), AppError> {
    sms::verify(&state.db, &state.jwt_secret, phone, purpose, code, consume)
        .await
        .map_err(|_| AppError::field("smscode", MessageKey::SmsCodeInvalid))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UniqueQuery {
    pub username: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    /// The user being edited: its own values are not taken.
    pub id: Option<String>,
    /// The tenant a registration link names: 400 unless it is an active tenant.
    #[serde(rename = "tenantId")]
    pub tenant_id: Option<String>,
}

/// The tenant a registration link names, when it is one a customer may join (an active
/// tenant); otherwise 400 under `tenantId`, so that nobody registers with the wrong forwarder.
async fn link_tenant(state: &AppState, requested: Option<i32>) -> Result<i32, AppError> {
    match requested {
        Some(id) if id > 0 && tenants::is_active(&state.db, id).await? => Ok(id),
        _ => Err(AppError::field("tenantId", MessageKey::RegisterLinkInvalid)),
    }
}

/// Whether a username (or phone, or e-mail) is still free: 200 when free, 409 when taken, 400
/// when it is not a valid one at all.
#[utoipa::path(get, path = "/sys/user/checkOnlyUser", tag = "users", params(UniqueQuery),
    responses((status = 200, description = "Free"), (status = 400), (status = 409, description = "Taken")))]
pub async fn check_only_user(State(state): State<AppState>, Query(query): Query<UniqueQuery>) -> ApiResult<()> {
    if let Some(tenant) = query.tenant_id.as_deref() {
        link_tenant(&state, tenant.trim().parse().ok()).await?;
    }
    let own = query.id.as_deref().unwrap_or("");
    let taken_by_other = |user: Option<super::User>| user.is_some_and(|u| u.id != own);
    if let Some(username) = query.username.as_deref() {
        validate::username("username", username.trim())?;
        if taken_by_other(users::find(&state.db, Lookup::Username(username.trim())).await?) {
            return Err(AppError::taken("username", MessageKey::UsernameTaken));
        }
    }
    if let Some(phone) = query.phone.as_deref() {
        validate::phone("phone", phone)?;
        let phone = validate::normalize_phone(phone).unwrap_or_default();
        if taken_by_other(users::find(&state.db, Lookup::Phone(&phone)).await?) {
            return Err(AppError::taken("phone", MessageKey::PhoneRegistered));
        }
    }
    if let Some(email) = query.email.as_deref() {
        validate::email("email", email)?;
        if taken_by_other(users::find(&state.db, Lookup::Email(&email.trim().to_lowercase())).await?) {
            return Err(AppError::taken("email", MessageKey::EmailTaken));
        }
    }
    ok(())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RegisterRequest {
    pub username: String,
    pub password: String,
    pub confirm_password: String,
    pub phone: String,
    /// The SMS code sent with smsmode `register`.
    pub smscode: String,
    pub email: String,
    pub company_name: String,
    pub contact_person: String,
    /// ISO 3166-1 alpha-2, e.g. `CN`.
    pub country: String,
    pub address: String,
    pub tax_number: Option<String>,
    /// The tenant of the forwarder's registration link (`/user/register?tenantId=2`): refused
    /// unless it is an active tenant. Without it, the `tenant-id` header's when active, else the
    /// platform's.
    pub tenant_id: Option<i32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Registered {
    pub username: String,
}

/// Every field of the registration, in the order the steps show them; the first failure wins.
fn validate_registration(body: &RegisterRequest) -> Result<(), logistics_core::FieldError> {
    validate::username("username", body.username.trim())?;
    validate::new_password(&body.password, &body.confirm_password)?;
    validate::phone("phone", &body.phone)?;
    validate::sms_code("smscode", &body.smscode)?;
    validate::email("email", &body.email)?;
    for (field, key, value, max) in [
        ("companyName", MessageKey::FieldCompanyName, &body.company_name, 100),
        ("contactPerson", MessageKey::FieldContactPerson, &body.contact_person, 50),
    ] {
        validate::required(field, label(key), value)?;
        validate::max_chars(field, label(key), value.trim(), max)?;
    }
    validate::country_code("country", label(MessageKey::FieldCountry), body.country.trim())?;
    validate::required("address", label(MessageKey::FieldAddress), &body.address)?;
    validate::max_chars("address", label(MessageKey::FieldAddress), body.address.trim(), 255)?;
    validate::max_chars("taxNumber", label(MessageKey::FieldTaxNumber), body.tax_number.as_deref().unwrap_or("").trim(), 50)
}

/// Registers an enterprise customer: a main account with the `customer` role in the tenant its
/// link names (`tenantId`, refused unless active), else the `tenant-id` header's when active,
/// else the platform's; and its company.
#[utoipa::path(post, path = "/sys/user/register", tag = "users", request_body = RegisterRequest,
    responses(
        (status = 200, description = "Registered", body = crate::platform::http::Envelope<Registered>),
        (status = 400, description = "A field is invalid or the SMS code is wrong"),
        (status = 409, description = "Username, phone or e-mail taken"),
        (status = 429)))]
pub async fn register(
    State(state): State<AppState>,
    client: ClientMeta,
    headers: HeaderMap,
    ApiJson(body): ApiJson<RegisterRequest>,
) -> ApiResult<Registered> {
    throttle(&state, rate_limit::REGISTER, &client).await?;
    validate_registration(&body)?;
    let linked = match body.tenant_id {
        Some(id) => Some(link_tenant(&state, Some(id)).await?),
        None => None,
    };
    let username = body.username.trim().to_owned();
    let phone = validate::normalize_phone(&body.phone).unwrap_or_default();
    let email = body.email.trim().to_lowercase();
    if users::find(&state.db, Lookup::Username(&username)).await?.is_some() {
        return Err(AppError::taken("username", MessageKey::UsernameTaken));
    }
    if users::find(&state.db, Lookup::Phone(&phone)).await?.is_some() {
        return Err(AppError::taken("phone", MessageKey::PhoneRegistered));
    }
    if users::find(&state.db, Lookup::Email(&email)).await?.is_some() {
        return Err(AppError::taken("email", MessageKey::EmailTaken));
    }
    verify_code(&state, &phone, Purpose::Register, &body.smscode, true).await?;

    let requested = headers.get("tenant-id").and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<i32>().ok());
    let tenant_id = match (linked, requested) {
        (Some(id), _) => id,
        (None, Some(id)) if id > 0 && tenants::is_active(&state.db, id).await? => id,
        _ => tenants::PLATFORM_TENANT_ID,
    };
    let role_id = bootstrap::customer_role(&state.db, tenant_id).await?;
    let hash = password::hash(&body.password).await?;
    let id = secrets::new_id();
    let now = chrono::Utc::now().naive_utc();
    let user = NewUser {
        phone: Some(&phone),
        email: Some(&email),
        create_time: now,
        ..NewUser::new(&id, &username, body.contact_person.trim(), &hash, UserKind::Customer, tenant_id)
    };
    let tax_number = body.tax_number.as_deref().map(str::trim).filter(|t| !t.is_empty());
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            diesel::insert_into(sys_user::table).values(&user).execute(tx).await?;
            diesel::insert_into(customer_company::table)
                .values((
                    customer_company::user_id.eq(&id),
                    customer_company::company_name.eq(body.company_name.trim()),
                    customer_company::contact_person.eq(body.contact_person.trim()),
                    customer_company::country.eq(body.country.trim()),
                    customer_company::address.eq(body.address.trim()),
                    customer_company::tax_number.eq(tax_number),
                    customer_company::create_time.eq(now),
                ))
                .execute(tx)
                .await?;
            diesel::insert_into(sys_user_role::table)
                .values((sys_user_role::user_id.eq(&id), sys_user_role::role_id.eq(&role_id)))
                .execute(tx)
                .await?;
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(|e| AppError::or_taken(e, "username", MessageKey::UsernameTaken))?;
    });
    tracing::info!(username = %username, tenant_id, "enterprise account registered");
    ok_with(MessageKey::RegisterOk, Registered { username })
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PhoneVerification {
    pub phone: String,
    pub smscode: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Verified {
    pub username: String,
    pub smscode: String,
}

/// Step one of password recovery: the code sent to the phone (smsmode `forget`) is right; names
/// the account. The code stays valid for the next step.
#[utoipa::path(post, path = "/sys/user/phoneVerification", tag = "users", request_body = PhoneVerification,
    responses((status = 200, body = crate::platform::http::Envelope<Verified>), (status = 400)))]
pub async fn phone_verification(
    State(state): State<AppState>,
    client: ClientMeta,
    ApiJson(body): ApiJson<PhoneVerification>,
) -> ApiResult<Verified> {
    throttle(&state, rate_limit::LOGIN, &client).await?;
    let phone = sms::phone_and_code("phone", &body.phone, "smscode", &body.smscode)?;
    verify_code(&state, &phone, Purpose::Forget, &body.smscode, false).await?;
    let user = users::find(&state.db, Lookup::Phone(&phone))
        .await?
        .ok_or_else(|| AppError::field("phone", MessageKey::PhoneNotRegistered))?;
    ok(Verified { username: user.username, smscode: body.smscode.trim().to_owned() })
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PasswordReset {
    pub username: String,
    pub password: String,
    pub confirm_password: String,
    pub smscode: String,
    pub phone: String,
}

/// Step two of password recovery: sets the new password and ends every session of the account.
#[utoipa::path(put, path = "/sys/user/passwordChange", tag = "users", request_body = PasswordReset,
    responses((status = 200, description = "Changed"), (status = 400), (status = 403)))]
pub async fn password_change(
    State(state): State<AppState>,
    client: ClientMeta,
    ApiJson(body): ApiJson<PasswordReset>,
) -> ApiResult<()> {
    throttle(&state, rate_limit::LOGIN, &client).await?;
    let phone = sms::phone_and_code("phone", &body.phone, "smscode", &body.smscode)?;
    validate::new_password(&body.password, &body.confirm_password)?;
    let user = users::find(&state.db, Lookup::Phone(&phone))
        .await?
        .ok_or_else(|| AppError::field("phone", MessageKey::PhoneNotRegistered))?;
    if !body.username.trim().is_empty() && body.username.trim() != user.username {
        return Err(AppError::forbidden());
    }
    verify_code(&state, &phone, Purpose::Forget, &body.smscode, true).await?;
    let hash = password::hash(&body.password).await?;
    users::set_password(&state.db, &user.id, &hash).await?;
    users::set_login_failures(&state.db, &user.id, 0, None, None).await?;
    let ended = session::revoke_all(&state.db, &user.id, None).await?;
    tracing::info!(username = %user.username, sessions_ended = ended, "password reset by SMS");
    ok_with(MessageKey::PasswordChanged, ())
}

//! SMS verification codes: issued at most once a minute per phone, kept only as keyed hashes,
//! valid 5 minutes, void after 5 wrong tries. Sent through a pluggable sender: the log (default,
//! for development and tests) or an HTTP webhook that forwards to a real SMS gateway.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use chrono::{Duration, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use hmac::{Hmac, Mac};
use logistics_core::{FieldError, MessageKey, validate};
use sha2::Sha256;

use crate::platform::db::Db;
use crate::platform::db::schema::sys_sms_code;
use crate::platform::http::AppError;
use crate::platform::secrets;
use crate::{with_conn, with_write};

pub const CODE_TTL_SECS: i64 = 300;
pub const RESEND_AFTER_SECS: i64 = 60;
pub const MAX_ATTEMPTS: i32 = 5;

/// What a code is for (JeecgBoot's `smsmode` 0, 1, 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Login,
    Register,
    Forget,
}

impl Purpose {
    pub fn parse(text: &str) -> Option<Purpose> {
        match text.trim() {
            "0" | "login" => Some(Purpose::Login),
            "1" | "register" => Some(Purpose::Register),
            "2" | "forget" => Some(Purpose::Forget),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::Login => "login",
            Purpose::Register => "register",
            Purpose::Forget => "forget",
        }
    }
}

type SendFuture<'a> = Pin<Box<dyn Future<Output = Result<(), String>> + Send + 'a>>;

/// Delivers a code to a phone.
pub trait SmsSender: Send + Sync {
    fn send<'a>(&'a self, mobile: &'a str, code: &'a str, purpose: Purpose) -> SendFuture<'a>;
}

/// Writes the code to the server log: development, demos and end-to-end tests.
pub struct LogSender;

impl SmsSender for LogSender {
    fn send<'a>(&'a self, mobile: &'a str, code: &'a str, purpose: Purpose) -> SendFuture<'a> {
        Box::pin(async move {
            tracing::info!(mobile = %mobile, mode = purpose.as_str(), code = %code, "sms code issued (log sender)");
            Ok(())
        })
    }
}

/// POSTs `{"mobile","code","mode","ttlSeconds"}` as JSON to the operator's gateway adapter.
pub struct WebhookSender {
    url: String,
    client: reqwest::Client,
}

impl WebhookSender {
    pub fn new(url: String) -> Result<WebhookSender, String> {
        let client = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(10))
            .build()
            .map_err(|e| format!("cannot build the SMS webhook client: {e}"))?;
        Ok(WebhookSender { url, client })
    }
}

impl SmsSender for WebhookSender {
    fn send<'a>(&'a self, mobile: &'a str, code: &'a str, purpose: Purpose) -> SendFuture<'a> {
        Box::pin(async move {
            let body = serde_json::json!({"mobile": mobile, "code": code, "mode": purpose.as_str(), "ttlSeconds": CODE_TTL_SECS});
            let response =
                self.client.post(&self.url).json(&body).send().await.map_err(|e| format!("SMS webhook unreachable: {e}"))?;
            if response.status().is_success() { Ok(()) } else { Err(format!("SMS webhook answered {}", response.status())) }
        })
    }
}

pub fn sender_from(webhook: Option<&str>) -> Result<Arc<dyn SmsSender>, String> {
    Ok(match webhook {
        Some(url) => Arc::new(WebhookSender::new(url.to_owned())?),
        None => Arc::new(LogSender),
    })
}

fn digest(secret: &str, mobile: &str, purpose: Purpose, code: &str) -> Result<Hmac<Sha256>, String> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).map_err(|e| e.to_string())?;
    mac.update(format!("{mobile}\n{}\n{code}", purpose.as_str()).as_bytes());
    Ok(mac)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Issues and sends a code. `Err` with 429 when the phone had one within the last minute.
pub async fn issue(db: &Db, secret: &str, sender: &dyn SmsSender, mobile: &str, purpose: Purpose) -> Result<(), AppError> {
    let now = Utc::now().naive_utc();
    let recent: Option<NaiveDateTime> = with_conn!(db, |conn| {
        sys_sms_code::table
            .filter(sys_sms_code::phone.eq(mobile))
            .filter(sys_sms_code::create_time.gt(now - Duration::seconds(RESEND_AFTER_SECS)))
            .select(sys_sms_code::create_time)
            .order(sys_sms_code::create_time.desc())
            .first(conn)
            .await
            .optional()?
    });
    if let Some(at) = recent {
        let wait = (RESEND_AFTER_SECS - (now - at).num_seconds()).max(1);
        return Err(AppError::too_many(MessageKey::SmsTooFrequent).with("seconds", wait.to_string()));
    }
    let code = secrets::new_sms_code()?;
    let hash = hex(&digest(secret, mobile, purpose, &code)?.finalize().into_bytes());
    let id = secrets::new_id();
    with_write!(db, |conn| {
        diesel::insert_into(sys_sms_code::table)
            .values((
                sys_sms_code::id.eq(&id),
                sys_sms_code::phone.eq(mobile),
                sys_sms_code::mode.eq(purpose.as_str()),
                sys_sms_code::code_hash.eq(&hash),
                sys_sms_code::attempts.eq(0),
                sys_sms_code::consumed.eq(false),
                sys_sms_code::create_time.eq(now),
                sys_sms_code::expire_time.eq(now + Duration::seconds(CODE_TTL_SECS)),
            ))
            .execute(conn)
            .await?;
    });
    if let Err(cause) = sender.send(mobile, &code, purpose).await {
        with_write!(db, |conn| {
            diesel::delete(sys_sms_code::table.filter(sys_sms_code::id.eq(&id))).execute(conn).await?;
        });
        return Err(AppError::unavailable(cause));
    }
    Ok(())
}

/// A phone number and the code sent to it as a form names them: both checked (the number first),
/// the number normalized.
pub fn phone_and_code(phone_field: &str, phone: &str, code_field: &str, code: &str) -> Result<String, FieldError> {
    validate::phone(phone_field, phone)?;
    validate::sms_code(code_field, code)?;
    Ok(validate::normalize_phone(phone).unwrap_or_default())
}

/// Checks a code against the newest live one for the phone and purpose. A wrong code counts an
/// attempt (the fifth voids it); `consume` spends a right one so it works only once.
pub async fn verify(db: &Db, secret: &str, mobile: &str, purpose: Purpose, code: &str, consume: bool) -> Result<(), AppError> {
    let invalid = || AppError::invalid(logistics_core::FieldError::new("captcha", MessageKey::SmsCodeInvalid));
    let now = Utc::now().naive_utc();
    let live: Option<(String, String, i32)> = with_conn!(db, |conn| {
        sys_sms_code::table
            .filter(sys_sms_code::phone.eq(mobile))
            .filter(sys_sms_code::mode.eq(purpose.as_str()))
            .filter(sys_sms_code::consumed.eq(false))
            .filter(sys_sms_code::expire_time.gt(now))
            .order(sys_sms_code::create_time.desc())
            .select((sys_sms_code::id, sys_sms_code::code_hash, sys_sms_code::attempts))
            .first(conn)
            .await
            .optional()?
    });
    let Some((id, stored, attempts)) = live else { return Err(invalid()) };
    if attempts >= MAX_ATTEMPTS {
        return Err(invalid());
    }
    let expected: Vec<u8> =
        (0..stored.len() / 2).filter_map(|i| u8::from_str_radix(stored.get(i * 2..i * 2 + 2)?, 16).ok()).collect();
    let matches = digest(secret, mobile, purpose, code.trim())?.verify_slice(&expected).is_ok();
    with_write!(db, |conn| {
        let row = sys_sms_code::table.filter(sys_sms_code::id.eq(&id));
        if !matches {
            diesel::update(row).set(sys_sms_code::attempts.eq(sys_sms_code::attempts + 1)).execute(conn).await?;
        } else if consume {
            diesel::update(row).set(sys_sms_code::consumed.eq(true)).execute(conn).await?;
        }
    });
    if matches { Ok(()) } else { Err(invalid()) }
}

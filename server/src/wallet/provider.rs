//! Online payment providers behind one interface: a provider's callback says a recharge was paid,
//! and only a callback the provider signed, recently, for the recharge's exact amount and
//! currency credits it (once: a replay finds the recharge no longer pending and changes nothing).
//!
//! The local sandbox provider stands in for a real one: it signs its notices with HMAC-SHA256
//! over `{timestamp}.{body}` (the `X-Sandbox-Signature: t=<unix seconds>,v1=<hex>` header, as
//! Stripe's webhooks do) with a secret kept in the database, and accepts them for five minutes.

use axum::http::HeaderMap;
use logistics_core::MessageKey;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::db::Db;
use crate::platform::http::AppError;
use crate::platform::{secrets, settings, signature};

/// What a provider's callback says was paid.
#[derive(Clone, Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notice {
    pub recharge_id: String,
    pub out_trade_no: String,
    pub currency: String,
    /// Decimal text in the currency's places.
    pub amount: String,
    /// The provider's own number for the payment.
    pub payment_no: String,
}

/// An online payment provider.
pub trait Provider: Send + Sync {
    /// Its channel name (`paymentChannel`).
    fn channel(&self) -> &'static str;
    /// The notice a callback carries, if the provider signed it and it is fresh; else 400.
    fn verify(&self, headers: &HeaderMap, body: &[u8], now: i64) -> Result<Notice, AppError>;
}

pub const SIGNATURE_HEADER: &str = "x-sandbox-signature";
const SECRET_SETTING: &str = "wallet_sandbox_secret";

/// The local sandbox provider, with its signing secret.
pub struct Sandbox {
    secret: String,
}

impl Sandbox {
    /// The sandbox with the tenant-wide secret (generated once, kept in the database).
    pub async fn load(db: &Db) -> Result<Sandbox, AppError> {
        let secret = settings::get_or_init(db, SECRET_SETTING, &secrets::new_secret()?).await?;
        Ok(Sandbox { secret })
    }

    /// A sandbox signing with `secret` (a forger's, in the tests).
    pub fn with_secret(secret: &str) -> Sandbox {
        Sandbox { secret: secret.to_owned() }
    }

    /// The signature header for `body` at `timestamp`, as the sandbox sends it.
    pub fn sign(&self, timestamp: i64, body: &[u8]) -> String {
        signature::sign(&self.secret, timestamp, body)
    }
}

fn rejected() -> AppError {
    AppError::bad_request(MessageKey::CallbackRejected)
}

impl Provider for Sandbox {
    fn channel(&self) -> &'static str {
        "sandbox"
    }

    fn verify(&self, headers: &HeaderMap, body: &[u8], now: i64) -> Result<Notice, AppError> {
        let header = headers.get(SIGNATURE_HEADER).and_then(|v| v.to_str().ok()).ok_or_else(rejected)?;
        if !signature::verify(&self.secret, header, body, now) {
            return Err(rejected());
        }
        serde_json::from_slice(body).map_err(|_| rejected())
    }
}

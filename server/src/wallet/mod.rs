//! The wallet: customers' prepaid accounts per currency and the ledger behind them
//! (`docs/api/wallet.md`). The rules of each movement are core's (`logistics_core::wallet`);
//! [`ledger`] writes them as balanced entries, atomically. Around it: the customers' accounts and
//! staff's credit limits, freezing and adjustments ([`accounts`]), recharges and their review or
//! provider callback ([`recharges`], [`provider`]), the trade records ([`trades`]), holds and
//! reconciliation ([`holds`]), and the trade and payment dashboards ([`dashboard`]).

pub mod accounts;
pub mod dashboard;
pub mod holds;
pub mod ledger;
pub mod provider;
pub mod recharges;
pub mod trades;

use std::sync::LazyLock;

use axum::http::HeaderMap;
use chrono::NaiveDateTime;
use chrono_tz::Tz;
use logistics_core::wallet;
use serde::Serialize;

use crate::platform::http::AppError;
use crate::platform::idempotency;
use crate::platform::resource::customer_of;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;

/// The time zone whose days the dashboards count (`LOGISTICS_TIME_ZONE`, default Asia/Shanghai).
pub static BUSINESS_ZONE: LazyLock<Tz> = LazyLock::new(|| {
    std::env::var("LOGISTICS_TIME_ZONE").ok().and_then(|name| name.trim().parse().ok()).unwrap_or(chrono_tz::Asia::Shanghai)
});

/// The business day of a stored (UTC) time, `YYYY-MM-DD`.
pub fn business_day(t: NaiveDateTime) -> String {
    t.and_utc().with_timezone(&*BUSINESS_ZONE).format("%Y-%m-%d").to_string()
}

/// The stored (UTC) time at which the business day `day` (`YYYY-MM-DD`) starts: its first
/// local minute that exists (a day whose midnight falls in a clock change starts after it).
pub fn business_day_start(day: &str) -> Option<NaiveDateTime> {
    use chrono::TimeZone;
    let midnight = chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").ok()?.and_hms_opt(0, 0, 0)?;
    (0..=120).step_by(15).find_map(|minutes| {
        let local = midnight + chrono::Duration::minutes(minutes);
        BUSINESS_ZONE.from_local_datetime(&local).earliest().map(|t| t.naive_utc())
    })
}

/// What spends a customer's money (orders' holds): the permission a sub-account needs besides its
/// main account's.
pub const SPEND: &str = "logistics:wallet:spend";

/// The main account whose wallet the caller may spend from: its own for a customer, its main
/// account's for a sub-account granted [`SPEND`]; 403 otherwise (staff spend no wallet).
pub async fn payer(state: &AppState, me: &CurrentUser) -> Result<String, AppError> {
    let customer = customer_of(me).filter(|c| !c.is_empty()).ok_or_else(AppError::forbidden)?;
    grants::require(state, me, SPEND).await?;
    Ok(customer)
}

/// An amount as the API writes it: decimal text with the currency's places.
pub fn money(minor: i64, currency: &str) -> String {
    wallet::format(minor, currency)
}

/// Runs a money-moving call once per `Idempotency-Key` (see [`idempotency`]).
pub async fn once<T: Serialize>(
    state: &AppState,
    me: &CurrentUser,
    headers: &HeaderMap,
    call: &str,
    body: &T,
    run: impl Future<Output = Result<axum::response::Response, AppError>>,
) -> Result<axum::response::Response, AppError> {
    let key = idempotency::key_of(headers)?;
    let fingerprint = idempotency::fingerprint(call, body);
    idempotency::once(&state.db, &me.user.id, key.as_deref(), &fingerprint, run).await
}

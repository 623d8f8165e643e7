//! The numbers an order carries: its serial number (the coding rule: type, business day, a
//! sequence per tenant and day: `B2C261125000042`) and its system tracking number (UPU S10 form
//! with its check digit: `LP123456785CN`), each from a counter incremented in
//! the order's own transaction, so two orders never get the same number.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::upsert::excluded;
use diesel_async::RunQueryDsl;
use logistics_core::check_digit::Scheme;
use logistics_core::number_segment;

use crate::on_tx;
use crate::platform::db::Tx;
use crate::platform::db::prepared::Keep;
use crate::platform::db::schema::sys_counter;
use crate::platform::http::AppError;

/// The system tracking numbers' prefix and suffix (S10: two letters each).
const SYS_PREFIX: &str = "LP";
const SYS_SUFFIX: &str = "CN";

/// Adds `by` to the counter `name` (created at `by`) and answers its new value.
pub async fn bump(tx: &mut Tx<'_>, name: &str, by: i64) -> Result<i64, AppError> {
    Ok(on_tx!(tx, |c| {
        diesel::insert_into(sys_counter::table)
            .values((sys_counter::name.eq(name), sys_counter::value.eq(by)))
            .on_conflict(sys_counter::name)
            .do_update()
            .set(sys_counter::value.eq(sys_counter::value + excluded(sys_counter::value)))
            .returning(sys_counter::value)
            .kept()
            .get_result::<i64>(c)
            .await?
    }))
}

/// `count` consecutive serial numbers of `kind` orders of a tenant for the business day of `now`.
pub async fn serials(
    tx: &mut Tx<'_>,
    tenant_id: i32,
    kind: &str,
    now: NaiveDateTime,
    count: usize,
) -> Result<Vec<String>, AppError> {
    let day = day_code(now);
    let count = i64::try_from(count).map_err(AppError::internal)?;
    let last = bump(tx, &format!("serial:{tenant_id}:{day}"), count).await?;
    Ok((last - count + 1..=last).map(|n| format!("{kind}{day}{n:06}")).collect())
}

/// The business day of `now` as numbers carry it: `YYMMDD`.
pub fn day_code(now: NaiveDateTime) -> String {
    let day = crate::wallet::business_day(now).replace('-', "");
    day.get(2..).unwrap_or(&day).to_owned()
}

/// The next system tracking number of a tenant.
pub async fn sys_track_no(tx: &mut Tx<'_>, tenant_id: i32) -> Result<String, AppError> {
    let serial = bump(tx, &format!("systrack:{tenant_id}"), 1).await?;
    // S10 has eight digits: beyond them the counter wraps onto numbers long retired.
    let serial = (serial - 1) % 99_999_999 + 1;
    Ok(number_segment::number(Scheme::S10, SYS_PREFIX, SYS_SUFFIX, 99_999_999, serial))
}

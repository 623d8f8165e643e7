//! The numbers an order carries: its serial number (the coding rule: type, business day, a
//! sequence per tenant and day: `B2C261125000042`) and its system tracking number (UPU S10 form
//! with its check digit: `LP123456785CN`), each from a counter (see [`Counter`]), so two orders
//! never get the same number.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::upsert::excluded;
use diesel_async::RunQueryDsl;
use logistics_core::check_digit::Scheme;
use logistics_core::number_segment;

use crate::platform::db::prepared::Keep;
use crate::platform::db::schema::sys_counter;
use crate::platform::db::{Db, Tx};
use crate::platform::http::AppError;
use crate::{on_tx, with_write};

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

/// A counter an order draws from: its name, how many numbers, and (PostgreSQL) the value drawn
/// before the order's transaction.
///
/// A counter's row stays locked from its bump to the end of the transaction that bumped it: on
/// PostgreSQL every order of a tenant waited there for the order before it to commit (16 callers,
/// most of them waiting on that one row), so there it is drawn in a statement of its own,
/// committed at once, before the order's transaction. A number is never given twice either way;
/// one drawn for an order that then fails is not used (numbers may have gaps, never repeats).
/// SQLite writes one transaction at a time: there the bump costs nothing in the order's
/// transaction, and a commit of its own would.
pub struct Counter {
    name: String,
    count: i64,
    drawn: Option<i64>,
}

impl Counter {
    /// `count` serial numbers of a tenant's orders for the business day of `now`.
    pub fn serials(tenant_id: i32, now: NaiveDateTime, count: usize) -> Result<Counter, AppError> {
        Counter::new(format!("serial:{tenant_id}:{}", day_code(now)), count)
    }

    /// `count` system tracking numbers of a tenant.
    pub fn sys_track(tenant_id: i32, count: usize) -> Result<Counter, AppError> {
        Counter::new(format!("systrack:{tenant_id}"), count)
    }

    fn new(name: String, count: usize) -> Result<Counter, AppError> {
        Ok(Counter { name, count: i64::try_from(count).map_err(AppError::internal)?, drawn: None })
    }

    /// On PostgreSQL, the numbers drawn now, before the order's transaction; on SQLite, left for it.
    pub async fn early(mut self, db: &Db) -> Result<Counter, AppError> {
        if let Db::Postgres(..) = db {
            self.drawn = Some(with_write!(data: db, |c| bump(&mut Tx::from(c), &self.name, self.count).await?));
        }
        Ok(self)
    }

    /// The counter's serials, first to last: drawn already, or now in `tx`.
    pub async fn take(&self, tx: &mut Tx<'_>) -> Result<std::ops::RangeInclusive<i64>, AppError> {
        let last = match self.drawn {
            Some(last) => last,
            None => bump(tx, &self.name, self.count).await?,
        };
        Ok(last - self.count + 1..=last)
    }
}

/// The next number of a daily sequence: `prefix`, the business day (`YYMMDD`), four digits from
/// the counter `{counter}:{tenant}:{day}` (predict batches `PB`, packages `PK`, outbound batches
/// `OB`), committed at once: a number is never given twice.
pub async fn daily(db: &Db, tenant_id: i32, counter: &str, prefix: &str) -> Result<String, AppError> {
    let day = day_code(chrono::Utc::now().naive_utc());
    let n = crate::transaction!(data: db, |tx| bump(tx, &format!("{counter}:{tenant_id}:{day}"), 1).await)?;
    Ok(format!("{prefix}{day}{n:04}"))
}

/// Serial numbers of `kind` orders from the serials of a [`Counter::serials`].
pub fn serial_numbers(kind: &str, now: NaiveDateTime, taken: std::ops::RangeInclusive<i64>) -> Vec<String> {
    let day = day_code(now);
    taken.map(|n| format!("{kind}{day}{n:06}")).collect()
}

/// The business day of `now` as numbers carry it: `YYMMDD`.
pub fn day_code(now: NaiveDateTime) -> String {
    let day = crate::wallet::business_day(now).replace('-', "");
    day.get(2..).unwrap_or(&day).to_owned()
}

/// System tracking numbers from the serials of a [`Counter::sys_track`].
pub fn sys_track_numbers(taken: std::ops::RangeInclusive<i64>) -> Vec<String> {
    taken
        .map(|serial| {
            // S10 has eight digits: beyond them the counter wraps onto numbers long retired.
            let serial = (serial - 1) % 99_999_999 + 1;
            number_segment::number(Scheme::S10, SYS_PREFIX, SYS_SUFFIX, 99_999_999, serial)
        })
        .collect()
}

//! What scheduled jobs run: each handler by name, with what it does, what its parameter means and
//! the schedule it is seeded with. A handler answers a line for the history, or fails with the
//! reason (the scheduler retries it).

use std::future::Future;
use std::pin::Pin;

use chrono::{Duration, Utc};
use logistics_core::MessageKey;

use crate::state::AppState;

pub type Outcome = Result<String, String>;
type Run = for<'a> fn(&'a AppState, Option<&'a str>) -> Pin<Box<dyn Future<Output = Outcome> + Send + 'a>>;

pub struct Handler {
    pub name: &'static str,
    pub description: MessageKey,
    pub parameter: Option<MessageKey>,
    /// The schedule it is seeded with (Quartz cron).
    pub cron: &'static str,
    pub run: Run,
}

fn failed(e: crate::platform::http::AppError) -> String {
    format!("{}: {:?}", e.error.key.key(), e.cause)
}

pub const HANDLERS: &[Handler] = &[
    Handler {
        name: "wallet.expireHolds",
        description: MessageKey::JobExpireHolds,
        parameter: None,
        cron: "0 * * * * ?",
        run: |state, _| {
            Box::pin(async move {
                let n = crate::wallet::ledger::expire_holds(&state.db, Utc::now().naive_utc()).await.map_err(failed)?;
                Ok(format!("{n} holds released"))
            })
        },
    },
    Handler {
        name: "idempotency.purge",
        description: MessageKey::JobPurgeKeys,
        parameter: None,
        cron: "0 */10 * * * ?",
        run: |state, _| {
            Box::pin(async move {
                let n = crate::platform::idempotency::purge(&state.db, Utc::now().naive_utc()).await.map_err(failed)?;
                Ok(format!("{n} keys forgotten"))
            })
        },
    },
    Handler {
        name: "tracking.poll",
        description: MessageKey::JobTrackingPoll,
        parameter: None,
        cron: "0 0/15 * * * ?",
        run: |state, _| {
            Box::pin(async move {
                let report = crate::tracking::poll::poll(state, None).await.map_err(failed)?;
                Ok(format!("{} events stored", report.stored))
            })
        },
    },
    Handler {
        name: "wms.fees",
        description: MessageKey::JobWmsFees,
        parameter: Some(MessageKey::JobWmsFeesParameter),
        cron: "0 10 0 * * ?",
        run: |state, parameter| {
            Box::pin(async move {
                let day = match parameter.map(str::trim).filter(|p| !p.is_empty()) {
                    Some(day) => day.to_owned(),
                    None => crate::wallet::business_day(Utc::now().naive_utc() - Duration::days(1)),
                };
                let run = crate::wms::fees::run(&state.db, None, &day).await.map_err(failed)?;
                Ok(format!("{}: {} assessed, {} charged, {} due", run.fee_date, run.assessed, run.charged, run.due))
            })
        },
    },
    Handler {
        name: "wms.reconcile",
        description: MessageKey::JobWmsReconcile,
        parameter: None,
        cron: "0 0 3 * * ?",
        run: |state, _| {
            Box::pin(async move {
                let report = crate::wms::ledger::reconcile(&state.db, None).await.map_err(failed)?;
                if report.balanced {
                    Ok(format!("{} stock rows, {} locations: balanced", report.stock_rows, report.locations))
                } else {
                    let first =
                        report.mismatches.first().map(|m| format!("{} {}: {} ≠ {}", m.what, m.code, m.recorded, m.summed));
                    Err(format!("{} mismatches, first {}", report.mismatches.len(), first.unwrap_or_default()))
                }
            })
        },
    },
    Handler {
        name: "logs.retention",
        description: MessageKey::JobLogRetention,
        parameter: Some(MessageKey::JobLogRetentionParameter),
        cron: "0 30 3 * * ?",
        run: |state, parameter| {
            Box::pin(async move {
                let days = match parameter.map(str::trim).filter(|p| !p.is_empty()) {
                    None => 180,
                    Some(text) => text
                        .parse::<i64>()
                        .ok()
                        .filter(|d| (7..=3650).contains(d))
                        .ok_or_else(|| format!("the parameter must be 7 to 3650 days, not {text}"))?,
                };
                let n = purge_logs(&state.db, Utc::now().naive_utc() - Duration::days(days)).await.map_err(failed)?;
                Ok(format!("{n} log lines older than {days} days removed"))
            })
        },
    },
];

/// The handler of that name.
pub fn find(name: &str) -> Option<&'static Handler> {
    HANDLERS.iter().find(|h| h.name == name)
}

/// Removes the log lines (operations, logins, visits) written before `before`.
async fn purge_logs(
    db: &crate::platform::db::Db,
    before: chrono::NaiveDateTime,
) -> Result<usize, crate::platform::http::AppError> {
    use crate::platform::db::schema::sys_log;
    use diesel::prelude::*;
    use diesel_async::RunQueryDsl;
    Ok(
        crate::with_write!(data: db, |conn| diesel::delete(sys_log::table.filter(sys_log::create_time.lt(before))).execute(conn).await?),
    )
}

//! Runs scheduled jobs, once per slot across a cluster. Every instance ticks when the next slot
//! of any job is due (and at least every few seconds): a job whose next fire time has come is claimed by moving that time on to the next slot with a
//! conditional update (`WHERE next_fire_time = the slot`): of several instances one changes the
//! row, the others none, so one runs the slot. Slots missed while every instance was down fire
//! once, then the schedule goes on from now. Each attempt is a line of the history, unique per
//! job, slot and attempt, holding a lease: a run whose instance died stays `running` until its
//! lease expires, then shows `failed`; the next slot runs as usual. A failed attempt is tried again
//! after 5 s, then 10 s; a run lasting longer than its lease is stopped and failed.

use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration as StdDuration;

use chrono::{Duration, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::cron;

use super::{QuartzJobRecord, RUNNING, handlers, next_fire};
use crate::platform::db::Db;
use crate::platform::db::schema::{sys_quartz_job as j, sys_quartz_job_log as g};
use crate::platform::http::AppError;
use crate::platform::secrets;
use crate::state::AppState;
use crate::{with_conn, with_write};

/// The longest an instance waits between two looks for due jobs.
const TICK: StdDuration = StdDuration::from_secs(5);
/// How long a run may take before it is stopped (and a dead instance's run shows failed).
const LEASE_MINUTES: i64 = 10;
/// Attempts per run: the first and two retries.
const ATTEMPTS: i32 = 3;
/// The wait before the first retry, in milliseconds (doubled before each next one); the tests
/// shorten it.
pub static RETRY_AFTER_MS: AtomicU64 = AtomicU64::new(5_000);

/// This instance, as the history names it.
pub static INSTANCE: LazyLock<String> = LazyLock::new(|| {
    let host = std::env::var("HOSTNAME").ok().filter(|h| !h.is_empty()).unwrap_or_else(|| "local".to_owned());
    format!("{host}-{}", &secrets::new_id()[..8])
});

/// A due job: id, handler, cron, parameter, the slot.
type Due = (String, String, String, Option<String>, Option<NaiveDateTime>);

/// The scheduler's loop (with `LOGISTICS_WORKERS` on): a tick, then a sleep until the next due
/// slot of any job (at most [`TICK`]), so a job firing every second runs every second.
pub async fn run(state: AppState) {
    loop {
        if let Err(e) = once(&state).await {
            tracing::warn!(error = ?e.cause, "scheduler: a tick failed");
        }
        let wait = match until_next(&state.db).await {
            Ok(wait) => wait,
            Err(e) => {
                tracing::warn!(error = ?e.cause, "scheduler: the next slot was not read");
                TICK
            }
        };
        tokio::time::sleep(wait).await;
    }
}

/// How long until the earliest next fire time of the running jobs: at most a tick, and at least
/// a moment (a slot due now that another instance has not moved on yet is looked at again soon).
async fn until_next(db: &Db) -> Result<StdDuration, AppError> {
    let next: Option<NaiveDateTime> = with_conn!(db, |conn| j::table
        .filter(j::status.eq(RUNNING))
        .select(diesel::dsl::min(j::next_fire_time))
        .first(conn)
        .await?);
    let now = Utc::now().naive_utc();
    Ok(match next {
        Some(at) => (at - now).to_std().unwrap_or(StdDuration::ZERO).clamp(StdDuration::from_millis(100), TICK),
        None => TICK,
    })
}

/// One tick: expired leases marked failed, then every due job's slot claimed and started.
pub async fn once(state: &AppState) -> Result<usize, AppError> {
    let now = Utc::now().naive_utc();
    // A read first: the write (on SQLite, the one writer) only when a lease has run out.
    let expired: i64 = with_conn!(&state.db, |conn| g::table
        .filter(g::status.eq("running"))
        .filter(g::lease_until.lt(now))
        .count()
        .get_result(conn)
        .await?);
    if expired > 0 {
        with_write!(data: &state.db, |conn| diesel::update(g::table.filter(g::status.eq("running")).filter(g::lease_until.lt(now)))
            .set((g::status.eq("failed"), g::message.eq("lease expired: the instance running it stopped"), g::end_time.eq(now)))
            .execute(conn)
            .await?);
    }
    let due: Vec<Due> = with_conn!(&state.db, |conn| j::table
        .filter(j::status.eq(RUNNING))
        .filter(j::next_fire_time.le(now))
        .select((j::id, j::job_class_name, j::cron_expression, j::parameter, j::next_fire_time))
        .load(conn)
        .await?);
    let mut started = 0;
    for (id, name, expression, parameter, slot) in due {
        let Some(slot) = slot else { continue };
        let next = cron::parse(&expression).ok().and_then(|c| next_fire(&c, now));
        let claimed = with_write!(data: &state.db, |conn| diesel::update(
            j::table.filter(j::id.eq(&id)).filter(j::status.eq(RUNNING)).filter(j::next_fire_time.eq(slot))
        )
        .set((j::next_fire_time.eq(next), j::last_fire_time.eq(slot), j::last_status.eq("running")))
        .execute(conn)
        .await?);
        if claimed == 1 {
            started += 1;
            tokio::spawn(attempts(state.clone(), Run { job_id: id, name, parameter, slot, trigger: "schedule" }, None));
        }
    }
    Ok(started)
}

/// A run of a job for a slot.
struct Run {
    job_id: String,
    name: String,
    parameter: Option<String>,
    slot: NaiveDateTime,
    trigger: &'static str,
}

/// Writes an attempt's history line; None when another instance wrote it first.
async fn begin(db: &Db, run: &Run, attempt: i32) -> Result<Option<String>, AppError> {
    let id = secrets::new_id();
    let now = Utc::now().naive_utc();
    let written = with_write!(data: db, |conn| diesel::insert_into(g::table)
        .values((
            g::id.eq(&id),
            g::job_id.eq(&run.job_id),
            g::job_class_name.eq(&run.name),
            g::slot_time.eq(run.slot),
            g::trigger_type.eq(run.trigger),
            g::instance.eq(&*INSTANCE),
            g::attempt.eq(attempt),
            g::status.eq("running"),
            g::start_time.eq(now),
            g::lease_until.eq(now + Duration::minutes(LEASE_MINUTES)),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?);
    Ok((written == 1).then_some(id))
}

/// Runs the attempts of a run (the first one's line already written when `first` is given).
async fn attempts(state: AppState, run: Run, first: Option<String>) {
    let mut line = first;
    for attempt in 1..=ATTEMPTS {
        let id = match line.take() {
            Some(id) => id,
            None => match begin(&state.db, &run, attempt).await {
                Ok(Some(id)) => id,
                Ok(None) => return,
                Err(e) => {
                    tracing::warn!(error = ?e.cause, job = run.name, "scheduler: the history line was not written");
                    return;
                }
            },
        };
        let started = std::time::Instant::now();
        let outcome = match handlers::find(&run.name) {
            Some(h) => match tokio::time::timeout(
                StdDuration::from_secs(60 * LEASE_MINUTES as u64),
                (h.run)(&state, run.parameter.as_deref()),
            )
            .await
            {
                Ok(outcome) => outcome,
                Err(_) => Err(format!("stopped after {LEASE_MINUTES} minutes")),
            },
            None => Err(format!("no handler {}", run.name)),
        };
        let ok = outcome.is_ok();
        let message: String = match outcome {
            Ok(m) | Err(m) => m.chars().take(1000).collect(),
        };
        let now = Utc::now().naive_utc();
        let millis = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
        let status = if ok { "success" } else { "failed" };
        let ended = async {
            with_write!(data: &state.db, |conn| diesel::update(g::table.filter(g::id.eq(&id)).filter(g::status.eq("running")))
                .set((g::status.eq(status), g::message.eq(&message), g::end_time.eq(now), g::duration_ms.eq(millis)))
                .execute(conn)
                .await?);
            with_write!(data: &state.db, |conn| diesel::update(j::table.filter(j::id.eq(&run.job_id))).set(j::last_status.eq(status)).execute(conn).await?);
            Ok::<(), AppError>(())
        }
        .await;
        if let Err(e) = ended {
            tracing::warn!(error = ?e.cause, job = run.name, "scheduler: the result was not written");
        }
        if ok {
            return;
        }
        if attempt < ATTEMPTS {
            tokio::time::sleep(StdDuration::from_millis(AtomicU64::load(&RETRY_AFTER_MS, Ordering::Relaxed) << (attempt - 1)))
                .await;
        }
    }
}

/// Starts a run of `job` now, besides its schedule: answers its history line's id.
pub async fn start_manual(state: &AppState, job: &QuartzJobRecord) -> Result<String, AppError> {
    let run = Run {
        job_id: job.id.clone(),
        name: job.job_class_name.clone(),
        parameter: job.parameter.clone(),
        slot: Utc::now().naive_utc(),
        trigger: "manual",
    };
    let id = begin(&state.db, &run, 1).await?.ok_or_else(|| AppError::conflict(logistics_core::MessageKey::Conflict))?;
    with_write!(data: &state.db, |conn| diesel::update(j::table.filter(j::id.eq(&job.id))).set(j::last_status.eq("running")).execute(conn).await?);
    tokio::spawn(attempts(state.clone(), run, Some(id.clone())));
    Ok(id)
}

/// Pauses (no next fire time) or resumes (from `next`) a job.
pub async fn set_status(db: &Db, id: &str, status: i16, next: Option<NaiveDateTime>, by: &str) -> Result<(), AppError> {
    let now = Utc::now().naive_utc();
    with_write!(data: db, |conn| diesel::update(j::table.filter(j::id.eq(id)))
        .set((j::status.eq(status), j::next_fire_time.eq(next), j::update_by.eq(by), j::update_time.eq(now)))
        .execute(conn)
        .await?);
    Ok(())
}

/// Seeds a job for each handler that has none (on schedule, with its default cron).
pub async fn seed(db: &Db) -> Result<(), AppError> {
    let now = Utc::now().naive_utc();
    for h in handlers::HANDLERS {
        let next = cron::parse(h.cron).ok().and_then(|c| next_fire(&c, now));
        with_write!(data: db, |conn| diesel::insert_into(j::table)
            .values((
                j::id.eq(secrets::new_id()),
                j::job_class_name.eq(h.name),
                j::cron_expression.eq(h.cron),
                j::status.eq(RUNNING),
                j::next_fire_time.eq(next),
                j::create_by.eq("system"),
                j::create_time.eq(now),
            ))
            .on_conflict_do_nothing()
            .execute(conn)
            .await?);
    }
    Ok(())
}

//! Scheduled jobs (`/sys/quartzJob/*`, JeecgBoot's names): each a handler registered in code
//! ([`handlers`]: hold expiry, idempotency keys, tracking polling, warehouse fees, the stock
//! reconciliation, log retention), a Quartz cron expression (core's `cron`, in the business time
//! zone) and a parameter; staff add, edit, pause, resume, run now and delete them. The
//! [`scheduler`] on every instance runs each slot once per cluster: an instance claims a slot by
//! moving the job's next fire time on with a conditional update, so two never both run it; every
//! run is a line of the history (`/sys/quartzJob/log/list`) with its start, duration, result and
//! error, retried with backoff when it fails; a run whose instance died is marked failed when its
//! lease runs out, and the next slot runs as usual.

pub mod handlers;
pub mod scheduler;

use chrono::{NaiveDateTime, TimeZone, Utc};
use diesel::QueryableByName;
use logistics_core::MessageKey;
use logistics_core::cron::{self, Civil, Cron};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::platform::caller::Caller;
use crate::platform::db::schema::{sys_quartz_job, sys_quartz_job_log};
use crate::platform::http::page::{IdQuery, Order};
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiQuery, ApiResult, AppError, ok};
use crate::platform::resource::handlers::read;
use crate::platform::resource::sql::Value;
use crate::platform::resource::{Checked, Field, Filter, Kind, Resource, Scope};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::wallet::BUSINESS_ZONE;

/// A job's status, JeecgBoot's: 0 runs on schedule, -1 paused.
pub const RUNNING: i16 = 0;
pub const PAUSED: i16 = -1;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = sys_quartz_job)]
#[serde(rename_all = "camelCase")]
pub struct QuartzJobRecord {
    pub id: String,
    /// The handler's name (see `GET /sys/quartzJob/handlers`).
    pub job_class_name: String,
    pub cron_expression: String,
    pub parameter: Option<String>,
    pub description: Option<String>,
    /// 0 on schedule, -1 paused.
    pub status: i16,
    /// When the next slot fires (UTC), none while paused.
    pub next_fire_time: Option<DateTime>,
    pub last_fire_time: Option<DateTime>,
    /// success, failed or running: the last run's.
    pub last_status: Option<String>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
    pub update_by: Option<String>,
    pub update_time: Option<DateTime>,
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuartzJobForm {
    pub id: Option<String>,
    #[serde(default)]
    pub job_class_name: String,
    #[serde(default)]
    pub cron_expression: String,
    pub parameter: Option<String>,
    pub description: Option<String>,
    /// 0 on schedule (default), -1 paused.
    pub status: Option<i16>,
}

pub struct QuartzJobs;

impl Resource for QuartzJobs {
    const PATH: &'static str = "/sys/quartzJob";
    const PERMISSION: &'static str = "system:quartzJob";
    const NOUN: &'static str = "scheduled job";
    const PLURAL: &'static str = "scheduled jobs";
    const TABLE: &'static str = "sys_quartz_job";
    const SCOPE: Scope = Scope::Platform;
    const FIELDS: &'static [Field] = &[
        Field::text("jobClassName", "job_class_name").sortable().titled(MessageKey::FieldJobHandler),
        Field::text("cronExpression", "cron_expression").titled(MessageKey::FieldCron),
        Field::text("parameter", "parameter").titled(MessageKey::FieldJobParameter),
        Field::text("description", "description").titled(MessageKey::FieldDescription),
        Field::small("status", "status").sortable().titled(MessageKey::FieldState),
        Field::time("nextFireTime", "next_fire_time").sortable().titled(MessageKey::FieldJobNextFire),
        Field::time("lastFireTime", "last_fire_time").sortable().titled(MessageKey::FieldJobLastFire),
        Field::text("lastStatus", "last_status"),
        Field::time("createTime", "create_time").sortable(),
        Field::time("updateTime", "update_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("jobClassName", &["job_class_name", "description"], "A handler's name or a description, substring."),
        Filter::one_of("status", &["status"], &["0", "-1"], Kind::Small, "0 on schedule, -1 paused."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("jobClassName", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("jobClassName", MessageKey::JobTaken));
    const HAS_UPDATE_BY: bool = true;
    const DATA_RULES: bool = false;
    const CASCADE: &'static [(&'static str, &'static str)] = &[("sys_quartz_job_log", "job_id")];

    crate::record_form!(QuartzJobRecord, QuartzJobForm, job_class_name);

    async fn values(_: &AppState, _: &CurrentUser, form: &QuartzJobForm, before: Option<&QuartzJobRecord>) -> Checked {
        let name = form.job_class_name.trim();
        if handlers::find(name).is_none() {
            return Err(
                AppError::field("jobClassName", MessageKey::JobUnknown).with("name", name.chars().take(60).collect::<String>())
            );
        }
        let expression = form.cron_expression.split_whitespace().collect::<Vec<_>>().join(" ");
        let parsed = cron::parse(&expression)?;
        let text = |value: &Option<String>, field: &str, label: MessageKey, max: usize| {
            crate::platform::resource::form::optional(field, label, value, max)
        };
        let parameter = text(&form.parameter, "parameter", MessageKey::FieldJobParameter, 500)?;
        let description = text(&form.description, "description", MessageKey::FieldDescription, 200)?;
        let status = match form.status.or(before.map(|b| b.status)).unwrap_or(RUNNING) {
            RUNNING => RUNNING,
            PAUSED => PAUSED,
            _ => return Err(AppError::field("status", MessageKey::BadRequest)),
        };
        // An expression that never fires is refused, paused or not.
        let next = next_fire(&parsed, Utc::now().naive_utc()).ok_or_else(never)?;
        let next = (status == RUNNING).then_some(next);
        Ok(vec![
            ("job_class_name", name.to_owned().into()),
            ("cron_expression", expression.into()),
            ("parameter", parameter.into()),
            ("description", description.into()),
            ("status", Value::Small(status)),
            ("next_fire_time", Value::OptTime(next)),
        ])
    }
}

fn never() -> AppError {
    AppError::field("cronExpression", MessageKey::CronNever)
}

fn civil(t: NaiveDateTime) -> Civil {
    use chrono::{Datelike, Timelike};
    let local = t.and_utc().with_timezone(&*BUSINESS_ZONE);
    (local.year(), local.month(), local.day(), local.hour(), local.minute(), local.second())
}

fn utc_of(c: Civil) -> Option<NaiveDateTime> {
    let date = chrono::NaiveDate::from_ymd_opt(c.0, c.1, c.2)?.and_hms_opt(c.3, c.4, c.5)?;
    // A time the clocks skip (a DST gap) fires at the first instant after it.
    BUSINESS_ZONE
        .from_local_datetime(&date)
        .earliest()
        .or_else(|| BUSINESS_ZONE.from_local_datetime(&(date + chrono::Duration::hours(1))).earliest())
        .map(|t| t.naive_utc())
}

/// The first slot of `cron` strictly after `after` (UTC), in the business zone's calendar.
pub fn next_fire(cron: &Cron, after: NaiveDateTime) -> Option<NaiveDateTime> {
    let mut at = civil(after);
    for _ in 0..4 {
        let next = cron.next(at)?;
        match utc_of(next) {
            Some(t) if t > after => return Some(t),
            _ => at = next,
        }
    }
    None
}

/// A registered handler: its name and what it does, in both languages.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobHandler {
    pub name: String,
    pub description: String,
    /// What its parameter means; none when it takes none.
    pub parameter: Option<String>,
    /// The schedule it is seeded with.
    pub default_cron: String,
}

/// The handlers jobs may run.
#[utoipa::path(get, path = "/sys/quartzJob/handlers", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<Vec<JobHandler>>), (status = 403)))]
pub async fn list_handlers(Caller(state, me): Caller) -> ApiResult<Vec<JobHandler>> {
    grants::require(&state, &me, "system:quartzJob:list").await?;
    let lang = crate::platform::http::current_lang();
    ok(handlers::HANDLERS
        .iter()
        .map(|h| JobHandler {
            name: h.name.to_owned(),
            description: logistics_core::FieldError::new("", h.description).message(lang),
            parameter: h.parameter.map(|p| logistics_core::FieldError::new("", p).message(lang)),
            default_cron: h.cron.to_owned(),
        })
        .collect())
}

/// Pauses a job: its slots no longer fire (a run under way finishes).
#[utoipa::path(get, path = "/sys/quartzJob/pause", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<QuartzJobRecord>), (status = 403), (status = 404)))]
pub async fn pause(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<QuartzJobRecord> {
    grants::require(&state, &me, "system:quartzJob:edit").await?;
    let job = read::<QuartzJobs>(&state, &me, q.id.as_deref().unwrap_or("")).await?;
    scheduler::set_status(&state.db, &job.id, PAUSED, None, &me.user.username).await?;
    ok(read::<QuartzJobs>(&state, &me, &job.id).await?)
}

/// Resumes a paused job from the next slot after now (slots missed while paused do not run).
#[utoipa::path(get, path = "/sys/quartzJob/resume", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<QuartzJobRecord>), (status = 403), (status = 404)))]
pub async fn resume(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<QuartzJobRecord> {
    grants::require(&state, &me, "system:quartzJob:edit").await?;
    let job = read::<QuartzJobs>(&state, &me, q.id.as_deref().unwrap_or("")).await?;
    let parsed = cron::parse(&job.cron_expression)?;
    let next = next_fire(&parsed, Utc::now().naive_utc()).ok_or_else(never)?;
    scheduler::set_status(&state.db, &job.id, RUNNING, Some(next), &me.user.username).await?;
    ok(read::<QuartzJobs>(&state, &me, &job.id).await?)
}

/// Runs a job now, once, besides its schedule (paused or not); answers its history line as it
/// starts: the run goes on in the background and its result shows in the history.
#[utoipa::path(get, path = "/sys/quartzJob/execute", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<QuartzJobLogRecord>), (status = 403), (status = 404)))]
pub async fn execute(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<QuartzJobLogRecord> {
    grants::require(&state, &me, "system:quartzJob:execute").await?;
    let job = read::<QuartzJobs>(&state, &me, q.id.as_deref().unwrap_or("")).await?;
    let id = scheduler::start_manual(&state, &job).await?;
    ok(read::<QuartzJobLogs>(&state, &me, &id).await?)
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct CronQuery {
    #[serde(default)]
    pub cron_expression: String,
}

/// The next five times an expression fires (the business zone's calendar, as UTC times).
#[utoipa::path(get, path = "/sys/quartzJob/nextFireTimes", tag = "system", params(CronQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<String>>), (status = 400, description = "Not a cron expression (the field named)"), (status = 403)))]
pub async fn next_fire_times(Caller(state, me): Caller, ApiQuery(q): ApiQuery<CronQuery>) -> ApiResult<Vec<DateTime>> {
    grants::require(&state, &me, "system:quartzJob:list").await?;
    let parsed = cron::parse(&q.cron_expression)?;
    let mut at = Utc::now().naive_utc();
    let mut out = Vec::new();
    while out.len() < 5 {
        match next_fire(&parsed, at) {
            Some(t) => {
                out.push(DateTime(t));
                at = t;
            }
            None if out.is_empty() => return Err(never()),
            None => break,
        }
    }
    ok(out)
}

/// A line of a job's history: one attempt of one run.
#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = sys_quartz_job_log)]
#[serde(rename_all = "camelCase")]
pub struct QuartzJobLogRecord {
    pub id: String,
    pub job_id: String,
    pub job_class_name: String,
    /// The slot it ran for (a manual run: when it was asked).
    pub slot_time: DateTime,
    /// schedule or manual.
    pub trigger_type: String,
    /// The instance that ran it.
    pub instance: String,
    /// 1 the first time, then each retry.
    pub attempt: i32,
    /// running, success, failed.
    pub status: String,
    /// What it did, or why it failed.
    pub message: Option<String>,
    pub start_time: DateTime,
    pub end_time: Option<DateTime>,
    pub duration_ms: Option<i64>,
}

pub struct QuartzJobLogs;

impl Resource for QuartzJobLogs {
    const PATH: &'static str = "/sys/quartzJob/log";
    const PERMISSION: &'static str = "system:quartzJob";
    const NOUN: &'static str = "job run";
    const PLURAL: &'static str = "job runs";
    const TABLE: &'static str = "sys_quartz_job_log";
    const SCOPE: Scope = Scope::Platform;
    const FIELDS: &'static [Field] = &[
        Field::time("startTime", "start_time").sortable().titled(MessageKey::FieldTime),
        Field::text("jobClassName", "job_class_name").sortable().titled(MessageKey::FieldJobHandler),
        Field::time("slotTime", "slot_time").sortable(),
        Field::text("triggerType", "trigger_type"),
        Field::text("instance", "instance"),
        Field::int("attempt", "attempt"),
        Field::text("status", "status").sortable().titled(MessageKey::FieldState),
        Field::text("message", "message").titled(MessageKey::FieldStatusNote),
        Field::big("durationMs", "duration_ms").sortable(),
        Field::time("endTime", "end_time"),
        Field::text("jobId", "job_id"),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::exact("jobId", &["job_id"], "One job's id."),
        Filter::one_of("status", &["status"], &["running", "success", "failed"], Kind::Text, "running, success or failed."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("startTime", Order::Desc);
    const HAS_CREATE_BY: bool = false;
    const HAS_CREATE_TIME: bool = false;
    const DATA_RULES: bool = false;

    crate::read_only!(QuartzJobLogRecord, |r| format!("{} {}", r.job_class_name, r.attempt));
}

//! Long work a user started (an import's commit, later label batches): a row with its progress
//! that the work updates as it goes and the page polls (`GET /sys/task/queryById`), so any
//! instance answers and a reload keeps the bar. Only the user who started a task reads it.

use chrono::Utc;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::caller::Caller;
use crate::platform::db::Db;
use crate::platform::db::schema::sys_task;
use crate::platform::http::page::IdQuery;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiQuery, ApiResult, AppError, ok};
use crate::platform::secrets;
use crate::system::auth::CurrentUser;
use crate::with_conn;

pub const RUNNING: &str = "running";
pub const DONE: &str = "done";
pub const FAILED: &str = "failed";

/// A task as its page sees it.
#[derive(Debug, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = sys_task)]
#[serde(rename_all = "camelCase")]
pub struct Task {
    pub id: String,
    /// What the work is (`shipment_import`).
    pub kind: String,
    /// `running`, `done` or `failed`.
    pub status: String,
    /// Units of work in all (rows, labels).
    pub total: i32,
    /// Units done so far.
    pub done: i32,
    /// The finished work's report (JSON text), as its call documents it.
    pub result: Option<String>,
    /// Why it failed, in the starting user's language.
    pub message: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

/// Records a task of `total` units for a user; answers its id.
pub async fn start(db: &Db, tenant_id: i32, user_id: &str, kind: &str, total: usize) -> Result<String, AppError> {
    let id = secrets::new_id();
    let total = i32::try_from(total).unwrap_or(i32::MAX);
    with_conn!(db, |conn| {
        diesel::insert_into(sys_task::table)
            .values((
                sys_task::id.eq(&id),
                sys_task::tenant_id.eq(tenant_id),
                sys_task::user_id.eq(user_id),
                sys_task::kind.eq(kind),
                sys_task::status.eq(RUNNING),
                sys_task::total.eq(total),
                sys_task::done.eq(0),
                sys_task::create_time.eq(Utc::now().naive_utc()),
            ))
            .execute(conn)
            .await?
    });
    Ok(id)
}

/// Moves a running task's count on.
pub async fn progress(db: &Db, id: &str, done: usize) -> Result<(), AppError> {
    let done = i32::try_from(done).unwrap_or(i32::MAX);
    with_conn!(db, |conn| {
        diesel::update(sys_task::table.filter(sys_task::id.eq(id)).filter(sys_task::status.eq(RUNNING)))
            .set((sys_task::done.eq(done), sys_task::update_time.eq(Utc::now().naive_utc())))
            .execute(conn)
            .await?
    });
    Ok(())
}

/// Ends a task: done with its report, or failed with the reason.
pub async fn finish(db: &Db, id: &str, outcome: Result<serde_json::Value, String>) -> Result<(), AppError> {
    let (status, result, message) = match outcome {
        Ok(report) => (DONE, Some(report.to_string()), None),
        Err(reason) => (FAILED, None, Some(reason)),
    };
    with_conn!(db, |conn| {
        diesel::update(sys_task::table.filter(sys_task::id.eq(id)))
            .set((
                sys_task::status.eq(status),
                sys_task::result.eq(&result),
                sys_task::message.eq(&message),
                sys_task::update_time.eq(Utc::now().naive_utc()),
            ))
            .execute(conn)
            .await?
    });
    Ok(())
}

/// A task of the caller's, with its progress.
#[utoipa::path(get, path = "/sys/task/queryById", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Task>), (status = 404, description = "No task of the caller's has this id")))]
pub async fn query_by_id(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<Task> {
    ok(find(&state.db, &me, &q.id.unwrap_or_default()).await?)
}

/// A task the user started, or 404.
pub async fn find(db: &Db, me: &CurrentUser, id: &str) -> Result<Task, AppError> {
    let user = me.user.id.clone();
    let task = with_conn!(db, |conn| {
        sys_task::table
            .filter(sys_task::id.eq(id))
            .filter(sys_task::tenant_id.eq(me.tenant_id))
            .filter(sys_task::user_id.eq(&user))
            .select(Task::as_select())
            .first(conn)
            .await
            .optional()?
    });
    task.ok_or_else(AppError::not_found)
}

//! The login and operation log (JeecgBoot's `sys_log`): who, when, from where, with what result.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use crate::platform::db::schema::sys_log;
use crate::platform::db::{Db, DbResult, Tx};
use crate::platform::http::AppError;
use crate::platform::secrets;
use crate::system::auth::CurrentUser;
use crate::system::users::User;
use crate::{on_tx, with_conn, with_write};

pub mod admin;

pub const LOGIN: i16 = 1;
pub const OPERATION: i16 = 2;
/// A page the signed-in user opened (reported by the web).
pub const VISIT: i16 = 3;

/// The sign-in log's entries for sign-outs carry this URL (they are not visits).
pub const LOGOUT_URL: &str = "/sys/logout";

/// JeecgBoot's operate types.
pub const OP_ADD: i16 = 2;
pub const OP_EDIT: i16 = 3;
pub const OP_DELETE: i16 = 4;
/// Grants, freezes, password resets.
pub const OP_OTHER: i16 = 5;

/// One sign-in attempt, successful or not.
pub struct LoginEntry<'a> {
    pub ok: bool,
    pub user_id: Option<&'a str>,
    pub username: &'a str,
    pub ip: &'a str,
    pub tenant_id: Option<i32>,
    /// What happened, in plain words for the log page ("password sign-in", "wrong password").
    pub content: &'a str,
    pub url: &'a str,
}

impl<'a> LoginEntry<'a> {
    /// An attempt naming `username` from `ip` at `url`, by `user` when the name is an account's.
    pub fn new(ok: bool, user: Option<&'a User>, username: &'a str, ip: &'a str, content: &'a str, url: &'a str) -> Self {
        LoginEntry { ok, user_id: user.map(|u| u.id.as_str()), username, ip, tenant_id: user.map(|u| u.tenant_id), content, url }
    }
}

pub async fn login(db: &Db, entry: LoginEntry<'_>) -> DbResult<()> {
    if !entry.ok {
        tracing::warn!(username = %entry.username, ip = %entry.ip, reason = %entry.content, "sign-in failed");
    }
    let username: String = entry.username.chars().take(100).collect();
    let row = NewLog {
        ok: entry.ok,
        userid: entry.user_id,
        username: &username,
        ip: entry.ip,
        method: Some("POST"),
        request_url: Some(entry.url),
        tenant_id: entry.tenant_id,
        ..NewLog::new(LOGIN, entry.content)
    };
    write(db, row).await
}

/// A log entry as written (the id and time are set by [`write`]).
#[derive(Insertable)]
#[diesel(table_name = sys_log, treat_none_as_null = true)]
pub(crate) struct NewLog<'a> {
    pub log_type: i16,
    pub log_content: &'a str,
    pub ok: bool,
    pub userid: Option<&'a str>,
    pub username: &'a str,
    pub ip: &'a str,
    pub method: Option<&'a str>,
    pub request_url: Option<&'a str>,
    pub tenant_id: Option<i32>,
    pub operate_type: Option<i16>,
    pub before_value: Option<&'a str>,
    pub after_value: Option<&'a str>,
}

impl<'a> NewLog<'a> {
    /// A successful entry of a type with its content, by nobody in particular.
    pub(crate) fn new(log_type: i16, log_content: &'a str) -> NewLog<'a> {
        NewLog {
            log_type,
            log_content,
            ok: true,
            userid: None,
            username: "",
            ip: "",
            method: None,
            request_url: None,
            tenant_id: None,
            operate_type: None,
            before_value: None,
            after_value: None,
        }
    }
}

/// Writes one entry, with a new id and the current time.
pub(crate) async fn write(db: &Db, row: NewLog<'_>) -> DbResult<()> {
    let id = secrets::new_id();
    // Business data: the cache of sessions stays.
    with_write!(data: db, |conn| {
        diesel::insert_into(sys_log::table)
            .values((row, sys_log::id.eq(&id), sys_log::create_time.eq(chrono::Utc::now().naive_utc())))
            .execute(conn)
            .await?;
    });
    Ok(())
}

/// The user's last successful sign-in before the current one: `(time, ip)`.
pub async fn previous_login(db: &Db, user_id: &str) -> DbResult<Option<(chrono::NaiveDateTime, Option<String>)>> {
    let rows: Vec<(chrono::NaiveDateTime, Option<String>)> = with_conn!(db, |conn| {
        sys_log::table
            .filter(sys_log::userid.eq(user_id))
            .filter(sys_log::log_type.eq(LOGIN))
            .filter(sys_log::ok.eq(true))
            .order(sys_log::create_time.desc())
            .select((sys_log::create_time, sys_log::ip))
            .limit(2)
            .load(conn)
            .await?
    });
    Ok(rows.into_iter().nth(1))
}

/// One change made by a signed-in user: what (`action`, the permission code it used, and the
/// record), and the record before and after as JSON (never with passwords).
pub struct Operation<'a> {
    pub action: &'a str,
    pub target: &'a str,
    pub operate_type: i16,
    pub before: Option<serde_json::Value>,
    pub after: Option<serde_json::Value>,
}

impl Operation<'_> {
    /// The entry's content and its JSON before and after.
    fn texts(self) -> (String, Option<String>, Option<String>) {
        let content: String = format!("{} {}", self.action, self.target).chars().take(1000).collect();
        (content, self.before.map(|v| v.to_string()), self.after.map(|v| v.to_string()))
    }
}

/// The row of an operation entry by `me`.
fn operation_row<'a>(me: &'a CurrentUser, operate_type: i16, texts: &'a (String, Option<String>, Option<String>)) -> NewLog<'a> {
    NewLog {
        userid: Some(&me.user.id),
        username: &me.user.username,
        ip: &me.ip,
        tenant_id: Some(me.tenant_id),
        operate_type: Some(operate_type),
        before_value: texts.1.as_deref(),
        after_value: texts.2.as_deref(),
        ..NewLog::new(OPERATION, &texts.0)
    }
}

/// Writes the operation log entry; a failure to log is logged, never the user's problem.
pub async fn operation(db: &Db, me: &CurrentUser, op: Operation<'_>) {
    let action = op.action;
    let operate_type = op.operate_type;
    let texts = op.texts();
    let result = write(db, operation_row(me, operate_type, &texts)).await;
    if let Err(e) = result {
        tracing::error!(error = %e, action, "operation log failed");
    }
}

/// Writes the operation log entry in the change's own transaction: the entry commits with the
/// change or not at all, and costs the change no commit of its own.
pub async fn operation_on(tx: &mut Tx<'_>, me: &CurrentUser, op: Operation<'_>) -> Result<(), AppError> {
    let operate_type = op.operate_type;
    let texts = op.texts();
    let row = operation_row(me, operate_type, &texts);
    let id = secrets::new_id();
    let now = chrono::Utc::now().naive_utc();
    on_tx!(tx, |c| diesel::insert_into(sys_log::table)
        .values((row, sys_log::id.eq(&id), sys_log::create_time.eq(now)))
        .execute(c)
        .await?);
    Ok(())
}

impl<'a> Operation<'a> {
    /// A record added with `action` (its permission code): the record after, as JSON.
    pub fn added<T: serde::Serialize>(action: &'a str, target: &'a str, after: &T) -> Self {
        Operation { action, target, operate_type: OP_ADD, before: None, after: serde_json::to_value(after).ok() }
    }

    /// A record changed with `action`: before and after.
    pub fn edited<B: serde::Serialize, A: serde::Serialize>(action: &'a str, target: &'a str, before: &B, after: &A) -> Self {
        Operation {
            action,
            target,
            operate_type: OP_EDIT,
            before: serde_json::to_value(before).ok(),
            after: serde_json::to_value(after).ok(),
        }
    }
}

/// Logs a record added with `action` (its permission code): the record after, as JSON.
pub async fn added<T: serde::Serialize>(db: &Db, me: &CurrentUser, action: &str, target: &str, after: &T) {
    operation(db, me, Operation::added(action, target, after)).await;
}

/// Logs a record changed with `action`: before and after.
pub async fn edited<B: serde::Serialize, A: serde::Serialize>(
    db: &Db,
    me: &CurrentUser,
    action: &str,
    target: &str,
    before: &B,
    after: &A,
) {
    operation(db, me, Operation::edited(action, target, before, after)).await;
}

/// Logs a record deleted with `action`: the record before.
pub async fn deleted<T: serde::Serialize>(db: &Db, me: &CurrentUser, action: &str, target: &str, before: &T) {
    let op = Operation { action, target, operate_type: OP_DELETE, before: serde_json::to_value(before).ok(), after: None };
    operation(db, me, op).await;
}

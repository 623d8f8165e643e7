//! The login and operation log (JeecgBoot's `sys_log`): who, when, from where, with what result.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use crate::platform::db::schema::sys_log;
use crate::platform::db::{Db, DbResult};
use crate::platform::secrets;
use crate::{with_conn, with_write};

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

pub async fn login(db: &Db, entry: LoginEntry<'_>) -> DbResult<()> {
    if !entry.ok {
        tracing::warn!(username = %entry.username, ip = %entry.ip, reason = %entry.content, "sign-in failed");
    }
    let id = secrets::new_id();
    let username: String = entry.username.chars().take(100).collect();
    with_write!(db, |conn| {
        diesel::insert_into(sys_log::table)
            .values((
                sys_log::id.eq(&id),
                sys_log::log_type.eq(LOGIN),
                sys_log::log_content.eq(entry.content),
                sys_log::ok.eq(entry.ok),
                sys_log::userid.eq(entry.user_id),
                sys_log::username.eq(&username),
                sys_log::ip.eq(entry.ip),
                sys_log::method.eq("POST"),
                sys_log::request_url.eq(entry.url),
                sys_log::tenant_id.eq(entry.tenant_id),
                sys_log::create_time.eq(chrono::Utc::now().naive_utc()),
            ))
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

/// Writes the operation log entry; a failure to log is logged, never the user's problem.
pub async fn operation(db: &Db, me: &crate::system::auth::CurrentUser, op: Operation<'_>) {
    let id = secrets::new_id();
    let content: String = format!("{} {}", op.action, op.target).chars().take(1000).collect();
    let before = op.before.map(|v| v.to_string());
    let after = op.after.map(|v| v.to_string());
    let result: DbResult<()> = async {
        with_write!(db, |conn| {
            diesel::insert_into(sys_log::table)
                .values((
                    sys_log::id.eq(&id),
                    sys_log::log_type.eq(OPERATION),
                    sys_log::log_content.eq(&content),
                    sys_log::ok.eq(true),
                    sys_log::userid.eq(&me.user.id),
                    sys_log::username.eq(&me.user.username),
                    sys_log::ip.eq(&me.ip),
                    sys_log::tenant_id.eq(me.tenant_id),
                    sys_log::operate_type.eq(op.operate_type),
                    sys_log::before_value.eq(&before),
                    sys_log::after_value.eq(&after),
                    sys_log::create_time.eq(chrono::Utc::now().naive_utc()),
                ))
                .execute(conn)
                .await?;
        });
        Ok(())
    }
    .await;
    if let Err(e) = result {
        tracing::error!(error = %e, action = op.action, "operation log failed");
    }
}

/// Logs a record added with `action` (its permission code): the record after, as JSON.
pub async fn added<T: serde::Serialize>(db: &Db, me: &crate::system::auth::CurrentUser, action: &str, target: &str, after: &T) {
    let op = Operation { action, target, operate_type: OP_ADD, before: None, after: serde_json::to_value(after).ok() };
    operation(db, me, op).await;
}

/// Logs a record changed with `action`: before and after.
pub async fn edited<B: serde::Serialize, A: serde::Serialize>(
    db: &Db,
    me: &crate::system::auth::CurrentUser,
    action: &str,
    target: &str,
    before: &B,
    after: &A,
) {
    let op = Operation {
        action,
        target,
        operate_type: OP_EDIT,
        before: serde_json::to_value(before).ok(),
        after: serde_json::to_value(after).ok(),
    };
    operation(db, me, op).await;
}

/// Logs a record deleted with `action`: the record before.
pub async fn deleted<T: serde::Serialize>(
    db: &Db,
    me: &crate::system::auth::CurrentUser,
    action: &str,
    target: &str,
    before: &T,
) {
    let op = Operation { action, target, operate_type: OP_DELETE, before: serde_json::to_value(before).ok(), after: None };
    operation(db, me, op).await;
}

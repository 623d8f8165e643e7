//! The login and operation log (JeecgBoot's `sys_log`): who, when, from where, with what result.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use crate::db::schema::sys_log;
use crate::db::{Db, DbResult};
use crate::secrets;
use crate::{with_conn, with_write};

pub const LOGIN: i16 = 1;
pub const OPERATION: i16 = 2;

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

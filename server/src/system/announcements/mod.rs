//! Announcements and system messages (JeecgBoot's `sys_annountCement`, title spelled `titile` as
//! the spec has it): administrators write, release and revoke them for everyone in their tenant or
//! for chosen users; users read theirs in the bell and on their message page.
//!
//! Read state lives in `sys_announcement_send`: one row per (announcement, user) for announcements
//! to chosen users (made at release) and, for announcements to everyone, made when the user reads
//! it, so releasing to a tenant of any size writes nothing per user.

pub mod admin;
pub mod mine;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text};
use diesel_async::RunQueryDsl;
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::db::schema::{sys_announcement, sys_user};
use crate::platform::db::{Db, DbResult};
use crate::platform::http::time::DateTime;
use crate::with_conn;

pub const DRAFT: &str = "0";
pub const RELEASED: &str = "1";
pub const REVOKED: &str = "2";
pub const TO_ALL: &str = "ALL";
pub const TO_USERS: &str = "USER";

// An announcement as stored (deleted ones are flagged, and read by nobody), with how many users
// read it and, filled by `complete`, the names of the users it was sent to.
#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = sys_announcement)]
#[serde(rename_all = "camelCase")]
pub struct AnnouncementRecord {
    pub id: String,
    pub titile: String,
    /// Sanitised HTML.
    pub msg_content: String,
    pub start_time: Option<DateTime>,
    pub end_time: Option<DateTime>,
    pub sender: String,
    /// L, M or H.
    pub priority: String,
    /// "1" announcement, "2" system message.
    pub msg_category: String,
    /// ALL or USER.
    pub msg_type: String,
    pub user_ids: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    pub user_names: Option<String>,
    /// "0" draft, "1" released, "2" revoked.
    pub send_status: String,
    pub send_time: Option<DateTime>,
    pub cancel_time: Option<DateTime>,
    pub open_type: Option<String>,
    pub open_page: Option<String>,
    pub bus_type: Option<String>,
    pub bus_id: Option<String>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
    /// How many users have read it.
    #[diesel(sql_type = BigInt)]
    pub read_count: i64,
}

impl AnnouncementRecord {
    /// The users it is addressed to (announcements to chosen users).
    pub fn targets(&self) -> Option<Vec<String>> {
        (self.msg_type == TO_USERS).then(|| crate::platform::http::page::split_ids(self.user_ids.as_deref().unwrap_or("")))
    }
}

/// The names of the chosen users of each record, comma-joined in the order given (one query
/// for the lot).
pub async fn name_users(db: &Db, records: &mut [AnnouncementRecord]) -> DbResult<()> {
    let wanted: Vec<Vec<String>> = records.iter().map(|r| r.targets().unwrap_or_default()).collect();
    let ids: Vec<&str> = wanted.iter().flatten().map(String::as_str).collect();
    if ids.is_empty() {
        return Ok(());
    }
    let rows: Vec<(String, String)> = with_conn!(db, |conn| {
        sys_user::table.filter(sys_user::id.eq_any(&ids)).select((sys_user::id, sys_user::realname)).load(conn).await?
    });
    for (record, ids) in records.iter_mut().zip(&wanted) {
        if record.msg_type == TO_USERS && !ids.is_empty() {
            let names: Vec<&str> =
                ids.iter().filter_map(|id| rows.iter().find(|(i, _)| i == id).map(|(_, n)| n.as_str())).collect();
            record.user_names = Some(names.join(","));
        }
    }
    Ok(())
}

/// Sends a released system message (category "2") to chosen users of `me`'s tenant, as a rule of
/// the platform does on its own (a new comment on a return): it waits in their bells, read state
/// per user, and they are told live. Nothing is sent to nobody.
#[expect(clippy::too_many_arguments, reason = "a message is its audience, title, body, page and business link")]
pub async fn message_users(
    state: &crate::state::AppState,
    me: &crate::system::auth::CurrentUser,
    users: &[String],
    title: &str,
    html: &str,
    open_page: &str,
    bus_type: &str,
    bus_id: &str,
) -> Result<(), crate::platform::http::AppError> {
    use crate::platform::db::schema::sys_announcement_send as send;
    use diesel_async::AsyncConnection as _;
    if users.is_empty() {
        return Ok(());
    }
    let id = crate::platform::secrets::new_id();
    let now = chrono::Utc::now().naive_utc();
    let title: String = title.chars().take(100).collect();
    crate::with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            diesel::insert_into(sys_announcement::table)
                .values((
                    sys_announcement::id.eq(&id),
                    sys_announcement::tenant_id.eq(me.tenant_id),
                    sys_announcement::titile.eq(&title),
                    sys_announcement::msg_content.eq(html),
                    sys_announcement::sender.eq(&me.user.realname),
                    sys_announcement::priority.eq("M"),
                    sys_announcement::msg_category.eq("2"),
                    sys_announcement::msg_type.eq(TO_USERS),
                    sys_announcement::user_ids.eq(users.join(",")),
                    sys_announcement::send_status.eq(RELEASED),
                    sys_announcement::send_time.eq(now),
                    sys_announcement::open_type.eq("url"),
                    sys_announcement::open_page.eq(open_page),
                    sys_announcement::bus_type.eq(bus_type),
                    sys_announcement::bus_id.eq(bus_id),
                    sys_announcement::del_flag.eq(false),
                    sys_announcement::create_by.eq(&me.user.username),
                    sys_announcement::create_time.eq(now),
                ))
                .execute(tx)
                .await?;
            for user in users {
                diesel::insert_into(send::table)
                    .values((
                        send::id.eq(crate::platform::secrets::new_id()),
                        send::annt_id.eq(&id),
                        send::user_id.eq(user),
                        send::read_flag.eq(false),
                        send::create_time.eq(now),
                    ))
                    .execute(tx)
                    .await?;
            }
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(crate::platform::http::AppError::from)?
    });
    crate::system::notices::notify(state, me.tenant_id, Some(users.to_vec()), &id, &title).await;
    Ok(())
}

//! Announcements and system messages (JeecgBoot's `sys_annountCement`, title spelled `titile` as
//! the spec has it): administrators write, release and revoke them for everyone in their tenant or
//! for chosen users; users read theirs in the bell and on their message page.
//!
//! Read state lives in `sys_announcement_send`: one row per (announcement, user) for announcements
//! to chosen users (made at release) and, for announcements to everyone, made when the user reads
//! it, so releasing to a tenant of any size writes nothing per user.

pub mod admin;
pub mod mine;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::db::schema::{sys_announcement, sys_user};
use crate::platform::db::{Db, DbResult};
use crate::platform::http::AppError;
use crate::system::users::DATE_TIME_FORMAT;
use crate::with_conn;

pub const DRAFT: &str = "0";
pub const RELEASED: &str = "1";
pub const REVOKED: &str = "2";
pub const TO_ALL: &str = "ALL";
pub const TO_USERS: &str = "USER";

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnnouncementRecord {
    pub id: String,
    pub titile: String,
    /// Sanitised HTML.
    pub msg_content: String,
    pub start_time: Option<String>,
    pub end_time: Option<String>,
    pub sender: String,
    /// L, M or H.
    pub priority: String,
    /// "1" announcement, "2" system message.
    pub msg_category: String,
    /// ALL or USER.
    pub msg_type: String,
    pub user_ids: Option<String>,
    pub user_names: Option<String>,
    /// "0" draft, "1" released, "2" revoked.
    pub send_status: String,
    pub send_time: Option<String>,
    pub cancel_time: Option<String>,
    pub open_type: Option<String>,
    pub open_page: Option<String>,
    pub bus_type: Option<String>,
    pub bus_id: Option<String>,
    pub create_by: Option<String>,
    pub create_time: String,
    /// How many users have read it.
    pub read_count: i64,
}

#[derive(Clone, Debug, Queryable, Selectable, QueryableByName)]
#[diesel(table_name = sys_announcement)]
pub struct Announcement {
    pub id: String,
    pub tenant_id: i32,
    pub titile: String,
    pub msg_content: String,
    pub start_time: Option<NaiveDateTime>,
    pub end_time: Option<NaiveDateTime>,
    pub sender: String,
    pub priority: String,
    pub msg_category: String,
    pub msg_type: String,
    pub user_ids: Option<String>,
    pub send_status: String,
    pub send_time: Option<NaiveDateTime>,
    pub cancel_time: Option<NaiveDateTime>,
    pub open_type: Option<String>,
    pub open_page: Option<String>,
    pub bus_type: Option<String>,
    pub bus_id: Option<String>,
    pub create_by: Option<String>,
    pub create_time: NaiveDateTime,
}

pub fn time_text(t: Option<NaiveDateTime>) -> Option<String> {
    t.map(|t| t.format(DATE_TIME_FORMAT).to_string())
}

/// The users an announcement is addressed to (announcements to chosen users).
pub fn targets(msg_type: &str, user_ids: Option<&str>) -> Option<Vec<String>> {
    (msg_type == TO_USERS).then(|| crate::platform::http::page::split_ids(user_ids.unwrap_or("")))
}

impl Announcement {
    /// The users it is addressed to (announcements to chosen users).
    pub fn targets(&self) -> Option<Vec<String>> {
        targets(&self.msg_type, self.user_ids.as_deref())
    }

    pub fn record(self, user_names: Option<String>, read_count: i64) -> AnnouncementRecord {
        AnnouncementRecord {
            start_time: time_text(self.start_time),
            end_time: time_text(self.end_time),
            send_time: time_text(self.send_time),
            cancel_time: time_text(self.cancel_time),
            create_time: self.create_time.format(DATE_TIME_FORMAT).to_string(),
            id: self.id,
            titile: self.titile,
            msg_content: self.msg_content,
            sender: self.sender,
            priority: self.priority,
            msg_category: self.msg_category,
            msg_type: self.msg_type,
            user_ids: self.user_ids,
            user_names,
            send_status: self.send_status,
            open_type: self.open_type,
            open_page: self.open_page,
            bus_type: self.bus_type,
            bus_id: self.bus_id,
            create_by: self.create_by,
            read_count,
        }
    }
}

/// A live (not deleted) announcement of the tenant.
pub async fn find(db: &Db, tenant_id: i32, id: &str) -> Result<Announcement, AppError> {
    let found: Option<Announcement> = with_conn!(db, |conn| {
        sys_announcement::table
            .filter(sys_announcement::tenant_id.eq(tenant_id))
            .filter(sys_announcement::id.eq(id))
            .filter(sys_announcement::del_flag.eq(false))
            .select(Announcement::as_select())
            .first(conn)
            .await
            .optional()?
    });
    found.ok_or_else(AppError::not_found)
}

/// The names of the chosen users of each record, comma-joined in the order given (one query
/// for the lot).
pub async fn name_users(db: &Db, records: &mut [AnnouncementRecord]) -> DbResult<()> {
    let wanted: Vec<Vec<String>> =
        records.iter().map(|r| targets(&r.msg_type, r.user_ids.as_deref()).unwrap_or_default()).collect();
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

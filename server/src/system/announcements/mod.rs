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

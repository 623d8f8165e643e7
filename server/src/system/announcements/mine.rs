//! The signed-in user's announcements: the bell (`listByUser`), reading one, marking read and the
//! message page. A user sees what is released in their tenant for everyone or for them, within its
//! start and end times; nobody else's, and nothing of another tenant.

use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::admin::Announcements;
use super::{AnnouncementRecord, RELEASED, TO_ALL};
use crate::platform::caller::Caller;
use crate::platform::db::Db;
use crate::platform::db::schema::{sys_announcement, sys_announcement_send};
use crate::platform::http::page::{filter, like_pattern};
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, ok};
use crate::platform::resource::handlers::find as record;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::{platform::secrets, with_conn, with_write};

/// Released announcements the user may see, joined with the user's read state.
macro_rules! visible {
    ($user_id:expr, $tenant_id:expr, $now:expr) => {
        sys_announcement::table
            .left_join(
                sys_announcement_send::table
                    .on(sys_announcement_send::annt_id.eq(sys_announcement::id).and(sys_announcement_send::user_id.eq($user_id))),
            )
            .filter(sys_announcement::tenant_id.eq($tenant_id))
            .filter(sys_announcement::del_flag.eq(false))
            .filter(sys_announcement::send_status.eq(RELEASED))
            .filter(sys_announcement::msg_type.eq(TO_ALL).or(sys_announcement_send::id.nullable().is_not_null()))
            .filter(sys_announcement::start_time.is_null().or(sys_announcement::start_time.le($now)))
            .filter(sys_announcement::end_time.is_null().or(sys_announcement::end_time.gt($now)))
            .into_boxed()
    };
}

macro_rules! unread {
    ($q:expr) => {
        $q.filter(sys_announcement_send::read_flag.nullable().is_null().or(sys_announcement_send::read_flag.nullable().eq(false)))
    };
}

/// One line of the bell.
#[derive(Clone, Debug, Serialize, ToSchema, Queryable, Selectable)]
#[diesel(table_name = sys_announcement)]
#[serde(rename_all = "camelCase")]
pub struct NoticeItem {
    pub id: String,
    pub titile: String,
    pub sender: String,
    pub send_time: Option<DateTime>,
    pub create_time: DateTime,
    pub priority: String,
    pub msg_category: String,
    pub open_type: Option<String>,
    pub open_page: Option<String>,
    pub bus_type: Option<String>,
    pub bus_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserNotices {
    pub annt_msg_list: Vec<NoticeItem>,
    pub annt_msg_total: i64,
    pub sys_msg_list: Vec<NoticeItem>,
    pub sys_msg_total: i64,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct BellQuery {
    /// Items of each list (default 5, at most 50).
    pub page_size: Option<String>,
}

async fn unread_of(db: &Db, me: &CurrentUser, category: &str, limit: i64) -> Result<(Vec<NoticeItem>, i64), AppError> {
    let now = chrono::Utc::now().naive_utc();
    let (total, items): (i64, Vec<NoticeItem>) = with_conn!(db, |conn| {
        let total = unread!(visible!(&me.user.id, me.tenant_id, now))
            .filter(sys_announcement::msg_category.eq(category))
            .count()
            .get_result(conn)
            .await?;
        let rows = unread!(visible!(&me.user.id, me.tenant_id, now))
            .filter(sys_announcement::msg_category.eq(category))
            .select(NoticeItem::as_select())
            .order((sys_announcement::send_time.desc(), sys_announcement::id.asc()))
            .limit(limit)
            .load(conn)
            .await?;
        (total, rows)
    });
    Ok((items, total))
}

/// The caller's unread announcements and system messages, newest first, with exact totals.
#[utoipa::path(get, path = "/sys/annountCement/listByUser", tag = "system", params(BellQuery),
    responses((status = 200, body = crate::platform::http::Envelope<UserNotices>), (status = 401)))]
pub async fn list_by_user(Caller(state, me): Caller, ApiQuery(q): ApiQuery<BellQuery>) -> ApiResult<UserNotices> {
    let limit = q.page_size.as_deref().and_then(|n| n.trim().parse::<i64>().ok()).unwrap_or(5).clamp(1, 50);
    let (annt_msg_list, annt_msg_total) = unread_of(&state.db, &me, "1", limit).await?;
    let (sys_msg_list, sys_msg_total) = unread_of(&state.db, &me, "2", limit).await?;
    ok(UserNotices { annt_msg_list, annt_msg_total, sys_msg_list, sys_msg_total })
}

/// The announcement's id if the caller may read it.
async fn visible_one(db: &Db, me: &CurrentUser, id: &str) -> Result<String, AppError> {
    let now = chrono::Utc::now().naive_utc();
    let found: Option<String> = with_conn!(db, |conn| {
        visible!(&me.user.id, me.tenant_id, now)
            .filter(sys_announcement::id.eq(id))
            .select(sys_announcement::id)
            .first(conn)
            .await
            .optional()?
    });
    found.ok_or_else(AppError::not_found)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    pub id: Option<String>,
}

/// One announcement: any of the tenant's for its administrators, else one addressed to the caller.
#[utoipa::path(get, path = "/sys/annountCement/queryById", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<AnnouncementRecord>), (status = 401), (status = 404)))]
pub async fn query_by_id(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<AnnouncementRecord> {
    let id = q.id.as_deref().unwrap_or("").trim();
    let admin = grants::of(&state, &me).await?.has("system:announcement:list");
    let id = if admin { id.to_owned() } else { visible_one(&state.db, &me, id).await? };
    let mut record = record::<Announcements>(&state, &me, &id).await?;
    if !admin {
        // Who else it went to is not the reader's business.
        record.user_ids = None;
        record.user_names = None;
        record.read_count = 0;
    }
    ok(record)
}

async fn mark_read(db: &Db, user_id: &str, ids: &[String]) -> Result<(), AppError> {
    if ids.is_empty() {
        return Ok(());
    }
    let now = chrono::Utc::now().naive_utc();
    with_write!(db, |conn| {
        conn.transaction(async |tx| {
            for id in ids {
                diesel::insert_into(sys_announcement_send::table)
                    .values((
                        sys_announcement_send::id.eq(secrets::new_id()),
                        sys_announcement_send::annt_id.eq(id),
                        sys_announcement_send::user_id.eq(user_id),
                        sys_announcement_send::read_flag.eq(true),
                        sys_announcement_send::read_time.eq(now),
                        sys_announcement_send::create_time.eq(now),
                    ))
                    .on_conflict((sys_announcement_send::annt_id, sys_announcement_send::user_id))
                    .do_update()
                    .set((sys_announcement_send::read_flag.eq(true), sys_announcement_send::read_time.eq(now)))
                    .execute(tx)
                    .await?;
            }
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(AppError::from)?;
    });
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadForm {
    pub annt_id: Option<String>,
}

/// Marks one of the caller's announcements read (idempotent).
#[utoipa::path(put, path = "/sys/sysAnnouncementSend/editByAnntIdAndUserId", tag = "system", request_body = ReadForm,
    responses((status = 200), (status = 401), (status = 404)))]
pub async fn read_one(Caller(state, me): Caller, ApiJson(form): ApiJson<ReadForm>) -> ApiResult<()> {
    let id = visible_one(&state.db, &me, form.annt_id.as_deref().unwrap_or("").trim()).await?;
    mark_read(&state.db, &me.user.id, &[id]).await?;
    ok(())
}

/// Marks all the caller's announcements and system messages read.
#[utoipa::path(put, path = "/sys/sysAnnouncementSend/readAll", tag = "system",
    responses((status = 200), (status = 401)))]
pub async fn read_all(Caller(state, me): Caller) -> ApiResult<()> {
    let now = chrono::Utc::now().naive_utc();
    let ids: Vec<String> = with_conn!(&state.db, |conn| {
        unread!(visible!(&me.user.id, me.tenant_id, now)).select(sys_announcement::id).load(conn).await?
    });
    mark_read(&state.db, &me.user.id, &ids).await?;
    ok(())
}

/// One line of the caller's message page.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyAnnouncement {
    pub annt_id: String,
    pub titile: String,
    pub sender: String,
    pub priority: String,
    pub msg_category: String,
    pub send_time: Option<DateTime>,
    /// 0 unread, 1 read.
    pub read_flag: i32,
    pub read_time: Option<DateTime>,
    pub open_type: Option<String>,
    pub open_page: Option<String>,
    pub bus_id: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MyFilter {
    pub titile: Option<String>,
    pub msg_category: Option<String>,
    /// 0 unread, 1 read.
    pub read_flag: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

/// The caller's announcements with their read state, newest first.
#[utoipa::path(get, path = "/sys/sysAnnouncementSend/getMyAnnouncementSend", tag = "system", params(MyFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<MyAnnouncement>>), (status = 400), (status = 401)))]
pub async fn my_list(Caller(state, me): Caller, ApiQuery(f): ApiQuery<MyFilter>) -> ApiResult<Page<MyAnnouncement>> {
    let now = chrono::Utc::now().naive_utc();
    let (title, category) = (filter(&f.titile), filter(&f.msg_category));
    let read = match filter(&f.read_flag).as_deref() {
        None => None,
        Some("1") => Some(true),
        Some("0") => Some(false),
        Some(_) => return Err(AppError::field("readFlag", logistics_core::MessageKey::StatusInvalid)),
    };
    macro_rules! filtered {
        () => {{
            let mut q = visible!(&me.user.id, me.tenant_id, now);
            if let Some(v) = &title {
                q = q.filter(sys_announcement::titile.like(like_pattern(v)).escape('\\'));
            }
            if let Some(v) = &category {
                q = q.filter(sys_announcement::msg_category.eq(v.clone()));
            }
            match read {
                Some(true) => q = q.filter(sys_announcement_send::read_flag.nullable().eq(true)),
                Some(false) => q = unread!(q),
                None => {}
            }
            q
        }};
    }
    type Row = (NoticeItem, Option<bool>, Option<DateTime>);
    let (total, rows): (i64, Vec<Row>) = with_conn!(&state.db, |conn| {
        let total = filtered!().count().get_result(conn).await?;
        let rows = filtered!()
            .select((
                NoticeItem::as_select(),
                sys_announcement_send::read_flag.nullable(),
                sys_announcement_send::read_time.nullable(),
            ))
            .order((sys_announcement::send_time.desc(), sys_announcement::id.asc()))
            .limit(f.page.page_size())
            .offset(f.page.offset())
            .load(conn)
            .await?;
        (total, rows)
    });
    let records = rows
        .into_iter()
        .map(|(a, read_flag, read_time)| MyAnnouncement {
            send_time: a.send_time,
            read_flag: i32::from(read_flag.unwrap_or(false)),
            read_time,
            annt_id: a.id,
            titile: a.titile,
            sender: a.sender,
            priority: a.priority,
            msg_category: a.msg_category,
            open_type: a.open_type,
            open_page: a.open_page,
            bus_id: a.bus_id,
        })
        .collect();
    ok(Page::new(records, total, &f.page))
}

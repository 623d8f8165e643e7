//! Writing, releasing and revoking announcements (`system:announcement:*`).

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, validate};
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::{Announcement, AnnouncementRecord, DRAFT, RELEASED, REVOKED, TO_ALL, TO_USERS, find, record_of};
use crate::platform::db::schema::{sys_announcement, sys_announcement_send, sys_user};
use crate::platform::http::page::{IdQuery, Order, filter, like_pattern, require_ids, split_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs::{self, Operation};
use crate::system::permissions::grants;
use crate::{platform::secrets, system::notices, with_conn, with_write};

pub const MAX_CONTENT: usize = 100_000;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AnnouncementFilter {
    /// Title, substring.
    pub titile: Option<String>,
    pub msg_category: Option<String>,
    pub send_status: Option<String>,
    pub priority: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

/// The tenant's announcements: search, paging, sorting.
#[utoipa::path(get, path = "/sys/annountCement/list", tag = "system", params(AnnouncementFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<AnnouncementRecord>>), (status = 400), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<AnnouncementFilter>,
) -> ApiResult<Page<AnnouncementRecord>> {
    grants::require(&state, &me, "system:announcement:list").await?;
    let sort = f.page.sort(&["createTime", "sendTime", "priority", "titile"], ("createTime", Order::Desc))?;
    let (title, category, status, priority) =
        (filter(&f.titile), filter(&f.msg_category), filter(&f.send_status), filter(&f.priority));
    macro_rules! filtered {
        () => {{
            let mut q = sys_announcement::table
                .filter(sys_announcement::tenant_id.eq(me.tenant_id))
                .filter(sys_announcement::del_flag.eq(false))
                .into_boxed();
            if let Some(v) = &title {
                q = q.filter(sys_announcement::titile.like(like_pattern(v)).escape('\\'));
            }
            if let Some(v) = &category {
                q = q.filter(sys_announcement::msg_category.eq(v.clone()));
            }
            if let Some(v) = &status {
                q = q.filter(sys_announcement::send_status.eq(v.clone()));
            }
            if let Some(v) = &priority {
                q = q.filter(sys_announcement::priority.eq(v.clone()));
            }
            q
        }};
    }
    let (total, rows): (i64, Vec<Announcement>) = with_conn!(&state.db, |conn| {
        let total = filtered!().count().get_result(conn).await?;
        let q = filtered!().select(Announcement::as_select()).limit(f.page.page_size()).offset(f.page.offset());
        let q = match sort {
            ("sendTime", Order::Asc) => q.order(sys_announcement::send_time.asc()),
            ("sendTime", Order::Desc) => q.order(sys_announcement::send_time.desc()),
            ("priority", Order::Asc) => q.order(sys_announcement::priority.asc()),
            ("priority", Order::Desc) => q.order(sys_announcement::priority.desc()),
            ("titile", Order::Asc) => q.order(sys_announcement::titile.asc()),
            ("titile", Order::Desc) => q.order(sys_announcement::titile.desc()),
            (_, Order::Asc) => q.order(sys_announcement::create_time.asc()),
            (_, Order::Desc) => q.order(sys_announcement::create_time.desc()),
        };
        (total, q.then_order_by(sys_announcement::id.asc()).load(conn).await?)
    });
    let ids: Vec<String> = rows.iter().map(|a| a.id.clone()).collect();
    let counts = super::read_counts(&state.db, &ids).await?;
    let mut records = Vec::with_capacity(rows.len());
    for a in rows {
        let names = match a.targets() {
            Some(users) => super::user_names(&state.db, me.tenant_id, &users).await?,
            None => None,
        };
        let read = counts.iter().find(|(id, _)| *id == a.id).map_or(0, |(_, n)| *n);
        records.push(a.record(names, read));
    }
    ok(Page::new(records, total, &f.page))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnnouncementForm {
    pub id: Option<String>,
    #[serde(default)]
    pub titile: String,
    #[serde(default)]
    pub msg_content: String,
    /// "YYYY-MM-DD HH:mm:ss" or "YYYY-MM-DD".
    pub start_time: Option<String>,
    pub end_time: Option<String>,
    /// Defaults to the author's name.
    pub sender: Option<String>,
    /// L (default), M or H.
    pub priority: Option<String>,
    /// "1" announcement (default) or "2" system message.
    pub msg_category: Option<String>,
    /// ALL (default) or USER.
    pub msg_type: Option<String>,
    /// Comma-separated user ids (USER).
    pub user_ids: Option<String>,
    /// url, component or empty.
    pub open_type: Option<String>,
    pub open_page: Option<String>,
    pub bus_type: Option<String>,
    pub bus_id: Option<String>,
}

struct Checked {
    titile: String,
    content: String,
    start: Option<chrono::NaiveDateTime>,
    end: Option<chrono::NaiveDateTime>,
    sender: String,
    priority: String,
    category: String,
    msg_type: String,
    user_ids: Option<String>,
    open_type: Option<String>,
    open_page: Option<String>,
    bus_type: Option<String>,
    bus_id: Option<String>,
}

fn parse_time(field: &str, label: MessageKey, text: &Option<String>) -> Result<Option<chrono::NaiveDateTime>, AppError> {
    let Some(text) = filter(text) else { return Ok(None) };
    let parsed = chrono::NaiveDateTime::parse_from_str(&text, crate::system::users::DATE_TIME_FORMAT)
        .or_else(|_| chrono::NaiveDateTime::parse_from_str(&text, "%Y-%m-%dT%H:%M:%S"))
        .or_else(|_| chrono::NaiveDateTime::parse_from_str(&text, "%Y-%m-%dT%H:%M"))
        .or_else(|_| chrono::NaiveDate::parse_from_str(&text, "%Y-%m-%d").map(|d| d.and_time(chrono::NaiveTime::MIN)));
    parsed.map(Some).map_err(|_| AppError::field(field, MessageKey::DateInvalid).with("field", label.template(current_lang())))
}

fn one_of(field: &str, label: MessageKey, value: Option<String>, allowed: &[&str], default: &str) -> Result<String, AppError> {
    let value = value.unwrap_or_else(|| default.to_owned());
    if allowed.contains(&value.as_str()) {
        Ok(value)
    } else {
        Err(AppError::field(field, MessageKey::ValueInvalid).with("field", label.template(current_lang())))
    }
}

fn bounded(field: &str, label: MessageKey, value: Option<String>, max: usize) -> Result<Option<String>, AppError> {
    validate::max_chars(field, label.template(current_lang()), value.as_deref().unwrap_or(""), max)?;
    Ok(value)
}

async fn checked(state: &AppState, me: &CurrentUser, form: &AnnouncementForm) -> Result<Checked, AppError> {
    let lang = current_lang();
    let titile = form.titile.trim().to_owned();
    validate::required("titile", MessageKey::FieldTitle.template(lang), &titile)?;
    validate::max_chars("titile", MessageKey::FieldTitle.template(lang), &titile, 100)?;
    validate::required("msgContent", MessageKey::FieldContent.template(lang), form.msg_content.trim())?;
    validate::max_chars("msgContent", MessageKey::FieldContent.template(lang), &form.msg_content, MAX_CONTENT)?;
    let content = ammonia::clean(&form.msg_content);
    let start = parse_time("startTime", MessageKey::FieldStartTime, &form.start_time)?;
    let end = parse_time("endTime", MessageKey::FieldEndTime, &form.end_time)?;
    if let (Some(s), Some(e)) = (start, end)
        && e < s
    {
        return Err(AppError::field("endTime", MessageKey::DateRangeInvalid));
    }
    let sender = filter(&form.sender).unwrap_or_else(|| me.user.realname.clone());
    validate::max_chars("sender", MessageKey::FieldSender.template(lang), &sender, 100)?;
    let priority = one_of("priority", MessageKey::FieldPriority, filter(&form.priority), &["L", "M", "H"], "L")?;
    let category = one_of("msgCategory", MessageKey::FieldMsgCategory, filter(&form.msg_category), &["1", "2"], "1")?;
    let msg_type = one_of("msgType", MessageKey::FieldMsgType, filter(&form.msg_type), &[TO_ALL, TO_USERS], TO_ALL)?;
    let user_ids = if msg_type == TO_USERS {
        let ids = split_ids(form.user_ids.as_deref().unwrap_or(""));
        if ids.is_empty() {
            return Err(AppError::field("userIds", MessageKey::AnnouncementUsersRequired));
        }
        let found: i64 = with_conn!(&state.db, |conn| {
            sys_user::table
                .filter(sys_user::tenant_id.eq(me.tenant_id))
                .filter(sys_user::del_flag.eq(0))
                .filter(sys_user::id.eq_any(&ids))
                .count()
                .get_result(conn)
                .await?
        });
        if usize::try_from(found).unwrap_or(0) != ids.len() {
            // Unknown users, or users of another tenant.
            return Err(AppError::field("userIds", MessageKey::AnnouncementUsersRequired));
        }
        Some(ids.join(","))
    } else {
        None
    };
    let open_type = match filter(&form.open_type) {
        None => None,
        Some(t) => Some(one_of("openType", MessageKey::FieldOpenType, Some(t), &["url", "component"], "")?),
    };
    let open_page = bounded("openPage", MessageKey::FieldPath, filter(&form.open_page), 500)?;
    if open_type.as_deref() == Some("url") {
        let page = open_page.as_deref().unwrap_or("");
        let app_path = page.starts_with('/') && !page.starts_with("//");
        let web = page.starts_with("https://") || page.starts_with("http://");
        if !(app_path || web) || page.chars().any(char::is_whitespace) {
            return Err(AppError::field("openPage", MessageKey::OpenPageInvalid));
        }
    }
    Ok(Checked {
        titile,
        content,
        start,
        end,
        sender,
        priority,
        category,
        msg_type,
        user_ids,
        open_type,
        open_page,
        bus_type: bounded("busType", MessageKey::FieldDescription, filter(&form.bus_type), 100)?,
        bus_id: bounded("busId", MessageKey::FieldDescription, filter(&form.bus_id), 100)?,
    })
}

/// Writes a draft announcement.
#[utoipa::path(post, path = "/sys/annountCement/add", tag = "system", request_body = AnnouncementForm,
    responses((status = 200, body = crate::platform::http::Envelope<AnnouncementRecord>), (status = 400), (status = 403)))]
pub async fn add(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<AnnouncementForm>,
) -> ApiResult<AnnouncementRecord> {
    grants::require(&state, &me, "system:announcement:add").await?;
    let c = checked(&state, &me, &form).await?;
    let id = secrets::new_id();
    with_write!(&state.db, |conn| {
        diesel::insert_into(sys_announcement::table)
            .values((
                sys_announcement::id.eq(&id),
                sys_announcement::tenant_id.eq(me.tenant_id),
                sys_announcement::titile.eq(&c.titile),
                sys_announcement::msg_content.eq(&c.content),
                sys_announcement::start_time.eq(c.start),
                sys_announcement::end_time.eq(c.end),
                sys_announcement::sender.eq(&c.sender),
                sys_announcement::priority.eq(&c.priority),
                sys_announcement::msg_category.eq(&c.category),
                sys_announcement::msg_type.eq(&c.msg_type),
                sys_announcement::user_ids.eq(&c.user_ids),
                sys_announcement::send_status.eq(DRAFT),
                sys_announcement::open_type.eq(&c.open_type),
                sys_announcement::open_page.eq(&c.open_page),
                sys_announcement::bus_type.eq(&c.bus_type),
                sys_announcement::bus_id.eq(&c.bus_id),
                sys_announcement::del_flag.eq(false),
                sys_announcement::create_by.eq(&me.user.username),
                sys_announcement::create_time.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)
            .await?;
    });
    let after = record_of(&state.db, find(&state.db, me.tenant_id, &id).await?).await?;
    logs::added(&state.db, &me, "system:announcement:add", &after.titile, &after).await;
    ok_with(MessageKey::Added, after)
}

/// Changes a draft or revoked announcement (a released one must be revoked first).
#[utoipa::path(put, path = "/sys/annountCement/edit", tag = "system", request_body = AnnouncementForm,
    responses((status = 200, body = crate::platform::http::Envelope<AnnouncementRecord>), (status = 400), (status = 403), (status = 404)))]
pub async fn edit(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<AnnouncementForm>,
) -> ApiResult<AnnouncementRecord> {
    grants::require(&state, &me, "system:announcement:edit").await?;
    let existing = find(&state.db, me.tenant_id, form.id.as_deref().unwrap_or("").trim()).await?;
    if existing.send_status == RELEASED {
        return Err(AppError::bad_request(MessageKey::AnnouncementReleasedLocked));
    }
    let c = checked(&state, &me, &form).await?;
    let before = record_of(&state.db, existing).await?;
    let changed = with_write!(&state.db, |conn| {
        diesel::update(
            sys_announcement::table
                .filter(sys_announcement::id.eq(&before.id))
                .filter(sys_announcement::send_status.ne(RELEASED)),
        )
        .set((
            sys_announcement::titile.eq(&c.titile),
            sys_announcement::msg_content.eq(&c.content),
            sys_announcement::start_time.eq(c.start),
            sys_announcement::end_time.eq(c.end),
            sys_announcement::sender.eq(&c.sender),
            sys_announcement::priority.eq(&c.priority),
            sys_announcement::msg_category.eq(&c.category),
            sys_announcement::msg_type.eq(&c.msg_type),
            sys_announcement::user_ids.eq(&c.user_ids),
            sys_announcement::open_type.eq(&c.open_type),
            sys_announcement::open_page.eq(&c.open_page),
            sys_announcement::bus_type.eq(&c.bus_type),
            sys_announcement::bus_id.eq(&c.bus_id),
            sys_announcement::update_by.eq(&me.user.username),
            sys_announcement::update_time.eq(chrono::Utc::now().naive_utc()),
        ))
        .execute(conn)
        .await?
    });
    if changed == 0 {
        // Released by someone else in the meantime.
        return Err(AppError::bad_request(MessageKey::AnnouncementReleasedLocked));
    }
    let after = record_of(&state.db, find(&state.db, me.tenant_id, &before.id).await?).await?;
    logs::edited(&state.db, &me, "system:announcement:edit", &after.titile, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

/// Tells the announcement's audience to reload their notices.
async fn tell(state: &AppState, a: &Announcement) {
    notices::notify(state, a.tenant_id, a.targets(), &a.id, &a.titile).await;
}

async fn remove(state: &AppState, me: &CurrentUser, ids: &[String]) -> Result<(), AppError> {
    let mut found = Vec::new();
    for id in ids {
        found.push(find(&state.db, me.tenant_id, id).await?);
    }
    with_write!(&state.db, |conn| {
        diesel::update(
            sys_announcement::table.filter(sys_announcement::tenant_id.eq(me.tenant_id)).filter(sys_announcement::id.eq_any(ids)),
        )
        .set((sys_announcement::del_flag.eq(true), sys_announcement::update_time.eq(chrono::Utc::now().naive_utc())))
        .execute(conn)
        .await?;
    });
    for a in found {
        if a.send_status == RELEASED {
            tell(state, &a).await;
        }
        let before = record_of(&state.db, a).await?;
        logs::deleted(&state.db, me, "system:announcement:delete", &before.titile, &before).await;
    }
    Ok(())
}

/// Deletes an announcement (it disappears from every user's list).
#[utoipa::path(delete, path = "/sys/annountCement/delete", tag = "system", params(IdQuery),
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:announcement:delete").await?;
    remove(&state, &me, &require_ids(q.id.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::Deleted, ())
}

/// Deletes announcements.
#[utoipa::path(delete, path = "/sys/annountCement/deleteBatch", tag = "system", params(IdQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete_batch(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:announcement:delete").await?;
    remove(&state, &me, &require_ids(q.ids.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::DeletedBatch, ())
}

/// Releases a draft or revoked announcement now; its audience is notified live.
#[utoipa::path(get, path = "/sys/annountCement/doReleaseData", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<AnnouncementRecord>), (status = 400), (status = 403), (status = 404)))]
pub async fn release(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<AnnouncementRecord> {
    grants::require(&state, &me, "system:announcement:release").await?;
    let a = find(&state.db, me.tenant_id, q.id.as_deref().unwrap_or("").trim()).await?;
    if a.send_status == RELEASED {
        return Err(AppError::bad_request(MessageKey::AnnouncementAlreadyReleased));
    }
    let now = chrono::Utc::now().naive_utc();
    let targets = a.targets();
    let released = with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            let n = diesel::update(
                sys_announcement::table.filter(sys_announcement::id.eq(&a.id)).filter(sys_announcement::send_status.ne(RELEASED)),
            )
            .set((
                sys_announcement::send_status.eq(RELEASED),
                sys_announcement::send_time.eq(now),
                sys_announcement::cancel_time.eq(None::<chrono::NaiveDateTime>),
                sys_announcement::update_by.eq(&me.user.username),
                sys_announcement::update_time.eq(now),
            ))
            .execute(tx)
            .await?;
            if n == 1
                && let Some(users) = &targets
            {
                for user in users {
                    diesel::insert_into(sys_announcement_send::table)
                        .values((
                            sys_announcement_send::id.eq(secrets::new_id()),
                            sys_announcement_send::annt_id.eq(&a.id),
                            sys_announcement_send::user_id.eq(user),
                            sys_announcement_send::read_flag.eq(false),
                            sys_announcement_send::create_time.eq(now),
                        ))
                        .on_conflict((sys_announcement_send::annt_id, sys_announcement_send::user_id))
                        .do_nothing()
                        .execute(tx)
                        .await?;
                }
            }
            Ok::<usize, diesel::result::Error>(n)
        })
        .await
        .map_err(AppError::from)?
    });
    if released == 0 {
        return Err(AppError::bad_request(MessageKey::AnnouncementAlreadyReleased));
    }
    let a = find(&state.db, me.tenant_id, &a.id).await?;
    tell(&state, &a).await;
    let after = record_of(&state.db, a).await?;
    let op = Operation {
        action: "system:announcement:release",
        target: &after.titile,
        operate_type: logs::OP_OTHER,
        before: None,
        after: Some(json!(after)),
    };
    logs::operation(&state.db, &me, op).await;
    ok_with(MessageKey::Released, after)
}

/// Revokes a released announcement; it leaves its audience's lists at once.
#[utoipa::path(get, path = "/sys/annountCement/doReovkeData", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<AnnouncementRecord>), (status = 400), (status = 403), (status = 404)))]
pub async fn revoke(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<AnnouncementRecord> {
    grants::require(&state, &me, "system:announcement:release").await?;
    let a = find(&state.db, me.tenant_id, q.id.as_deref().unwrap_or("").trim()).await?;
    let now = chrono::Utc::now().naive_utc();
    let revoked = with_write!(&state.db, |conn| {
        diesel::update(
            sys_announcement::table.filter(sys_announcement::id.eq(&a.id)).filter(sys_announcement::send_status.eq(RELEASED)),
        )
        .set((
            sys_announcement::send_status.eq(REVOKED),
            sys_announcement::cancel_time.eq(now),
            sys_announcement::update_by.eq(&me.user.username),
            sys_announcement::update_time.eq(now),
        ))
        .execute(conn)
        .await?
    });
    if revoked == 0 {
        return Err(AppError::bad_request(MessageKey::AnnouncementNotReleased));
    }
    let a = find(&state.db, me.tenant_id, &a.id).await?;
    tell(&state, &a).await;
    let after = record_of(&state.db, a).await?;
    let op = Operation {
        action: "system:announcement:revoke",
        target: &after.titile,
        operate_type: logs::OP_OTHER,
        before: None,
        after: Some(json!(after)),
    };
    logs::operation(&state.db, &me, op).await;
    ok_with(MessageKey::Revoked, after)
}

//! Writing, releasing and revoking announcements (`system:announcement:*`). A declared resource
//! (list, add, edit, delete, export; deleted ones are kept, flagged); releasing and revoking are
//! written here.

use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, validate};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use super::{AnnouncementRecord, DRAFT, RELEASED, REVOKED, TO_ALL, TO_USERS, name_users};
use crate::platform::caller::Caller;
use crate::platform::db::schema::{sys_announcement, sys_announcement_send, sys_user};
use crate::platform::http::page::{IdQuery, Order, filter, split_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiQuery, ApiResult, AppError, current_lang};
use crate::platform::resource::form::{one_of, optional, required};
use crate::platform::resource::handlers::find as record;
use crate::platform::resource::{Checked, Field, Filter, Resource, Scope, Values, Written};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs::{self, Operation};
use crate::system::permissions::grants;
use crate::{platform::secrets, system::notices, with_conn, with_write};

pub const MAX_CONTENT: usize = 100_000;

pub struct Announcements;

impl Resource for Announcements {
    const PATH: &'static str = "/sys/annountCement";
    const PERMISSION: &'static str = "system:announcement";
    const NOUN: &'static str = "announcement";
    const PLURAL: &'static str = "announcements";
    const TABLE: &'static str = "sys_announcement";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("titile", "titile").sortable().titled(MessageKey::FieldTitle),
        Field::text("sender", "sender").titled(MessageKey::FieldSender),
        Field::text("priority", "priority").sortable().titled(MessageKey::FieldPriority),
        Field::text("msgCategory", "msg_category"),
        Field::text("msgType", "msg_type"),
        Field::text("sendStatus", "send_status"),
        Field::time("startTime", "start_time").titled(MessageKey::FieldStartTime),
        Field::time("endTime", "end_time").titled(MessageKey::FieldEndTime),
        Field::time("sendTime", "send_time").sortable(),
        Field::text("createBy", "create_by"),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("titile", &["titile"], "Title, substring."),
        Filter::exact("msgCategory", &["msg_category"], "\"1\" announcement, \"2\" system message."),
        Filter::exact("sendStatus", &["send_status"], "\"0\" draft, \"1\" released, \"2\" revoked."),
        Filter::exact("priority", &["priority"], "L, M or H."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const HAS_UPDATE_BY: bool = true;
    /// `user_names` is filled by `complete`.
    const SELECT: &'static str = "*, (SELECT COUNT(*) FROM sys_announcement_send s \
        WHERE s.annt_id = sys_announcement.id AND s.read_flag = TRUE) AS read_count, CAST(NULL AS TEXT) AS user_names";
    const SOFT_DELETE: Option<&'static str> = Some("del_flag");
    /// `queryById` is the readers' (`mine`); a workbook of announcements has no use.
    const OMIT: &'static [&'static str] = &["queryById", "importExcel"];

    crate::record_form!(AnnouncementRecord, AnnouncementForm, titile);

    async fn complete(state: &AppState, records: &mut [AnnouncementRecord]) -> Result<(), AppError> {
        Ok(name_users(&state.db, records).await?)
    }

    /// A draft or revoked one changes; a released one must be revoked first.
    async fn values(state: &AppState, me: &CurrentUser, form: &AnnouncementForm, before: Option<&AnnouncementRecord>) -> Checked {
        if before.is_some_and(|b| b.send_status == RELEASED) {
            return Err(AppError::bad_request(MessageKey::AnnouncementReleasedLocked));
        }
        let mut values = checked(state, me, form).await?;
        if before.is_none() {
            values.extend([("send_status", DRAFT.into()), ("del_flag", false.into())]);
        }
        Ok(values)
    }

    /// A released one disappears from its audience's lists at once.
    async fn after_write(state: &AppState, me: &CurrentUser, written: Written<'_, AnnouncementRecord>) -> Result<(), AppError> {
        if let Written::Deleted(records) = written {
            for a in records.iter().filter(|a| a.send_status == RELEASED) {
                notices::notify(state, me.tenant_id, a.targets(), &a.id, &a.titile).await;
            }
        }
        Ok(())
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnnouncementForm {
    pub id: Option<String>,
    #[serde(default)]
    pub titile: String,
    #[serde(default)]
    pub msg_content: String,
    /// An instant (ISO-8601 with an offset; without one, UTC) or "YYYY-MM-DD".
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

fn parse_time(field: &str, label: MessageKey, text: &Option<String>) -> Result<Option<chrono::NaiveDateTime>, AppError> {
    let Some(text) = filter(text) else { return Ok(None) };
    let parsed = crate::platform::http::time::parse_instant(&text)
        .or_else(|| chrono::NaiveDate::parse_from_str(&text, "%Y-%m-%d").ok().map(|d| d.and_time(chrono::NaiveTime::MIN)));
    parsed.map(Some).ok_or_else(|| AppError::field(field, MessageKey::DateInvalid).with("field", label.template(current_lang())))
}

/// The form's columns, checked: content sanitised, users of the tenant.
async fn checked(state: &AppState, me: &CurrentUser, form: &AnnouncementForm) -> Result<Values, AppError> {
    let lang = current_lang();
    let titile = required("titile", MessageKey::FieldTitle, &form.titile, 100)?;
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
    let priority = one_of("priority", MessageKey::FieldPriority, &form.priority, &["L", "M", "H"])?.unwrap_or_else(|| "L".into());
    let category =
        one_of("msgCategory", MessageKey::FieldMsgCategory, &form.msg_category, &["1", "2"])?.unwrap_or_else(|| "1".into());
    let msg_type =
        one_of("msgType", MessageKey::FieldMsgType, &form.msg_type, &[TO_ALL, TO_USERS])?.unwrap_or_else(|| TO_ALL.into());
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
    let open_type = one_of("openType", MessageKey::FieldOpenType, &form.open_type, &["url", "component"])?;
    let open_page = optional("openPage", MessageKey::FieldPath, &form.open_page, 500)?;
    if open_type.as_deref() == Some("url") {
        let page = open_page.as_deref().unwrap_or("");
        let app_path = page.starts_with('/') && !page.starts_with("//");
        let web = page.starts_with("https://") || page.starts_with("http://");
        if !(app_path || web) || page.chars().any(char::is_whitespace) {
            return Err(AppError::field("openPage", MessageKey::OpenPageInvalid));
        }
    }
    Ok(vec![
        ("titile", titile.into()),
        ("msg_content", content.into()),
        ("start_time", start.into()),
        ("end_time", end.into()),
        ("sender", sender.into()),
        ("priority", priority.into()),
        ("msg_category", category.into()),
        ("msg_type", msg_type.into()),
        ("user_ids", user_ids.into()),
        ("open_type", open_type.into()),
        ("open_page", open_page.into()),
        ("bus_type", optional("busType", MessageKey::FieldDescription, &form.bus_type, 100)?.into()),
        ("bus_id", optional("busId", MessageKey::FieldDescription, &form.bus_id, 100)?.into()),
    ])
}

/// Released or revoked: the audience reloads its notices, the log has the announcement as it is now.
async fn announced(state: &AppState, me: &CurrentUser, id: &str, action: &str, key: MessageKey) -> ApiResult<AnnouncementRecord> {
    let after = record::<Announcements>(state, me, id).await?;
    notices::notify(state, me.tenant_id, after.targets(), &after.id, &after.titile).await;
    let op = Operation { action, target: &after.titile, operate_type: logs::OP_OTHER, before: None, after: Some(json!(after)) };
    logs::operation(&state.db, me, op).await;
    ok_with(key, after)
}

/// Releases a draft or revoked announcement now; its audience is notified live.
#[utoipa::path(get, path = "/sys/annountCement/doReleaseData", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<AnnouncementRecord>), (status = 400), (status = 403), (status = 404)))]
pub async fn release(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<AnnouncementRecord> {
    grants::require(&state, &me, "system:announcement:release").await?;
    let a = record::<Announcements>(&state, &me, q.id.as_deref().unwrap_or("")).await?;
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
    announced(&state, &me, &a.id, "system:announcement:release", MessageKey::Released).await
}

/// Revokes a released announcement; it leaves its audience's lists at once.
#[utoipa::path(get, path = "/sys/annountCement/doReovkeData", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<AnnouncementRecord>), (status = 400), (status = 403), (status = 404)))]
pub async fn revoke(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<AnnouncementRecord> {
    grants::require(&state, &me, "system:announcement:release").await?;
    let a = record::<Announcements>(&state, &me, q.id.as_deref().unwrap_or("")).await?;
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
    announced(&state, &me, &a.id, "system:announcement:revoke", MessageKey::Revoked).await
}

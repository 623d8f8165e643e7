//! What gathers around a return: its files (`/reverse/returnAttachment/*`: images and PDFs checked
//! by content, stored privately and handed out only to those who see the return), its thread
//! (`/reverse/returnComment/*`: each new comment reaches the other side in the bell and on the
//! live socket) and its own tracking (`/reverse/returnTrack/*`: lifecycle steps, and the carrier's
//! events of the way back that staff add).

use axum::extract::Multipart;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::returns::{self, Action, MAX_ATTACHMENTS};
use logistics_core::tracking::{self, Status};
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::returns::{ReturnRecord, Returns, acting, side};
use crate::platform::caller::Caller;
use crate::platform::db::schema::sys_user as u;
use crate::platform::db::schema::{logistics_return_attachment as a, logistics_return_comment as m, logistics_return_track as t};
use crate::platform::files::PRIVATE_PREFIX;
use crate::platform::http::page::{IdQuery, Order};
use crate::platform::http::time::DateTime;
use crate::platform::http::upload::Upload;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, current_lang, ok};
use crate::platform::resource::handlers::read;
use crate::platform::resource::{Field, Filter, Kind, Resource, Scope};
use crate::platform::secrets;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::{with_conn, with_write};
use logistics_core::FieldError;
use logistics_core::returns as rules;

/// A file of a return.
#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = a)]
#[serde(rename_all = "camelCase")]
pub struct ReturnAttachmentRecord {
    pub id: String,
    pub return_id: String,
    pub return_no: String,
    pub customer_id: String,
    /// The name it was uploaded with.
    pub file_name: String,
    #[serde(skip)]
    pub path: String,
    /// Its kind by content: image/png, image/jpeg, image/gif, image/webp, application/pdf.
    pub mime: String,
    pub size_bytes: i64,
    pub create_by: Option<String>,
    pub create_time: DateTime,
}

pub struct ReturnAttachments;

impl Resource for ReturnAttachments {
    const PATH: &'static str = "/reverse/returnAttachment";
    const PERMISSION: &'static str = "reverse:returnAttachment";
    const NOUN: &'static str = "return attachment";
    const PLURAL: &'static str = "returnAttachments";
    const TABLE: &'static str = "logistics_return_attachment";
    const SCOPE: Scope = Scope::Customer;
    const FIELDS: &'static [Field] = &[
        Field::text("returnNo", "return_no").sortable().titled(MessageKey::FieldReturnNo),
        Field::text("fileName", "file_name").titled(MessageKey::FieldFile),
        Field::text("mime", "mime"),
        Field::big("sizeBytes", "size_bytes").sortable(),
        Field::text("returnId", "return_id"),
        Field::text("createBy", "create_by").titled(MessageKey::FieldOperator),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::exact("returnId", &["return_id"], "The return's id."),
        Filter::like_upper("keyWord", &["return_no"], "The return's number, substring."),
        Filter::like("fileName", &["file_name"], "The file's name, substring."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);

    crate::read_only!(ReturnAttachmentRecord, file_name);
}

/// The body limit of the upload route: the largest attachment plus multipart overhead.
pub const UPLOAD_BODY_LIMIT: usize = returns::MAX_ATTACHMENT_BYTES + 64 * 1024;

/// Attaches a photo or document to a return (multipart fields `returnId` and `file`): an image or
/// a PDF by its content, up to 10 MB, 20 per return; kept privately.
#[utoipa::path(post, path = "/reverse/returnAttachment/upload", tag = "reverse",
    request_body(content_type = "multipart/form-data", description = "fields `returnId` and `file`"),
    responses((status = 200, body = crate::platform::http::Envelope<ReturnAttachmentRecord>),
        (status = 400, description = "No file, a type that is not allowed, too many files"), (status = 403), (status = 404),
        (status = 409, description = "The return is closed"), (status = 413, description = "Too large")))]
pub async fn upload(Caller(state, me): Caller, multipart: Multipart) -> ApiResult<ReturnAttachmentRecord> {
    let mut form = Upload::read(multipart, UPLOAD_BODY_LIMIT).await?;
    let record = acting(&state, &me, form.text("returnId").trim(), Action::Attach).await?;
    let (name, bytes) = form.named_file()?;
    let (extension, mime) = returns::attachment(bytes.len(), &bytes).map_err(|e| {
        if e.key == MessageKey::FileTooLarge {
            AppError::payload_too_large_with(e.key).with("max", returns::MAX_ATTACHMENT_LABEL)
        } else {
            e.into()
        }
    })?;
    let held: i64 = with_conn!(&state.db, |conn| a::table.filter(a::return_id.eq(&record.id)).count().get_result(conn).await?);
    if usize::try_from(held).unwrap_or(usize::MAX) >= MAX_ATTACHMENTS {
        return Err(AppError::bad_request(MessageKey::ReturnAttachmentsFull).with("max", MAX_ATTACHMENTS.to_string()));
    }
    let id = secrets::new_id();
    let path = format!("{PRIVATE_PREFIX}return/{}/{id}.{extension}", record.id);
    state.storage.put(&path, &bytes).await.map_err(AppError::unavailable)?;
    let now = Utc::now().naive_utc();
    let size = i64::try_from(bytes.len()).unwrap_or(i64::MAX);
    with_write!(&state.db, |conn| {
        diesel::insert_into(a::table)
            .values((
                a::id.eq(&id),
                a::tenant_id.eq(me.tenant_id),
                a::return_id.eq(&record.id),
                a::return_no.eq(&record.return_no),
                a::customer_id.eq(&record.customer_id),
                a::file_name.eq(&name),
                a::path.eq(&path),
                a::mime.eq(mime),
                a::size_bytes.eq(size),
                a::create_by.eq(&me.user.username),
                a::create_time.eq(now),
            ))
            .execute(conn)
            .await?
    });
    ok(read::<ReturnAttachments>(&state, &me, &id).await?)
}

/// A return's file, to those who may see the return.
#[utoipa::path(get, path = "/reverse/returnAttachment/download", tag = "reverse", params(IdQuery),
    responses((status = 200, description = "The file"), (status = 403), (status = 404)))]
pub async fn download(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> Result<Response, AppError> {
    let found = read::<ReturnAttachments>(&state, &me, q.id.as_deref().unwrap_or("")).await?;
    let bytes = state.storage.get(&found.path).await.ok_or_else(AppError::not_found)?;
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(&found.mime).unwrap_or(HeaderValue::from_static("application/octet-stream")),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    let ascii: String =
        found.file_name.chars().map(|c| if c.is_ascii_alphanumeric() || ".-_".contains(c) { c } else { '_' }).collect();
    if let Ok(v) = HeaderValue::from_str(&format!("inline; filename=\"{ascii}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, v);
    }
    Ok(response)
}

/// Removes a file: its uploader or staff, while the return is open.
#[utoipa::path(delete, path = "/reverse/returnAttachment/delete", tag = "reverse", params(IdQuery),
    responses((status = 200), (status = 403), (status = 404), (status = 409)))]
pub async fn delete(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    let found = read::<ReturnAttachments>(&state, &me, q.id.as_deref().unwrap_or("")).await?;
    acting(&state, &me, &found.return_id, Action::Attach).await?;
    if side(&me) == returns::Side::Customer && found.create_by.as_deref() != Some(me.user.username.as_str()) {
        return Err(AppError::forbidden());
    }
    with_write!(&state.db, |conn| diesel::delete(a::table.filter(a::id.eq(&found.id))).execute(conn).await?);
    ok(())
}

/// A comment of a return's thread.
#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = m)]
#[serde(rename_all = "camelCase")]
pub struct ReturnCommentRecord {
    pub id: String,
    pub return_id: String,
    pub return_no: String,
    pub customer_id: String,
    /// customer or staff.
    pub side: String,
    pub user_id: String,
    pub username: String,
    pub realname: Option<String>,
    pub content: String,
    pub create_time: DateTime,
}

pub struct ReturnComments;

impl Resource for ReturnComments {
    const PATH: &'static str = "/reverse/returnComment";
    const PERMISSION: &'static str = "reverse:returnComment";
    const NOUN: &'static str = "return comment";
    const PLURAL: &'static str = "returnComments";
    const TABLE: &'static str = "logistics_return_comment";
    const SCOPE: Scope = Scope::Customer;
    const FIELDS: &'static [Field] = &[
        Field::text("returnNo", "return_no").sortable().titled(MessageKey::FieldReturnNo),
        Field::text("side", "side"),
        Field::text("username", "username").titled(MessageKey::FieldOperator),
        Field::text("realname", "realname"),
        Field::text("content", "content").titled(MessageKey::FieldContent),
        Field::text("returnId", "return_id"),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::exact("returnId", &["return_id"], "The return's id."),
        Filter::like_upper("keyWord", &["return_no"], "The return's number, substring."),
        Filter::like("content", &["content"], "The text, substring."),
        Filter::one_of("side", &["side"], &["customer", "staff"], Kind::Text, "Who wrote it."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const HAS_CREATE_BY: bool = false;

    crate::read_only!(ReturnCommentRecord, content);
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnCommentForm {
    #[serde(default)]
    pub return_id: String,
    #[serde(default)]
    pub content: String,
}

/// Adds a comment to a return's thread (any status: the record of who said what stays open); the
/// other side is told in the bell and live.
#[utoipa::path(post, path = "/reverse/returnComment/add", tag = "reverse", request_body = ReturnCommentForm,
    responses((status = 200, body = crate::platform::http::Envelope<ReturnCommentRecord>), (status = 400), (status = 403), (status = 404)))]
pub async fn add_comment(Caller(state, me): Caller, ApiJson(form): ApiJson<ReturnCommentForm>) -> ApiResult<ReturnCommentRecord> {
    let content = returns::comment(&(&serde_json::json!({"content": form.content})).into())?;
    grants::require(&state, &me, "reverse:return:list").await?;
    let record = read::<Returns>(&state, &me, form.return_id.trim()).await?;
    let id = secrets::new_id();
    let now = Utc::now().naive_utc();
    let who = side(&me).code();
    with_write!(&state.db, |conn| {
        diesel::insert_into(m::table)
            .values((
                m::id.eq(&id),
                m::tenant_id.eq(me.tenant_id),
                m::return_id.eq(&record.id),
                m::return_no.eq(&record.return_no),
                m::customer_id.eq(&record.customer_id),
                m::side.eq(who),
                m::user_id.eq(&me.user.id),
                m::username.eq(&me.user.username),
                m::realname.eq(&me.user.realname),
                m::content.eq(&content),
                m::create_by.eq(&me.user.username),
                m::create_time.eq(now),
            ))
            .execute(conn)
            .await?
    });
    tell_other_side(&state, &me, &record, &content).await;
    ok(read::<ReturnComments>(&state, &me, &id).await?)
}

/// An event of a return's own tracking.
#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = t)]
#[serde(rename_all = "camelCase")]
pub struct ReturnTrackRecord {
    pub id: String,
    pub return_id: String,
    pub return_no: String,
    pub customer_id: String,
    /// Tracking's normalized status code.
    pub status: String,
    pub location: Option<String>,
    pub detail: String,
    pub event_time: DateTime,
    /// system, warehouse or staff.
    pub source: String,
    pub create_by: Option<String>,
    pub create_time: DateTime,
}

pub struct ReturnTracks;

impl Resource for ReturnTracks {
    const PATH: &'static str = "/reverse/returnTrack";
    const PERMISSION: &'static str = "reverse:returnTrack";
    const NOUN: &'static str = "return track";
    const PLURAL: &'static str = "returnTracks";
    const TABLE: &'static str = "logistics_return_track";
    const SCOPE: Scope = Scope::Customer;
    const FIELDS: &'static [Field] = &[
        Field::text("returnNo", "return_no").sortable().titled(MessageKey::FieldReturnNo),
        Field::text("status", "status").sortable().titled(MessageKey::FieldState),
        Field::text("location", "location").titled(MessageKey::FieldTrackLocation),
        Field::text("detail", "detail").titled(MessageKey::FieldContent),
        Field::time("eventTime", "event_time").sortable().titled(MessageKey::FieldTime),
        Field::text("source", "source"),
        Field::text("returnId", "return_id"),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::exact("returnId", &["return_id"], "The return's id."),
        Filter::like_upper("keyWord", &["return_no"], "The return's number, substring."),
        Filter::one_of("status", &["status"], Status::CODES, Kind::Text, "Normalized status."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("eventTime", Order::Desc);

    crate::read_only!(ReturnTrackRecord, return_no);
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnTrackForm {
    #[serde(default)]
    pub return_id: String,
    /// Tracking's normalized status code.
    #[serde(default)]
    pub status: String,
    pub location: Option<String>,
    #[serde(default)]
    pub detail: String,
    /// When it happened (ISO 8601 with its offset; default now).
    pub event_time: Option<String>,
}

/// Staff add an event of the way back (the carrier's, read from its site or a call).
#[utoipa::path(post, path = "/reverse/returnTrack/add", tag = "reverse", request_body = ReturnTrackForm,
    responses((status = 200, body = crate::platform::http::Envelope<ReturnTrackRecord>), (status = 400), (status = 403), (status = 404)))]
pub async fn add_track(Caller(state, me): Caller, ApiJson(form): ApiJson<ReturnTrackForm>) -> ApiResult<ReturnTrackRecord> {
    grants::require(&state, &me, "reverse:return:handle").await?;
    if side(&me) == returns::Side::Customer {
        return Err(AppError::forbidden_with(MessageKey::ReturnStaffOnly));
    }
    let record = read::<Returns>(&state, &me, form.return_id.trim()).await?;
    let status = Status::parse(&form.status).ok_or_else(|| AppError::field("status", MessageKey::StatusInvalid))?.code();
    let location = form.location.as_deref().map(str::trim).unwrap_or("");
    let detail = form.detail.trim();
    validate::required("detail", MessageKey::FieldContent.template(current_lang()), detail)?;
    tracking::event_texts(status, location, detail, "")?;
    let when = match form.event_time.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        Some(text) => crate::platform::http::time::parse_instant(text)
            .ok_or_else(|| AppError::field("eventTime", MessageKey::BadRequest))?,
        None => Utc::now().naive_utc(),
    };
    let id = secrets::new_id();
    let now = Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::insert_into(t::table)
            .values((
                t::id.eq(&id),
                t::tenant_id.eq(me.tenant_id),
                t::return_id.eq(&record.id),
                t::return_no.eq(&record.return_no),
                t::customer_id.eq(&record.customer_id),
                t::status.eq(status),
                t::location.eq(Some(location).filter(|l| !l.is_empty())),
                t::detail.eq(detail),
                t::event_time.eq(when),
                t::source.eq("staff"),
                t::create_by.eq(&me.user.username),
                t::create_time.eq(now),
            ))
            .execute(conn)
            .await?
    });
    ok(read::<ReturnTracks>(&state, &me, &id).await?)
}

/// Tells the other side of a return about a new comment, in the bell (a system message to them)
/// and on the live socket: staff write to the customer's main account and its users who took
/// part; the customer writes to the staff who took part (who opened, decided, received or
/// commented), or the tenant's administrators when none has yet.
pub async fn tell_other_side(state: &AppState, me: &CurrentUser, record: &ReturnRecord, content: &str) {
    let result = async {
        let involved: Vec<String> = with_conn!(&state.db, |conn| {
            m::table.filter(m::return_id.eq(&record.id)).select(m::username).distinct().load(conn).await?
        });
        let mut names: Vec<String> = involved;
        names.extend(
            [record.create_by.clone(), record.update_by.clone(), record.decision_by.clone(), record.received_by.clone()]
                .into_iter()
                .flatten(),
        );
        names.retain(|n| n != &me.user.username);
        let tenant = me.tenant_id;
        let customer = record.customer_id.clone();
        let targets: Vec<String> = if side(me) == rules::Side::Staff {
            with_conn!(&state.db, |conn| {
                u::table
                    .filter(u::tenant_id.eq(tenant))
                    .filter(u::del_flag.eq(0i16))
                    .filter(u::id.eq(&customer).or(u::main_account_id.eq(&customer).and(u::username.eq_any(&names))))
                    .select(u::id)
                    .load(conn)
                    .await?
            })
        } else {
            let staff = u::user_kind.ne("customer").and(u::user_kind.ne("sub_account"));
            let named: Vec<String> = with_conn!(&state.db, |conn| {
                u::table
                    .filter(u::tenant_id.eq(tenant))
                    .filter(u::del_flag.eq(0i16))
                    .filter(staff)
                    .filter(u::username.eq_any(&names))
                    .select(u::id)
                    .load(conn)
                    .await?
            });
            if named.is_empty() {
                with_conn!(&state.db, |conn| {
                    u::table
                        .filter(u::tenant_id.eq(tenant))
                        .filter(u::del_flag.eq(0i16))
                        .filter(u::user_kind.eq("admin"))
                        .select(u::id)
                        .limit(20)
                        .load(conn)
                        .await?
                })
            } else {
                named
            }
        };
        let title =
            |lang| FieldError::new("", MessageKey::ReturnCommentNotice).with("returnNo", record.return_no.clone()).message(lang);
        let heading = format!("{} / {}", title(logistics_core::Lang::ZhCn), title(logistics_core::Lang::EnUs));
        let body = format!("<p>{}: {}</p>", escape(&me.user.realname), escape(content));
        let page = format!("/reverse/return?keyWord={}", record.return_no);
        crate::system::announcements::message_users(state, me, &targets, &heading, &body, &page, "return", &record.id).await
    }
    .await;
    if let Err(e) = result {
        tracing::warn!(error = ?e.cause, "could not tell the other side of a return about a comment");
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

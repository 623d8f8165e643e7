//! Reading the log (`/sys/log/list`, tenant-scoped, read-only: audit entries are never deleted),
//! the visit log the web reports, and the visit figures of the dashboard (`/sys/loginfo`,
//! `/sys/visitInfo`: visits are successful sign-ins, as JeecgBoot counts them).

use axum::extract::State;
use chrono::{Duration, NaiveDate, NaiveDateTime, NaiveTime};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{LOGIN, LOGOUT_URL, NewLog, OPERATION, VISIT};
use crate::platform::db::schema::sys_log;
use crate::platform::db::{Db, DbResult};
use crate::platform::http::page::{Order, filter, like_pattern};
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::with_conn;

// An entry as read, and as the API shows it (one struct: the time is formatted on the way out).
#[derive(Clone, Debug, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = sys_log)]
#[serde(rename_all = "camelCase")]
pub struct LogRecord {
    pub id: String,
    /// 1 sign-in/out, 2 operation, 3 visit.
    pub log_type: i16,
    pub log_content: String,
    pub ok: bool,
    pub userid: Option<String>,
    pub username: Option<String>,
    pub ip: Option<String>,
    pub method: Option<String>,
    pub request_url: Option<String>,
    pub operate_type: Option<i16>,
    pub before_value: Option<String>,
    pub after_value: Option<String>,
    #[schema(value_type = String)]
    #[serde(serialize_with = "iso")]
    pub create_time: NaiveDateTime,
}

/// A stored time as the API speaks it (see `platform::http::time`).
fn iso<S: serde::Serializer>(t: &NaiveDateTime, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&crate::platform::http::time::iso(*t))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LogFilter {
    /// 1 sign-in/out (default), 2 operation, 3 visit.
    pub log_type: Option<String>,
    /// Content, substring.
    pub key_word: Option<String>,
    pub username: Option<String>,
    pub ip: Option<String>,
    pub operate_type: Option<String>,
    /// From (inclusive): an instant (ISO-8601 with an offset; without one, UTC) or a `YYYY-MM-DD` day.
    #[serde(rename = "createTime_begin")]
    #[param(rename = "createTime_begin")]
    pub create_time_begin: Option<String>,
    /// To (inclusive; a date means the whole day).
    #[serde(rename = "createTime_end")]
    #[param(rename = "createTime_end")]
    pub create_time_end: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

fn bound(field: &str, text: &Option<String>, end: bool) -> Result<Option<NaiveDateTime>, AppError> {
    let Some(text) = filter(text) else { return Ok(None) };
    if let Some(t) = crate::platform::http::time::parse_instant(&text) {
        return Ok(Some(t));
    }
    match NaiveDate::parse_from_str(&text, "%Y-%m-%d") {
        Ok(d) if end => Ok(Some(d.and_time(NaiveTime::MIN) + Duration::days(1) - Duration::microseconds(1))),
        Ok(d) => Ok(Some(d.and_time(NaiveTime::MIN))),
        Err(_) => {
            Err(AppError::field(field, MessageKey::DateInvalid)
                .with("field", MessageKey::FieldBeginDate.template(current_lang())))
        }
    }
}

/// The tenant's log: one type at a time, searched, paged, sorted.
#[utoipa::path(get, path = "/sys/log/list", tag = "system", params(LogFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<LogRecord>>), (status = 400), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<LogFilter>,
) -> ApiResult<Page<LogRecord>> {
    grants::require(&state, &me, "system:log:list").await?;
    let sort = f.page.sort(&["createTime", "username", "ip"], ("createTime", Order::Desc))?;
    let log_type = match filter(&f.log_type).as_deref() {
        None | Some("1") => LOGIN,
        Some("2") => OPERATION,
        Some("3") => VISIT,
        Some(_) => return Err(AppError::field("logType", MessageKey::StatusInvalid)),
    };
    let operate_type = match filter(&f.operate_type) {
        None => None,
        Some(t) => Some(
            t.parse::<i16>()
                .ok()
                .filter(|t| (1..=5).contains(t))
                .ok_or_else(|| AppError::field("operateType", MessageKey::StatusInvalid))?,
        ),
    };
    let begin = bound("createTime_begin", &f.create_time_begin, false)?;
    let end = bound("createTime_end", &f.create_time_end, true)?;
    let (key_word, username, ip) = (filter(&f.key_word), filter(&f.username), filter(&f.ip));
    macro_rules! filtered {
        () => {{
            let mut q =
                sys_log::table.filter(sys_log::tenant_id.eq(me.tenant_id)).filter(sys_log::log_type.eq(log_type)).into_boxed();
            if let Some(v) = &key_word {
                q = q.filter(sys_log::log_content.like(like_pattern(v)).escape('\\'));
            }
            if let Some(v) = &username {
                q = q.filter(sys_log::username.like(like_pattern(v)).escape('\\'));
            }
            if let Some(v) = &ip {
                q = q.filter(sys_log::ip.like(like_pattern(v)).escape('\\'));
            }
            if let Some(t) = operate_type {
                q = q.filter(sys_log::operate_type.eq(t));
            }
            if let Some(b) = begin {
                q = q.filter(sys_log::create_time.ge(b));
            }
            if let Some(e) = end {
                q = q.filter(sys_log::create_time.le(e));
            }
            q
        }};
    }
    let (total, records): (i64, Vec<LogRecord>) = with_conn!(&state.db, |conn| {
        let total = filtered!().count().get_result(conn).await?;
        let q = filtered!().select(LogRecord::as_select()).limit(f.page.page_size()).offset(f.page.offset());
        let q = match sort {
            ("username", Order::Asc) => q.order(sys_log::username.asc()),
            ("username", Order::Desc) => q.order(sys_log::username.desc()),
            ("ip", Order::Asc) => q.order(sys_log::ip.asc()),
            ("ip", Order::Desc) => q.order(sys_log::ip.desc()),
            (_, Order::Asc) => q.order(sys_log::create_time.asc()),
            (_, Order::Desc) => q.order(sys_log::create_time.desc()),
        };
        (total, q.then_order_by(sys_log::id.asc()).load(conn).await?)
    });
    ok(Page::new(records, total, &f.page))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VisitForm {
    #[serde(default)]
    pub path: String,
    pub title: Option<String>,
}

/// Records a page the caller opened (the visit log).
#[utoipa::path(post, path = "/sys/log/visit", tag = "system", request_body = VisitForm,
    responses((status = 200), (status = 400), (status = 401)))]
pub async fn visit(State(state): State<AppState>, me: CurrentUser, ApiJson(form): ApiJson<VisitForm>) -> ApiResult<()> {
    let lang = current_lang();
    let path = form.path.trim();
    validate::required("path", MessageKey::FieldPath.template(lang), path)?;
    validate::max_chars("path", MessageKey::FieldPath.template(lang), path, 500)?;
    if !path.starts_with('/') {
        return Err(AppError::field("path", MessageKey::OpenPageInvalid));
    }
    let title: String = filter(&form.title).unwrap_or_default().chars().take(200).collect();
    let content = if title.is_empty() { path.to_owned() } else { format!("{title} {path}") };
    let row = NewLog {
        userid: Some(&me.user.id),
        username: &me.user.username,
        ip: &me.ip,
        method: Some("GET"),
        request_url: Some(path),
        tenant_id: Some(me.tenant_id),
        ..NewLog::new(VISIT, &content)
    };
    super::write(&state.db, row).await?;
    ok(())
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogInfo {
    /// Distinct addresses that signed in today.
    pub today_ip: i64,
    pub today_visit_count: i64,
    pub total_visit_count: i64,
}

/// Sign-ins (successful, not sign-outs) of a tenant from `from` to `to`: (count, distinct IPs).
async fn visits(db: &Db, tenant_id: i32, from: Option<NaiveDateTime>, to: Option<NaiveDateTime>) -> DbResult<(i64, i64)> {
    macro_rules! sign_ins {
        () => {{
            let mut q = sys_log::table
                .filter(sys_log::tenant_id.eq(tenant_id))
                .filter(sys_log::log_type.eq(LOGIN))
                .filter(sys_log::ok.eq(true))
                .filter(sys_log::request_url.ne(LOGOUT_URL))
                .into_boxed();
            if let Some(f) = from {
                q = q.filter(sys_log::create_time.ge(f));
            }
            if let Some(t) = to {
                q = q.filter(sys_log::create_time.lt(t));
            }
            q
        }};
    }
    let counts = with_conn!(db, |conn| {
        let count: i64 = sign_ins!().count().get_result(conn).await?;
        let ips: i64 = sign_ins!().select(diesel::dsl::count(sys_log::ip).aggregate_distinct()).get_result(conn).await?;
        (count, ips)
    });
    Ok(counts)
}

fn today() -> NaiveDateTime {
    chrono::Utc::now().date_naive().and_time(NaiveTime::MIN)
}

/// The dashboard's visit figures for the caller's tenant.
#[utoipa::path(get, path = "/sys/loginfo", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<LogInfo>), (status = 401)))]
pub async fn loginfo(State(state): State<AppState>, me: CurrentUser) -> ApiResult<LogInfo> {
    let (today_visit_count, today_ip) = visits(&state.db, me.tenant_id, Some(today()), None).await?;
    let (total_visit_count, _) = visits(&state.db, me.tenant_id, None, None).await?;
    ok(LogInfo { today_ip, today_visit_count, total_visit_count })
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VisitDay {
    /// "11-20".
    pub tian: String,
    /// "2026-11-20".
    #[serde(rename = "type")]
    pub day: String,
    pub visit: i64,
    pub ip: i64,
}

/// Sign-ins and distinct addresses of the last 7 days (UTC), oldest first, every day present.
#[utoipa::path(get, path = "/sys/visitInfo", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<Vec<VisitDay>>), (status = 401)))]
pub async fn visit_info(State(state): State<AppState>, me: CurrentUser) -> ApiResult<Vec<VisitDay>> {
    let start = today() - Duration::days(6);
    let mut days = Vec::with_capacity(7);
    for offset in 0..7 {
        let from = start + Duration::days(offset);
        let (visit, ip) = visits(&state.db, me.tenant_id, Some(from), Some(from + Duration::days(1))).await?;
        days.push(VisitDay { tian: from.format("%m-%d").to_string(), day: from.format("%Y-%m-%d").to_string(), visit, ip });
    }
    ok(days)
}

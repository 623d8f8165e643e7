//! Tracking-number segments (`/logistics/numberSegment/*`): pools of numbers per channel
//! (prefix, serial range, suffix, check digit by core's rules) handed out atomically: one
//! conditional `UPDATE … RETURNING` per allocation, so no number is ever given twice, whatever
//! the concurrency and on either database; an exhausted pool is a clear error.

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::check_digit::{self, Scheme};
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::platform::db::Db;
use crate::platform::db::schema::{logistics_channel, logistics_number_segment};
use crate::platform::http::page::{IdQuery, Order, filter, require_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{platform::secrets, with_conn, with_write};

/// The largest serial a segment may reach (15 digits).
pub const MAX_SERIAL: i64 = 999_999_999_999_999;
/// Numbers one allocation may take.
pub const MAX_COUNT: i64 = 100;

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = logistics_number_segment)]
struct Segment {
    id: String,
    channel_id: String,
    prefix: String,
    suffix: String,
    start_no: i64,
    end_no: i64,
    current_no: i64,
    check_scheme: String,
    alert_threshold: i64,
    status: i16,
    create_time: chrono::NaiveDateTime,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SegmentRecord {
    pub id: String,
    pub channel_id: String,
    pub prefix: String,
    pub suffix: String,
    pub start_no: i64,
    pub end_no: i64,
    /// The last serial handed out (startNo − 1 before the first).
    pub current_no: i64,
    /// none, mod7, s10 or ups.
    pub check_scheme: String,
    pub alert_threshold: i64,
    /// 1 in use, 0 stopped.
    pub status: i16,
    /// Numbers still free.
    pub remaining: i64,
    /// At or below the alert threshold.
    pub alert: bool,
    /// The next number it would hand out.
    pub next_number: Option<String>,
    pub create_time: String,
}

/// The serial's digits: S10 has eight, UPS seven, others as many as the segment's end.
fn width(scheme: Scheme, end_no: i64) -> usize {
    match scheme {
        Scheme::S10 => 8,
        Scheme::Ups1Z => 7,
        _ => end_no.to_string().len(),
    }
}

fn scheme_of(text: &str) -> Scheme {
    Scheme::parse(text).unwrap_or(Scheme::None)
}

/// The full number for a serial: prefix, zero-padded serial, check digit, suffix.
fn number(s: &Segment, serial: i64) -> String {
    let scheme = scheme_of(&s.check_scheme);
    let body = format!("{serial:0width$}", width = width(scheme, s.end_no));
    let check = match scheme {
        Scheme::None => None,
        Scheme::Mod7 => check_digit::mod7(&body),
        Scheme::S10 => check_digit::s10(&body),
        Scheme::Ups1Z => check_digit::ups(&format!("{}{body}", s.prefix.get(2..).unwrap_or(""))),
    };
    let check = check.map(|d| d.to_string()).unwrap_or_default();
    format!("{}{body}{check}{}", s.prefix, s.suffix)
}

fn to_record(s: Segment) -> SegmentRecord {
    let remaining = s.end_no - s.current_no;
    SegmentRecord {
        next_number: (remaining > 0).then(|| number(&s, s.current_no + 1)),
        remaining,
        alert: remaining <= s.alert_threshold,
        create_time: s.create_time.format(crate::system::users::DATE_TIME_FORMAT).to_string(),
        id: s.id,
        channel_id: s.channel_id,
        prefix: s.prefix,
        suffix: s.suffix,
        start_no: s.start_no,
        end_no: s.end_no,
        current_no: s.current_no,
        check_scheme: s.check_scheme,
        alert_threshold: s.alert_threshold,
        status: s.status,
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SegmentFilter {
    pub channel_id: Option<String>,
    /// 1 in use, 0 stopped.
    pub status: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

/// The tenant's number segments with their usage.
#[utoipa::path(get, path = "/logistics/numberSegment/list", tag = "logistics", params(SegmentFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<SegmentRecord>>), (status = 400), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<SegmentFilter>,
) -> ApiResult<Page<SegmentRecord>> {
    grants::require(&state, &me, "logistics:numberSegment:list").await?;
    let sort = f.page.sort(&["createTime", "startNo"], ("createTime", Order::Desc))?;
    let channel = filter(&f.channel_id);
    let status = match filter(&f.status).as_deref() {
        None => None,
        Some("1") => Some(1i16),
        Some("0") => Some(0i16),
        Some(_) => return Err(AppError::field("status", MessageKey::StatusInvalid)),
    };
    macro_rules! filtered {
        () => {{
            let mut q = logistics_number_segment::table.filter(logistics_number_segment::tenant_id.eq(me.tenant_id)).into_boxed();
            if let Some(c) = &channel {
                q = q.filter(logistics_number_segment::channel_id.eq(c.clone()));
            }
            if let Some(s) = status {
                q = q.filter(logistics_number_segment::status.eq(s));
            }
            q
        }};
    }
    let (total, rows): (i64, Vec<Segment>) = with_conn!(&state.db, |conn| {
        let total = filtered!().count().get_result(conn).await?;
        let q = filtered!().select(Segment::as_select()).limit(f.page.page_size()).offset(f.page.offset());
        let q = match sort {
            ("startNo", Order::Asc) => q.order(logistics_number_segment::start_no.asc()),
            ("startNo", Order::Desc) => q.order(logistics_number_segment::start_no.desc()),
            (_, Order::Asc) => q.order(logistics_number_segment::create_time.asc()),
            (_, Order::Desc) => q.order(logistics_number_segment::create_time.desc()),
        };
        (total, q.then_order_by(logistics_number_segment::id.asc()).load(conn).await?)
    });
    ok(Page::new(rows.into_iter().map(to_record).collect(), total, &f.page))
}

async fn one(db: &Db, tenant_id: i32, id: &str) -> Result<SegmentRecord, AppError> {
    let row: Option<Segment> = with_conn!(db, |conn| {
        logistics_number_segment::table
            .filter(logistics_number_segment::tenant_id.eq(tenant_id))
            .filter(logistics_number_segment::id.eq(id))
            .select(Segment::as_select())
            .first(conn)
            .await
            .optional()?
    });
    row.map(to_record).ok_or_else(AppError::not_found)
}

/// One segment.
#[utoipa::path(get, path = "/logistics/numberSegment/queryById", tag = "logistics", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<SegmentRecord>), (status = 403), (status = 404)))]
pub async fn query_by_id(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<SegmentRecord> {
    grants::require(&state, &me, "logistics:numberSegment:list").await?;
    ok(one(&state.db, me.tenant_id, q.id.as_deref().unwrap_or("").trim()).await?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SegmentForm {
    pub channel_id: Option<String>,
    #[serde(default)]
    pub prefix: String,
    #[serde(default)]
    pub suffix: String,
    pub start_no: Option<i64>,
    pub end_no: Option<i64>,
    /// none (default), mod7, s10 or ups.
    pub check_scheme: Option<String>,
    pub alert_threshold: Option<i64>,
}

async fn channel_exists(db: &Db, tenant_id: i32, id: &str) -> Result<bool, AppError> {
    let n: i64 = with_conn!(db, |conn| {
        logistics_channel::table
            .filter(logistics_channel::tenant_id.eq(tenant_id))
            .filter(logistics_channel::id.eq(id))
            .count()
            .get_result(conn)
            .await?
    });
    Ok(n > 0)
}

/// Adds a segment to a channel of the tenant.
#[utoipa::path(post, path = "/logistics/numberSegment/add", tag = "logistics", request_body = SegmentForm,
    responses((status = 200, body = crate::platform::http::Envelope<SegmentRecord>), (status = 400), (status = 403)))]
pub async fn add(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<SegmentForm>,
) -> ApiResult<SegmentRecord> {
    grants::require(&state, &me, "logistics:numberSegment:add").await?;
    let lang = current_lang();
    let channel_id = form.channel_id.as_deref().map(str::trim).unwrap_or("").to_owned();
    validate::required("channelId", MessageKey::FieldChannel.template(lang), &channel_id)?;
    if !channel_exists(&state.db, me.tenant_id, &channel_id).await? {
        return Err(AppError::field("channelId", MessageKey::ValueInvalid).with("field", MessageKey::FieldChannel.template(lang)));
    }
    let scheme_text =
        form.check_scheme.as_deref().map(str::trim).filter(|s| !s.is_empty()).unwrap_or("none").to_ascii_lowercase();
    let scheme = Scheme::parse(&scheme_text).ok_or_else(|| {
        AppError::field("checkScheme", MessageKey::ValueInvalid).with("field", MessageKey::FieldCheckScheme.template(lang))
    })?;
    let (prefix, suffix) = (form.prefix.trim().to_ascii_uppercase(), form.suffix.trim().to_ascii_uppercase());
    let fits = |s: &str, max: usize| s.len() <= max && s.chars().all(|c| c.is_ascii_alphanumeric());
    let letters = |s: &str| s.len() == 2 && s.chars().all(|c| c.is_ascii_uppercase());
    let format_ok = fits(&prefix, 20)
        && fits(&suffix, 20)
        && match scheme {
            Scheme::S10 => letters(&prefix) && letters(&suffix),
            Scheme::Ups1Z => prefix.len() == 10 && prefix.starts_with("1Z") && suffix.is_empty(),
            _ => true,
        };
    if !format_ok {
        return Err(AppError::field("prefix", MessageKey::NumberSegmentFormat));
    }
    let max = match scheme {
        Scheme::S10 => 99_999_999,
        Scheme::Ups1Z => 9_999_999,
        _ => MAX_SERIAL,
    };
    let (start, end) = (form.start_no.unwrap_or(-1), form.end_no.unwrap_or(-1));
    if start < 0 || end < start || end > max {
        return Err(AppError::field("endNo", MessageKey::NumberSegmentRange).with("max", max.to_string()));
    }
    let alert = form.alert_threshold.unwrap_or(0).clamp(0, MAX_SERIAL);
    let id = secrets::new_id();
    with_write!(&state.db, |conn| {
        diesel::insert_into(logistics_number_segment::table)
            .values((
                logistics_number_segment::id.eq(&id),
                logistics_number_segment::tenant_id.eq(me.tenant_id),
                logistics_number_segment::channel_id.eq(&channel_id),
                logistics_number_segment::prefix.eq(&prefix),
                logistics_number_segment::suffix.eq(&suffix),
                logistics_number_segment::start_no.eq(start),
                logistics_number_segment::end_no.eq(end),
                logistics_number_segment::current_no.eq(start - 1),
                logistics_number_segment::check_scheme.eq(&scheme_text),
                logistics_number_segment::alert_threshold.eq(alert),
                logistics_number_segment::status.eq(1i16),
                logistics_number_segment::create_by.eq(&me.user.username),
                logistics_number_segment::create_time.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)
            .await?;
    });
    let after = one(&state.db, me.tenant_id, &id).await?;
    let target = format!("{}{}-{}", after.prefix, after.start_no, after.end_no);
    logs::added(&state.db, &me, "logistics:numberSegment:add", &target, &after).await;
    ok_with(MessageKey::Added, after)
}

/// Deletes segments that have handed out no number.
#[utoipa::path(delete, path = "/logistics/numberSegment/delete", tag = "logistics", params(IdQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "logistics:numberSegment:delete").await?;
    let ids = require_ids(q.id.as_deref().or(q.ids.as_deref()).unwrap_or(""))?;
    let mut befores = Vec::new();
    for id in &ids {
        let before = one(&state.db, me.tenant_id, id).await?;
        if before.current_no >= before.start_no {
            return Err(AppError::bad_request(MessageKey::NumberSegmentInUse));
        }
        befores.push(before);
    }
    with_write!(&state.db, |conn| {
        diesel::delete(
            logistics_number_segment::table
                .filter(logistics_number_segment::tenant_id.eq(me.tenant_id))
                .filter(logistics_number_segment::id.eq_any(&ids))
                .filter(logistics_number_segment::current_no.lt(logistics_number_segment::start_no)),
        )
        .execute(conn)
        .await?;
    });
    for before in befores {
        let target = format!("{}{}-{}", before.prefix, before.start_no, before.end_no);
        logs::deleted(&state.db, &me, "logistics:numberSegment:delete", &target, &before).await;
    }
    ok_with(MessageKey::Deleted, ())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AllocateForm {
    pub channel_id: Option<String>,
    /// 1 (default) to 100.
    pub count: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Allocation {
    pub segment_id: String,
    pub numbers: Vec<String>,
    /// Numbers left in the segment.
    pub remaining: i64,
    /// The segment is at or below its alert threshold.
    pub alert: bool,
}

/// Takes `count` consecutive numbers from the first segment of the channel that still has them;
/// atomic (a conditional increment), so concurrent callers never get the same number.
pub async fn allocate_numbers(db: &Db, tenant_id: i32, channel_id: &str, count: i64) -> Result<Allocation, AppError> {
    let candidates: Vec<String> = with_conn!(db, |conn| {
        logistics_number_segment::table
            .filter(logistics_number_segment::tenant_id.eq(tenant_id))
            .filter(logistics_number_segment::channel_id.eq(channel_id))
            .filter(logistics_number_segment::status.eq(1i16))
            .filter((logistics_number_segment::end_no - logistics_number_segment::current_no).ge(count))
            .order((logistics_number_segment::create_time.asc(), logistics_number_segment::id.asc()))
            .select(logistics_number_segment::id)
            .load(conn)
            .await?
    });
    for id in candidates {
        let taken: Option<Segment> = with_write!(db, |conn| {
            diesel::update(
                logistics_number_segment::table
                    .filter(logistics_number_segment::id.eq(&id))
                    .filter(logistics_number_segment::status.eq(1i16))
                    .filter((logistics_number_segment::end_no - logistics_number_segment::current_no).ge(count)),
            )
            .set((
                logistics_number_segment::current_no.eq(logistics_number_segment::current_no + count),
                logistics_number_segment::update_time.eq(chrono::Utc::now().naive_utc()),
            ))
            .returning(Segment::as_returning())
            .get_result(conn)
            .await
            .optional()?
        });
        if let Some(s) = taken {
            let first = s.current_no - count + 1;
            let numbers = (first..=s.current_no).map(|serial| number(&s, serial)).collect();
            let remaining = s.end_no - s.current_no;
            return Ok(Allocation { segment_id: s.id, numbers, remaining, alert: remaining <= s.alert_threshold });
        }
    }
    Err(AppError::bad_request(MessageKey::NumberSegmentExhausted))
}

/// Hands out tracking numbers of a channel.
#[utoipa::path(post, path = "/logistics/numberSegment/allocate", tag = "logistics", request_body = AllocateForm,
    responses((status = 200, body = crate::platform::http::Envelope<Allocation>), (status = 400), (status = 403)))]
pub async fn allocate(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<AllocateForm>,
) -> ApiResult<Allocation> {
    grants::require(&state, &me, "logistics:numberSegment:allocate").await?;
    let lang = current_lang();
    let channel_id = form.channel_id.as_deref().map(str::trim).unwrap_or("").to_owned();
    validate::required("channelId", MessageKey::FieldChannel.template(lang), &channel_id)?;
    if !channel_exists(&state.db, me.tenant_id, &channel_id).await? {
        return Err(AppError::not_found());
    }
    let count = form.count.unwrap_or(1);
    if !(1..=MAX_COUNT).contains(&count) {
        return Err(AppError::field("count", MessageKey::NumberTooLarge)
            .with("field", MessageKey::FieldCount.template(lang))
            .with("max", MAX_COUNT.to_string()));
    }
    ok(allocate_numbers(&state.db, me.tenant_id, &channel_id, count).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn segment(prefix: &str, suffix: &str, end_no: i64, scheme: &str) -> Segment {
        Segment {
            id: "s".into(),
            channel_id: "c".into(),
            prefix: prefix.into(),
            suffix: suffix.into(),
            start_no: 0,
            end_no,
            current_no: 0,
            check_scheme: scheme.into(),
            alert_threshold: 0,
            status: 1,
            create_time: chrono::NaiveDateTime::default(),
        }
    }

    #[test]
    fn numbers_carry_their_check_digits() {
        assert_eq!(number(&segment("AA", "GB", 99_999_999, "s10"), 47_312_482), "AA473124829GB");
        assert!(check_digit::is_valid(Scheme::S10, &number(&segment("RR", "CN", 99_999_999, "s10"), 8)));
        assert_eq!(number(&segment("1Z999AA101", "", 9_999_999, "ups"), 2_345_678), "1Z999AA10123456784");
        assert_eq!(number(&segment("YT", "", 9_999, "none"), 42), "YT0042");
        assert!(check_digit::is_valid(Scheme::Mod7, &number(&segment("", "", 99_999, "mod7"), 1234)));
    }
}

//! Tracking-number segments (`/logistics/numberSegment/*`): pools of numbers per channel
//! (prefix, serial range, suffix, check digit by core's rules) handed out atomically: one
//! conditional `UPDATE … RETURNING` per allocation, so no number is ever given twice, whatever
//! the concurrency and on either database; an exhausted pool is a clear error.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::check_digit::Scheme;
use logistics_core::number_segment;
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::caller::Caller;
use crate::platform::db::schema::logistics_number_segment;
use crate::platform::db::{Db, Tx};
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiResult, AppError, current_lang, ok};
use crate::platform::resource::form::{Reference, invalid};
use crate::platform::resource::{Checked, Field, Filter, Readable, Resource, Scope};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::{on_tx, with_conn, with_write};

pub use logistics_core::number_segment::MAX_SERIAL;
/// Numbers one allocation may take.
pub const MAX_COUNT: i64 = 100;

#[derive(Clone, Debug, Queryable, Selectable, QueryableByName)]
#[diesel(table_name = logistics_number_segment)]
pub struct Segment {
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
    create_time: DateTime,
}

impl Segment {
    fn number(&self, serial: i64) -> String {
        let scheme = Scheme::parse(&self.check_scheme).unwrap_or(Scheme::None);
        number_segment::number(scheme, &self.prefix, &self.suffix, self.end_no, serial)
    }
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
    pub create_time: DateTime,
}

impl Readable for SegmentRecord {
    type Row = Segment;

    fn from_row(s: Segment) -> SegmentRecord {
        let remaining = s.end_no - s.current_no;
        SegmentRecord {
            next_number: (remaining > 0).then(|| s.number(s.current_no + 1)),
            remaining,
            alert: remaining <= s.alert_threshold,
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
            create_time: s.create_time,
        }
    }
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

/// A segment's channel.
const CHANNEL: Reference = Reference::id("logistics_channel", MessageKey::FieldChannel);

/// A segment's numbers, once handed out, are on parcels: it is never edited, and deleted only
/// while it has handed out none.
pub struct NumberSegments;

impl Resource for NumberSegments {
    const PATH: &'static str = "/logistics/numberSegment";
    const PERMISSION: &'static str = "logistics:numberSegment";
    const NOUN: &'static str = "number segment";
    const PLURAL: &'static str = "number-segments";
    const TABLE: &'static str = "logistics_number_segment";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("channelId", "channel_id"),
        Field::text("prefix", "prefix").titled(MessageKey::FieldCode),
        Field::text("suffix", "suffix"),
        Field::big("startNo", "start_no").sortable(),
        Field::big("endNo", "end_no"),
        Field::big("currentNo", "current_no").titled(MessageKey::FieldCount),
        Field::text("checkScheme", "check_scheme").titled(MessageKey::FieldCheckScheme),
        Field::big("alertThreshold", "alert_threshold"),
        Field::small("status", "status"),
        Field::computed("nextNumber"),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::exact("channelId", &["channel_id"], "The channel's id."),
        Filter::status("status", &["status"], "1 in use, 0 stopped."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    /// Never edited: its numbers are on parcels.
    const OMIT: &'static [&'static str] = &["edit"];

    type Record = SegmentRecord;
    type Form = SegmentForm;

    fn id(record: &SegmentRecord) -> String {
        record.id.clone()
    }

    /// `YT1000-1999`.
    fn label(r: &SegmentRecord) -> String {
        format!("{}{}-{}", r.prefix, r.start_no, r.end_no)
    }

    fn form_id(_: &SegmentForm) -> Option<&str> {
        None
    }

    /// A channel of the tenant, affixes and range that fit the check scheme (core's rules).
    async fn values(state: &AppState, me: &CurrentUser, form: &SegmentForm, _: Option<&SegmentRecord>) -> Checked {
        let channel_id = CHANNEL.check(&state.db, me.tenant_id, "channelId", form.channel_id.as_deref()).await?;
        let scheme_text =
            form.check_scheme.as_deref().map(str::trim).filter(|s| !s.is_empty()).unwrap_or("none").to_ascii_lowercase();
        let scheme = Scheme::parse(&scheme_text).ok_or_else(|| invalid("checkScheme", MessageKey::FieldCheckScheme))?;
        let (prefix, suffix) = number_segment::affixes(scheme, &form.prefix, &form.suffix)?;
        let (start, end) = (form.start_no.unwrap_or(-1), form.end_no.unwrap_or(-1));
        number_segment::range(scheme, start, end)?;
        Ok(vec![
            ("channel_id", channel_id.into()),
            ("prefix", prefix.into()),
            ("suffix", suffix.into()),
            ("start_no", start.into()),
            ("end_no", end.into()),
            ("current_no", (start - 1).into()),
            ("check_scheme", scheme_text.into()),
            ("alert_threshold", form.alert_threshold.unwrap_or(0).clamp(0, MAX_SERIAL).into()),
            ("status", 1i16.into()),
        ])
    }

    /// Only segments that handed out no number.
    async fn before_delete(_: &AppState, _: &CurrentUser, records: &[SegmentRecord]) -> Result<(), AppError> {
        if records.iter().any(|r| r.current_no >= r.start_no) {
            return Err(AppError::bad_request(MessageKey::NumberSegmentInUse));
        }
        Ok(())
    }
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
            let numbers = (first..=s.current_no).map(|serial| s.number(serial)).collect();
            let remaining = s.end_no - s.current_no;
            return Ok(Allocation { segment_id: s.id, numbers, remaining, alert: remaining <= s.alert_threshold });
        }
    }
    Err(AppError::bad_request(MessageKey::NumberSegmentExhausted))
}

/// [`allocate_numbers`] inside the caller's transaction (an order's submission): None when no
/// segment of the channel has `count` numbers left (the carrier issues them instead). A number
/// handed out is never handed out again, even when the caller rolls back.
pub async fn allocate_in(tx: &mut Tx<'_>, tenant_id: i32, channel_id: &str, count: i64) -> Result<Option<Allocation>, AppError> {
    use logistics_number_segment as s;
    let now = chrono::Utc::now().naive_utc();
    let taken: Option<Segment> = on_tx!(tx, |c| {
        let candidate: Option<String> = s::table
            .filter(s::tenant_id.eq(tenant_id))
            .filter(s::channel_id.eq(channel_id))
            .filter(s::status.eq(1i16))
            .filter((s::end_no - s::current_no).ge(count))
            .order((s::create_time.asc(), s::id.asc()))
            .select(s::id)
            .first(c)
            .await
            .optional()?;
        match candidate {
            None => None,
            Some(id) => diesel::update(s::table.filter(s::id.eq(&id)).filter((s::end_no - s::current_no).ge(count)))
                .set((s::current_no.eq(s::current_no + count), s::update_time.eq(now)))
                .returning(Segment::as_returning())
                .get_result(c)
                .await
                .optional()?,
        }
    });
    Ok(taken.map(|s| {
        let first = s.current_no - count + 1;
        let remaining = s.end_no - s.current_no;
        Allocation {
            numbers: (first..=s.current_no).map(|serial| s.number(serial)).collect(),
            segment_id: s.id,
            remaining,
            alert: remaining <= s.alert_threshold,
        }
    }))
}

/// Hands out tracking numbers of a channel.
#[utoipa::path(post, path = "/logistics/numberSegment/allocate", tag = "logistics", request_body = AllocateForm,
    responses((status = 200, body = crate::platform::http::Envelope<Allocation>), (status = 400), (status = 403)))]
pub async fn allocate(Caller(state, me): Caller, ApiJson(form): ApiJson<AllocateForm>) -> ApiResult<Allocation> {
    grants::require(&state, &me, "logistics:numberSegment:allocate").await?;
    let lang = current_lang();
    let channel_id = form.channel_id.as_deref().map(str::trim).unwrap_or("").to_owned();
    validate::required("channelId", MessageKey::FieldChannel.template(lang), &channel_id)?;
    if !CHANNEL.exists(&state.db, me.tenant_id, &channel_id).await? {
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

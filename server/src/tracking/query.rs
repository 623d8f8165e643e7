//! Track queries: the public page's (`GET /track/query`, no sign-in, across the platform, nothing
//! personal) and the signed-in search (`GET /logistics/track/search`: a customer its own orders,
//! staff their tenant's, with the order's own fields). Each pasted number gets its orders'
//! statuses and timelines, newest event first; a number no order has says so. Both count against
//! the spec's limit of 20 queries per ten minutes (per client address; signed in, per user),
//! answered beyond with 429, `Retry-After` and the message in the user's language.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::tracking::{self, Point, Status};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use utoipa::{IntoParams, ToSchema};

use super::couriers::{CourierHit, Recogniser};
use super::lookup::{Hit, Reach, lookup};
use crate::platform::caller::Caller;
use crate::platform::db::schema::{logistics_shipment_parcel as p, logistics_track_event as e, logistics_track_state as st};
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiQuery, ApiResult, AppError, ok};
use crate::platform::resource::customer_of;
use crate::state::AppState;
use crate::system::auth::ClientMeta;
use crate::system::auth::rate_limit::TRACK;
use crate::system::permissions::grants;
use crate::with_conn;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TrackQuery {
    /// Up to 100 numbers (tracking, system tracking, order or parcel serial numbers, parcel
    /// references), separated by spaces, line breaks, commas or semicolons.
    #[serde(default)]
    pub numbers: String,
}

/// One event of a timeline.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackPoint {
    /// The instant (UTC); the place's local time is this plus `utcOffset` minutes.
    pub time: DateTime,
    pub utc_offset: i32,
    pub location: Option<String>,
    /// As the source wrote it, and in English where the source gave both.
    pub detail: Option<String>,
    pub detail_en: Option<String>,
    /// The normalized status.
    pub status: String,
    pub reason: Option<String>,
    /// The parcel the event names (none: the whole order).
    pub parcel_serial_number: Option<String>,
}

/// An order (or one of its parcels) a number named.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackedOrder {
    pub serial_number: String,
    /// When the number is a parcel's: that parcel, whose own status and timeline these are.
    pub parcel_serial_number: Option<String>,
    pub track_no: Option<String>,
    pub sys_track_no: Option<String>,
    pub dest_country: Option<String>,
    pub pieces: i32,
    /// The normalized status now, and an exception's reason.
    pub status: String,
    pub reason: Option<String>,
    /// Newest first (kept as written with the order's status: see `ingest::refresh`).
    #[schema(value_type = Vec<TrackPoint>)]
    pub events: Box<RawValue>,
    /// Signed in only: the order's id, type, the customer's own number and the order's status.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shipment_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shipment_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub customer_code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shipment_status: Option<String>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackResult {
    /// The number as pasted.
    pub number: String,
    /// Some order has it.
    pub found: bool,
    pub orders: Vec<TrackedOrder>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackAnswer {
    /// One per number, in the order pasted.
    pub results: Vec<TrackResult>,
}

/// Most events a timeline shows.
pub const MAX_EVENTS: usize = 200;

type EventRow = (
    String,
    Option<String>,
    NaiveDateTime,
    i32,
    Option<String>,
    Option<String>,
    Option<String>,
    String,
    Option<String>,
    Option<String>,
);

/// An order's status, exception reason and written timeline.
type StateRow = (String, String, Option<String>, Option<String>);

/// The answer for `numbers` in `reach`; `signed_in` adds the order's own fields. An order named by
/// its own numbers answers with the status and timeline written beside it when its events last
/// changed (one row per order); a parcel's number, or an order whose timeline is not written yet,
/// reads the events.
pub async fn answer(state: &AppState, reach: Reach<'_>, numbers: &[String], signed_in: bool) -> Result<TrackAnswer, AppError> {
    let hits = lookup(state, reach, numbers).await?;
    let mut ids: Vec<String> = hits.values().flatten().map(|h| h.order.id.clone()).collect();
    ids.sort_unstable();
    ids.dedup();
    let states: HashMap<String, StateRow> = if ids.is_empty() {
        HashMap::new()
    } else {
        with_conn!(&state.db, |conn| st::table
            .filter(st::shipment_id.eq_any(&ids))
            .select((st::shipment_id, st::status, st::reason, st::timeline))
            .load::<StateRow>(conn)
            .await?)
        .into_iter()
        .map(|row| (row.0.clone(), row))
        .collect()
    };
    let written = |h: &Hit| h.parcel.is_none() && states.get(&h.order.id).is_some_and(|s| s.3.is_some());
    let mut need: Vec<String> = hits.values().flatten().filter(|h| !written(h)).map(|h| h.order.id.clone()).collect();
    need.sort_unstable();
    need.dedup();
    let (events, parcels): (Vec<EventRow>, Vec<(String, String)>) = if need.is_empty() {
        (Vec::new(), Vec::new())
    } else {
        with_conn!(&state.db, |conn| {
            let events = e::table
                .filter(e::shipment_id.eq_any(&need))
                .order((e::event_time.desc(), e::create_time.desc()))
                .select((
                    e::shipment_id,
                    e::parcel_id,
                    e::event_time,
                    e::utc_offset,
                    e::location,
                    e::detail,
                    e::detail_en,
                    e::status,
                    e::reason,
                    e::parcel_serial_number,
                ))
                .load::<EventRow>(conn)
                .await?;
            let parcels = p::table.filter(p::shipment_id.eq_any(&need)).select((p::shipment_id, p::id)).load(conn).await?;
            (events, parcels)
        })
    };
    let mut by_order: HashMap<&str, Vec<&EventRow>> = HashMap::new();
    for row in &events {
        by_order.entry(row.0.as_str()).or_default().push(row);
    }
    let mut results = Vec::with_capacity(numbers.len());
    for number in numbers {
        let mut orders = Vec::new();
        for h in hits.get(number).map(Vec::as_slice).unwrap_or_default() {
            let order = match states.get(&h.order.id) {
                Some((_, status, reason, Some(timeline))) if h.parcel.is_none() => {
                    let events = RawValue::from_string(timeline.clone()).map_err(AppError::internal)?;
                    order_fields(h, status.clone(), reason.clone(), events, signed_in)
                }
                _ => tracked(h, by_order.get(h.order.id.as_str()), &parcels, signed_in)?,
            };
            orders.push(order);
        }
        results.push(TrackResult { number: number.clone(), found: hits.contains_key(number), orders });
    }
    Ok(TrackAnswer { results })
}

/// An order's (or a parcel's) status and timeline from its events.
fn tracked(
    hit: &Hit,
    events: Option<&Vec<&EventRow>>,
    parcels: &[(String, String)],
    signed_in: bool,
) -> Result<TrackedOrder, AppError> {
    let parcel_id = hit.parcel.as_ref().map(|(id, _)| id.as_str());
    // A parcel's number: its own events and the order's; the order's: all.
    let mine: Vec<&EventRow> = events
        .map(|all| all.iter().copied().filter(|r| parcel_id.is_none() || r.1.is_none() || r.1.as_deref() == parcel_id).collect())
        .unwrap_or_default();
    let of_order: Vec<&str> = match parcel_id {
        Some(id) => vec![id],
        None => parcels.iter().filter(|(sid, _)| *sid == hit.order.id).map(|(_, id)| id.as_str()).collect(),
    };
    let points: Vec<Point<'_>> = mine
        .iter()
        .rev()
        .map(|r| Point {
            parcel: r.1.as_deref(),
            time: r.2.and_utc().timestamp(),
            status: Status::parse(&r.7).unwrap_or(tracking::UNMAPPED),
        })
        .collect();
    let status = tracking::current(&of_order, &points);
    let reason = if status == Status::Exception {
        mine.iter().find(|r| r.7 == Status::Exception.code()).and_then(|r| r.8.clone())
    } else {
        None
    };
    let timeline: Vec<TrackPoint> = mine
        .iter()
        .take(MAX_EVENTS)
        .map(|r| TrackPoint {
            time: DateTime(r.2),
            utc_offset: r.3,
            location: r.4.clone(),
            detail: r.5.clone(),
            detail_en: r.6.clone(),
            status: r.7.clone(),
            reason: r.8.clone(),
            parcel_serial_number: r.9.clone(),
        })
        .collect();
    let events = serde_json::value::to_raw_value(&timeline).map_err(AppError::internal)?;
    Ok(order_fields(hit, status.code().to_owned(), reason, events, signed_in))
}

fn order_fields(hit: &Hit, status: String, reason: Option<String>, events: Box<RawValue>, signed_in: bool) -> TrackedOrder {
    let o = &hit.order;
    TrackedOrder {
        serial_number: o.serial_number.clone(),
        parcel_serial_number: hit.parcel.as_ref().map(|(_, serial)| serial.clone()),
        track_no: o.track_no.clone(),
        sys_track_no: o.sys_track_no.clone(),
        dest_country: o.consignee_country.clone(),
        pieces: if hit.parcel.is_some() { 1 } else { o.shipment_pieces },
        status,
        reason,
        events,
        shipment_id: signed_in.then(|| o.id.clone()),
        shipment_type: signed_in.then(|| o.shipment_type.clone()),
        customer_code: if signed_in { o.customer_code.clone() } else { None },
        shipment_status: signed_in.then(|| o.shipment_status.clone()),
    }
}

/// Counts a query against the limit of `who`.
async fn limit(state: &AppState, who: &str) -> Result<(), AppError> {
    state.limiter.check(TRACK, who).await.map_err(|seconds| {
        AppError::too_many(MessageKey::TrackRateLimited).with("max", TRACK.max.to_string()).with("seconds", seconds.to_string())
    })
}

fn numbers(q: &TrackQuery) -> Result<Vec<String>, AppError> {
    tracking::numbers(&q.numbers).map_err(AppError::invalid)
}

/// The public query: no sign-in, every tenant's orders, nothing personal (no consignee, no
/// customer). 400 without numbers or with more than 100; 429 over 20 queries in ten minutes.
#[utoipa::path(get, path = "/track/query", tag = "logistics", params(TrackQuery),
    responses((status = 200, body = crate::platform::http::Envelope<TrackAnswer>), (status = 400), (status = 429)))]
pub async fn public(
    axum::extract::State(state): axum::extract::State<AppState>,
    client: ClientMeta,
    ApiQuery(q): ApiQuery<TrackQuery>,
) -> ApiResult<TrackAnswer> {
    limit(&state, &format!("ip:{}", client.ip)).await?;
    let numbers = numbers(&q)?;
    ok(answer(&state, Reach::default(), &numbers, false).await?)
}

/// The signed-in search: a customer's own orders (its sub-accounts' too), staff their tenant's,
/// found also by the customer's own order number, with the order's id, type and status.
#[utoipa::path(get, path = "/logistics/track/search", tag = "logistics", params(TrackQuery),
    responses((status = 200, body = crate::platform::http::Envelope<TrackAnswer>), (status = 400), (status = 403), (status = 429)))]
pub async fn search(Caller(state, me): Caller, ApiQuery(q): ApiQuery<TrackQuery>) -> ApiResult<TrackAnswer> {
    grants::require(&state, &me, "logistics:track:search").await?;
    limit(&state, &format!("user:{}", me.user.id)).await?;
    let numbers = numbers(&q)?;
    let customer = customer_of(&me);
    let reach =
        Reach { tenant_id: Some(me.tenant_id), customer_id: customer.as_deref(), customer_code: true, carrier_only: false };
    ok(answer(&state, reach, &numbers, true).await?)
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutTrackResult {
    /// The number as pasted.
    pub number: String,
    /// Some order of the caller's has it as a last-mile number.
    pub found: bool,
    /// The couriers whose numbers look like it (pattern and check digit), each with its own
    /// tracking page for the number.
    pub couriers: Vec<CourierHit>,
    pub orders: Vec<TrackedOrder>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutTrackAnswer {
    /// One per number, in the order pasted.
    pub results: Vec<OutTrackResult>,
}

/// The out-track search: the last-mile carriers' numbers (an order's tracking number, its
/// delivery numbers and the carriers' own ids of them) in the caller's reach, with the couriers
/// each number looks like and their tracking pages. Counts against the same limit as the search.
#[utoipa::path(get, path = "/logistics/track/outSearch", tag = "logistics", params(TrackQuery),
    responses((status = 200, body = crate::platform::http::Envelope<OutTrackAnswer>), (status = 400), (status = 403), (status = 429)))]
pub async fn out_search(Caller(state, me): Caller, ApiQuery(q): ApiQuery<TrackQuery>) -> ApiResult<OutTrackAnswer> {
    grants::require(&state, &me, "logistics:track:outSearch").await?;
    limit(&state, &format!("user:{}", me.user.id)).await?;
    let numbers = numbers(&q)?;
    let customer = customer_of(&me);
    let reach =
        Reach { tenant_id: Some(me.tenant_id), customer_id: customer.as_deref(), customer_code: false, carrier_only: true };
    let found = answer(&state, reach, &numbers, true).await?;
    let couriers = Recogniser::load(&state, me.tenant_id).await?;
    let results = found
        .results
        .into_iter()
        .map(|r| OutTrackResult { couriers: couriers.claims(&r.number), number: r.number, found: r.found, orders: r.orders })
        .collect();
    ok(OutTrackAnswer { results })
}

//! Taking events in, from any source: each names its order by a number (resolved in the tenant as
//! the search does), its code is mapped to a normalized status (the tenant's table, then core's),
//! and it is stored once: a source's event id is unique per tenant, so a webhook delivered twice,
//! a replayed request or an upload sent again adds nothing. The orders whose events changed get
//! their status recomputed from all their events (core `tracking::current`); once the carrier has
//! an order, its own status follows (core `shipment::follow_tracking`: in transit, delivered, an
//! exception, returned), in the same transaction.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime as ChronoTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::upsert::excluded;
use diesel_async::RunQueryDsl;
use logistics_core::shipment;
use logistics_core::tracking::{self, EventTime, Mapping, Point, Status};
use serde::Serialize;
use utoipa::ToSchema;

use super::lookup::{Hit, Reach, lookup};
use super::query::{MAX_EVENTS, TrackPoint};
use super::subscriptions::{self, StatusChange};
use crate::platform::db::Tx;
use crate::platform::db::schema::{
    logistics_shipment as s, logistics_shipment_parcel as p, logistics_track_event as e, logistics_track_mapping as m,
    logistics_track_state as st,
};
use crate::platform::http::AppError;
use crate::platform::http::time::DateTime;
use crate::platform::secrets;
use crate::state::AppState;
use crate::{on_tx, transaction, with_conn};

/// One event as a source gives it.
#[derive(Clone, Debug, Default)]
pub struct Incoming {
    /// The number it names (tracking, system tracking, serial number or reference).
    pub number: String,
    pub code: String,
    /// The source's id of the event: the same id again is the same event.
    pub event_key: String,
    pub time: Option<EventTime>,
    pub location: Option<String>,
    pub detail: Option<String>,
    pub detail_en: Option<String>,
    pub reason: Option<String>,
    pub pieces: Option<i32>,
}

/// What an ingestion did.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Ingested {
    /// Events stored now.
    pub stored: usize,
    /// Events already stored (the same source and id): ignored.
    pub duplicates: usize,
    /// Numbers no order of the tenant has: their events are not stored.
    pub unknown: Vec<String>,
}

fn utc(t: EventTime) -> NaiveDateTime {
    ChronoTime::<Utc>::from_timestamp(t.utc, 0).map_or_else(|| Utc::now().naive_utc(), |d| d.naive_utc())
}

/// The tenant's mappings of `source`.
pub async fn mappings(state: &AppState, tenant_id: i32, source: &str) -> Result<Vec<Mapping>, AppError> {
    let rows: Vec<(String, String, String)> = with_conn!(&state.db, |conn| {
        m::table
            .filter(m::tenant_id.eq(tenant_id))
            .filter(m::source.eq(source))
            .select((m::source, m::code, m::status))
            .load(conn)
            .await?
    });
    Ok(rows
        .into_iter()
        .filter_map(|(source, code, status)| Some(Mapping { source, code, status: Status::parse(&status)? }))
        .collect())
}

/// Stores `items` of `source` for the tenant's orders; `by` names who sent them (a user, a
/// supplier's webhook).
pub async fn ingest(state: &AppState, tenant_id: i32, source: &str, items: &[Incoming], by: &str) -> Result<Ingested, AppError> {
    let numbers: Vec<String> = {
        let mut seen = HashSet::new();
        items
            .iter()
            .map(|i| i.number.trim().to_owned())
            .filter(|n| !n.is_empty() && seen.insert(n.to_ascii_uppercase()))
            .collect()
    };
    let mut hits: HashMap<String, Vec<Hit>> = HashMap::new();
    for chunk in numbers.chunks(200) {
        hits.extend(lookup(state, Reach { tenant_id: Some(tenant_id), ..Reach::default() }, chunk).await?);
    }
    let found = |n: &str| hits.iter().find(|(k, _)| k.eq_ignore_ascii_case(n.trim())).and_then(|(_, v)| v.iter().next());
    let table = mappings(state, tenant_id, source).await?;
    let now = Utc::now().naive_utc();
    let mut report = Ingested::default();
    let mut rows = Vec::with_capacity(items.len());
    let mut touched: Vec<(String, String)> = Vec::new();
    for item in items {
        let Some(hit) = found(&item.number) else {
            let n = item.number.trim().to_owned();
            if !report.unknown.contains(&n) {
                report.unknown.push(n);
            }
            continue;
        };
        let o = &hit.order;
        rows.push(row(&table, tenant_id, source, hit, item, by, now));
        touched.push((o.id.clone(), o.customer_id.clone()));
    }
    if rows.is_empty() {
        return Ok(report);
    }
    let mut seen = HashSet::new();
    touched.retain(|(id, _)| seen.insert(id.clone()));
    let stored = transaction!(data: &state.db, |tx| {
        let mut stored = 0usize;
        // One statement a row: SQLite takes no multi-row INSERT from diesel, and a duplicate must
        // skip only itself.
        for row in &rows {
            stored += on_tx!(tx, |c| diesel::insert_into(e::table).values(row.clone()).on_conflict_do_nothing().execute(c).await?);
        }
        if stored > 0 {
            refresh(tx, tenant_id, &touched).await?;
        }
        Ok::<_, AppError>(stored)
    })?;
    report.stored = stored;
    report.duplicates = rows.len() - stored;
    Ok(report)
}

/// The row of `item`, an event of `hit`'s order (and parcel), its code mapped by `table`.
fn row(table: &[Mapping], tenant_id: i32, source: &str, hit: &Hit, item: &Incoming, by: &str, now: NaiveDateTime) -> EventValues {
    let status = tracking::map(table, source, &item.code).unwrap_or(tracking::UNMAPPED);
    let o = &hit.order;
    let time = item.time.unwrap_or(EventTime { utc: now.and_utc().timestamp(), offset_minutes: 0 });
    let given = |v: &Option<String>| v.clone().filter(|v| !v.trim().is_empty());
    EventValues {
        id: secrets::new_id(),
        tenant_id,
        customer_id: o.customer_id.clone(),
        shipment_id: o.id.clone(),
        parcel_id: hit.parcel.as_ref().map(|(id, _)| id.clone()),
        serial_number: o.serial_number.clone(),
        parcel_serial_number: hit.parcel.as_ref().map(|(_, serial)| serial.clone()),
        track_no: o.track_no.clone(),
        sys_track_no: o.sys_track_no.clone(),
        event_time: utc(time),
        utc_offset: time.offset_minutes,
        location: given(&item.location),
        detail: given(&item.detail),
        detail_en: given(&item.detail_en),
        status: status.code().to_owned(),
        reason: given(&item.reason),
        pieces: item.pieces,
        dest_country: o.consignee_country.clone(),
        source: source.to_owned(),
        source_code: item.code.trim().to_owned(),
        event_key: item.event_key.trim().to_owned(),
        create_by: Some(by.to_owned()),
        create_time: now,
    }
}

/// An event's row as stored.
#[derive(Clone, Debug, Insertable)]
#[diesel(table_name = e)]
struct EventValues {
    id: String,
    tenant_id: i32,
    customer_id: String,
    shipment_id: String,
    parcel_id: Option<String>,
    serial_number: String,
    parcel_serial_number: Option<String>,
    track_no: Option<String>,
    sys_track_no: Option<String>,
    event_time: NaiveDateTime,
    utc_offset: i32,
    location: Option<String>,
    detail: Option<String>,
    detail_en: Option<String>,
    status: String,
    reason: Option<String>,
    pieces: Option<i32>,
    dest_country: Option<String>,
    source: String,
    source_code: String,
    event_key: String,
    create_by: Option<String>,
    create_time: NaiveDateTime,
}

/// Stores one event of `hit` inside the caller's transaction (a warehouse scan's, with the scan's
/// own change) and recomputes its order's status: both commit with the scan or not at all.
/// `table` is the tenant's mappings of `source` ([`mappings`], read before the transaction).
pub async fn store_on(
    tx: &mut Tx<'_>,
    tenant_id: i32,
    source: &str,
    table: &[Mapping],
    hit: &Hit,
    item: &Incoming,
    by: &str,
) -> Result<(), AppError> {
    let now = Utc::now().naive_utc();
    let values = row(table, tenant_id, source, hit, item, by, now);
    let stored = on_tx!(tx, |c| diesel::insert_into(e::table).values(values.clone()).on_conflict_do_nothing().execute(c).await?);
    if stored > 0 {
        refresh(tx, tenant_id, &[(hit.order.id.clone(), hit.order.customer_id.clone())]).await?;
    }
    Ok(())
}

/// The source of the warehouse's own scans (received, packed, handed over).
pub const WAREHOUSE_SOURCE: &str = "warehouse";

type EventRow = (
    String,
    Option<String>,
    NaiveDateTime,
    i32,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    String,
);

/// An event as core's status rules read it.
fn point(r: &EventRow) -> Point<'_> {
    Point { parcel: r.1.as_deref(), time: r.2.and_utc().timestamp(), status: Status::parse(&r.4).unwrap_or(tracking::UNMAPPED) }
}

/// Recomputes the status of `orders` (id, customer) from all their events and parcels, inside the
/// transaction that stored their new events. The state rows are written (locked) before the
/// events are read: a concurrent ingestion for the same order waits for this one to commit, then
/// reads its events too, so the last status written is never computed from fewer events.
pub async fn refresh(tx: &mut Tx<'_>, tenant_id: i32, orders: &[(String, String)]) -> Result<(), AppError> {
    let now = Utc::now().naive_utc();
    for chunk in orders.chunks(200) {
        let ids: Vec<String> = chunk.iter().map(|(id, _)| id.clone()).collect();
        for (id, customer) in chunk {
            on_tx!(tx, |c| diesel::insert_into(st::table)
                .values((
                    st::shipment_id.eq(id),
                    st::tenant_id.eq(tenant_id),
                    st::customer_id.eq(customer),
                    st::status.eq(Status::Pending.code()),
                    st::update_time.eq(now),
                ))
                .on_conflict(st::shipment_id)
                .do_update()
                .set(st::update_time.eq(excluded(st::update_time)))
                .execute(c)
                .await?);
        }
        // What each order's status was (locked above), and its numbers, for the subscribers.
        let before: HashMap<String, String> =
            on_tx!(tx, |c| st::table.filter(st::shipment_id.eq_any(&ids)).select((st::shipment_id, st::status)).load(c).await?)
                .into_iter()
                .collect();
        let orders_now: Vec<(String, String, Option<String>, String)> = on_tx!(tx, |c| s::table
            .filter(s::id.eq_any(&ids))
            .select((s::id, s::serial_number, s::track_no, s::shipment_status))
            .load(c)
            .await?);
        let lifecycle: HashMap<String, String> =
            orders_now.iter().map(|(id, _, _, status)| (id.clone(), status.clone())).collect();
        let numbers: HashMap<String, (String, Option<String>)> =
            orders_now.into_iter().map(|(id, serial, track, _)| (id, (serial, track))).collect();
        // Orders the carrier has move with their tracking (core's `follow_tracking`): (id, from, to).
        let mut moves: Vec<(String, String, &'static str)> = Vec::new();
        let mut changes = Vec::new();
        let parcels: Vec<(String, String)> =
            on_tx!(tx, |c| p::table.filter(p::shipment_id.eq_any(&ids)).select((p::shipment_id, p::id)).load(c).await?);
        let events: Vec<(String, EventRow)> = on_tx!(tx, |c| {
            e::table
                .filter(e::shipment_id.eq_any(&ids))
                .order((e::event_time.asc(), e::create_time.asc()))
                .select((
                    e::shipment_id,
                    (
                        e::parcel_id,
                        e::event_time,
                        e::utc_offset,
                        e::status,
                        e::reason,
                        e::location,
                        e::detail,
                        e::detail_en,
                        e::parcel_serial_number,
                        e::source,
                    ),
                ))
                .load::<(
                    String,
                    (
                        Option<String>,
                        NaiveDateTime,
                        i32,
                        String,
                        Option<String>,
                        Option<String>,
                        Option<String>,
                        Option<String>,
                        Option<String>,
                        String,
                    ),
                )>(c)
                .await?
        })
        .into_iter()
        .map(|(sid, (parcel, time, offset, status, reason, location, detail, detail_en, parcel_serial, source))| {
            (sid.clone(), (sid, parcel, time, offset, status, reason, location, detail, detail_en, parcel_serial, source))
        })
        .collect();
        let mut states = Vec::with_capacity(chunk.len());
        for (id, customer) in chunk {
            let mine: Vec<&EventRow> = events.iter().filter(|(sid, _)| sid == id).map(|(_, r)| r).collect();
            let parcel_ids: Vec<&str> = parcels.iter().filter(|(sid, _)| sid == id).map(|(_, pid)| pid.as_str()).collect();
            let points: Vec<Point<'_>> = mine.iter().map(|r| point(r)).collect();
            let status = tracking::current(&parcel_ids, &points);
            // The latest event is what the lists show beside the status; an exception's reason is
            // its latest exception's.
            let last = mine.last();
            let reason = if status == Status::Exception {
                mine.iter().rev().find(|r| r.4 == Status::Exception.code()).and_then(|r| r.5.clone())
            } else {
                None
            };
            // Once handed over, the order's own status follows the carrier's events (not the
            // warehouse's own scans); before that nothing is worked out.
            if let Some(from) = lifecycle.get(id).filter(|from| shipment::with_carrier(from)) {
                let carried: Vec<Point<'_>> = mine.iter().filter(|r| r.10 != WAREHOUSE_SOURCE).map(|r| point(r)).collect();
                if !carried.is_empty()
                    && let Some(to) = shipment::follow_tracking(from, tracking::current(&parcel_ids, &carried))
                {
                    moves.push((id.clone(), from.clone(), to));
                }
            }
            let previous = before.get(id).map_or(Status::Pending.code(), String::as_str);
            if previous != status.code() {
                changes.push((
                    id.clone(),
                    customer.clone(),
                    previous.to_owned(),
                    status,
                    reason.clone(),
                    last.map(|r| (r.2, r.3, r.6.clone(), r.7.clone())),
                ));
            }
            // The timeline the queries answer with, newest first.
            let points: Vec<TrackPoint> = mine
                .iter()
                .rev()
                .take(MAX_EVENTS)
                .map(|r| TrackPoint {
                    time: DateTime(r.2),
                    utc_offset: r.3,
                    location: r.6.clone(),
                    detail: r.7.clone(),
                    detail_en: r.8.clone(),
                    status: r.4.clone(),
                    reason: r.5.clone(),
                    parcel_serial_number: r.9.clone(),
                })
                .collect();
            let timeline = serde_json::to_string(&points).map_err(|e| AppError::internal(e.to_string()))?;
            states.push((
                st::shipment_id.eq(id.clone()),
                st::tenant_id.eq(tenant_id),
                st::customer_id.eq(customer.clone()),
                st::status.eq(status.code()),
                st::reason.eq(reason),
                st::event_time.eq(last.map(|r| r.2)),
                st::utc_offset.eq(last.map(|r| r.3)),
                st::location.eq(last.and_then(|r| r.6.clone())),
                st::detail.eq(last.and_then(|r| r.7.clone())),
                st::detail_en.eq(last.and_then(|r| r.8.clone())),
                st::update_time.eq(now),
                st::timeline.eq(Some(timeline)),
            ));
        }
        {
            for row in &states {
                on_tx!(tx, |c| diesel::insert_into(st::table)
                    .values(row.clone())
                    .on_conflict(st::shipment_id)
                    .do_update()
                    .set((
                        st::status.eq(excluded(st::status)),
                        st::reason.eq(excluded(st::reason)),
                        st::event_time.eq(excluded(st::event_time)),
                        st::utc_offset.eq(excluded(st::utc_offset)),
                        st::location.eq(excluded(st::location)),
                        st::detail.eq(excluded(st::detail)),
                        st::detail_en.eq(excluded(st::detail_en)),
                        st::update_time.eq(excluded(st::update_time)),
                        st::timeline.eq(excluded(st::timeline)),
                    ))
                    .execute(c)
                    .await?);
            }
        }
        for (id, from, to) in &moves {
            on_tx!(tx, |c| diesel::update(s::table.filter(s::id.eq(id)).filter(s::shipment_status.eq(from)))
                .set((s::shipment_status.eq(*to), s::update_time.eq(now)))
                .execute(c)
                .await?);
        }
        for (id, customer, previous, status, reason, last) in &changes {
            let (serial, track_no) = numbers.get(id).cloned().unwrap_or_default();
            let change = StatusChange {
                event: "tracking.status_changed",
                delivery_id: "",
                shipment_id: id,
                serial_number: &serial,
                track_no: track_no.as_deref(),
                status: status.code(),
                previous_status: previous,
                reason: reason.as_deref(),
                event_time: last.as_ref().map(|l| crate::platform::http::time::iso(l.0)),
                utc_offset: last.as_ref().map(|l| l.1),
                location: last.as_ref().and_then(|l| l.2.as_deref()),
                detail: last.as_ref().and_then(|l| l.3.as_deref()),
            };
            subscriptions::queue(tx, tenant_id, customer, &change).await?;
        }
    }
    Ok(())
}

//! Polling carriers: on the scheduled job `tracking.poll` (every 15 minutes unless staff change
//! it) and on staff's "poll now", the
//! orders with a carrier's number, handed over in the last 60 days and not yet at a final
//! status, are asked about through their supplier's adapter, a hundred numbers a call; what the
//! carrier reports is ingested like a webhook's events (each event once: polling again, or two
//! instances polling the same slot, adds nothing).

use std::collections::HashMap;
use std::time::Duration;

use chrono::Utc;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::tracking::{self, Status};

use super::ingest::{Incoming, Ingested, ingest};
use crate::carrier::adapters::{self, TrackRequest};
use crate::platform::caller::Caller;
use crate::platform::db::schema::{
    logistics_channel as c, logistics_shipment as s, logistics_supplier as sp, logistics_track_state as st,
};
use crate::platform::http::{ApiResult, AppError, ok};
use crate::state::AppState;
use crate::system::permissions::grants;
use crate::with_conn;

/// How far back orders are still polled.
const WINDOW_DAYS: i64 = 60;
/// Orders one round asks about per tenant (the rest wait for the next round).
const ROUND: i64 = 5_000;
/// Numbers one adapter call carries.
const BATCH: usize = 100;

/// Polls the tenant's orders (every tenant's: `None`): what was stored.
pub async fn poll(state: &AppState, tenant: Option<i32>) -> Result<Ingested, AppError> {
    let now = Utc::now();
    // The suppliers whose API the platform speaks, and their channels.
    let suppliers: Vec<(String, i32, String, String)> = with_conn!(&state.db, |conn| {
        let mut q = sp::table.filter(sp::api_type.is_not_null()).into_boxed();
        if let Some(t) = tenant {
            q = q.filter(sp::tenant_id.eq(t));
        }
        q.select((sp::id, sp::tenant_id, sp::code, sp::api_type.assume_not_null())).load(conn).await?
    });
    let mut report = Ingested::default();
    for (supplier_id, tenant_id, code, api_type) in suppliers {
        let Some(adapter) = adapters::for_api_type(&api_type) else { continue };
        let since = now.naive_utc() - chrono::Duration::days(WINDOW_DAYS);
        type Row = (String, String, Option<chrono::NaiveDateTime>, Option<String>);
        let orders: Vec<Row> = with_conn!(&state.db, |conn| {
            s::table
                .inner_join(c::table.on(s::channel_id.eq(c::id.nullable())))
                .filter(c::supplier_id.eq(&supplier_id))
                .filter(s::tenant_id.eq(tenant_id))
                .filter(s::track_no.is_not_null())
                .filter(s::submit_time.ge(since))
                .order(s::submit_time.desc())
                .limit(ROUND)
                .select((s::id, s::track_no.assume_not_null(), s::submit_time, s::consignee_country))
                .load(conn)
                .await?
        });
        let ids: Vec<String> = orders.iter().map(|o| o.0.clone()).collect();
        let mut finished: HashMap<String, String> = HashMap::new();
        for chunk in ids.chunks(500) {
            let rows: Vec<(String, String)> = with_conn!(&state.db, |conn| {
                st::table.filter(st::shipment_id.eq_any(chunk)).select((st::shipment_id, st::status)).load(conn).await?
            });
            finished.extend(rows.into_iter().filter(|(_, status)| Status::parse(status).is_some_and(Status::is_final)));
        }
        let requests: Vec<TrackRequest> = orders
            .into_iter()
            .filter(|o| !finished.contains_key(&o.0))
            .map(|(_, number, submitted, country)| TrackRequest {
                number,
                since: submitted.map_or_else(|| now.timestamp(), |t| t.and_utc().timestamp()),
                country,
            })
            .collect();
        let source = tracking::source("source", &api_type).unwrap_or_else(|_| "carrier".to_owned());
        for batch in requests.chunks(BATCH) {
            let events = match tokio::time::timeout(Duration::from_secs(30), adapter.track(batch, now.timestamp())).await {
                Ok(Ok(events)) => events,
                Ok(Err(reason)) => {
                    tracing::warn!(supplier = %code, %reason, "tracking poll refused");
                    continue;
                }
                Err(_) => {
                    tracing::warn!(supplier = %code, "tracking poll timed out");
                    continue;
                }
            };
            let items: Vec<Incoming> = events
                .into_iter()
                .map(|e| Incoming {
                    number: e.number,
                    code: e.code,
                    event_key: format!("{supplier_id}:{}", e.event_id),
                    time: Some(e.time),
                    location: e.location,
                    detail: e.detail,
                    detail_en: e.detail_en,
                    reason: e.reason,
                    pieces: None,
                })
                .collect();
            let got = ingest(state, tenant_id, &source, &items, &format!("poll:{code}")).await?;
            report.stored += got.stored;
            report.duplicates += got.duplicates;
            report.unknown.extend(got.unknown);
        }
    }
    Ok(report)
}

/// Polls the caller's tenant's carriers now (staff who upload events).
#[utoipa::path(post, path = "/logistics/track/poll", tag = "logistics",
    responses((status = 200, body = crate::platform::http::Envelope<Ingested>), (status = 403)))]
pub async fn poll_now(Caller(state, me): Caller) -> ApiResult<Ingested> {
    grants::require(&state, &me, "logistics:trackEvent:import").await?;
    ok(poll(&state, Some(me.tenant_id)).await?)
}

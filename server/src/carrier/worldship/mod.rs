//! UPS WorldShip (`/logistics/worldShip/*`): orders exported as the XML WorldShip's auto-import
//! reads (`exportXml`, core's `worldship::export`), and its results read back (`importResult`):
//! its `.Out` XML, or a CSV/xlsx export with a reference and a tracking number column. Each
//! result's reference is an order's serial number; its tracking numbers become the order's
//! carrier number (when it has none) and its parcels' delivery numbers, in parcel order. Reading
//! the same results again changes nothing; an order that has another carrier number is left as it
//! is and reported.

use std::collections::{HashMap, HashSet};

use axum::extract::Multipart;
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::worldship::{self, Outcome};
use logistics_core::{FieldError, MessageKey};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::carrier::waybill_batches::orders;
use crate::platform::caller::Caller;
use crate::platform::db::schema::{logistics_delivery_number as dn, logistics_shipment as s, logistics_shipment_parcel as p};
use crate::platform::http::upload::Upload;
use crate::platform::http::{ApiQuery, AppError, attachment, current_lang, ok};
use crate::platform::resource::customer_of;
use crate::platform::secrets;
use crate::platform::sheet::{self, SheetError};
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{on_tx, transaction, with_conn};

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// Order ids, comma-separated (JeecgBoot's `selections`).
    #[serde(default)]
    pub ids: String,
    /// Order numbers (serial, carrier or system tracking numbers), comma- or line-separated.
    #[serde(default)]
    pub numbers: String,
}

fn split(text: &str) -> Vec<String> {
    text.split([',', '\n', '\r', ' ', '\t']).map(str::trim).filter(|x| !x.is_empty()).map(str::to_owned).collect()
}

/// The orders as WorldShip's auto-import XML (`OpenShipments`), in the order given: each order
/// submitted and live. Logged.
#[utoipa::path(get, path = "/logistics/worldShip/exportXml", tag = "logistics", params(ExportQuery),
    responses((status = 200, content_type = "application/xml", body = Vec<u8>), (status = 400), (status = 403),
        (status = 409, description = "An order unknown or not live")))]
pub async fn export_xml(Caller(state, me): Caller, ApiQuery(q): ApiQuery<ExportQuery>) -> Result<Response, AppError> {
    grants::require(&state, &me, "logistics:worldShip:export").await?;
    if customer_of(&me).is_some() {
        return Err(AppError::forbidden());
    }
    let picked = orders::pick(&state, me.tenant_id, &split(&q.ids), &split(&q.numbers)).await?;
    if picked.is_empty() {
        return Err(AppError::bad_request(MessageKey::WaybillBatchNothing));
    }
    for o in &picked {
        logistics_core::dispatch::dispatchable(&o.shipment_status)
            .map_err(|_| AppError::conflict(MessageKey::WaybillOrderNotReady).with("serial", o.serial_number.clone()))?;
    }
    let ids: Vec<String> = picked.iter().map(|o| o.id.clone()).collect();
    let lines: Vec<_> = orders::read(&state, me.tenant_id, &ids).await?.into_iter().map(|o| o.line).collect();
    let xml = worldship::export(&lines);
    let serials: Vec<&str> = lines.iter().map(|l| l.serial_number.as_str()).collect();
    let name = format!("worldship-{}.xml", Utc::now().format("%Y%m%d%H%M%S"));
    logs::added(&state.db, &me, "logistics:worldShip:export", &name, &serials).await;
    attachment("application/xml; charset=utf-8", &name, xml)
}

/// An order the results numbered.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorldShipNumbered {
    pub serial_number: String,
    pub track_no: String,
    /// Every package's number, in parcel order.
    pub tracking_numbers: Vec<String>,
}

/// A result left as it was, and why.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorldShipSkipped {
    pub reference: String,
    pub message: String,
}

/// What reading WorldShip's results did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorldShipImport {
    /// Results read from the file (one per order).
    pub results: usize,
    pub numbered: Vec<WorldShipNumbered>,
    /// Results already applied before (the same numbers): nothing to change.
    pub unchanged: usize,
    pub skipped: Vec<WorldShipSkipped>,
}

/// The most results one file may hold.
const MAX_RESULTS: usize = 10_000;
/// The largest file taken.
const MAX_BYTES: usize = 16 * 1024 * 1024;

/// The results in a file: WorldShip's XML, else a CSV/xlsx table.
fn outcomes(bytes: Vec<u8>) -> Result<Vec<Outcome>, AppError> {
    let unreadable = || AppError::field("file", MessageKey::WorldShipFileUnreadable);
    let text = std::str::from_utf8(&bytes).ok().map(|t| t.trim_start_matches('\u{feff}').trim_start());
    let found = match text {
        Some(t) if t.starts_with('<') => worldship::read_xml(t).ok_or_else(unreadable)?,
        _ => {
            let table = sheet::upload(bytes, MAX_RESULTS * 4, 200).map_err(|e| match e {
                SheetError::TooManyRows(max) => {
                    AppError::field("file", MessageKey::ImportTooManyRows).with("max", max.to_string())
                }
                SheetError::Unreadable => unreadable(),
            })?;
            let rows: Vec<Vec<String>> = std::iter::once(table.headings).chain(table.rows.into_iter().map(|r| r.1)).collect();
            worldship::read_table(&rows).ok_or_else(unreadable)?
        }
    };
    if found.is_empty() {
        return Err(AppError::field("file", MessageKey::WorldShipNothing));
    }
    if found.len() > MAX_RESULTS {
        return Err(AppError::field("file", MessageKey::ImportTooManyRows).with("max", MAX_RESULTS.to_string()));
    }
    Ok(found)
}

/// Reads WorldShip's results (`file`: its `.Out` XML, or CSV/xlsx with "Reference 1" and
/// "Tracking Number" columns) onto the orders, in one transaction. A file that cannot be read
/// changes nothing (400); results naming no order of the tenant, refused by WorldShip, without a
/// number, or for an order with another carrier number are reported in `skipped`.
#[utoipa::path(post, path = "/logistics/worldShip/importResult", tag = "logistics",
    request_body(content_type = "multipart/form-data", description = "`file`: WorldShip's result XML, or CSV/xlsx, at most 16 MB"),
    responses((status = 200, body = crate::platform::http::Envelope<WorldShipImport>), (status = 400), (status = 403), (status = 413)))]
pub async fn import_result(Caller(state, me): Caller, multipart: Multipart) -> Result<Response, AppError> {
    grants::require(&state, &me, "logistics:worldShip:import").await?;
    if customer_of(&me).is_some() {
        return Err(AppError::forbidden());
    }
    let bytes = Upload::read(multipart, MAX_BYTES).await?.file()?;
    let found = tokio::task::spawn_blocking(move || outcomes(bytes)).await.map_err(AppError::internal)??;
    let tenant = me.tenant_id;
    let lang = current_lang();
    let say = |e: FieldError| e.message(lang);
    let references: Vec<&str> = found.iter().map(|o| o.reference.as_str()).collect();
    type Head = (String, String, String, Option<String>, Option<String>, Option<String>);
    let heads: Vec<Head> = with_conn!(&state.db, |c| s::table
        .filter(s::tenant_id.eq(tenant))
        .filter(s::serial_number.eq_any(&references))
        .select((s::id, s::serial_number, s::customer_id, s::track_no, s::channel_product_id, s::channel_id))
        .load(c)
        .await?);
    let by_serial: HashMap<&str, &Head> = heads.iter().map(|h| (h.1.as_str(), h)).collect();
    let order_ids: Vec<&String> = heads.iter().map(|h| &h.0).collect();
    let parcels: Vec<(String, String)> = with_conn!(&state.db, |c| p::table
        .filter(p::tenant_id.eq(tenant))
        .filter(p::shipment_id.eq_any(&order_ids))
        .order((p::shipment_id.asc(), p::seq.asc()))
        .select((p::shipment_id, p::id))
        .load(c)
        .await?);
    let known: Vec<(String, String)> = with_conn!(&state.db, |c| dn::table
        .filter(dn::tenant_id.eq(tenant))
        .filter(dn::shipment_id.eq_any(&order_ids))
        .filter(dn::void_time.is_null())
        .select((dn::shipment_id, dn::track_no))
        .load(c)
        .await?);
    // Each order's parcels in order, and the live numbers it has: looked up, not scanned, per result.
    let mut parcels_of: HashMap<&str, Vec<&String>> = HashMap::new();
    for (sid, id) in &parcels {
        parcels_of.entry(sid.as_str()).or_default().push(id);
    }
    let known: HashSet<(&str, &str)> = known.iter().map(|(sid, n)| (sid.as_str(), n.as_str())).collect();
    let mut report = WorldShipImport { results: found.len(), numbered: Vec::new(), unchanged: 0, skipped: Vec::new() };
    // What to write: the order, its first number, its new delivery numbers (parcel id, number).
    type Write<'a> = (&'a Head, String, Vec<(Option<String>, String)>);
    let mut writes: Vec<Write<'_>> = Vec::new();
    for o in &found {
        let skip = |message: String| WorldShipSkipped { reference: o.reference.clone(), message };
        let Some(head) = by_serial.get(o.reference.as_str()) else {
            report
                .skipped
                .push(skip(say(FieldError::new("", MessageKey::WorldShipUnknown).with("reference", o.reference.clone()))));
            continue;
        };
        let Some(first) = <[String]>::first(&o.tracking) else {
            let message = match &o.error {
                Some(reason) => say(FieldError::new("", MessageKey::WorldShipRefused).with("reason", reason.clone())),
                None => say(FieldError::new("", MessageKey::WorldShipNoNumber)),
            };
            report.skipped.push(skip(message));
            continue;
        };
        if let Some(existing) = head.3.as_ref().filter(|t| !t.is_empty() && *t != first) {
            report.skipped.push(skip(say(FieldError::new("", MessageKey::WorldShipHasNumber).with("trackNo", existing.clone()))));
            continue;
        }
        let own = parcels_of.get(head.0.as_str()).map(Vec::as_slice).unwrap_or_default();
        let new: Vec<(Option<String>, String)> = o
            .tracking
            .iter()
            .enumerate()
            .filter(|(_, n)| !known.contains(&(head.0.as_str(), n.as_str())))
            .map(|(i, n)| (own.get(i).map(|id| (*id).clone()), n.clone()))
            .collect();
        if new.is_empty() && head.3.as_deref() == Some(first.as_str()) {
            report.unchanged += 1;
            continue;
        }
        report.numbered.push(WorldShipNumbered {
            serial_number: head.1.clone(),
            track_no: first.clone(),
            tracking_numbers: o.tracking.clone(),
        });
        writes.push((head, first.clone(), new));
    }
    let now = Utc::now().naive_utc();
    let by = me.user.username.clone();
    transaction!(data: &state.db, |tx| {
        for (head, first, new) in &writes {
            on_tx!(tx, |c| diesel::update(s::table.filter(s::id.eq(&head.0)).filter(s::tenant_id.eq(tenant)).filter(s::track_no.is_null()))
                .set((s::track_no.eq(first), s::update_time.eq(now), s::update_by.eq(&by)))
                .execute(c)
                .await?);
            for (parcel, number) in new {
                on_tx!(tx, |c| diesel::insert_into(dn::table)
                    .values((
                        dn::id.eq(secrets::new_id()),
                        dn::tenant_id.eq(tenant),
                        dn::customer_id.eq(&head.2),
                        dn::track_no.eq(number),
                        dn::shipment_id.eq(&head.0),
                        dn::shipment_parcel_id.eq(parcel),
                        dn::channel_product_id.eq(&head.4),
                        dn::channel_id.eq(&head.5),
                        dn::third_mark.eq("worldship"),
                        dn::create_time.eq(now),
                    ))
                    .execute(c)
                    .await?);
            }
        }
        Ok::<_, AppError>(())
    })?;
    if !report.numbered.is_empty() {
        let target = format!("{} orders", report.numbered.len());
        logs::added(&state.db, &me, "logistics:worldShip:import", &target, &report.numbered).await;
    }
    Ok(ok(report)?.into_response())
}

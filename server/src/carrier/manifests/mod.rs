//! Manifests (`/logistics/manifest/*`): the end-of-day list a carrier signs for at a depot.
//! Closing a day (`POST /logistics/manifest/close`) takes every live dispatch of that carrier,
//! depot and day, sends the carrier its numbers through its adapter (its reference kept), marks
//! the dispatches manifested and closes the day: no dispatch joins it afterwards, and a second
//! close of the day is refused. The PDF and the xlsx (`files`) are drawn again from the rows each
//! time, byte for byte the same.

pub mod files;

use chrono::Utc;
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::decimal::{self, Decimal};
use logistics_core::dispatch::{self, Action};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::carrier::adapters::{self, ManifestRequest};
use crate::carrier::dispatch::actions::{depot_address, items_of};
use crate::carrier::dispatch::{self as dispatches, names};
use crate::carrier::suppliers::credentials;
use crate::platform::caller::Caller;
use crate::platform::db::schema::{
    logistics_dispatch as d, logistics_manifest, logistics_manifest as mf, logistics_supplier as sp,
};
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiResult, AppError, ok};
use crate::platform::resource::form::Reference;
use crate::platform::resource::handlers::find;
use crate::platform::resource::{Field, Filter, Resource, Scope, customer_of};
use crate::platform::secrets;
use crate::shipment::orders::numbers;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{on_tx, transaction, with_conn};

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = logistics_manifest)]
#[serde(rename_all = "camelCase")]
pub struct ManifestRecord {
    pub id: String,
    pub manifest_no: String,
    pub supplier_id: String,
    /// The carrier's name in the request's language.
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub supplier_name: String,
    pub depot_id: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub depot_name: String,
    /// `YYYY-MM-DD`: the day it closes.
    pub manifest_date: String,
    pub dispatches: i32,
    pub shipments: i32,
    pub pieces: i32,
    /// kg.
    pub weight: String,
    /// The carrier's reference for the manifest it received.
    pub carrier_ref: Option<String>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
}

pub struct Manifests;

impl Resource for Manifests {
    const PATH: &'static str = "/logistics/manifest";
    const PERMISSION: &'static str = "logistics:manifest";
    const NOUN: &'static str = "manifest";
    const PLURAL: &'static str = "manifests";
    const TABLE: &'static str = "logistics_manifest";
    const SCOPE: Scope = Scope::Tenant;
    const SELECT: &'static str = "*, '' AS supplier_name, '' AS depot_name";
    const FIELDS: &'static [Field] = &[
        Field::text("manifestNo", "manifest_no").sortable().titled(MessageKey::FieldManifestNo),
        Field::text("supplierId", "supplier_id"),
        Field::computed("supplierName").titled(MessageKey::FieldSupplier),
        Field::text("depotId", "depot_id"),
        Field::computed("depotName").titled(MessageKey::FieldDepot),
        Field::text("manifestDate", "manifest_date").sortable().titled(MessageKey::FieldPickupDate),
        Field::int("dispatches", "dispatches").titled(MessageKey::FieldDispatchNo),
        Field::int("shipments", "shipments").titled(MessageKey::FieldOrders),
        Field::int("pieces", "pieces").titled(MessageKey::FieldPieces),
        Field::text("weight", "weight").titled(MessageKey::FieldWeight),
        Field::text("carrierRef", "carrier_ref").titled(MessageKey::FieldCarrierRef),
        Field::text("createBy", "create_by").titled(MessageKey::FieldOperator),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldClosedTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like_upper("manifestNo", &["manifest_no"], "Manifest number, substring."),
        Filter::exact("supplierId", &["supplier_id"], "The carrier's id."),
        Filter::exact("depotId", &["depot_id"], "The depot's id."),
        Filter::exact("manifestDate", &["manifest_date"], "The day, YYYY-MM-DD."),
        Filter::time_from("createTime_begin", &["create_time"], "Closed at or after."),
        Filter::time_until("createTime_end", &["create_time"], "Closed up to."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);

    crate::read_only!(ManifestRecord, manifest_no);

    fn authorize(me: &CurrentUser) -> Result<(), AppError> {
        if customer_of(me).is_some() { Err(AppError::forbidden()) } else { Ok(()) }
    }

    async fn complete(state: &AppState, records: &mut [ManifestRecord]) -> Result<(), AppError> {
        let names = names(state, records.iter().map(|r| (r.supplier_id.as_str(), r.depot_id.as_str()))).await?;
        for r in records {
            r.supplier_name = names.supplier(&r.supplier_id);
            r.depot_name = names.depot(&r.depot_id);
        }
        Ok(())
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CloseForm {
    pub supplier_id: Option<String>,
    pub depot_id: Option<String>,
    /// `YYYY-MM-DD`; blank: today (the business day).
    pub date: Option<String>,
}

const SUPPLIER: Reference = Reference::id("logistics_supplier", MessageKey::FieldSupplier);

/// Closes a carrier's day at a depot: its live dispatches (created, requested or collected, with
/// orders) into one manifest. Nothing to close, or a day closed already, is refused naming them;
/// a carrier's refusal closes nothing.
#[utoipa::path(post, path = "/logistics/manifest/close", tag = "logistics", request_body = CloseForm,
    responses((status = 200, body = crate::platform::http::Envelope<ManifestRecord>), (status = 400), (status = 403),
        (status = 409, description = "The day closed already; nothing to close; the carrier refused")))]
pub async fn close(Caller(state, me): Caller, ApiJson(form): ApiJson<CloseForm>) -> ApiResult<ManifestRecord> {
    grants::require(&state, &me, "logistics:manifest:close").await?;
    if customer_of(&me).is_some() {
        return Err(AppError::forbidden());
    }
    let tenant = me.tenant_id;
    let supplier = SUPPLIER.check(&state.db, tenant, "supplierId", form.supplier_id.as_deref()).await?;
    let depot = dispatches::usable_depot(&state, tenant, form.depot_id.as_deref().unwrap_or(""), &supplier).await?;
    let date = match form.date.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        Some(text) => dispatch::day("date", text)?,
        None => crate::wallet::business_day(Utc::now().naive_utc()),
    };
    dispatches::day_open(&state, tenant, &supplier, &depot, &date).await?;
    let live: Vec<&str> = dispatch::STATUSES.iter().copied().filter(|s| dispatch::allowed(s, Action::Manifest).is_ok()).collect();
    type Row = (String, i32, i32, String);
    let day: Vec<Row> = with_conn!(&state.db, |c| d::table
        .filter(d::tenant_id.eq(tenant))
        .filter(d::supplier_id.eq(&supplier))
        .filter(d::depot_id.eq(&depot))
        .filter(d::pickup_date.eq(&date))
        .filter(d::dispatch_status.eq_any(&live))
        .filter(d::shipments.gt(0))
        .select((d::id, d::shipments, d::pieces, d::weight))
        .load(c)
        .await?);
    let names = names(&state, std::iter::once((supplier.as_str(), depot.as_str()))).await?;
    if day.is_empty() {
        return Err(AppError::conflict(MessageKey::ManifestNothing)
            .with("carrier", names.supplier(&supplier))
            .with("depot", names.depot(&depot))
            .with("date", date.clone()));
    }
    let ids: Vec<&str> = day.iter().map(|r| r.0.as_str()).collect();
    let lines = items_of(&state, &ids).await?;
    let manifest_no = numbers::daily(&state.db, tenant, "MF", "MF").await?;
    // The carrier is told first: its refusal closes nothing.
    let api: Option<Option<String>> =
        with_conn!(&state.db, |c| sp::table.filter(sp::id.eq(&supplier)).select(sp::api_type).first(c).await.optional()?);
    let carrier_ref = match api.flatten().as_deref().and_then(adapters::for_api_type) {
        None => None,
        Some(adapter) => {
            let request = ManifestRequest {
                manifest_no: manifest_no.clone(),
                date: date.clone(),
                depot: depot_address(&state, &depot).await?,
                numbers: lines
                    .iter()
                    .map(|l| l.track_no.clone().or_else(|| l.sys_track_no.clone()).unwrap_or_default())
                    .collect(),
                credentials: credentials::load(&state, tenant, &supplier).await?,
            };
            let answer = tokio::time::timeout(std::time::Duration::from_secs(30), adapter.manifest(&request))
                .await
                .unwrap_or_else(|_| Err("timed out".to_owned()));
            Some(answer.map_err(|why| AppError::conflict(MessageKey::CarrierRefused).with("reason", why))?)
        }
    };
    let weight = day.iter().filter_map(|r| decimal::parse(&r.3)).fold(Decimal::ZERO, |a, w| a.checked_add(w).unwrap_or(a));
    let id = secrets::new_id();
    let now = Utc::now().naive_utc();
    let by = me.user.username.clone();
    let count = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
    let closed = transaction!(data: &state.db, |tx| {
        on_tx!(tx, |c| diesel::insert_into(mf::table)
            .values((
                mf::id.eq(&id),
                mf::tenant_id.eq(tenant),
                mf::manifest_no.eq(&manifest_no),
                mf::supplier_id.eq(&supplier),
                mf::depot_id.eq(&depot),
                mf::manifest_date.eq(&date),
                mf::dispatches.eq(count(day.len())),
                mf::shipments.eq(day.iter().map(|r| r.1).sum::<i32>()),
                mf::pieces.eq(day.iter().map(|r| r.2).sum::<i32>()),
                mf::weight.eq(decimal::plain(weight.normalize())),
                mf::carrier_ref.eq(&carrier_ref),
                mf::create_by.eq(&by),
                mf::create_time.eq(now),
            ))
            .execute(c)
            .await?);
        let moved = on_tx!(tx, |c| diesel::update(d::table.filter(d::id.eq_any(&ids)).filter(d::dispatch_status.eq_any(&live)))
            .set((
                d::dispatch_status.eq("manifested"),
                d::manifest_id.eq(&id),
                d::manifest_no.eq(&manifest_no),
                d::update_time.eq(now),
                d::update_by.eq(&by),
            ))
            .execute(c)
            .await?);
        // A dispatch changed meanwhile (cancelled, emptied): close again with what the day holds.
        if moved != ids.len() {
            return Err(AppError::conflict(MessageKey::Conflict));
        }
        Ok::<_, AppError>(())
    });
    if let Err(e) = closed {
        // The day's unique key: another close won.
        if e.error.key == MessageKey::Conflict {
            dispatches::day_open(&state, tenant, &supplier, &depot, &date).await?;
        }
        return Err(e);
    }
    // What each order cost with the carrier, beside its charge (best effort: staff enter the rest).
    crate::carrier::fees::rate_manifest(&state, tenant, &supplier, &id, &by).await;
    let after = find::<Manifests>(&state, &me, &id).await?;
    logs::added(&state.db, &me, "logistics:manifest:close", &after.manifest_no, &after).await;
    ok(after)
}

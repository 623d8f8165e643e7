//! Out-package and out-batch (`/logistics/outBatch/*`): packages go into an outbound batch for a
//! carrier's handover, each package into one batch only (the spec's messages: "package number
//! required", "no package found, please check whether the package number is correct", "package
//! has batch can't repeat operation"); a batch with no package is not handed over ("no package").
//! The handover hands every package, ships every parcel and, once all of an order's parcels are
//! shipped, the order, each parcel with an `OUTBOUND` event in its order's timeline.

use std::collections::HashSet;

use chrono::{NaiveDateTime, Utc};
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::decimal::{self, Decimal};
use logistics_core::warehouse::{self, BATCH_STATUSES};
use logistics_core::{Lang, MessageKey};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::packages::{by_number, next_number};
use crate::platform::caller::Caller;
use crate::platform::db::Tx;
use crate::platform::db::schema::{
    logistics_inbound_parcel as ib, logistics_out_batch as ob, logistics_out_package as pk, logistics_shipment as s,
    logistics_shipment_parcel as p,
};
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiResult, AppError, ok};
use crate::platform::resource::form::{Reference, optional};
use crate::platform::resource::handlers::{find, read};
use crate::platform::resource::{Checked, Field, Filter, Kind, Resource, Scope, customer_of};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::tracking::ingest::{self, Incoming};
use crate::tracking::lookup;
use crate::{on_tx, transaction};

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = ob)]
#[serde(rename_all = "camelCase")]
pub struct OutBatchRecord {
    pub id: String,
    pub batch_no: String,
    pub channel_id: Option<String>,
    /// open or handed.
    pub batch_status: String,
    pub packages: i32,
    pub pieces: i32,
    /// kg.
    pub weight: String,
    pub remark: Option<String>,
    pub handed_by: Option<String>,
    pub handed_time: Option<DateTime>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutBatchForm {
    pub id: Option<String>,
    /// Blank: the next number (`OB`, the business day, a sequence).
    pub batch_no: Option<String>,
    /// The carrier's channel the batch goes to.
    pub channel_id: Option<String>,
    pub remark: Option<String>,
}

const CHANNEL: Reference = Reference::id("logistics_channel", MessageKey::FieldChannel);

pub struct OutBatches;

impl Resource for OutBatches {
    const PATH: &'static str = "/logistics/outBatch";
    const PERMISSION: &'static str = "logistics:outBatch";
    const NOUN: &'static str = "outbound batch";
    const PLURAL: &'static str = "outBatches";
    const TABLE: &'static str = "logistics_out_batch";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("batchNo", "batch_no").sortable().titled(MessageKey::FieldBatchNo),
        Field::text("batchStatus", "batch_status").titled(MessageKey::FieldState),
        Field::text("channelId", "channel_id"),
        Field::int("packages", "packages").titled(MessageKey::FieldPackageNo),
        Field::int("pieces", "pieces").titled(MessageKey::FieldPieces),
        Field::text("weight", "weight").titled(MessageKey::FieldWeight),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::text("handedBy", "handed_by").titled(MessageKey::FieldOperator),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like_upper("batchNo", &["batch_no"], "Batch number, substring."),
        Filter::one_of("batchStatus", &["batch_status"], BATCH_STATUSES, Kind::Text, "open or handed."),
        Filter::time_from("createTime_begin", &["create_time"], "Created at or after."),
        Filter::time_until("createTime_end", &["create_time"], "Created up to."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("batchNo", MessageKey::BatchNoTaken));
    const HAS_UPDATE_BY: bool = true;
    const OMIT: &'static [&'static str] = &["edit", "importExcel"];

    crate::record_form!(OutBatchRecord, OutBatchForm, batch_no);

    fn authorize(me: &CurrentUser) -> Result<(), AppError> {
        if customer_of(me).is_some() { Err(AppError::forbidden()) } else { Ok(()) }
    }

    async fn values(state: &AppState, me: &CurrentUser, form: &OutBatchForm, _: Option<&OutBatchRecord>) -> Checked {
        let batch_no = match optional("batchNo", MessageKey::FieldBatchNo, &form.batch_no, 50)? {
            Some(given) => warehouse::package_number(&given).map_err(|e| e.with("field", "@field_batch_no"))?,
            None => next_number(state, me.tenant_id, "OB").await?,
        };
        let channel = optional("channelId", MessageKey::FieldChannel, &form.channel_id, 64)?;
        if channel.is_some() {
            CHANNEL.check(&state.db, me.tenant_id, "channelId", channel.as_deref()).await?;
        }
        Ok(vec![
            ("batch_no", batch_no.into()),
            ("channel_id", channel.into()),
            ("batch_status", "open".into()),
            ("packages", 0i32.into()),
            ("pieces", 0i32.into()),
            ("weight", "0".into()),
            ("remark", optional("remark", MessageKey::FieldRemark, &form.remark, 200)?.into()),
        ])
    }

    async fn before_delete(_: &AppState, _: &CurrentUser, records: &[OutBatchRecord]) -> Result<(), AppError> {
        if let Some(r) = records.iter().find(|r| r.packages > 0 || r.batch_status != "open") {
            return Err(AppError::conflict(MessageKey::BatchNotEmpty).with("batch", r.batch_no.clone()));
        }
        Ok(())
    }
}

/// Writes a batch's packages, pieces and weight from its packages.
async fn recount(tx: &mut Tx<'_>, batch_id: &str, now: NaiveDateTime, by: &str) -> Result<(), AppError> {
    let rows: Vec<(i32, String)> =
        on_tx!(tx, |c| pk::table.filter(pk::batch_id.eq(batch_id)).select((pk::pieces, pk::weight)).load(c).await?);
    let packages = i32::try_from(rows.len()).unwrap_or(i32::MAX);
    let pieces = rows.iter().map(|r| r.0).sum::<i32>();
    let weight = rows.iter().filter_map(|r| decimal::parse(&r.1)).fold(Decimal::ZERO, |a, w| a.checked_add(w).unwrap_or(a));
    on_tx!(tx, |c| diesel::update(ob::table.filter(ob::id.eq(batch_id)))
        .set((
            ob::packages.eq(packages),
            ob::pieces.eq(pieces),
            ob::weight.eq(decimal::plain(weight.normalize())),
            ob::update_time.eq(now),
            ob::update_by.eq(by),
        ))
        .execute(c)
        .await?);
    Ok(())
}

/// An open batch in reach (404 otherwise; "handed" refused).
async fn open_batch(state: &AppState, me: &CurrentUser, id: &str) -> Result<OutBatchRecord, AppError> {
    if customer_of(me).is_some() {
        return Err(AppError::forbidden());
    }
    let batch = read::<OutBatches>(state, me, id).await?;
    if batch.batch_status != "open" {
        return Err(AppError::conflict(MessageKey::BatchHanded).with("batch", batch.batch_no.clone()));
    }
    Ok(batch)
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchPackageForm {
    #[serde(default)]
    pub batch_id: String,
    /// The scanned package number.
    #[serde(default)]
    pub package_no: String,
}

/// Out-package: puts a scanned package into an open batch.
#[utoipa::path(post, path = "/logistics/outBatch/addPackage", tag = "logistics", request_body = BatchPackageForm,
    responses((status = 200, body = crate::platform::http::Envelope<OutBatchRecord>),
        (status = 400, description = "package number required; no package found, please check whether the package number is correct"),
        (status = 403), (status = 404), (status = 409, description = "package has batch can't repeat operation; the batch is handed")))]
pub async fn add_package(Caller(state, me): Caller, ApiJson(form): ApiJson<BatchPackageForm>) -> ApiResult<OutBatchRecord> {
    grants::require(&state, &me, "logistics:outBatch:add").await?;
    let number = warehouse::package_number(&form.package_no)?;
    let batch = open_batch(&state, &me, &form.batch_id).await?;
    let now = Utc::now().naive_utc();
    let by = me.user.username.clone();
    let package_no = transaction!(data: &state.db, |tx| {
        let package = by_number(tx, me.tenant_id, &number).await?;
        warehouse::batchable(&package.package_status, package.batch_id.is_some()).map_err(AppError::conflict)?;
        let moved = on_tx!(tx, |c| diesel::update(
            pk::table.filter(pk::id.eq(&package.id)).filter(pk::package_status.eq("open")).filter(pk::batch_id.is_null())
        )
        .set((
            pk::batch_id.eq(&batch.id),
            pk::batch_no.eq(&batch.batch_no),
            pk::package_status.eq("batched"),
            pk::update_time.eq(now),
            pk::update_by.eq(&by),
        ))
        .execute(c)
        .await?);
        if moved == 0 {
            return Err(AppError::conflict(MessageKey::PackageHasBatch));
        }
        // The batch is still open: its row taken in this transaction, a handover waits.
        let still = on_tx!(tx, |c| diesel::update(ob::table.filter(ob::id.eq(&batch.id)).filter(ob::batch_status.eq("open")))
            .set(ob::update_time.eq(now))
            .execute(c)
            .await?);
        if still == 0 {
            return Err(AppError::conflict(MessageKey::BatchHanded).with("batch", batch.batch_no.clone()));
        }
        recount(tx, &batch.id, now, &by).await?;
        Ok::<_, AppError>(package.package_no)
    })?;
    let after = find::<OutBatches>(&state, &me, &batch.id).await?;
    logs::added(&state.db, &me, "logistics:outBatch:addPackage", &after.batch_no, &package_no).await;
    ok(after)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackageNoForm {
    #[serde(default)]
    pub package_no: String,
}

/// Takes a package out of its batch (the batch still open): the package is open again.
#[utoipa::path(post, path = "/logistics/outBatch/removePackage", tag = "logistics", request_body = PackageNoForm,
    responses((status = 200, body = crate::platform::http::Envelope<OutBatchRecord>), (status = 400), (status = 403),
        (status = 409, description = "In no batch, or the batch is handed")))]
pub async fn remove_package(Caller(state, me): Caller, ApiJson(form): ApiJson<PackageNoForm>) -> ApiResult<OutBatchRecord> {
    grants::require(&state, &me, "logistics:outBatch:add").await?;
    if customer_of(&me).is_some() {
        return Err(AppError::forbidden());
    }
    let number = warehouse::package_number(&form.package_no)?;
    let now = Utc::now().naive_utc();
    let by = me.user.username.clone();
    let batch_id = transaction!(data: &state.db, |tx| {
        let package = by_number(tx, me.tenant_id, &number).await?;
        let Some(batch_id) = package.batch_id.clone() else {
            return Err(AppError::field("packageNo", MessageKey::PackageNotFound));
        };
        let open = on_tx!(tx, |c| diesel::update(ob::table.filter(ob::id.eq(&batch_id)).filter(ob::batch_status.eq("open")))
            .set(ob::update_time.eq(now))
            .execute(c)
            .await?);
        if open == 0 {
            return Err(AppError::conflict(MessageKey::BatchHanded).with("batch", package.batch_no.clone().unwrap_or_default()));
        }
        on_tx!(tx, |c| diesel::update(pk::table.filter(pk::id.eq(&package.id)))
            .set((
                pk::batch_id.eq(None::<String>),
                pk::batch_no.eq(None::<String>),
                pk::package_status.eq("open"),
                pk::update_time.eq(now),
                pk::update_by.eq(&by),
            ))
            .execute(c)
            .await?);
        recount(tx, &batch_id, now, &by).await?;
        Ok::<_, AppError>(batch_id)
    })?;
    let after = find::<OutBatches>(&state, &me, &batch_id).await?;
    logs::added(&state.db, &me, "logistics:outBatch:removePackage", &after.batch_no, &number).await;
    ok(after)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct HandOverForm {
    #[serde(default)]
    pub id: String,
}

/// Hands a batch to the carrier: its packages handed, their parcels shipped (an `OUTBOUND` event
/// each), orders whose parcels are all shipped `shipped`. "no package" for an empty batch.
#[utoipa::path(post, path = "/logistics/outBatch/handOver", tag = "logistics", request_body = HandOverForm,
    responses((status = 200, body = crate::platform::http::Envelope<OutBatchRecord>), (status = 403), (status = 404),
        (status = 409, description = "no package; handed already")))]
pub async fn hand_over(Caller(state, me): Caller, ApiJson(form): ApiJson<HandOverForm>) -> ApiResult<OutBatchRecord> {
    grants::require(&state, &me, "logistics:outBatch:handOver").await?;
    let batch = open_batch(&state, &me, &form.id).await?;
    let now = Utc::now().naive_utc();
    let by = me.user.username.clone();
    let table = ingest::mappings(&state, me.tenant_id, ingest::WAREHOUSE_SOURCE).await?;
    transaction!(data: &state.db, |tx| {
        let changed = on_tx!(tx, |c| diesel::update(ob::table.filter(ob::id.eq(&batch.id)).filter(ob::batch_status.eq("open")))
            .set((ob::update_time.eq(now), ob::update_by.eq(&by)))
            .execute(c)
            .await?);
        if changed == 0 {
            return Err(AppError::conflict(MessageKey::BatchHanded).with("batch", batch.batch_no.clone()));
        }
        let packages: Vec<String> = on_tx!(tx, |c| pk::table.filter(pk::batch_id.eq(&batch.id)).select(pk::id).load(c).await?);
        warehouse::handable(&batch.batch_status, i64::try_from(packages.len()).unwrap_or(i64::MAX))
            .map_err(|k| AppError::conflict(k).with("batch", batch.batch_no.clone()))?;
        on_tx!(tx, |c| diesel::update(ob::table.filter(ob::id.eq(&batch.id)))
            .set((ob::batch_status.eq("handed"), ob::handed_by.eq(&by), ob::handed_time.eq(now)))
            .execute(c)
            .await?);
        on_tx!(tx, |c| diesel::update(pk::table.filter(pk::batch_id.eq(&batch.id)))
            .set((pk::package_status.eq("handed"), pk::update_time.eq(now), pk::update_by.eq(&by)))
            .execute(c)
            .await?);
        let parcels: Vec<(String, String, String, Option<String>)> = on_tx!(tx, |c| ib::table
            .filter(ib::package_id.eq_any(&packages))
            .select((ib::shipment_parcel_id, ib::shipment_id, ib::parcel_serial_number, ib::sys_track_no))
            .load(c)
            .await?);
        let parcel_ids: Vec<&String> = parcels.iter().map(|r| &r.0).collect();
        on_tx!(tx, |c| diesel::update(p::table.filter(p::id.eq_any(&parcel_ids)))
            .set(p::parcel_status.eq("shipped"))
            .execute(c)
            .await?);
        let orders: Vec<String> = {
            let mut seen = HashSet::new();
            parcels.iter().map(|r| r.1.clone()).filter(|id| seen.insert(id.clone())).collect()
        };
        for order_id in &orders {
            let waiting: i64 = on_tx!(tx, |c| p::table
                .filter(p::shipment_id.eq(order_id))
                .filter(p::parcel_status.ne("shipped"))
                .count()
                .get_result(c)
                .await?);
            if waiting == 0 {
                on_tx!(tx, |c| diesel::update(s::table.filter(s::id.eq(order_id)).filter(s::shipment_status.eq("sorted")))
                    .set((s::shipment_status.eq("shipped"), s::update_time.eq(now), s::update_by.eq(&by)))
                    .execute(c)
                    .await?);
            }
        }
        let found: Vec<lookup::Order> =
            on_tx!(tx, |c| s::table.filter(s::id.eq_any(&orders)).select(lookup::Order::as_select()).load(c).await?);
        let detail = |lang: Lang| logistics_core::FieldError::new("", MessageKey::EventOutbound).with("batch", batch.batch_no.clone()).message(lang);
        for (parcel_id, order_id, serial, sys) in &parcels {
            let Some(order) = found.iter().find(|o| &o.id == order_id) else { continue };
            let hit = lookup::Hit { order: order.clone(), parcel: Some((parcel_id.clone(), serial.clone())) };
            let incoming = Incoming {
                number: sys.clone().unwrap_or_default(),
                code: "OUTBOUND".to_owned(),
                event_key: format!("outbound:{parcel_id}:{}", batch.id),
                detail: Some(detail(Lang::ZhCn)),
                detail_en: Some(detail(Lang::EnUs)),
                pieces: Some(1),
                ..Incoming::default()
            };
            ingest::store_on(tx, me.tenant_id, ingest::WAREHOUSE_SOURCE, &table, &hit, &incoming, &by).await?;
        }
        Ok::<_, AppError>(())
    })?;
    let after = find::<OutBatches>(&state, &me, &batch.id).await?;
    logs::edited(&state.db, &me, "logistics:outBatch:handOver", &after.batch_no, &batch, &after).await;
    ok(after)
}

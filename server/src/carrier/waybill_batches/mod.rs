//! Waybill batches (`/logistics/waybillBatch/*`): orders handed to one carrier with the file that
//! carrier loads them from, laid out by core's `waybill` (house waybills under a master air
//! waybill, FBA, JD FOP, UPS package level detail; `docs/api/waybill-batches.md`). Each order is
//! in one batch of each kind. The file is kept as made (text and SHA-256) and downloaded as kept;
//! `regenerate` makes it again from the orders as they are now, its version counting up when
//! the bytes change. Making, regenerating and deleting are written to the operation log.

pub mod orders;

use axum::http::{HeaderValue, header};
use axum::response::Response;
use chrono::{NaiveDateTime, Utc};
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::decimal::{self, Decimal};
use logistics_core::waybill::{self, Batch, Head, KINDS};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::{IntoParams, ToSchema};

use self::orders::Order;
use crate::carrier::dispatch::names;
use crate::platform::caller::Caller;
use crate::platform::db::schema::{logistics_waybill_batch, logistics_waybill_batch as wb, logistics_waybill_batch_item as wi};
use crate::platform::http::page::Order as SortOrder;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, attachment, ok};
use crate::platform::resource::form::Reference;
use crate::platform::resource::handlers::{find, read};
use crate::platform::resource::sql::{Row, Value, insert_rows};
use crate::platform::resource::{Field, Filter, Kind, Resource, Scope, customer_of};
use crate::platform::secrets;
use crate::shipment::orders::form::core_value;
use crate::shipment::orders::numbers;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{transaction, with_conn};

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = logistics_waybill_batch)]
#[serde(rename_all = "camelCase")]
pub struct WaybillBatchRecord {
    pub id: String,
    pub batch_no: String,
    /// hawb, fba, jdfop or upspld.
    pub batch_type: String,
    pub supplier_id: String,
    /// The carrier's name in the request's language.
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub supplier_name: String,
    /// `176-12345675` (hawb).
    pub mawb_no: Option<String>,
    pub origin: Option<String>,
    pub destination: Option<String>,
    pub flight_no: Option<String>,
    pub flight_date: Option<String>,
    /// The UPS shipper number (upspld) or the JD merchant code (jdfop).
    pub account_no: Option<String>,
    pub shipments: i32,
    pub pieces: i32,
    /// kg.
    pub weight: String,
    pub file_name: String,
    /// The file's SHA-256, hex.
    pub file_sha256: String,
    /// 1 when made; one more each time regenerating changed its bytes.
    pub file_version: i32,
    pub generated_by: Option<String>,
    pub generated_time: DateTime,
    pub remark: Option<String>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
}

pub struct WaybillBatches;

impl Resource for WaybillBatches {
    const PATH: &'static str = "/logistics/waybillBatch";
    const PERMISSION: &'static str = "logistics:waybillBatch";
    const NOUN: &'static str = "waybill batch";
    const PLURAL: &'static str = "waybill batches";
    const TABLE: &'static str = "logistics_waybill_batch";
    const SCOPE: Scope = Scope::Tenant;
    // The file's text is read by the download only.
    const SELECT: &'static str = "id, batch_no, batch_type, supplier_id, '' AS supplier_name, mawb_no, origin, destination, \
        flight_no, flight_date, account_no, shipments, pieces, weight, file_name, file_sha256, file_version, generated_by, \
        generated_time, remark, create_by, create_time";
    const FIELDS: &'static [Field] = &[
        Field::text("batchNo", "batch_no").sortable().titled(MessageKey::FieldBatchNo),
        Field::text("batchType", "batch_type").sortable().titled(MessageKey::FieldBatchType),
        Field::text("supplierId", "supplier_id"),
        Field::computed("supplierName").titled(MessageKey::FieldSupplier),
        Field::text("mawbNo", "mawb_no").sortable().titled(MessageKey::FieldMawbNo),
        Field::text("origin", "origin").titled(MessageKey::FieldOriginAirport),
        Field::text("destination", "destination").titled(MessageKey::FieldDestinationAirport),
        Field::text("flightNo", "flight_no").titled(MessageKey::FieldFlightNo),
        Field::text("flightDate", "flight_date").titled(MessageKey::FieldFlightDate),
        Field::text("accountNo", "account_no").titled(MessageKey::FieldAccountNo),
        Field::int("shipments", "shipments").titled(MessageKey::FieldOrders),
        Field::int("pieces", "pieces").titled(MessageKey::FieldPieces),
        Field::text("weight", "weight").titled(MessageKey::FieldWeight),
        Field::text("fileName", "file_name"),
        Field::text("fileSha256", "file_sha256"),
        Field::int("fileVersion", "file_version").titled(MessageKey::FieldFileVersion),
        Field::text("generatedBy", "generated_by").titled(MessageKey::FieldOperator),
        Field::time("generatedTime", "generated_time").sortable().titled(MessageKey::FieldGeneratedTime),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::text("createBy", "create_by"),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like_upper("batchNo", &["batch_no"], "Batch number, substring."),
        Filter::one_of("batchType", &["batch_type"], KINDS, Kind::Text, "hawb, fba, jdfop or upspld."),
        Filter::exact("supplierId", &["supplier_id"], "The carrier's id."),
        Filter::like_upper("mawbNo", &["mawb_no"], "Master waybill number, substring."),
        Filter::time_from("createTime_begin", &["create_time"], "Made at or after."),
        Filter::time_until("createTime_end", &["create_time"], "Made up to."),
    ];
    const DEFAULT_SORT: (&'static str, SortOrder) = ("createTime", SortOrder::Desc);
    const OMIT: &'static [&'static str] = &["add", "edit", "importExcel"];

    crate::record_form!(WaybillBatchRecord, crate::platform::resource::NoForm, batch_no);

    fn authorize(me: &CurrentUser) -> Result<(), AppError> {
        if customer_of(me).is_some() { Err(AppError::forbidden()) } else { Ok(()) }
    }

    async fn values(
        _: &AppState,
        _: &CurrentUser,
        _: &crate::platform::resource::NoForm,
        _: Option<&WaybillBatchRecord>,
    ) -> crate::platform::resource::Checked {
        Err(AppError::method_not_allowed())
    }

    async fn complete(state: &AppState, records: &mut [WaybillBatchRecord]) -> Result<(), AppError> {
        let names = names(state, records.iter().map(|r| (r.supplier_id.as_str(), ""))).await?;
        for r in records {
            r.supplier_name = names.supplier(&r.supplier_id);
        }
        Ok(())
    }
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaybillBatchForm {
    /// hawb, fba, jdfop or upspld.
    pub batch_type: Option<String>,
    /// The carrier (a supplier) the orders ship with.
    pub supplier_id: Option<String>,
    /// hawb: the master air waybill, its airports, flight and day.
    pub mawb_no: Option<String>,
    pub origin: Option<String>,
    pub destination: Option<String>,
    pub flight_no: Option<String>,
    /// `YYYY-MM-DD`.
    pub flight_date: Option<String>,
    /// upspld: the UPS shipper number (6 characters); jdfop: the JD merchant code.
    pub account_no: Option<String>,
    pub remark: Option<String>,
    /// Orders by id.
    #[serde(default)]
    pub shipment_ids: Vec<String>,
    /// Orders by a number scanned or pasted: serial, carrier or system tracking number.
    #[serde(default)]
    pub numbers: Vec<String>,
}

const SUPPLIER: Reference = Reference::id("logistics_supplier", MessageKey::FieldSupplier);

/// A made file: its name, text and digest.
struct Made {
    name: String,
    text: String,
    sha256: String,
    shipments: i32,
    pieces: i32,
    weight: String,
}

fn make(head: &Head, batch: &Batch, orders: &[Order]) -> Made {
    let lines: Vec<_> = orders.iter().map(|o| o.line.clone()).collect();
    let file = waybill::file(head, batch, &lines);
    let sha256 = Sha256::digest(file.text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    let weight = lines.iter().filter_map(|l| decimal::parse(&l.weight)).fold(Decimal::ZERO, |a, w| a.checked_add(w).unwrap_or(a));
    let count = |n: i64| i32::try_from(n).unwrap_or(i32::MAX);
    Made {
        name: format!("{}.{}", batch.batch_no, file.extension),
        text: file.text,
        sha256,
        shipments: count(lines.len() as i64),
        pieces: count(lines.iter().map(|l| l.pieces).sum()),
        weight: decimal::plain(weight.normalize()),
    }
}

/// What each kind asks of an order beyond being live and the carrier's.
fn fits(head: &Head, order: &Order) -> Result<(), AppError> {
    let serial = || order.line.serial_number.clone();
    if head.kind == "fba" && order.shipment_type != "FBA" {
        return Err(AppError::conflict(MessageKey::WaybillOrderNotFba).with("serial", serial()));
    }
    if head.kind == "upspld" && !order.carrier_numbered {
        return Err(AppError::conflict(MessageKey::WaybillOrderNoTrackNo).with("serial", serial()));
    }
    Ok(())
}

/// Makes a batch of orders for one carrier and its file: every order submitted and live, shipping
/// with that carrier, in no other batch of the kind and fit for it (FBA orders for `fba`, each
/// parcel numbered by the carrier for `upspld`); all or none, the first refusal naming its order.
#[utoipa::path(post, path = "/logistics/waybillBatch/add", tag = "logistics", request_body = WaybillBatchForm,
    responses((status = 200, body = crate::platform::http::Envelope<WaybillBatchRecord>), (status = 400), (status = 403),
        (status = 409, description = "An order unknown, not live, another carrier's, in a batch of the kind already, or unfit for it; the MAWB used")))]
pub async fn add(Caller(state, me): Caller, ApiJson(form): ApiJson<WaybillBatchForm>) -> ApiResult<WaybillBatchRecord> {
    grants::require(&state, &me, "logistics:waybillBatch:add").await?;
    if customer_of(&me).is_some() {
        return Err(AppError::forbidden());
    }
    let head = waybill::checked(&core_value(&form)?)?;
    let tenant = me.tenant_id;
    let supplier = SUPPLIER.check(&state.db, tenant, "supplierId", form.supplier_id.as_deref()).await?;
    let picked = orders::pick(&state, tenant, &form.shipment_ids, &form.numbers).await?;
    if picked.is_empty() {
        return Err(AppError::bad_request(MessageKey::WaybillBatchNothing));
    }
    let carrier = names(&state, std::iter::once((supplier.as_str(), ""))).await?.supplier(&supplier);
    for o in &picked {
        logistics_core::dispatch::dispatchable(&o.shipment_status)
            .map_err(|_| AppError::conflict(MessageKey::WaybillOrderNotReady).with("serial", o.serial_number.clone()))?;
        if o.supplier_id.as_deref() != Some(supplier.as_str()) {
            return Err(AppError::conflict(MessageKey::DispatchWrongCarrier)
                .with("serial", o.serial_number.clone())
                .with("carrier", carrier.clone()));
        }
    }
    let ids: Vec<String> = picked.iter().map(|o| o.id.clone()).collect();
    let read_orders = orders::read(&state, tenant, &ids).await?;
    for o in &read_orders {
        fits(&head, o)?;
    }
    taken(&state, tenant, &head.kind, &picked).await?;
    if let Some(mawb) = &head.mawb_no {
        let used: Option<String> = with_conn!(&state.db, |c| wb::table
            .filter(wb::tenant_id.eq(tenant))
            .filter(wb::mawb_no.eq(mawb))
            .select(wb::batch_no)
            .first(c)
            .await
            .optional()?);
        if let Some(batch) = used {
            return Err(AppError::field("mawbNo", MessageKey::MawbTaken).with("batch", batch));
        }
    }
    let now = Utc::now().naive_utc();
    let batch =
        Batch { batch_no: numbers::daily(&state.db, tenant, "WB", "WB").await?, date: crate::wallet::business_day(now), carrier };
    let made = make(&head, &batch, &read_orders);
    let id = secrets::new_id();
    let by = me.user.username.clone();
    let row: Row = vec![
        ("id", Value::Text(id.clone())),
        ("tenant_id", Value::Int(tenant)),
        ("batch_no", Value::Text(batch.batch_no.clone())),
        ("batch_type", Value::Text(head.kind.clone())),
        ("supplier_id", Value::Text(supplier.clone())),
        ("mawb_no", Value::opt(head.mawb_no.clone())),
        ("origin", Value::opt(head.origin.clone())),
        ("destination", Value::opt(head.destination.clone())),
        ("flight_no", Value::opt(head.flight_no.clone())),
        ("flight_date", Value::opt(head.flight_date.clone())),
        ("account_no", Value::opt(head.account_no.clone())),
        ("shipments", Value::Int(made.shipments)),
        ("pieces", Value::Int(made.pieces)),
        ("weight", Value::Text(made.weight.clone())),
        ("file_name", Value::Text(made.name.clone())),
        ("file_text", Value::Text(made.text.clone())),
        ("file_sha256", Value::Text(made.sha256.clone())),
        ("file_version", Value::Int(1)),
        ("generated_by", Value::opt(Some(by.clone()))),
        ("generated_time", Value::Time(now)),
        ("remark", Value::opt(head.remark.clone())),
        ("create_by", Value::opt(Some(by.clone()))),
        ("create_time", Value::Time(now)),
    ];
    let items: Vec<Row> = (0i32..)
        .zip(&read_orders)
        .map(|(seq, o)| {
            vec![
                ("id", Value::Text(secrets::new_id())),
                ("tenant_id", Value::Int(tenant)),
                ("batch_id", Value::Text(id.clone())),
                ("batch_type", Value::Text(head.kind.clone())),
                ("shipment_id", Value::Text(o.id.clone())),
                ("seq", Value::Int(seq)),
            ]
        })
        .collect();
    transaction!(data: &state.db, |tx| {
        insert_rows(tx, "logistics_waybill_batch", vec![row]).await?;
        insert_rows(tx, "logistics_waybill_batch_item", items).await?;
        Ok::<_, AppError>(())
    })
    .map_err(|e| {
        // Another batch took an order (or the MAWB) meanwhile: the unique keys refuse this one.
        if e.error.key == MessageKey::Conflict {
            AppError::conflict(MessageKey::WaybillOrderTaken).with("serial", "-").with("batch", "-")
        } else {
            e
        }
    })?;
    let after = find::<WaybillBatches>(&state, &me, &id).await?;
    logs::added(&state.db, &me, "logistics:waybillBatch:add", &after.batch_no, &after).await;
    ok(after)
}

/// Refuses the first order already in a batch of the kind.
async fn taken(state: &AppState, tenant: i32, kind: &str, picked: &[orders::Picked]) -> Result<(), AppError> {
    let ids: Vec<&String> = picked.iter().map(|o| &o.id).collect();
    let rows: Vec<(String, String)> = with_conn!(&state.db, |c| wi::table
        .inner_join(wb::table.on(wb::id.eq(wi::batch_id)))
        .filter(wi::tenant_id.eq(tenant))
        .filter(wi::batch_type.eq(kind))
        .filter(wi::shipment_id.eq_any(&ids))
        .select((wi::shipment_id, wb::batch_no))
        .load(c)
        .await?);
    if let Some((shipment, batch)) = <[_]>::first(&rows) {
        let serial = picked.iter().find(|o| &o.id == shipment).map(|o| o.serial_number.clone()).unwrap_or_default();
        return Err(AppError::conflict(MessageKey::WaybillOrderTaken).with("serial", serial).with("batch", batch.clone()));
    }
    Ok(())
}

/// The batch's orders' ids, in the batch's order.
async fn shipment_ids(state: &AppState, batch_id: &str) -> Result<Vec<String>, AppError> {
    Ok(with_conn!(&state.db, |c| wi::table
        .filter(wi::batch_id.eq(batch_id))
        .order(wi::seq.asc())
        .select(wi::shipment_id)
        .load(c)
        .await?))
}

fn head_of(r: &WaybillBatchRecord) -> Head {
    Head {
        kind: r.batch_type.clone(),
        mawb_no: r.mawb_no.clone(),
        origin: r.origin.clone(),
        destination: r.destination.clone(),
        flight_no: r.flight_no.clone(),
        flight_date: r.flight_date.clone(),
        account_no: r.account_no.clone(),
        remark: r.remark.clone(),
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchIdForm {
    #[serde(default)]
    pub id: String,
}

/// Makes a batch's file again from its orders as they are now (their numbers, weights and
/// addresses may have changed since). Its version counts up when the bytes differ; either way the
/// regeneration is logged with the file's digest before and after.
#[utoipa::path(post, path = "/logistics/waybillBatch/regenerate", tag = "logistics", request_body = BatchIdForm,
    responses((status = 200, body = crate::platform::http::Envelope<WaybillBatchRecord>), (status = 403), (status = 404)))]
pub async fn regenerate(Caller(state, me): Caller, ApiJson(form): ApiJson<BatchIdForm>) -> ApiResult<WaybillBatchRecord> {
    grants::require(&state, &me, "logistics:waybillBatch:regenerate").await?;
    let before = read::<WaybillBatches>(&state, &me, &form.id).await?;
    let ids = shipment_ids(&state, &before.id).await?;
    let found = orders::read(&state, me.tenant_id, &ids).await?;
    let batch = Batch {
        batch_no: before.batch_no.clone(),
        date: crate::wallet::business_day(before.create_time.0),
        carrier: before.supplier_name.clone(),
    };
    let made = make(&head_of(&before), &batch, &found);
    let changed = made.sha256 != before.file_sha256;
    let now: NaiveDateTime = Utc::now().naive_utc();
    let by = me.user.username.clone();
    let version = if changed { before.file_version + 1 } else { before.file_version };
    with_conn!(&state.db, |c| diesel::update(wb::table.filter(wb::id.eq(&before.id)).filter(wb::tenant_id.eq(me.tenant_id)))
        .set((
            wb::file_text.eq(&made.text),
            wb::file_sha256.eq(&made.sha256),
            wb::file_version.eq(version),
            wb::shipments.eq(made.shipments),
            wb::pieces.eq(made.pieces),
            wb::weight.eq(&made.weight),
            wb::generated_by.eq(&by),
            wb::generated_time.eq(now),
        ))
        .execute(c)
        .await?);
    let after = find::<WaybillBatches>(&state, &me, &before.id).await?;
    logs::edited(&state.db, &me, "logistics:waybillBatch:regenerate", &after.batch_no, &before, &after).await;
    ok(after)
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct BatchQuery {
    /// The batch's id.
    #[serde(default)]
    pub id: String,
}

/// The batch's file as last made (`{batchNo}.csv` or `.pld`), byte for byte.
#[utoipa::path(get, path = "/logistics/waybillBatch/file", tag = "logistics", params(BatchQuery),
    responses((status = 200, content_type = "text/csv", body = Vec<u8>), (status = 403), (status = 404)))]
pub async fn file(Caller(state, me): Caller, ApiQuery(q): ApiQuery<BatchQuery>) -> Result<Response, AppError> {
    grants::require(&state, &me, "logistics:waybillBatch:list").await?;
    let record = read::<WaybillBatches>(&state, &me, &q.id).await?;
    let text: String = with_conn!(&state.db, |c| wb::table.filter(wb::id.eq(&record.id)).select(wb::file_text).first(c).await?);
    let media = if record.batch_type == "upspld" { "text/plain; charset=us-ascii" } else { "text/csv; charset=utf-8" };
    let mut response = attachment(media, &record.file_name, text)?;
    let etag = HeaderValue::from_str(&format!("\"{}\"", record.file_sha256)).map_err(AppError::internal)?;
    response.headers_mut().insert(header::ETAG, etag);
    Ok(response)
}

/// One order of a batch.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaybillBatchItem {
    pub shipment_id: String,
    pub serial_number: String,
    pub track_no: String,
    /// Country and postal code.
    pub destination: String,
    pub pieces: i64,
    /// kg.
    pub weight: String,
}

/// A batch's orders, in the batch's order.
#[utoipa::path(get, path = "/logistics/waybillBatch/items", tag = "logistics", params(BatchQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<WaybillBatchItem>>), (status = 403), (status = 404)))]
pub async fn items(Caller(state, me): Caller, ApiQuery(q): ApiQuery<BatchQuery>) -> ApiResult<Vec<WaybillBatchItem>> {
    grants::require(&state, &me, "logistics:waybillBatch:list").await?;
    let record = read::<WaybillBatches>(&state, &me, &q.id).await?;
    let ids = shipment_ids(&state, &record.id).await?;
    let found = orders::read(&state, me.tenant_id, &ids).await?;
    ok(found
        .into_iter()
        .map(|o| WaybillBatchItem {
            shipment_id: o.id,
            destination: [o.line.country, o.line.postal_code].into_iter().filter(|x| !x.is_empty()).collect::<Vec<_>>().join(" "),
            serial_number: o.line.serial_number,
            track_no: o.line.track_no,
            pieces: o.line.pieces,
            weight: o.line.weight,
        })
        .collect())
}

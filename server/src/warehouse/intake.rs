//! Intake (`POST /logistics/inbound/intake`, `intakeBatch`): a parcel is scanned (its system
//! tracking number, its carrier's number, its serial number or reference; a misread check digit is
//! refused by core before anything is looked up), weighed and measured. In one transaction the
//! parcel is marked received, its inbound row written and a warehouse tracking event stored; when
//! it is the last parcel of its order, the order is re-quoted with the very bundle it was charged
//! from (`rateVersion`) on the measured parcels, its hold captured as it was and the difference
//! posted as a `reweigh` trade (charged more or refunded, to the cent), and the order becomes
//! `received`.
//!
//! Concurrency: the order's row is written first (locked on PostgreSQL; SQLite writes one
//! transaction at a time) and the parcel moves from `submitted` to `received` only once, so of
//! two operators scanning the same parcel one wins and the other is told it is received already;
//! a cancel racing an intake waits for it and then refuses. A scan sent again with the same
//! `Idempotency-Key` answers the first result.

use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::decimal::{self, Decimal};
use logistics_core::warehouse::{self, Intake, MAX_BATCH};
use logistics_core::weight::{WEIGHT_SCALE, volumetric_weight};
use logistics_core::{Lang, MessageKey};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::inbound::{InboundParcelRecord, InboundParcels};
use crate::carrier::forecast::{Quote, bundle};
use crate::platform::caller::Caller;
use crate::platform::db::schema::{
    logistics_delivery_number as dn, logistics_inbound_parcel as ib, logistics_shipment as s, logistics_shipment_parcel as p,
};
use crate::platform::http::{ApiJson, AppError, current_lang, ok};
use crate::platform::resource::customer_of;
use crate::platform::resource::handlers::{find, find_on, read};
use crate::platform::secrets;
use crate::shipment::orders::form::{DEFAULT_DIVISOR, minor_units};
use crate::shipment::orders::submit::{Measured, quote_in};
use crate::shipment::orders::write::detail;
use crate::shipment::orders::{ShipmentRecord, Shipments};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::tracking::ingest::{self, Incoming};
use crate::tracking::lookup;
use crate::wallet::ledger::{self, Details, Operation, TradeType, Wallet};
use crate::wallet::money;
use crate::{on_tx, transaction, with_conn};

pub const PERMISSION: &str = "logistics:inbound:add";

/// A scan: the number read and what the parcel weighs (kg) and measures (cm; all three or none,
/// then the declared ones stand). Numbers may come as JSON numbers or text.
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntakeForm {
    #[serde(default)]
    pub number: String,
    #[schema(value_type = String)]
    #[serde(default)]
    pub weight: serde_json::Value,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "serde_json::Value::is_null")]
    pub length: serde_json::Value,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "serde_json::Value::is_null")]
    pub width: serde_json::Value,
    #[schema(value_type = Option<String>)]
    #[serde(default, skip_serializing_if = "serde_json::Value::is_null")]
    pub height: serde_json::Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remark: Option<String>,
}

/// What an intake did.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntakeResult {
    pub inbound: InboundParcelRecord,
    pub shipment_id: String,
    pub serial_number: String,
    /// The order's status now: `received` once every parcel is in.
    pub shipment_status: String,
    pub pieces: i64,
    pub received_pieces: i64,
    /// Every parcel of the order received: it was re-quoted and its charge settled.
    pub complete: bool,
    pub currency: String,
    /// What the order held since submission.
    pub held_amount: String,
    /// Once complete: the re-quote on the measured parcels, and its difference to the hold
    /// (positive: charged more; negative: refunded).
    pub charged_amount: Option<String>,
    pub adjustment: Option<String>,
    /// Kilograms: the order's, re-quoted once complete, else as charged at submission.
    pub chargeable_weight: String,
    /// The bundle the order was charged from and is re-quoted with.
    pub rate_version: String,
}

/// The parcel a scanned number names, in the tenant: its id, its order's id.
pub(super) async fn resolve(state: &AppState, tenant: i32, number: &str, scanned: &str) -> Result<(String, String), AppError> {
    let variants: Vec<String> =
        if number == scanned { vec![number.to_owned()] } else { vec![number.to_owned(), scanned.to_owned()] };
    let unknown = || AppError::field("number", MessageKey::InboundUnknown).with("number", scanned.to_owned());
    let ambiguous = || AppError::field("number", MessageKey::InboundAmbiguous).with("number", scanned.to_owned());
    let one = |found: Vec<(String, String)>| -> Result<Option<(String, String)>, AppError> {
        let mut found = found;
        found.dedup();
        match found.len() {
            0 => Ok(None),
            1 => Ok(found.pop()),
            _ => Err(ambiguous()),
        }
    };
    // A parcel's own numbers first: the system tracking number its label carries.
    let parcels: Vec<(String, String)> = with_conn!(&state.db, |conn| {
        p::table
            .filter(p::tenant_id.eq(tenant))
            .filter(p::sys_track_no.eq_any(&variants).or(p::serial_number.eq_any(&variants)).or(p::reference.eq_any(&variants)))
            .select((p::id, p::shipment_id))
            .limit(10)
            .load(conn)
            .await?
    });
    if let Some(found) = one(parcels)? {
        return Ok(found);
    }
    // The carrier's number of a parcel.
    let carrier: Vec<(Option<String>, String)> = with_conn!(&state.db, |conn| {
        dn::table
            .filter(dn::tenant_id.eq(tenant))
            .filter(dn::track_no.eq_any(&variants).or(dn::third_id.eq_any(&variants)))
            .select((dn::shipment_parcel_id, dn::shipment_id))
            .limit(10)
            .load(conn)
            .await?
    });
    let carrier: Vec<(String, String)> = carrier.into_iter().filter_map(|(parcel, order)| Some((parcel?, order))).collect();
    if let Some(found) = one(carrier)? {
        return Ok(found);
    }
    // An order's number names its parcel when it has only one.
    let orders: Vec<String> = with_conn!(&state.db, |conn| {
        s::table
            .filter(s::tenant_id.eq(tenant))
            .filter(s::serial_number.eq_any(&variants).or(s::track_no.eq_any(&variants)).or(s::sys_track_no.eq_any(&variants)))
            .select(s::id)
            .limit(10)
            .load(conn)
            .await?
    });
    let order = match orders.as_slice() {
        [] => return Err(unknown()),
        [one] => one.clone(),
        _ => return Err(ambiguous()),
    };
    let parcels: Vec<String> =
        with_conn!(&state.db, |conn| p::table.filter(p::shipment_id.eq(&order)).select(p::id).limit(2).load(conn).await?);
    match parcels.as_slice() {
        [one] => Ok((one.clone(), order)),
        [] => Err(unknown()),
        _ => Err(ambiguous()),
    }
}

fn refused(key: MessageKey, order: &ShipmentRecord, parcel_serial: &str) -> AppError {
    let error = if key == MessageKey::InboundNotSubmitted { AppError::field("number", key) } else { AppError::conflict(key) };
    error.with("serial", order.serial_number.clone()).with("parcel", parcel_serial.to_owned())
}

fn dims_text(d: Decimal) -> String {
    decimal::plain(d.normalize())
}

/// Receives one scanned parcel (see the module).
pub async fn intake_one(state: &AppState, me: &CurrentUser, form: &IntakeForm) -> Result<IntakeResult, AppError> {
    if customer_of(me).is_some() {
        return Err(AppError::forbidden());
    }
    let value = serde_json::json!({
        "number": form.number, "weight": form.weight, "length": form.length, "width": form.width, "height": form.height,
    });
    let Intake { number, weight, dimensions } = warehouse::intake(&(&value).into())?;
    let remark = crate::platform::resource::form::optional("remark", MessageKey::FieldRemark, &form.remark, 200)?;
    let scanned = form.number.trim().to_owned();
    let (parcel_id, shipment_id) = resolve(state, me.tenant_id, &number, &scanned).await?;
    // The whole reach (the role's data rules too): an order out of reach is an unknown number.
    let record = read::<Shipments>(state, me, &shipment_id)
        .await
        .map_err(|_| AppError::field("number", MessageKey::InboundUnknown).with("number", scanned.clone()))?;
    let current = detail(state, record).await?;
    let order = &current.record;
    let parcel = current.parcels.iter().find(|x| x.id == parcel_id).ok_or_else(AppError::not_found)?;
    if let Err(key) = warehouse::receivable(&order.shipment_status, &parcel.parcel_status) {
        return Err(refused(key, order, &parcel.serial_number));
    }
    let version = order.rate_version.clone().unwrap_or_default();
    // The bundle the order was charged from; one never kept (an order charged before bundles
    // were kept) gives way to the customer's bundle today.
    let built = match bundle::at_version(state, me.tenant_id, &version).await? {
        Some(b) => b,
        None => bundle::audience(state, me.tenant_id, Some(order.customer_id.clone())).await?,
    };
    let divisor = built
        .products
        .iter()
        .find(|x| Some(&x.id) == order.channel_product_id.as_ref())
        .map(|x| x.divisor)
        .filter(|d| !d.is_zero())
        .unwrap_or(Decimal::int(DEFAULT_DIVISOR));
    let (length, width, height) = match dimensions {
        Some((l, w, h)) => (dims_text(l), dims_text(w), dims_text(h)),
        None => (parcel.length.clone(), parcel.width.clone(), parcel.height.clone()),
    };
    let weight_text = dims_text(weight);
    let bulky = match [&length, &width, &height].map(|t| decimal::parse(t)) {
        [Some(l), Some(w), Some(h)] => {
            volumetric_weight(l, w, h, divisor).map(|v| decimal::fixed(v, WEIGHT_SCALE)).unwrap_or_default()
        }
        _ => String::new(),
    };
    let currency = order.deduct_currency.clone().unwrap_or_else(|| order.currency.clone());
    let held = current_held(order)?;
    let now = Utc::now().naive_utc();
    let id = secrets::new_id();
    let pieces = current.parcels.len();
    let event_detail = |lang: Lang| {
        logistics_core::FieldError::new("", MessageKey::InboundEventDetail).with("weight", weight_text.clone()).message(lang)
    };
    let incoming = Incoming {
        number: parcel.sys_track_no.clone().unwrap_or_default(),
        code: "RECEIVED".to_owned(),
        event_key: format!("inbound:{parcel_id}"),
        detail: Some(event_detail(Lang::ZhCn)),
        detail_en: Some(event_detail(Lang::EnUs)),
        pieces: Some(1),
        ..Incoming::default()
    };
    let hit = lookup::Hit {
        order: lookup::Order {
            id: order.id.clone(),
            tenant_id: me.tenant_id,
            customer_id: order.customer_id.clone(),
            shipment_type: order.shipment_type.clone(),
            serial_number: order.serial_number.clone(),
            customer_code: order.customer_code.clone(),
            sys_track_no: order.sys_track_no.clone(),
            track_no: order.track_no.clone(),
            shipment_status: order.shipment_status.clone(),
            shipment_pieces: order.shipment_pieces,
            consignee_country: order.consignee_country.clone(),
        },
        parcel: Some((parcel.id.clone(), parcel.serial_number.clone())),
    };
    let table = ingest::mappings(state, me.tenant_id, ingest::WAREHOUSE_SOURCE).await?;
    let settled = transaction!(data: &state.db, |tx| {
        // The order's row first: intakes of its parcels and a cancel take turns on it.
        let open = on_tx!(tx, |c| diesel::update(s::table.filter(s::id.eq(&order.id)).filter(s::shipment_status.eq("submitted")))
            .set((s::update_time.eq(now), s::update_by.eq(&me.user.username)))
            .execute(c)
            .await?);
        if open == 0 {
            let status: String = on_tx!(tx, |c| s::table.filter(s::id.eq(&order.id)).select(s::shipment_status).first(c).await?);
            let key = warehouse::receivable(&status, "submitted").err().unwrap_or(MessageKey::Conflict);
            return Err(refused(key, order, &parcel.serial_number));
        }
        if order.shipment_type == "WMS" && crate::wms::orders::unpicked_on(tx, &order.id).await? > 0 {
            return Err(AppError::conflict(MessageKey::WmsNotPicked).with("serial", order.serial_number.clone()));
        }
        let taken = on_tx!(tx, |c| diesel::update(p::table.filter(p::id.eq(&parcel.id)).filter(p::parcel_status.eq("submitted")))
            .set(p::parcel_status.eq("received"))
            .execute(c)
            .await?);
        if taken == 0 {
            return Err(refused(MessageKey::InboundAlreadyReceived, order, &parcel.serial_number));
        }
        // What the other parcels of the order measured, when received.
        let measured: Vec<(String, String, String, String, String)> = on_tx!(tx, |c| ib::table
            .filter(ib::shipment_id.eq(&order.id))
            .select((ib::shipment_parcel_id, ib::length, ib::width, ib::height, ib::weight))
            .load(c)
            .await?);
        let received = measured.len() + 1;
        let mut settled: Option<(i64, Quote)> = None;
        if received >= pieces {
            let parcels: Vec<Measured<'_>> = current
                .parcels
                .iter()
                .map(|x| {
                    if x.id == parcel.id {
                        Measured { length: &length, width: &width, height: &height, weight: &weight_text }
                    } else if let Some(m) = measured.iter().find(|m| m.0 == x.id) {
                        Measured { length: &m.1, width: &m.2, height: &m.3, weight: &m.4 }
                    } else {
                        Measured { length: &x.length, width: &x.width, height: &x.height, weight: &x.weight }
                    }
                })
                .collect();
            let quote = quote_in(&built, order, &parcels)?;
            let total = decimal::parse(&quote.total).ok_or_else(|| AppError::internal("quote total"))?;
            let charged = minor_units(total, &currency)?;
            settled = Some((charged, quote));
        }
        let charged = settled.as_ref().map(|(c, _)| *c);
        on_tx!(tx, |c| diesel::insert_into(ib::table)
            .values((
                ib::id.eq(&id),
                ib::tenant_id.eq(me.tenant_id),
                ib::customer_id.eq(&order.customer_id),
                ib::shipment_id.eq(&order.id),
                ib::shipment_parcel_id.eq(&parcel.id),
                ib::serial_number.eq(&order.serial_number),
                ib::parcel_serial_number.eq(&parcel.serial_number),
                ib::scanned_no.eq(&scanned),
                ib::track_no.eq(&order.track_no),
                ib::sys_track_no.eq(&parcel.sys_track_no),
                ib::channel_product_id.eq(&order.channel_product_id),
                ib::channel_id.eq(&order.channel_id),
                ib::country.eq(&order.consignee_country),
                ib::depot.eq(&order.fba_code),
                ib::inbound_status.eq("received"),
                ib::length.eq(&length),
                ib::width.eq(&width),
                ib::height.eq(&height),
                ib::weight.eq(&weight_text),
                ib::bulky.eq(&bulky),
                ib::declared_weight.eq(&parcel.weight),
                ib::currency.eq(charged.map(|_| currency.clone())),
                ib::held_amount.eq(charged.map(|_| held)),
                ib::charged_amount.eq(charged),
                ib::adjustment.eq(charged.map(|c| c - held)),
                ib::remark.eq(&remark),
                ib::create_by.eq(&me.user.username),
                ib::create_time.eq(now),
            ))
            .execute(c)
            .await?);
        ingest::store_on(tx, me.tenant_id, ingest::WAREHOUSE_SOURCE, &table, &hit, &incoming, &me.user.username).await?;
        // The rows every order of the customer waits for last (its tally, by trigger on the
        // status, and its wallet), so that they stay locked as briefly as possible.
        if let Some((charged, quote)) = &settled {
            let quote_json = serde_json::to_string(quote).map_err(AppError::internal)?;
            on_tx!(tx, |c| diesel::update(s::table.filter(s::id.eq(&order.id)))
                .set((
                    s::shipment_status.eq("received"),
                    s::deduct_amount.eq(*charged),
                    s::quote.eq(&quote_json),
                    s::chargeable_weight.eq(&quote.chargeable_weight),
                ))
                .execute(c)
                .await?);
            settle(tx, me, order, &currency, held, *charged).await?;
        }
        // On SQLite the log entry joins this transaction (one writer: a commit of its own would
        // cost more than the entry); on PostgreSQL it follows, the customer's wallet row free.
        let logged = if state.db.is_postgres() {
            None
        } else {
            let record = find_on::<InboundParcels>(tx, me, &id).await?;
            logs::operation_on(tx, me, logs::Operation::added(PERMISSION, &order.serial_number, &record)).await?;
            Some(record)
        };
        Ok::<_, AppError>((received, settled.map(|(charged, quote)| (charged, quote.chargeable_weight)), logged))
    })?;
    let (received, settled, logged) = settled;
    let inbound = match logged {
        Some(record) => record,
        None => {
            let record = find::<InboundParcels>(state, me, &id).await?;
            logs::added(&state.db, me, PERMISSION, &order.serial_number, &record).await;
            record
        }
    };
    Ok(IntakeResult {
        shipment_id: order.id.clone(),
        serial_number: order.serial_number.clone(),
        shipment_status: if settled.is_some() { "received".to_owned() } else { order.shipment_status.clone() },
        pieces: i64::try_from(pieces).unwrap_or(i64::MAX),
        received_pieces: i64::try_from(received).unwrap_or(i64::MAX),
        complete: settled.is_some(),
        held_amount: money(held, &currency),
        charged_amount: settled.as_ref().map(|(c, _)| money(*c, &currency)),
        adjustment: settled.as_ref().map(|(c, _)| money(c - held, &currency)),
        chargeable_weight: settled.map(|(_, w)| w).or_else(|| order.chargeable_weight.clone()).unwrap_or_default(),
        currency,
        rate_version: built.version.clone(),
        inbound,
    })
}

/// The order's hold in minor units (its `deductAmount`).
fn current_held(order: &ShipmentRecord) -> Result<i64, AppError> {
    let currency = order.deduct_currency.clone().unwrap_or_else(|| order.currency.clone());
    let text = order.deduct_amount.clone().unwrap_or_default();
    let amount = decimal::parse(&text).ok_or_else(|| AppError::internal("deduct amount"))?;
    minor_units(amount, &currency)
}

/// Captures the order's hold as it was and posts the re-weigh difference (core's `reweigh`).
async fn settle(
    tx: &mut crate::platform::db::Tx<'_>,
    me: &CurrentUser,
    order: &ShipmentRecord,
    currency: &str,
    held: i64,
    charged: i64,
) -> Result<(), AppError> {
    let wallet = Wallet { tenant_id: me.tenant_id, customer_id: &order.customer_id, currency };
    let details = |item: &str, remark: Option<String>| Details {
        trade_item: Some(item.to_owned()),
        out_trade_no: Some(order.serial_number.clone()),
        operator: Some(me.user.username.clone()),
        remark,
        ..Details::default()
    };
    let capture = Operation::Capture { reference: &order.serial_number, amount: held };
    ledger::post(tx, wallet, capture, TradeType::Capture, &details("shipment", None)).await.map_err(|e| {
        if matches!(e.error.key, MessageKey::WalletHoldNotPending) {
            AppError::conflict(MessageKey::InboundHoldGone).with("serial", order.serial_number.clone())
        } else {
            e
        }
    })?;
    if let Some(movement) = warehouse::reweigh(held, charged) {
        let remark = format!("{} → {} {currency}", money(held, currency), money(charged, currency));
        ledger::post(tx, wallet, Operation::Move(movement), TradeType::Reweigh, &details("reweigh", Some(remark)))
            .await
            .map_err(|e| {
                if e.error.key == MessageKey::WalletInsufficient {
                    AppError::field("weight", MessageKey::InboundShort)
                        .with("amount", money(charged, currency))
                        .with("currency", currency.to_owned())
                } else {
                    e
                }
            })?;
    }
    Ok(())
}

/// Receives a scanned parcel: marks it received, stores a warehouse tracking event and, on the
/// last parcel of its order, re-quotes the order on what was measured with the bundle it was
/// charged from and settles the difference on the wallet (`reweigh`).
#[utoipa::path(post, path = "/logistics/inbound/intake", tag = "logistics", request_body = IntakeForm,
    params(("Idempotency-Key" = Option<String>, Header, description = "Replays the first answer for the same key and body")),
    responses((status = 200, body = crate::platform::http::Envelope<IntakeResult>),
        (status = 400, description = "A field (named), an unknown number, a misread check digit, an order not submitted, a balance short of the re-quote"),
        (status = 403), (status = 409, description = "Received already, the order cancelled meanwhile")))]
pub async fn intake(
    Caller(state, me): Caller,
    headers: HeaderMap,
    ApiJson(form): ApiJson<IntakeForm>,
) -> Result<Response, AppError> {
    grants::require(&state, &me, PERMISSION).await?;
    crate::wallet::once(&state, &me, &headers, "POST /logistics/inbound/intake", &form, async {
        Ok(ok(intake_one(&state, &me, &form).await?)?.into_response())
    })
    .await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntakeBatchForm {
    #[serde(default)]
    pub rows: Vec<IntakeForm>,
}

/// One scan of a batch and what became of it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntakeBatchRow {
    /// Its place in the batch, from 0.
    pub index: usize,
    pub number: String,
    pub success: bool,
    /// Why not, in the request's language.
    pub message: Option<String>,
    pub result: Option<IntakeResult>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntakeBatchResult {
    pub total: usize,
    pub succeeded: usize,
    pub failed: usize,
    pub rows: Vec<IntakeBatchRow>,
}

/// Receives a table of scans, each on its own (one refused does not stop the others), in order,
/// with a result per row. At most 200.
#[utoipa::path(post, path = "/logistics/inbound/intakeBatch", tag = "logistics", request_body = IntakeBatchForm,
    responses((status = 200, body = crate::platform::http::Envelope<IntakeBatchResult>), (status = 400, description = "No rows, or too many"), (status = 403)))]
pub async fn intake_batch(
    Caller(state, me): Caller,
    ApiJson(form): ApiJson<IntakeBatchForm>,
) -> crate::platform::http::ApiResult<IntakeBatchResult> {
    grants::require(&state, &me, PERMISSION).await?;
    if customer_of(&me).is_some() {
        return Err(AppError::forbidden());
    }
    if form.rows.is_empty() {
        return Err(AppError::field("rows", MessageKey::SelectOne));
    }
    if form.rows.len() > MAX_BATCH {
        return Err(AppError::field("rows", MessageKey::TooMany)
            .with("field", format!("@{}", MessageKey::FieldParcels.key()))
            .with("max", MAX_BATCH.to_string()));
    }
    let lang = current_lang();
    let mut rows = Vec::with_capacity(form.rows.len());
    for (index, scan) in form.rows.iter().enumerate() {
        rows.push(match intake_one(&state, &me, scan).await {
            Ok(result) => IntakeBatchRow {
                index,
                number: scan.number.trim().to_owned(),
                success: true,
                message: None,
                result: Some(result),
            },
            Err(e) => IntakeBatchRow {
                index,
                number: scan.number.trim().to_owned(),
                success: false,
                message: Some(e.error.message(lang)),
                result: None,
            },
        });
    }
    let succeeded = rows.iter().filter(|r| r.success).count();
    ok(IntakeBatchResult { total: rows.len(), succeeded, failed: rows.len() - succeeded, rows })
}

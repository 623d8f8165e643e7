//! Submitting and cancelling orders, alone or a selection at a time, with their money.
//!
//! Submission checks the whole order (core's rules at `Stage::Submit`), quotes it with the
//! customer's forecast bundle (the engine and rate version the forecast page uses, so the charge
//! equals, to the cent, the forecast the customer saw for the same input), and in one transaction
//! moves it to `submitted`, issues its system tracking numbers (and the carrier's, from the
//! channel's number segment when it has one) and holds the charge on the customer's wallet. A
//! cancel before receipt releases the hold in the same transaction as the status.

use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use chrono::{Duration, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::decimal;
use logistics_core::shipment::{self, Stage};
use logistics_core::{FieldError, MessageKey};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::references::prepare;
use super::write::{ShipmentDetail, detail};
use super::{PERMISSION, ShipmentRecord, Shipments};
use super::{form, numbers};
use crate::carrier::forecast::cache::Built;
use crate::carrier::forecast::{ForecastResult, Quote, bundle};
use crate::carrier::number_segments;
use crate::platform::caller::Caller;
use crate::platform::db::Tx;
use crate::platform::db::prepared::Keep;
use crate::platform::db::schema::{logistics_delivery_number, logistics_shipment, logistics_shipment_parcel};
use crate::platform::http::{Amount, ApiJson, ApiResult, AppError, current_lang, ok};
use crate::platform::resource::customer_of;
use crate::platform::resource::handlers::{find_on, read};
use crate::platform::secrets;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::wallet::ledger::{self, Details, Operation, TradeType, Wallet};
use crate::{on_tx, transaction};

/// How long a submitted order's hold lasts before the wallet returns it by itself.
pub const HOLD_DAYS: i64 = 90;

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubmitForm {
    #[serde(default)]
    pub id: String,
    /// The total the customer was shown (decimal text): when the price is now another, nothing
    /// is charged and the answer (409) says the new total.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_amount: Option<Amount>,
}

/// The quote of an order's chosen product from `customer`'s bundle: what the forecast shows for
/// the same input.
pub async fn quote(state: &AppState, tenant_id: i32, customer: &str, d: &ShipmentDetail) -> Result<(Quote, String), AppError> {
    let parcels: Vec<Measured> =
        d.parcels.iter().map(|p| Measured { length: &p.length, width: &p.width, height: &p.height, weight: &p.weight }).collect();
    let built = bundle::audience(state, tenant_id, Some(customer.to_owned())).await?;
    Ok((quote_in(&built, &d.record, &parcels)?, built.version.clone()))
}

/// A parcel's dimensions (cm) and weight (kg), as declared or measured.
#[derive(Clone, Copy, Debug)]
pub struct Measured<'a> {
    pub length: &'a str,
    pub width: &'a str,
    pub height: &'a str,
    pub weight: &'a str,
}

/// The quote of `r`'s chosen product in `built` (a bundle) for `parcels`.
pub fn quote_in(built: &Built, r: &ShipmentRecord, parcels: &[Measured<'_>]) -> Result<Quote, AppError> {
    let product = r.channel_product_id.clone().unwrap_or_default();
    let parcels: Vec<serde_json::Value> = parcels
        .iter()
        .map(|p| serde_json::json!({"length": p.length, "width": p.width, "height": p.height, "weight": p.weight, "quantity": 1}))
        .collect();
    let input = serde_json::json!({
        "countryCode": r.consignee_country,
        "postalCode": r.consignee_postal_code,
        "tradeType": r.shipment_type,
        "parcels": parcels,
        "declaredValue": r.declared_value,
    });
    let shipment = logistics_core::quote_json::shipment(&(&input).into())?;
    let mut text = String::with_capacity(1024);
    text.push('{');
    logistics_core::quote::write_forecast(
        &built.products,
        &shipment,
        current_lang(),
        logistics_core::quote::Steps::Inline,
        &mut text,
    );
    text.push_str(",\"rateVersion\":\"");
    text.push_str(&built.version);
    text.push_str("\"}");
    let answer: ForecastResult = serde_json::from_str(&text).map_err(AppError::internal)?;
    if let Some(found) = answer.quotes.into_iter().find(|q| q.channel_product_id == product) {
        return Ok(found);
    }
    let reason = answer.unavailable.into_iter().find(|u| u.channel_product_id == product).map(|u| u.reason);
    Err(match reason {
        Some(reason) => AppError::field("channelProductId", MessageKey::ShipmentNotQuotable).with("reason", reason),
        // Not in the customer's bundle at all (no price level, or disabled).
        None => crate::platform::resource::form::invalid("channelProductId", MessageKey::FieldProduct),
    })
}

/// Submits one order: checks, quotes, then status, numbers and hold in one transaction.
pub async fn submit_one(
    state: &AppState,
    me: &CurrentUser,
    id: &str,
    expected: Option<&Amount>,
) -> Result<ShipmentRecord, AppError> {
    let record = read::<Shipments>(state, me, id).await?;
    shipment::selection(&[(&record.serial_number, &record.shipment_status)], "submit")?;
    let customer = record.customer_id.clone();
    if customer_of(me).is_some() {
        // A customer spends its own wallet; a sub-account needs the grant to.
        crate::wallet::payer(state, me).await?;
    }
    let current = detail(state, record).await?;
    let mut form = super::write::form_of(&current);
    let prepared = prepare(state, me.tenant_id, &customer, &mut form).await?;
    form::check(&form, Stage::Submit, &prepared.postal_pattern)?;
    let (quote, version) = quote(state, me.tenant_id, &customer, &current).await?;
    let total = decimal::parse(&quote.total).ok_or_else(|| AppError::internal("quote total"))?;
    let amount = form::minor_units(total, &quote.currency)?;
    if let Some(seen) = expected {
        let seen_text = match seen {
            Amount::Number(n) => n.to_string(),
            Amount::Text(t) => t.trim().to_owned(),
        };
        if decimal::parse(&seen_text).is_none_or(|s| s.cmp(&total) != std::cmp::Ordering::Equal) {
            return Err(AppError::conflict(MessageKey::ShipmentPriceChanged)
                .with("amount", quote.total.clone())
                .with("currency", quote.currency.clone()));
        }
    }
    let r = &current.record;
    let quote_json = serde_json::to_string(&quote).map_err(AppError::internal)?;
    let now = Utc::now().naive_utc();
    let pieces = current.parcels.len();
    let money_text = quote.total.clone();
    let currency = quote.currency.clone();
    // A WMS order's goods, reserved from the customer's stock in the same transaction.
    let goods: Vec<crate::wms::orders::Goods> = if r.shipment_type == "WMS" {
        current
            .parcels
            .iter()
            .enumerate()
            .flat_map(|(i, p)| {
                p.products.iter().enumerate().map(move |(j, g)| crate::wms::orders::Goods {
                    field: format!("parcels[{i}].products[{j}].sku"),
                    sku_code: g.sku.clone().unwrap_or_default(),
                    pieces: i64::from(g.quantity.unwrap_or(1)),
                })
            })
            .collect()
    } else {
        Vec::new()
    };
    let counter = numbers::Counter::sys_track(me.tenant_id, pieces)?.early(&state.db).await?;
    let after = transaction!(data: &state.db, |tx| {
        // System tracking numbers: one per parcel; the order's is its first parcel's.
        let sys_numbers = numbers::sys_track_numbers(counter.take(tx).await?);
        let channel = prepared.channel_id.clone().unwrap_or_default();
        let carrier = number_segments::allocate_in(tx, me.tenant_id, &channel, i64::try_from(pieces).unwrap_or(1)).await?;
        let track_numbers: Vec<String> = carrier.as_ref().map(|a| a.numbers.clone()).unwrap_or_default();
        // The rows every order of the customer waits for (the tally's, by trigger, and the
        // wallet's) last, so that they stay locked as briefly as possible.
        for (i, p) in current.parcels.iter().enumerate() {
            on_tx!(tx, |c| diesel::update(logistics_shipment_parcel::table.filter(logistics_shipment_parcel::id.eq(&p.id)))
                .set((
                    logistics_shipment_parcel::parcel_status.eq("submitted"),
                    logistics_shipment_parcel::sys_track_no.eq(sys_numbers.get(i)),
                ))
                .kept()
                .execute(c)
                .await?);
            if let (Some(number), Some(a)) = (track_numbers.get(i), &carrier) {
                on_tx!(tx, |c| diesel::insert_into(logistics_delivery_number::table)
                    .values((
                        logistics_delivery_number::id.eq(secrets::new_id()),
                        logistics_delivery_number::tenant_id.eq(me.tenant_id),
                        logistics_delivery_number::customer_id.eq(&customer),
                        logistics_delivery_number::track_no.eq(number),
                        logistics_delivery_number::shipment_id.eq(&r.id),
                        logistics_delivery_number::shipment_parcel_id.eq(&p.id),
                        logistics_delivery_number::channel_product_id.eq(r.channel_product_id.as_deref()),
                        logistics_delivery_number::channel_id.eq(prepared.channel_id.as_deref()),
                        logistics_delivery_number::segment_id.eq(&a.segment_id),
                        logistics_delivery_number::create_time.eq(now),
                    ))
                    .execute(c)
                    .await?);
            }
        }
        let changed = on_tx!(tx, |c| diesel::update(
            logistics_shipment::table
                .filter(logistics_shipment::id.eq(&r.id))
                .filter(logistics_shipment::shipment_status.eq("draft"))
        )
        .set((
            logistics_shipment::shipment_status.eq("submitted"),
            logistics_shipment::submit_time.eq(now),
            logistics_shipment::deduct_amount.eq(amount),
            logistics_shipment::deduct_currency.eq(&currency),
            logistics_shipment::quote.eq(&quote_json),
            logistics_shipment::rate_version.eq(&version),
            logistics_shipment::chargeable_weight.eq(&quote.chargeable_weight),
            logistics_shipment::sys_track_no.eq(<[String]>::first(&sys_numbers)),
            logistics_shipment::track_no.eq(<[String]>::first(&track_numbers)),
            logistics_shipment::channel_id.eq(prepared.channel_id.as_deref()),
            logistics_shipment::update_time.eq(now),
            logistics_shipment::update_by.eq(&me.user.username),
        ))
        .kept()
        .execute(c)
        .await?);
        if changed == 0 {
            return Err(AppError::conflict(MessageKey::Conflict));
        }
        let after = completed_on(tx, me, r).await?;
        if !goods.is_empty() {
            crate::wms::orders::reserve(tx, me.tenant_id, &customer, &r.id, &r.serial_number, &goods, now).await?;
        }
        let wallet = Wallet { tenant_id: me.tenant_id, customer_id: &customer, currency: &currency };
        let hold = Operation::Hold { reference: &r.serial_number, amount, expires_at: now + Duration::days(HOLD_DAYS) };
        let details = Details {
            trade_item: Some("shipment".to_owned()),
            out_trade_no: Some(r.serial_number.clone()),
            operator: Some(me.user.username.clone()),
            ..Details::default()
        };
        ledger::post(tx, wallet, hold, TradeType::Withhold, &details).await.map_err(|e| {
            if e.error.key == MessageKey::WalletInsufficient {
                AppError::invalid(FieldError::new("deductAmount", MessageKey::ShipmentInsufficient))
                    .with("amount", money_text.clone())
                    .with("currency", currency.clone())
            } else {
                e
            }
        })?;
        log_on(tx, state, me, "logistics:shipment:submit", r, &after).await?;
        Ok(after)
    })?;
    log_after(state, me, "logistics:shipment:submit", r, &after).await;
    Ok(after)
}

/// The order as `tx` holds it just after its own row changed, with what `before` had that the
/// change leaves be (its customer's and product's names, its tracking status): one statement, read
/// before the rows every order of the customer waits for (the wallet's) are taken, so that no
/// order waits on it and nothing is read again after the commit.
async fn completed_on(tx: &mut Tx<'_>, me: &CurrentUser, before: &ShipmentRecord) -> Result<ShipmentRecord, AppError> {
    let mut after = find_on::<Shipments>(tx, me, &before.id).await?;
    after.customer.clone_from(&before.customer);
    after.channel_product_code.clone_from(&before.channel_product_code);
    after.channel_product_name.clone_from(&before.channel_product_name);
    after.track_status.clone_from(&before.track_status);
    Ok(after)
}

/// On SQLite, the change's log entry in its own transaction: where one writer commits at a time,
/// the entry's commit of its own cost more than the entry. On PostgreSQL nothing: the entry waits
/// for [`log_after`], outside a transaction holding the rows every order of the customer waits for.
async fn log_on(
    tx: &mut Tx<'_>,
    state: &AppState,
    me: &CurrentUser,
    action: &str,
    before: &ShipmentRecord,
    after: &ShipmentRecord,
) -> Result<(), AppError> {
    if state.db.is_postgres() {
        return Ok(());
    }
    logs::operation_on(tx, me, logs::Operation::edited(action, &after.serial_number, before, after)).await
}

/// On PostgreSQL, the change's log entry once committed (on SQLite [`log_on`] wrote it).
async fn log_after(state: &AppState, me: &CurrentUser, action: &str, before: &ShipmentRecord, after: &ShipmentRecord) {
    if state.db.is_postgres() {
        logs::edited(&state.db, me, action, &after.serial_number, before, after).await;
    }
}

/// Cancels one order: a draft simply; a submitted order's hold is released in the same
/// transaction (a hold the wallet already returned at its expiry has nothing left to release).
pub async fn cancel_one(state: &AppState, me: &CurrentUser, id: &str) -> Result<ShipmentRecord, AppError> {
    let before = read::<Shipments>(state, me, id).await?;
    shipment::selection(&[(&before.serial_number, &before.shipment_status)], "cancel")?;
    let now = Utc::now().naive_utc();
    let after = transaction!(data: &state.db, |tx| {
        let changed = on_tx!(tx, |c| diesel::update(
            logistics_shipment::table
                .filter(logistics_shipment::id.eq(&before.id))
                .filter(logistics_shipment::shipment_status.eq(&before.shipment_status))
        )
        .set((
            logistics_shipment::shipment_status.eq("cancelled"),
            logistics_shipment::update_time.eq(now),
            logistics_shipment::update_by.eq(&me.user.username),
        ))
        .execute(c)
        .await?);
        if changed == 0 {
            return Err(AppError::conflict(MessageKey::Conflict));
        }
        // A parcel the warehouse took in keeps its order (an intake racing this cancel committed
        // first: the order's row made them take turns).
        let received: i64 = on_tx!(tx, |c| logistics_shipment_parcel::table
            .filter(logistics_shipment_parcel::shipment_id.eq(&before.id))
            .filter(logistics_shipment_parcel::parcel_status.eq("received"))
            .count()
            .get_result(c)
            .await?);
        if received > 0 {
            return Err(AppError::conflict(MessageKey::InboundPartlyReceived).with("serial", before.serial_number.clone()));
        }
        let after = completed_on(tx, me, &before).await?;
        on_tx!(tx, |c| diesel::update(
            logistics_shipment_parcel::table.filter(logistics_shipment_parcel::shipment_id.eq(&before.id))
        )
        .set(logistics_shipment_parcel::parcel_status.eq("cancelled"))
        .execute(c)
        .await?);
        if before.shipment_type == "WMS" {
            crate::wms::orders::release(tx, &before.id, &before.serial_number).await?;
        }
        if shipment::holds_money(&before.shipment_status) {
            let currency = before.deduct_currency.clone().unwrap_or_else(|| before.currency.clone());
            let wallet = Wallet { tenant_id: me.tenant_id, customer_id: &before.customer_id, currency: &currency };
            let release = Operation::Release { reference: &before.serial_number, expired: false };
            let details = Details {
                trade_item: Some("shipment".to_owned()),
                out_trade_no: Some(before.serial_number.clone()),
                operator: Some(me.user.username.clone()),
                ..Details::default()
            };
            match ledger::post(tx, wallet, release, TradeType::Release, &details).await {
                Ok(_) => {}
                Err(e) if e.error.key == MessageKey::WalletHoldNotPending => {}
                Err(e) => return Err(e),
            }
        }
        log_on(tx, state, me, "logistics:shipment:cancel", &before, &after).await?;
        Ok(after)
    })?;
    log_after(state, me, "logistics:shipment:cancel", &before, &after).await;
    Ok(after)
}

/// Submits a draft: the charge (the forecast's total) is held on the customer's wallet. With
/// `Idempotency-Key`, a retry answers the first result and charges once.
#[utoipa::path(post, path = "/logistics/shipment/submit", tag = "logistics", request_body = SubmitForm,
    params(("Idempotency-Key" = Option<String>, Header, description = "Replays the first answer for the same key and body")),
    responses((status = 200, body = crate::platform::http::Envelope<ShipmentRecord>),
        (status = 400, description = "A field (named), no draft, the product cannot take it, or the balance is short"),
        (status = 403), (status = 404), (status = 409, description = "The price changed since it was shown (the new total in the message)")))]
pub async fn submit(
    Caller(state, me): Caller,
    headers: HeaderMap,
    ApiJson(form): ApiJson<SubmitForm>,
) -> Result<Response, AppError> {
    grants::require(&state, &me, &format!("{PERMISSION}:submit")).await?;
    crate::wallet::once(&state, &me, &headers, "POST /logistics/shipment/submit", &form, async {
        Ok(ok(submit_one(&state, &me, &form.id, form.expected_amount.as_ref()).await?)?.into_response())
    })
    .await
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancelForm {
    #[serde(default)]
    pub id: String,
}

/// Cancels a draft or a submitted order (its hold released).
#[utoipa::path(post, path = "/logistics/shipment/cancel", tag = "logistics", request_body = CancelForm,
    responses((status = 200, body = crate::platform::http::Envelope<ShipmentRecord>), (status = 400, description = "Received or later: no longer cancellable"), (status = 403), (status = 404)))]
pub async fn cancel(Caller(state, me): Caller, ApiJson(form): ApiJson<CancelForm>) -> ApiResult<ShipmentRecord> {
    grants::require(&state, &me, &format!("{PERMISSION}:cancel")).await?;
    ok(cancel_one(&state, &me, &form.id).await?)
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchForm {
    /// The selected orders' ids, comma-separated (at most 500).
    #[serde(default)]
    pub ids: String,
}

/// What a batch action did to one order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchRow {
    pub id: String,
    pub serial_number: String,
    pub success: bool,
    /// Why not, in the request's language.
    pub message: Option<String>,
    pub shipment_status: String,
    pub deduct_amount: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchResult {
    pub total: usize,
    pub succeeded: usize,
    pub failed: usize,
    pub rows: Vec<BatchRow>,
}

/// The selection, each in reach (else 404), the action allowed on every one (else the spec's
/// message naming those it is not).
async fn selected(state: &AppState, me: &CurrentUser, ids: &str, action: &str) -> Result<Vec<ShipmentRecord>, AppError> {
    let ids = crate::platform::http::page::require_ids(ids)?;
    if ids.len() > super::MAX_NUMBERS {
        return Err(AppError::field("ids", MessageKey::TooMany)
            .with("field", format!("@{}", MessageKey::FieldIds.key()))
            .with("max", super::MAX_NUMBERS.to_string()));
    }
    let mut records = Vec::with_capacity(ids.len());
    for id in &ids {
        records.push(read::<Shipments>(state, me, id).await?);
    }
    let items: Vec<(&str, &str)> = records.iter().map(|r| (r.serial_number.as_str(), r.shipment_status.as_str())).collect();
    shipment::selection(&items, action)?;
    Ok(records)
}

async fn batch(state: &AppState, me: &CurrentUser, records: Vec<ShipmentRecord>, submit: bool) -> BatchResult {
    let lang = current_lang();
    let mut rows = Vec::with_capacity(records.len());
    for r in records {
        let done = if submit { submit_one(state, me, &r.id, None).await } else { cancel_one(state, me, &r.id).await };
        rows.push(match done {
            Ok(after) => BatchRow {
                id: after.id,
                serial_number: after.serial_number,
                success: true,
                message: None,
                shipment_status: after.shipment_status,
                deduct_amount: after.deduct_amount,
            },
            Err(e) => BatchRow {
                id: r.id,
                serial_number: r.serial_number,
                success: false,
                message: Some(e.error.message(lang)),
                shipment_status: r.shipment_status,
                deduct_amount: None,
            },
        });
    }
    let succeeded = rows.iter().filter(|r| r.success).count();
    BatchResult { total: rows.len(), succeeded, failed: rows.len() - succeeded, rows }
}

/// Submits a selection of drafts, each on its own (one short of money does not stop the others),
/// with a result per order. A selection holding orders that are no drafts is refused as a whole.
#[utoipa::path(post, path = "/logistics/shipment/submitBatch", tag = "logistics", request_body = BatchForm,
    responses((status = 200, body = crate::platform::http::Envelope<BatchResult>), (status = 400, description = "Nothing selected, or inoperable orders (named)"), (status = 403), (status = 404)))]
pub async fn submit_batch(Caller(state, me): Caller, ApiJson(form): ApiJson<BatchForm>) -> ApiResult<BatchResult> {
    grants::require(&state, &me, &format!("{PERMISSION}:submit")).await?;
    let records = selected(&state, &me, &form.ids, "submit").await?;
    ok(batch(&state, &me, records, true).await)
}

/// Cancels a selection, with a result per order.
#[utoipa::path(post, path = "/logistics/shipment/cancelBatch", tag = "logistics", request_body = BatchForm,
    responses((status = 200, body = crate::platform::http::Envelope<BatchResult>), (status = 400, description = "Nothing selected, or inoperable orders (named)"), (status = 403), (status = 404)))]
pub async fn cancel_batch(Caller(state, me): Caller, ApiJson(form): ApiJson<BatchForm>) -> ApiResult<BatchResult> {
    grants::require(&state, &me, &format!("{PERMISSION}:cancel")).await?;
    let records = selected(&state, &me, &form.ids, "cancel").await?;
    ok(batch(&state, &me, records, false).await)
}

//! What is done to a dispatch beside its form: shipments (or outbound batches) in and out, the
//! pickup requested and confirmed, the dispatch cancelled; and its shipments listed.

use std::collections::HashMap;

use chrono::{NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::decimal::{self, Decimal};
use logistics_core::dispatch::{self, Action, MAX_ADD};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{DispatchRecord, Dispatches, refused};
use crate::carrier::adapters::{self, Address, PickupRequest};
use crate::carrier::suppliers::credentials;
use crate::platform::caller::Caller;
use crate::platform::db::Tx;
use crate::platform::db::schema::{
    logistics_channel as c, logistics_dispatch as d, logistics_dispatch_item as di, logistics_inbound_parcel as ib,
    logistics_out_batch as ob, logistics_out_package as pk, logistics_platform_depot as pd, logistics_shipment as s,
    logistics_supplier as sp,
};
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, ok};
use crate::platform::resource::form::optional;
use crate::platform::resource::handlers::{find, read};
use crate::platform::secrets;
use crate::shipment::orders::kilograms;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{on_tx, transaction, with_conn};

/// A dispatch in reach whose status allows `action` (refused naming it otherwise).
async fn allowing(state: &AppState, me: &CurrentUser, id: &str, action: Action) -> Result<DispatchRecord, AppError> {
    let found = read::<Dispatches>(state, me, id).await?;
    dispatch::allowed(&found.dispatch_status, action).map_err(|k| refused(k, &found))?;
    Ok(found)
}

/// Takes the dispatch's row in `tx` while it still allows `action` (else the refusal): a
/// concurrent status change waits, then is seen.
async fn hold(tx: &mut Tx<'_>, record: &DispatchRecord, action: Action, now: NaiveDateTime, by: &str) -> Result<(), AppError> {
    let statuses: Vec<&str> =
        logistics_core::dispatch::STATUSES.iter().copied().filter(|st| dispatch::allowed(st, action).is_ok()).collect();
    let held = on_tx!(tx, |c| diesel::update(d::table.filter(d::id.eq(&record.id)).filter(d::dispatch_status.eq_any(&statuses)))
        .set((d::update_time.eq(now), d::update_by.eq(by)))
        .execute(c)
        .await?);
    if held == 0 {
        return Err(refused(MessageKey::DispatchManifested, record));
    }
    Ok(())
}

/// Writes a dispatch's shipments, pieces and weight from its items.
async fn recount(tx: &mut Tx<'_>, id: &str) -> Result<(), AppError> {
    let rows: Vec<(i32, String)> =
        on_tx!(tx, |c| di::table.filter(di::dispatch_id.eq(id)).select((di::pieces, di::weight)).load(c).await?);
    let weight = rows.iter().filter_map(|r| decimal::parse(&r.1)).fold(Decimal::ZERO, |a, w| a.checked_add(w).unwrap_or(a));
    on_tx!(tx, |c| diesel::update(d::table.filter(d::id.eq(id)))
        .set((
            d::shipments.eq(i32::try_from(rows.len()).unwrap_or(i32::MAX)),
            d::pieces.eq(rows.iter().map(|r| r.0).sum::<i32>()),
            d::weight.eq(decimal::plain(weight.normalize())),
        ))
        .execute(c)
        .await?);
    Ok(())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddShipmentsForm {
    #[serde(default)]
    pub id: String,
    /// Orders by id.
    #[serde(default)]
    pub shipment_ids: Vec<String>,
    /// Orders by a number scanned or pasted: serial number, tracking number or system tracking
    /// number.
    #[serde(default)]
    pub numbers: Vec<String>,
    /// Every order with a parcel in these outbound batches.
    #[serde(default)]
    pub out_batch_ids: Vec<String>,
}

/// An order as a dispatch checks it.
#[derive(Clone, Debug, Queryable)]
struct Candidate {
    id: String,
    serial_number: String,
    track_no: Option<String>,
    sys_track_no: Option<String>,
    shipment_status: String,
    shipment_pieces: i32,
    shipment_weight: i64,
    supplier_id: Option<String>,
}

/// Adds orders to a dispatch that still allows it: each order submitted and live, shipping with
/// the dispatch's carrier and in no other dispatch; all or none, the first refusal naming its
/// order. An outbound batch brings every order with a parcel in it.
#[utoipa::path(post, path = "/logistics/dispatch/addShipments", tag = "logistics", request_body = AddShipmentsForm,
    responses((status = 200, body = crate::platform::http::Envelope<DispatchRecord>), (status = 400), (status = 403), (status = 404),
        (status = 409, description = "An order not dispatchable, another carrier's, in another dispatch; the dispatch closed")))]
pub async fn add_shipments(Caller(state, me): Caller, ApiJson(form): ApiJson<AddShipmentsForm>) -> ApiResult<DispatchRecord> {
    grants::require(&state, &me, "logistics:dispatch:add").await?;
    let record = allowing(&state, &me, &form.id, Action::Edit).await?;
    super::day_open(&state, me.tenant_id, &record.supplier_id, &record.depot_id, &record.pickup_date).await?;
    let clean = |v: &[String]| -> Vec<String> {
        let mut out: Vec<String> = v.iter().map(|x| x.trim().to_owned()).filter(|x| !x.is_empty()).collect();
        out.sort_unstable();
        out.dedup();
        out
    };
    let (ids, wanted_numbers, batches) = (clean(&form.shipment_ids), clean(&form.numbers), clean(&form.out_batch_ids));
    if ids.is_empty() && wanted_numbers.is_empty() && batches.is_empty() {
        return Err(AppError::bad_request(MessageKey::DispatchNothing));
    }
    if ids.len() + wanted_numbers.len() > MAX_ADD || batches.len() > 100 {
        return Err(AppError::bad_request(MessageKey::DispatchTooMany).with("max", MAX_ADD.to_string()));
    }
    let tenant = me.tenant_id;
    // The batches' orders (batches of the tenant only: another's is not found).
    let mut batch_of: HashMap<String, String> = HashMap::new();
    if !batches.is_empty() {
        let found: Vec<String> = with_conn!(&state.db, |c| ob::table
            .filter(ob::tenant_id.eq(tenant))
            .filter(ob::id.eq_any(&batches))
            .select(ob::id)
            .load(c)
            .await?);
        if found.len() != batches.len() {
            return Err(AppError::not_found());
        }
        let rows: Vec<(String, Option<String>)> = with_conn!(&state.db, |c| ib::table
            .inner_join(pk::table.on(pk::id.nullable().eq(ib::package_id)))
            .filter(pk::batch_id.eq_any(&batches))
            .filter(ib::tenant_id.eq(tenant))
            .select((ib::shipment_id, pk::batch_id))
            .distinct()
            .load(c)
            .await?);
        for (shipment, batch) in rows {
            batch_of.entry(shipment).or_insert_with(|| batch.unwrap_or_default());
        }
    }
    let by_id: Vec<String> = ids.iter().cloned().chain(batch_of.keys().cloned()).collect();
    let select = (
        s::id,
        s::serial_number,
        s::track_no,
        s::sys_track_no,
        s::shipment_status,
        s::shipment_pieces,
        s::shipment_weight,
        c::supplier_id.nullable(),
    );
    let mut candidates: Vec<Candidate> = with_conn!(&state.db, |conn| s::table
        .left_join(c::table.on(c::id.nullable().eq(s::channel_id)))
        .filter(s::tenant_id.eq(tenant))
        .filter(
            s::id
                .eq_any(&by_id)
                .or(s::serial_number.eq_any(&wanted_numbers))
                .or(s::track_no.eq_any(&wanted_numbers))
                .or(s::sys_track_no.eq_any(&wanted_numbers))
        )
        .select(select)
        .load(conn)
        .await?);
    candidates.sort_by(|a, b| a.serial_number.cmp(&b.serial_number));
    candidates.dedup_by(|a, b| a.id == b.id);
    if let Some(missing) = ids.iter().find(|i| !candidates.iter().any(|c| &c.id == *i)) {
        return Err(AppError::conflict(MessageKey::DispatchUnknownOrder).with("serial", missing.clone()));
    }
    let known = |n: &String| {
        candidates.iter().any(|c| &c.serial_number == n || c.track_no.as_ref() == Some(n) || c.sys_track_no.as_ref() == Some(n))
    };
    if let Some(missing) = wanted_numbers.iter().find(|n| !known(n)) {
        return Err(AppError::conflict(MessageKey::DispatchUnknownOrder).with("serial", missing.clone()));
    }
    let carrier = super::names(&state, std::iter::once((record.supplier_id.as_str(), record.depot_id.as_str()))).await?;
    for o in &candidates {
        dispatch::dispatchable(&o.shipment_status).map_err(|k| AppError::conflict(k).with("serial", o.serial_number.clone()))?;
        if o.supplier_id.as_deref() != Some(record.supplier_id.as_str()) {
            return Err(AppError::conflict(MessageKey::DispatchWrongCarrier)
                .with("serial", o.serial_number.clone())
                .with("carrier", carrier.supplier(&record.supplier_id)));
        }
    }
    let order_ids: Vec<&String> = candidates.iter().map(|o| &o.id).collect();
    let taken: Vec<(String, String)> = with_conn!(&state.db, |conn| di::table
        .inner_join(d::table.on(d::id.eq(di::dispatch_id)))
        .filter(di::tenant_id.eq(tenant))
        .filter(di::shipment_id.eq_any(&order_ids))
        .select((di::shipment_id, d::dispatch_no))
        .load(conn)
        .await?);
    if let Some((shipment, number)) = <[_]>::first(&taken) {
        let serial = candidates.iter().find(|o| &o.id == shipment).map(|o| o.serial_number.clone()).unwrap_or_default();
        return Err(AppError::conflict(MessageKey::DispatchTaken).with("serial", serial).with("dispatch", number.clone()));
    }
    let now = Utc::now().naive_utc();
    let by = me.user.username.clone();
    transaction!(data: &state.db, |tx| {
        hold(tx, &record, Action::Edit, now, &by).await?;
        for o in &candidates {
            on_tx!(tx, |c| diesel::insert_into(di::table)
                .values((
                    di::id.eq(secrets::new_id()),
                    di::tenant_id.eq(tenant),
                    di::dispatch_id.eq(&record.id),
                    di::shipment_id.eq(&o.id),
                    di::out_batch_id.eq(batch_of.get(&o.id)),
                    di::pieces.eq(o.shipment_pieces),
                    di::weight.eq(kilograms(o.shipment_weight)),
                    di::create_time.eq(now),
                ))
                .execute(c)
                .await?);
        }
        recount(tx, &record.id).await?;
        Ok::<_, AppError>(())
    })
    .map_err(|e| taken_race(e, &record))?;
    let after = find::<Dispatches>(&state, &me, &record.id).await?;
    let serials: Vec<&str> = candidates.iter().map(|o| o.serial_number.as_str()).collect();
    logs::edited(&state.db, &me, "logistics:dispatch:addShipments", &after.dispatch_no, &record, &serials).await;
    ok(after)
}

/// Two dispatches taking one order at once: the unique key refuses the second.
fn taken_race(e: AppError, record: &DispatchRecord) -> AppError {
    if e.error.key == MessageKey::Conflict {
        AppError::conflict(MessageKey::DispatchTaken).with("serial", "-").with("dispatch", record.dispatch_no.clone())
    } else {
        e
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemoveShipmentForm {
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub shipment_id: String,
}

/// Takes an order out of a dispatch that still allows it.
#[utoipa::path(post, path = "/logistics/dispatch/removeShipment", tag = "logistics", request_body = RemoveShipmentForm,
    responses((status = 200, body = crate::platform::http::Envelope<DispatchRecord>), (status = 403), (status = 404), (status = 409)))]
pub async fn remove_shipment(Caller(state, me): Caller, ApiJson(form): ApiJson<RemoveShipmentForm>) -> ApiResult<DispatchRecord> {
    grants::require(&state, &me, "logistics:dispatch:add").await?;
    let record = allowing(&state, &me, &form.id, Action::Edit).await?;
    let now = Utc::now().naive_utc();
    let by = me.user.username.clone();
    let shipment = form.shipment_id.trim().to_owned();
    transaction!(data: &state.db, |tx| {
        hold(tx, &record, Action::Edit, now, &by).await?;
        let gone = on_tx!(tx, |c| diesel::delete(di::table.filter(di::dispatch_id.eq(&record.id)).filter(di::shipment_id.eq(&shipment)))
            .execute(c)
            .await?);
        if gone == 0 {
            return Err(AppError::conflict(MessageKey::DispatchNotInIt).with("serial", shipment.clone()).with("dispatch", record.dispatch_no.clone()));
        }
        recount(tx, &record.id).await?;
        Ok::<_, AppError>(())
    })?;
    let after = find::<Dispatches>(&state, &me, &record.id).await?;
    logs::edited(&state.db, &me, "logistics:dispatch:removeShipment", &after.dispatch_no, &record, &after).await;
    ok(after)
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickupForm {
    #[serde(default)]
    pub id: String,
    /// A pickup booked by hand (a carrier without an adapter): its confirmation number.
    pub pickup_ref: Option<String>,
}

/// Books the pickup: through the carrier's adapter (its confirmation kept), else by hand with the
/// confirmation given. A dispatch with no order is refused.
#[utoipa::path(post, path = "/logistics/dispatch/requestPickup", tag = "logistics", request_body = PickupForm,
    responses((status = 200, body = crate::platform::http::Envelope<DispatchRecord>), (status = 403), (status = 404),
        (status = 409, description = "Empty, requested already, closed; the carrier refused")))]
pub async fn request_pickup(Caller(state, me): Caller, ApiJson(form): ApiJson<PickupForm>) -> ApiResult<DispatchRecord> {
    grants::require(&state, &me, "logistics:dispatch:pickup").await?;
    let record = allowing(&state, &me, &form.id, Action::Request).await?;
    if record.shipments == 0 {
        return Err(AppError::conflict(MessageKey::DispatchEmpty).with("dispatch", record.dispatch_no.clone()));
    }
    let given = optional("pickupRef", MessageKey::FieldCarrierRef, &form.pickup_ref, 64)?;
    let api: Option<Option<String>> = with_conn!(&state.db, |c| sp::table
        .filter(sp::id.eq(&record.supplier_id))
        .select(sp::api_type)
        .first(c)
        .await
        .optional()?);
    let reference = match api.flatten().as_deref().and_then(adapters::for_api_type) {
        None => given,
        Some(adapter) => {
            let request = PickupRequest {
                dispatch_no: record.dispatch_no.clone(),
                date: record.pickup_date.clone(),
                window: record.pickup_window.clone(),
                depot: depot_address(&state, &record.depot_id).await?,
                shipments: record.shipments,
                pieces: record.pieces,
                weight_kg: record.weight.clone(),
                credentials: credentials::load(&state, me.tenant_id, &record.supplier_id).await?,
            };
            let answer = tokio::time::timeout(std::time::Duration::from_secs(20), adapter.pickup(&request))
                .await
                .unwrap_or_else(|_| Err("timed out".to_owned()));
            Some(answer.map_err(|why| AppError::conflict(MessageKey::CarrierRefused).with("reason", why))?)
        }
    };
    move_to(&state, &me, &record, Action::Request, "requested", reference, "logistics:dispatch:requestPickup").await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DispatchIdForm {
    #[serde(default)]
    pub id: String,
}

/// The carrier has collected the dispatch.
#[utoipa::path(post, path = "/logistics/dispatch/pickedUp", tag = "logistics", request_body = DispatchIdForm,
    responses((status = 200, body = crate::platform::http::Envelope<DispatchRecord>), (status = 403), (status = 404), (status = 409)))]
pub async fn picked_up(Caller(state, me): Caller, ApiJson(form): ApiJson<DispatchIdForm>) -> ApiResult<DispatchRecord> {
    grants::require(&state, &me, "logistics:dispatch:pickup").await?;
    let record = allowing(&state, &me, &form.id, Action::PickedUp).await?;
    if record.shipments == 0 {
        return Err(AppError::conflict(MessageKey::DispatchEmpty).with("dispatch", record.dispatch_no.clone()));
    }
    let reference = record.pickup_ref.clone();
    move_to(&state, &me, &record, Action::PickedUp, "picked_up", reference, "logistics:dispatch:pickedUp").await
}

/// Cancels a dispatch not yet collected: its orders are free for another.
#[utoipa::path(post, path = "/logistics/dispatch/cancel", tag = "logistics", request_body = DispatchIdForm,
    responses((status = 200, body = crate::platform::http::Envelope<DispatchRecord>), (status = 403), (status = 404), (status = 409)))]
pub async fn cancel(Caller(state, me): Caller, ApiJson(form): ApiJson<DispatchIdForm>) -> ApiResult<DispatchRecord> {
    grants::require(&state, &me, "logistics:dispatch:cancel").await?;
    let record = allowing(&state, &me, &form.id, Action::Cancel).await?;
    let reference = record.pickup_ref.clone();
    move_to(&state, &me, &record, Action::Cancel, "cancelled", reference, "logistics:dispatch:cancel").await
}

/// Moves a dispatch to `status` while it still allows `action` (a cancelled one lets its orders go).
async fn move_to(
    state: &AppState,
    me: &CurrentUser,
    record: &DispatchRecord,
    action: Action,
    status: &str,
    reference: Option<String>,
    log: &str,
) -> ApiResult<DispatchRecord> {
    let now = Utc::now().naive_utc();
    let by = me.user.username.clone();
    transaction!(data: &state.db, |tx| {
        hold(tx, record, action, now, &by).await?;
        on_tx!(tx, |c| diesel::update(d::table.filter(d::id.eq(&record.id)))
            .set((d::dispatch_status.eq(status), d::pickup_ref.eq(&reference)))
            .execute(c)
            .await?);
        if action == Action::Cancel {
            on_tx!(tx, |c| diesel::delete(di::table.filter(di::dispatch_id.eq(&record.id))).execute(c).await?);
            recount(tx, &record.id).await?;
        }
        Ok::<_, AppError>(())
    })?;
    let after = find::<Dispatches>(state, me, &record.id).await?;
    logs::edited(&state.db, me, log, &after.dispatch_no, record, &after).await;
    ok(after)
}

/// A depot's address as a carrier reads it.
pub(crate) async fn depot_address(state: &AppState, id: &str) -> Result<Address, AppError> {
    type Row = (String, Option<String>, Option<String>, Option<String>, Option<String>, Option<String>, String, Option<String>);
    let row: Row = with_conn!(&state.db, |c| pd::table
        .filter(pd::id.eq(id))
        .select((pd::name, pd::contact, pd::phone, pd::address, pd::city, pd::state, pd::country, pd::postal_code))
        .first(c)
        .await?);
    let (name, contact, phone, street, city, region, country, postal_code) = row;
    Ok(Address {
        name: contact.unwrap_or_else(|| name.clone()),
        company: Some(name),
        phone,
        street: street.unwrap_or_default(),
        city: city.unwrap_or_default(),
        state: region,
        postal_code,
        country,
    })
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ItemsQuery {
    /// The dispatch's id.
    #[serde(default)]
    pub id: String,
}

/// One order of a dispatch.
#[derive(Clone, Debug, Serialize, ToSchema, Queryable)]
#[serde(rename_all = "camelCase")]
pub struct DispatchItem {
    pub shipment_id: String,
    pub serial_number: String,
    pub track_no: Option<String>,
    pub sys_track_no: Option<String>,
    pub shipment_status: String,
    pub country: Option<String>,
    pub pieces: i32,
    /// kg.
    pub weight: String,
    /// The outbound batch it came with.
    pub out_batch_no: Option<String>,
}

/// A dispatch's orders, by serial number.
#[utoipa::path(get, path = "/logistics/dispatch/items", tag = "logistics", params(ItemsQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<DispatchItem>>), (status = 403), (status = 404)))]
pub async fn items(Caller(state, me): Caller, ApiQuery(q): ApiQuery<ItemsQuery>) -> ApiResult<Vec<DispatchItem>> {
    grants::require(&state, &me, "logistics:dispatch:list").await?;
    let record = read::<Dispatches>(&state, &me, &q.id).await?;
    ok(items_of(&state, &[record.id.as_str()]).await?)
}

/// The orders of dispatches, by serial number.
pub(crate) async fn items_of(state: &AppState, dispatches: &[&str]) -> Result<Vec<DispatchItem>, AppError> {
    Ok(with_conn!(&state.db, |conn| di::table
        .inner_join(s::table.on(s::id.eq(di::shipment_id)))
        .left_join(ob::table.on(ob::id.nullable().eq(di::out_batch_id)))
        .filter(di::dispatch_id.eq_any(dispatches))
        .order(s::serial_number.asc())
        .select((
            di::shipment_id,
            s::serial_number,
            s::track_no,
            s::sys_track_no,
            s::shipment_status,
            s::consignee_country,
            di::pieces,
            di::weight,
            ob::batch_no.nullable(),
        ))
        .load(conn)
        .await?))
}

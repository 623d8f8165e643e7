//! WMS orders: a shipment of type WMS is picked from the customer's stock. Submitting it reserves
//! its goods ([`reserve`], in the submission's transaction: core's `wms::allocate` chooses the
//! locations, each line counted in the stock's `allocated`), cancelling it releases them
//! ([`release`]); staff pick the pick list (`/wms/pick/*`, a line per SKU and location, in
//! location order), each line taken off the shelf through the ledger; the warehouse takes the
//! order in (intake, [`unpicked_on`] refuses it before), packs and ships it as any other.
//!
//! Lock order, the same everywhere: the order's SKUs (id order, reservations only), then
//! locations (id order), then stock rows; so concurrent orders, picks and movements never
//! deadlock, and two orders never both take the last pieces.

use chrono::{NaiveDateTime, Utc};
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::wms::{self, PICK_STATUSES};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::ledger::{self, Cause, Slot};
use crate::platform::caller::Caller;
use crate::platform::db::Tx;
use crate::platform::db::schema::{
    logistics_shipment as s, wms_allocation as a, wms_location as l, wms_sku as k, wms_stock as st,
};
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, ok};
use crate::platform::resource::handlers::all;
use crate::platform::resource::sql::{Sql, Value};
use crate::platform::resource::{Field, Filter, Kind, Resource, Scope, customer_of};
use crate::platform::secrets;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::{on_tx, transaction, with_conn};

/// One line of a WMS order's goods: where the form names it, its SKU code and pieces.
#[derive(Clone, Debug)]
pub struct Goods {
    pub field: String,
    pub sku_code: String,
    pub pieces: i64,
}

/// Reserves a WMS order's goods in the caller's transaction: each SKU the customer's, enough
/// pieces free, the locations chosen by core, the allocation lines written. Else the goods' field
/// and why (an unknown SKU; fewer pieces than the order needs, with how many there are).
pub async fn reserve(
    tx: &mut Tx<'_>,
    tenant_id: i32,
    customer_id: &str,
    shipment_id: &str,
    serial: &str,
    goods: &[Goods],
    now: NaiveDateTime,
) -> Result<(), AppError> {
    let lines = wms::order_lines(goods.iter().map(|g| (g.sku_code.as_str(), g.pieces)));
    if lines.is_empty() {
        return Ok(());
    }
    let field_of = |code: &str| {
        goods.iter().find(|g| g.sku_code.trim().eq_ignore_ascii_case(code)).map(|g| g.field.clone()).unwrap_or_default()
    };
    let codes: Vec<&str> = lines.iter().map(|(c, _)| c.as_str()).collect();
    let mut skus: Vec<(String, String)> = on_tx!(tx, |c| k::table
        .filter(k::tenant_id.eq(tenant_id))
        .filter(k::customer_id.eq(customer_id))
        .filter(k::sku_code.eq_any(&codes))
        .select((k::id, k::sku_code))
        .load(c)
        .await?);
    if let Some((code, _)) = lines.iter().find(|(code, _)| !skus.iter().any(|(_, c)| c == code)) {
        return Err(AppError::field(&field_of(code), MessageKey::WmsSkuNotStored).with("sku", code.clone()));
    }
    // One reservation of a SKU at a time: the others wait here, then see what it left.
    skus.sort();
    for (id, _) in &skus {
        on_tx!(tx, |c| diesel::update(k::table.filter(k::id.eq(id))).set(k::sku_code.eq(k::sku_code)).execute(c).await?);
    }
    let sku_ids: Vec<&str> = skus.iter().map(|(id, _)| id.as_str()).collect();
    let rows: Vec<(String, String, String, String, i64)> = on_tx!(tx, |c| st::table
        .filter(st::sku_id.eq_any(&sku_ids))
        .filter(st::quantity.gt(st::allocated))
        .select((st::id, st::sku_id, st::location_id, st::location_code, st::quantity - st::allocated))
        .load(c)
        .await?);
    let location_ids: Vec<&str> = rows.iter().map(|r| r.2.as_str()).collect();
    let types: Vec<(String, String)> =
        on_tx!(tx, |c| l::table.filter(l::id.eq_any(&location_ids)).select((l::id, l::location_type)).load(c).await?);
    let type_of = |location: &str| types.iter().find(|(id, _)| id == location).map_or("", |(_, t)| t.as_str());
    let mut plan: Vec<(usize, &str, i64)> = Vec::new();
    for (code, wanted) in &lines {
        let Some((sku_id, _)) = skus.iter().find(|(_, c)| c == code) else { continue };
        let mine: Vec<usize> = (0..rows.len()).filter(|&i| rows[i].1 == *sku_id).collect();
        let slots: Vec<wms::Slot<'_>> = mine
            .iter()
            .map(|&i| wms::Slot { code: &rows[i].3, location_type: type_of(&rows[i].2), available: rows[i].4 })
            .collect();
        match wms::allocate(&slots, *wanted) {
            Ok(chosen) => plan.extend(chosen.into_iter().map(|(j, n)| (mine[j], code.as_str(), n))),
            Err(_) => {
                let available: i64 = slots.iter().filter(|s| wms::allocatable(s.location_type)).map(|s| s.available).sum();
                return Err(AppError::field(&field_of(code), MessageKey::WmsOrderShort)
                    .with("sku", code.clone())
                    .with("available", available.to_string())
                    .with("wanted", wanted.to_string()));
            }
        }
    }
    let touched: Vec<&str> = plan.iter().map(|(i, _, _)| rows[*i].2.as_str()).collect();
    ledger::lock_locations(tx, &touched).await?;
    plan.sort_by(|x, y| rows[x.0].0.cmp(&rows[y.0].0));
    for (i, code, n) in plan {
        let (stock_id, sku_id, location_id, location_code, _) = &rows[i];
        let held =
            on_tx!(tx, |c| diesel::update(st::table.filter(st::id.eq(stock_id)).filter((st::quantity - st::allocated).ge(n)))
                .set(st::allocated.eq(st::allocated + n))
                .execute(c)
                .await?);
        if held == 0 {
            // Taken by hand since it was read (a movement needs no SKU lock): nothing is kept.
            return Err(AppError::conflict(MessageKey::WmsStockShortAt)
                .with("sku", code.to_owned())
                .with("location", location_code.clone())
                .with("available", "0"));
        }
        on_tx!(tx, |c| diesel::insert_into(a::table)
            .values((
                a::id.eq(secrets::new_id()),
                a::tenant_id.eq(tenant_id),
                a::customer_id.eq(customer_id),
                a::shipment_id.eq(shipment_id),
                a::serial_number.eq(serial),
                a::sku_id.eq(sku_id),
                a::sku_code.eq(code),
                a::location_id.eq(location_id),
                a::location_code.eq(location_code),
                a::quantity.eq(n),
                a::status.eq("allocated"),
                a::create_time.eq(now),
            ))
            .execute(c)
            .await?);
    }
    Ok(())
}

/// Releases an order's reservation in the caller's transaction (its cancel). An order picked in
/// part or in full is no longer cancelled: its goods are off the shelf.
pub async fn release(tx: &mut Tx<'_>, shipment_id: &str, serial: &str) -> Result<(), AppError> {
    let open: Vec<(String, String, String, i64, String)> = on_tx!(tx, |c| a::table
        .filter(a::shipment_id.eq(shipment_id))
        .filter(a::status.ne("released"))
        .select((a::id, a::sku_id, a::location_id, a::quantity, a::status))
        .load(c)
        .await?);
    if open.iter().any(|x| x.4 == "picked") {
        return Err(AppError::conflict(MessageKey::WmsOrderPicked).with("serial", serial.to_owned()));
    }
    let touched: Vec<&str> = open.iter().map(|x| x.2.as_str()).collect();
    ledger::lock_locations(tx, &touched).await?;
    for (id, sku_id, location_id, n, _) in &open {
        let released = on_tx!(tx, |c| diesel::update(a::table.filter(a::id.eq(id)).filter(a::status.eq("allocated")))
            .set(a::status.eq("released"))
            .execute(c)
            .await?);
        if released == 0 {
            return Err(AppError::conflict(MessageKey::WmsOrderPicked).with("serial", serial.to_owned()));
        }
        on_tx!(tx, |c| diesel::update(
            st::table.filter(st::sku_id.eq(sku_id)).filter(st::location_id.eq(location_id)).filter(st::allocated.ge(*n))
        )
        .set(st::allocated.eq(st::allocated - *n))
        .execute(c)
        .await?);
    }
    Ok(())
}

/// The lines of an order still on the shelf (intake refuses the order while there are any).
pub async fn unpicked_on(tx: &mut Tx<'_>, shipment_id: &str) -> Result<i64, AppError> {
    Ok(on_tx!(tx, |c| a::table
        .filter(a::shipment_id.eq(shipment_id))
        .filter(a::status.eq("allocated"))
        .count()
        .get_result(c)
        .await?))
}

/// A line of a pick list: pieces of one SKU at one location for one order.
#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = a)]
#[serde(rename_all = "camelCase")]
pub struct WmsPickRecord {
    pub id: String,
    pub customer_id: String,
    pub shipment_id: String,
    pub serial_number: String,
    pub sku_id: String,
    pub sku_code: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub name_zh: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub name_en: Option<String>,
    /// The SKU's barcode, for the scanner.
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub barcode: Option<String>,
    pub location_id: String,
    pub location_code: String,
    pub quantity: i64,
    /// allocated, picked, released.
    pub status: String,
    pub picked_by: Option<String>,
    pub picked_time: Option<DateTime>,
    pub create_time: DateTime,
}

pub struct WmsPicks;

impl Resource for WmsPicks {
    const PATH: &'static str = "/wms/pick";
    const PERMISSION: &'static str = "wms:pick";
    const NOUN: &'static str = "pick line";
    const PLURAL: &'static str = "pick lines";
    const TABLE: &'static str = "wms_allocation";
    const SCOPE: Scope = Scope::Customer;
    const SELECT: &'static str = "*, \
        (SELECT k.name_zh FROM wms_sku k WHERE k.id = wms_allocation.sku_id) AS name_zh, \
        (SELECT k.name_en FROM wms_sku k WHERE k.id = wms_allocation.sku_id) AS name_en, \
        (SELECT k.barcode FROM wms_sku k WHERE k.id = wms_allocation.sku_id) AS barcode";
    const FIELDS: &'static [Field] = &[
        Field::text("locationCode", "location_code").sortable().titled(MessageKey::FieldWmsLocation),
        Field::text("skuCode", "sku_code").sortable().titled(MessageKey::FieldSku),
        Field::text("nameZh", "name_zh").titled(MessageKey::FieldNameZh),
        Field::text("nameEn", "name_en").titled(MessageKey::FieldNameEn),
        Field::text("barcode", "barcode").titled(MessageKey::FieldWmsBarcode),
        Field::big("quantity", "quantity").sortable().titled(MessageKey::FieldQuantity),
        Field::text("serialNumber", "serial_number").sortable().titled(MessageKey::FieldSerialNumber),
        Field::text("status", "status").sortable().titled(MessageKey::FieldWmsPickStatus),
        Field::text("pickedBy", "picked_by").titled(MessageKey::FieldOperator),
        Field::time("pickedTime", "picked_time").sortable().titled(MessageKey::FieldTime),
        Field::time("createTime", "create_time").sortable(),
        Field::text("shipmentId", "shipment_id"),
        Field::text("skuId", "sku_id"),
        Field::text("locationId", "location_id"),
        Field::text("customerId", "customer_id"),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like_upper("keyWord", &["serial_number", "sku_code", "location_code"], "Order, SKU or location, substring."),
        Filter::one_of("status", &["status"], PICK_STATUSES, Kind::Text, "allocated, picked or released."),
        Filter::exact("serialNumber", &["serial_number"], "One order's number."),
        Filter::exact("shipmentId", &["shipment_id"], "One order's id."),
        Filter::exact("customerId", &["customer_id"], "Staff: the customer's id."),
        Filter::time_from("createTime_begin", &["create_time"], "Allocated at or after."),
        Filter::time_until("createTime_end", &["create_time"], "Up to."),
    ];
    /// The walk through the warehouse: location by location.
    const DEFAULT_SORT: (&'static str, Order) = ("locationCode", Order::Asc);
    const DATA_RULES: bool = false;

    crate::read_only!(WmsPickRecord, |r| format!("{} {} @ {}", r.serial_number, r.sku_code, r.location_code));
}

/// An order's pick list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WmsPickOrder {
    pub shipment_id: String,
    pub serial_number: String,
    pub shipment_status: String,
    /// Lines still on the shelf.
    pub open: usize,
    pub lines: Vec<WmsPickRecord>,
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct WmsPickQuery {
    /// The order's number or system tracking number, as scanned.
    #[serde(default)]
    pub number: String,
}

/// The WMS order a scanned number names, in the caller's reach: (id, serial, status).
async fn order_of(state: &AppState, me: &CurrentUser, number: &str) -> Result<(String, String, String), AppError> {
    let number = number.trim().to_ascii_uppercase();
    let unknown = || AppError::field("number", MessageKey::InboundUnknown).with("number", number.clone());
    if number.is_empty() || number.len() > 64 {
        return Err(unknown());
    }
    let tenant = me.tenant_id;
    let customer = customer_of(me);
    let found: Option<(String, String, String, String)> = with_conn!(&state.db, |conn| {
        let mut q = s::table
            .filter(s::tenant_id.eq(tenant))
            .filter(s::shipment_type.eq("WMS"))
            .filter(s::serial_number.eq(&number).or(s::sys_track_no.eq(&number)))
            .select((s::id, s::serial_number, s::shipment_status, s::customer_id))
            .into_boxed();
        if let Some(c) = &customer {
            q = q.filter(s::customer_id.eq(c));
        }
        q.first(conn).await.optional()?
    });
    let (id, serial, status, _) = found.ok_or_else(unknown)?;
    Ok((id, serial, status))
}

async fn pick_order(
    state: &AppState,
    me: &CurrentUser,
    id: String,
    serial: String,
    status: String,
) -> Result<WmsPickOrder, AppError> {
    let mut conditions = Sql::new(" AND shipment_id = ");
    conditions.bind(Value::Text(id.clone()));
    conditions.push(" AND status <> 'released'");
    let lines = all::<WmsPicks>(state, me, conditions, " ORDER BY location_code, sku_code").await?;
    Ok(WmsPickOrder {
        shipment_id: id,
        serial_number: serial,
        shipment_status: status,
        open: lines.iter().filter(|l| l.status == "allocated").count(),
        lines,
    })
}

/// A WMS order's pick list, by its scanned number.
#[utoipa::path(get, path = "/wms/pick/queryByNumber", tag = "wms", params(WmsPickQuery),
    responses((status = 200, body = crate::platform::http::Envelope<WmsPickOrder>), (status = 400, description = "No such WMS order"), (status = 403)))]
pub async fn query_by_number(Caller(state, me): Caller, ApiQuery(q): ApiQuery<WmsPickQuery>) -> ApiResult<WmsPickOrder> {
    grants::require(&state, &me, "wms:pick:list").await?;
    let (id, serial, status) = order_of(&state, &me, &q.number).await?;
    ok(pick_order(&state, &me, id, serial, status).await?)
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WmsPickForm {
    /// The order's number or system tracking number.
    #[serde(default)]
    pub number: String,
    /// The lines picked (ids, comma-separated); none: every line still on the shelf.
    pub ids: Option<String>,
}

/// Staff confirm lines of an order's pick list as taken off the shelf: each through the ledger
/// (`out`, the order's number), its allocation with it, in one transaction. A line picked
/// already is skipped; an order with nothing left to pick, or no longer submitted, is refused.
#[utoipa::path(post, path = "/wms/pick/confirm", tag = "wms", request_body = WmsPickForm,
    responses((status = 200, body = crate::platform::http::Envelope<WmsPickOrder>),
        (status = 400, description = "No such WMS order"), (status = 403),
        (status = 409, description = "Nothing left to pick; the order was cancelled")))]
pub async fn confirm(Caller(state, me): Caller, ApiJson(form): ApiJson<WmsPickForm>) -> ApiResult<WmsPickOrder> {
    grants::require(&state, &me, "wms:pick:confirm").await?;
    if customer_of(&me).is_some() {
        return Err(AppError::forbidden());
    }
    let (id, serial, status) = order_of(&state, &me, &form.number).await?;
    let chosen: Option<Vec<String>> = form
        .ids
        .as_deref()
        .map(|ids| ids.split(',').map(str::trim).filter(|x| !x.is_empty()).map(str::to_owned).collect())
        .filter(|ids: &Vec<String>| !ids.is_empty());
    let now = Utc::now().naive_utc();
    let operator = me.user.username.clone();
    let tenant = me.tenant_id;
    transaction!(data: &state.db, |tx| {
        let current: String = on_tx!(tx, |c| s::table.filter(s::id.eq(&id)).select(s::shipment_status).first(c).await?);
        let mut open: Vec<(String, String, String, String, String, String, i64)> = on_tx!(tx, |c| a::table
            .filter(a::shipment_id.eq(&id))
            .filter(a::status.eq("allocated"))
            .select((a::id, a::customer_id, a::sku_id, a::sku_code, a::location_id, a::location_code, a::quantity))
            .load(c)
            .await?);
        if let Some(ids) = &chosen {
            open.retain(|x| ids.contains(&x.0));
        }
        if open.is_empty() || current != "submitted" {
            return Err(AppError::conflict(MessageKey::WmsNothingToPick).with("serial", serial.clone()));
        }
        let touched: Vec<&str> = open.iter().map(|x| x.4.as_str()).collect();
        ledger::lock_locations(tx, &touched).await?;
        let cause =
            Cause { kind: "out", reason: None, ref_type: "order", ref_no: Some(&serial), remark: None, operator: &operator };
        let mut picked = 0;
        for (line, customer_id, sku_id, sku_code, location_id, location_code, n) in &open {
            let mine = on_tx!(tx, |c| diesel::update(a::table.filter(a::id.eq(line)).filter(a::status.eq("allocated")))
                .set((a::status.eq("picked"), a::picked_by.eq(&operator), a::picked_time.eq(now)))
                .execute(c)
                .await?);
            if mine == 0 {
                continue;
            }
            let slot = Slot { tenant_id: tenant, customer_id, sku_id, sku_code, location_id, location_code };
            ledger::pick(tx, &slot, *n, &cause).await?;
            picked += 1;
        }
        // Picked meanwhile by someone else (they waited on the same rows): this pick did nothing.
        if picked == 0 {
            return Err(AppError::conflict(MessageKey::WmsNothingToPick).with("serial", serial.clone()));
        }
        Ok::<(), AppError>(())
    })?;
    ok(pick_order(&state, &me, id, serial, status).await?)
}

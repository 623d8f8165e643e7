//! Orders as carrier files list them (core's `waybill::Line`), read in a few queries for any
//! number of orders: the order and its consignee, its channel's carrier service code, its
//! shipper, its first declared goods, its parcels and the carrier numbers issued for them.
//! Shared by waybill batches and WorldShip.

use std::collections::HashMap;

use diesel::QueryableByName;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Nullable, Text};
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::waybill::{Line, Parcel};

use crate::platform::db::schema::{logistics_channel as c, logistics_shipment as s};
use crate::platform::http::AppError;
use crate::platform::resource::sql::{Sql, Value};
use crate::shipment::orders::kilograms;
use crate::state::AppState;
use crate::with_conn;

/// An order as a file lists it, with what the server checks of it.
#[derive(Clone, Debug)]
pub struct Order {
    pub id: String,
    pub shipment_type: String,
    /// Whether the carrier numbered each of its parcels (a number it issued, not the system's).
    pub carrier_numbered: bool,
    pub line: Line,
}

#[derive(QueryableByName)]
struct Head {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = Text)]
    serial_number: String,
    #[diesel(sql_type = Text)]
    shipment_type: String,
    #[diesel(sql_type = Nullable<Text>)]
    track_no: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    sys_track_no: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    customer_code: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    fba_code: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    po_code: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    service: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    shipper: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    consignee_name: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    consignee_company: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    consignee_phone: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    consignee_country: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    consignee_state: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    consignee_city: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    consignee_postal_code: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    consignee_street: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    consignee_house: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    consignee_address1: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    consignee_address2: Option<String>,
    #[diesel(sql_type = Integer)]
    shipment_pieces: i32,
    #[diesel(sql_type = BigInt)]
    shipment_weight: i64,
    #[diesel(sql_type = BigInt)]
    declared_value: i64,
    #[diesel(sql_type = Text)]
    currency: String,
}

#[derive(QueryableByName)]
struct ParcelRow {
    #[diesel(sql_type = Text)]
    shipment_id: String,
    #[diesel(sql_type = Text)]
    serial_number: String,
    #[diesel(sql_type = Nullable<Text>)]
    sys_track_no: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    reference: Option<String>,
    #[diesel(sql_type = Text)]
    length: String,
    #[diesel(sql_type = Text)]
    width: String,
    #[diesel(sql_type = Text)]
    height: String,
    #[diesel(sql_type = Text)]
    weight: String,
    /// The carrier's live number for the parcel, if it issued one.
    #[diesel(sql_type = Nullable<Text>)]
    carrier_no: Option<String>,
}

#[derive(QueryableByName)]
struct Goods {
    #[diesel(sql_type = Text)]
    shipment_id: String,
    #[diesel(sql_type = Nullable<Text>)]
    fr_name: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    lc_name: Option<String>,
}

fn list(ids: &[String]) -> impl Iterator<Item = Value> + '_ {
    ids.iter().map(|i| Value::Text(i.clone()))
}

fn clean(v: Option<String>) -> String {
    v.map(|s| s.trim().to_owned()).unwrap_or_default()
}

/// The tenant's orders of `ids`, in the order of `ids` (ids not the tenant's are left out).
pub async fn read(state: &AppState, tenant_id: i32, ids: &[String]) -> Result<Vec<Order>, AppError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::new(
        "SELECT s.id, s.serial_number, s.shipment_type, s.track_no, s.sys_track_no, s.customer_code, s.fba_code, s.po_code, \
            (SELECT cs.code FROM logistics_channel ch JOIN logistics_carrier_service cs ON cs.id = ch.service_id \
              WHERE ch.id = s.channel_id) AS service, \
            (SELECT COALESCE(sh.company, sh.name) FROM logistics_shipper sh WHERE sh.id = s.shipper_id) AS shipper, \
            s.consignee_name, s.consignee_company, s.consignee_phone, s.consignee_country, s.consignee_state, s.consignee_city, \
            s.consignee_postal_code, s.consignee_street, s.consignee_house, s.consignee_address1, s.consignee_address2, \
            s.shipment_pieces, s.shipment_weight, s.declared_value, s.currency \
         FROM logistics_shipment s WHERE s.tenant_id = ",
    );
    sql.bind(tenant_id).push(" AND s.id IN ").bind_list(list(ids));
    let heads: Vec<Head> = with_conn!(&state.db, |c| sql.query().load(c).await?);
    let mut sql = Sql::new(
        "SELECT p.shipment_id, p.serial_number, p.sys_track_no, p.reference, p.length, p.width, p.height, p.weight, \
            (SELECT MIN(dn.track_no) FROM logistics_delivery_number dn \
              WHERE dn.shipment_parcel_id = p.id AND dn.void_time IS NULL) AS carrier_no \
         FROM logistics_shipment_parcel p WHERE p.tenant_id = ",
    );
    sql.bind(tenant_id).push(" AND p.shipment_id IN ").bind_list(list(ids)).push(" ORDER BY p.shipment_id, p.seq");
    let parcels: Vec<ParcelRow> = with_conn!(&state.db, |c| sql.query().load(c).await?);
    let mut sql = Sql::new(
        "SELECT g.shipment_id, g.fr_name, g.lc_name FROM logistics_shipment_product g \
         JOIN logistics_shipment_parcel p ON p.id = g.parcel_id WHERE g.tenant_id = ",
    );
    sql.bind(tenant_id).push(" AND g.shipment_id IN ").bind_list(list(ids)).push(" ORDER BY g.shipment_id, p.seq, g.seq");
    let goods: Vec<Goods> = with_conn!(&state.db, |c| sql.query().load(c).await?);
    let mut description: HashMap<&str, String> = HashMap::new();
    for g in &goods {
        let name = clean(g.fr_name.clone().filter(|n| !n.trim().is_empty()).or_else(|| g.lc_name.clone()));
        if !name.is_empty() {
            description.entry(g.shipment_id.as_str()).or_insert(name);
        }
    }
    let mut by_order: HashMap<&str, Vec<&ParcelRow>> = HashMap::new();
    for p in &parcels {
        by_order.entry(p.shipment_id.as_str()).or_default().push(p);
    }
    let mut orders: HashMap<String, Order> = HashMap::new();
    for h in heads {
        let rows = by_order.get(h.id.as_str()).cloned().unwrap_or_default();
        let order_no = clean(h.track_no.clone());
        let single = rows.len() == 1;
        let mut carrier_numbered = !rows.is_empty();
        let parcels: Vec<Parcel> = rows
            .iter()
            .map(|p| {
                // A lone parcel carries the order's carrier number when none was issued for it.
                let carrier = p.carrier_no.clone().or_else(|| (single && !order_no.is_empty()).then(|| order_no.clone()));
                carrier_numbered &= carrier.is_some();
                Parcel {
                    track_no: carrier.or_else(|| p.sys_track_no.clone()).unwrap_or_default(),
                    serial_number: p.serial_number.clone(),
                    reference: clean(p.reference.clone()),
                    weight: p.weight.clone(),
                    length: p.length.clone(),
                    width: p.width.clone(),
                    height: p.height.clone(),
                }
            })
            .collect();
        let address = [&h.consignee_street, &h.consignee_house, &h.consignee_address1, &h.consignee_address2]
            .into_iter()
            .map(|a| clean(a.clone()))
            .filter(|a| !a.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        let line = Line {
            serial_number: h.serial_number.clone(),
            track_no: if order_no.is_empty() { clean(h.sys_track_no) } else { order_no },
            reference: clean(h.customer_code),
            fba_code: clean(h.fba_code),
            po_code: clean(h.po_code),
            service: clean(h.service),
            shipper: clean(h.shipper),
            consignee: clean(h.consignee_name),
            company: clean(h.consignee_company),
            phone: clean(h.consignee_phone),
            country: clean(h.consignee_country),
            state: clean(h.consignee_state),
            city: clean(h.consignee_city),
            postal_code: clean(h.consignee_postal_code),
            address,
            pieces: i64::from(h.shipment_pieces),
            weight: kilograms(h.shipment_weight),
            declared_value: crate::wallet::money(h.declared_value, &h.currency),
            currency: h.currency,
            description: description.get(h.id.as_str()).cloned().unwrap_or_default(),
            parcels,
        };
        orders.insert(h.id.clone(), Order { id: h.id, shipment_type: h.shipment_type, carrier_numbered, line });
    }
    Ok(ids.iter().filter_map(|id| orders.remove(id)).collect())
}

/// An order as a batch or an export picks it.
#[derive(Clone, Debug, Queryable)]
pub struct Picked {
    pub id: String,
    pub serial_number: String,
    pub shipment_status: String,
    pub supplier_id: Option<String>,
}

/// The most orders one call takes.
pub const MAX_ORDERS: usize = 1000;

/// The tenant's orders named by id or by a number (serial, carrier or system tracking number),
/// once each, in the order given; the first one not found is refused naming it.
pub async fn pick(state: &AppState, tenant_id: i32, ids: &[String], numbers: &[String]) -> Result<Vec<Picked>, AppError> {
    let clean = |v: &[String]| -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for x in v.iter().map(|x| x.trim()).filter(|x| !x.is_empty()) {
            if !out.iter().any(|o| o == x) {
                out.push(x.to_owned());
            }
        }
        out
    };
    let (ids, numbers) = (clean(ids), clean(numbers));
    if ids.len() + numbers.len() > MAX_ORDERS {
        return Err(AppError::bad_request(MessageKey::WaybillBatchTooMany).with("max", MAX_ORDERS.to_string()));
    }
    if ids.is_empty() && numbers.is_empty() {
        return Ok(Vec::new());
    }
    type Row = (String, String, Option<String>, Option<String>, String, Option<String>);
    let rows: Vec<Row> = with_conn!(&state.db, |conn| s::table
        .left_join(c::table.on(c::id.nullable().eq(s::channel_id)))
        .filter(s::tenant_id.eq(tenant_id))
        .filter(
            s::id
                .eq_any(&ids)
                .or(s::serial_number.eq_any(&numbers))
                .or(s::track_no.eq_any(&numbers))
                .or(s::sys_track_no.eq_any(&numbers))
        )
        .select((s::id, s::serial_number, s::track_no, s::sys_track_no, s::shipment_status, c::supplier_id.nullable()))
        .load(conn)
        .await?);
    let mut picked: Vec<Picked> = Vec::new();
    let mut take = |row: &Row| {
        if !picked.iter().any(|p| p.id == row.0) {
            picked.push(Picked {
                id: row.0.clone(),
                serial_number: row.1.clone(),
                shipment_status: row.4.clone(),
                supplier_id: row.5.clone(),
            });
        }
    };
    for id in &ids {
        let row = rows
            .iter()
            .find(|r| &r.0 == id)
            .ok_or_else(|| AppError::conflict(MessageKey::DispatchUnknownOrder).with("serial", id.clone()))?;
        take(row);
    }
    for n in &numbers {
        let row = rows
            .iter()
            .find(|r| &r.1 == n || r.2.as_ref() == Some(n) || r.3.as_ref() == Some(n))
            .ok_or_else(|| AppError::conflict(MessageKey::DispatchUnknownOrder).with("serial", n.clone()))?;
        take(row);
    }
    Ok(picked)
}

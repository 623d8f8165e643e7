//! Which orders a pasted number names: an order's serial number, tracking number or system
//! tracking number, a parcel's serial number, system tracking number or reference, a delivery
//! number issued to it (or the carrier's own id of that number), and (signed in) the customer's
//! own order number. Each number is compared
//! as given and upper-cased, through the indexes of those columns, in a handful of statements
//! whatever the count.

use std::collections::{HashMap, HashSet};

use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use crate::platform::db::schema::{logistics_delivery_number as dn, logistics_shipment as s, logistics_shipment_parcel as p};
use crate::platform::http::AppError;
use crate::state::AppState;
use crate::with_conn;

/// Whose orders a lookup may find: the public page all (`tenant_id` none), a signed-in user the
/// tenant's (a customer its own), a carrier's webhook its supplier's tenant.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reach<'a> {
    pub tenant_id: Option<i32>,
    pub customer_id: Option<&'a str>,
    /// The customer's own order number counts (signed in only: it is unique per customer alone).
    pub customer_code: bool,
    /// The last-mile carriers' numbers alone (the out-track search): an order's tracking number
    /// and its delivery numbers, with the carriers' own ids of them.
    pub carrier_only: bool,
}

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = s)]
pub struct Order {
    pub id: String,
    pub tenant_id: i32,
    pub customer_id: String,
    pub shipment_type: String,
    pub serial_number: String,
    pub customer_code: Option<String>,
    pub sys_track_no: Option<String>,
    pub track_no: Option<String>,
    pub shipment_status: String,
    pub shipment_pieces: i32,
    pub consignee_country: Option<String>,
}

/// An order a number named, and the parcel when the number is a parcel's.
#[derive(Clone, Debug)]
pub struct Hit {
    pub order: Order,
    /// The parcel's id and serial number.
    pub parcel: Option<(String, String)>,
}

/// Most orders one number may name (a reference several customers share).
const HITS_PER_NUMBER: usize = 5;

fn same(stored: Option<&str>, number: &str) -> bool {
    stored.is_some_and(|s| s.eq_ignore_ascii_case(number))
}

/// Each number's orders, newest first (numbers that name none are absent).
pub async fn lookup(state: &AppState, reach: Reach<'_>, numbers: &[String]) -> Result<HashMap<String, Vec<Hit>>, AppError> {
    let mut variants: Vec<String> = Vec::with_capacity(numbers.len() * 2);
    for n in numbers {
        for v in [n.clone(), n.to_ascii_uppercase()] {
            if !variants.contains(&v) {
                variants.push(v);
            }
        }
    }
    if variants.is_empty() {
        return Ok(HashMap::new());
    }
    let orders: Vec<Order> = with_conn!(&state.db, |conn| {
        let mut q = if reach.carrier_only {
            s::table.filter(s::track_no.eq_any(&variants)).into_boxed()
        } else {
            s::table
                .filter(
                    s::serial_number.eq_any(&variants).or(s::track_no.eq_any(&variants)).or(s::sys_track_no.eq_any(&variants)),
                )
                .into_boxed()
        };
        if reach.customer_code {
            q = q.or_filter(s::customer_code.eq_any(&variants));
        }
        if let Some(t) = reach.tenant_id {
            q = q.filter(s::tenant_id.eq(t));
        }
        if let Some(c) = reach.customer_id {
            q = q.filter(s::customer_id.eq(c));
        }
        q.select(Order::as_select()).order(s::create_time.desc()).limit(1000).load(conn).await?
    });
    type ParcelRow = (String, String, String, Option<String>, Option<String>);
    let parcels: Vec<ParcelRow> = if reach.carrier_only {
        Vec::new()
    } else {
        with_conn!(&state.db, |conn| {
            let mut q = p::table
                .filter(
                    p::serial_number.eq_any(&variants).or(p::sys_track_no.eq_any(&variants)).or(p::reference.eq_any(&variants)),
                )
                .into_boxed();
            if let Some(t) = reach.tenant_id {
                q = q.filter(p::tenant_id.eq(t));
            }
            q.select((p::id, p::shipment_id, p::serial_number, p::sys_track_no, p::reference)).limit(1000).load(conn).await?
        })
    };
    type NumberRow = (String, Option<String>, String, Option<String>);
    let delivered: Vec<NumberRow> = with_conn!(&state.db, |conn| {
        let mut q = dn::table.filter(dn::track_no.eq_any(&variants).or(dn::third_id.eq_any(&variants))).into_boxed();
        if let Some(t) = reach.tenant_id {
            q = q.filter(dn::tenant_id.eq(t));
        }
        if let Some(c) = reach.customer_id {
            q = q.filter(dn::customer_id.eq(c));
        }
        q.select((dn::track_no, dn::third_id, dn::shipment_id, dn::shipment_parcel_id)).limit(1000).load(conn).await?
    });
    // The orders the parcels and delivery numbers name, in reach.
    let mut by_id: HashMap<String, Order> = orders.iter().map(|o| (o.id.clone(), o.clone())).collect();
    let missing: HashSet<String> = parcels
        .iter()
        .map(|r| r.1.clone())
        .chain(delivered.iter().map(|r| r.2.clone()))
        .filter(|id| !by_id.contains_key(id))
        .collect();
    if !missing.is_empty() {
        let missing: Vec<String> = missing.into_iter().collect();
        let more: Vec<Order> = with_conn!(&state.db, |conn| {
            let mut q = s::table.filter(s::id.eq_any(&missing)).into_boxed();
            if let Some(t) = reach.tenant_id {
                q = q.filter(s::tenant_id.eq(t));
            }
            if let Some(c) = reach.customer_id {
                q = q.filter(s::customer_id.eq(c));
            }
            q.select(Order::as_select()).load(conn).await?
        });
        by_id.extend(more.into_iter().map(|o| (o.id.clone(), o)));
    }
    // Parcel serial numbers of the delivery numbers that name a parcel.
    let parcel_ids: Vec<String> = delivered.iter().filter_map(|r| r.3.clone()).collect();
    let parcel_serials: HashMap<String, String> = if parcel_ids.is_empty() {
        HashMap::new()
    } else {
        let rows: Vec<(String, String)> = with_conn!(&state.db, |conn| {
            p::table.filter(p::id.eq_any(&parcel_ids)).select((p::id, p::serial_number)).load(conn).await?
        });
        rows.into_iter().collect()
    };

    let mut found: HashMap<String, Vec<Hit>> = HashMap::new();
    for number in numbers {
        let mut hits: Vec<Hit> = Vec::new();
        let mut push = |hit: Hit| {
            if hits.len() < HITS_PER_NUMBER && !hits.iter().any(|h| h.order.id == hit.order.id) {
                hits.push(hit);
            }
        };
        for o in &orders {
            if same(Some(&o.serial_number), number)
                || same(o.track_no.as_deref(), number)
                || same(o.sys_track_no.as_deref(), number)
                || (reach.customer_code && same(o.customer_code.as_deref(), number))
            {
                push(Hit { order: o.clone(), parcel: None });
            }
        }
        for (id, shipment_id, serial, sys_track, reference) in &parcels {
            if (same(Some(serial), number) || same(sys_track.as_deref(), number) || same(reference.as_deref(), number))
                && let Some(o) = by_id.get(shipment_id)
            {
                push(Hit { order: o.clone(), parcel: Some((id.clone(), serial.clone())) });
            }
        }
        for (track_no, third_id, shipment_id, parcel_id) in &delivered {
            if (same(Some(track_no), number) || same(third_id.as_deref(), number))
                && let Some(o) = by_id.get(shipment_id)
            {
                let parcel = parcel_id.as_ref().and_then(|id| parcel_serials.get(id).map(|serial| (id.clone(), serial.clone())));
                push(Hit { order: o.clone(), parcel });
            }
        }
        if !hits.is_empty() {
            found.insert(number.clone(), hits);
        }
    }
    Ok(found)
}

//! Change label / label scan swap (`/logistics/labelSwap/*`): a parcel's label is damaged or its
//! number must change; the old number is scanned (its check digit verified by core, under the
//! scheme of the segment that issued it, else the scheme its shape names), the parcel gets a new
//! number (the channel's next segment number, else a new system tracking number) and its order
//! prints again. Every swap is kept and searchable by either number; old numbers are never issued
//! again (segments and counters only count up).

use chrono::Utc;
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::check_digit::{self, Scheme};
use logistics_core::{MessageKey, shipment};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::carrier::number_segments;
use crate::platform::caller::Caller;
use crate::platform::db::schema::{
    logistics_delivery_number, logistics_label_swap, logistics_number_segment, logistics_shipment, logistics_shipment_parcel,
};
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiResult, AppError, ok};
use crate::platform::resource::form::optional;
use crate::platform::resource::handlers::read;
use crate::platform::resource::{Field, Filter, Resource, Scope, customer_of};
use crate::platform::secrets;
use crate::shipment::orders::{Shipments, numbers};
use crate::state::AppState;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{on_tx, transaction, with_conn};

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = logistics_label_swap)]
#[serde(rename_all = "camelCase")]
pub struct LabelSwapRecord {
    pub id: String,
    pub customer_id: String,
    pub shipment_id: String,
    pub shipment_parcel_id: Option<String>,
    /// The order's number.
    pub serial_number: String,
    pub old_no: String,
    pub new_no: String,
    pub reason: Option<String>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
}

pub struct LabelSwaps;

impl Resource for LabelSwaps {
    const PATH: &'static str = "/logistics/labelSwap";
    const PERMISSION: &'static str = "logistics:labelSwap";
    const NOUN: &'static str = "label swap";
    const PLURAL: &'static str = "labelSwaps";
    const TABLE: &'static str = "logistics_label_swap";
    const SCOPE: Scope = Scope::Customer;
    const FIELDS: &'static [Field] = &[
        Field::text("serialNumber", "serial_number").sortable().titled(MessageKey::FieldSerialNumber),
        Field::text("oldNo", "old_no").titled(MessageKey::FieldTrackNo),
        Field::text("newNo", "new_no").titled(MessageKey::FieldTrackNo),
        Field::text("reason", "reason").titled(MessageKey::FieldRemark),
        Field::text("customerId", "customer_id"),
        Field::text("shipmentId", "shipment_id"),
        Field::text("createBy", "create_by"),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::any_of(
            "numbers",
            &["old_no", "new_no", "serial_number"],
            500,
            "Old or new tracking numbers, or order numbers, pasted in bulk.",
        ),
        Filter::time_from("createTime_begin", &["create_time"], "Swapped at or after."),
        Filter::time_until("createTime_end", &["create_time"], "Swapped up to."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const HAS_CREATE_BY: bool = true;

    crate::read_only!(LabelSwapRecord, serial_number);
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwapForm {
    /// The scanned number: a carrier number or a system tracking number of a parcel.
    #[serde(default)]
    pub number: String,
    pub reason: Option<String>,
}

/// Where a scanned number lives: the order and parcel, and the delivery number row if it is a
/// carrier's (with the scheme of its segment).
struct Found {
    shipment_id: String,
    parcel_id: String,
    delivery: Option<(String, Scheme)>,
}

async fn find(state: &AppState, tenant: i32, customer: Option<&str>, number: &str) -> Result<Option<Found>, AppError> {
    use logistics_delivery_number as d;
    use logistics_shipment_parcel as p;
    let carrier: Option<(String, Option<String>, String, Option<String>)> = with_conn!(&state.db, |conn| {
        let mut q = d::table.filter(d::tenant_id.eq(tenant)).filter(d::track_no.eq(number)).into_boxed();
        if let Some(c) = customer {
            q = q.filter(d::customer_id.eq(c.to_owned()));
        }
        q.select((d::shipment_id, d::shipment_parcel_id, d::id, d::segment_id)).first(conn).await.optional()?
    });
    if let Some((shipment_id, parcel, row, segment)) = carrier {
        let scheme: Option<String> = match &segment {
            Some(s) => with_conn!(&state.db, |conn| {
                logistics_number_segment::table
                    .filter(logistics_number_segment::id.eq(s))
                    .select(logistics_number_segment::check_scheme)
                    .first(conn)
                    .await
                    .optional()?
            }),
            None => None,
        };
        let scheme = scheme.as_deref().and_then(Scheme::parse).unwrap_or_else(|| check_digit::scheme_of(number));
        return Ok(Some(Found { shipment_id, parcel_id: parcel.unwrap_or_default(), delivery: Some((row, scheme)) }));
    }
    let parcel: Option<(String, String)> = with_conn!(&state.db, |conn| {
        p::table
            .filter(p::tenant_id.eq(tenant))
            .filter(p::sys_track_no.eq(number))
            .select((p::shipment_id, p::id))
            .first(conn)
            .await
            .optional()?
    });
    Ok(parcel.map(|(shipment_id, parcel_id)| Found { shipment_id, parcel_id, delivery: None }))
}

/// Scans an old number and gives its parcel a new one (then print the order's labels again).
#[utoipa::path(post, path = "/logistics/labelSwap/swap", tag = "logistics", request_body = SwapForm,
    responses((status = 200, body = crate::platform::http::Envelope<LabelSwapRecord>), (status = 400, description = "Unknown number, wrong check digit, an order that no longer prints"), (status = 403)))]
pub async fn swap(Caller(state, me): Caller, ApiJson(form): ApiJson<SwapForm>) -> ApiResult<LabelSwapRecord> {
    grants::require(&state, &me, "logistics:labelSwap:add").await?;
    let number = form.number.trim().to_ascii_uppercase();
    if number.is_empty() {
        return Err(AppError::field("number", MessageKey::Required).with("field", format!("@{}", MessageKey::FieldTrackNo.key())));
    }
    let reason = optional("reason", MessageKey::FieldRemark, &form.reason, 200)?;
    let customer = customer_of(&me);
    let misread = || AppError::field("number", MessageKey::LabelSwapCheckDigit).with("number", number.clone());
    // A misread scan first: the scheme its shape names, then the issuing segment's.
    if !check_digit::is_valid(check_digit::scheme_of(&number), &number) {
        return Err(misread());
    }
    let unknown = || AppError::field("number", MessageKey::LabelSwapUnknown).with("number", number.clone());
    let found = find(&state, me.tenant_id, customer.as_deref(), &number).await?.ok_or_else(unknown)?;
    if let Some((_, scheme)) = &found.delivery
        && !check_digit::is_valid(*scheme, &number)
    {
        return Err(misread());
    }
    // The whole reach (sub-accounts' data rules too): another's order is an unknown number.
    let order = read::<Shipments>(&state, &me, &found.shipment_id).await.map_err(|_| unknown())?;
    shipment::selection(&[(order.serial_number.as_str(), order.shipment_status.as_str())], "print")?;
    let now = Utc::now().naive_utc();
    let counter = numbers::Counter::sys_track(me.tenant_id, 1)?.early(&state.db).await?;
    let id = secrets::new_id();
    let channel = order.channel_id.clone().unwrap_or_default();
    let new_no = transaction!(data: &state.db, |tx| {
        use logistics_shipment as s;
        let new_no = match &found.delivery {
            Some((row, _)) => {
                let allocated = number_segments::allocate_in(tx, me.tenant_id, &channel, 1).await?;
                let new_no = allocated.and_then(|a| a.numbers.into_iter().next());
                let Some(new_no) = new_no else {
                    return Err(AppError::bad_request(MessageKey::NumberSegmentExhausted));
                };
                on_tx!(tx, |c| diesel::update(logistics_delivery_number::table.filter(logistics_delivery_number::id.eq(row)))
                    .set(logistics_delivery_number::track_no.eq(&new_no))
                    .execute(c)
                    .await?);
                on_tx!(tx, |c| diesel::update(s::table.filter(s::id.eq(&order.id)).filter(s::track_no.eq(&number)))
                    .set(s::track_no.eq(&new_no))
                    .execute(c)
                    .await?);
                new_no
            }
            None => {
                let new_no = numbers::sys_track_numbers(counter.take(tx).await?).into_iter().next().unwrap_or_default();
                on_tx!(tx, |c| diesel::update(logistics_shipment_parcel::table.filter(logistics_shipment_parcel::id.eq(&found.parcel_id)))
                    .set(logistics_shipment_parcel::sys_track_no.eq(&new_no))
                    .execute(c)
                    .await?);
                on_tx!(tx, |c| diesel::update(s::table.filter(s::id.eq(&order.id)).filter(s::sys_track_no.eq(&number)))
                    .set(s::sys_track_no.eq(&new_no))
                    .execute(c)
                    .await?);
                new_no
            }
        };
        on_tx!(tx, |c| diesel::update(s::table.filter(s::id.eq(&order.id)))
            .set((s::print_status.eq("unprinted"), s::update_time.eq(now), s::update_by.eq(&me.user.username)))
            .execute(c)
            .await?);
        on_tx!(tx, |c| diesel::insert_into(logistics_label_swap::table)
            .values((
                logistics_label_swap::id.eq(&id),
                logistics_label_swap::tenant_id.eq(me.tenant_id),
                logistics_label_swap::customer_id.eq(&order.customer_id),
                logistics_label_swap::shipment_id.eq(&order.id),
                logistics_label_swap::shipment_parcel_id.eq(Some(&found.parcel_id).filter(|p| !p.is_empty())),
                logistics_label_swap::serial_number.eq(&order.serial_number),
                logistics_label_swap::old_no.eq(&number),
                logistics_label_swap::new_no.eq(&new_no),
                logistics_label_swap::reason.eq(&reason),
                logistics_label_swap::create_by.eq(&me.user.username),
                logistics_label_swap::create_time.eq(now),
            ))
            .execute(c)
            .await?);
        Ok(new_no)
    })?;
    // A carrier's label showed the old number: the next print fetches (or asks for) a new one.
    super::carrier_labels::forget(&state, &order.id).await?;
    let record = LabelSwapRecord {
        id,
        customer_id: order.customer_id,
        shipment_id: order.id,
        shipment_parcel_id: Some(found.parcel_id).filter(|p| !p.is_empty()),
        serial_number: order.serial_number,
        old_no: number,
        new_no,
        reason,
        create_by: Some(me.user.username.clone()),
        create_time: DateTime(now),
    };
    logs::added(&state.db, &me, "logistics:labelSwap:add", &record.serial_number, &record).await;
    ok(record)
}

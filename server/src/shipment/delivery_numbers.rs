//! Delivery numbers (`/logistics/deliveryNumber/*`): every tracking number issued to an order or a
//! parcel, from the channel's number segment at submission or from the carrier (its `thirdId` and
//! `thirdMark`), with the order's and parcel's numbers beside it. A ledger: read and exported,
//! never edited by hand. Staff void the numbers of cancelled orders
//! (`POST /logistics/deliveryNumber/void`): the carrier is told through its adapter, and the
//! number stays in the ledger, marked void, so it is never issued again.

use chrono::Utc;
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::carrier::adapters::{self, CancelRequest};
use crate::carrier::suppliers::credentials;
use crate::platform::caller::Caller;
use crate::platform::db::schema::{
    logistics_channel as c, logistics_delivery_number as dn, logistics_dispatch_item as di, logistics_shipment as s,
    logistics_supplier as sp,
};
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiResult, AppError, ok};
use crate::platform::resource::form::{optional, required};
use crate::platform::resource::{Field, Filter, Resource, Scope, customer_of};
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{transaction, with_conn};

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryNumberRecord {
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub id: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub customer_id: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub track_no: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub shipment_id: String,
    /// The order's serial number and type.
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub serial_number: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub shipment_type: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub shipment_parcel_id: Option<String>,
    /// The parcel's serial number (`…-001`), when the number is a parcel's.
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub parcel_serial_number: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub channel_product_id: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub channel_product_code: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub channel_id: Option<String>,
    /// The number segment it came from (none: the carrier issued it).
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub segment_id: Option<String>,
    /// The carrier's id for the number, and its remark.
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub third_id: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub third_mark: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Timestamp)]
    pub create_time: DateTime,
    /// When it was voided, by whom and why (none: in use).
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamp>)]
    pub void_time: Option<DateTime>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub void_by: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub void_reason: Option<String>,
}

pub struct DeliveryNumbers;

impl Resource for DeliveryNumbers {
    const PATH: &'static str = "/logistics/deliveryNumber";
    const PERMISSION: &'static str = "logistics:deliveryNumber";
    const NOUN: &'static str = "delivery number";
    const PLURAL: &'static str = "delivery numbers";
    const TABLE: &'static str = "logistics_delivery_number";
    const SCOPE: Scope = Scope::Customer;
    const SELECT: &'static str = "*, \
        (SELECT s.serial_number FROM logistics_shipment s WHERE s.id = logistics_delivery_number.shipment_id) AS serial_number, \
        (SELECT s.shipment_type FROM logistics_shipment s WHERE s.id = logistics_delivery_number.shipment_id) AS shipment_type, \
        (SELECT p.serial_number FROM logistics_shipment_parcel p \
            WHERE p.id = logistics_delivery_number.shipment_parcel_id) AS parcel_serial_number, \
        (SELECT cp.code FROM logistics_channel_product cp \
            WHERE cp.id = logistics_delivery_number.channel_product_id) AS channel_product_code";
    const FIELDS: &'static [Field] = &[
        Field::text("trackNo", "track_no").sortable().titled(MessageKey::FieldTrackNo),
        Field::computed("serialNumber").titled(MessageKey::FieldSerialNumber),
        Field::computed("parcelSerialNumber").titled(MessageKey::FieldParcel),
        Field::computed("channelProductCode").titled(MessageKey::FieldProduct),
        Field::text("thirdId", "third_id").titled(MessageKey::FieldThirdId),
        Field::text("thirdMark", "third_mark").titled(MessageKey::FieldRemark),
        Field::text("shipmentId", "shipment_id"),
        Field::text("customerId", "customer_id"),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
        Field::time("voidTime", "void_time"),
        Field::text("voidReason", "void_reason").titled(MessageKey::FieldVoidReason),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::any_of(
            "numbers",
            &["track_no", "third_id"],
            500,
            "Up to 500 tracking numbers, separated by spaces, line breaks or commas.",
        ),
        Filter::exact("shipmentId", &["shipment_id"], "One order's numbers."),
        Filter::exact("channelProductId", &["channel_product_id"], "The channel product's id."),
        Filter::exact("customerId", &["customer_id"], "Staff: the customer's id."),
        Filter::exact("segmentId", &["segment_id"], "The number segment's id."),
        Filter::present("voided", &["void_time"], "true: voided numbers only; false: numbers in use."),
        Filter::time_from("createTime_begin", &["create_time"], "Issued at or after (a date: from its start)."),
        Filter::time_until("createTime_end", &["create_time"], "Issued up to (a date: through its end)."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);

    crate::read_only!(DeliveryNumberRecord, track_no);
}

/// Numbers to void, and why.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoidForm {
    /// The numbers' ids (at most 500).
    #[serde(default)]
    pub ids: Vec<String>,
    #[serde(default)]
    pub reason: String,
}

/// How many numbers were voided.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Voided {
    pub voided: usize,
}

/// Voids numbers of cancelled orders, all or none: each carrier that speaks through an adapter
/// withdraws its number first (a refusal voids nothing). A number already void, a live order's or
/// a dispatched order's is refused, naming it.
#[utoipa::path(post, path = "/logistics/deliveryNumber/void", tag = "logistics", request_body = VoidForm,
    responses((status = 200, body = crate::platform::http::Envelope<Voided>), (status = 400), (status = 403), (status = 404),
        (status = 409, description = "void already, the order not cancelled or dispatched, the carrier refused")))]
pub async fn void(Caller(state, me): Caller, ApiJson(form): ApiJson<VoidForm>) -> ApiResult<Voided> {
    grants::require(&state, &me, "logistics:deliveryNumber:void").await?;
    if customer_of(&me).is_some() {
        return Err(AppError::forbidden());
    }
    let reason = required("reason", MessageKey::FieldVoidReason, &form.reason, 200)?;
    let mut ids: Vec<String> = form.ids.iter().map(|i| i.trim().to_owned()).filter(|i| !i.is_empty()).collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() || ids.len() > 500 {
        return Err(AppError::bad_request(MessageKey::SelectOne));
    }
    type Row = (String, String, Option<chrono::NaiveDateTime>, String, String, Option<String>, Option<String>);
    let rows: Vec<Row> = with_conn!(&state.db, |conn| dn::table
        .inner_join(s::table.on(s::id.eq(dn::shipment_id)))
        .left_join(c::table.on(c::id.nullable().eq(dn::channel_id)))
        .left_join(sp::table.on(sp::id.nullable().eq(c::supplier_id.nullable())))
        .filter(dn::tenant_id.eq(me.tenant_id))
        .filter(dn::id.eq_any(&ids))
        .select((
            dn::id,
            dn::track_no,
            dn::void_time,
            s::serial_number,
            s::shipment_status,
            sp::id.nullable(),
            sp::api_type.nullable()
        ))
        .load(conn)
        .await?);
    if rows.len() != ids.len() {
        return Err(AppError::not_found());
    }
    let shipments: Vec<String> = with_conn!(&state.db, |conn| dn::table
        .inner_join(di::table.on(di::shipment_id.eq(dn::shipment_id)))
        .filter(dn::id.eq_any(&ids))
        .select(dn::track_no)
        .load(conn)
        .await?);
    for (_, number, void_time, serial, status, _, _) in &rows {
        if void_time.is_some() {
            return Err(AppError::conflict(MessageKey::NumberVoided).with("number", number.clone()));
        }
        if shipments.contains(number) {
            return Err(AppError::conflict(MessageKey::NumberInDispatch).with("number", number.clone()));
        }
        if status != "cancelled" {
            return Err(AppError::conflict(MessageKey::NumberOrderLive)
                .with("number", number.clone())
                .with("serial", serial.clone()));
        }
    }
    for (_, number, _, _, _, supplier, api) in &rows {
        let (Some(supplier), Some(adapter)) = (supplier, api.as_deref().and_then(adapters::for_api_type)) else { continue };
        let request =
            CancelRequest { track_no: number.clone(), credentials: credentials::load(&state, me.tenant_id, supplier).await? };
        adapter.cancel(&request).await.map_err(|why| AppError::conflict(MessageKey::CarrierRefused).with("reason", why))?;
    }
    let now = Utc::now().naive_utc();
    let by = me.user.username.clone();
    let reason = optional("reason", MessageKey::FieldVoidReason, &Some(reason), 200)?;
    let voided = transaction!(data: &state.db, |tx| {
        let n = crate::on_tx!(tx, |c| diesel::update(dn::table.filter(dn::id.eq_any(&ids)).filter(dn::void_time.is_null()))
            .set((dn::void_time.eq(now), dn::void_by.eq(&by), dn::void_reason.eq(&reason)))
            .execute(c)
            .await?);
        if n != ids.len() {
            // A concurrent void took some of them: none of this one.
            return Err(AppError::conflict(MessageKey::NumberVoided).with("number", "-"));
        }
        Ok::<_, AppError>(n)
    })?;
    let numbers: Vec<&str> = rows.iter().map(|r| r.1.as_str()).collect();
    let target = numbers.join(", ");
    let before = serde_json::json!({ "numbers": numbers });
    let after = serde_json::json!({ "numbers": numbers, "voidReason": reason, "voidBy": by });
    logs::edited(&state.db, &me, "logistics:deliveryNumber:void", &target, &before, &after).await;
    ok(Voided { voided })
}

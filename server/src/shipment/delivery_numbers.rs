//! Delivery numbers (`/logistics/deliveryNumber/*`): every tracking number issued to an order or a
//! parcel, from the channel's number segment at submission or from the carrier (its `thirdId` and
//! `thirdMark`), with the order's and parcel's numbers beside it. A ledger: read and exported,
//! never edited by hand.

use diesel::QueryableByName;
use logistics_core::MessageKey;
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::resource::{Field, Filter, Resource, Scope};

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
        Filter::time_from("createTime_begin", &["create_time"], "Issued at or after (a date: from its start)."),
        Filter::time_until("createTime_end", &["create_time"], "Issued up to (a date: through its end)."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);

    crate::read_only!(DeliveryNumberRecord, track_no);
}

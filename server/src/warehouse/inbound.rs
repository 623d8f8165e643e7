//! Inbound parcels (`/logistics/inbound/*`): every parcel the warehouse received, once, with what
//! it measured and, on the parcel that completed its order, the order's hold, final charge and
//! re-weigh adjustment. Staff see the tenant's, a customer its own.

use diesel::QueryableByName;
use logistics_core::MessageKey;
use logistics_core::warehouse::INBOUND_STATUSES;
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::db::schema::logistics_inbound_parcel;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::resource::{Field, Filter, Kind, Readable, Resource, Scope};
use crate::wallet::money;

#[derive(QueryableByName)]
#[diesel(table_name = logistics_inbound_parcel)]
pub struct InboundRow {
    id: String,
    customer_id: String,
    shipment_id: String,
    shipment_parcel_id: String,
    serial_number: String,
    parcel_serial_number: String,
    scanned_no: String,
    track_no: Option<String>,
    sys_track_no: Option<String>,
    channel_product_id: Option<String>,
    channel_id: Option<String>,
    country: Option<String>,
    depot: Option<String>,
    inbound_status: String,
    length: String,
    width: String,
    height: String,
    weight: String,
    bulky: String,
    declared_weight: String,
    currency: Option<String>,
    held_amount: Option<i64>,
    charged_amount: Option<i64>,
    adjustment: Option<i64>,
    remark: Option<String>,
    package_id: Option<String>,
    package_no: Option<String>,
    create_by: Option<String>,
    create_time: DateTime,
    update_time: Option<DateTime>,
}

/// A parcel the warehouse received.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InboundParcelRecord {
    pub id: String,
    pub customer_id: String,
    pub shipment_id: String,
    pub shipment_parcel_id: String,
    /// The order's number.
    pub serial_number: String,
    pub parcel_serial_number: String,
    /// The number scanned, as read.
    pub scanned_no: String,
    pub track_no: Option<String>,
    pub sys_track_no: Option<String>,
    pub channel_product_id: Option<String>,
    pub channel_id: Option<String>,
    /// The destination country.
    pub country: Option<String>,
    /// The Amazon warehouse (FBA code).
    pub depot: Option<String>,
    /// received.
    pub inbound_status: String,
    /// Measured, cm (decimal text).
    pub length: String,
    pub width: String,
    pub height: String,
    /// Measured, kg.
    pub weight: String,
    /// The volume weight of the measured dimensions, kg.
    pub bulky: String,
    /// The weight the customer declared, kg.
    pub declared_weight: String,
    /// On the parcel that completed its order: the currency, the hold, the final charge and the
    /// difference (positive: charged more; negative: refunded).
    pub currency: Option<String>,
    pub held_amount: Option<String>,
    pub charged_amount: Option<String>,
    pub adjustment: Option<String>,
    pub remark: Option<String>,
    /// The outbound package it was sorted into.
    pub package_id: Option<String>,
    pub package_no: Option<String>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

impl Readable for InboundParcelRecord {
    type Row = InboundRow;

    fn from_row(r: InboundRow) -> InboundParcelRecord {
        let currency = r.currency.clone().unwrap_or_default();
        let amount = |v: Option<i64>| v.map(|v| money(v, &currency));
        InboundParcelRecord {
            held_amount: amount(r.held_amount),
            charged_amount: amount(r.charged_amount),
            adjustment: amount(r.adjustment),
            id: r.id,
            customer_id: r.customer_id,
            shipment_id: r.shipment_id,
            shipment_parcel_id: r.shipment_parcel_id,
            serial_number: r.serial_number,
            parcel_serial_number: r.parcel_serial_number,
            scanned_no: r.scanned_no,
            track_no: r.track_no,
            sys_track_no: r.sys_track_no,
            channel_product_id: r.channel_product_id,
            channel_id: r.channel_id,
            country: r.country,
            depot: r.depot,
            inbound_status: r.inbound_status,
            length: r.length,
            width: r.width,
            height: r.height,
            weight: r.weight,
            bulky: r.bulky,
            declared_weight: r.declared_weight,
            currency: r.currency,
            remark: r.remark,
            package_id: r.package_id,
            package_no: r.package_no,
            create_by: r.create_by,
            create_time: r.create_time,
            update_time: r.update_time,
        }
    }
}

pub struct InboundParcels;

impl Resource for InboundParcels {
    const PATH: &'static str = "/logistics/inbound";
    const PERMISSION: &'static str = "logistics:inbound";
    const NOUN: &'static str = "inbound parcel";
    const PLURAL: &'static str = "inboundParcels";
    const TABLE: &'static str = "logistics_inbound_parcel";
    const SCOPE: Scope = Scope::Customer;
    const FIELDS: &'static [Field] = &[
        Field::text("serialNumber", "serial_number").sortable().titled(MessageKey::FieldSerialNumber),
        Field::text("parcelSerialNumber", "parcel_serial_number").titled(MessageKey::FieldParcel),
        Field::text("scannedNo", "scanned_no").titled(MessageKey::FieldScannedNo),
        Field::text("sysTrackNo", "sys_track_no").titled(MessageKey::FieldSysTrackNo),
        Field::text("trackNo", "track_no").titled(MessageKey::FieldTrackNo),
        Field::text("country", "country").titled(MessageKey::FieldCountry),
        Field::text("depot", "depot").titled(MessageKey::FieldFbaCode),
        Field::text("channelProductId", "channel_product_id"),
        Field::text("inboundStatus", "inbound_status").titled(MessageKey::FieldState),
        Field::text("length", "length").titled(MessageKey::FieldLength),
        Field::text("width", "width").titled(MessageKey::FieldWidth),
        Field::text("height", "height").titled(MessageKey::FieldHeight),
        Field::text("weight", "weight").titled(MessageKey::FieldWeight),
        Field::text("bulky", "bulky").titled(MessageKey::FieldBulky),
        Field::text("declaredWeight", "declared_weight").titled(MessageKey::FieldDeclaredWeight),
        Field::text("currency", "currency").titled(MessageKey::FieldCurrency),
        Field::big("adjustment", "adjustment").titled(MessageKey::FieldReweigh),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::text("packageNo", "package_no").titled(MessageKey::FieldPackageNo),
        Field::text("createBy", "create_by").titled(MessageKey::FieldOperator),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::any_of(
            "numbers",
            &["scanned_no", "sys_track_no", "track_no", "serial_number", "parcel_serial_number"],
            500,
            "Scanned, tracking or system tracking numbers, order or parcel numbers, pasted in bulk.",
        ),
        Filter::one_of("inboundStatus", &["inbound_status"], INBOUND_STATUSES, Kind::Text, "received."),
        Filter::exact("country", &["country"], "Destination country code."),
        Filter::exact("packageNo", &["package_no"], "The outbound package it is in."),
        Filter::exact("channelProductId", &["channel_product_id"], "The order's channel product."),
        Filter::like("createBy", &["create_by"], "Who received it, substring."),
        Filter::time_from("createTime_begin", &["create_time"], "Received at or after."),
        Filter::time_until("createTime_end", &["create_time"], "Received up to."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const HAS_CREATE_BY: bool = true;

    crate::read_only!(InboundParcelRecord, serial_number);
}

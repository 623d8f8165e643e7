//! Shipment orders (`/logistics/shipment/*`, `docs/api/shipments.md`): a customer's B2B, B2C, FBA
//! and WMS orders. The resource layer serves the list (status, print status, type, country,
//! product, dates, numbers pasted in bulk; keyset paging) and the export; the rest is written
//! here: the order with its parcels and goods ([`write`]), its money and numbers ([`submit`]),
//! what the list shows beside it ([`counts`]). The lifecycle is core's (`shipment::next`).

pub mod counts;
pub mod form;
pub mod import;
pub mod numbers;
pub mod references;
pub mod submit;
pub mod write;

use diesel::QueryableByName;
use diesel::prelude::*;
use diesel::sql_types::{Nullable, Text};
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::shipment::{PRINT_STATUSES, STATUSES, TYPES};
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::db::prepared::Keep;
use crate::platform::db::schema::{logistics_channel_product, logistics_shipment, sys_user};
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{AppError, current_lang};
use crate::platform::resource::sql::CACHED_LIST;
use crate::platform::resource::{Field, Filter, Kind, Readable, Resource, Scope, Tally};
use crate::state::AppState;
use crate::with_conn;

/// The permission codes of the order pages: staff's order management lists every type; the
/// customers' pages one type each.
pub const PERMISSION: &str = "logistics:shipment";
pub const TYPE_PAGES: &[&str] =
    &["logistics:shipment:b2b", "logistics:shipment:b2c", "logistics:shipment:fba", "logistics:shipment:wms"];

/// Pages that list orders across types: the type pages and staff's WorldShip page.
const LISTED_BY: &[&str] = &[
    "logistics:shipment:b2b",
    "logistics:shipment:b2c",
    "logistics:shipment:fba",
    "logistics:shipment:wms",
    "logistics:worldShip:list",
];

/// How many numbers one bulk search takes.
pub const MAX_NUMBERS: usize = 500;

/// An order's row as the list reads it.
#[derive(QueryableByName)]
#[diesel(table_name = logistics_shipment)]
pub struct ShipmentRow {
    id: String,
    customer_id: String,
    shipment_type: String,
    serial_number: String,
    customer_code: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    fba_code: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    po_code: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    company: Option<String>,
    sys_track_no: Option<String>,
    track_no: Option<String>,
    channel_product_id: Option<String>,
    channel_id: Option<String>,
    user_depot_id: Option<String>,
    shipper_id: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    predict_batch_id: Option<String>,
    order_method: String,
    shipment_resource: String,
    shipment_status: String,
    print_status: String,
    #[diesel(sql_type = Nullable<Text>)]
    print_message: Option<String>,
    #[diesel(sql_type = Nullable<diesel::sql_types::Timestamp>)]
    print_time: Option<DateTime>,
    #[diesel(sql_type = diesel::sql_types::Integer)]
    print_count: i32,
    location_status: String,
    shipment_pieces: i32,
    shipment_weight: i64,
    declared_value: i64,
    currency: String,
    deduct_amount: Option<i64>,
    deduct_currency: Option<String>,
    rate_version: Option<String>,
    chargeable_weight: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    consignee_name: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    consignee_phone: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    consignee_email: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    consignee_company: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    consignee_tax_number: Option<String>,
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
    #[diesel(sql_type = Nullable<Text>)]
    consignee_remark: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    remark: Option<String>,
    submit_time: Option<DateTime>,
    create_by: Option<String>,
    create_time: DateTime,
    update_time: Option<DateTime>,
}

/// An order as lists and exports show it. Amounts are decimal text in `currency` (the charge in
/// the charged currency), weights kilograms.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShipmentRecord {
    pub id: String,
    /// The customer (main account) the order belongs to, and its user name.
    pub customer_id: String,
    pub customer: String,
    /// B2B, B2C, FBA or WMS.
    pub shipment_type: String,
    /// The system's order number.
    pub serial_number: String,
    /// The customer's own reference.
    pub customer_code: Option<String>,
    pub fba_code: Option<String>,
    pub po_code: Option<String>,
    pub company: Option<String>,
    /// The system tracking number (issued at submission).
    pub sys_track_no: Option<String>,
    /// The carrier's tracking number (from the channel's number segment or the carrier).
    pub track_no: Option<String>,
    pub channel_product_id: Option<String>,
    /// The channel product's code and name (in the request's language).
    pub channel_product_code: String,
    pub channel_product_name: String,
    pub channel_id: Option<String>,
    pub user_depot_id: Option<String>,
    pub shipper_id: Option<String>,
    pub predict_batch_id: Option<String>,
    /// single (one piece) or multi.
    pub order_method: String,
    /// web, import or api.
    pub shipment_resource: String,
    /// draft, submitted, received, sorted, shipped, inTransit, delivered, exception, returned,
    /// cancelled (core's lifecycle).
    pub shipment_status: String,
    /// unprinted, printed or error.
    pub print_status: String,
    /// Why the last print failed, in the language of whoever printed.
    pub print_message: Option<String>,
    /// When labels were last made, and how many times.
    pub print_time: Option<DateTime>,
    pub print_count: i32,
    /// notArrived until the warehouse receives the goods.
    pub location_status: String,
    pub shipment_pieces: i32,
    /// Kilograms (decimal text).
    pub shipment_weight: String,
    /// The goods' declared value.
    pub declared_value: String,
    pub currency: String,
    /// The charge withheld at submission (the forecast's total for the same input).
    pub deduct_amount: Option<String>,
    /// The currency of the charge.
    pub deduct_currency: Option<String>,
    /// The forecast bundle version the charge was quoted from.
    pub rate_version: Option<String>,
    pub chargeable_weight: Option<String>,
    pub consignee_name: Option<String>,
    pub consignee_phone: Option<String>,
    pub consignee_email: Option<String>,
    pub consignee_company: Option<String>,
    pub consignee_tax_number: Option<String>,
    pub consignee_country: Option<String>,
    pub consignee_state: Option<String>,
    pub consignee_city: Option<String>,
    pub consignee_postal_code: Option<String>,
    pub consignee_street: Option<String>,
    pub consignee_house: Option<String>,
    pub consignee_address1: Option<String>,
    pub consignee_address2: Option<String>,
    pub consignee_remark: Option<String>,
    pub remark: Option<String>,
    /// What core's lifecycle allows now (the buttons the pages show).
    pub actions: Vec<String>,
    /// The normalized tracking status from the parcels' latest events (none before any event).
    pub track_status: Option<String>,
    pub submit_time: Option<DateTime>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

/// Grams as kilograms (decimal text, three places).
pub fn kilograms(grams: i64) -> String {
    logistics_core::decimal::Decimal::new(i128::from(grams), 3).map_or_else(String::new, |d| logistics_core::decimal::fixed(d, 3))
}

impl Readable for ShipmentRecord {
    type Row = ShipmentRow;

    fn from_row(r: ShipmentRow) -> ShipmentRecord {
        let deduct_currency = r.deduct_currency.unwrap_or_else(|| r.currency.clone());
        let deduct_amount = r.deduct_amount.map(|minor| crate::wallet::money(minor, &deduct_currency));
        ShipmentRecord {
            actions: logistics_core::shipment::actions(&r.shipment_status).into_iter().map(str::to_owned).collect(),
            track_status: None,
            declared_value: crate::wallet::money(r.declared_value, &r.currency),
            shipment_weight: kilograms(r.shipment_weight),
            deduct_currency: deduct_amount.is_some().then_some(deduct_currency),
            deduct_amount,
            id: r.id,
            customer_id: r.customer_id,
            customer: String::new(),
            shipment_type: r.shipment_type,
            serial_number: r.serial_number,
            customer_code: r.customer_code,
            fba_code: r.fba_code,
            po_code: r.po_code,
            company: r.company,
            sys_track_no: r.sys_track_no,
            track_no: r.track_no,
            channel_product_id: r.channel_product_id,
            channel_product_code: String::new(),
            channel_product_name: String::new(),
            channel_id: r.channel_id,
            user_depot_id: r.user_depot_id,
            shipper_id: r.shipper_id,
            predict_batch_id: r.predict_batch_id,
            order_method: r.order_method,
            shipment_resource: r.shipment_resource,
            shipment_status: r.shipment_status,
            print_status: r.print_status,
            print_message: r.print_message,
            print_time: r.print_time,
            print_count: r.print_count,
            location_status: r.location_status,
            shipment_pieces: r.shipment_pieces,
            currency: r.currency,
            rate_version: r.rate_version,
            chargeable_weight: r.chargeable_weight,
            consignee_name: r.consignee_name,
            consignee_phone: r.consignee_phone,
            consignee_email: r.consignee_email,
            consignee_company: r.consignee_company,
            consignee_tax_number: r.consignee_tax_number,
            consignee_country: r.consignee_country,
            consignee_state: r.consignee_state,
            consignee_city: r.consignee_city,
            consignee_postal_code: r.consignee_postal_code,
            consignee_street: r.consignee_street,
            consignee_house: r.consignee_house,
            consignee_address1: r.consignee_address1,
            consignee_address2: r.consignee_address2,
            consignee_remark: r.consignee_remark,
            remark: r.remark,
            submit_time: r.submit_time,
            create_by: r.create_by,
            create_time: r.create_time,
            update_time: r.update_time,
        }
    }
}

/// A channel product's id, code and names (zh, en).
type ProductNames = (String, String, String, Option<String>);

pub struct Shipments;

impl Resource for Shipments {
    const PATH: &'static str = "/logistics/shipment";
    const PERMISSION: &'static str = PERMISSION;
    const NOUN: &'static str = "shipment";
    const PLURAL: &'static str = "shipments";
    const TABLE: &'static str = "logistics_shipment";
    const SCOPE: Scope = Scope::Customer;
    const ALSO_LISTED_BY: &'static [&'static str] = LISTED_BY;
    const FIELDS: &'static [Field] = &[
        Field::text("serialNumber", "serial_number").sortable().titled(MessageKey::FieldSerialNumber),
        Field::text("shipmentType", "shipment_type").titled(MessageKey::FieldShipmentType),
        Field::text("customerCode", "customer_code").titled(MessageKey::FieldCustomerCode),
        Field::computed("customer").titled(MessageKey::FieldCustomer),
        Field::text("customerId", "customer_id"),
        Field::text("shipmentStatus", "shipment_status").sortable().titled(MessageKey::FieldState),
        Field::text("printStatus", "print_status").titled(MessageKey::FieldPrintStatus),
        Field::computed("trackStatus").titled(MessageKey::FieldTrackStatus),
        Field::text("printMessage", "print_message"),
        Field::time("printTime", "print_time").sortable(),
        Field::int("printCount", "print_count"),
        Field::text("sysTrackNo", "sys_track_no").titled(MessageKey::FieldSysTrackNo),
        Field::text("trackNo", "track_no").titled(MessageKey::FieldTrackNo),
        Field::text("fbaCode", "fba_code").titled(MessageKey::FieldFbaCode),
        Field::text("channelProductId", "channel_product_id"),
        Field::computed("channelProductName").titled(MessageKey::FieldProduct),
        Field::text("consigneeName", "consignee_name").titled(MessageKey::FieldConsignee),
        Field::text("consigneeCountry", "consignee_country").titled(MessageKey::FieldCountry),
        Field::text("consigneePostalCode", "consignee_postal_code").titled(MessageKey::FieldPostalCode),
        Field::int("shipmentPieces", "shipment_pieces").sortable().titled(MessageKey::FieldPieces),
        Field::big("shipmentWeight", "shipment_weight").sortable().titled(MessageKey::FieldWeightKg),
        Field::text("currency", "currency"),
        Field::big("deductAmount", "deduct_amount").titled(MessageKey::FieldDeductAmount),
        Field::text("shipmentResource", "shipment_resource"),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::one_of("shipmentType", &["shipment_type"], TYPES, Kind::Text, "B2B, B2C, FBA or WMS."),
        Filter::one_of("shipmentStatus", &["shipment_status"], STATUSES, Kind::Text, "One of core's lifecycle statuses."),
        Filter::one_of("printStatus", &["print_status"], PRINT_STATUSES, Kind::Text, "unprinted, printed or error."),
        Filter::any_of(
            "numbers",
            &["serial_number", "customer_code", "track_no", "sys_track_no", "fba_code"],
            MAX_NUMBERS,
            "Up to 500 serial, reference, tracking or FBA numbers, separated by spaces, line breaks or commas.",
        ),
        Filter::like(
            "keyWord",
            &["serial_number", "customer_code", "track_no", "sys_track_no", "consignee_name"],
            "A number or the consignee's name, substring.",
        ),
        Filter::exact("consigneeCountry", &["consignee_country"], "The destination (ISO 3166 alpha-2)."),
        Filter::exact("channelProductId", &["channel_product_id"], "The channel product's id."),
        Filter::exact("customerId", &["customer_id"], "Staff: the customer's (main account) id."),
        Filter::time_from("createTime_begin", &["create_time"], "Created at or after (a date: from its start)."),
        Filter::time_until("createTime_end", &["create_time"], "Created up to (a date: through its end)."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const TALLY: Option<Tally> =
        Some(Tally { table: "logistics_shipment_tally", params: &["shipmentType", "shipmentStatus", "customerId"] });
    const OMIT: &'static [&'static str] = &["queryById", "add", "edit", "delete", "deleteBatch", "importExcel"];
    const HAS_UPDATE_BY: bool = true;

    crate::record_form!(ShipmentRecord, crate::platform::resource::NoForm, serial_number);

    async fn values(
        _: &AppState,
        _: &crate::system::auth::CurrentUser,
        _: &crate::platform::resource::NoForm,
        _: Option<&ShipmentRecord>,
    ) -> crate::platform::resource::Checked {
        Err(AppError::method_not_allowed())
    }

    /// The customers' user names, the products' codes and names and the tracking statuses, one
    /// query each per page.
    async fn complete(state: &AppState, records: &mut [ShipmentRecord]) -> Result<(), AppError> {
        if records.is_empty() {
            return Ok(());
        }
        let mut customers: Vec<&str> = records.iter().map(|r| r.customer_id.as_str()).collect();
        customers.sort_unstable();
        customers.dedup();
        let mut products: Vec<&str> = records.iter().filter_map(|r| r.channel_product_id.as_deref()).collect();
        products.sort_unstable();
        products.dedup();
        let (users, named): (Vec<(String, String)>, Vec<ProductNames>) = with_conn!(&state.db, |conn| {
            let users = sys_user::table
                .filter(sys_user::id.eq_any(&customers))
                .select((sys_user::id, sys_user::username))
                .kept_if(customers.len() <= CACHED_LIST)
                .load(conn)
                .await?;
            let named = logistics_channel_product::table
                .filter(logistics_channel_product::id.eq_any(&products))
                .select((
                    logistics_channel_product::id,
                    logistics_channel_product::code,
                    logistics_channel_product::name,
                    logistics_channel_product::name_en,
                ))
                .kept_if(products.len() <= CACHED_LIST)
                .load(conn)
                .await?;
            (users, named)
        });
        // Tracking statuses change with every event: read each time, never cached.
        let ids: Vec<&str> = records.iter().map(|r| r.id.as_str()).collect();
        let tracked: std::collections::HashMap<String, String> = with_conn!(&state.db, |conn| {
            use crate::platform::db::schema::logistics_track_state as st;
            st::table
                .filter(st::shipment_id.eq_any(&ids))
                .select((st::shipment_id, st::status))
                .load::<(String, String)>(conn)
                .await?
        })
        .into_iter()
        .collect();
        let users: std::collections::HashMap<String, String> = users.into_iter().collect();
        let lang = current_lang();
        let named: std::collections::HashMap<String, (String, String)> =
            named.into_iter().map(|(id, code, zh, en)| (id, (code, crate::platform::http::lang::pick(lang, zh, en)))).collect();
        for r in records.iter_mut() {
            r.customer = users.get(&r.customer_id).cloned().unwrap_or_default();
            r.track_status = tracked.get(&r.id).cloned();
            if let Some((code, name)) = r.channel_product_id.as_ref().and_then(|p| named.get(p)) {
                r.channel_product_code.clone_from(code);
                r.channel_product_name.clone_from(name);
            }
        }
        Ok(())
    }
}

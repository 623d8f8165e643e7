//! Carrier fees (`/logistics/carrierFee/*`): what each order cost with its carrier, beside what
//! its customer was charged. Rated through the carrier's adapter when the order's manifest closes
//! (`rate_manifest`), or entered and corrected by staff (source `manual`); one fee per order.
//! `GET /logistics/carrierFee/margin` groups charge, cost and margin by carrier, channel product
//! or customer over a period, and `…/marginXls` exports the same rows.

pub mod margin;

use chrono::Utc;
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use futures_util::StreamExt;
use logistics_core::MessageKey;
use logistics_core::json::Value as CoreValue;
use logistics_core::wallet;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::carrier::adapters::{self, Parcel, RateRequest};
use crate::carrier::suppliers::credentials;
use crate::platform::db::schema::{
    logistics_carrier_fee as f, logistics_channel as c, logistics_dispatch as d, logistics_dispatch_item as di,
    logistics_shipment as s, logistics_shipment_parcel as p, logistics_supplier as sp,
};
use crate::platform::http::AppError;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::resource::form::{one_of, optional, required};
use crate::platform::resource::sql::Value;
use crate::platform::resource::{Checked, Field, Filter, Kind, Readable, Resource, Scope, customer_of};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::wallet::money;
use crate::with_conn;

/// A fee's row as read, with its order's charge.
#[derive(QueryableByName)]
#[diesel(table_name = f)]
pub struct FeeRow {
    id: String,
    shipment_id: String,
    serial_number: String,
    customer_id: String,
    supplier_id: String,
    channel_product_id: Option<String>,
    amount: i64,
    currency: String,
    source: String,
    manifest_id: Option<String>,
    remark: Option<String>,
    create_by: Option<String>,
    create_time: DateTime,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::BigInt>)]
    charged: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    charged_currency: Option<String>,
}

/// An order's carrier cost beside its charge. Amounts are decimal text in their currency.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarrierFeeRecord {
    pub id: String,
    pub shipment_id: String,
    pub serial_number: String,
    pub customer_id: String,
    pub supplier_id: String,
    pub channel_product_id: Option<String>,
    /// What the carrier charges the forwarder.
    pub amount: String,
    pub currency: String,
    /// What the customer was charged (none: not yet).
    pub charged: Option<String>,
    pub charged_currency: Option<String>,
    /// charged − amount, when both are in one currency; its rate, % of the charge.
    pub margin: Option<String>,
    pub margin_rate: Option<String>,
    /// adapter or manual.
    pub source: String,
    pub manifest_id: Option<String>,
    pub remark: Option<String>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
}

impl Readable for CarrierFeeRecord {
    type Row = FeeRow;

    fn from_row(r: FeeRow) -> CarrierFeeRecord {
        let same = r.charged_currency.as_deref() == Some(r.currency.as_str());
        let (margin, margin_rate) = match r.charged {
            Some(charged) if same => {
                let (m, rate) = logistics_core::fees::margin(charged, r.amount);
                (Some(money(m, &r.currency)), rate)
            }
            _ => (None, None),
        };
        CarrierFeeRecord {
            charged: r.charged.zip(r.charged_currency.as_deref()).map(|(a, cur)| money(a, cur)),
            amount: money(r.amount, &r.currency),
            margin,
            margin_rate,
            id: r.id,
            shipment_id: r.shipment_id,
            serial_number: r.serial_number,
            customer_id: r.customer_id,
            supplier_id: r.supplier_id,
            channel_product_id: r.channel_product_id,
            currency: r.currency,
            charged_currency: r.charged_currency,
            source: r.source,
            manifest_id: r.manifest_id,
            remark: r.remark,
            create_by: r.create_by,
            create_time: r.create_time,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarrierFeeForm {
    pub id: Option<String>,
    /// The order, by its serial number (add only).
    pub serial_number: Option<String>,
    /// The cost, a decimal in the currency's places.
    #[schema(value_type = Object)]
    pub amount: Option<serde_json::Value>,
    /// ISO 4217; blank: CNY.
    pub currency: Option<String>,
    pub remark: Option<String>,
}

pub struct CarrierFees;

impl Resource for CarrierFees {
    const PATH: &'static str = "/logistics/carrierFee";
    const PERMISSION: &'static str = "logistics:carrierFee";
    const NOUN: &'static str = "carrier fee";
    const PLURAL: &'static str = "carrier fees";
    const TABLE: &'static str = "logistics_carrier_fee";
    const SCOPE: Scope = Scope::Tenant;
    const SELECT: &'static str = "*, \
        (SELECT s.deduct_amount FROM logistics_shipment s WHERE s.id = logistics_carrier_fee.shipment_id) AS charged, \
        (SELECT s.deduct_currency FROM logistics_shipment s WHERE s.id = logistics_carrier_fee.shipment_id) AS charged_currency";
    const FIELDS: &'static [Field] = &[
        Field::text("serialNumber", "serial_number").sortable().titled(MessageKey::FieldSerialNumber),
        Field::text("supplierId", "supplier_id"),
        Field::text("customerId", "customer_id"),
        Field::text("channelProductId", "channel_product_id"),
        Field::big("amount", "amount").sortable().titled(MessageKey::FieldCarrierCost),
        Field::text("currency", "currency").titled(MessageKey::FieldCurrency),
        Field::computed("charged").titled(MessageKey::FieldCharged),
        Field::computed("margin").titled(MessageKey::FieldMargin),
        Field::computed("marginRate").titled(MessageKey::FieldMarginRate),
        Field::text("source", "source"),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::any_of("serialNumbers", &["serial_number"], 500, "Up to 500 order numbers."),
        Filter::exact("supplierId", &["supplier_id"], "The carrier's id."),
        Filter::exact("customerId", &["customer_id"], "The customer's id."),
        Filter::exact("channelProductId", &["channel_product_id"], "The channel product's id."),
        Filter::exact("manifestId", &["manifest_id"], "The manifest it was rated with."),
        Filter::one_of("source", &["source"], logistics_core::fees::SOURCES, Kind::Text, "adapter or manual."),
        Filter::time_from("createTime_begin", &["create_time"], "Recorded at or after."),
        Filter::time_until("createTime_end", &["create_time"], "Recorded up to."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("serialNumber", MessageKey::FeeExists));
    const HAS_UPDATE_BY: bool = true;
    const OMIT: &'static [&'static str] = &["importExcel"];

    crate::record_form!(CarrierFeeRecord, CarrierFeeForm, serial_number);

    fn authorize(me: &CurrentUser) -> Result<(), AppError> {
        if customer_of(me).is_some() { Err(AppError::forbidden()) } else { Ok(()) }
    }

    /// Staff enter or correct a cost: a manual fee. A new one names a submitted order of the
    /// tenant that ships with a carrier.
    async fn values(state: &AppState, me: &CurrentUser, form: &CarrierFeeForm, before: Option<&CarrierFeeRecord>) -> Checked {
        let currency = optional("currency", MessageKey::FieldCurrency, &form.currency, 3)?.unwrap_or_else(|| "CNY".to_owned());
        let currency = one_of("currency", MessageKey::FieldCurrency, &Some(currency.to_ascii_uppercase()), &wallet_codes())?
            .unwrap_or_default();
        let amount_value = form.amount.as_ref().map(CoreValue::from);
        let amount = wallet::read_limit("amount", amount_value.as_ref(), &currency)?;
        let mut values = vec![
            ("amount", Value::Big(amount)),
            ("currency", currency.into()),
            ("source", "manual".into()),
            ("remark", optional("remark", MessageKey::FieldRemark, &form.remark, 200)?.into()),
        ];
        if before.is_none() {
            let serial =
                required("serialNumber", MessageKey::FieldSerialNumber, form.serial_number.as_deref().unwrap_or(""), 50)?;
            type Row = (String, String, Option<String>, Option<String>, String);
            let found: Option<Row> = with_conn!(&state.db, |conn| s::table
                .left_join(c::table.on(c::id.nullable().eq(s::channel_id)))
                .filter(s::tenant_id.eq(me.tenant_id))
                .filter(s::serial_number.eq(&serial))
                .select((s::id, s::customer_id, c::supplier_id.nullable(), s::channel_product_id, s::shipment_status))
                .first(conn)
                .await
                .optional()?);
            let Some((id, customer, supplier, product, status)) = found else {
                return Err(AppError::field("serialNumber", MessageKey::DispatchUnknownOrder).with("serial", serial));
            };
            if status == "draft" {
                return Err(AppError::field("serialNumber", MessageKey::DispatchNotSubmitted).with("serial", serial));
            }
            let Some(supplier) = supplier else {
                return Err(AppError::field("serialNumber", MessageKey::DispatchUnknownOrder).with("serial", serial));
            };
            values.extend([
                ("shipment_id", id.into()),
                ("serial_number", serial.into()),
                ("customer_id", customer.into()),
                ("supplier_id", supplier.into()),
                ("channel_product_id", product.into()),
            ]);
        }
        Ok(values)
    }
}

fn wallet_codes() -> Vec<&'static str> {
    wallet::CURRENCIES.iter().map(|(code, _)| *code).collect()
}

/// Rates the orders of a closed manifest through the carrier's adapter and keeps each cost (an
/// order with a fee already keeps it: staff's corrections stand). Best effort: an order the
/// carrier cannot rate keeps none, for staff to enter; a count of those rated.
pub async fn rate_manifest(state: &AppState, tenant_id: i32, supplier_id: &str, manifest_id: &str, by: &str) -> usize {
    match rate(state, tenant_id, supplier_id, manifest_id, by).await {
        Ok(n) => n,
        Err(e) => {
            tracing::warn!(manifest_id, cause = ?e.error, "carrier fees not rated");
            0
        }
    }
}

async fn rate(state: &AppState, tenant_id: i32, supplier_id: &str, manifest_id: &str, by: &str) -> Result<usize, AppError> {
    let api: Option<Option<String>> =
        with_conn!(&state.db, |c| sp::table.filter(sp::id.eq(supplier_id)).select(sp::api_type).first(c).await.optional()?);
    let Some(adapter) = api.flatten().as_deref().and_then(adapters::for_api_type) else { return Ok(0) };
    let credentials = credentials::load(state, tenant_id, supplier_id).await?;
    type Order = (String, String, String, Option<String>, Option<String>, Option<String>);
    let orders: Vec<Order> = with_conn!(&state.db, |conn| di::table
        .inner_join(d::table.on(d::id.eq(di::dispatch_id)))
        .inner_join(s::table.on(s::id.eq(di::shipment_id)))
        .left_join(f::table.on(f::shipment_id.eq(di::shipment_id)))
        .filter(d::manifest_id.eq(manifest_id))
        .filter(f::id.nullable().is_null())
        .select((s::id, s::serial_number, s::customer_id, s::channel_product_id, s::consignee_country, s::channel_id))
        .load(conn)
        .await?);
    let ids: Vec<&String> = orders.iter().map(|o| &o.0).collect();
    let parcels: Vec<(String, i32, String)> = with_conn!(&state.db, |conn| p::table
        .filter(p::shipment_id.eq_any(&ids))
        .select((p::shipment_id, p::seq, p::weight))
        .load(conn)
        .await?);
    let service: std::collections::HashMap<String, String> = {
        use crate::platform::db::schema::logistics_channel_product as cp;
        let products: Vec<&String> = orders.iter().filter_map(|o| o.3.as_ref()).collect();
        let rows: Vec<(String, String)> = with_conn!(&state.db, |conn| cp::table
            .filter(cp::id.eq_any(&products))
            .select((cp::id, cp::code))
            .load(conn)
            .await?);
        rows.into_iter().collect()
    };
    let requests: Vec<(Order, RateRequest)> = orders
        .into_iter()
        .map(|o| {
            let request = RateRequest {
                service_code: o.3.as_ref().and_then(|id| service.get(id)).cloned().unwrap_or_default(),
                country: o.4.clone().unwrap_or_default(),
                postal_code: None,
                parcels: parcels
                    .iter()
                    .filter(|(id, _, _)| id == &o.0)
                    .map(|(_, seq, kg)| Parcel { seq: *seq, weight_kg: kg.clone(), ..Parcel::default() })
                    .collect(),
                credentials: credentials.clone(),
            };
            (o, request)
        })
        .collect();
    let answers: Vec<(Order, Result<adapters::CarrierRate, String>)> = futures_util::stream::iter(requests)
        .map(|(o, request)| async move {
            let answer = tokio::time::timeout(std::time::Duration::from_secs(20), adapter.rate(&request))
                .await
                .unwrap_or_else(|_| Err("timed out".to_owned()));
            (o, answer)
        })
        .buffer_unordered(8)
        .collect()
        .await;
    let now = Utc::now().naive_utc();
    let mut kept = 0;
    for ((id, serial, customer, product, _, _), answer) in answers {
        let Ok(rate) = answer else { continue };
        let Some(places) = wallet::minor_places(&rate.currency) else { continue };
        let Some(amount) = logistics_core::decimal::parse(&rate.amount).and_then(|a| wallet::to_minor(a, places)) else {
            continue;
        };
        let inserted = crate::with_write!(data: &state.db, |conn| diesel::insert_into(f::table)
            .values((
                f::id.eq(crate::platform::secrets::new_id()),
                f::tenant_id.eq(tenant_id),
                f::shipment_id.eq(&id),
                f::serial_number.eq(&serial),
                f::customer_id.eq(&customer),
                f::supplier_id.eq(supplier_id),
                f::channel_product_id.eq(&product),
                f::amount.eq(amount),
                f::currency.eq(&rate.currency),
                f::source.eq("adapter"),
                f::manifest_id.eq(manifest_id),
                f::create_by.eq(by),
                f::create_time.eq(now),
            ))
            .on_conflict_do_nothing()
            .execute(conn)
            .await?);
        kept += inserted;
    }
    Ok(kept)
}

//! An order's own writes: add (a draft), edit and delete (drafts only), copy (a new draft of any
//! order), and `queryById` with everything (its parcels and goods, the quote it was charged).

use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use chrono::{NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::shipment::{self, Stage};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::form::{self, ConsigneeForm, PRODUCT_TEXTS, ShipmentForm, ShipmentParcelForm, ShipmentProductForm, clean};
use super::references::{Prepared, prepare};
use super::{PERMISSION, ShipmentRecord, Shipments, numbers};
use crate::platform::caller::Caller;
use crate::platform::db::Tx;
use crate::platform::db::schema::{logistics_shipment, logistics_shipment_parcel, logistics_shipment_product};
use crate::platform::http::page::IdQuery;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, ok};
use crate::platform::resource::handlers::{find, find_on, read};
use crate::platform::resource::sql::{Sql, Value};
use crate::platform::resource::{CUSTOMER, Resource, customer_of};
use crate::platform::secrets;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{on_tx, transaction, with_conn};

/// The customer an order is for: the caller's main account, or the one staff name.
pub async fn customer_for(state: &AppState, me: &CurrentUser, named: Option<&str>) -> Result<String, AppError> {
    match customer_of(me) {
        Some(c) if !c.is_empty() => Ok(c),
        Some(_) => Err(AppError::forbidden()),
        None => CUSTOMER.check(&state.db, me.tenant_id, "customerId", named).await,
    }
}

/// The columns of an order's row a form sets (add and edit).
pub(crate) fn form_values(form: &ShipmentForm, prepared: &Prepared, rows: &form::Rows) -> Vec<(&'static str, Value)> {
    let c = &form.consignee;
    let text = |v: &Option<String>| Value::OptText(clean(v));
    vec![
        ("shipment_type", Value::Text(form.shipment_type.clone())),
        ("customer_code", text(&form.customer_code)),
        ("fba_code", text(&form.fba_code)),
        ("po_code", text(&form.po_code)),
        ("company", text(&form.company)),
        ("channel_product_id", text(&form.channel_product_id)),
        ("channel_id", Value::OptText(prepared.channel_id.clone())),
        ("user_depot_id", text(&form.user_depot_id)),
        ("shipper_id", Value::OptText(prepared.shipper_id.clone())),
        ("predict_batch_id", text(&form.predict_batch_id)),
        ("order_method", Value::Text(if rows.pieces > 1 { "multi" } else { "single" }.to_owned())),
        ("shipment_pieces", Value::Int(rows.pieces)),
        ("shipment_weight", Value::Big(rows.weight_grams)),
        ("declared_value", Value::Big(rows.declared_value)),
        ("currency", Value::Text(rows.currency.clone())),
        ("consignee_name", text(&c.name)),
        ("consignee_phone", text(&c.phone)),
        ("consignee_email", text(&c.email)),
        ("consignee_company", text(&c.company)),
        ("consignee_tax_number", text(&c.tax_number)),
        ("consignee_country", text(&c.country)),
        ("consignee_state", text(&c.state)),
        ("consignee_city", text(&c.city)),
        ("consignee_postal_code", text(&c.postal_code)),
        ("consignee_street", text(&c.street)),
        ("consignee_house", text(&c.house)),
        ("consignee_address1", text(&c.address1)),
        ("consignee_address2", text(&c.address2)),
        ("consignee_remark", text(&c.consignee_remark)),
        ("remark", text(&form.remark)),
    ]
}

/// `INSERT INTO table (…) VALUES (…)` of the columns given.
pub(crate) fn insert_sql(table: &str, values: Vec<(&'static str, Value)>) -> Sql {
    let columns: Vec<&str> = values.iter().map(|(c, _)| *c).collect();
    let mut sql = Sql::new(&format!("INSERT INTO {table} ({}) VALUES ", columns.join(", ")));
    sql.bind_row(values.into_iter().map(|(_, v)| v));
    sql
}

pub(crate) use crate::platform::resource::sql::{Row, insert_rows};

/// A declared item as read: id, parcel, seq, its texts ([`PRODUCT_TEXTS`], then unit weight and
/// price) and quantity.
type GoodsParts = (String, String, i32, Vec<Option<String>>, Option<i32>);

/// The rows of an order's parcels and goods.
pub(crate) fn parcel_rows(
    tenant_id: i32,
    shipment_id: &str,
    serial: &str,
    rows: &form::Rows,
    now: NaiveDateTime,
) -> (Vec<Row>, Vec<Row>) {
    let mut parcels = Vec::with_capacity(rows.parcels.len());
    let mut goods = Vec::new();
    for (i, p) in rows.parcels.iter().enumerate() {
        let parcel_id = secrets::new_id();
        let seq = i32::try_from(i + 1).unwrap_or(i32::MAX);
        for (j, g) in p.products.iter().enumerate() {
            let mut row = vec![
                ("id", Value::Text(secrets::new_id())),
                ("tenant_id", Value::Int(tenant_id)),
                ("shipment_id", Value::Text(shipment_id.to_owned())),
                ("parcel_id", Value::Text(parcel_id.clone())),
                ("seq", Value::Int(i32::try_from(j + 1).unwrap_or(i32::MAX))),
                ("unit_weight", Value::OptText(g.unit_weight.clone())),
                ("unit_price", Value::OptText(g.unit_price.clone())),
                ("quantity", Value::OptInt(g.quantity)),
            ];
            row.extend(PRODUCT_TEXTS.iter().zip(&g.texts).map(|(c, v)| (*c, Value::OptText(v.clone()))));
            goods.push(row);
        }
        parcels.push(vec![
            ("id", Value::Text(parcel_id)),
            ("tenant_id", Value::Int(tenant_id)),
            ("shipment_id", Value::Text(shipment_id.to_owned())),
            ("seq", Value::Int(seq)),
            ("reference", Value::OptText(p.reference.clone())),
            ("fba_code", Value::OptText(p.fba_code.clone())),
            ("serial_number", Value::Text(format!("{serial}-{seq:03}"))),
            ("parcel_status", Value::Text("draft".to_owned())),
            ("length", Value::Text(p.length.clone())),
            ("width", Value::Text(p.width.clone())),
            ("height", Value::Text(p.height.clone())),
            ("weight", Value::Text(p.weight.clone())),
            ("bulky", Value::Text(p.bulky.clone())),
            ("remark", Value::OptText(p.remark.clone())),
            ("create_time", Value::Time(now)),
        ]);
    }
    (parcels, goods)
}

/// Writes an order's parcels and goods (after any old ones were removed).
async fn insert_parcels(
    tx: &mut Tx<'_>,
    tenant_id: i32,
    shipment_id: &str,
    serial: &str,
    rows: &form::Rows,
    now: NaiveDateTime,
) -> Result<(), AppError> {
    let (parcels, goods) = parcel_rows(tenant_id, shipment_id, serial, rows, now);
    insert_rows(tx, "logistics_shipment_parcel", parcels).await?;
    insert_rows(tx, "logistics_shipment_product", goods).await
}

/// Creates a draft order for `customer` from a form, with `resource` (web, import, api) as its
/// source: the checks of a draft, a serial number, the order with its parcels and goods in one
/// transaction. Answers the new order as lists show it (its customer's and product's names).
pub async fn create(
    state: &AppState,
    me: &CurrentUser,
    customer: &str,
    mut form: ShipmentForm,
    resource: &str,
) -> Result<ShipmentRecord, AppError> {
    let prepared = prepare(state, me.tenant_id, customer, &mut form).await?;
    form::check(&form, Stage::Draft, &prepared.postal_pattern)?;
    let rows = form::rows(&form, prepared.divisor)?;
    let id = secrets::new_id();
    let now = Utc::now().naive_utc();
    let mut values = vec![
        ("id", Value::Text(id.clone())),
        ("tenant_id", Value::Int(me.tenant_id)),
        ("customer_id", Value::Text(customer.to_owned())),
        ("shipment_resource", Value::Text(resource.to_owned())),
        ("shipment_status", Value::Text("draft".into())),
        ("print_status", Value::Text("unprinted".into())),
        ("location_status", Value::Text("notArrived".into())),
        ("create_by", Value::Text(me.user.username.clone())),
        ("create_time", Value::Time(now)),
        ("business_day", Value::Text(crate::wallet::business_day(now))),
    ];
    values.extend(form_values(&form, &prepared, &rows));
    let kind = form.shipment_type.clone();
    let counter = numbers::Counter::serials(me.tenant_id, now, 1)?.early(&state.db).await?;
    let mut record = transaction!(data: &state.db, |tx| {
        let serial = numbers::serial_numbers(&kind, now, counter.take(tx).await?).pop().unwrap_or_default();
        let mut values = values.clone();
        values.push(("serial_number", Value::Text(serial.clone())));
        let sql = insert_sql("logistics_shipment", values);
        on_tx!(tx, |c| sql.query().execute(c).await.map_err(|e| AppError::or_taken(
            e,
            "customerCode",
            MessageKey::CustomerCodeTaken
        ))?);
        insert_parcels(tx, me.tenant_id, &id, &serial, &rows, now).await?;
        let record = find_on::<Shipments>(tx, me, &id).await?;
        // The log entry in the same transaction on SQLite (see `submit::log_on`).
        if !state.db.is_postgres() {
            logs::operation_on(tx, me, logs::Operation::added("logistics:shipment:add", &record.serial_number, &record)).await?;
        }
        Ok::<ShipmentRecord, AppError>(record)
    })?;
    Shipments::complete(state, std::slice::from_mut(&mut record)).await?;
    if state.db.is_postgres() {
        logs::added(&state.db, me, "logistics:shipment:add", &record.serial_number, &record).await;
    }
    Ok(record)
}

/// A parcel with its goods, as stored.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParcelDetail {
    pub id: String,
    pub seq: i32,
    pub reference: Option<String>,
    pub fba_code: Option<String>,
    pub serial_number: String,
    pub sys_track_no: Option<String>,
    pub parcel_status: String,
    pub length: String,
    pub width: String,
    pub height: String,
    pub weight: String,
    /// The volume weight (kg).
    pub bulky: String,
    pub remark: Option<String>,
    pub products: Vec<ProductDetail>,
}

/// A declared item of a parcel.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductDetail {
    pub id: String,
    pub parcel_id: String,
    /// The parcel's reference (shipment product).
    pub parcel_reference: Option<String>,
    pub sku: Option<String>,
    pub lc_hscode: Option<String>,
    pub fr_hscode: Option<String>,
    pub lc_name: Option<String>,
    pub fr_name: Option<String>,
    pub lc_meterial: Option<String>,
    pub fr_meterial: Option<String>,
    pub lc_usage: Option<String>,
    pub fr_usage: Option<String>,
    pub lc_brand: Option<String>,
    pub fr_brand: Option<String>,
    pub lc_model: Option<String>,
    pub fr_model: Option<String>,
    pub shop_url: Option<String>,
    pub photo_url: Option<String>,
    pub unit_weight: Option<String>,
    pub unit_price: Option<String>,
    pub quantity: Option<i32>,
    pub unit: Option<String>,
    pub remark: Option<String>,
}

/// An order with everything: its record, parcels with their goods, and the quote its charge came
/// from (as the customer saw it).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShipmentDetail {
    #[serde(flatten)]
    pub record: ShipmentRecord,
    pub parcels: Vec<ParcelDetail>,
    /// The forecast quote of the chosen product at submission (`Quote` of the price forecast).
    #[schema(value_type = Option<Object>)]
    pub quote: Option<serde_json::Value>,
}

/// The parcels and goods of an order, and its quote.
pub async fn detail(state: &AppState, record: ShipmentRecord) -> Result<ShipmentDetail, AppError> {
    use logistics_shipment_parcel as p;
    use logistics_shipment_product as g;
    type ParcelRow = (
        String,
        i32,
        Option<String>,
        Option<String>,
        String,
        Option<String>,
        String,
        String,
        String,
        String,
        String,
        String,
        Option<String>,
    );
    let id = record.id.clone();
    let drafted = record.shipment_status == "draft";
    let (parcels, goods, quote): (Vec<ParcelRow>, Vec<GoodsParts>, Option<Option<String>>) = with_conn!(&state.db, |conn| {
        let parcels = p::table
            .filter(p::shipment_id.eq(&id))
            .order(p::seq.asc())
            .select((
                p::id,
                p::seq,
                p::reference,
                p::fba_code,
                p::serial_number,
                p::sys_track_no,
                p::parcel_status,
                p::length,
                p::width,
                p::height,
                p::weight,
                p::bulky,
                p::remark,
            ))
            .load::<ParcelRow>(conn)
            .await?;
        let goods: Vec<GoodsRow> = g::table
            .filter(g::shipment_id.eq(&id))
            .order((g::parcel_id.asc(), g::seq.asc()))
            .select(GoodsRow::as_select())
            .load(conn)
            .await?;
        // A draft has no quote yet (submission writes it, and nothing makes an order a draft again).
        let quote = if drafted {
            None
        } else {
            logistics_shipment::table
                .filter(logistics_shipment::id.eq(&id))
                .select(logistics_shipment::quote)
                .first(conn)
                .await
                .optional()?
        };
        (parcels, goods.into_iter().map(GoodsRow::into_parts).collect(), quote)
    });
    let mut details: Vec<ParcelDetail> = parcels
        .into_iter()
        .map(
            |(
                id,
                seq,
                reference,
                fba_code,
                serial_number,
                sys_track_no,
                parcel_status,
                length,
                width,
                height,
                weight,
                bulky,
                remark,
            )| ParcelDetail {
                id,
                seq,
                reference,
                fba_code,
                serial_number,
                sys_track_no,
                parcel_status,
                length,
                width,
                height,
                weight,
                bulky,
                remark,
                products: Vec::new(),
            },
        )
        .collect();
    for (gid, parcel_id, _seq, texts, quantity) in goods {
        let Some(parcel) = details.iter_mut().find(|d| d.id == parcel_id) else { continue };
        let t = |i: usize| texts.get(i).cloned().flatten();
        parcel.products.push(ProductDetail {
            id: gid,
            parcel_id: parcel_id.clone(),
            parcel_reference: parcel.reference.clone(),
            sku: t(0),
            lc_hscode: t(1),
            fr_hscode: t(2),
            lc_name: t(3),
            fr_name: t(4),
            lc_meterial: t(5),
            fr_meterial: t(6),
            lc_usage: t(7),
            fr_usage: t(8),
            lc_brand: t(9),
            fr_brand: t(10),
            lc_model: t(11),
            fr_model: t(12),
            shop_url: t(13),
            photo_url: t(14),
            unit: t(15),
            remark: t(16),
            unit_weight: t(17),
            unit_price: t(18),
            quantity,
        });
    }
    let quote = quote.flatten().and_then(|q| serde_json::from_str(&q).ok());
    Ok(ShipmentDetail { record, parcels: details, quote })
}

/// A declared item's row, read with Diesel's DSL.
#[derive(Queryable, Selectable)]
#[diesel(table_name = logistics_shipment_product)]
struct GoodsRow {
    id: String,
    parcel_id: String,
    seq: i32,
    sku: Option<String>,
    lc_hscode: Option<String>,
    fr_hscode: Option<String>,
    lc_name: Option<String>,
    fr_name: Option<String>,
    lc_meterial: Option<String>,
    fr_meterial: Option<String>,
    lc_usage: Option<String>,
    fr_usage: Option<String>,
    lc_brand: Option<String>,
    fr_brand: Option<String>,
    lc_model: Option<String>,
    fr_model: Option<String>,
    shop_url: Option<String>,
    photo_url: Option<String>,
    unit: Option<String>,
    remark: Option<String>,
    unit_weight: Option<String>,
    unit_price: Option<String>,
    quantity: Option<i32>,
}

impl GoodsRow {
    /// (id, parcel, seq, texts in [`PRODUCT_TEXTS`] order then unit weight and price, quantity).
    fn into_parts(self) -> GoodsParts {
        let texts = vec![
            self.sku,
            self.lc_hscode,
            self.fr_hscode,
            self.lc_name,
            self.fr_name,
            self.lc_meterial,
            self.fr_meterial,
            self.lc_usage,
            self.fr_usage,
            self.lc_brand,
            self.fr_brand,
            self.lc_model,
            self.fr_model,
            self.shop_url,
            self.photo_url,
            self.unit,
            self.remark,
            self.unit_weight,
            self.unit_price,
        ];
        (self.id, self.parcel_id, self.seq, texts, self.quantity)
    }
}

/// The form an order was saved from (to edit or copy it).
pub fn form_of(d: &ShipmentDetail) -> ShipmentForm {
    let r = &d.record;
    let amount = |t: &str| (!t.is_empty()).then(|| crate::platform::http::Amount::Text(t.to_owned()));
    ShipmentForm {
        id: Some(r.id.clone()),
        customer_id: Some(r.customer_id.clone()),
        shipment_type: r.shipment_type.clone(),
        customer_code: r.customer_code.clone(),
        fba_code: r.fba_code.clone(),
        po_code: r.po_code.clone(),
        company: r.company.clone(),
        channel_product_id: r.channel_product_id.clone(),
        user_depot_id: r.user_depot_id.clone(),
        shipper_id: r.shipper_id.clone(),
        predict_batch_id: r.predict_batch_id.clone(),
        currency: Some(r.currency.clone()),
        remark: r.remark.clone(),
        consignee: ConsigneeForm {
            name: r.consignee_name.clone(),
            phone: r.consignee_phone.clone(),
            email: r.consignee_email.clone(),
            company: r.consignee_company.clone(),
            tax_number: r.consignee_tax_number.clone(),
            country: r.consignee_country.clone(),
            state: r.consignee_state.clone(),
            city: r.consignee_city.clone(),
            postal_code: r.consignee_postal_code.clone(),
            street: r.consignee_street.clone(),
            house: r.consignee_house.clone(),
            address1: r.consignee_address1.clone(),
            address2: r.consignee_address2.clone(),
            consignee_remark: r.consignee_remark.clone(),
        },
        parcels: d
            .parcels
            .iter()
            .map(|p| ShipmentParcelForm {
                reference: p.reference.clone(),
                fba_code: p.fba_code.clone(),
                length: amount(&p.length),
                width: amount(&p.width),
                height: amount(&p.height),
                weight: amount(&p.weight),
                remark: p.remark.clone(),
                products: p
                    .products
                    .iter()
                    .map(|g| ShipmentProductForm {
                        sku: g.sku.clone(),
                        lc_hscode: g.lc_hscode.clone(),
                        fr_hscode: g.fr_hscode.clone(),
                        lc_name: g.lc_name.clone(),
                        fr_name: g.fr_name.clone(),
                        lc_meterial: g.lc_meterial.clone(),
                        fr_meterial: g.fr_meterial.clone(),
                        lc_usage: g.lc_usage.clone(),
                        fr_usage: g.fr_usage.clone(),
                        lc_brand: g.lc_brand.clone(),
                        fr_brand: g.fr_brand.clone(),
                        lc_model: g.lc_model.clone(),
                        fr_model: g.fr_model.clone(),
                        shop_url: g.shop_url.clone(),
                        photo_url: g.photo_url.clone(),
                        unit_weight: g.unit_weight.as_deref().and_then(amount),
                        unit_price: g.unit_price.as_deref().and_then(amount),
                        quantity: g.quantity.map(|q| crate::platform::http::Amount::Text(q.to_string())),
                        unit: g.unit.clone(),
                        remark: g.remark.clone(),
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// Adds a draft order. With `Idempotency-Key`, a retry answers the first order.
#[utoipa::path(post, path = "/logistics/shipment/add", tag = "logistics", request_body = ShipmentForm,
    params(("Idempotency-Key" = Option<String>, Header, description = "Replays the first answer for the same key and body")),
    responses((status = 200, body = crate::platform::http::Envelope<ShipmentDetail>), (status = 400), (status = 403),
        (status = 409, description = "The customer reference is taken, or the same key is in flight"),
        (status = 422, description = "The key was used for another request")))]
pub async fn add(
    Caller(state, me): Caller,
    headers: HeaderMap,
    ApiJson(form): ApiJson<ShipmentForm>,
) -> Result<Response, AppError> {
    grants::require(&state, &me, &format!("{PERMISSION}:add")).await?;
    crate::wallet::once(&state, &me, &headers, "POST /logistics/shipment/add", &form, async {
        let customer = customer_for(&state, &me, form.customer_id.as_deref()).await?;
        let record = create(&state, &me, &customer, form.clone(), "web").await?;
        Ok(ok(detail(&state, record).await?)?.into_response())
    })
    .await
}

/// Changes a draft (its parcels and goods are replaced by the form's).
#[utoipa::path(put, path = "/logistics/shipment/edit", tag = "logistics", request_body = ShipmentForm,
    responses((status = 200, body = crate::platform::http::Envelope<ShipmentDetail>), (status = 400, description = "A field, or the order is no draft"), (status = 403), (status = 404), (status = 409)))]
pub async fn edit(Caller(state, me): Caller, ApiJson(mut form): ApiJson<ShipmentForm>) -> ApiResult<ShipmentDetail> {
    grants::require(&state, &me, &format!("{PERMISSION}:edit")).await?;
    let before = read::<Shipments>(&state, &me, form.id.as_deref().unwrap_or("")).await?;
    shipment::selection(&[(&before.serial_number, &before.shipment_status)], "edit")?;
    let prepared = prepare(&state, me.tenant_id, &before.customer_id, &mut form).await?;
    form::check(&form, Stage::Draft, &prepared.postal_pattern)?;
    let rows = form::rows(&form, prepared.divisor)?;
    let now = Utc::now().naive_utc();
    let mut sql = Sql::new("UPDATE logistics_shipment SET update_time = ");
    sql.bind(now).push(", update_by = ").bind(me.user.username.clone());
    for (column, value) in form_values(&form, &prepared, &rows) {
        sql.push(&format!(", {column} = ")).bind(value);
    }
    sql.push(" WHERE id = ").bind(before.id.clone()).push(" AND shipment_status = ").bind("draft");
    transaction!(data: &state.db, |tx| {
        let changed = on_tx!(tx, |c| sql.query().execute(c).await.map_err(|e| AppError::or_taken(
            e,
            "customerCode",
            MessageKey::CustomerCodeTaken
        ))?);
        if changed == 0 {
            return Err(AppError::conflict(MessageKey::Conflict));
        }
        on_tx!(tx, |c| diesel::delete(
            logistics_shipment_parcel::table.filter(logistics_shipment_parcel::shipment_id.eq(&before.id))
        )
        .execute(c)
        .await?);
        insert_parcels(tx, me.tenant_id, &before.id, &before.serial_number, &rows, now).await
    })?;
    let after = find::<Shipments>(&state, &me, &before.id).await?;
    logs::edited(&state.db, &me, "logistics:shipment:edit", &after.serial_number, &before, &after).await;
    ok(detail(&state, after).await?)
}

/// One order with its parcels, goods and quote.
#[utoipa::path(get, path = "/logistics/shipment/queryById", tag = "logistics", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<ShipmentDetail>), (status = 403), (status = 404)))]
pub async fn query_by_id(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<ShipmentDetail> {
    let record = read::<Shipments>(&state, &me, q.id.as_deref().unwrap_or("")).await?;
    ok(detail(&state, record).await?)
}

/// Deletes drafts (`id`, or `ids=a,b`): all or nothing; a selection with other orders is refused,
/// naming them.
#[utoipa::path(delete, path = "/logistics/shipment/delete", tag = "logistics", params(IdQuery),
    responses((status = 200), (status = 400, description = "The selection holds orders that are no drafts"), (status = 403), (status = 404)))]
pub async fn delete(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, &format!("{PERMISSION}:delete")).await?;
    let ids = crate::platform::http::page::require_ids(q.ids.as_deref().or(q.id.as_deref()).unwrap_or(""))?;
    let mut records = Vec::with_capacity(ids.len());
    for id in &ids {
        records.push(read::<Shipments>(&state, &me, id).await?);
    }
    let items: Vec<(&str, &str)> = records.iter().map(|r| (r.serial_number.as_str(), r.shipment_status.as_str())).collect();
    shipment::selection(&items, "delete")?;
    transaction!(data: &state.db, |tx| {
        for r in &records {
            let gone = on_tx!(tx, |c| diesel::delete(
                logistics_shipment::table
                    .filter(logistics_shipment::id.eq(&r.id))
                    .filter(logistics_shipment::shipment_status.eq("draft"))
            )
            .execute(c)
            .await?);
            if gone == 0 {
                return Err(AppError::conflict(MessageKey::Conflict));
            }
        }
        Ok(())
    })?;
    for r in &records {
        logs::deleted(&state.db, &me, "logistics:shipment:delete", &r.serial_number, r).await;
    }
    ok(())
}

#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CopyForm {
    #[serde(default)]
    pub id: String,
}

/// A new draft with an order's consignee, parcels and goods (without its numbers, reference and
/// charge).
#[utoipa::path(post, path = "/logistics/shipment/copy", tag = "logistics", request_body = CopyForm,
    responses((status = 200, body = crate::platform::http::Envelope<ShipmentDetail>), (status = 403), (status = 404)))]
pub async fn copy(Caller(state, me): Caller, ApiJson(form): ApiJson<CopyForm>) -> ApiResult<ShipmentDetail> {
    grants::require(&state, &me, &format!("{PERMISSION}:add")).await?;
    let source = read::<Shipments>(&state, &me, &form.id).await?;
    let customer = source.customer_id.clone();
    let mut copied = form_of(&detail(&state, source).await?);
    copied.id = None;
    copied.customer_code = None;
    let record = create(&state, &me, &customer, copied, "web").await?;
    ok(detail(&state, record).await?)
}

/// Deletes drafts (`ids=a,b`), as `delete` does.
#[utoipa::path(delete, path = "/logistics/shipment/deleteBatch", tag = "logistics", params(IdQuery),
    responses((status = 200), (status = 400, description = "The selection holds orders that are no drafts"), (status = 403), (status = 404)))]
pub async fn delete_batch(caller: Caller, query: ApiQuery<IdQuery>) -> ApiResult<()> {
    delete(caller, query).await
}

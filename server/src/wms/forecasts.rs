//! Inbound forecasts (`/wms/forecast/*`, advance shipping notices): a customer announces the SKUs
//! and pieces it sends to a warehouse; staff receive against it (each line's count, into a
//! location, usually the dock: stock `in` through the ledger), the differences kept as the lines'
//! discrepancies; putaway then moves the goods from the dock to their shelves (`/wms/stock/move`).
//! A forecast is edited or cancelled while nothing is received; staff close one received short.

use chrono::Utc;
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::wms::{self, FORECAST_STATUSES};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ledger::{self, Cause};
use super::locations::WmsLocations;
use super::skus::{WmsSkuRecord, WmsSkus};
use super::stock::{named, slot};
use crate::platform::caller::Caller;
use crate::platform::db::Tx;
use crate::platform::db::schema::{wms_forecast as f, wms_forecast_line as fl, wms_sku as k};
use crate::platform::http::page::{IdQuery, Order};
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, ok};
use crate::platform::resource::handlers::read;
use crate::platform::resource::{Field, Filter, Kind, Resource, Scope, customer_of};
use crate::platform::secrets;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{on_tx, transaction, with_conn};

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = f)]
#[serde(rename_all = "camelCase")]
pub struct WmsForecastRecord {
    pub id: String,
    pub customer_id: String,
    /// Its customer's user name.
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub customer_username: Option<String>,
    pub forecast_no: String,
    /// The warehouse's code.
    pub warehouse: String,
    pub reference: Option<String>,
    /// pending, receiving, received, cancelled.
    pub status: String,
    pub expected_total: i64,
    pub received_total: i64,
    pub remark: Option<String>,
    pub received_time: Option<DateTime>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

/// A forecast's line.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, Queryable)]
#[serde(rename_all = "camelCase")]
pub struct WmsForecastLineRecord {
    pub id: String,
    pub seq: i32,
    pub sku_id: String,
    pub sku_code: String,
    pub expected: i64,
    pub received: i64,
}

/// A forecast with its lines, each with its discrepancy (received − expected), and its SKUs' names.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WmsForecastDetail {
    #[serde(flatten)]
    pub record: WmsForecastRecord,
    pub lines: Vec<WmsForecastLineDetail>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WmsForecastLineDetail {
    #[serde(flatten)]
    pub line: WmsForecastLineRecord,
    pub name_zh: Option<String>,
    pub name_en: Option<String>,
    pub barcode: Option<String>,
    /// Received beyond (positive) or short of (negative) what was expected.
    pub discrepancy: i64,
}

pub struct WmsForecasts;

impl Resource for WmsForecasts {
    const PATH: &'static str = "/wms/forecast";
    const PERMISSION: &'static str = "wms:forecast";
    const NOUN: &'static str = "forecast";
    const PLURAL: &'static str = "forecasts";
    const TABLE: &'static str = "wms_forecast";
    const SCOPE: Scope = Scope::Customer;
    const SELECT: &'static str =
        "*, (SELECT u.username FROM sys_user u WHERE u.id = wms_forecast.customer_id) AS customer_username";
    const FIELDS: &'static [Field] = &[
        Field::text("forecastNo", "forecast_no").sortable().titled(MessageKey::FieldWmsForecastNo),
        Field::text("customerUsername", "customer_username").titled(MessageKey::FieldCustomer),
        Field::text("warehouse", "warehouse").sortable().titled(MessageKey::FieldWmsWarehouse),
        Field::text("reference", "reference").titled(MessageKey::FieldReference),
        Field::text("status", "status").sortable().titled(MessageKey::FieldState),
        Field::big("expectedTotal", "expected_total").sortable().titled(MessageKey::FieldWmsExpected),
        Field::big("receivedTotal", "received_total").sortable().titled(MessageKey::FieldWmsReceived),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::time("receivedTime", "received_time").sortable().titled(MessageKey::FieldRealTime),
        Field::text("customerId", "customer_id"),
        Field::text("createBy", "create_by").titled(MessageKey::FieldOperator),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
        Field::time("updateTime", "update_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like_upper("keyWord", &["forecast_no", "reference"], "Forecast or reference number, substring."),
        Filter::one_of("status", &["status"], FORECAST_STATUSES, Kind::Text, "The forecast's status."),
        Filter::exact("warehouse", &["warehouse"], "The warehouse's code."),
        Filter::exact("customerId", &["customer_id"], "Staff: the customer's id."),
        Filter::time_from("createTime_begin", &["create_time"], "Announced at or after."),
        Filter::time_until("createTime_end", &["create_time"], "Announced up to."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const HAS_UPDATE_BY: bool = true;
    /// Written by hand with their lines, in one transaction; never deleted (cancelled instead).
    const OMIT: &'static [&'static str] = &["queryById", "add", "edit", "delete", "deleteBatch", "importExcel"];

    crate::record_form!(WmsForecastRecord, crate::platform::resource::NoForm, forecast_no);

    async fn values(
        _: &AppState,
        _: &CurrentUser,
        _: &crate::platform::resource::NoForm,
        _: Option<&WmsForecastRecord>,
    ) -> crate::platform::resource::Checked {
        Err(AppError::method_not_allowed())
    }
}

/// A forecast to add, or its edit (while nothing is received).
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WmsForecastForm {
    pub id: Option<String>,
    /// Staff: the customer it is for.
    pub customer_id: Option<String>,
    #[serde(default)]
    pub warehouse: String,
    pub reference: Option<String>,
    #[serde(default)]
    pub lines: Vec<WmsForecastLineForm>,
    pub remark: Option<String>,
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WmsForecastLineForm {
    #[serde(default)]
    pub sku_id: String,
    /// Pieces expected (a number or its text).
    #[schema(value_type = String)]
    #[serde(default)]
    pub quantity: serde_json::Value,
}

/// The lines of a forecast, in order.
async fn lines_of(state: &AppState, forecast_id: &str) -> Result<Vec<WmsForecastLineRecord>, AppError> {
    Ok(with_conn!(&state.db, |conn| {
        fl::table
            .filter(fl::forecast_id.eq(forecast_id))
            .order(fl::seq.asc())
            .select((fl::id, fl::seq, fl::sku_id, fl::sku_code, fl::expected, fl::received))
            .load::<WmsForecastLineRecord>(conn)
            .await?
    }))
}

/// A forecast with its lines, as `queryById` answers it.
async fn detail(state: &AppState, record: WmsForecastRecord) -> Result<WmsForecastDetail, AppError> {
    let lines = lines_of(state, &record.id).await?;
    let ids: Vec<String> = lines.iter().map(|l| l.sku_id.clone()).collect();
    let names: Vec<(String, String, String, Option<String>)> = with_conn!(&state.db, |conn| {
        k::table.filter(k::id.eq_any(&ids)).select((k::id, k::name_zh, k::name_en, k::barcode)).load(conn).await?
    });
    let lines = lines
        .into_iter()
        .map(|line| {
            let named = names.iter().find(|n| n.0 == line.sku_id);
            WmsForecastLineDetail {
                name_zh: named.map(|n| n.1.clone()),
                name_en: named.map(|n| n.2.clone()),
                barcode: named.and_then(|n| n.3.clone()),
                discrepancy: wms::discrepancy(line.expected, line.received),
                line,
            }
        })
        .collect();
    Ok(WmsForecastDetail { record, lines })
}

/// One forecast with its lines.
#[utoipa::path(get, path = "/wms/forecast/queryById", tag = "wms", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<WmsForecastDetail>), (status = 403), (status = 404)))]
pub async fn query_by_id(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<WmsForecastDetail> {
    let record = read::<WmsForecasts>(&state, &me, q.id.as_deref().unwrap_or("")).await?;
    ok(detail(&state, record).await?)
}

/// The form's lines checked by core, each SKU the customer's own.
async fn checked(
    state: &AppState,
    me: &CurrentUser,
    form: &WmsForecastForm,
    customer_id: &str,
) -> Result<(wms::Forecast, Vec<WmsSkuRecord>), AppError> {
    let lines: Vec<serde_json::Value> =
        form.lines.iter().map(|l| serde_json::json!({"skuId": l.sku_id, "quantity": l.quantity})).collect();
    let value =
        serde_json::json!({"warehouse": form.warehouse, "reference": form.reference, "lines": lines, "remark": form.remark});
    let forecast = wms::forecast(&(&value).into())?;
    let mut skus = Vec::with_capacity(forecast.lines.len());
    for (i, line) in forecast.lines.iter().enumerate() {
        let field = format!("lines[{i}].skuId");
        let sku = named::<WmsSkus>(state, me, &field, "@field_sku", &line.sku_id).await?;
        if sku.customer_id != customer_id {
            return Err(AppError::field(&field, MessageKey::WmsOtherCustomer).with("sku", sku.sku_code.clone()));
        }
        skus.push(sku);
    }
    Ok((forecast, skus))
}

/// Writes the forecast's lines (an edit replaces them).
async fn write_lines(
    tx: &mut Tx<'_>,
    tenant_id: i32,
    forecast_id: &str,
    customer_id: &str,
    forecast: &wms::Forecast,
    skus: &[WmsSkuRecord],
) -> Result<(), AppError> {
    on_tx!(tx, |c| diesel::delete(fl::table.filter(fl::forecast_id.eq(forecast_id))).execute(c).await?);
    for (i, (line, sku)) in forecast.lines.iter().zip(skus).enumerate() {
        on_tx!(tx, |c| diesel::insert_into(fl::table)
            .values((
                fl::id.eq(secrets::new_id()),
                fl::tenant_id.eq(tenant_id),
                fl::forecast_id.eq(forecast_id),
                fl::customer_id.eq(customer_id),
                fl::seq.eq(i as i32 + 1),
                fl::sku_id.eq(&sku.id),
                fl::sku_code.eq(&sku.sku_code),
                fl::expected.eq(line.quantity),
                fl::received.eq(0i64),
            ))
            .execute(c)
            .await?);
    }
    Ok(())
}

/// A customer announces goods (staff for a customer they name).
#[utoipa::path(post, path = "/wms/forecast/add", tag = "wms", request_body = WmsForecastForm,
    responses((status = 200, body = crate::platform::http::Envelope<WmsForecastDetail>),
        (status = 400, description = "A field (named)"), (status = 403)))]
pub async fn add(Caller(state, me): Caller, ApiJson(form): ApiJson<WmsForecastForm>) -> ApiResult<WmsForecastDetail> {
    grants::require(&state, &me, "wms:forecast:add").await?;
    let customer_id = match customer_of(&me) {
        Some(id) => id,
        None => {
            crate::platform::resource::CUSTOMER.check(&state.db, me.tenant_id, "customerId", form.customer_id.as_deref()).await?
        }
    };
    let (forecast, skus) = checked(&state, &me, &form, &customer_id).await?;
    let id = secrets::new_id();
    let forecast_no = crate::shipment::orders::numbers::daily(&state.db, me.tenant_id, "wms_forecast", "ASN").await?;
    let now = Utc::now().naive_utc();
    let total: i64 = forecast.lines.iter().map(|l| l.quantity).sum();
    transaction!(data: &state.db, |tx| {
        on_tx!(tx, |c| diesel::insert_into(f::table)
            .values((
                f::id.eq(&id),
                f::tenant_id.eq(me.tenant_id),
                f::customer_id.eq(&customer_id),
                f::forecast_no.eq(&forecast_no),
                f::warehouse.eq(&forecast.warehouse),
                f::reference.eq(&forecast.reference),
                f::status.eq("pending"),
                f::expected_total.eq(total),
                f::received_total.eq(0i64),
                f::remark.eq(&forecast.remark),
                f::create_by.eq(&me.user.username),
                f::create_time.eq(now),
            ))
            .execute(c)
            .await?);
        write_lines(tx, me.tenant_id, &id, &customer_id, &forecast, &skus).await
    })?;
    let after = read::<WmsForecasts>(&state, &me, &id).await?;
    logs::operation(&state.db, &me, logs::Operation::added("wms:forecast:add", &after.forecast_no, &after)).await;
    ok(detail(&state, after).await?)
}

/// Changes a forecast while nothing of it is received (its lines replaced).
#[utoipa::path(post, path = "/wms/forecast/edit", tag = "wms", request_body = WmsForecastForm,
    responses((status = 200, body = crate::platform::http::Envelope<WmsForecastDetail>),
        (status = 400, description = "A field (named)"), (status = 403), (status = 404), (status = 409)))]
pub async fn edit(Caller(state, me): Caller, ApiJson(form): ApiJson<WmsForecastForm>) -> ApiResult<WmsForecastDetail> {
    grants::require(&state, &me, "wms:forecast:edit").await?;
    let before = read::<WmsForecasts>(&state, &me, form.id.as_deref().unwrap_or("")).await?;
    let (forecast, skus) = checked(&state, &me, &form, &before.customer_id).await?;
    let total: i64 = forecast.lines.iter().map(|l| l.quantity).sum();
    let now = Utc::now().naive_utc();
    transaction!(data: &state.db, |tx| {
        let changed = on_tx!(tx, |c| diesel::update(
            f::table.filter(f::id.eq(&before.id)).filter(f::tenant_id.eq(me.tenant_id)).filter(f::status.eq("pending"))
        )
        .set((
            f::warehouse.eq(&forecast.warehouse),
            f::reference.eq(&forecast.reference),
            f::expected_total.eq(total),
            f::remark.eq(&forecast.remark),
            f::update_by.eq(&me.user.username),
            f::update_time.eq(now),
        ))
        .execute(c)
        .await?);
        if changed == 0 {
            return Err(closed(&before));
        }
        write_lines(tx, me.tenant_id, &before.id, &before.customer_id, &forecast, &skus).await
    })?;
    let after = read::<WmsForecasts>(&state, &me, &before.id).await?;
    logs::edited(&state.db, &me, "wms:forecast:edit", &after.forecast_no, &before, &after).await;
    ok(detail(&state, after).await?)
}

fn closed(record: &WmsForecastRecord) -> AppError {
    AppError::conflict(MessageKey::WmsForecastClosed)
        .with("forecastNo", record.forecast_no.clone())
        .with("status", format!("@wms_forecast_{}", record.status))
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WmsForecastStep {
    #[serde(default)]
    pub id: String,
    pub remark: Option<String>,
}

/// Moves a forecast from one of `from` to `to` by a conditional update (someone acting first
/// makes it a 409).
async fn step(state: &AppState, me: &CurrentUser, record: &WmsForecastRecord, from: &[&str], to: &str) -> Result<(), AppError> {
    let now = Utc::now().naive_utc();
    let from: Vec<String> = from.iter().map(|s| (*s).to_owned()).collect();
    let changed = with_conn!(&state.db, |conn| {
        diesel::update(
            f::table.filter(f::id.eq(&record.id)).filter(f::tenant_id.eq(me.tenant_id)).filter(f::status.eq_any(&from)),
        )
        .set((f::status.eq(to), f::update_by.eq(&me.user.username), f::update_time.eq(now)))
        .execute(conn)
        .await?
    });
    if changed == 0 {
        return Err(closed(record));
    }
    Ok(())
}

/// Cancels a forecast nothing of which is received (the customer, or staff).
#[utoipa::path(post, path = "/wms/forecast/cancel", tag = "wms", request_body = WmsForecastStep,
    responses((status = 200, body = crate::platform::http::Envelope<WmsForecastDetail>), (status = 403), (status = 404), (status = 409)))]
pub async fn cancel(Caller(state, me): Caller, ApiJson(form): ApiJson<WmsForecastStep>) -> ApiResult<WmsForecastDetail> {
    grants::require(&state, &me, "wms:forecast:edit").await?;
    let record = read::<WmsForecasts>(&state, &me, &form.id).await?;
    step(&state, &me, &record, &["pending"], "cancelled").await?;
    let after = read::<WmsForecasts>(&state, &me, &record.id).await?;
    logs::edited(&state.db, &me, "wms:forecast:cancel", &after.forecast_no, &record, &after).await;
    ok(detail(&state, after).await?)
}

/// Staff close a forecast received short: what is missing stays its lines' discrepancy.
#[utoipa::path(post, path = "/wms/forecast/close", tag = "wms", request_body = WmsForecastStep,
    responses((status = 200, body = crate::platform::http::Envelope<WmsForecastDetail>), (status = 403), (status = 404), (status = 409)))]
pub async fn close(Caller(state, me): Caller, ApiJson(form): ApiJson<WmsForecastStep>) -> ApiResult<WmsForecastDetail> {
    grants::require(&state, &me, "wms:forecast:receive").await?;
    let record = read::<WmsForecasts>(&state, &me, &form.id).await?;
    step(&state, &me, &record, &["receiving"], "received").await?;
    let after = read::<WmsForecasts>(&state, &me, &record.id).await?;
    logs::edited(&state.db, &me, "wms:forecast:close", &after.forecast_no, &record, &after).await;
    ok(detail(&state, after).await?)
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WmsReceiveForm {
    #[serde(default)]
    pub id: String,
    /// Where the goods are put (the dock, usually).
    #[serde(default)]
    pub location_id: String,
    #[serde(default)]
    pub lines: Vec<WmsReceiveLine>,
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WmsReceiveLine {
    #[serde(default)]
    pub line_id: String,
    /// Pieces counted now (0 for a line not in this delivery).
    #[schema(value_type = String)]
    #[serde(default)]
    pub quantity: serde_json::Value,
}

/// Staff receive goods against a forecast: each line's pieces counted now go into the location
/// (stock `in`, logged with the forecast's number), the lines' received counts grow, and the
/// forecast becomes `receiving` or, every line complete, `received`. One transaction.
#[utoipa::path(post, path = "/wms/forecast/receive", tag = "wms", request_body = WmsReceiveForm,
    responses((status = 200, body = crate::platform::http::Envelope<WmsForecastDetail>),
        (status = 400, description = "A field (named)"), (status = 403), (status = 404),
        (status = 409, description = "The forecast is closed; the location is full")))]
pub async fn receive(Caller(state, me): Caller, ApiJson(form): ApiJson<WmsReceiveForm>) -> ApiResult<WmsForecastDetail> {
    grants::require(&state, &me, "wms:forecast:receive").await?;
    let record = read::<WmsForecasts>(&state, &me, &form.id).await?;
    if !matches!(record.status.as_str(), "pending" | "receiving") {
        return Err(closed(&record));
    }
    let lines: Vec<serde_json::Value> =
        form.lines.iter().map(|l| serde_json::json!({"lineId": l.line_id, "quantity": l.quantity})).collect();
    let (location_id, received) = wms::receiving(&(&serde_json::json!({"locationId": form.location_id, "lines": lines})).into())?;
    let location = named::<WmsLocations>(&state, &me, "locationId", "@field_wms_location", &location_id).await?;
    let known = lines_of(&state, &record.id).await?;
    let mut plan = Vec::new();
    for (i, r) in received.iter().enumerate() {
        let Some(line) = known.iter().find(|l| l.id == r.line_id) else {
            return Err(AppError::field(&format!("lines[{i}].lineId"), MessageKey::WmsUnknown).with("field", "@field_sku"));
        };
        if r.quantity > 0 {
            plan.push((line, r.quantity));
        }
    }
    let skus: Vec<WmsSkuRecord> = {
        let mut found = Vec::with_capacity(plan.len());
        for (line, _) in &plan {
            found.push(crate::platform::resource::handlers::find_in_tenant::<WmsSkus>(&state, me.tenant_id, &line.sku_id).await?);
        }
        found
    };
    let now = Utc::now().naive_utc();
    let operator = me.user.username.clone();
    transaction!(data: &state.db, |tx| {
        // Still open: a close or cancel meanwhile stops the receipt.
        let open = on_tx!(tx, |c| diesel::update(
            f::table.filter(f::id.eq(&record.id)).filter(f::status.eq_any(["pending", "receiving"]))
        )
        .set((f::update_by.eq(&operator), f::update_time.eq(now)))
        .execute(c)
        .await?);
        if open == 0 {
            return Err(closed(&record));
        }
        let cause = Cause {
            kind: "in",
            reason: None,
            ref_type: "forecast",
            ref_no: Some(&record.forecast_no),
            remark: None,
            operator: &operator,
        };
        for ((line, pieces), sku) in plan.iter().zip(&skus) {
            on_tx!(tx, |c| diesel::update(fl::table.filter(fl::id.eq(&line.id)))
                .set(fl::received.eq(fl::received + *pieces))
                .execute(c)
                .await?);
            ledger::apply(tx, &slot(sku, &location, me.tenant_id), *pieces, &cause).await?;
        }
        let counts: Vec<(i64, i64)> = on_tx!(tx, |c| fl::table
            .filter(fl::forecast_id.eq(&record.id))
            .select((fl::expected, fl::received))
            .load(c)
            .await?);
        let status = wms::forecast_status(&counts);
        let total: i64 = counts.iter().map(|(_, r)| r).sum();
        on_tx!(tx, |c| diesel::update(f::table.filter(f::id.eq(&record.id)))
            .set((f::status.eq(status), f::received_total.eq(total), f::received_time.eq(Some(now))))
            .execute(c)
            .await?);
        Ok::<(), AppError>(())
    })?;
    let after = read::<WmsForecasts>(&state, &me, &record.id).await?;
    logs::edited(&state.db, &me, "wms:forecast:receive", &after.forecast_no, &record, &after).await;
    ok(detail(&state, after).await?)
}

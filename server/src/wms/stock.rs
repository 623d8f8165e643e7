//! Stock (`/wms/stock/*`, the SKU-location list) and its log (`/wms/stockLog/*`), both read by the
//! layer (a customer its own, staff the tenant's); staff move stock by hand through
//! `/wms/stock/move` (goods in, out, between locations as a putaway, adjusted after a count),
//! each change through the ledger; `/wms/stock/reconcile` proves the log sums to the stock.

use diesel::QueryableByName;
use logistics_core::MessageKey;
use logistics_core::wms::{self, ADJUST_REASONS, MOVE_KINDS};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ledger::{self, Cause, Slot, WmsReconciliation};
use super::locations::{WmsLocationRecord, WmsLocations};
use super::skus::{WmsSkuRecord, WmsSkus};
use crate::platform::caller::Caller;
use crate::platform::db::schema::{wms_stock, wms_stock_log};
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiResult, AppError, ok};
use crate::platform::resource::handlers::{all, find};
use crate::platform::resource::sql::{Sql, Value};
use crate::platform::resource::{Field, Filter, Kind, Resource, Scope};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::transaction;

/// One SKU's stock at one location.
#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = wms_stock)]
#[serde(rename_all = "camelCase")]
pub struct WmsStockRecord {
    pub id: String,
    pub customer_id: String,
    pub sku_id: String,
    pub sku_code: String,
    /// The SKU's names.
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub name_zh: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub name_en: Option<String>,
    pub location_id: String,
    pub location_code: String,
    /// The location's type.
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub location_type: Option<String>,
    /// On hand.
    pub quantity: i64,
    /// Allocated to orders not picked yet.
    pub allocated: i64,
    /// On hand and not allocated.
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub available: i64,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

pub struct WmsStock;

impl Resource for WmsStock {
    const PATH: &'static str = "/wms/stock";
    const PERMISSION: &'static str = "wms:stock";
    const NOUN: &'static str = "stock";
    const PLURAL: &'static str = "stock";
    const TABLE: &'static str = "wms_stock";
    const SCOPE: Scope = Scope::Customer;
    const SELECT: &'static str = "*, quantity - allocated AS available, \
        (SELECT k.name_zh FROM wms_sku k WHERE k.id = wms_stock.sku_id) AS name_zh, \
        (SELECT k.name_en FROM wms_sku k WHERE k.id = wms_stock.sku_id) AS name_en, \
        (SELECT l.location_type FROM wms_location l WHERE l.id = wms_stock.location_id) AS location_type";
    const FIELDS: &'static [Field] = &[
        Field::text("skuCode", "sku_code").sortable().titled(MessageKey::FieldSku),
        Field::text("nameZh", "name_zh").titled(MessageKey::FieldNameZh),
        Field::text("nameEn", "name_en").titled(MessageKey::FieldNameEn),
        Field::text("locationCode", "location_code").sortable().titled(MessageKey::FieldWmsLocation),
        Field::big("quantity", "quantity").sortable().titled(MessageKey::FieldWmsQuantity),
        Field::big("allocated", "allocated").sortable().titled(MessageKey::FieldWmsAllocated),
        Field::big("available", "available").titled(MessageKey::FieldAvailable),
        Field::text("skuId", "sku_id"),
        Field::text("locationId", "location_id"),
        Field::text("customerId", "customer_id"),
        Field::time("updateTime", "update_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like_upper("keyWord", &["sku_code", "location_code"], "SKU or location code, substring."),
        Filter::exact("skuId", &["sku_id"], "One SKU's id."),
        Filter::exact("locationId", &["location_id"], "One location's id."),
        Filter::any_of("skuCodes", &["sku_code"], 500, "SKU codes, separated by spaces, line breaks or commas."),
        Filter::positive("inStock", &["quantity"], "true: only rows holding pieces; false: only emptied rows."),
        Filter::exact("customerId", &["customer_id"], "Staff: the customer's id."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("skuCode", Order::Asc);
    const DATA_RULES: bool = false;

    crate::read_only!(WmsStockRecord, |r| format!("{} @ {}", r.sku_code, r.location_code));
}

/// A line of the stock log.
#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = wms_stock_log)]
#[serde(rename_all = "camelCase")]
pub struct WmsStockLogRecord {
    pub id: String,
    pub customer_id: String,
    pub sku_id: String,
    pub sku_code: String,
    pub location_id: String,
    pub location_code: String,
    /// in, out, move, adjust.
    pub kind: String,
    /// Pieces, signed: what came to (positive) or left (negative) the location.
    pub quantity: i64,
    /// The pieces there after it.
    pub balance: i64,
    /// adjust: count, damaged, lost, found, other.
    pub reason: Option<String>,
    /// manual, forecast, order.
    pub ref_type: String,
    pub ref_no: Option<String>,
    pub remark: Option<String>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
}

pub struct WmsStockLogs;

impl Resource for WmsStockLogs {
    const PATH: &'static str = "/wms/stockLog";
    const PERMISSION: &'static str = "wms:stockLog";
    const NOUN: &'static str = "stock log line";
    const PLURAL: &'static str = "stockLog";
    const TABLE: &'static str = "wms_stock_log";
    const SCOPE: Scope = Scope::Customer;
    const FIELDS: &'static [Field] = &[
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
        Field::text("skuCode", "sku_code").sortable().titled(MessageKey::FieldSku),
        Field::text("locationCode", "location_code").sortable().titled(MessageKey::FieldWmsLocation),
        Field::text("kind", "kind").sortable().titled(MessageKey::FieldWmsMoveKind),
        Field::big("quantity", "quantity").titled(MessageKey::FieldQuantity),
        Field::big("balance", "balance").titled(MessageKey::FieldWmsBalance),
        Field::text("reason", "reason").titled(MessageKey::FieldReason),
        Field::text("refType", "ref_type"),
        Field::text("refNo", "ref_no").titled(MessageKey::FieldReference),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::text("createBy", "create_by").titled(MessageKey::FieldOperator),
        Field::text("skuId", "sku_id"),
        Field::text("locationId", "location_id"),
        Field::text("customerId", "customer_id"),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like_upper("keyWord", &["sku_code", "location_code", "ref_no"], "SKU, location or document number, substring."),
        Filter::one_of("kind", &["kind"], MOVE_KINDS, Kind::Text, "in, out, move or adjust."),
        Filter::one_of("reason", &["reason"], ADJUST_REASONS, Kind::Text, "An adjustment's reason."),
        Filter::exact("skuId", &["sku_id"], "One SKU's id."),
        Filter::exact("locationId", &["location_id"], "One location's id."),
        Filter::exact("customerId", &["customer_id"], "Staff: the customer's id."),
        Filter::time_from("createTime_begin", &["create_time"], "At or after."),
        Filter::time_until("createTime_end", &["create_time"], "Up to."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);

    crate::read_only!(WmsStockLogRecord, |r| format!("{} @ {}", r.sku_code, r.location_code));
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WmsMoveForm {
    /// in, out, move, adjust.
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub sku_id: String,
    #[serde(default)]
    pub location_id: String,
    /// move: where to.
    pub to_location_id: Option<String>,
    /// Pieces; an adjustment's is signed.
    #[schema(value_type = String)]
    #[serde(default)]
    pub quantity: serde_json::Value,
    /// adjust: count, damaged, lost, found, other.
    pub reason: Option<String>,
    pub remark: Option<String>,
}

/// The SKU-location rows a movement touched, as they are after it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WmsMoved {
    pub rows: Vec<WmsStockRecord>,
}

/// A record of `R` in the caller's tenant or customer, else the field's "no such" error.
pub async fn named<R: Resource>(
    state: &AppState,
    me: &CurrentUser,
    field: &str,
    label: &'static str,
    id: &str,
) -> Result<R::Record, AppError> {
    find::<R>(state, me, id).await.map_err(|_| AppError::field(field, MessageKey::WmsUnknown).with("field", label))
}

/// The slot of `sku` at `location`.
pub fn slot<'a>(sku: &'a WmsSkuRecord, location: &'a WmsLocationRecord, tenant_id: i32) -> Slot<'a> {
    Slot {
        tenant_id,
        customer_id: &sku.customer_id,
        sku_id: &sku.id,
        sku_code: &sku.sku_code,
        location_id: &location.id,
        location_code: &location.code,
    }
}

/// The stock rows of `sku_id` at `locations`, as the list shows them.
pub async fn rows(state: &AppState, me: &CurrentUser, sku_id: &str, locations: &[&str]) -> Result<Vec<WmsStockRecord>, AppError> {
    let mut conditions = Sql::new(" AND sku_id = ");
    conditions.bind(Value::Text(sku_id.to_owned()));
    conditions.push(" AND location_id IN ");
    conditions.bind_list(locations.iter().map(|l| Value::Text((*l).to_owned())));
    all::<WmsStock>(state, me, conditions, " ORDER BY location_code").await
}

/// Staff move stock by hand: goods in or out at a location, from one location to another (a
/// putaway from the dock), or an adjustment after a count, with its reason. Each change goes
/// through the ledger in one transaction: a take beyond the free pieces or a put beyond a
/// location's room changes nothing.
#[utoipa::path(post, path = "/wms/stock/move", tag = "wms", request_body = WmsMoveForm,
    responses((status = 200, body = crate::platform::http::Envelope<WmsMoved>),
        (status = 400, description = "A field (named): an unknown SKU or location"), (status = 403),
        (status = 409, description = "Not enough free stock; the location is full")))]
pub async fn move_stock(Caller(state, me): Caller, ApiJson(form): ApiJson<WmsMoveForm>) -> ApiResult<WmsMoved> {
    grants::require(&state, &me, "wms:stock:move").await?;
    let value = serde_json::json!({
        "kind": form.kind,
        "skuId": form.sku_id,
        "locationId": form.location_id,
        "toLocationId": form.to_location_id,
        "quantity": form.quantity,
        "reason": form.reason,
        "remark": form.remark,
    });
    let m = wms::movement(&(&value).into())?;
    let sku = named::<WmsSkus>(&state, &me, "skuId", "@field_sku", &m.sku_id).await?;
    let from = named::<WmsLocations>(&state, &me, "locationId", "@field_wms_location", &m.location_id).await?;
    let to = match &m.to_location_id {
        Some(id) => Some(named::<WmsLocations>(&state, &me, "toLocationId", "@field_wms_to_location", id).await?),
        None => None,
    };
    let cause = Cause {
        kind: &m.kind,
        reason: m.reason.as_deref(),
        ref_type: "manual",
        ref_no: None,
        remark: m.remark.as_deref(),
        operator: &me.user.username,
    };
    let tenant = me.tenant_id;
    transaction!(data: &state.db, |tx| {
        match (m.kind.as_str(), &to) {
            ("in", _) => ledger::apply(tx, &slot(&sku, &from, tenant), m.quantity, &cause).await?,
            ("out", _) => ledger::apply(tx, &slot(&sku, &from, tenant), -m.quantity, &cause).await?,
            ("move", Some(to)) => {
                ledger::lock_locations(tx, &[from.id.as_str(), to.id.as_str()]).await?;
                ledger::apply(tx, &slot(&sku, &from, tenant), -m.quantity, &cause).await?;
                ledger::apply(tx, &slot(&sku, to, tenant), m.quantity, &cause).await?
            }
            _ => ledger::apply(tx, &slot(&sku, &from, tenant), m.quantity, &cause).await?,
        };
        Ok::<(), AppError>(())
    })?;
    let mut touched = vec![from.id.as_str()];
    if let Some(t) = &to {
        touched.push(t.id.as_str());
    }
    ok(WmsMoved { rows: rows(&state, &me, &sku.id, &touched).await? })
}

/// Whether the stock log sums to the stock, row by row, and each location's count to its stock
/// (the tenant's).
#[utoipa::path(get, path = "/wms/stock/reconcile", tag = "wms",
    responses((status = 200, body = crate::platform::http::Envelope<WmsReconciliation>), (status = 403)))]
pub async fn reconcile(Caller(state, me): Caller) -> ApiResult<WmsReconciliation> {
    grants::require(&state, &me, "wms:stock:move").await?;
    ok(ledger::reconcile(&state.db, Some(me.tenant_id)).await?)
}

//! SKUs (`/wms/sku/*`): the goods a customer stores, by its own code, with a barcode (a GTIN's
//! check digit verified by core), names in both languages, one unit's size, weight, HS code and
//! declared value (`wms::sku`). The code is unique per customer; a SKU with stock or a forecast
//! is not deleted (its log names it).

use diesel::QueryableByName;
use logistics_core::MessageKey;
use logistics_core::decimal::plain;
use logistics_core::wms;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::db::schema::{wms_allocation, wms_forecast_line, wms_sku, wms_stock};
use crate::platform::http::AppError;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::resource::{Checked, Field, Filter, Resource, Scope};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::with_conn;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = wms_sku)]
#[serde(rename_all = "camelCase")]
pub struct WmsSkuRecord {
    pub id: String,
    pub customer_id: String,
    pub sku_code: String,
    pub barcode: Option<String>,
    pub name_zh: String,
    pub name_en: String,
    /// One unit, centimetres (decimal text).
    pub length: String,
    pub width: String,
    pub height: String,
    /// One unit, kilograms (decimal text).
    pub weight: String,
    pub hs_code: Option<String>,
    /// One unit's declared value (decimal text) in `currency`.
    pub declared_value: String,
    pub currency: String,
    pub remark: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WmsSkuForm {
    pub id: Option<String>,
    /// Staff: the customer it is for.
    pub customer_id: Option<String>,
    #[serde(default)]
    pub sku_code: String,
    pub barcode: Option<String>,
    #[serde(default)]
    pub name_zh: String,
    #[serde(default)]
    pub name_en: String,
    #[schema(value_type = String)]
    #[serde(default)]
    pub length: serde_json::Value,
    #[schema(value_type = String)]
    #[serde(default)]
    pub width: serde_json::Value,
    #[schema(value_type = String)]
    #[serde(default)]
    pub height: serde_json::Value,
    #[schema(value_type = String)]
    #[serde(default)]
    pub weight: serde_json::Value,
    pub hs_code: Option<String>,
    #[schema(value_type = String)]
    #[serde(default)]
    pub declared_value: serde_json::Value,
    #[serde(default)]
    pub currency: String,
    pub remark: Option<String>,
}

pub struct WmsSkus;

impl Resource for WmsSkus {
    const PATH: &'static str = "/wms/sku";
    const PERMISSION: &'static str = "wms:sku";
    const NOUN: &'static str = "SKU";
    const PLURAL: &'static str = "skus";
    const TABLE: &'static str = "wms_sku";
    const SCOPE: Scope = Scope::Customer;
    const FIELDS: &'static [Field] = &[
        Field::text("skuCode", "sku_code").sortable().titled(MessageKey::FieldSku),
        Field::text("barcode", "barcode").titled(MessageKey::FieldWmsBarcode),
        Field::text("nameZh", "name_zh").titled(MessageKey::FieldNameZh),
        Field::text("nameEn", "name_en").sortable().titled(MessageKey::FieldNameEn),
        Field::text("length", "length").titled(MessageKey::FieldLength),
        Field::text("width", "width").titled(MessageKey::FieldWidth),
        Field::text("height", "height").titled(MessageKey::FieldHeight),
        Field::text("weight", "weight").titled(MessageKey::FieldWeightKg),
        Field::text("hsCode", "hs_code").titled(MessageKey::FieldHsCode),
        Field::text("declaredValue", "declared_value").titled(MessageKey::FieldUnitPrice),
        Field::text("currency", "currency").titled(MessageKey::FieldCurrency),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::text("customerId", "customer_id"),
        Field::time("createTime", "create_time").sortable(),
        Field::time("updateTime", "update_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like_upper("keyWord", &["sku_code", "barcode"], "SKU code or barcode, substring."),
        Filter::like("name", &["name_zh", "name_en"], "A name, substring."),
        Filter::any_of(
            "barcodes",
            &["barcode", "sku_code"],
            500,
            "Scanned barcodes or SKU codes, separated by spaces, line breaks or commas.",
        ),
        Filter::exact("customerId", &["customer_id"], "Staff: the customer's id."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("skuCode", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("skuCode", MessageKey::CodeTaken));
    const HAS_UPDATE_BY: bool = true;
    const IN_USE_BY: &'static [(&'static str, &'static str)] = &[("wms_stock", "sku_id"), ("wms_forecast_line", "sku_id")];
    /// The stock, log and forecast pages pick SKUs.
    const ALSO_LISTED_BY: &'static [&'static str] = &["wms:stock:list", "wms:forecast:list"];

    crate::record_form!(WmsSkuRecord, WmsSkuForm, sku_code);

    async fn values(state: &AppState, me: &CurrentUser, form: &WmsSkuForm, before: Option<&WmsSkuRecord>) -> Checked {
        let mut values = crate::shipment::address::customer_value(
            state,
            me,
            form.customer_id.as_deref(),
            before.map(|b| b.customer_id.as_str()),
        )
        .await?;
        let value = serde_json::json!({
            "skuCode": form.sku_code,
            "barcode": form.barcode,
            "nameZh": form.name_zh,
            "nameEn": form.name_en,
            "length": form.length,
            "width": form.width,
            "height": form.height,
            "weight": form.weight,
            "hsCode": form.hs_code,
            "declaredValue": form.declared_value,
            "currency": form.currency,
            "remark": form.remark,
        });
        let s = wms::sku(&(&value).into())?;
        // The stock, its log and the orders name the SKU by its code: it stays while they do.
        if let Some(b) = before
            && b.sku_code != s.sku_code
            && named_by(state, &b.id).await?
        {
            return Err(AppError::field("skuCode", MessageKey::WmsSkuRecode).with("sku", b.sku_code.clone()));
        }
        values.extend([
            ("sku_code", s.sku_code.into()),
            ("barcode", s.barcode.into()),
            ("name_zh", s.name_zh.into()),
            ("name_en", s.name_en.into()),
            ("length", plain(s.length).into()),
            ("width", plain(s.width).into()),
            ("height", plain(s.height).into()),
            ("weight", plain(s.weight).into()),
            ("hs_code", s.hs_code.into()),
            ("declared_value", plain(s.declared_value).into()),
            ("currency", s.currency.into()),
            ("remark", s.remark.into()),
        ]);
        Ok(values)
    }
}

/// Whether stock, a forecast or an order names the SKU.
async fn named_by(state: &AppState, sku_id: &str) -> Result<bool, AppError> {
    use diesel::prelude::*;
    use diesel_async::RunQueryDsl;
    let (stock, lines, orders): (i64, i64, i64) = with_conn!(&state.db, |conn| (
        wms_stock::table.filter(wms_stock::sku_id.eq(sku_id)).count().get_result(conn).await?,
        wms_forecast_line::table.filter(wms_forecast_line::sku_id.eq(sku_id)).count().get_result(conn).await?,
        wms_allocation::table.filter(wms_allocation::sku_id.eq(sku_id)).count().get_result(conn).await?,
    ));
    Ok(stock + lines + orders > 0)
}

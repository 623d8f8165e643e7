//! The product catalogue (`/logistics/parcelProduct/*`): a customer's goods as it declares them
//! (SKU, descriptions in both languages, HS codes, unit value and weight), checked by core's rules
//! for a declared item, so an order's goods can be filled from it. The SKU is unique per customer;
//! the layer's import and export move the whole catalogue as a workbook.

use diesel::QueryableByName;
use logistics_core::MessageKey;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::orders::form::{ShipmentProductForm, clean, core_value, stored};
use crate::platform::db::schema::logistics_parcel_product;
use crate::platform::http::AppError;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::resource::{Checked, Field, Filter, Resource, Scope};
use crate::state::AppState;
use crate::system::auth::CurrentUser;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = logistics_parcel_product)]
#[serde(rename_all = "camelCase")]
pub struct ParcelProductRecord {
    pub id: String,
    pub customer_id: String,
    pub sku: String,
    pub lc_hscode: Option<String>,
    pub fr_hscode: Option<String>,
    pub lc_name: Option<String>,
    pub fr_name: String,
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
    /// Kilograms (decimal text).
    pub unit_weight: String,
    /// The declared value of one unit (decimal text).
    pub unit_price: String,
    pub unit: Option<String>,
    pub remark: Option<String>,
    pub create_time: DateTime,
}

/// A catalogue product: a declared item's fields (no quantity), the SKU, English description,
/// unit value and unit weight required.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParcelProductForm {
    pub id: Option<String>,
    /// Staff: the customer it is for.
    pub customer_id: Option<String>,
    #[serde(flatten)]
    pub product: ShipmentProductForm,
}

pub struct ParcelProducts;

impl Resource for ParcelProducts {
    const PATH: &'static str = "/logistics/parcelProduct";
    const PERMISSION: &'static str = "logistics:parcelProduct";
    const NOUN: &'static str = "product";
    const PLURAL: &'static str = "products";
    const TABLE: &'static str = "logistics_parcel_product";
    const SCOPE: Scope = Scope::Customer;
    // Headings name one field each (the import reads them back): the local-language twins of a
    // titled field go by their names.
    const FIELDS: &'static [Field] = &[
        Field::text("sku", "sku").sortable().titled(MessageKey::FieldSku),
        Field::text("lcName", "lc_name").titled(MessageKey::FieldDeclaredNameZh),
        Field::text("frName", "fr_name").sortable().titled(MessageKey::FieldDeclaredNameEn),
        Field::text("frHscode", "fr_hscode").titled(MessageKey::FieldHsCode),
        Field::text("lcHscode", "lc_hscode"),
        Field::text("unitPrice", "unit_price").titled(MessageKey::FieldUnitPrice),
        Field::text("unitWeight", "unit_weight").titled(MessageKey::FieldUnitWeight),
        Field::text("unit", "unit").titled(MessageKey::FieldUnit),
        Field::text("frMeterial", "fr_meterial").titled(MessageKey::FieldMaterial),
        Field::text("lcMeterial", "lc_meterial"),
        Field::text("frUsage", "fr_usage").titled(MessageKey::FieldUsage),
        Field::text("lcUsage", "lc_usage"),
        Field::text("frBrand", "fr_brand").titled(MessageKey::FieldBrand),
        Field::text("lcBrand", "lc_brand"),
        Field::text("frModel", "fr_model").titled(MessageKey::FieldModel),
        Field::text("lcModel", "lc_model"),
        Field::text("shopUrl", "shop_url").titled(MessageKey::FieldLink),
        Field::text("photoUrl", "photo_url"),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::text("customerId", "customer_id"),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("keyWord", &["sku", "fr_name", "lc_name", "fr_hscode"], "SKU, a description or HS code, substring."),
        Filter::any_of("skus", &["sku"], 500, "Up to 500 SKUs, separated by spaces, line breaks or commas."),
        Filter::exact("customerId", &["customer_id"], "Staff: the customer's id."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("sku", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("sku", MessageKey::CodeTaken));
    const HAS_UPDATE_BY: bool = true;
    /// Order forms fill goods from the catalogue.
    const ALSO_LISTED_BY: &'static [&'static str] = crate::shipment::orders::TYPE_PAGES;

    crate::record_form!(ParcelProductRecord, ParcelProductForm, sku);

    async fn values(
        state: &AppState,
        me: &CurrentUser,
        form: &ParcelProductForm,
        before: Option<&ParcelProductRecord>,
    ) -> Checked {
        let mut values =
            super::address::customer_value(state, me, form.customer_id.as_deref(), before.map(|b| b.customer_id.as_str()))
                .await?;
        let g = &form.product;
        if let Some(first) = logistics_core::shipment::catalogue_issues(&core_value(g)?).into_iter().next() {
            return Err(AppError::invalid(first));
        }
        let hs = |code: &Option<String>| clean(code).map(|c| logistics_core::shipment::digits_of(&c));
        values.extend([
            ("sku", clean(&g.sku).into()),
            ("lc_hscode", hs(&g.lc_hscode).into()),
            ("fr_hscode", hs(&g.fr_hscode).into()),
            ("lc_name", clean(&g.lc_name).into()),
            ("fr_name", clean(&g.fr_name).into()),
            ("lc_meterial", clean(&g.lc_meterial).into()),
            ("fr_meterial", clean(&g.fr_meterial).into()),
            ("lc_usage", clean(&g.lc_usage).into()),
            ("fr_usage", clean(&g.fr_usage).into()),
            ("lc_brand", clean(&g.lc_brand).into()),
            ("fr_brand", clean(&g.fr_brand).into()),
            ("lc_model", clean(&g.lc_model).into()),
            ("fr_model", clean(&g.fr_model).into()),
            ("shop_url", clean(&g.shop_url).into()),
            ("photo_url", clean(&g.photo_url).into()),
            ("unit_weight", stored(&g.unit_weight).into()),
            ("unit_price", stored(&g.unit_price).into()),
            ("unit", clean(&g.unit).into()),
            ("remark", clean(&g.remark).into()),
        ]);
        Ok(values)
    }
}

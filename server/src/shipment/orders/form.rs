//! What add and edit accept, and the rows it becomes once core's rules pass: the order with its
//! consignee, its parcels and their declared goods.

use logistics_core::decimal::{self, Decimal};
use logistics_core::shipment::{self, Stage};
use logistics_core::wallet;
use logistics_core::weight::{self, WEIGHT_SCALE};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::http::{Amount, AppError};

/// The consignee (for FBA, the depot's address fills what is blank).
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ConsigneeForm {
    pub name: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub company: Option<String>,
    /// ID or tax number (Brazil: CPF or CNPJ).
    pub tax_number: Option<String>,
    /// ISO 3166 alpha-2.
    pub country: Option<String>,
    pub state: Option<String>,
    pub city: Option<String>,
    pub postal_code: Option<String>,
    pub street: Option<String>,
    pub house: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub consignee_remark: Option<String>,
}

/// One declared item of a parcel (ParcelProduct's fields; `lc` local/Chinese, `fr` foreign/English).
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ShipmentProductForm {
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
    /// Kilograms.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit_weight: Option<Amount>,
    /// The declared value of one unit, in the order's currency.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit_price: Option<Amount>,
    /// 1 to 99,999.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quantity: Option<Amount>,
    pub unit: Option<String>,
    pub remark: Option<String>,
}

/// One parcel: centimetres and kilograms.
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ShipmentParcelForm {
    /// The customer's reference of the parcel (unique within the order).
    pub reference: Option<String>,
    /// FBA: the box ID (the shipment ID, `U` and 6 digits).
    pub fba_code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length: Option<Amount>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<Amount>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub height: Option<Amount>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight: Option<Amount>,
    pub remark: Option<String>,
    pub products: Vec<ShipmentProductForm>,
}

/// An order as add and edit take it. Core checks it (`shipment::issues`): a draft may be
/// incomplete, a submission must be whole; the browser runs the same checks as the user types.
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ShipmentForm {
    /// The order an edit changes.
    pub id: Option<String>,
    /// Staff: the customer (main account) the order is for; customers: ignored (their own).
    pub customer_id: Option<String>,
    /// B2B, B2C, FBA or WMS.
    pub shipment_type: String,
    /// The customer's own reference, unique per customer.
    pub customer_code: Option<String>,
    /// FBA: the Amazon shipment ID (`FBA15ABCDE12`).
    pub fba_code: Option<String>,
    /// FBA: the Amazon reference ID (8 letters or digits).
    pub po_code: Option<String>,
    pub company: Option<String>,
    pub channel_product_id: Option<String>,
    /// The customer's depot (required for FBA).
    pub user_depot_id: Option<String>,
    /// The customer's shipper (sender address); the default one when blank.
    pub shipper_id: Option<String>,
    pub predict_batch_id: Option<String>,
    /// The currency of declared values (ISO 4217, default USD).
    pub currency: Option<String>,
    pub remark: Option<String>,
    pub consignee: ConsigneeForm,
    pub parcels: Vec<ShipmentParcelForm>,
}

/// A form as core reads it (its JSON).
pub fn core_value(form: &impl Serialize) -> Result<logistics_core::json::Value, AppError> {
    let value = serde_json::to_value(form).map_err(AppError::internal)?;
    Ok((&value).into())
}

/// Core's verdict on a form at `stage`: the first problem, naming its field, in the request's
/// language (the browser shows them all as the user types).
pub fn check(form: &ShipmentForm, stage: Stage, postal_pattern: &str) -> Result<(), AppError> {
    match shipment::issues(&core_value(form)?, stage, postal_pattern).into_iter().next() {
        Some(first) => Err(AppError::invalid(first)),
        None => Ok(()),
    }
}

/// Blank as none; trimmed otherwise.
pub fn clean(text: &Option<String>) -> Option<String> {
    text.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned)
}

fn amount_text(a: &Option<Amount>) -> String {
    match a {
        Some(Amount::Number(n)) => n.to_string(),
        Some(Amount::Text(t)) => t.trim().to_owned(),
        None => String::new(),
    }
}

/// A decimal as stored: plain text without trailing zeros (`1.25`), empty when blank.
pub fn stored(a: &Option<Amount>) -> Option<String> {
    decimal::parse(&amount_text(a)).map(|d| decimal::plain(d.normalize()))
}

/// A parcel as stored.
#[derive(Clone, Debug)]
pub struct ParcelRow {
    pub reference: Option<String>,
    pub fba_code: Option<String>,
    pub length: String,
    pub width: String,
    pub height: String,
    pub weight: String,
    /// Volume weight (kg) at the product's divisor, or at 6000 before one is chosen.
    pub bulky: String,
    pub remark: Option<String>,
    pub products: Vec<ProductRow>,
}

/// A declared item as stored.
#[derive(Clone, Debug)]
pub struct ProductRow {
    pub texts: [Option<String>; 17],
    pub unit_weight: Option<String>,
    pub unit_price: Option<String>,
    pub quantity: Option<i32>,
}

/// The text columns of a declared item, in [`ProductRow::texts`] order.
pub const PRODUCT_TEXTS: [&str; 17] = [
    "sku",
    "lc_hscode",
    "fr_hscode",
    "lc_name",
    "fr_name",
    "lc_meterial",
    "fr_meterial",
    "lc_usage",
    "fr_usage",
    "lc_brand",
    "fr_brand",
    "lc_model",
    "fr_model",
    "shop_url",
    "photo_url",
    "unit",
    "remark",
];

/// The default volumetric divisor (cm³ per kg) for a parcel's volume weight before a product is
/// chosen.
pub const DEFAULT_DIVISOR: i64 = 6000;

/// What a checked form stores: its parcels, totals and declared value (minor units).
#[derive(Clone, Debug)]
pub struct Rows {
    pub parcels: Vec<ParcelRow>,
    pub pieces: i32,
    /// Grams.
    pub weight_grams: i64,
    pub declared_value: i64,
    pub currency: String,
}

/// The rows of a form core has passed (numbers read exactly; HS codes as digits).
pub fn rows(form: &ShipmentForm, divisor: i64) -> Result<Rows, AppError> {
    let currency = clean(&form.currency).unwrap_or_else(|| "USD".to_owned()).to_uppercase();
    let currency = logistics_core::codes::currency("currency", &currency)?;
    if wallet::minor_places(&currency).is_none() {
        return Err(AppError::field("currency", logistics_core::MessageKey::CurrencyUnsupported).with("currency", currency));
    }
    let divisor = Decimal::int(if divisor > 0 { divisor } else { DEFAULT_DIVISOR });
    let mut weight_total = Decimal::ZERO;
    let mut parcels = Vec::with_capacity(form.parcels.len());
    for p in &form.parcels {
        let dims = [&p.length, &p.width, &p.height].map(|d| decimal::parse(&amount_text(d)));
        let bulky = match dims {
            [Some(l), Some(w), Some(h)] => weight::volumetric_weight(l, w, h, divisor).map(|v| decimal::fixed(v, WEIGHT_SCALE)),
            _ => None,
        };
        if let Some(w) = decimal::parse(&amount_text(&p.weight)) {
            weight_total = weight_total.checked_add(w).unwrap_or(weight_total);
        }
        let products = p
            .products
            .iter()
            .map(|g| ProductRow {
                texts: [
                    clean(&g.sku),
                    clean(&g.lc_hscode).map(|c| shipment::digits_of(&c)),
                    clean(&g.fr_hscode).map(|c| shipment::digits_of(&c)),
                    clean(&g.lc_name),
                    clean(&g.fr_name),
                    clean(&g.lc_meterial),
                    clean(&g.fr_meterial),
                    clean(&g.lc_usage),
                    clean(&g.fr_usage),
                    clean(&g.lc_brand),
                    clean(&g.fr_brand),
                    clean(&g.lc_model),
                    clean(&g.fr_model),
                    clean(&g.shop_url),
                    clean(&g.photo_url),
                    clean(&g.unit),
                    clean(&g.remark),
                ],
                unit_weight: stored(&g.unit_weight),
                unit_price: stored(&g.unit_price),
                quantity: amount_text(&g.quantity).parse::<i32>().ok(),
            })
            .collect();
        parcels.push(ParcelRow {
            reference: clean(&p.reference),
            fba_code: clean(&p.fba_code),
            length: stored(&p.length).unwrap_or_default(),
            width: stored(&p.width).unwrap_or_default(),
            height: stored(&p.height).unwrap_or_default(),
            weight: stored(&p.weight).unwrap_or_default(),
            bulky: bulky.unwrap_or_default(),
            remark: clean(&p.remark),
            products,
        });
    }
    let grams = decimal::round_half_up(weight_total.checked_mul(Decimal::int(1000)).unwrap_or(Decimal::ZERO), 0)
        .and_then(|g| i64::try_from(g.mantissa()).ok())
        .unwrap_or(0);
    let declared = shipment::declared_value(&core_value(form)?).unwrap_or(Decimal::ZERO);
    let declared_value = minor_units(declared, &currency)?;
    Ok(Rows {
        parcels,
        pieces: i32::try_from(form.parcels.len()).unwrap_or(i32::MAX),
        weight_grams: grams,
        declared_value,
        currency,
    })
}

/// An amount of `currency` in minor units, rounded half up to its places.
pub fn minor_units(amount: Decimal, currency: &str) -> Result<i64, AppError> {
    let places = wallet::minor_places(currency).unwrap_or(2);
    let rounded = decimal::round_half_up(amount, places).ok_or_else(|| AppError::internal("amount out of range"))?;
    let scale_up = 10i128.pow(places.saturating_sub(rounded.scale()));
    rounded.mantissa().checked_mul(scale_up).and_then(|m| i64::try_from(m).ok()).ok_or_else(|| {
        AppError::field("declaredValue", logistics_core::MessageKey::NumberTooLarge).with("max", "9223372036854775807")
    })
}

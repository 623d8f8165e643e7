//! The print centre (`/sys/printTemplate/*`): label templates per size, for every order of the
//! tenant, a channel product's or a customer's orders; their content is core's template JSON,
//! checked by core as staff edit it. An order prints with the customer's template of the size,
//! else its product's, else the tenant's, else core's default. The preview draws the real PDF.

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::label::{self, Template};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::render::{self, Label};
use crate::platform::caller::Caller;
use crate::platform::db::schema::sys_print_template;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, ok};
use crate::platform::resource::form::{Reference, one_of, optional, required, status};
use crate::platform::resource::{CUSTOMER, Checked, Field, Filter, Kind, Resource, Scope};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::with_conn;

/// The sizes a template is drawn at (A4 sheets hold 100 x 150 labels).
const TEMPLATE_SIZES: &[&str] = &["100x150", "100x100"];

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = sys_print_template)]
#[serde(rename_all = "camelCase")]
pub struct PrintTemplateRecord {
    pub id: String,
    pub template_name: String,
    /// 100x150 or 100x100.
    pub label_size: String,
    /// For this channel product's orders only.
    pub channel_product_id: Option<String>,
    /// For this customer's orders only.
    pub customer_id: Option<String>,
    /// Core's template JSON: `{"size", "elements": [{kind, x, y, w, h, content, fontSize, bold,
    /// align, thickness, inverse}]}`, millimetres.
    pub content: String,
    pub iz_enable: i16,
    pub remark: Option<String>,
    pub create_time: DateTime,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrintTemplateForm {
    pub id: Option<String>,
    #[serde(default)]
    pub template_name: String,
    pub label_size: Option<String>,
    pub channel_product_id: Option<String>,
    pub customer_id: Option<String>,
    /// The template JSON (text, or the object itself).
    #[schema(value_type = Object)]
    pub content: serde_json::Value,
    pub iz_enable: Option<i16>,
    pub remark: Option<String>,
}

const PRODUCT: Reference = Reference::id("logistics_channel_product", MessageKey::FieldProduct);

/// A template's content checked by core: the template, or 400 naming the first problem.
pub fn checked(content: &serde_json::Value, size: &str) -> Result<Template, AppError> {
    let value = match content {
        serde_json::Value::String(text) => logistics_core::json::parse(text),
        other => logistics_core::json::parse(&other.to_string()),
    }
    .ok_or_else(|| AppError::field("content", MessageKey::LabelTemplateInvalid))?;
    let template = Template::from_json(&value).map_err(|mut errors| AppError::invalid(errors.remove(0)))?;
    if template.size != size {
        return Err(AppError::field("labelSize", MessageKey::LabelSizeInvalid));
    }
    Ok(template)
}

pub struct PrintTemplates;

impl Resource for PrintTemplates {
    const PATH: &'static str = "/sys/printTemplate";
    const PERMISSION: &'static str = "system:printTemplate";
    const NOUN: &'static str = "print template";
    const PLURAL: &'static str = "printTemplates";
    const TABLE: &'static str = "sys_print_template";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("templateName", "template_name").sortable().titled(MessageKey::FieldTemplateName),
        Field::text("labelSize", "label_size").sortable().titled(MessageKey::FieldLabelSize),
        Field::text("channelProductId", "channel_product_id").titled(MessageKey::FieldProduct),
        Field::text("customerId", "customer_id").titled(MessageKey::FieldCustomer),
        Field::small("izEnable", "iz_enable"),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("templateName", &["template_name"], "The name, substring."),
        Filter::one_of("labelSize", &["label_size"], TEMPLATE_SIZES, Kind::Text, "100x150 or 100x100."),
        Filter::exact("channelProductId", &["channel_product_id"], "The channel product's id."),
        Filter::exact("customerId", &["customer_id"], "The customer's id."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const HAS_UPDATE_BY: bool = true;

    crate::record_form!(PrintTemplateRecord, PrintTemplateForm, template_name);

    async fn values(state: &AppState, me: &CurrentUser, form: &PrintTemplateForm, _: Option<&PrintTemplateRecord>) -> Checked {
        let size = one_of("labelSize", MessageKey::FieldLabelSize, &form.label_size, TEMPLATE_SIZES)?
            .unwrap_or_else(|| "100x150".to_owned());
        let template = checked(&form.content, &size)?;
        let product = match form.channel_product_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            Some(p) => Some(PRODUCT.check(&state.db, me.tenant_id, "channelProductId", Some(p)).await?),
            None => None,
        };
        let customer = match form.customer_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            Some(c) => Some(CUSTOMER.check(&state.db, me.tenant_id, "customerId", Some(c)).await?),
            None => None,
        };
        Ok(vec![
            ("template_name", required("templateName", MessageKey::FieldTemplateName, &form.template_name, 100)?.into()),
            ("label_size", size.into()),
            ("channel_product_id", product.into()),
            ("customer_id", customer.into()),
            ("content", template.to_json().to_json().into()),
            ("iz_enable", status("izEnable", form.iz_enable)?.into()),
            ("remark", optional("remark", MessageKey::FieldRemark, &form.remark, 500)?.into()),
        ])
    }
}

/// The templates a print may use: the tenant's enabled ones of the size, and core's default.
pub struct Chosen {
    stored: Vec<(Option<String>, Option<String>, Template)>,
    default: Template,
}

impl Chosen {
    /// The customer's template, else the product's, else the tenant's, else the default.
    pub fn for_order(&self, customer: &str, product: Option<&str>) -> &Template {
        let find = |want: &dyn Fn(&Option<String>, &Option<String>) -> bool| {
            self.stored.iter().find(|(c, p, _)| want(c, p)).map(|(_, _, t)| t)
        };
        find(&|c, _| c.as_deref() == Some(customer))
            .or_else(|| find(&|c, p| c.is_none() && p.is_some() && p.as_deref() == product))
            .or_else(|| find(&|c, p| c.is_none() && p.is_none()))
            .unwrap_or(&self.default)
    }
}

/// The tenant's enabled templates for `size` (one query).
pub async fn chosen(state: &AppState, tenant: i32, size: &str) -> Result<Chosen, AppError> {
    use sys_print_template as t;
    let size = label::template_size(size);
    let default = Template::default_for(size);
    let rows: Vec<(Option<String>, Option<String>, String)> = with_conn!(&state.db, |conn| {
        t::table
            .filter(t::tenant_id.eq(tenant))
            .filter(t::label_size.eq(size))
            .filter(t::iz_enable.eq(1))
            .order(t::create_time.desc())
            .select((t::customer_id, t::channel_product_id, t::content))
            .load(conn)
            .await?
    });
    let stored = rows
        .into_iter()
        .filter_map(|(c, p, content)| {
            let value = logistics_core::json::parse(&content)?;
            Some((c, p, Template::from_json(&value).ok()?))
        })
        .collect();
    Ok(Chosen { stored, default })
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SizeQuery {
    /// 100x150 (default) or 100x100.
    pub label_size: Option<String>,
}

/// Core's default template of a size: where a new template starts, and what prints when the
/// tenant has none.
#[utoipa::path(get, path = "/sys/printTemplate/default", tag = "system", params(SizeQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Object>), (status = 400), (status = 403)))]
pub async fn default(Caller(state, me): Caller, ApiQuery(q): ApiQuery<SizeQuery>) -> ApiResult<serde_json::Value> {
    grants::require(&state, &me, "system:printTemplate:list").await?;
    let size =
        one_of("labelSize", MessageKey::FieldLabelSize, &q.label_size, TEMPLATE_SIZES)?.unwrap_or_else(|| "100x150".to_owned());
    let json = Template::default_for(&size).to_json().to_json();
    ok(serde_json::from_str(&json).map_err(AppError::internal)?)
}

/// What the preview draws.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreviewForm {
    pub label_size: Option<String>,
    #[schema(value_type = Object)]
    pub content: serde_json::Value,
    /// 203 (default) or 300.
    pub dpi: Option<u32>,
}

/// Sample values for the preview: a parcel from Shenzhen to Los Angeles, names in both scripts.
const SAMPLE: &[(&str, &str)] = &[
    ("trackNo", "LP00012345678CN"),
    ("sysTrackNo", "SYS2611280000001"),
    ("serialNumber", "B2C261128000001"),
    ("customerCode", "PO-2026-1128"),
    ("reference", "REF-1"),
    ("fbaCode", "FBA17ABCDEF0U000001"),
    ("poCode", "8XYZ1234"),
    ("sortCode", "US-5"),
    ("service", "美国经济专线 US Economy"),
    ("serviceCode", "US-ECO"),
    ("shipmentType", "B2C"),
    ("senderName", "王小明"),
    ("senderCompany", "深圳跨境电商有限公司"),
    ("senderPhone", "+86 755 8888 6666"),
    ("senderAddress", "南山区科技园南路 88 号, 深圳市, 广东省, 518057"),
    ("senderCountry", "CN"),
    ("consigneeName", "John Smith 张三"),
    ("consigneeCompany", "Acme Imports LLC"),
    ("consigneePhone", "+1 213 555 0147"),
    ("consigneeAddress", "1200 Wilshire Blvd, Suite 500"),
    ("consigneeCityLine", "90017 Los Angeles CA"),
    ("consigneeCountry", "US"),
    ("pieces", "1/2"),
    ("weight", "2.350 kg"),
    ("shipmentWeight", "4.700 kg"),
    ("dimensions", "40x30x20 cm"),
    ("goods", "T-shirt x3; Phone case x2"),
    ("date", "2026-11-28"),
    ("customer", "acme"),
    ("remark", "Fragile 易碎"),
];

/// A sample value of a field (the preview's; benchmarks draw with them too).
pub fn sample(name: &str) -> Option<&'static str> {
    SAMPLE.iter().find(|(k, _)| *k == name).map(|(_, v)| *v)
}

/// The template drawn with sample values: the real PDF, as labels print.
#[utoipa::path(post, path = "/sys/printTemplate/preview", tag = "system", request_body = PreviewForm,
    responses((status = 200, description = "The label", content_type = "application/pdf"), (status = 400, description = "The template breaks a rule (named)"), (status = 403), (status = 503)))]
pub async fn preview(Caller(state, me): Caller, ApiJson(form): ApiJson<PreviewForm>) -> Result<Response, AppError> {
    grants::require(&state, &me, "system:printTemplate:list").await?;
    let size = one_of("labelSize", MessageKey::FieldLabelSize, &form.label_size, TEMPLATE_SIZES)?
        .unwrap_or_else(|| "100x150".to_owned());
    let template = checked(&form.content, &size)?;
    let dpi = form.dpi.unwrap_or(203);
    if !label::DPIS.contains(&dpi) {
        return Err(AppError::field("dpi", MessageKey::LabelDpiInvalid));
    }
    let bytes = tokio::task::spawn_blocking(move || {
        let labels = [Label { template: &template, placed: label::place(&template, &|name| sample(name)) }];
        render::pdf(&labels, &template.size, dpi)
    })
    .await
    .map_err(AppError::internal)?
    .map_err(super::render_error)?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("application/pdf")),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        bytes,
    )
        .into_response())
}

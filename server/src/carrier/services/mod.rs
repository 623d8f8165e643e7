//! Carrier services (`/logistics/carrierService/*`): each supplier's service catalogue (the
//! carrier's own codes: UPS Saver, DHL Express Worldwide …), which channels name. Per tenant; a
//! service a channel names cannot be deleted.

use diesel::QueryableByName;
use diesel::sql_types::Text;
use logistics_core::MessageKey;
use logistics_core::dispatch::SERVICE_TYPES;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::carrier::suppliers::code_of;
use crate::platform::db::schema::logistics_carrier_service;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::resource::form::{Reference, one_of, optional, required, status};
use crate::platform::resource::sql::Value;
use crate::platform::resource::{Checked, Field, Filter, Kind, Localized, Resource, Scope};
use crate::state::AppState;
use crate::system::auth::CurrentUser;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = logistics_carrier_service)]
#[serde(rename_all = "camelCase")]
pub struct CarrierServiceRecord {
    pub id: String,
    pub supplier_id: String,
    /// The carrier's code for the service.
    pub code: String,
    pub name: String,
    pub name_en: Option<String>,
    /// The name in the request's language.
    #[diesel(sql_type = Text)]
    pub title: String,
    /// express, standard, economy or freight.
    pub service_type: String,
    /// Days in transit, as the carrier states them.
    pub transit_min: Option<i32>,
    pub transit_max: Option<i32>,
    /// 1 in use, 0 stopped.
    pub status: i16,
    pub remark: Option<String>,
    pub create_time: DateTime,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarrierServiceForm {
    pub id: Option<String>,
    pub supplier_id: Option<String>,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub name: String,
    pub name_en: Option<String>,
    /// express, standard (default), economy or freight.
    pub service_type: Option<String>,
    pub transit_min: Option<i32>,
    pub transit_max: Option<i32>,
    /// 1 (default) or 0.
    pub status: Option<i16>,
    pub remark: Option<String>,
}

const SUPPLIER: Reference = Reference::id("logistics_supplier", MessageKey::FieldSupplier);

pub struct CarrierServices;

impl Resource for CarrierServices {
    const PATH: &'static str = "/logistics/carrierService";
    const PERMISSION: &'static str = "logistics:carrierService";
    const NOUN: &'static str = "carrier service";
    const PLURAL: &'static str = "carrier services";
    const TABLE: &'static str = "logistics_carrier_service";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("supplierId", "supplier_id"),
        Field::text("code", "code").sortable().titled(MessageKey::FieldCode),
        Field::text("name", "name").sortable().titled(MessageKey::FieldName),
        Field::text("nameEn", "name_en").titled(MessageKey::FieldNameEn),
        Field::text("serviceType", "service_type").sortable().titled(MessageKey::FieldServiceType),
        Field::int("transitMin", "transit_min"),
        Field::int("transitMax", "transit_max"),
        Field::small("status", "status"),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::exact("supplierId", &["supplier_id"], "The supplier's id."),
        Filter::like("keyWord", &["code", "name", "name_en"], "Code or name (zh or en), substring."),
        Filter::one_of("serviceType", &["service_type"], SERVICE_TYPES, Kind::Text, "express, standard, economy or freight."),
        Filter::status("status", &["status"], "1 in use, 0 stopped."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("code", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("code", MessageKey::CodeTaken));
    const HAS_UPDATE_BY: bool = true;
    /// Channels name their service.
    const IN_USE_BY: &'static [(&'static str, &'static str)] = &[("logistics_channel", "service_id")];
    const LOCALIZED: Option<Localized> = Some(Localized::title("name", "name_en"));

    crate::record_form!(CarrierServiceRecord, CarrierServiceForm, code);

    async fn values(state: &AppState, me: &CurrentUser, form: &CarrierServiceForm, _: Option<&CarrierServiceRecord>) -> Checked {
        let (min, max) = (form.transit_min, form.transit_max);
        logistics_core::dispatch::transit(min.map(i64::from), max.map(i64::from))?;
        let kind = one_of("serviceType", MessageKey::FieldServiceType, &form.service_type, SERVICE_TYPES)?;
        Ok(vec![
            ("supplier_id", SUPPLIER.check(&state.db, me.tenant_id, "supplierId", form.supplier_id.as_deref()).await?.into()),
            ("code", code_of("code", &form.code)?.into()),
            ("name", required("name", MessageKey::FieldName, &form.name, 100)?.into()),
            ("name_en", optional("nameEn", MessageKey::FieldNameEn, &form.name_en, 100)?.into()),
            ("service_type", kind.unwrap_or_else(|| "standard".to_owned()).into()),
            ("transit_min", Value::OptInt(min)),
            ("transit_max", Value::OptInt(max)),
            ("status", status("status", form.status)?.into()),
            ("remark", optional("remark", MessageKey::FieldRemark, &form.remark, 500)?.into()),
        ])
    }
}

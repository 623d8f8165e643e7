//! Platform depots (`/logistics/platformDepot/*`): the forwarder's own warehouses and carriers'
//! hand-over points, where dispatches are picked up and manifests closed. Per tenant; a
//! hand-over point names its carrier; a depot with dispatches cannot be deleted.

use diesel::QueryableByName;
use diesel::sql_types::Text;
use logistics_core::dispatch::DEPOT_TYPES;
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::carrier::suppliers::code_of;
use crate::platform::db::schema::logistics_platform_depot;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{AppError, current_lang};
use crate::platform::resource::form::{Reference, one_of, optional, required, status};
use crate::platform::resource::{Checked, Field, Filter, Kind, Localized, Resource, Scope};
use crate::state::AppState;
use crate::system::auth::CurrentUser;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = logistics_platform_depot)]
#[serde(rename_all = "camelCase")]
pub struct PlatformDepotRecord {
    pub id: String,
    pub code: String,
    pub name: String,
    pub name_en: Option<String>,
    /// The name in the request's language.
    #[diesel(sql_type = Text)]
    pub title: String,
    /// warehouse or handover.
    pub depot_type: String,
    /// A hand-over point's carrier.
    pub supplier_id: Option<String>,
    /// ISO 3166-1 alpha-2.
    pub country: String,
    pub state: Option<String>,
    pub city: Option<String>,
    pub postal_code: Option<String>,
    pub address: Option<String>,
    pub contact: Option<String>,
    pub phone: Option<String>,
    /// 1 in use, 0 stopped.
    pub status: i16,
    pub remark: Option<String>,
    pub create_time: DateTime,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlatformDepotForm {
    pub id: Option<String>,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub name: String,
    pub name_en: Option<String>,
    /// warehouse (default) or handover.
    pub depot_type: Option<String>,
    /// Required for a hand-over point.
    pub supplier_id: Option<String>,
    #[serde(default)]
    pub country: String,
    pub state: Option<String>,
    pub city: Option<String>,
    pub postal_code: Option<String>,
    pub address: Option<String>,
    pub contact: Option<String>,
    pub phone: Option<String>,
    /// 1 (default) or 0.
    pub status: Option<i16>,
    pub remark: Option<String>,
}

const SUPPLIER: Reference = Reference::id("logistics_supplier", MessageKey::FieldSupplier);

pub struct PlatformDepots;

impl Resource for PlatformDepots {
    const PATH: &'static str = "/logistics/platformDepot";
    const PERMISSION: &'static str = "logistics:platformDepot";
    const NOUN: &'static str = "platform depot";
    const PLURAL: &'static str = "platform depots";
    const TABLE: &'static str = "logistics_platform_depot";
    const SCOPE: Scope = Scope::Tenant;
    /// Dispatches are picked up at a depot and offered in its page's picker.
    const ALSO_LISTED_BY: &'static [&'static str] = &["logistics:dispatch:list", "logistics:manifest:list"];
    const FIELDS: &'static [Field] = &[
        Field::text("code", "code").sortable().titled(MessageKey::FieldCode),
        Field::text("name", "name").sortable().titled(MessageKey::FieldName),
        Field::text("nameEn", "name_en").titled(MessageKey::FieldNameEn),
        Field::text("depotType", "depot_type").sortable().titled(MessageKey::FieldDepotType),
        Field::text("supplierId", "supplier_id"),
        Field::text("country", "country").sortable().titled(MessageKey::FieldCountry),
        Field::text("state", "state").titled(MessageKey::FieldProvince),
        Field::text("city", "city").titled(MessageKey::FieldCity),
        Field::text("postalCode", "postal_code").titled(MessageKey::FieldPostalCode),
        Field::text("address", "address").titled(MessageKey::FieldAddress),
        Field::text("contact", "contact").titled(MessageKey::FieldContactPerson),
        Field::text("phone", "phone").titled(MessageKey::FieldPhone),
        Field::small("status", "status"),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("keyWord", &["code", "name", "name_en", "city"], "Code, name (zh or en) or city, substring."),
        Filter::one_of("depotType", &["depot_type"], DEPOT_TYPES, Kind::Text, "warehouse or handover."),
        Filter::exact("supplierId", &["supplier_id"], "A hand-over point's carrier."),
        Filter::status("status", &["status"], "1 in use, 0 stopped."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("code", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("code", MessageKey::CodeTaken));
    const HAS_UPDATE_BY: bool = true;
    const IN_USE_BY: &'static [(&'static str, &'static str)] = &[("logistics_dispatch", "depot_id")];
    const LOCALIZED: Option<Localized> = Some(Localized::title("name", "name_en"));

    crate::record_form!(PlatformDepotRecord, PlatformDepotForm, code);

    async fn values(state: &AppState, me: &CurrentUser, form: &PlatformDepotForm, _: Option<&PlatformDepotRecord>) -> Checked {
        let kind =
            one_of("depotType", MessageKey::FieldDepotType, &form.depot_type, DEPOT_TYPES)?.unwrap_or_else(|| "warehouse".into());
        let supplier = match optional("supplierId", MessageKey::FieldSupplier, &form.supplier_id, 64)? {
            Some(id) => Some(SUPPLIER.check(&state.db, me.tenant_id, "supplierId", Some(&id)).await?),
            None if kind == "handover" => return Err(AppError::field("supplierId", MessageKey::HandoverNeedsCarrier)),
            None => None,
        };
        let country = form.country.trim().to_ascii_uppercase();
        validate::country_code("country", MessageKey::FieldCountry.template(current_lang()), &country)?;
        Ok(vec![
            ("code", code_of("code", &form.code)?.into()),
            ("name", required("name", MessageKey::FieldName, &form.name, 100)?.into()),
            ("name_en", optional("nameEn", MessageKey::FieldNameEn, &form.name_en, 100)?.into()),
            ("depot_type", kind.into()),
            ("supplier_id", supplier.into()),
            ("country", country.into()),
            ("state", optional("state", MessageKey::FieldProvince, &form.state, 100)?.into()),
            ("city", optional("city", MessageKey::FieldCity, &form.city, 100)?.into()),
            ("postal_code", optional("postalCode", MessageKey::FieldPostalCode, &form.postal_code, 20)?.into()),
            ("address", optional("address", MessageKey::FieldAddress, &form.address, 300)?.into()),
            ("contact", optional("contact", MessageKey::FieldContactPerson, &form.contact, 100)?.into()),
            ("phone", optional("phone", MessageKey::FieldPhone, &form.phone, 50)?.into()),
            ("status", status("status", form.status)?.into()),
            ("remark", optional("remark", MessageKey::FieldRemark, &form.remark, 500)?.into()),
        ])
    }
}

//! Channels (`/logistics/channel/*`): a supplier's service routes. Per tenant; a channel with
//! number segments or channel products cannot be deleted.

use diesel::QueryableByName;
use diesel::prelude::*;
use diesel::sql_types::Text;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::carrier::suppliers::code_of;
use crate::platform::db::schema::logistics_channel;
use crate::platform::http::AppError;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::resource::form::{Reference, invalid, optional, required, status};
use crate::platform::resource::{Checked, Field, Filter, Localized, Resource, Scope};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::with_conn;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = logistics_channel)]
#[serde(rename_all = "camelCase")]
pub struct ChannelRecord {
    pub id: String,
    pub supplier_id: String,
    pub code: String,
    pub name: String,
    pub name_en: Option<String>,
    /// The name in the request's language.
    #[diesel(sql_type = Text)]
    pub title: String,
    /// Air, sea, rail, express …
    pub trans_type: Option<String>,
    /// The supplier's service it ships with.
    pub service_id: Option<String>,
    /// 1 in use, 0 stopped.
    pub status: i16,
    pub remark: Option<String>,
    pub create_time: DateTime,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelForm {
    pub id: Option<String>,
    pub supplier_id: Option<String>,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub name: String,
    pub name_en: Option<String>,
    pub trans_type: Option<String>,
    /// One of the supplier's services (`/logistics/carrierService`).
    pub service_id: Option<String>,
    /// 1 (default) or 0.
    pub status: Option<i16>,
    pub remark: Option<String>,
}

/// A channel's supplier.
const SUPPLIER: Reference = Reference::id("logistics_supplier", MessageKey::FieldSupplier);

pub struct Channels;

impl Resource for Channels {
    const PATH: &'static str = "/logistics/channel";
    const PERMISSION: &'static str = "logistics:channel";
    const NOUN: &'static str = "channel";
    const PLURAL: &'static str = "channels";
    const TABLE: &'static str = "logistics_channel";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("supplierId", "supplier_id"),
        Field::text("code", "code").sortable().titled(MessageKey::FieldCode),
        Field::text("name", "name").sortable().titled(MessageKey::FieldName),
        Field::text("nameEn", "name_en"),
        Field::text("transType", "trans_type"),
        Field::text("serviceId", "service_id"),
        Field::small("status", "status"),
        Field::text("remark", "remark").titled(MessageKey::FieldDescription),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::exact("supplierId", &["supplier_id"], "The supplier's id."),
        Filter::exact("serviceId", &["service_id"], "The service's id."),
        Filter::like("keyWord", &["code", "name", "name_en"], "Code or name (zh or en), substring."),
        Filter::status("status", &["status"], "1 in use, 0 stopped."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("code", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("code", MessageKey::CodeTaken));
    const HAS_UPDATE_BY: bool = true;
    /// Number segments and channel products hold on to their channel.
    const IN_USE_BY: &'static [(&'static str, &'static str)] =
        &[("logistics_number_segment", "channel_id"), ("logistics_channel_product", "channel_id")];
    const LOCALIZED: Option<Localized> = Some(Localized::title("name", "name_en"));

    crate::record_form!(ChannelRecord, ChannelForm, code);

    /// A channel belongs to one of the tenant's own suppliers, and ships with one of its services.
    async fn values(state: &AppState, me: &CurrentUser, form: &ChannelForm, _: Option<&ChannelRecord>) -> Checked {
        let supplier = SUPPLIER.check(&state.db, me.tenant_id, "supplierId", form.supplier_id.as_deref()).await?;
        let service = optional("serviceId", MessageKey::FieldService, &form.service_id, 64)?;
        if let Some(id) = &service {
            service_of(state, me.tenant_id, id, &supplier).await?;
        }
        Ok(vec![
            ("supplier_id", supplier.into()),
            ("service_id", service.into()),
            ("code", code_of("code", &form.code)?.into()),
            ("name", required("name", MessageKey::FieldName, &form.name, 100)?.into()),
            ("status", status("status", form.status)?.into()),
            ("name_en", optional("nameEn", MessageKey::FieldName, &form.name_en, 100)?.into()),
            ("trans_type", optional("transType", MessageKey::FieldDescription, &form.trans_type, 50)?.into()),
            ("remark", optional("remark", MessageKey::FieldDescription, &form.remark, 500)?.into()),
        ])
    }
}

/// Whether the service `id` is one of the supplier's (else the form's error).
async fn service_of(state: &AppState, tenant_id: i32, id: &str, supplier_id: &str) -> Result<(), AppError> {
    use crate::platform::db::schema::logistics_carrier_service as cs;
    let owner: Option<String> = with_conn!(&state.db, |c| cs::table
        .filter(cs::tenant_id.eq(tenant_id))
        .filter(cs::id.eq(id))
        .select(cs::supplier_id)
        .first(c)
        .await
        .optional()?);
    match owner {
        None => Err(invalid("serviceId", MessageKey::FieldService)),
        Some(owner) if owner != supplier_id => Err(AppError::field("serviceId", MessageKey::ServiceWrongSupplier)),
        Some(_) => Ok(()),
    }
}

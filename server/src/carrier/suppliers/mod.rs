//! Suppliers (`/logistics/supplier/*`): the carriers a forwarder ships with. Per tenant; a
//! supplier with channels cannot be deleted. Its account with the carrier (the credentials its
//! adapter signs in with) is sealed at rest and never sent back: the record says only whether
//! some are kept; an edit without them keeps them.

pub mod credentials;
pub mod demo;

use diesel::QueryableByName;
use diesel::sql_types::Text;
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::db::schema::logistics_supplier;
use crate::platform::http::AppError;
use crate::platform::http::page::{Order, filter};
use crate::platform::http::time::DateTime;
use crate::platform::resource::form::{optional, required, status};
use crate::platform::resource::sql::Value;
use crate::platform::resource::{Checked, Field, Filter, Localized, Resource, Scope};
use crate::platform::sealed::{self, Purpose};
use crate::state::AppState;
use crate::system::auth::CurrentUser;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = logistics_supplier)]
#[serde(rename_all = "camelCase")]
pub struct SupplierRecord {
    pub id: String,
    pub code: String,
    pub name: String,
    pub name_en: Option<String>,
    /// The name in the request's language.
    #[diesel(sql_type = Text)]
    pub title: String,
    pub contact: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    /// How the carrier is reached (api, manual …).
    pub api_type: Option<String>,
    /// 1 in use, 0 stopped.
    pub status: i16,
    pub remark: Option<String>,
    /// 1 when credentials are kept (they are never sent).
    #[diesel(sql_type = diesel::sql_types::Integer)]
    pub has_credentials: i32,
    pub create_time: DateTime,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SupplierForm {
    pub id: Option<String>,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub name: String,
    pub name_en: Option<String>,
    pub contact: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub api_type: Option<String>,
    /// 1 (default) or 0.
    pub status: Option<i16>,
    pub remark: Option<String>,
    /// The carrier account's details as a JSON object of text (`{"accountNumber": "…", "apiKey":
    /// "…"}`). Left out on an edit: the kept ones stay; `{}` removes them.
    pub credentials: Option<String>,
}

/// A business code (supplier, channel, product): core's rule, upper-cased.
pub(crate) fn code_of(field: &str, text: &str) -> Result<String, AppError> {
    Ok(logistics_core::codes::business_code(field, text)?)
}

pub struct Suppliers;

impl Resource for Suppliers {
    const PATH: &'static str = "/logistics/supplier";
    const PERMISSION: &'static str = "logistics:supplier";
    const NOUN: &'static str = "supplier";
    const PLURAL: &'static str = "suppliers";
    const TABLE: &'static str = "logistics_supplier";
    const SCOPE: Scope = Scope::Tenant;
    const SELECT: &'static str = "*, CASE WHEN credentials IS NULL THEN 0 ELSE 1 END AS has_credentials";
    const FIELDS: &'static [Field] = &[
        Field::text("code", "code").sortable().titled(MessageKey::FieldCode),
        Field::text("name", "name").sortable().titled(MessageKey::FieldName),
        Field::text("nameEn", "name_en"),
        Field::text("contact", "contact").titled(MessageKey::FieldContactPerson),
        Field::text("phone", "phone").titled(MessageKey::FieldPhone),
        Field::text("email", "email"),
        Field::text("apiType", "api_type"),
        Field::small("status", "status"),
        Field::text("remark", "remark").titled(MessageKey::FieldDescription),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("keyWord", &["code", "name", "name_en"], "Code or name (zh or en), substring."),
        Filter::status("status", &["status"], "1 in use, 0 stopped."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("code", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("code", MessageKey::CodeTaken));
    const HAS_UPDATE_BY: bool = true;
    /// A supplier with channels stays.
    const IN_USE_BY: &'static [(&'static str, &'static str)] = &[("logistics_channel", "supplier_id")];
    const LOCALIZED: Option<Localized> = Some(Localized::title("name", "name_en"));

    crate::record_form!(SupplierRecord, SupplierForm, code);

    async fn values(state: &AppState, _: &CurrentUser, form: &SupplierForm, before: Option<&SupplierRecord>) -> Checked {
        let code = code_of("code", &form.code)?;
        let name = required("name", MessageKey::FieldName, &form.name, 100)?;
        let email = filter(&form.email);
        if let Some(e) = &email {
            validate::email("email", e)?;
        }
        let mut values = vec![
            ("code", code.into()),
            ("name", name.into()),
            ("email", email.into()),
            ("status", status("status", form.status)?.into()),
            ("name_en", optional("nameEn", MessageKey::FieldName, &form.name_en, 100)?.into()),
            ("contact", optional("contact", MessageKey::FieldContactPerson, &form.contact, 100)?.into()),
            ("phone", optional("phone", MessageKey::FieldPhone, &form.phone, 50)?.into()),
            ("api_type", optional("apiType", MessageKey::FieldDescription, &form.api_type, 50)?.into()),
            ("remark", optional("remark", MessageKey::FieldDescription, &form.remark, 500)?.into()),
        ];
        match form.credentials.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
            Some(text) => {
                let kept = credentials::check(text)?;
                let sealed = if kept.is_empty() { None } else { Some(sealed::seal(state, Purpose::CarrierCredentials, text)?) };
                values.push(("credentials", Value::OptText(sealed)));
            }
            None if before.is_none() => values.push(("credentials", Value::OptText(None))),
            None => {}
        }
        Ok(values)
    }
}

//! Suppliers (`/logistics/supplier/*`): the carriers a forwarder ships with. Per tenant; a
//! supplier with channels cannot be deleted.

pub mod demo;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::db::Db;
use crate::platform::db::schema::{logistics_channel, logistics_supplier};
use crate::platform::http::lang::pick;
use crate::platform::http::page::{Order, filter};
use crate::platform::http::{AppError, current_lang};
use crate::platform::resource::{Field, Filter, Resource, Scope, Values};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::with_conn;

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SupplierRecord {
    pub id: String,
    pub code: String,
    pub name: String,
    pub name_en: Option<String>,
    /// The name in the request's language.
    pub title: String,
    pub contact: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    /// How the carrier is reached (api, manual …).
    pub api_type: Option<String>,
    /// 1 in use, 0 stopped.
    pub status: i16,
    pub remark: Option<String>,
    pub create_time: String,
}

#[derive(QueryableByName)]
#[diesel(table_name = logistics_supplier)]
pub struct Row {
    id: String,
    code: String,
    name: String,
    name_en: Option<String>,
    contact: Option<String>,
    phone: Option<String>,
    email: Option<String>,
    api_type: Option<String>,
    status: i16,
    remark: Option<String>,
    create_time: chrono::NaiveDateTime,
}

/// Whether the tenant has this supplier.
pub(crate) async fn exists(db: &Db, tenant_id: i32, id: &str) -> Result<bool, AppError> {
    let n: i64 = with_conn!(db, |conn| logistics_supplier::table
        .filter(logistics_supplier::tenant_id.eq(tenant_id))
        .filter(logistics_supplier::id.eq(id))
        .count()
        .get_result(conn)
        .await?);
    Ok(n > 0)
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
}

/// A business code (supplier, channel, product): core's rule, upper-cased.
pub(crate) fn code_of(field: &str, text: &str) -> Result<String, AppError> {
    Ok(logistics_core::codes::business_code(field, text)?)
}

pub(crate) fn bounded(field: &str, label: MessageKey, value: &Option<String>, max: usize) -> Result<Option<String>, AppError> {
    let value = filter(value);
    validate::max_chars(field, label.template(current_lang()), value.as_deref().unwrap_or(""), max)?;
    Ok(value)
}

pub struct Suppliers;

impl Resource for Suppliers {
    const PATH: &'static str = "/logistics/supplier";
    const PERMISSION: &'static str = "logistics:supplier";
    const TAG: &'static str = "logistics";
    const NOUN: &'static str = "supplier";
    const PLURAL: &'static str = "suppliers";
    const TABLE: &'static str = "logistics_supplier";
    const SCOPE: Scope = Scope::Tenant;
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

    type Row = Row;
    type Record = SupplierRecord;
    type Form = SupplierForm;

    fn record(r: Row) -> SupplierRecord {
        SupplierRecord {
            title: pick(current_lang(), r.name.clone(), r.name_en.clone()),
            create_time: r.create_time.format(crate::system::users::DATE_TIME_FORMAT).to_string(),
            id: r.id,
            code: r.code,
            name: r.name,
            name_en: r.name_en,
            contact: r.contact,
            phone: r.phone,
            email: r.email,
            api_type: r.api_type,
            status: r.status,
            remark: r.remark,
        }
    }

    crate::keyed_by!(SupplierRecord, SupplierForm, code);

    async fn values(
        _: &AppState,
        _: &CurrentUser,
        form: &SupplierForm,
        _before: Option<&SupplierRecord>,
    ) -> Result<Values, AppError> {
        let lang = current_lang();
        let code = code_of("code", &form.code)?;
        let name = form.name.trim().to_owned();
        validate::required("name", MessageKey::FieldName.template(lang), &name)?;
        validate::max_chars("name", MessageKey::FieldName.template(lang), &name, 100)?;
        let email = filter(&form.email);
        if let Some(e) = &email {
            validate::email("email", e)?;
        }
        let status = form.status.unwrap_or(1);
        if status != 0 && status != 1 {
            return Err(AppError::field("status", MessageKey::StatusInvalid));
        }
        Ok(vec![
            ("code", code.into()),
            ("name", name.into()),
            ("name_en", bounded("nameEn", MessageKey::FieldName, &form.name_en, 100)?.into()),
            ("contact", bounded("contact", MessageKey::FieldContactPerson, &form.contact, 100)?.into()),
            ("phone", bounded("phone", MessageKey::FieldPhone, &form.phone, 50)?.into()),
            ("email", email.into()),
            ("api_type", bounded("apiType", MessageKey::FieldDescription, &form.api_type, 50)?.into()),
            ("status", status.into()),
            ("remark", bounded("remark", MessageKey::FieldDescription, &form.remark, 500)?.into()),
        ])
    }

    /// A supplier with channels stays.
    async fn before_delete(state: &AppState, _: &CurrentUser, records: &[SupplierRecord]) -> Result<(), AppError> {
        let ids: Vec<&str> = records.iter().map(|r| r.id.as_str()).collect();
        let channels: i64 = with_conn!(&state.db, |conn| logistics_channel::table
            .filter(logistics_channel::supplier_id.eq_any(&ids))
            .count()
            .get_result(conn)
            .await?);
        if channels > 0 {
            return Err(AppError::bad_request(MessageKey::InUse));
        }
        Ok(())
    }
}

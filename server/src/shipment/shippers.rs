//! Shippers (`/logistics/shipper/*`): a customer's sender addresses; one may be the default, which
//! a new order takes when it names none.

use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::address::{Address, AddressForm};
use crate::platform::db::schema::logistics_shipper;
use crate::platform::http::AppError;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::resource::form::{optional, required};
use crate::platform::resource::{Checked, Field, Filter, Resource, Scope, Written};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::with_write;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = logistics_shipper)]
#[serde(rename_all = "camelCase")]
pub struct ShipperRecord {
    pub id: String,
    /// The customer (main account) it belongs to (`belongUser`).
    pub customer_id: String,
    pub name: String,
    pub company: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub country: String,
    pub state: Option<String>,
    pub city: String,
    pub postal_code: Option<String>,
    pub street: Option<String>,
    pub house: Option<String>,
    pub address1: String,
    pub address2: Option<String>,
    /// 1: the default shipper of new orders.
    pub iz_default: i16,
    pub remark: Option<String>,
    pub create_time: DateTime,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShipperForm {
    pub id: Option<String>,
    /// Staff: the customer it is for.
    pub customer_id: Option<String>,
    #[serde(default)]
    pub name: String,
    pub company: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    #[serde(flatten)]
    pub address: AddressForm,
    /// 1 or 0 (default).
    pub iz_default: Option<i16>,
    pub remark: Option<String>,
}

pub struct Shippers;

impl Resource for Shippers {
    const PATH: &'static str = "/logistics/shipper";
    const PERMISSION: &'static str = "logistics:shipper";
    const NOUN: &'static str = "shipper";
    const PLURAL: &'static str = "shippers";
    const TABLE: &'static str = "logistics_shipper";
    const SCOPE: Scope = Scope::Customer;
    const FIELDS: &'static [Field] = &[
        Field::text("name", "name").sortable().titled(MessageKey::FieldName),
        Field::text("company", "company").titled(MessageKey::FieldCompany),
        Field::text("phone", "phone").titled(MessageKey::FieldPhone),
        Field::text("email", "email").titled(MessageKey::FieldEmail),
        Field::text("country", "country").sortable().titled(MessageKey::FieldCountry),
        Field::text("state", "state").titled(MessageKey::FieldProvince),
        Field::text("city", "city").titled(MessageKey::FieldCity),
        Field::text("postalCode", "postal_code").titled(MessageKey::FieldPostalCode),
        Field::text("address1", "address1").titled(MessageKey::FieldAddress),
        Field::text("customerId", "customer_id"),
        Field::small("izDefault", "iz_default"),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("keyWord", &["name", "company", "city", "address1"], "Name, company, city or address, substring."),
        Filter::exact("country", &["country"], "ISO 3166 alpha-2."),
        Filter::exact("customerId", &["customer_id"], "Staff: the customer's id."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const HAS_UPDATE_BY: bool = true;
    /// Order forms pick a shipper.
    const ALSO_LISTED_BY: &'static [&'static str] = crate::shipment::orders::TYPE_PAGES;

    crate::record_form!(ShipperRecord, ShipperForm, name);

    async fn values(state: &AppState, me: &CurrentUser, form: &ShipperForm, before: Option<&ShipperRecord>) -> Checked {
        let mut values =
            super::address::customer_value(state, me, form.customer_id.as_deref(), before.map(|b| b.customer_id.as_str()))
                .await?;
        values.push(("name", required("name", MessageKey::FieldName, &form.name, 100)?.into()));
        values.push(("company", optional("company", MessageKey::FieldCompany, &form.company, 100)?.into()));
        values.push(("phone", super::address::phone(&form.phone)?.into()));
        let email = optional("email", MessageKey::FieldEmail, &form.email, 100)?;
        if let Some(e) = &email {
            validate::email("email", e)?;
        }
        values.push(("email", email.into()));
        let Address { columns } = super::address::checked(state, &form.address).await?;
        values.extend(columns);
        let default = match form.iz_default.unwrap_or(0) {
            d @ (0 | 1) => d,
            _ => return Err(AppError::field("izDefault", MessageKey::StatusInvalid)),
        };
        values.push(("iz_default", default.into()));
        values.push(("remark", optional("remark", MessageKey::FieldRemark, &form.remark, 500)?.into()));
        Ok(values)
    }

    /// One default per customer: a shipper made the default takes it from the others.
    async fn after_write(state: &AppState, _: &CurrentUser, written: Written<'_, ShipperRecord>) -> Result<(), AppError> {
        let made_default: Vec<&ShipperRecord> = match written {
            Written::Added(records) => records.iter().filter(|r| r.iz_default == 1).collect(),
            Written::Edited { after, .. } if after.iz_default == 1 => vec![after],
            _ => Vec::new(),
        };
        for r in made_default {
            with_write!(&state.db, |conn| {
                diesel::update(
                    logistics_shipper::table
                        .filter(logistics_shipper::customer_id.eq(&r.customer_id))
                        .filter(logistics_shipper::id.ne(&r.id))
                        .filter(logistics_shipper::iz_default.eq(1i16)),
                )
                .set(logistics_shipper::iz_default.eq(0i16))
                .execute(conn)
                .await?
            });
        }
        Ok(())
    }
}

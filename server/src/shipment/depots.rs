//! Depots (`/logistics/depot/*`): where a customer's orders go: Amazon fulfilment centres (for FBA
//! orders; the centre's code as `depotId`, its address from the seeded list when left blank),
//! overseas and private warehouses, each with the customer's own code for it. The seeded centres
//! are listed by `/logistics/depot/fbaWarehouses`.

use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::address::AddressForm;
use crate::platform::caller::Caller;
use crate::platform::db::schema::{logistics_depot, logistics_fba_warehouse};
use crate::platform::http::page::{Order, filter};
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiQuery, ApiResult, ok};
use crate::platform::resource::form::{one_of, optional, required};
use crate::platform::resource::{Checked, Field, Filter, Kind, Resource, Scope};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::with_conn;

pub const DEPOT_TYPES: &[&str] = &["amazon", "overseas", "private"];

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = logistics_depot)]
#[serde(rename_all = "camelCase")]
pub struct DepotRecord {
    pub id: String,
    pub customer_id: String,
    /// The depot's code: an Amazon centre's (`ONT8`) or the warehouse's.
    pub depot_id: String,
    /// The customer's own code for it.
    pub code: Option<String>,
    pub depot_name: String,
    /// amazon, overseas or private.
    pub depot_type: String,
    pub contact: Option<String>,
    pub phone: Option<String>,
    pub country: String,
    pub state: Option<String>,
    pub city: String,
    pub postal_code: Option<String>,
    pub street: Option<String>,
    pub house: Option<String>,
    pub address1: String,
    pub address2: Option<String>,
    pub remark: Option<String>,
    pub create_time: DateTime,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepotForm {
    pub id: Option<String>,
    /// Staff: the customer it is for.
    pub customer_id: Option<String>,
    #[serde(default)]
    pub depot_id: String,
    pub code: Option<String>,
    #[serde(default)]
    pub depot_name: String,
    pub depot_type: Option<String>,
    pub contact: Option<String>,
    pub phone: Option<String>,
    #[serde(flatten)]
    pub address: AddressForm,
    pub remark: Option<String>,
}

/// An Amazon fulfilment centre of the seeded list.
#[derive(Clone, Debug, Serialize, ToSchema, Queryable)]
#[serde(rename_all = "camelCase")]
pub struct FbaWarehouse {
    pub code: String,
    pub country: String,
    pub state: Option<String>,
    pub city: String,
    pub postal_code: String,
    pub address1: String,
}

pub struct Depots;

impl Resource for Depots {
    const PATH: &'static str = "/logistics/depot";
    const PERMISSION: &'static str = "logistics:depot";
    const NOUN: &'static str = "depot";
    const PLURAL: &'static str = "depots";
    const TABLE: &'static str = "logistics_depot";
    const SCOPE: Scope = Scope::Customer;
    const FIELDS: &'static [Field] = &[
        Field::text("depotId", "depot_id").sortable().titled(MessageKey::FieldDepot),
        Field::text("code", "code").titled(MessageKey::FieldCode),
        Field::text("depotName", "depot_name").sortable().titled(MessageKey::FieldName),
        Field::text("depotType", "depot_type").titled(MessageKey::FieldDepotType),
        Field::text("contact", "contact").titled(MessageKey::FieldContactPerson),
        Field::text("phone", "phone").titled(MessageKey::FieldPhone),
        Field::text("country", "country").sortable().titled(MessageKey::FieldCountry),
        Field::text("city", "city").titled(MessageKey::FieldCity),
        Field::text("postalCode", "postal_code").titled(MessageKey::FieldPostalCode),
        Field::text("address1", "address1").titled(MessageKey::FieldAddress),
        Field::text("customerId", "customer_id"),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("keyWord", &["depot_id", "code", "depot_name", "city"], "Code, name or city, substring."),
        Filter::one_of("depotType", &["depot_type"], DEPOT_TYPES, Kind::Text, "amazon, overseas or private."),
        Filter::exact("country", &["country"], "ISO 3166 alpha-2."),
        Filter::exact("customerId", &["customer_id"], "Staff: the customer's id."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("depotId", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("depotId", MessageKey::CodeTaken));
    const HAS_UPDATE_BY: bool = true;
    /// Order forms pick a depot.
    const ALSO_LISTED_BY: &'static [&'static str] = crate::shipment::orders::TYPE_PAGES;

    crate::record_form!(DepotRecord, DepotForm, depot_id);

    /// A centre of the seeded list fills what the form leaves blank of its address.
    async fn values(state: &AppState, me: &CurrentUser, form: &DepotForm, before: Option<&DepotRecord>) -> Checked {
        let mut values =
            super::address::customer_value(state, me, form.customer_id.as_deref(), before.map(|b| b.customer_id.as_str()))
                .await?;
        let depot_id = logistics_core::codes::business_code("depotId", &form.depot_id)?;
        let depot_type = one_of("depotType", MessageKey::FieldDepotType, &form.depot_type, DEPOT_TYPES)?
            .unwrap_or_else(|| "amazon".to_owned());
        let mut address = form.address.clone();
        if depot_type == "amazon"
            && let Some(fc) = fba_warehouse(state, &depot_id).await?
        {
            let blank = |s: &str| s.trim().is_empty();
            if blank(&address.country) {
                address.country = fc.country;
            }
            if blank(&address.city) {
                address.city = fc.city;
            }
            if blank(&address.address1) {
                address.address1 = fc.address1;
            }
            if address.postal_code.as_deref().is_none_or(blank) {
                address.postal_code = Some(fc.postal_code);
            }
            if address.state.as_deref().is_none_or(blank) {
                address.state = fc.state;
            }
        }
        let name = if form.depot_name.trim().is_empty() && depot_type == "amazon" {
            format!("Amazon {depot_id}")
        } else {
            form.depot_name.clone()
        };
        values.push(("depot_id", depot_id.into()));
        values.push(("depot_type", depot_type.into()));
        values.push(("depot_name", required("depotName", MessageKey::FieldName, &name, 100)?.into()));
        values.push(("code", optional("code", MessageKey::FieldCode, &form.code, 50)?.into()));
        values.push(("contact", optional("contact", MessageKey::FieldContactPerson, &form.contact, 100)?.into()));
        values.push(("phone", super::address::phone(&form.phone)?.into()));
        values.extend(super::address::checked(state, &address).await?.columns);
        values.push(("remark", optional("remark", MessageKey::FieldRemark, &form.remark, 500)?.into()));
        Ok(values)
    }
}

async fn fba_warehouse(state: &AppState, code: &str) -> Result<Option<FbaWarehouse>, crate::platform::http::AppError> {
    Ok(with_conn!(&state.db, |conn| {
        logistics_fba_warehouse::table
            .filter(logistics_fba_warehouse::code.eq(code))
            .select((
                logistics_fba_warehouse::code,
                logistics_fba_warehouse::country,
                logistics_fba_warehouse::state,
                logistics_fba_warehouse::city,
                logistics_fba_warehouse::postal_code,
                logistics_fba_warehouse::address1,
            ))
            .first(conn)
            .await
            .optional()?
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FbaWarehouseFilter {
    /// ISO 3166 alpha-2.
    pub country: Option<String>,
    /// Code or city, substring.
    pub key_word: Option<String>,
}

/// The seeded Amazon fulfilment centres (every signed-in user: order and depot forms pick them).
#[utoipa::path(get, path = "/logistics/depot/fbaWarehouses", tag = "logistics", params(FbaWarehouseFilter),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<FbaWarehouse>>)))]
pub async fn fba_warehouses(
    Caller(state, _me): Caller,
    ApiQuery(f): ApiQuery<FbaWarehouseFilter>,
) -> ApiResult<Vec<FbaWarehouse>> {
    use logistics_fba_warehouse as w;
    let country = filter(&f.country).map(|c| c.to_uppercase());
    let key_word = filter(&f.key_word).map(|k| crate::platform::http::page::like_pattern(&k.to_uppercase()));
    let rows: Vec<FbaWarehouse> = with_conn!(&state.db, |conn| {
        let mut q = w::table.into_boxed();
        if let Some(c) = &country {
            q = q.filter(w::country.eq(c));
        }
        if let Some(k) = &key_word {
            q = q.filter(w::code.like(k.clone()).escape('\\').or(w::city.like(k.clone()).escape('\\')));
        }
        q.select((w::code, w::country, w::state, w::city, w::postal_code, w::address1))
            .order((w::country.asc(), w::code.asc()))
            .load(conn)
            .await?
    });
    ok(rows)
}

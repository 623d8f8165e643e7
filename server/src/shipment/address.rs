//! The address fields shippers and depots share, checked by core's rules as the order form's
//! consignee is (a country code, the country's postal pattern, a phone as written abroad).

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::platform::db::schema::sys_country;
use crate::platform::http::AppError;
use crate::platform::resource::customer_of;
use crate::platform::resource::form::{optional, required};
use crate::platform::resource::sql::Value;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::with_conn;

#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressForm {
    /// ISO 3166 alpha-2.
    #[serde(default)]
    pub country: String,
    pub state: Option<String>,
    #[serde(default)]
    pub city: String,
    pub postal_code: Option<String>,
    pub street: Option<String>,
    pub house: Option<String>,
    #[serde(default)]
    pub address1: String,
    pub address2: Option<String>,
}

/// The checked columns of an address.
pub struct Address {
    pub columns: Vec<(&'static str, Value)>,
}

/// A country's postal-code pattern (empty when it has none or is unknown).
pub async fn postal_pattern(state: &AppState, country: &str) -> Result<String, AppError> {
    let pattern: Option<Option<String>> = with_conn!(&state.db, |conn| {
        sys_country::table
            .filter(sys_country::code.eq(country))
            .select(sys_country::postal_pattern)
            .first(conn)
            .await
            .optional()?
    });
    Ok(pattern.flatten().unwrap_or_default())
}

/// Country, state, city, postal code (against the country's pattern), street, house and the two
/// address lines.
pub async fn checked(state: &AppState, form: &AddressForm) -> Result<Address, AppError> {
    let country = logistics_core::codes::country_code("country", &form.country.trim().to_uppercase())?;
    let city = required("city", MessageKey::FieldCity, &form.city, 100)?;
    let address1 = required("address1", MessageKey::FieldAddress, &form.address1, 200)?;
    let postal = optional("postalCode", MessageKey::FieldPostalCode, &form.postal_code, 20)?;
    let pattern = postal_pattern(state, &country).await?;
    if let Some(code) = &postal
        && logistics_core::pattern::postal_matches(&pattern, code) == Some(false)
    {
        return Err(AppError::field("postalCode", MessageKey::PostalCodeMismatch)
            .with("value", code.clone())
            .with("country", country));
    }
    Ok(Address {
        columns: vec![
            ("state", optional("state", MessageKey::FieldProvince, &form.state, 100)?.into()),
            ("street", optional("street", MessageKey::FieldStreet, &form.street, 100)?.into()),
            ("house", optional("house", MessageKey::FieldHouse, &form.house, 20)?.into()),
            ("address2", optional("address2", MessageKey::FieldAddress2, &form.address2, 200)?.into()),
            ("country", country.into()),
            ("city", city.into()),
            ("address1", address1.into()),
            ("postal_code", postal.into()),
        ],
    })
}

/// A phone as written abroad (optional).
pub fn phone(value: &Option<String>) -> Result<Option<String>, AppError> {
    let phone = optional("phone", MessageKey::FieldPhone, value, 30)?;
    if let Some(p) = &phone {
        logistics_core::shipment::consignee_phone("phone", p)?;
    }
    Ok(phone)
}

/// The customer a new row of staff's is for (customers' rows are their own; an edit keeps its
/// customer).
pub async fn customer_value(
    state: &AppState,
    me: &CurrentUser,
    named: Option<&str>,
    before: Option<&str>,
) -> Result<Vec<(&'static str, Value)>, AppError> {
    if customer_of(me).is_some() || before.is_some() {
        return Ok(Vec::new());
    }
    let customer = crate::platform::resource::CUSTOMER.check(&state.db, me.tenant_id, "customerId", named).await?;
    Ok(vec![("customer_id", customer.into())])
}

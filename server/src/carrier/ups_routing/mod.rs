//! UPS routing codes (`/logistics/upsRouting/*`): UPS's routing table per tenant, a destination
//! country and postal range to the routing code (URC) that UPS labels print. Rows are kept in
//! core's canonical form (`ups_routing`); the table comes in as UPS's routing file
//! (`importExcel`: the file's countries are replaced, all or nothing), rows can be corrected one by
//! one, and `lookup` answers the code of a country and postal code, as labels use it.

pub mod file;

use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::ups_routing;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub use file::{IMPORT_LIMIT, UpsRoutingImport};

use crate::platform::caller::Caller;
use crate::platform::db::Db;
use crate::platform::db::schema::logistics_ups_routing as t;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiQuery, ApiResult, AppError, ok};
use crate::platform::resource::form::optional;
use crate::platform::resource::sql::Value;
use crate::platform::resource::{Checked, Field, Filter, Resource, Scope};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::with_conn;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = t)]
#[serde(rename_all = "camelCase")]
pub struct UpsRoutingRecord {
    pub id: String,
    /// ISO 3166-1 alpha-2.
    pub country_code: String,
    /// The range's ends in canonical form (capitals and digits); both empty: the whole country.
    pub postal_low: String,
    pub postal_high: String,
    /// The routing code labels print (`NY 100 9-05`).
    pub routing_code: String,
    /// The routing file's version or date, as imported.
    pub version: Option<String>,
    pub remark: Option<String>,
    pub create_time: DateTime,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamp>)]
    pub update_time: Option<DateTime>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpsRoutingForm {
    pub id: Option<String>,
    #[serde(default)]
    pub country_code: String,
    /// Both ends, or neither for the whole country.
    #[serde(default)]
    pub postal_low: String,
    #[serde(default)]
    pub postal_high: String,
    #[serde(default)]
    pub routing_code: String,
    pub version: Option<String>,
    pub remark: Option<String>,
}

/// The longest version text.
pub const VERSION_MAX: usize = 32;

pub struct UpsRoutings;

impl Resource for UpsRoutings {
    const PATH: &'static str = "/logistics/upsRouting";
    const PERMISSION: &'static str = "logistics:upsRouting";
    const NOUN: &'static str = "UPS routing code";
    const PLURAL: &'static str = "UPS routing codes";
    const TABLE: &'static str = "logistics_ups_routing";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("countryCode", "country_code").sortable().titled(MessageKey::FieldCountry),
        Field::text("postalLow", "postal_low").sortable().titled(MessageKey::FieldPostalLow),
        Field::text("postalHigh", "postal_high").titled(MessageKey::FieldPostalHigh),
        Field::text("routingCode", "routing_code").sortable().titled(MessageKey::FieldRoutingCode),
        Field::text("version", "version").sortable().titled(MessageKey::FieldVersion),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::time("createTime", "create_time").sortable(),
        Field::time("updateTime", "update_time"),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::exact("countryCode", &["country_code"], "The country (ISO 3166-1 alpha-2)."),
        Filter::like_upper("routingCode", &["routing_code"], "The routing code, in part."),
        Filter::prefix("postalLow", &["postal_low"], "The range's first postal code (canonical form) starts with this."),
        Filter::exact("version", &["version"], "The routing file's version."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("countryCode", Order::Asc);
    const HAS_UPDATE_BY: bool = true;
    /// The file replaces whole countries (`file::import_excel`), not the generic row import.
    const OMIT: &'static [&'static str] = &["importExcel"];

    crate::record_form!(UpsRoutingRecord, UpsRoutingForm, |r| format!(
        "{} {}-{} {}",
        r.country_code, r.postal_low, r.postal_high, r.routing_code
    ));

    async fn values(state: &AppState, me: &CurrentUser, form: &UpsRoutingForm, before: Option<&UpsRoutingRecord>) -> Checked {
        let range = ups_routing::range(&form.country_code, &form.postal_low, &form.postal_high, &form.routing_code)?;
        let id = before.map(|b| b.id.clone()).unwrap_or_default();
        if taken(&state.db, me.tenant_id, &range, &id).await? {
            return Err(taken_error(&range));
        }
        let len = range.low.len() as i16;
        Ok(vec![
            ("country_code", range.country.into()),
            ("postal_low", range.low.into()),
            ("postal_high", range.high.into()),
            ("postal_len", Value::Small(len)),
            ("routing_code", range.code.into()),
            ("version", optional("version", MessageKey::FieldVersion, &form.version, VERSION_MAX)?.into()),
            ("remark", optional("remark", MessageKey::FieldRemark, &form.remark, 500)?.into()),
        ])
    }
}

/// Whether another row of the tenant has the same range (not `except`, the row being edited).
async fn taken(db: &Db, tenant_id: i32, range: &ups_routing::Range, except: &str) -> Result<bool, AppError> {
    let found: Option<String> = with_conn!(db, |conn| {
        t::table
            .filter(t::tenant_id.eq(tenant_id))
            .filter(t::country_code.eq(&range.country))
            .filter(t::postal_low.eq(&range.low))
            .filter(t::postal_high.eq(&range.high))
            .filter(t::id.ne(except))
            .select(t::id)
            .first(conn)
            .await
            .optional()?
    });
    Ok(found.is_some())
}

fn taken_error(range: &ups_routing::Range) -> AppError {
    AppError::conflict(MessageKey::UpsRoutingRangeTaken)
        .with("country", range.country.clone())
        .with("low", range.low.clone())
        .with("high", range.high.clone())
}

/// The routing code of a country and postal code in the tenant's table: the range of the longest
/// probe key holding it, else the country's whole-country row (core `ups_routing`).
pub async fn find(db: &Db, tenant_id: i32, country: &str, postal_code: &str) -> Result<Option<UpsRoutingFound>, AppError> {
    let country = country.trim().to_ascii_uppercase();
    let lengths: Vec<i16> = with_conn!(db, |conn| {
        t::table
            .filter(t::tenant_id.eq(tenant_id))
            .filter(t::country_code.eq(&country))
            .select(t::postal_len)
            .distinct()
            .load(conn)
            .await?
    });
    let lengths: Vec<usize> = lengths.into_iter().map(|l| l.max(0) as usize).collect();
    let mut probes: Vec<(i16, String)> =
        ups_routing::probe_keys(&country, postal_code, &lengths).into_iter().map(|k| (k.len() as i16, k)).collect();
    if lengths.contains(&0) {
        probes.push((0, String::new()));
    }
    for (len, key) in probes {
        // The range starting at or before the key among those of its length; core decides whether it holds it.
        let row: Option<(String, String, String)> = with_conn!(db, |conn| {
            t::table
                .filter(t::tenant_id.eq(tenant_id))
                .filter(t::country_code.eq(&country))
                .filter(t::postal_len.eq(len))
                .filter(t::postal_low.le(&key))
                .order(t::postal_low.desc())
                .select((t::postal_low, t::postal_high, t::routing_code))
                .first(conn)
                .await
                .optional()?
        });
        if let Some((low, high, code)) = row
            && ups_routing::holds(&low, &high, &key)
        {
            return Ok(Some(UpsRoutingFound { country_code: country, postal_low: low, postal_high: high, routing_code: code }));
        }
    }
    Ok(None)
}

/// A lookup's answer: the code and the range that gave it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpsRoutingFound {
    pub country_code: String,
    pub postal_low: String,
    pub postal_high: String,
    pub routing_code: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LookupQuery {
    /// ISO 3166-1 alpha-2.
    #[serde(default)]
    pub country_code: String,
    /// As the consignee wrote it (`10001-1234`, `k1a 0b1`).
    #[serde(default)]
    pub postal_code: String,
}

/// The routing code UPS labels print for a country and postal code (404 when the table has none).
#[utoipa::path(get, path = "/logistics/upsRouting/lookup", tag = "logistics", params(LookupQuery),
    responses((status = 200, body = crate::platform::http::Envelope<UpsRoutingFound>), (status = 400), (status = 403), (status = 404)))]
pub async fn lookup(Caller(state, me): Caller, ApiQuery(q): ApiQuery<LookupQuery>) -> ApiResult<UpsRoutingFound> {
    grants::require(&state, &me, "logistics:upsRouting:list").await?;
    let country = ups_routing::country("countryCode", &q.country_code)?;
    match find(&state.db, me.tenant_id, &country, &q.postal_code).await? {
        Some(found) => ok(found),
        None => Err(AppError::not_found_with(MessageKey::UpsRoutingNotFound)
            .with("country", country)
            .with("postalCode", q.postal_code.trim().to_owned())),
    }
}

//! Countries and regions (`/sys/country/*`): ISO 3166-1 alpha-2 codes with Chinese and English
//! names, the international calling code and the postal-code pattern, seeded with the full list
//! (`countries.json`, generated from i18n-iso-countries, libphonenumber and postcode-validator).
//! Platform-wide: the platform's administrators edit, every signed-in user reads. A declared
//! resource keyed by its code; `queryAll` (the enabled ones, for selects) is written here.

use diesel::prelude::*;
use diesel::sql_types::Text;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, codes};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::caller::Caller;
use crate::platform::db::schema::sys_country;
use crate::platform::db::{Db, DbResult};
use crate::platform::http::page::{Order, filter};
use crate::platform::http::{ApiResult, AppError, ok};
use crate::platform::resource::form::required;
use crate::platform::resource::sql::Sql;
use crate::platform::resource::{Checked, Field, Filter, Localized, Resource, Scope, Values, handlers};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::{with_conn, with_write};

pub const SEED: &str = include_str!("countries.json");

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = sys_country)]
#[serde(rename_all = "camelCase")]
pub struct CountryRecord {
    pub code: String,
    pub name_zh: String,
    pub name_en: String,
    /// The name in the request's language.
    #[diesel(sql_type = Text)]
    pub name: String,
    /// "+86".
    pub phone_prefix: Option<String>,
    /// A regular expression the upper-cased postal code must match; none when the country has no
    /// postal codes or no known format.
    pub postal_pattern: Option<String>,
    pub enabled: bool,
    pub sort_order: i32,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Seed {
    pub code: String,
    pub name_zh: String,
    pub name_en: String,
    pub phone: Option<String>,
    pub postal: Option<String>,
}

/// Seeds the full list into an empty table (an administrator's deletions are not undone).
pub async fn seed(db: &Db) -> DbResult<()> {
    let count: i64 = with_conn!(db, |conn| sys_country::table.count().get_result(conn).await?);
    if count > 0 {
        return Ok(());
    }
    let seeds: Vec<Seed> = match serde_json::from_str(SEED) {
        Ok(seeds) => seeds,
        Err(e) => {
            tracing::error!(error = %e, "the country list could not be read");
            return Ok(());
        }
    };
    let rows: Vec<_> = seeds
        .iter()
        .map(|s| {
            (
                sys_country::code.eq(&s.code),
                sys_country::name_zh.eq(&s.name_zh),
                sys_country::name_en.eq(&s.name_en),
                sys_country::phone_prefix.eq(&s.phone),
                sys_country::postal_pattern.eq(&s.postal),
                sys_country::enabled.eq(true),
                sys_country::sort_order.eq(0),
            )
        })
        .collect();
    with_write!(db, |conn| {
        conn.transaction(async |tx| {
            for row in &rows {
                diesel::insert_into(sys_country::table).values(*row).on_conflict_do_nothing().execute(tx).await?;
            }
            Ok::<(), diesel::result::Error>(())
        })
        .await?;
    });
    Ok(())
}

/// The enabled countries (for selects), by sort order then code.
#[utoipa::path(get, path = "/sys/country/queryAll", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<Vec<CountryRecord>>), (status = 401)))]
pub async fn query_all(Caller(state, me): Caller) -> ApiResult<Vec<CountryRecord>> {
    let mut enabled = Sql::new(" AND enabled = ");
    enabled.bind(true);
    ok(handlers::all::<Countries>(&state, &me, enabled, " ORDER BY sort_order ASC, code ASC").await?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountryForm {
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub name_zh: String,
    #[serde(default)]
    pub name_en: String,
    pub phone_prefix: Option<String>,
    pub postal_pattern: Option<String>,
    pub enabled: Option<bool>,
    pub sort_order: Option<i32>,
}

pub fn code_of(text: &str) -> Result<String, AppError> {
    Ok(codes::country_code("code", text)?)
}

pub struct Countries;

impl Resource for Countries {
    const PATH: &'static str = "/sys/country";
    const PERMISSION: &'static str = "system:country";
    const NOUN: &'static str = "country";
    const PLURAL: &'static str = "countries";
    const TABLE: &'static str = "sys_country";
    const SCOPE: Scope = Scope::Platform;
    const FIELDS: &'static [Field] = &[
        Field::text("code", "code").sortable().titled(MessageKey::FieldCode),
        Field::text("nameZh", "name_zh").sortable().titled(MessageKey::FieldNameZh),
        Field::text("nameEn", "name_en").sortable().titled(MessageKey::FieldNameEn),
        Field::text("phonePrefix", "phone_prefix"),
        Field::text("postalPattern", "postal_pattern"),
        Field::flag("enabled", "enabled"),
        Field::int("sortOrder", "sort_order").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like_upper("code", &["code"], "Code, substring."),
        Filter::like("name", &["name_zh", "name_en"], "Chinese or English name, substring."),
        Filter::flag("enabled", &["enabled"], "true or false."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("code", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("code", MessageKey::CountryCodeTaken));
    const KEY: &'static str = "code";
    const HAS_CREATE_BY: bool = false;
    const HAS_CREATE_TIME: bool = false;
    const HAS_UPDATE_BY: bool = true;
    /// Every form with an address reads countries.
    const OPEN_QUERY_BY_ID: bool = true;
    const LOCALIZED: Option<Localized> = Some(Localized { alias: "name", zh: "name_zh", en: "name_en" });

    type Record = CountryRecord;
    type Form = CountryForm;

    fn id(record: &CountryRecord) -> String {
        record.code.clone()
    }

    fn label(record: &CountryRecord) -> String {
        record.code.clone()
    }

    /// The code is the key and stays.
    fn form_id(form: &CountryForm) -> Option<&str> {
        Some(&form.code)
    }

    async fn values(_: &AppState, _: &CurrentUser, form: &CountryForm, before: Option<&CountryRecord>) -> Checked {
        let code = match before {
            None => Some(code_of(&form.code)?),
            Some(_) => None,
        };
        let name_zh = required("nameZh", MessageKey::FieldNameZh, &form.name_zh, 100)?;
        let name_en = required("nameEn", MessageKey::FieldNameEn, &form.name_en, 100)?;
        // Core's rules: the browser checks the same fields with them.
        let phone_prefix = filter(&form.phone_prefix).map(|p| codes::phone_prefix("phonePrefix", &p)).transpose()?;
        let postal_pattern = filter(&form.postal_pattern).map(|p| codes::postal_pattern("postalPattern", &p)).transpose()?;
        let enabled = form.enabled.unwrap_or(before.is_none_or(|b| b.enabled));
        let sort_order = form.sort_order.unwrap_or(before.map_or(0, |b| b.sort_order)).clamp(-99_999, 99_999);
        let mut values: Values = code.into_iter().map(|c| ("code", c.into())).collect();
        values.extend([
            ("name_zh", name_zh.into()),
            ("name_en", name_en.into()),
            ("phone_prefix", phone_prefix.into()),
            ("postal_pattern", postal_pattern.into()),
            ("enabled", enabled.into()),
            ("sort_order", sort_order.into()),
        ]);
        Ok(values)
    }
}

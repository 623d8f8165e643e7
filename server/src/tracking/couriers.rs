//! Couriers (`/logistics/courier/*`): the last-mile carriers whose numbers the out-track search
//! recognises (a pattern and a check-digit scheme, core's rules on both sides) and the page where
//! each tracks its own numbers. Each tenant starts with core's list (`tracking::DEFAULT_COURIERS`)
//! and keeps its own copy.

use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::check_digit::Scheme;
use logistics_core::pattern::Pattern;
use logistics_core::tracking::{self, DEFAULT_COURIERS};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::db::schema::logistics_courier as c;
use crate::platform::db::{Db, DbResult};
use crate::platform::http::AppError;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::resource::form::{optional, required, status};
use crate::platform::resource::{Checked, Field, Filter, Localized, Resource, Scope};
use crate::platform::secrets;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::{with_conn, with_write};

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = c)]
#[serde(rename_all = "camelCase")]
pub struct CourierRecord {
    pub id: String,
    pub code: String,
    pub name: String,
    pub name_en: Option<String>,
    pub website: Option<String>,
    /// The courier's tracking page; `{number}` stands for the number.
    pub track_url: Option<String>,
    /// The numbers it issues (a regular expression core reads), matched upper-cased.
    pub number_pattern: Option<String>,
    /// `s10`, `ups`, `mod7` or none.
    pub check_digit: Option<String>,
    pub phone: Option<String>,
    pub sort_no: i32,
    /// 1 in use, 0 stopped.
    pub status: i16,
    pub remark: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourierForm {
    pub id: Option<String>,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub name: String,
    pub name_en: Option<String>,
    pub website: Option<String>,
    pub track_url: Option<String>,
    pub number_pattern: Option<String>,
    pub check_digit: Option<String>,
    pub phone: Option<String>,
    pub sort_no: Option<i32>,
    pub status: Option<i16>,
    pub remark: Option<String>,
}

pub struct Couriers;

impl Resource for Couriers {
    const PATH: &'static str = "/logistics/courier";
    const PERMISSION: &'static str = "logistics:courier";
    const NOUN: &'static str = "courier";
    const PLURAL: &'static str = "couriers";
    const TABLE: &'static str = "logistics_courier";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("code", "code").sortable().titled(MessageKey::FieldCode),
        Field::text("name", "name").sortable().titled(MessageKey::FieldName),
        Field::text("nameEn", "name_en").titled(MessageKey::FieldNameEn),
        Field::text("website", "website").titled(MessageKey::FieldWebsite),
        Field::text("trackUrl", "track_url").titled(MessageKey::FieldCourierTrackUrl),
        Field::text("numberPattern", "number_pattern").titled(MessageKey::FieldCourierPattern),
        Field::text("checkDigit", "check_digit"),
        Field::text("phone", "phone").titled(MessageKey::FieldPhone),
        Field::int("sortNo", "sort_no").sortable(),
        Field::small("status", "status"),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::time("createTime", "create_time").sortable(),
        Field::time("updateTime", "update_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("keyWord", &["code", "name", "name_en"], "Code or name (zh or en), substring."),
        Filter::status("status", &["status"], "1 in use, 0 stopped."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("sortNo", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("code", MessageKey::CourierCodeTaken));
    const HAS_UPDATE_BY: bool = true;
    const LOCALIZED: Option<Localized> = Some(Localized::title("name", "name_en"));

    crate::record_form!(CourierRecord, CourierForm, code);

    async fn values(_: &AppState, _: &CurrentUser, form: &CourierForm, _: Option<&CourierRecord>) -> Checked {
        let code = logistics_core::codes::business_code("code", &form.code)?;
        let name = required("name", MessageKey::FieldName, &form.name, 100)?;
        let track_url = match optional("trackUrl", MessageKey::FieldCourierTrackUrl, &form.track_url, 500)? {
            Some(url) => Some(tracking::track_url_template("trackUrl", &url)?),
            None => None,
        };
        let number_pattern = match optional("numberPattern", MessageKey::FieldCourierPattern, &form.number_pattern, 200)? {
            Some(p) => Some(tracking::number_pattern("numberPattern", &p)?),
            None => None,
        };
        let check_digit = match form.check_digit.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            None => None,
            Some(text) => match Scheme::parse(text) {
                Some(Scheme::None) => None,
                Some(Scheme::S10) => Some("s10".to_owned()),
                Some(Scheme::Ups1Z) => Some("ups".to_owned()),
                Some(Scheme::Mod7) => Some("mod7".to_owned()),
                None => return Err(AppError::field("checkDigit", MessageKey::CourierCheckDigitInvalid)),
            },
        };
        let website = match optional("website", MessageKey::FieldWebsite, &form.website, 200)? {
            Some(url) => Some(
                tracking::webhook_url("website", &url)
                    .map_err(|_| AppError::field("website", MessageKey::CourierWebsiteInvalid))?,
            ),
            None => None,
        };
        Ok(vec![
            ("code", code.into()),
            ("name", name.into()),
            ("name_en", optional("nameEn", MessageKey::FieldNameEn, &form.name_en, 100)?.into()),
            ("website", website.into()),
            ("track_url", track_url.into()),
            ("number_pattern", number_pattern.into()),
            ("check_digit", check_digit.into()),
            ("phone", optional("phone", MessageKey::FieldPhone, &form.phone, 50)?.into()),
            ("sort_no", form.sort_no.unwrap_or(0).into()),
            ("status", status("status", form.status)?.into()),
            ("remark", optional("remark", MessageKey::FieldRemark, &form.remark, 500)?.into()),
        ])
    }
}

/// Gives a tenant core's couriers when it has none (its own deletions are kept while any is left).
pub async fn seed(db: &Db, tenant_id: i32) -> DbResult<()> {
    let count: i64 = with_conn!(db, |conn| c::table.filter(c::tenant_id.eq(tenant_id)).count().get_result(conn).await?);
    if count > 0 {
        return Ok(());
    }
    let now = chrono::Utc::now().naive_utc();
    with_write!(db, |conn| {
        for (n, k) in DEFAULT_COURIERS.iter().enumerate() {
            diesel::insert_into(c::table)
                .values((
                    c::id.eq(secrets::new_id()),
                    c::tenant_id.eq(tenant_id),
                    c::code.eq(k.code),
                    c::name.eq(k.name),
                    c::name_en.eq(k.name_en),
                    c::website.eq(k.website),
                    c::track_url.eq(k.track_url),
                    c::number_pattern.eq(k.number_pattern),
                    c::check_digit.eq(Some(k.check_digit).filter(|s| !s.is_empty())),
                    c::sort_no.eq(n as i32 + 1),
                    c::status.eq(1i16),
                    c::create_by.eq("system"),
                    c::create_time.eq(now),
                ))
                .on_conflict_do_nothing()
                .execute(conn)
                .await?;
        }
    });
    Ok(())
}

/// A courier as the out-track search shows it: which one, and its page for the number.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourierHit {
    pub code: String,
    pub name: String,
    pub name_en: Option<String>,
    /// The courier's tracking page for this number.
    pub url: Option<String>,
}

/// The tenant's couriers in use, their patterns read once.
pub struct Recogniser(Vec<Known>);

struct Known {
    code: String,
    name: String,
    name_en: Option<String>,
    track_url: Option<String>,
    pattern: Option<Pattern>,
    scheme: Scheme,
}

impl Recogniser {
    pub async fn load(state: &AppState, tenant_id: i32) -> Result<Recogniser, AppError> {
        type Row = (String, String, Option<String>, Option<String>, Option<String>, Option<String>);
        let rows: Vec<Row> = with_conn!(&state.db, |conn| c::table
            .filter(c::tenant_id.eq(tenant_id))
            .filter(c::status.eq(1i16))
            .order((c::sort_no.asc(), c::code.asc()))
            .select((c::code, c::name, c::name_en, c::track_url, c::number_pattern, c::check_digit))
            .load(conn)
            .await?);
        Ok(Recogniser(
            rows.into_iter()
                .map(|(code, name, name_en, track_url, pattern, check)| Known {
                    code,
                    name,
                    name_en,
                    track_url,
                    pattern: pattern.as_deref().and_then(Pattern::new),
                    scheme: check.as_deref().and_then(Scheme::parse).unwrap_or(Scheme::None),
                })
                .collect(),
        ))
    }

    /// The couriers whose numbers look like `number`.
    pub fn claims(&self, number: &str) -> Vec<CourierHit> {
        self.0
            .iter()
            .filter(|k| tracking::courier_claims(k.pattern.as_ref(), k.scheme, number))
            .map(|k| CourierHit {
                code: k.code.clone(),
                name: k.name.clone(),
                name_en: k.name_en.clone(),
                url: k.track_url.as_deref().map(|t| tracking::courier_url(t, number)),
            })
            .collect()
    }
}

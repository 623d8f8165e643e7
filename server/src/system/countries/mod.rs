//! Countries and regions (`/sys/country/*`): ISO 3166-1 alpha-2 codes with Chinese and English
//! names, the international calling code and the postal-code pattern, seeded with the full list
//! (`countries.json`, generated from i18n-iso-countries, libphonenumber and postcode-validator).
//! Platform-wide: the platform's administrators edit, every signed-in user reads.

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::platform::db::schema::sys_country;
use crate::platform::db::{Db, DbResult};
use crate::platform::http::page::{IdQuery, Order, filter, like_pattern, require_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{with_conn, with_write};

const SEED: &str = include_str!("countries.json");

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountryRecord {
    pub code: String,
    pub name_zh: String,
    pub name_en: String,
    /// The name in the request's language.
    pub name: String,
    /// "+86".
    pub phone_prefix: Option<String>,
    /// A regular expression the upper-cased postal code must match; none when the country has no
    /// postal codes or no known format.
    pub postal_pattern: Option<String>,
    pub enabled: bool,
    pub sort_order: i32,
}

type Row = (String, String, String, Option<String>, Option<String>, bool, i32);

macro_rules! columns {
    () => {
        (
            sys_country::code,
            sys_country::name_zh,
            sys_country::name_en,
            sys_country::phone_prefix,
            sys_country::postal_pattern,
            sys_country::enabled,
            sys_country::sort_order,
        )
    };
}

fn to_record((code, name_zh, name_en, phone_prefix, postal_pattern, enabled, sort_order): Row) -> CountryRecord {
    let name = match current_lang() {
        logistics_core::Lang::ZhCn => name_zh.clone(),
        logistics_core::Lang::EnUs => name_en.clone(),
    };
    CountryRecord { code, name_zh, name_en, name, phone_prefix, postal_pattern, enabled, sort_order }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Seed {
    code: String,
    name_zh: String,
    name_en: String,
    phone: Option<String>,
    postal: Option<String>,
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

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CountryFilter {
    /// Code, substring.
    pub code: Option<String>,
    /// Chinese or English name, substring.
    pub name: Option<String>,
    /// true or false.
    pub enabled: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

/// Countries: search, paging, sorting.
#[utoipa::path(get, path = "/sys/country/list", tag = "system", params(CountryFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<CountryRecord>>), (status = 400), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<CountryFilter>,
) -> ApiResult<Page<CountryRecord>> {
    grants::require(&state, &me, "system:country:list").await?;
    let sort = f.page.sort(&["code", "nameEn", "nameZh", "sortOrder"], ("code", Order::Asc))?;
    let (code, name) = (filter(&f.code), filter(&f.name));
    let enabled = match filter(&f.enabled).as_deref() {
        None => None,
        Some("true" | "1") => Some(true),
        Some("false" | "0") => Some(false),
        Some(_) => return Err(AppError::field("enabled", MessageKey::StatusInvalid)),
    };
    macro_rules! filtered {
        () => {{
            let mut q = sys_country::table.into_boxed();
            if let Some(v) = &code {
                q = q.filter(sys_country::code.like(like_pattern(&v.to_uppercase())).escape('\\'));
            }
            if let Some(v) = &name {
                let p = like_pattern(v);
                q = q.filter(sys_country::name_zh.like(p.clone()).escape('\\').or(sys_country::name_en.like(p).escape('\\')));
            }
            if let Some(e) = enabled {
                q = q.filter(sys_country::enabled.eq(e));
            }
            q
        }};
    }
    let (total, rows): (i64, Vec<Row>) = with_conn!(&state.db, |conn| {
        let total = filtered!().count().get_result(conn).await?;
        let q = filtered!().select(columns!()).limit(f.page.page_size()).offset(f.page.offset());
        let q = match sort {
            ("nameEn", Order::Asc) => q.order(sys_country::name_en.asc()),
            ("nameEn", Order::Desc) => q.order(sys_country::name_en.desc()),
            ("nameZh", Order::Asc) => q.order(sys_country::name_zh.asc()),
            ("nameZh", Order::Desc) => q.order(sys_country::name_zh.desc()),
            ("sortOrder", Order::Asc) => q.order(sys_country::sort_order.asc()),
            ("sortOrder", Order::Desc) => q.order(sys_country::sort_order.desc()),
            (_, Order::Asc) => q.order(sys_country::code.asc()),
            (_, Order::Desc) => q.order(sys_country::code.desc()),
        };
        (total, q.then_order_by(sys_country::code.asc()).load(conn).await?)
    });
    ok(Page::new(rows.into_iter().map(to_record).collect(), total, &f.page))
}

/// The enabled countries (for selects), by sort order then code.
#[utoipa::path(get, path = "/sys/country/queryAll", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<Vec<CountryRecord>>), (status = 401)))]
pub async fn query_all(State(state): State<AppState>, _me: CurrentUser) -> ApiResult<Vec<CountryRecord>> {
    let rows: Vec<Row> = with_conn!(&state.db, |conn| {
        sys_country::table
            .filter(sys_country::enabled.eq(true))
            .select(columns!())
            .order((sys_country::sort_order.asc(), sys_country::code.asc()))
            .load(conn)
            .await?
    });
    ok(rows.into_iter().map(to_record).collect())
}

async fn one(db: &Db, code: &str) -> Result<CountryRecord, AppError> {
    let row: Option<Row> = with_conn!(db, |conn| {
        sys_country::table.filter(sys_country::code.eq(code)).select(columns!()).first(conn).await.optional()?
    });
    row.map(to_record).ok_or_else(AppError::not_found)
}

/// One country.
#[utoipa::path(get, path = "/sys/country/queryById", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<CountryRecord>), (status = 401), (status = 404)))]
pub async fn query_by_id(
    State(state): State<AppState>,
    _me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<CountryRecord> {
    ok(one(&state.db, q.id.as_deref().unwrap_or("").trim()).await?)
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

struct Checked {
    name_zh: String,
    name_en: String,
    phone_prefix: Option<String>,
    postal_pattern: Option<String>,
}

/// A calling code: `+` and 1–4 digits, optionally `-` and up to 4 more (`+1-684`).
fn phone_prefix_ok(p: &str) -> bool {
    let Some(rest) = p.strip_prefix('+') else { return false };
    let (head, tail) = rest.split_once('-').unwrap_or((rest, ""));
    let digits = |s: &str, max: usize| !s.is_empty() && s.len() <= max && s.chars().all(|c| c.is_ascii_digit());
    digits(head, 4) && (tail.is_empty() && !rest.ends_with('-') || digits(tail, 4))
}

fn checked(form: &CountryForm) -> Result<Checked, AppError> {
    let lang = current_lang();
    let name_zh = form.name_zh.trim().to_owned();
    validate::required("nameZh", MessageKey::FieldNameZh.template(lang), &name_zh)?;
    validate::max_chars("nameZh", MessageKey::FieldNameZh.template(lang), &name_zh, 100)?;
    let name_en = form.name_en.trim().to_owned();
    validate::required("nameEn", MessageKey::FieldNameEn.template(lang), &name_en)?;
    validate::max_chars("nameEn", MessageKey::FieldNameEn.template(lang), &name_en, 100)?;
    let phone_prefix = filter(&form.phone_prefix);
    if let Some(p) = &phone_prefix
        && !phone_prefix_ok(p)
    {
        return Err(AppError::field("phonePrefix", MessageKey::PhonePrefixInvalid));
    }
    let postal_pattern = filter(&form.postal_pattern);
    if let Some(p) = &postal_pattern {
        let compiles = p.chars().count() <= 300 && regex::RegexBuilder::new(p).size_limit(1 << 20).build().is_ok();
        if !compiles {
            return Err(AppError::field("postalPattern", MessageKey::PostalPatternInvalid));
        }
    }
    Ok(Checked { name_zh, name_en, phone_prefix, postal_pattern })
}

fn code_of(text: &str) -> Result<String, AppError> {
    let code = text.trim().to_owned();
    if code.len() == 2 && code.chars().all(|c| c.is_ascii_uppercase()) {
        Ok(code)
    } else {
        Err(AppError::field("code", MessageKey::CountryCodeInvalid))
    }
}

/// Adds a country.
#[utoipa::path(post, path = "/sys/country/add", tag = "system", request_body = CountryForm,
    responses((status = 200, body = crate::platform::http::Envelope<CountryRecord>), (status = 400), (status = 403), (status = 409)))]
pub async fn add(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<CountryForm>,
) -> ApiResult<CountryRecord> {
    grants::require(&state, &me, "system:country:add").await?;
    let code = code_of(&form.code)?;
    let c = checked(&form)?;
    with_write!(&state.db, |conn| {
        diesel::insert_into(sys_country::table)
            .values((
                sys_country::code.eq(&code),
                sys_country::name_zh.eq(&c.name_zh),
                sys_country::name_en.eq(&c.name_en),
                sys_country::phone_prefix.eq(&c.phone_prefix),
                sys_country::postal_pattern.eq(&c.postal_pattern),
                sys_country::enabled.eq(form.enabled.unwrap_or(true)),
                sys_country::sort_order.eq(form.sort_order.unwrap_or(0).clamp(-99_999, 99_999)),
                sys_country::update_by.eq(&me.user.username),
                sys_country::update_time.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "code", MessageKey::CountryCodeTaken))?;
    });
    let after = one(&state.db, &code).await?;
    logs::added(&state.db, &me, "system:country:add", &after.code, &after).await;
    ok_with(MessageKey::Added, after)
}

/// Changes a country (its code is the key and stays).
#[utoipa::path(put, path = "/sys/country/edit", tag = "system", request_body = CountryForm,
    responses((status = 200, body = crate::platform::http::Envelope<CountryRecord>), (status = 400), (status = 403), (status = 404)))]
pub async fn edit(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<CountryForm>,
) -> ApiResult<CountryRecord> {
    grants::require(&state, &me, "system:country:edit").await?;
    let before = one(&state.db, form.code.trim()).await?;
    let c = checked(&form)?;
    with_write!(&state.db, |conn| {
        diesel::update(sys_country::table.filter(sys_country::code.eq(&before.code)))
            .set((
                sys_country::name_zh.eq(&c.name_zh),
                sys_country::name_en.eq(&c.name_en),
                sys_country::phone_prefix.eq(&c.phone_prefix),
                sys_country::postal_pattern.eq(&c.postal_pattern),
                sys_country::enabled.eq(form.enabled.unwrap_or(before.enabled)),
                sys_country::sort_order.eq(form.sort_order.unwrap_or(before.sort_order).clamp(-99_999, 99_999)),
                sys_country::update_by.eq(&me.user.username),
                sys_country::update_time.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)
            .await?;
    });
    let after = one(&state.db, &before.code).await?;
    logs::edited(&state.db, &me, "system:country:edit", &after.code, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

async fn remove(state: &AppState, me: &CurrentUser, codes: &[String]) -> Result<(), AppError> {
    let mut befores = Vec::new();
    for code in codes {
        befores.push(one(&state.db, code).await?);
    }
    with_write!(&state.db, |conn| {
        diesel::delete(sys_country::table.filter(sys_country::code.eq_any(codes))).execute(conn).await?;
    });
    for before in befores {
        logs::deleted(&state.db, me, "system:country:delete", &before.code, &before).await;
    }
    Ok(())
}

/// Deletes a country.
#[utoipa::path(delete, path = "/sys/country/delete", tag = "system", params(IdQuery),
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:country:delete").await?;
    remove(&state, &me, &require_ids(q.id.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::Deleted, ())
}

/// Deletes countries.
#[utoipa::path(delete, path = "/sys/country/deleteBatch", tag = "system", params(IdQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete_batch(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:country:delete").await?;
    remove(&state, &me, &require_ids(q.ids.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::DeletedBatch, ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calling_codes() {
        for ok in ["+1", "+86", "+1-684", "+1234"] {
            assert!(phone_prefix_ok(ok), "{ok}");
        }
        for bad in ["", "86", "+", "+12345", "+1-", "+1-12345", "+8a", "++86"] {
            assert!(!phone_prefix_ok(bad), "{bad}");
        }
    }

    #[test]
    fn the_seed_list_is_whole_and_its_patterns_compile() {
        let seeds: Vec<Seed> = serde_json::from_str(SEED).unwrap_or_default();
        assert!(seeds.len() >= 249, "{}", seeds.len());
        for s in &seeds {
            assert!(code_of(&s.code).is_ok(), "{}", s.code);
            if let Some(p) = &s.phone {
                assert!(phone_prefix_ok(p), "{} {p}", s.code);
            }
            if let Some(p) = &s.postal {
                assert!(regex::Regex::new(p).is_ok(), "{} {p}", s.code);
            }
        }
        let cn = seeds.iter().find(|s| s.code == "CN");
        assert_eq!(
            cn.map(|s| (s.name_zh.as_str(), s.name_en.as_str(), s.phone.as_deref())),
            Some(("中国", "China", Some("+86")))
        );
    }
}

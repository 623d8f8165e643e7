//! Dictionaries (`/sys/dict/*`, `/sys/dictItem/*`): platform-wide code lists (statuses,
//! priorities, currencies …) with item texts in both languages. Managed by the platform's
//! administrators, read by every signed-in user, cached and invalidated on every change. Both are
//! declared resources; the cached reads (`getDictItems`, `queryAllDictItems`, `refleshCache`) are
//! written here.

pub mod cache;
pub mod items;
pub mod seed;

use axum::extract::Path;
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Text};
use logistics_core::MessageKey;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use cache::{DictCache, DictOption};

use crate::platform::caller::Caller;
use crate::platform::cluster::Change;
use crate::platform::db::schema::sys_dict;
use crate::platform::http::page::Order;
use crate::platform::http::reply::ok_with;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiResult, AppError, current_lang, ok};
use crate::platform::resource::form::{optional, required};
use crate::platform::resource::{Checked, Field, Filter, Localized, Resource, Scope, Values, Written};
use crate::state::AppState;
use crate::system::auth::CurrentUser;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = sys_dict)]
#[serde(rename_all = "camelCase")]
pub struct DictRecord {
    pub id: String,
    pub dict_name: String,
    pub dict_name_en: Option<String>,
    /// The name in the request's language.
    #[diesel(sql_type = Text)]
    pub title: String,
    pub dict_code: String,
    pub description: Option<String>,
    /// Seeded: the application reads it, so it cannot be deleted.
    pub system_flag: bool,
    #[diesel(sql_type = BigInt)]
    pub item_count: i64,
    pub create_time: DateTime,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictForm {
    pub id: Option<String>,
    #[serde(default)]
    pub dict_name: String,
    pub dict_name_en: Option<String>,
    #[serde(default)]
    pub dict_code: String,
    pub description: Option<String>,
}

/// Tells every instance that dictionaries changed.
pub(crate) async fn changed(state: &AppState) {
    state.cluster.changed(Change::Dicts).await;
}

pub struct Dicts;

impl Resource for Dicts {
    const PATH: &'static str = "/sys/dict";
    const PERMISSION: &'static str = "system:dict";
    const NOUN: &'static str = "dictionary";
    const PLURAL: &'static str = "dictionaries";
    const TABLE: &'static str = "sys_dict";
    const SCOPE: Scope = Scope::Platform;
    const FIELDS: &'static [Field] = &[
        Field::text("dictCode", "dict_code").sortable().titled(MessageKey::FieldCode),
        Field::text("dictName", "dict_name").sortable().titled(MessageKey::FieldDictName),
        Field::text("dictNameEn", "dict_name_en"),
        Field::text("description", "description").titled(MessageKey::FieldDescription),
        Field::flag("systemFlag", "system_flag"),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("dictName", &["dict_name", "dict_name_en"], "Chinese or English name, substring."),
        Filter::like("dictCode", &["dict_code"], "Code, substring."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("dictCode", MessageKey::DictCodeTaken));
    const HAS_UPDATE_BY: bool = true;
    const SELECT: &'static str = "*, (SELECT COUNT(*) FROM sys_dict_item i WHERE i.dict_id = sys_dict.id) AS item_count";
    const CASCADE: &'static [(&'static str, &'static str)] = &[("sys_dict_item", "dict_id")];
    const LOCALIZED: Option<Localized> = Some(Localized::title("dict_name", "dict_name_en"));

    crate::record_form!(DictRecord, DictForm, dict_code);

    async fn values(_: &AppState, _: &CurrentUser, form: &DictForm, before: Option<&DictRecord>) -> Checked {
        let code = logistics_core::codes::dict_code("dictCode", &form.dict_code)?;
        let name = required("dictName", MessageKey::FieldDictName, &form.dict_name, 100)?;
        let name_en = optional("dictNameEn", MessageKey::FieldDictName, &form.dict_name_en, 100)?;
        let description = optional("description", MessageKey::FieldDescription, &form.description, 500)?;
        if before.is_some_and(|b| b.system_flag && code != b.dict_code) {
            // The application reads system dictionaries by code.
            return Err(AppError::field("dictCode", MessageKey::DictSystem));
        }
        let mut values: Values = vec![
            ("dict_name", name.into()),
            ("dict_name_en", name_en.into()),
            ("dict_code", code.into()),
            ("description", description.into()),
        ];
        if before.is_none() {
            values.push(("system_flag", false.into()));
        }
        Ok(values)
    }

    /// System dictionaries stay (their items go with the others).
    async fn before_delete(_: &AppState, _: &CurrentUser, records: &[DictRecord]) -> Result<(), AppError> {
        if records.iter().any(|r| r.system_flag) {
            return Err(AppError::bad_request(MessageKey::DictSystem));
        }
        Ok(())
    }

    async fn after_write(state: &AppState, _: &CurrentUser, _: Written<'_, DictRecord>) -> Result<(), AppError> {
        changed(state).await;
        Ok(())
    }
}

/// The enabled items of a dictionary in the request's language (an unknown code has none).
#[utoipa::path(get, path = "/sys/dict/getDictItems/{code}", tag = "system", params(("code" = String, Path)),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<DictOption>>), (status = 401)))]
pub async fn get_dict_items(Caller(state, _me): Caller, Path(code): Path<String>) -> ApiResult<Vec<DictOption>> {
    let all = state.dicts.get(&state.db).await?;
    ok(all.options(code.trim(), current_lang()))
}

/// Every dictionary's enabled items, `{code: [items]}` (the login answer's `sysAllDictItems`).
#[utoipa::path(get, path = "/sys/dict/queryAllDictItems", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<cache::AllDictItems>), (status = 401)))]
pub async fn query_all_dict_items(Caller(state, _me): Caller) -> ApiResult<cache::AllDictItems> {
    let all = state.dicts.get(&state.db).await?;
    ok(all.all(current_lang()))
}

/// Drops the dictionary cache on every instance.
#[utoipa::path(get, path = "/sys/dict/refleshCache", tag = "system",
    responses((status = 200), (status = 401)))]
pub async fn refresh_cache(Caller(state, _me): Caller) -> ApiResult<()> {
    changed(&state).await;
    ok_with(MessageKey::CacheRefreshed, ())
}

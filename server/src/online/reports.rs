//! Report definitions (`/online/cgreport/head/*`, JeecgBoot's names): a code, a name in both
//! languages, one SELECT (checked by core's parser for the database it reads), the data source
//! it reads (none: the platform's own database), its columns (`items`) and parameters
//! (`params`). The platform's staff build them; `POST /online/cgreport/head/parseSql` reads a
//! statement's columns and parameters for the page's "parse" button.

use diesel::QueryableByName;
use logistics_core::MessageKey;
use logistics_core::report::{self, Item, SYSTEM_PARAMS, sql::Dialect};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::sources;
use crate::platform::caller::Caller;
use crate::platform::db::schema::onl_cgreport_head;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiResult, AppError, ok};
use crate::platform::resource::form::{optional, required};
use crate::platform::resource::sql::Value;
use crate::platform::resource::{Checked, Field, Filter, Readable, Resource, Scope};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::system::tenants::platform_only;

/// One column of a report (JeecgBoot's `onl_cgreport_item`).
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ReportItem {
    /// The SQL's column.
    pub field_name: String,
    /// The heading in Chinese (and the fallback).
    pub field_txt: String,
    pub field_txt_en: Option<String>,
    /// String, Integer, Double, Date or Datetime.
    pub field_type: String,
    /// 1 shown in the table.
    pub is_show: i16,
    /// 1 the table may sort by it.
    pub is_order: i16,
    /// 1 a query field of the search form.
    pub is_search: i16,
    /// single (a value) or group (a range: `{field}_begin`, `{field}_end`).
    pub search_mode: String,
    /// A dictionary whose texts the table shows for the values.
    pub dict_code: Option<String>,
    pub order_num: i32,
}

/// A parameter the SQL names as `:paramName` (JeecgBoot's `onl_cgreport_param`).
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ReportParam {
    pub param_name: String,
    pub param_txt: Option<String>,
    /// Used when the caller sends none.
    pub param_value: Option<String>,
    pub order_num: i32,
}

#[derive(QueryableByName)]
#[diesel(table_name = onl_cgreport_head)]
pub struct ReportRow {
    id: String,
    code: String,
    name: String,
    name_en: Option<String>,
    cgr_sql: String,
    db_source: Option<String>,
    content: Option<String>,
    items: String,
    params: String,
    create_by: Option<String>,
    create_time: DateTime,
    update_time: Option<DateTime>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportRecord {
    pub id: String,
    pub code: String,
    pub name: String,
    pub name_en: Option<String>,
    pub cgr_sql: String,
    /// A data source's code; none: the platform's own database.
    pub db_source: Option<String>,
    pub content: Option<String>,
    pub items: Vec<ReportItem>,
    pub params: Vec<ReportParam>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

impl Readable for ReportRecord {
    type Row = ReportRow;

    fn from_row(row: ReportRow) -> Self {
        ReportRecord {
            items: serde_json::from_str(&row.items).unwrap_or_default(),
            params: serde_json::from_str(&row.params).unwrap_or_default(),
            id: row.id,
            code: row.code,
            name: row.name,
            name_en: row.name_en,
            cgr_sql: row.cgr_sql,
            db_source: row.db_source,
            content: row.content,
            create_by: row.create_by,
            create_time: row.create_time,
            update_time: row.update_time,
        }
    }
}

impl ReportRecord {
    /// The report's name in the request's language.
    pub fn title(&self) -> &str {
        match crate::platform::http::current_lang() {
            logistics_core::Lang::EnUs => self.name_en.as_deref().filter(|n| !n.is_empty()).unwrap_or(&self.name),
            logistics_core::Lang::ZhCn => &self.name,
        }
    }
}

impl ReportItem {
    /// The heading in the request's language.
    pub fn title(&self) -> &str {
        match crate::platform::http::current_lang() {
            logistics_core::Lang::EnUs => self.field_txt_en.as_deref().filter(|n| !n.is_empty()).unwrap_or(&self.field_txt),
            logistics_core::Lang::ZhCn => &self.field_txt,
        }
    }

    pub fn core(&self) -> Item {
        Item {
            field_name: self.field_name.clone(),
            field_type: self.field_type.clone(),
            dict_code: self.dict_code.clone(),
            is_query: self.is_search == 1,
            query_mode: self.search_mode.clone(),
        }
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportForm {
    pub id: Option<String>,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub name: String,
    pub name_en: Option<String>,
    #[serde(default)]
    pub cgr_sql: String,
    pub db_source: Option<String>,
    pub content: Option<String>,
    #[serde(default)]
    pub items: Vec<ReportItem>,
    #[serde(default)]
    pub params: Vec<ReportParam>,
}

pub struct Reports;

impl Resource for Reports {
    const PATH: &'static str = "/online/cgreport/head";
    const PERMISSION: &'static str = "online:report";
    const NOUN: &'static str = "online report";
    const PLURAL: &'static str = "online reports";
    const TABLE: &'static str = "onl_cgreport_head";
    const SCOPE: Scope = Scope::Platform;
    const FIELDS: &'static [Field] = &[
        Field::text("code", "code").sortable().titled(MessageKey::FieldReportCode),
        Field::text("name", "name").sortable().titled(MessageKey::FieldReportName),
        Field::text("dbSource", "db_source").sortable().titled(MessageKey::FieldDataSource),
        Field::text("content", "content").titled(MessageKey::FieldDescription),
        Field::time("createTime", "create_time").sortable(),
        Field::time("updateTime", "update_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[Filter::like("name", &["code", "name", "name_en"], "A code or a name, substring.")];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("code", MessageKey::ReportCodeTaken));
    const HAS_UPDATE_BY: bool = true;
    const DATA_RULES: bool = false;
    const OMIT: &'static [&'static str] = &["importExcel"];

    crate::record_form!(ReportRecord, ReportForm, code);

    fn authorize(me: &CurrentUser) -> Result<(), AppError> {
        platform_only(me)
    }

    async fn values(state: &AppState, _: &CurrentUser, form: &ReportForm, _: Option<&ReportRecord>) -> Checked {
        let code = crate::platform::resource::form::code(
            "code",
            MessageKey::FieldReportCode,
            &form.code,
            logistics_core::check_rule::position_code,
        )?;
        let name = required("name", MessageKey::FieldReportName, &form.name, 100)?;
        let name_en = optional("nameEn", MessageKey::FieldReportName, &form.name_en, 100)?;
        let content = optional("content", MessageKey::FieldDescription, &form.content, 500)?;
        let source = form.db_source.as_deref().map(str::trim).filter(|s| !s.is_empty());
        let checked = parse(state, &form.cgr_sql, source).await?;
        let mut params = Vec::with_capacity(form.params.len());
        for (i, p) in form.params.iter().enumerate() {
            let name = p.param_name.trim();
            report::check_param_name(name).map_err(AppError::invalid)?;
            if form.params[..i].iter().any(|o| o.param_name.trim() == name) {
                return Err(AppError::field("params", MessageKey::ReportParamName).with("name", name.to_owned()));
            }
            params.push(ReportParam { param_name: name.to_owned(), order_num: i as i32, ..p.clone() });
        }
        for name in &checked.params {
            if !SYSTEM_PARAMS.contains(&name.as_str()) && !params.iter().any(|p| p.param_name == *name) {
                return Err(AppError::field("cgrSql", MessageKey::ReportParamUndeclared).with("name", name.clone()));
            }
        }
        let items: Vec<ReportItem> = form
            .items
            .iter()
            .enumerate()
            .map(|(i, item)| ReportItem {
                field_txt: if item.field_txt.trim().is_empty() {
                    item.field_name.clone()
                } else {
                    item.field_txt.trim().to_owned()
                },
                dict_code: item.dict_code.clone().filter(|d| !d.trim().is_empty()),
                search_mode: if item.search_mode.is_empty() { "single".to_owned() } else { item.search_mode.clone() },
                field_type: if item.field_type.is_empty() { "String".to_owned() } else { item.field_type.clone() },
                order_num: i as i32,
                ..item.clone()
            })
            .collect();
        let core_items: Vec<Item> = items.iter().map(ReportItem::core).collect();
        report::check_items(&core_items, &checked.columns).map_err(AppError::invalid)?;
        Ok(vec![
            ("code", code.into()),
            ("name", name.into()),
            ("name_en", Value::opt(name_en)),
            ("cgr_sql", form.cgr_sql.trim().to_owned().into()),
            ("db_source", Value::opt(source.map(str::to_owned))),
            ("content", Value::opt(content)),
            ("items", json(&items).into()),
            ("params", json(&params).into()),
        ])
    }
}

/// The items' or parameters' JSON text.
fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "[]".to_owned())
}

/// Checks `sql` for the database it reads: the source's (which must exist) or the platform's.
pub async fn parse(state: &AppState, sql: &str, source: Option<&str>) -> Result<report::sql::CheckedSql, AppError> {
    let dialect = match source {
        None if state.db.is_postgres() => Dialect::Postgres,
        None => Dialect::Sqlite,
        Some(code) => sources::target(state, Some(code)).await?.1,
    };
    report::sql::check_sql(sql, dialect, source.is_none()).map_err(AppError::invalid)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParseForm {
    #[serde(default)]
    pub sql: String,
    pub db_source: Option<String>,
}

/// What a statement shows and binds: default items for its columns, and its parameters.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Parsed {
    pub fields: Vec<ReportItem>,
    /// Parameters other than the system variables, in order of appearance.
    pub params: Vec<String>,
}

/// Reads a statement's columns and parameters (the builder's "parse" button); the same checks as
/// saving, so a refused statement says why here first.
#[utoipa::path(post, path = "/online/cgreport/head/parseSql", tag = "online", request_body = ParseForm,
    responses((status = 200, body = crate::platform::http::Envelope<Parsed>), (status = 400), (status = 403)))]
pub async fn parse_sql(Caller(state, me): Caller, ApiJson(form): ApiJson<ParseForm>) -> ApiResult<Parsed> {
    platform_only(&me)?;
    grants::require(&state, &me, "online:report:add").await?;
    let source = form.db_source.as_deref().map(str::trim).filter(|s| !s.is_empty());
    let checked = parse(&state, &form.sql, source).await?;
    let fields = checked
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| ReportItem {
            field_name: c.clone(),
            field_txt: c.clone(),
            field_type: "String".to_owned(),
            is_show: 1,
            is_order: 1,
            search_mode: "single".to_owned(),
            order_num: i as i32,
            ..ReportItem::default()
        })
        .collect();
    let params = checked.params.into_iter().filter(|p| !SYSTEM_PARAMS.contains(&p.as_str())).collect();
    ok(Parsed { fields, params })
}

//! Positions (`/sys/position/*`): the tenant's job titles; a user's `post` holds their codes.
//! A plain resource: the declaration below is all of it.

use diesel::QueryableByName;
use logistics_core::{MessageKey, check_rule, validate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::db::schema::sys_position;
use crate::platform::http::lang::pick;
use crate::platform::http::page::Order;
use crate::platform::http::{AppError, current_lang};
use crate::platform::resource::form::{optional, required};
use crate::platform::resource::{Field, Filter, Resource, Scope, Values};
use crate::state::AppState;
use crate::system::auth::CurrentUser;

/// The ranks a position may have.
pub const RANKS: &[&str] = &["staff", "supervisor", "manager", "director", "executive"];

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionRecord {
    pub id: String,
    pub code: String,
    /// In the request's language.
    pub title: String,
    pub name: String,
    pub name_en: Option<String>,
    pub post_rank: String,
    pub create_time: String,
}

#[derive(QueryableByName)]
#[diesel(table_name = sys_position)]
pub struct Row {
    id: String,
    code: String,
    name: String,
    name_en: Option<String>,
    post_rank: String,
    create_time: chrono::NaiveDateTime,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionForm {
    pub id: Option<String>,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub name: String,
    pub name_en: Option<String>,
    /// staff, supervisor, manager, director or executive.
    pub post_rank: Option<String>,
}

pub struct Positions;

impl Resource for Positions {
    const PATH: &'static str = "/sys/position";
    const PERMISSION: &'static str = "system:position";
    const TAG: &'static str = "system";
    const NOUN: &'static str = "position";
    const PLURAL: &'static str = "positions";
    const TABLE: &'static str = "sys_position";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("code", "code").sortable().titled(MessageKey::FieldPositionCode),
        Field::text("name", "name").sortable().titled(MessageKey::FieldPositionName),
        Field::text("nameEn", "name_en"),
        Field::text("postRank", "post_rank"),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("name", &["name", "name_en"], "Name (zh or en), substring."),
        Filter::like("code", &["code"], "Code, substring."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("code", MessageKey::PositionCodeTaken));
    /// The users page picks positions.
    const ALSO_LISTED_BY: &'static [&'static str] = &["system:user:list"];

    type Row = Row;
    type Record = PositionRecord;
    type Form = PositionForm;

    fn record(r: Row) -> PositionRecord {
        PositionRecord {
            title: pick(current_lang(), r.name.clone(), r.name_en.clone()),
            id: r.id,
            code: r.code,
            name: r.name,
            name_en: r.name_en,
            post_rank: r.post_rank,
            create_time: r.create_time.format(crate::system::users::DATE_TIME_FORMAT).to_string(),
        }
    }

    crate::keyed_by!(PositionRecord, PositionForm, code);

    async fn values(
        _: &AppState,
        _: &CurrentUser,
        form: &PositionForm,
        _before: Option<&PositionRecord>,
    ) -> Result<Values, AppError> {
        let lang = current_lang();
        let code = form.code.trim().to_owned();
        validate::required("code", MessageKey::FieldPositionCode.template(lang), &code)?;
        check_rule::position_code(&code)
            .map_err(|e| AppError::invalid(logistics_core::FieldError { field: "code".into(), ..e }))?;
        let name = required("name", MessageKey::FieldPositionName, &form.name, 100)?;
        let name_en = optional("nameEn", MessageKey::FieldPositionName, &form.name_en, 100)?;
        let rank = form.post_rank.as_deref().map(str::trim).filter(|r| !r.is_empty()).unwrap_or("staff").to_owned();
        if !RANKS.contains(&rank.as_str()) {
            return Err(AppError::field("postRank", MessageKey::StatusInvalid));
        }
        Ok(vec![("code", code.into()), ("name", name.into()), ("name_en", name_en.into()), ("post_rank", rank.into())])
    }
}

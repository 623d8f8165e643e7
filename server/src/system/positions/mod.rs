//! Positions (`/sys/position/*`): the tenant's job titles; a user's `post` holds their codes.
//! A plain resource: the declaration below is all of it.

use diesel::QueryableByName;
use diesel::sql_types::Text;
use logistics_core::{MessageKey, check_rule};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::db::schema::sys_position;
use crate::platform::http::AppError;
use crate::platform::http::page::{Order, filter};
use crate::platform::http::time::DateTime;
use crate::platform::resource::form::{code, optional, required};
use crate::platform::resource::{Checked, Field, Filter, Localized, Resource, Scope};
use crate::state::AppState;
use crate::system::auth::CurrentUser;

/// The ranks a position may have.
pub const RANKS: &[&str] = &["staff", "supervisor", "manager", "director", "executive"];

// A position as stored, with its name in the request's language.
#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = sys_position)]
#[serde(rename_all = "camelCase")]
pub struct PositionRecord {
    pub id: String,
    pub code: String,
    /// In the request's language.
    #[diesel(sql_type = Text)]
    pub title: String,
    pub name: String,
    pub name_en: Option<String>,
    pub post_rank: String,
    pub create_time: DateTime,
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

/// One of [`RANKS`], `staff` when none is given.
fn rank(value: &Option<String>) -> Result<String, AppError> {
    let rank = filter(value).unwrap_or_else(|| "staff".to_owned());
    if RANKS.contains(&rank.as_str()) { Ok(rank) } else { Err(AppError::field("postRank", MessageKey::StatusInvalid)) }
}

pub struct Positions;

impl Resource for Positions {
    const PATH: &'static str = "/sys/position";
    const PERMISSION: &'static str = "system:position";
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
    const LOCALIZED: Option<Localized> = Some(Localized::title("name", "name_en"));

    crate::record_form!(PositionRecord, PositionForm, code);

    async fn values(_: &AppState, _: &CurrentUser, form: &PositionForm, _: Option<&PositionRecord>) -> Checked {
        Ok(vec![
            ("code", code("code", MessageKey::FieldPositionCode, &form.code, check_rule::position_code)?.into()),
            ("name", required("name", MessageKey::FieldPositionName, &form.name, 100)?.into()),
            ("name_en", optional("nameEn", MessageKey::FieldPositionName, &form.name_en, 100)?.into()),
            ("post_rank", rank(&form.post_rank)?.into()),
        ])
    }
}

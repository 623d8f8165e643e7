//! Dictionary items (`/sys/dictItem/*`): value, texts in both languages, tag colour, order and
//! state. Listed under their dictionary (`dictId`); reading takes `system:dict:list`, changing
//! items `system:dict:edit`. A declared resource.

use diesel::prelude::*;
use diesel::sql_types::Text;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::changed;
use crate::platform::db::schema::{sys_dict, sys_dict_item};
use crate::platform::http::AppError;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::resource::form::{one_of, optional, required, status};
use crate::platform::resource::{Checked, Field, Filter, Kind, Localized, Parent, Resource, Scope, Values, Written};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::with_conn;

/// The tag colours an item may have (Chakra palette names).
pub const COLORS: &[&str] = &["gray", "red", "orange", "yellow", "green", "teal", "blue", "cyan", "purple", "pink"];

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = sys_dict_item)]
#[serde(rename_all = "camelCase")]
pub struct DictItemRecord {
    pub id: String,
    pub dict_id: String,
    pub item_text: String,
    pub item_text_en: Option<String>,
    /// The text in the request's language.
    #[diesel(sql_type = Text)]
    pub title: String,
    pub item_value: String,
    pub item_color: Option<String>,
    pub description: Option<String>,
    pub sort_order: i32,
    /// 1 enabled, 0 disabled.
    pub status: i16,
    pub create_time: DateTime,
    /// The dictionary's code, naming the item in the operation log (`priority=H`).
    #[serde(skip)]
    #[diesel(sql_type = Text)]
    pub dict_code: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictItemForm {
    pub id: Option<String>,
    pub dict_id: Option<String>,
    #[serde(default)]
    pub item_text: String,
    pub item_text_en: Option<String>,
    #[serde(default)]
    pub item_value: String,
    /// gray, red, orange, yellow, green, teal, blue, cyan, purple or pink.
    pub item_color: Option<String>,
    pub description: Option<String>,
    pub sort_order: Option<i32>,
    /// 1 enabled (default), 0 disabled.
    pub status: Option<i16>,
}

/// The dictionary exists (dictionaries are platform-wide), else 404.
async fn dictionary(state: &AppState, id: &str) -> Result<String, AppError> {
    let id = id.trim();
    let found: Option<String> = with_conn!(&state.db, |conn| {
        sys_dict::table.filter(sys_dict::id.eq(id)).select(sys_dict::id).first(conn).await.optional()?
    });
    found.ok_or_else(AppError::not_found)
}

pub struct DictItems;

impl Resource for DictItems {
    const PATH: &'static str = "/sys/dictItem";
    const PERMISSION: &'static str = "system:dict:item";
    const NOUN: &'static str = "dictionary item";
    const PLURAL: &'static str = "dictionary items";
    const TABLE: &'static str = "sys_dict_item";
    const SCOPE: Scope = Scope::Platform;
    const FIELDS: &'static [Field] = &[
        Field::text("itemValue", "item_value").sortable().titled(MessageKey::FieldItemValue),
        Field::text("itemText", "item_text").titled(MessageKey::FieldItemText),
        Field::text("itemTextEn", "item_text_en"),
        Field::text("itemColor", "item_color"),
        Field::text("description", "description").titled(MessageKey::FieldDescription),
        Field::int("sortOrder", "sort_order").sortable(),
        Field::small("status", "status"),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("itemText", &["item_text", "item_text_en"], "Chinese or English text, substring."),
        Filter::one_of("status", &["status"], &["1", "0"], Kind::Small, "1 enabled, 0 disabled."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("sortOrder", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("itemValue", MessageKey::DictItemValueTaken));
    const HAS_UPDATE_BY: bool = true;
    const SELECT: &'static str = "*, (SELECT d.dict_code FROM sys_dict d WHERE d.id = sys_dict_item.dict_id) AS dict_code";
    const PARENT: Option<Parent> = Some(Parent { params: &["dictId"], column: "dict_id", doc: "The dictionary (required)." });
    /// Shown on the dictionaries' menu, whose rules name dictionaries' columns.
    const DATA_RULES: bool = false;
    const LOCALIZED: Option<Localized> = Some(Localized::title("item_text", "item_text_en"));

    crate::record_form!(DictItemRecord, DictItemForm, |r| format!("{}={}", r.dict_code, r.item_value));

    /// Reading follows the dictionaries' list; every change is an edit of the dictionary.
    fn permission(verb: &str) -> String {
        match verb {
            "list" | "export" => "system:dict:list",
            _ => "system:dict:edit",
        }
        .to_owned()
    }

    async fn check_parent(state: &AppState, _: &CurrentUser, id: &str) -> Result<(), AppError> {
        dictionary(state, id).await.map(drop)
    }

    async fn values(state: &AppState, _: &CurrentUser, form: &DictItemForm, before: Option<&DictItemRecord>) -> Checked {
        let mut values: Values = match before {
            None => vec![("dict_id", dictionary(state, form.dict_id.as_deref().unwrap_or("")).await?.into())],
            Some(_) => Vec::new(),
        };
        values.extend([
            ("item_text", required("itemText", MessageKey::FieldItemText, &form.item_text, 100)?.into()),
            ("item_text_en", optional("itemTextEn", MessageKey::FieldItemText, &form.item_text_en, 100)?.into()),
            ("item_value", required("itemValue", MessageKey::FieldItemValue, &form.item_value, 100)?.into()),
            ("item_color", one_of("itemColor", MessageKey::FieldColor, &form.item_color, COLORS)?.into()),
            ("description", optional("description", MessageKey::FieldDescription, &form.description, 500)?.into()),
            ("sort_order", form.sort_order.unwrap_or(0).clamp(-99_999, 99_999).into()),
            ("status", status("status", form.status)?.into()),
        ]);
        Ok(values)
    }

    async fn after_write(state: &AppState, _: &CurrentUser, _: Written<'_, DictItemRecord>) -> Result<(), AppError> {
        changed(state).await;
        Ok(())
    }
}

//! Every enabled dictionary item, read once and kept until a dictionary changes on any instance
//! ([`Reloadable`]).

use std::collections::HashMap;
use std::sync::Arc;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::Lang;
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::cache::Reloadable;
use crate::platform::db::schema::{sys_dict, sys_dict_item};
use crate::platform::db::{Db, DbResult};
use crate::with_conn;

/// One item as the app shows it: JeecgBoot's `{value, text, title, label}` plus the tag colour.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DictOption {
    pub value: String,
    pub text: String,
    pub title: String,
    pub label: String,
    pub color: Option<String>,
}

#[derive(Debug)]
struct Item {
    value: String,
    zh: String,
    en: Option<String>,
    color: Option<String>,
}

/// The enabled items of every dictionary, by code, in display order.
#[derive(Debug, Default)]
pub struct AllDicts {
    by_code: HashMap<String, Vec<Item>>,
}

impl AllDicts {
    /// The items of `code` in `lang` (an unknown code has none).
    pub fn options(&self, code: &str, lang: Lang) -> Vec<DictOption> {
        self.by_code.get(code).map(|items| items.iter().map(|i| i.option(lang)).collect()).unwrap_or_default()
    }

    /// `{code: [options]}` for every dictionary, as the login answer carries it.
    pub fn all(&self, lang: Lang) -> AllDictItems {
        AllDictItems(self.by_code.keys().map(|code| (code.clone(), self.options(code, lang))).collect())
    }
}

impl Item {
    fn option(&self, lang: Lang) -> DictOption {
        let text = match (lang, &self.en) {
            (Lang::EnUs, Some(en)) if !en.is_empty() => en.clone(),
            _ => self.zh.clone(),
        };
        DictOption { value: self.value.clone(), title: text.clone(), label: text.clone(), text, color: self.color.clone() }
    }
}

#[derive(Debug, Default)]
pub struct DictCache(Reloadable<AllDicts>);

impl DictCache {
    pub async fn get(&self, db: &Db) -> DbResult<Arc<AllDicts>> {
        self.0.get(load(db)).await
    }

    /// Drops the cached items; the next read loads them again.
    pub fn invalidate(&self) {
        self.0.invalidate();
    }
}

type Row = (String, String, String, Option<String>, Option<String>);

async fn load(db: &Db) -> DbResult<AllDicts> {
    let rows: Vec<Row> = with_conn!(db, |conn| {
        sys_dict_item::table
            .inner_join(sys_dict::table)
            .filter(sys_dict_item::status.eq(1))
            .order((sys_dict::dict_code.asc(), sys_dict_item::sort_order.asc(), sys_dict_item::item_value.asc()))
            .select((
                sys_dict::dict_code,
                sys_dict_item::item_value,
                sys_dict_item::item_text,
                sys_dict_item::item_text_en,
                sys_dict_item::item_color,
            ))
            .load(conn)
            .await?
    });
    let mut all = AllDicts::default();
    for (code, value, zh, en, color) in rows {
        all.by_code.entry(code).or_default().push(Item { value, zh, en, color });
    }
    Ok(all)
}

/// Every dictionary's enabled items by code, codes in order.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(transparent)]
pub struct AllDictItems(pub std::collections::BTreeMap<String, Vec<DictOption>>);

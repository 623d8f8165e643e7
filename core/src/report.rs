//! Online reports (JeecgBoot's `onl_cgreport`) and the generic popup picker that picks records
//! from one.
//!
//! A report is one parameterized, read-only `SELECT`. Its SQL is read by a real SQL parser
//! ([`check_sql`]), never by patterns: exactly one statement, a query and nothing else anywhere in
//! it (no `INSERT … RETURNING` in a CTE, no `SELECT … INTO`, no `FOR UPDATE`), only the functions
//! of an allow-list, only plain tables and subqueries in `FROM` (no table functions), every output
//! column named, and parameters written `:name`. The statement that runs is the parser's own
//! rendering of the tree, with each `:name` replaced by a positional placeholder that the server
//! binds: comments and whatever text hid in them are gone, and no value is ever spliced into SQL.
//! Over the platform's own database, the tables and columns that hold secrets (sessions, settings,
//! password hashes, signing secrets, data-source passwords) and the catalogues cannot be named.
//!
//! The popup's own rules ([`popup_issue`], [`selection_issue`]) are the browser's, through WASM.

#[cfg(not(target_arch = "wasm32"))]
pub mod sql;

use crate::prelude::*;
use crate::{FieldError, MessageKey};

/// Variables every report may use, bound from the caller: `:sys_user_code` (username),
/// `:sys_user_id`, `:sys_tenant_id`, `:sys_org_code` (department code) and `:sys_date`
/// (today in the business time zone, `YYYY-MM-DD`).
pub const SYSTEM_PARAMS: &[&str] = &["sys_user_code", "sys_user_id", "sys_tenant_id", "sys_org_code", "sys_date"];

/// `:name` → `name`, for a name of letters, digits and underscores that starts with a letter.
pub(crate) fn param_name(placeholder: &str) -> Option<&str> {
    let name = placeholder.strip_prefix(':')?;
    let mut chars = name.chars();
    let first = chars.next()?;
    (first.is_ascii_alphabetic() && chars.all(|c| c.is_ascii_alphanumeric() || c == '_') && name.len() <= 60).then_some(name)
}

/// How a report's query field filters: `single` (one value: a substring of text, else equal) or
/// `group` (a range, `{field}_begin` to `{field}_end`), JeecgBoot's modes.
pub const QUERY_MODES: &[&str] = &["single", "group"];
/// A report column's type, JeecgBoot's names: how a query field compares and casts.
pub const FIELD_TYPES: &[&str] = &["String", "Integer", "Double", "Date", "Datetime"];

/// One column of a report as its items configure it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Item {
    pub field_name: String,
    pub field_type: String,
    pub dict_code: Option<String>,
    pub is_query: bool,
    pub query_mode: String,
}

/// The items of a report against the columns its SQL shows: each item names one of them, once;
/// types, modes and dictionary codes are known ones.
pub fn check_items(items: &[Item], columns: &[String]) -> Result<(), FieldError> {
    if items.is_empty() {
        return Err(FieldError::new("items", MessageKey::ReportItemsRequired));
    }
    for (i, item) in items.iter().enumerate() {
        let field = format!("items[{i}]");
        if !columns.contains(&item.field_name) {
            return Err(FieldError::new(field, MessageKey::ReportItemUnknown).with("name", item.field_name.clone()));
        }
        if items[..i].iter().any(|o| o.field_name == item.field_name) {
            return Err(FieldError::new(field, MessageKey::ReportSqlDuplicateColumn).with("name", item.field_name.clone()));
        }
        if !FIELD_TYPES.contains(&item.field_type.as_str()) || !QUERY_MODES.contains(&item.query_mode.as_str()) {
            return Err(FieldError::new(field, MessageKey::BadRequest));
        }
        if let Some(code) = &item.dict_code
            && (code.is_empty() || code.len() > 100 || !code.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        {
            return Err(FieldError::new(field, MessageKey::ReportDictCode));
        }
    }
    Ok(())
}

/// A report parameter's name: as a `:name` placeholder takes it, and not a system variable.
pub fn check_param_name(name: &str) -> Result<(), FieldError> {
    if param_name(&format!(":{name}")).is_none() || SYSTEM_PARAMS.contains(&name) {
        return Err(
            FieldError::new("params", MessageKey::ReportParamName).with("name", name.chars().take(60).collect::<String>())
        );
    }
    Ok(())
}

/// What is wrong with a popup picker's configuration (JeecgBoot's JPopup): the report's code, the
/// report fields it reads (`orgFields`) and the form fields they fill (`destFields`), both
/// comma-separated, are required, and name as many fields each.
pub fn popup_issue(code: &str, org_fields: &str, dest_fields: &str) -> Option<MessageKey> {
    if code.trim().is_empty() || org_fields.trim().is_empty() || dest_fields.trim().is_empty() {
        return Some(MessageKey::PopupConfig);
    }
    if org_fields.split(',').count() != dest_fields.split(',').count() {
        return Some(MessageKey::PopupFieldCount);
    }
    None
}

/// What is wrong with confirming a popup's selection of `count` records: none, or more than one
/// where only one may be picked.
pub fn selection_issue(count: usize, multi: bool) -> Option<MessageKey> {
    (count == 0 || (!multi && count > 1)).then_some(MessageKey::PopupSelectOne)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_name_the_sqls_columns() {
        let columns = ["code".to_owned(), "name".to_owned()];
        let item = |name: &str| Item {
            field_name: name.into(),
            field_type: "String".into(),
            query_mode: "single".into(),
            ..Item::default()
        };
        assert!(check_items(&[item("code"), item("name")], &columns).is_ok());
        assert_eq!(check_items(&[], &columns).map_err(|e| e.key), Err(MessageKey::ReportItemsRequired));
        assert_eq!(check_items(&[item("nope")], &columns).map_err(|e| e.key), Err(MessageKey::ReportItemUnknown));
        assert_eq!(
            check_items(&[item("code"), item("code")], &columns).map_err(|e| e.key),
            Err(MessageKey::ReportSqlDuplicateColumn)
        );
        let bad_dict = Item { dict_code: Some("a'b".into()), ..item("code") };
        assert_eq!(check_items(&[bad_dict], &columns).map_err(|e| e.key), Err(MessageKey::ReportDictCode));
        assert!(check_param_name("status").is_ok());
        assert!(check_param_name("sys_tenant_id").is_err());
        assert!(check_param_name("a-b").is_err());
    }

    #[test]
    fn popup_configuration_and_selection() {
        assert_eq!(popup_issue("", "a", "b"), Some(MessageKey::PopupConfig));
        assert_eq!(popup_issue("r", "", "b"), Some(MessageKey::PopupConfig));
        assert_eq!(popup_issue("r", "a,b", "x"), Some(MessageKey::PopupFieldCount));
        assert_eq!(popup_issue("r", "a,b", "x,y"), None);
        assert_eq!(selection_issue(0, true), Some(MessageKey::PopupSelectOne));
        assert_eq!(selection_issue(2, false), Some(MessageKey::PopupSelectOne));
        assert_eq!(selection_issue(1, false), None);
        assert_eq!(selection_issue(3, true), None);
    }
}

//! JeecgBoot's list conventions: `pageNo`, `pageSize`, `column`, `order` in, and
//! `{records, total, size, current, pages}` out; comma-separated id lists.

use logistics_core::MessageKey;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::AppError;

pub const MAX_PAGE_SIZE: i64 = 1000;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// 1-based page number (default 1). Text, because query strings flattened into filter
    /// structs arrive as text.
    pub page_no: Option<String>,
    /// Rows per page (default 10, at most 1000).
    pub page_size: Option<String>,
    /// Sort column (camelCase field name).
    pub column: Option<String>,
    /// `asc` or `desc`.
    pub order: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Asc,
    Desc,
}

impl PageParams {
    pub fn page_no(&self) -> i64 {
        self.page_no.as_deref().and_then(|n| n.trim().parse::<i64>().ok()).unwrap_or(1).clamp(1, i64::from(i32::MAX))
    }

    pub fn page_size(&self) -> i64 {
        self.page_size.as_deref().and_then(|n| n.trim().parse::<i64>().ok()).unwrap_or(10).clamp(1, MAX_PAGE_SIZE)
    }

    pub fn offset(&self) -> i64 {
        (self.page_no() - 1).saturating_mul(self.page_size())
    }

    /// The sort column among `allowed` (default `default`) and its direction; unknown columns are
    /// refused rather than ignored.
    pub fn sort<'a>(&self, allowed: &[&'a str], default: (&'a str, Order)) -> Result<(&'a str, Order), AppError> {
        let order = match self.order.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(o) if o.eq_ignore_ascii_case("asc") => Some(Order::Asc),
            Some(o) if o.eq_ignore_ascii_case("desc") => Some(Order::Desc),
            Some(_) => return Err(AppError::field("order", MessageKey::SortColumnInvalid)),
        };
        match self.column.as_deref().map(str::trim) {
            None | Some("") => Ok((default.0, order.unwrap_or(default.1))),
            Some(column) => allowed
                .iter()
                .find(|c| **c == column)
                .map(|c| (*c, order.unwrap_or(Order::Desc)))
                .ok_or_else(|| AppError::field("column", MessageKey::SortColumnInvalid)),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub records: Vec<T>,
    pub total: i64,
    pub size: i64,
    pub current: i64,
    pub pages: i64,
}

impl<T> Page<T> {
    pub fn new(records: Vec<T>, total: i64, params: &PageParams) -> Page<T> {
        let size = params.page_size();
        Page { records, total, size, current: params.page_no(), pages: (total + size - 1) / size }
    }
}

/// `"a,b,,c "` to `["a", "b", "c"]` (trimmed, no empties, no repeats, order kept).
pub fn split_ids(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for id in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if !out.iter().any(|o| o == id) {
            out.push(id.to_owned());
        }
    }
    out
}

/// Like [`split_ids`], but at least one id is required ("Please select one data").
pub fn require_ids(text: &str) -> Result<Vec<String>, AppError> {
    let ids = split_ids(text);
    if ids.is_empty() {
        return Err(AppError::field("ids", MessageKey::SelectOne));
    }
    Ok(ids)
}

/// `?id=` of one record, `?ids=a,b` of several (JeecgBoot's delete and deleteBatch).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    pub id: Option<String>,
    pub ids: Option<String>,
}

/// A filter text: `None` when blank.
pub fn filter(text: &Option<String>) -> Option<String> {
    text.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
}

/// `%text%` for LIKE, with the wildcards of the text itself escaped (`\` is the escape).
pub fn like_pattern(text: &str) -> String {
    format!("%{}%", like_escape(text))
}

/// `text%` for LIKE: starts with the text (an index can serve it).
pub fn prefix_pattern(text: &str) -> String {
    format!("{}%", like_escape(text))
}

fn like_escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

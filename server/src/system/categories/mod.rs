//! Categories (`/sys/category/*`, JeecgBoot's 分类字典): a tenant's tree of business categories
//! with codes assigned by the server level by level (A01, A01A01 …, the rule in core), so a code
//! starts with its parent's and the tree sorts by code. A declared resource (queryById, add, edit,
//! delete, export); the tree's own calls (`rootList`, `childList`, `tree`) are written here.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel::sql_types::Text;
use diesel_async::RunQueryDsl;
use logistics_core::{MessageKey, orgcode};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::platform::caller::Caller;
use crate::platform::db::Db;
use crate::platform::db::schema::sys_category;
use crate::platform::http::page::{Order, filter, prefix_pattern};
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiQuery, ApiResult, AppError, Page, PageParams, ok};
use crate::platform::resource::form::{optional, required};
use crate::platform::resource::sql::Sql;
use crate::platform::resource::{Checked, Field, Filter, Localized, Resource, Scope, Values, Written, handlers};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::{with_conn, with_write};

pub const ROOT: &str = "0";

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = sys_category)]
#[serde(rename_all = "camelCase")]
pub struct CategoryRecord {
    pub id: String,
    /// "0" for a root.
    pub pid: String,
    pub name: String,
    pub name_en: Option<String>,
    /// The name in the request's language.
    #[diesel(sql_type = Text)]
    pub title: String,
    pub code: String,
    pub has_child: bool,
    pub sort_order: i32,
    pub create_time: DateTime,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryForm {
    pub id: Option<String>,
    /// The parent ("0" or empty for a root); ignored when editing.
    pub pid: Option<String>,
    #[serde(default)]
    pub name: String,
    pub name_en: Option<String>,
    pub sort_order: Option<i32>,
}

/// The codes of a category's children (the roots' for "0").
async fn sibling_codes(db: &Db, tenant_id: i32, pid: &str) -> Result<Vec<String>, AppError> {
    let codes = with_conn!(db, |conn| {
        sys_category::table
            .filter(sys_category::tenant_id.eq(tenant_id))
            .filter(sys_category::pid.eq(pid))
            .select(sys_category::code)
            .load(conn)
            .await?
    });
    Ok(codes)
}

pub struct Categories;

impl Resource for Categories {
    const PATH: &'static str = "/sys/category";
    const PERMISSION: &'static str = "system:category";
    const NOUN: &'static str = "category";
    const PLURAL: &'static str = "categories";
    const TABLE: &'static str = "sys_category";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("code", "code").sortable().titled(MessageKey::FieldCode),
        Field::text("name", "name").sortable().titled(MessageKey::FieldCategoryName),
        Field::text("nameEn", "name_en"),
        Field::text("pid", "pid"),
        Field::int("sortOrder", "sort_order"),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("name", &["name", "name_en"], "Chinese or English name, substring (searches every level)."),
        Filter::prefix("code", &["code"], "Code prefix (searches every level)."),
        Filter::exact("pid", &["pid"], "The parent (\"0\": the roots)."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("code", Order::Asc);
    /// Two adds under one parent at once: the second finds its code taken.
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("code", MessageKey::CodesExhausted));
    const HAS_UPDATE_BY: bool = true;
    /// Codes are assigned one by one from what is saved: a workbook of categories has none.
    const OMIT: &'static [&'static str] = &["importExcel"];
    const LOCALIZED: Option<Localized> = Some(Localized::title("name", "name_en"));

    crate::record_form!(CategoryRecord, CategoryForm, code);

    /// Names and order; on add also the parent (in the tenant, else 404) and the next free code
    /// under it.
    async fn values(state: &AppState, me: &CurrentUser, form: &CategoryForm, before: Option<&CategoryRecord>) -> Checked {
        let name = required("name", MessageKey::FieldCategoryName, &form.name, 100)?;
        let name_en = optional("nameEn", MessageKey::FieldCategoryName, &form.name_en, 100)?;
        let sort_order = form.sort_order.unwrap_or(0).clamp(-99_999, 99_999);
        let mut values: Values = vec![("name", name.into()), ("name_en", name_en.into()), ("sort_order", sort_order.into())];
        if before.is_none() {
            let pid = form.pid.as_deref().map(str::trim).filter(|p| !p.is_empty()).unwrap_or(ROOT).to_owned();
            let parent = if pid == ROOT { None } else { Some(handlers::find::<Categories>(state, me, &pid).await?) };
            let siblings = sibling_codes(&state.db, me.tenant_id, &pid).await?;
            let refs: Vec<&str> = siblings.iter().map(String::as_str).collect();
            let code = orgcode::next_child(parent.as_ref().map(|p| p.code.as_str()), &refs)
                .ok_or_else(|| AppError::bad_request(MessageKey::CodesExhausted))?;
            values.extend([("pid", pid.into()), ("code", code.into()), ("has_child", false.into())]);
        }
        Ok(values)
    }

    /// A category with sub-categories (other than those deleted with it) stays.
    async fn before_delete(state: &AppState, me: &CurrentUser, records: &[CategoryRecord]) -> Result<(), AppError> {
        let ids: Vec<&str> = records.iter().map(|r| r.id.as_str()).collect();
        let with_children: i64 = with_conn!(&state.db, |conn| {
            sys_category::table
                .filter(sys_category::tenant_id.eq(me.tenant_id))
                .filter(sys_category::pid.eq_any(&ids))
                .filter(sys_category::id.ne_all(&ids))
                .count()
                .get_result(conn)
                .await?
        });
        if with_children > 0 {
            return Err(AppError::bad_request(MessageKey::CategoryHasChildren));
        }
        Ok(())
    }

    /// A parent says whether it has children.
    async fn after_write(state: &AppState, me: &CurrentUser, written: Written<'_, CategoryRecord>) -> Result<(), AppError> {
        let (records, added) = match written {
            Written::Added(records) => (records, true),
            Written::Deleted(records) => (records, false),
            Written::Edited { .. } => return Ok(()),
        };
        let mut parents: Vec<&str> = records.iter().map(|r| r.pid.as_str()).filter(|p| *p != ROOT).collect();
        parents.sort_unstable();
        parents.dedup();
        for parent in parents {
            let has_child = added || !sibling_codes(&state.db, me.tenant_id, parent).await?.is_empty();
            with_write!(&state.db, |conn| {
                diesel::update(
                    sys_category::table.filter(sys_category::tenant_id.eq(me.tenant_id)).filter(sys_category::id.eq(parent)),
                )
                .set(sys_category::has_child.eq(has_child))
                .execute(conn)
                .await?;
            });
        }
        Ok(())
    }
}

/// What `rootList` documents; it reads its query as the declared list does.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CategoryFilter {
    /// Chinese or English name, substring (searches every level).
    pub name: Option<String>,
    /// Code prefix (searches every level).
    pub code: Option<String>,
}

/// The tenant's root categories, paged; with a filter, matching categories of every level.
#[utoipa::path(get, path = "/sys/category/rootList", tag = "system", params(CategoryFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<CategoryRecord>>), (status = 400), (status = 403)))]
pub async fn root_list(
    caller: Caller,
    ApiQuery(mut params): ApiQuery<HashMap<String, String>>,
) -> ApiResult<Page<CategoryRecord>> {
    let searching = ["name", "code"].iter().any(|p| params.get(*p).is_some_and(|v| !v.trim().is_empty()));
    if searching {
        params.remove("pid");
    } else {
        params.insert("pid".to_owned(), ROOT.to_owned());
    }
    handlers::list::<Categories>(caller, ApiQuery(params)).await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PidQuery {
    pub pid: Option<String>,
}

/// Categories of the tenant in the tree's order.
const TREE_ORDER: &str = " ORDER BY sort_order ASC, code ASC";

/// The children of a category.
#[utoipa::path(get, path = "/sys/category/childList", tag = "system", params(PidQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<CategoryRecord>>), (status = 403), (status = 404)))]
pub async fn child_list(Caller(state, me): Caller, ApiQuery(q): ApiQuery<PidQuery>) -> ApiResult<Vec<CategoryRecord>> {
    grants::require(&state, &me, "system:category:list").await?;
    let pid = q.pid.as_deref().map(str::trim).filter(|p| !p.is_empty()).unwrap_or(ROOT);
    if pid != ROOT {
        handlers::find::<Categories>(&state, &me, pid).await?;
    }
    let mut children = Sql::new(" AND pid = ");
    children.bind(pid);
    ok(handlers::all::<Categories>(&state, &me, children, TREE_ORDER).await?)
}

/// A node of the category tree (for selects).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryNode {
    pub id: String,
    pub key: String,
    /// The code.
    pub value: String,
    pub title: String,
    pub code: String,
    #[schema(no_recursion)]
    pub children: Vec<CategoryNode>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TreeQuery {
    /// Only the subtree under this code.
    pub code: Option<String>,
}

/// The tenant's category tree, or the subtree under `code`.
#[utoipa::path(get, path = "/sys/category/tree", tag = "system", params(TreeQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<CategoryNode>>), (status = 401)))]
pub async fn tree(Caller(state, me): Caller, ApiQuery(q): ApiQuery<TreeQuery>) -> ApiResult<Vec<CategoryNode>> {
    let under = filter(&q.code);
    let mut within = Sql::default();
    if let Some(code) = &under {
        within.push(" AND code LIKE ").bind(prefix_pattern(code)).push(" ESCAPE '\\'");
    }
    let records = handlers::all::<Categories>(&state, &me, within, TREE_ORDER).await?;
    let top: Vec<&CategoryRecord> = match &under {
        Some(code) => records.iter().filter(|r| r.code.len() == code.len() + 3 && r.code.starts_with(code.as_str())).collect(),
        None => records.iter().filter(|r| r.pid == ROOT).collect(),
    };
    fn build(r: &CategoryRecord, all: &[CategoryRecord], depth: usize) -> CategoryNode {
        let children = if depth > 32 {
            Vec::new()
        } else {
            all.iter().filter(|c| c.pid == r.id).map(|c| build(c, all, depth + 1)).collect()
        };
        CategoryNode {
            id: r.id.clone(),
            key: r.id.clone(),
            value: r.code.clone(),
            title: r.title.clone(),
            code: r.code.clone(),
            children,
        }
    }
    ok(top.into_iter().map(|r| build(r, &records, 0)).collect())
}

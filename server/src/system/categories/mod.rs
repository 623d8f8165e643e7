//! Categories (`/sys/category/*`, JeecgBoot's 分类字典): a tenant's tree of business categories
//! with codes assigned by the server level by level (A01, A01A01 …, the rule in core), so a code
//! starts with its parent's and the tree sorts by code.

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, orgcode, validate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::platform::db::Db;
use crate::platform::db::schema::sys_category;
use crate::platform::http::lang::pick;
use crate::platform::http::page::{IdQuery, Order, filter, like_pattern, prefix_pattern, require_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{platform::secrets, with_conn, with_write};

pub const ROOT: &str = "0";

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryRecord {
    pub id: String,
    /// "0" for a root.
    pub pid: String,
    pub name: String,
    pub name_en: Option<String>,
    /// The name in the request's language.
    pub title: String,
    pub code: String,
    pub has_child: bool,
    pub sort_order: i32,
    pub create_time: String,
}

type Row = (String, String, String, Option<String>, String, bool, i32, chrono::NaiveDateTime);

macro_rules! columns {
    () => {
        (
            sys_category::id,
            sys_category::pid,
            sys_category::name,
            sys_category::name_en,
            sys_category::code,
            sys_category::has_child,
            sys_category::sort_order,
            sys_category::create_time,
        )
    };
}

fn to_record((id, pid, name, name_en, code, has_child, sort_order, create_time): Row) -> CategoryRecord {
    CategoryRecord {
        title: pick(current_lang(), name.clone(), name_en.clone()),
        id,
        pid,
        name,
        name_en,
        code,
        has_child,
        sort_order,
        create_time: create_time.format(crate::system::users::DATE_TIME_FORMAT).to_string(),
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CategoryFilter {
    /// Chinese or English name, substring (searches every level).
    pub name: Option<String>,
    /// Code prefix (searches every level).
    pub code: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

/// The tenant's root categories, paged; with a filter, matching categories of every level.
#[utoipa::path(get, path = "/sys/category/rootList", tag = "system", params(CategoryFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<CategoryRecord>>), (status = 400), (status = 403)))]
pub async fn root_list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<CategoryFilter>,
) -> ApiResult<Page<CategoryRecord>> {
    grants::require(&state, &me, "system:category:list").await?;
    let sort = f.page.sort(&["code", "name", "createTime"], ("code", Order::Asc))?;
    let (name, code) = (filter(&f.name), filter(&f.code));
    let searching = name.is_some() || code.is_some();
    macro_rules! filtered {
        () => {{
            let mut q = sys_category::table.filter(sys_category::tenant_id.eq(me.tenant_id)).into_boxed();
            if !searching {
                q = q.filter(sys_category::pid.eq(ROOT));
            }
            if let Some(v) = &name {
                let p = like_pattern(v);
                q = q.filter(sys_category::name.like(p.clone()).escape('\\').or(sys_category::name_en.like(p).escape('\\')));
            }
            if let Some(v) = &code {
                q = q.filter(sys_category::code.like(prefix_pattern(v)).escape('\\'));
            }
            q
        }};
    }
    let (total, rows): (i64, Vec<Row>) = with_conn!(&state.db, |conn| {
        let total = filtered!().count().get_result(conn).await?;
        let q = filtered!().select(columns!()).limit(f.page.page_size()).offset(f.page.offset());
        let q = match sort {
            ("name", Order::Asc) => q.order(sys_category::name.asc()),
            ("name", Order::Desc) => q.order(sys_category::name.desc()),
            ("createTime", Order::Asc) => q.order(sys_category::create_time.asc()),
            ("createTime", Order::Desc) => q.order(sys_category::create_time.desc()),
            (_, Order::Asc) => q.order(sys_category::code.asc()),
            (_, Order::Desc) => q.order(sys_category::code.desc()),
        };
        (total, q.then_order_by(sys_category::id.asc()).load(conn).await?)
    });
    ok(Page::new(rows.into_iter().map(to_record).collect(), total, &f.page))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PidQuery {
    pub pid: Option<String>,
}

async fn children(db: &Db, tenant_id: i32, pid: &str) -> Result<Vec<CategoryRecord>, AppError> {
    let rows: Vec<Row> = with_conn!(db, |conn| {
        sys_category::table
            .filter(sys_category::tenant_id.eq(tenant_id))
            .filter(sys_category::pid.eq(pid))
            .select(columns!())
            .order((sys_category::sort_order.asc(), sys_category::code.asc()))
            .load(conn)
            .await?
    });
    Ok(rows.into_iter().map(to_record).collect())
}

/// The children of a category.
#[utoipa::path(get, path = "/sys/category/childList", tag = "system", params(PidQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<CategoryRecord>>), (status = 403), (status = 404)))]
pub async fn child_list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<PidQuery>,
) -> ApiResult<Vec<CategoryRecord>> {
    grants::require(&state, &me, "system:category:list").await?;
    let pid = q.pid.as_deref().map(str::trim).filter(|p| !p.is_empty()).unwrap_or(ROOT);
    if pid != ROOT {
        one(&state.db, me.tenant_id, pid).await?;
    }
    ok(children(&state.db, me.tenant_id, pid).await?)
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
pub async fn tree(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<TreeQuery>,
) -> ApiResult<Vec<CategoryNode>> {
    let under = filter(&q.code);
    let rows: Vec<Row> = with_conn!(&state.db, |conn| {
        let mut query = sys_category::table.filter(sys_category::tenant_id.eq(me.tenant_id)).into_boxed();
        if let Some(code) = &under {
            query = query.filter(sys_category::code.like(prefix_pattern(code)).escape('\\'));
        }
        query.select(columns!()).order((sys_category::sort_order.asc(), sys_category::code.asc())).load(conn).await?
    });
    let records: Vec<CategoryRecord> = rows.into_iter().map(to_record).collect();
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

async fn one(db: &Db, tenant_id: i32, id: &str) -> Result<CategoryRecord, AppError> {
    let row: Option<Row> = with_conn!(db, |conn| {
        sys_category::table
            .filter(sys_category::tenant_id.eq(tenant_id))
            .filter(sys_category::id.eq(id))
            .select(columns!())
            .first(conn)
            .await
            .optional()?
    });
    row.map(to_record).ok_or_else(AppError::not_found)
}

/// One category.
#[utoipa::path(get, path = "/sys/category/queryById", tag = "system", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<CategoryRecord>), (status = 403), (status = 404)))]
pub async fn query_by_id(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<CategoryRecord> {
    grants::require(&state, &me, "system:category:list").await?;
    ok(one(&state.db, me.tenant_id, q.id.as_deref().unwrap_or("").trim()).await?)
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

fn checked(form: &CategoryForm) -> Result<(String, Option<String>, i32), AppError> {
    let lang = current_lang();
    let name = form.name.trim().to_owned();
    validate::required("name", MessageKey::FieldCategoryName.template(lang), &name)?;
    validate::max_chars("name", MessageKey::FieldCategoryName.template(lang), &name, 100)?;
    let name_en = filter(&form.name_en);
    validate::max_chars("nameEn", MessageKey::FieldCategoryName.template(lang), name_en.as_deref().unwrap_or(""), 100)?;
    Ok((name, name_en, form.sort_order.unwrap_or(0).clamp(-99_999, 99_999)))
}

/// Adds a category (root or child); its code is assigned here.
#[utoipa::path(post, path = "/sys/category/add", tag = "system", request_body = CategoryForm,
    responses((status = 200, body = crate::platform::http::Envelope<CategoryRecord>), (status = 400), (status = 403), (status = 404)))]
pub async fn add(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<CategoryForm>,
) -> ApiResult<CategoryRecord> {
    grants::require(&state, &me, "system:category:add").await?;
    let (name, name_en, sort_order) = checked(&form)?;
    let pid = form.pid.as_deref().map(str::trim).filter(|p| !p.is_empty()).unwrap_or(ROOT).to_owned();
    let parent = if pid == ROOT { None } else { Some(one(&state.db, me.tenant_id, &pid).await?) };
    let id = secrets::new_id();
    let now = chrono::Utc::now().naive_utc();
    let tenant_id = me.tenant_id;
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            let siblings: Vec<String> = sys_category::table
                .filter(sys_category::tenant_id.eq(tenant_id))
                .filter(sys_category::pid.eq(&pid))
                .select(sys_category::code)
                .load(tx)
                .await?;
            let refs: Vec<&str> = siblings.iter().map(String::as_str).collect();
            let Some(code) = orgcode::next_child(parent.as_ref().map(|p| p.code.as_str()), &refs) else {
                return Ok(Err(AppError::bad_request(MessageKey::CodesExhausted)));
            };
            diesel::insert_into(sys_category::table)
                .values((
                    sys_category::id.eq(&id),
                    sys_category::tenant_id.eq(tenant_id),
                    sys_category::pid.eq(&pid),
                    sys_category::name.eq(&name),
                    sys_category::name_en.eq(&name_en),
                    sys_category::code.eq(&code),
                    sys_category::has_child.eq(false),
                    sys_category::sort_order.eq(sort_order),
                    sys_category::create_by.eq(&me.user.username),
                    sys_category::create_time.eq(now),
                ))
                .execute(tx)
                .await?;
            if pid != ROOT {
                diesel::update(sys_category::table.filter(sys_category::id.eq(&pid)))
                    .set(sys_category::has_child.eq(true))
                    .execute(tx)
                    .await?;
            }
            Ok::<Result<(), AppError>, diesel::result::Error>(Ok(()))
        })
        .await
        .map_err(|e| AppError::or_taken(e, "code", MessageKey::CodesExhausted))??;
    });
    let after = one(&state.db, me.tenant_id, &id).await?;
    logs::added(&state.db, &me, "system:category:add", &after.code, &after).await;
    ok_with(MessageKey::Added, after)
}

/// Renames a category or changes its order.
#[utoipa::path(put, path = "/sys/category/edit", tag = "system", request_body = CategoryForm,
    responses((status = 200, body = crate::platform::http::Envelope<CategoryRecord>), (status = 400), (status = 403), (status = 404)))]
pub async fn edit(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<CategoryForm>,
) -> ApiResult<CategoryRecord> {
    grants::require(&state, &me, "system:category:edit").await?;
    let before = one(&state.db, me.tenant_id, form.id.as_deref().unwrap_or("").trim()).await?;
    let (name, name_en, sort_order) = checked(&form)?;
    with_write!(&state.db, |conn| {
        diesel::update(sys_category::table.filter(sys_category::id.eq(&before.id)))
            .set((
                sys_category::name.eq(&name),
                sys_category::name_en.eq(&name_en),
                sys_category::sort_order.eq(sort_order),
                sys_category::update_by.eq(&me.user.username),
                sys_category::update_time.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)
            .await?;
    });
    let after = one(&state.db, me.tenant_id, &before.id).await?;
    logs::edited(&state.db, &me, "system:category:edit", &after.code, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

/// Deletes categories without children.
async fn remove(state: &AppState, me: &CurrentUser, ids: &[String]) -> Result<(), AppError> {
    let mut befores = Vec::new();
    for id in ids {
        befores.push(one(&state.db, me.tenant_id, id).await?);
    }
    let tenant_id = me.tenant_id;
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            let with_children: i64 = sys_category::table
                .filter(sys_category::tenant_id.eq(tenant_id))
                .filter(sys_category::pid.eq_any(ids))
                .filter(sys_category::id.ne_all(ids))
                .count()
                .get_result(tx)
                .await?;
            if with_children > 0 {
                return Ok(Err(AppError::bad_request(MessageKey::CategoryHasChildren)));
            }
            diesel::delete(
                sys_category::table.filter(sys_category::tenant_id.eq(tenant_id)).filter(sys_category::id.eq_any(ids)),
            )
            .execute(tx)
            .await?;
            // Parents left without children say so.
            let parents: Vec<String> = befores.iter().map(|b| b.pid.clone()).filter(|p| p != ROOT).collect();
            for parent in parents {
                let left: i64 = sys_category::table.filter(sys_category::pid.eq(&parent)).count().get_result(tx).await?;
                if left == 0 {
                    diesel::update(sys_category::table.filter(sys_category::id.eq(&parent)))
                        .set(sys_category::has_child.eq(false))
                        .execute(tx)
                        .await?;
                }
            }
            Ok::<Result<(), AppError>, diesel::result::Error>(Ok(()))
        })
        .await
        .map_err(AppError::from)??;
    });
    for before in befores {
        logs::deleted(&state.db, me, "system:category:delete", &before.code, &before).await;
    }
    Ok(())
}

/// Deletes a category (one with sub-categories is refused).
#[utoipa::path(delete, path = "/sys/category/delete", tag = "system", params(IdQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:category:delete").await?;
    remove(&state, &me, &require_ids(q.id.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::Deleted, ())
}

/// Deletes categories.
#[utoipa::path(delete, path = "/sys/category/deleteBatch", tag = "system", params(IdQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete_batch(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:category:delete").await?;
    remove(&state, &me, &require_ids(q.ids.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::DeletedBatch, ())
}

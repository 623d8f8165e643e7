//! Department administration (`/sys/sysDepart/*`): the tenant's department tree. Codes are made
//! by core's rule (A01, A01A01, ...) so a department's code starts with its parent's.

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, orgcode, validate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::platform::db::schema::{sys_depart, sys_depart_permission, sys_user_depart};
use crate::platform::db::{Db, DbResult};
use crate::platform::http::lang::pick;
use crate::platform::http::page::{IdQuery, filter, require_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{platform::secrets, with_conn, with_write};

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = sys_depart)]
pub struct Depart {
    pub id: String,
    pub parent_id: Option<String>,
    pub depart_name: String,
    pub depart_name_en: Option<String>,
    pub org_code: String,
    pub org_category: String,
    pub depart_order: i32,
    pub memo: Option<String>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepartNode {
    pub id: String,
    pub key: String,
    pub value: String,
    /// In the request's language.
    pub title: String,
    pub parent_id: Option<String>,
    pub depart_name: String,
    pub depart_name_en: Option<String>,
    pub org_code: String,
    pub org_category: String,
    pub depart_order: i32,
    pub memo: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(no_recursion)]
    pub children: Vec<DepartNode>,
}

fn node(d: &Depart, lang: logistics_core::Lang) -> DepartNode {
    DepartNode {
        id: d.id.clone(),
        key: d.id.clone(),
        value: d.id.clone(),
        title: pick(lang, d.depart_name.clone(), d.depart_name_en.clone()),
        parent_id: d.parent_id.clone(),
        depart_name: d.depart_name.clone(),
        depart_name_en: d.depart_name_en.clone(),
        org_code: d.org_code.clone(),
        org_category: d.org_category.clone(),
        depart_order: d.depart_order,
        memo: d.memo.clone(),
        children: Vec::new(),
    }
}

/// The tenant's live departments in tree order.
pub async fn all(db: &Db, tenant_id: i32) -> DbResult<Vec<Depart>> {
    let rows = with_conn!(db, |conn| {
        sys_depart::table
            .filter(sys_depart::tenant_id.eq(tenant_id))
            .filter(sys_depart::del_flag.eq(0))
            .order((sys_depart::depart_order.asc(), sys_depart::org_code.asc()))
            .select(Depart::as_select())
            .load(conn)
            .await?
    });
    Ok(rows)
}

fn tree(all: &[Depart], parent: Option<&str>, lang: logistics_core::Lang) -> Vec<DepartNode> {
    all.iter()
        .filter(|d| d.parent_id.as_deref() == parent)
        .map(|d| DepartNode { children: tree(all, Some(&d.id), lang), ..node(d, lang) })
        .collect()
}

async fn can_read(state: &AppState, me: &CurrentUser) -> Result<(), AppError> {
    let granted = grants::of(state, me).await?;
    if granted.has("system:depart:list") || granted.has("system:user:list") { Ok(()) } else { Err(AppError::forbidden()) }
}

/// The tenant's department tree.
#[utoipa::path(get, path = "/sys/sysDepart/queryTreeList", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<Vec<DepartNode>>), (status = 403)))]
pub async fn query_tree_list(State(state): State<AppState>, me: CurrentUser) -> ApiResult<Vec<DepartNode>> {
    can_read(&state, &me).await?;
    ok(tree(&all(&state.db, me.tenant_id).await?, None, current_lang()))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct IdNode {
    pub key: String,
    pub value: String,
    pub title: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(no_recursion)]
    pub children: Vec<IdNode>,
}

fn id_tree(nodes: Vec<DepartNode>) -> Vec<IdNode> {
    nodes.into_iter().map(|n| IdNode { key: n.key, value: n.value, title: n.title, children: id_tree(n.children) }).collect()
}

/// The department tree as `{key, value, title}` (pickers).
#[utoipa::path(get, path = "/sys/sysDepart/queryIdTree", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<Vec<IdNode>>), (status = 403)))]
pub async fn query_id_tree(State(state): State<AppState>, me: CurrentUser) -> ApiResult<Vec<IdNode>> {
    can_read(&state, &me).await?;
    ok(id_tree(tree(&all(&state.db, me.tenant_id).await?, None, current_lang())))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    pub key_word: Option<String>,
}

/// Departments whose name (either language) or code contains the keyword, flat.
#[utoipa::path(get, path = "/sys/sysDepart/searchBy", tag = "system", params(SearchQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<DepartNode>>), (status = 403)))]
pub async fn search_by(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<SearchQuery>,
) -> ApiResult<Vec<DepartNode>> {
    can_read(&state, &me).await?;
    let lang = current_lang();
    let departs = all(&state.db, me.tenant_id).await?;
    let Some(word) = filter(&q.key_word).map(|w| w.to_lowercase()) else { return ok(tree(&departs, None, lang)) };
    ok(departs
        .iter()
        .filter(|d| {
            d.depart_name.to_lowercase().contains(&word)
                || d.depart_name_en.as_deref().is_some_and(|n| n.to_lowercase().contains(&word))
                || d.org_code.to_lowercase().contains(&word)
        })
        .map(|d| node(d, lang))
        .collect())
}

/// The caller's departments with their sub-trees.
#[utoipa::path(get, path = "/sys/sysDepart/queryMyDeptTreeList", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<Vec<DepartNode>>), (status = 401)))]
pub async fn query_my_dept_tree_list(State(state): State<AppState>, me: CurrentUser) -> ApiResult<Vec<DepartNode>> {
    let lang = current_lang();
    let mine = super::of_user(&state.db, &me.user.id, lang).await?;
    let departs = all(&state.db, me.tenant_id).await?;
    ok(departs
        .iter()
        .filter(|d| mine.iter().any(|m| m.id == d.id))
        // Skip departments already inside another of the user's departments.
        .filter(|d| !mine.iter().any(|m| m.id != d.id && d.org_code.starts_with(&m.org_code)))
        .map(|d| DepartNode { children: tree(&departs, Some(&d.id), lang), ..node(d, lang) })
        .collect())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepartForm {
    pub id: Option<String>,
    pub parent_id: Option<String>,
    #[serde(default)]
    pub depart_name: String,
    pub depart_name_en: Option<String>,
    /// 1 company, 2 department, 3 group.
    pub org_category: Option<String>,
    pub depart_order: Option<i32>,
    pub memo: Option<String>,
}

fn checked(form: &DepartForm) -> Result<(String, Option<String>, String, Option<String>), AppError> {
    let label = MessageKey::FieldDepartName.template(current_lang());
    let name = form.depart_name.trim().to_owned();
    validate::required("departName", label, &name)?;
    validate::max_chars("departName", label, &name, 100)?;
    let name_en = filter(&form.depart_name_en);
    validate::max_chars("departNameEn", label, name_en.as_deref().unwrap_or(""), 100)?;
    let category = form.org_category.clone().unwrap_or_else(|| "2".to_owned());
    if !["1", "2", "3"].contains(&category.as_str()) {
        return Err(AppError::field("orgCategory", MessageKey::StatusInvalid));
    }
    let memo = filter(&form.memo);
    validate::max_chars("memo", MessageKey::FieldDescription.template(current_lang()), memo.as_deref().unwrap_or(""), 500)?;
    Ok((name, name_en, category, memo))
}

async fn one(db: &Db, tenant_id: i32, id: &str) -> Result<Depart, AppError> {
    all(db, tenant_id).await?.into_iter().find(|d| d.id == id).ok_or_else(AppError::not_found)
}

/// Adds a department (top level, or under `parentId`); its code comes from core's rule.
#[utoipa::path(post, path = "/sys/sysDepart/add", tag = "system", request_body = DepartForm,
    responses((status = 200, body = crate::platform::http::Envelope<DepartNode>), (status = 400), (status = 403), (status = 404)))]
pub async fn add(State(state): State<AppState>, me: CurrentUser, ApiJson(form): ApiJson<DepartForm>) -> ApiResult<DepartNode> {
    grants::require(&state, &me, "system:depart:add").await?;
    let (name, name_en, category, memo) = checked(&form)?;
    let parent = match filter(&form.parent_id) {
        Some(id) => Some(one(&state.db, me.tenant_id, &id).await?),
        None => None,
    };
    let id = secrets::new_id();
    let now = chrono::Utc::now().naive_utc();
    let parent_id = parent.as_ref().map(|p| p.id.clone());
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            // Sibling codes read inside the write, so two adds cannot pick the same code.
            let siblings: Vec<String> = sys_depart::table
                .filter(sys_depart::tenant_id.eq(me.tenant_id))
                .filter(sys_depart::org_code.like(format!("{}%", parent.as_ref().map_or("", |p| p.org_code.as_str()))))
                .select(sys_depart::org_code)
                .load(tx)
                .await?;
            let refs: Vec<&str> = siblings.iter().map(String::as_str).collect();
            let Some(code) = orgcode::next_child(parent.as_ref().map(|p| p.org_code.as_str()), &refs) else {
                return Ok::<Result<(), AppError>, diesel::result::Error>(Err(AppError::refused(
                    MessageKey::DepartCodesExhausted,
                )));
            };
            diesel::insert_into(sys_depart::table)
                .values((
                    sys_depart::id.eq(&id),
                    sys_depart::parent_id.eq(&parent_id),
                    sys_depart::depart_name.eq(&name),
                    sys_depart::depart_name_en.eq(&name_en),
                    sys_depart::org_code.eq(&code),
                    sys_depart::org_category.eq(&category),
                    sys_depart::depart_order.eq(form.depart_order.unwrap_or(0)),
                    sys_depart::memo.eq(&memo),
                    sys_depart::tenant_id.eq(me.tenant_id),
                    sys_depart::create_time.eq(now),
                ))
                .execute(tx)
                .await?;
            Ok(Ok(()))
        })
        .await
        .map_err(AppError::from)??;
    });
    let after = node(&one(&state.db, me.tenant_id, &id).await?, current_lang());
    logs::added(&state.db, &me, "system:depart:add", &after.org_code, &after).await;
    ok_with(MessageKey::Added, after)
}

/// Changes a department's names, category, order and memo (its place and code stay).
#[utoipa::path(put, path = "/sys/sysDepart/edit", tag = "system", request_body = DepartForm,
    responses((status = 200, body = crate::platform::http::Envelope<DepartNode>), (status = 400), (status = 403), (status = 404)))]
pub async fn edit(State(state): State<AppState>, me: CurrentUser, ApiJson(form): ApiJson<DepartForm>) -> ApiResult<DepartNode> {
    grants::require(&state, &me, "system:depart:edit").await?;
    let before = one(&state.db, me.tenant_id, form.id.as_deref().unwrap_or("").trim()).await?;
    let (name, name_en, category, memo) = checked(&form)?;
    if filter(&form.parent_id).is_some_and(|p| Some(&p) != before.parent_id.as_ref()) {
        return Err(AppError::field("parentId", MessageKey::DepartParentInvalid));
    }
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::update(sys_depart::table.filter(sys_depart::id.eq(&before.id)))
            .set((
                sys_depart::depart_name.eq(&name),
                sys_depart::depart_name_en.eq(&name_en),
                sys_depart::org_category.eq(&category),
                sys_depart::depart_order.eq(form.depart_order.unwrap_or(before.depart_order)),
                sys_depart::memo.eq(&memo),
                sys_depart::update_time.eq(now),
            ))
            .execute(conn)
            .await?;
    });
    let lang = current_lang();
    let after = node(&one(&state.db, me.tenant_id, &before.id).await?, lang);
    logs::edited(&state.db, &me, "system:depart:edit", &after.org_code, &node(&before, lang), &after).await;
    ok_with(MessageKey::Edited, after)
}

async fn remove(state: &AppState, me: &CurrentUser, ids: &[String]) -> Result<(), AppError> {
    let departs = all(&state.db, me.tenant_id).await?;
    let mut doomed: Vec<&Depart> = Vec::new();
    for id in ids {
        let d = departs.iter().find(|d| d.id == *id).ok_or_else(AppError::not_found)?;
        doomed.extend(departs.iter().filter(|x| x.org_code.starts_with(&d.org_code)));
    }
    let doomed_ids: Vec<String> = doomed.iter().map(|d| d.id.clone()).collect();
    let members: i64 = with_conn!(&state.db, |conn| {
        sys_user_depart::table.filter(sys_user_depart::dep_id.eq_any(&doomed_ids)).count().get_result(conn).await?
    });
    if members > 0 {
        return Err(AppError::refused(MessageKey::DepartHasUsers));
    }
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            diesel::delete(sys_depart_permission::table.filter(sys_depart_permission::depart_id.eq_any(&doomed_ids)))
                .execute(tx)
                .await?;
            diesel::update(sys_depart::table.filter(sys_depart::id.eq_any(&doomed_ids)))
                .set((sys_depart::del_flag.eq(1), sys_depart::update_time.eq(now)))
                .execute(tx)
                .await?;
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(AppError::from)?;
    });
    crate::system::permissions::grants_changed(&state.db).await?;
    let lang = current_lang();
    let before: Vec<DepartNode> = doomed.iter().map(|d| node(d, lang)).collect();
    let codes: Vec<&str> = doomed.iter().map(|d| d.org_code.as_str()).collect();
    logs::deleted(&state.db, me, "system:depart:delete", &codes.join(","), &before).await;
    Ok(())
}

/// Deletes a department and its sub-departments (refused while any has users).
#[utoipa::path(delete, path = "/sys/sysDepart/delete", tag = "system", params(IdQuery),
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:depart:delete").await?;
    remove(&state, &me, &require_ids(q.id.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::Deleted, ())
}

/// Deletes departments.
#[utoipa::path(delete, path = "/sys/sysDepart/deleteBatch", tag = "system", params(IdQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete_batch(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:depart:delete").await?;
    remove(&state, &me, &require_ids(q.ids.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::DeletedBatch, ())
}

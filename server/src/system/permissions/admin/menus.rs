//! The menus and buttons as the menu administration reads them (`list`, `getSystemMenuList`,
//! `getSystemSubmenu`, `getSystemSubmenuBatch`).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::queries::{everything, permissions_with_rules};
use crate::platform::http::page::{filter, split_ids};
use crate::platform::http::{ApiQuery, ApiResult, AppError, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::{Permission, grants};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PermissionRecord {
    pub id: String,
    pub parent_id: Option<String>,
    pub name: String,
    pub name_en: String,
    pub url: Option<String>,
    pub component: Option<String>,
    pub component_name: Option<String>,
    pub redirect: Option<String>,
    pub menu_type: i16,
    pub perms: Option<String>,
    pub perms_type: String,
    pub sort_no: i32,
    pub always_show: bool,
    pub icon: Option<String>,
    pub route: bool,
    pub keep_alive: bool,
    pub hidden: bool,
    pub internal_or_external: bool,
    pub status: String,
    pub platform_only: bool,
    pub leaf: bool,
    pub rule_flag: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(no_recursion)]
    pub children: Option<Vec<PermissionRecord>>,
}

fn record(p: &Permission, leaf: bool, rule_flag: bool) -> PermissionRecord {
    PermissionRecord {
        id: p.id.clone(),
        parent_id: p.parent_id.clone(),
        name: p.name.clone(),
        name_en: p.name_en.clone(),
        url: p.url.clone(),
        component: p.component.clone(),
        component_name: p.component_name.clone(),
        redirect: p.redirect.clone(),
        menu_type: p.menu_type,
        perms: p.perms.clone(),
        perms_type: p.perms_type.clone(),
        sort_no: p.sort_no,
        always_show: p.always_show,
        icon: p.icon.clone(),
        route: p.is_route,
        keep_alive: p.keep_alive,
        hidden: p.hidden,
        internal_or_external: p.internal_or_external,
        status: p.status.clone(),
        platform_only: p.platform_only,
        leaf,
        rule_flag,
        children: None,
    }
}

/// The menus and buttons as the administration reads them: each with whether it has children and
/// whether it has data rules.
struct Menus {
    all: Arc<Vec<Permission>>,
    parents: HashSet<String>,
    rules: HashSet<String>,
}

impl Menus {
    /// Every live menu and button.
    async fn read(state: &AppState) -> Result<Menus, AppError> {
        let all = everything(state).await?;
        let parents = all.iter().filter_map(|p| p.parent_id.clone()).collect();
        Ok(Menus { all, parents, rules: permissions_with_rules(&state.db).await? })
    }

    fn record(&self, p: &Permission) -> PermissionRecord {
        record(p, !self.parents.contains(&p.id), self.rules.contains(&p.id))
    }

    /// The children of `parent` (the top-level menus for `None`), flat.
    fn children(&self, parent: Option<&str>) -> Vec<PermissionRecord> {
        self.all.iter().filter(|p| p.parent_id.as_deref() == parent).map(|p| self.record(p)).collect()
    }

    /// The children of `parent` with their descendants.
    fn tree(&self, parent: Option<&str>) -> Vec<PermissionRecord> {
        let mut nodes = self.children(parent);
        for node in &mut nodes {
            node.children = Some(self.tree(Some(&node.id))).filter(|kids| !kids.is_empty());
        }
        nodes
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MenuFilter {
    /// Matching menus (either language), flat.
    pub name: Option<String>,
}

/// Every menu and button the administration sees, flat and in menu order (the matches of `name`,
/// in either language, when one is given), for the caller allowed to list them.
pub async fn flat(state: &AppState, me: &CurrentUser, name: &Option<String>) -> Result<Vec<PermissionRecord>, AppError> {
    grants::require(state, me, "system:permission:list").await?;
    let menus = Menus::read(state).await?;
    let needle = filter(name).map(|name| name.to_lowercase());
    Ok(menus
        .all
        .iter()
        .filter(|p| needle.as_ref().is_none_or(|n| p.name.to_lowercase().contains(n) || p.name_en.to_lowercase().contains(n)))
        .map(|p| menus.record(p))
        .collect())
}

/// Every menu and button as a tree (or the matches of `name`, flat).
#[utoipa::path(get, path = "/sys/permission/list", tag = "system", params(MenuFilter),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<PermissionRecord>>), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<MenuFilter>,
) -> ApiResult<Vec<PermissionRecord>> {
    if filter(&q.name).is_some() {
        return ok(flat(&state, &me, &q.name).await?);
    }
    grants::require(&state, &me, "system:permission:list").await?;
    ok(Menus::read(&state).await?.tree(None))
}

/// The top-level menus.
#[utoipa::path(get, path = "/sys/permission/getSystemMenuList", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<Vec<PermissionRecord>>), (status = 403)))]
pub async fn system_menu_list(State(state): State<AppState>, me: CurrentUser) -> ApiResult<Vec<PermissionRecord>> {
    grants::require(&state, &me, "system:permission:list").await?;
    ok(Menus::read(&state).await?.children(None))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SubmenuQuery {
    pub parent_id: Option<String>,
    /// Comma-joined parent ids (batch).
    pub parent_ids: Option<String>,
}

/// The children of a menu.
#[utoipa::path(get, path = "/sys/permission/getSystemSubmenu", tag = "system", params(SubmenuQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<PermissionRecord>>), (status = 403)))]
pub async fn system_submenu(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<SubmenuQuery>,
) -> ApiResult<Vec<PermissionRecord>> {
    grants::require(&state, &me, "system:permission:list").await?;
    ok(Menus::read(&state).await?.children(Some(q.parent_id.as_deref().unwrap_or("").trim())))
}

/// The children of several menus, by parent id.
#[utoipa::path(get, path = "/sys/permission/getSystemSubmenuBatch", tag = "system", params(SubmenuQuery),
    responses((status = 200, body = crate::platform::http::Envelope<HashMap<String, Vec<PermissionRecord>>>), (status = 403)))]
pub async fn system_submenu_batch(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<SubmenuQuery>,
) -> ApiResult<HashMap<String, Vec<PermissionRecord>>> {
    grants::require(&state, &me, "system:permission:list").await?;
    let menus = Menus::read(&state).await?;
    ok(split_ids(q.parent_ids.as_deref().unwrap_or("")).into_iter().map(|id| (id.clone(), menus.children(Some(&id)))).collect())
}

/// One menu or button as the administration shows it, or 404.
pub(super) async fn find_record(state: &AppState, id: &str) -> Result<PermissionRecord, AppError> {
    let all = everything(state).await?;
    let p = all.iter().find(|p| p.id == id).ok_or_else(AppError::not_found)?;
    let leaf = !all.iter().any(|c| c.parent_id.as_deref() == Some(id));
    Ok(record(p, leaf, false))
}

//! Menu administration (`/sys/permission/*`, platform only: menus are the platform's) and the
//! grant calls of roles and departments. A grant may only move what its maker holds.

use std::collections::{HashMap, HashSet};

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{Lang, MessageKey, check_rule, validate};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::{IntoParams, ToSchema};

use super::granted::{Grants, visible_to};
use super::grants;
use super::{BUTTON, MENU, Permission, SUB_MENU};
use crate::platform::db::schema::{
    sys_depart, sys_depart_permission, sys_depart_role_permission, sys_permission, sys_permission_data_rule, sys_role,
    sys_role_permission, sys_user_permission,
};
use crate::platform::db::{Db, DbResult};
use crate::platform::http::page::{filter, require_ids, split_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs::{self, Operation};
use crate::{platform::secrets, with_conn, with_write};

/// A node of the permission trees the grant screens show.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TreeNode {
    pub key: String,
    pub value: String,
    pub title: String,
    #[schema(value_type = Object)]
    pub titles: Value,
    pub menu_type: i16,
    pub perms: Option<String>,
    pub is_leaf: bool,
    /// The menu has data rules.
    pub rule_flag: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(no_recursion)]
    pub children: Vec<TreeNode>,
}

fn titles(p: &Permission) -> Value {
    json!({"zh-CN": p.name, "en-US": if p.name_en.is_empty() { &p.name } else { &p.name_en }})
}

/// The tree of the permissions `keep` accepts (a kept node's ancestors are kept too).
pub fn tree_nodes(all: &[Permission], keep: &(dyn Fn(&Permission) -> bool + Sync), lang: Lang) -> Vec<TreeNode> {
    tree_with_rules(all, keep, &HashSet::new(), lang)
}

fn tree_with_rules(
    all: &[Permission],
    keep: &(dyn Fn(&Permission) -> bool + Sync),
    with_rules: &HashSet<String>,
    lang: Lang,
) -> Vec<TreeNode> {
    let kept: HashSet<String> = super::with_ancestors(all, all.iter().filter(|p| keep(p)).map(|p| p.id.clone()).collect());
    let mut children: HashMap<Option<&str>, Vec<&Permission>> = HashMap::new();
    for p in all.iter().filter(|p| kept.contains(&p.id)) {
        children.entry(p.parent_id.as_deref()).or_default().push(p);
    }
    fn build(
        parent: Option<&str>,
        children: &HashMap<Option<&str>, Vec<&Permission>>,
        rules: &HashSet<String>,
        lang: Lang,
    ) -> Vec<TreeNode> {
        children
            .get(&parent)
            .map(|list| {
                list.iter()
                    .map(|p| {
                        let kids = build(Some(&p.id), children, rules, lang);
                        TreeNode {
                            key: p.id.clone(),
                            value: p.id.clone(),
                            title: p.title(lang).to_owned(),
                            titles: titles(p),
                            menu_type: p.menu_type,
                            perms: p.perms.clone(),
                            is_leaf: kids.is_empty(),
                            rule_flag: rules.contains(&p.id),
                            children: kids,
                        }
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
    build(None, &children, with_rules, lang)
}

async fn permissions_with_rules(db: &Db) -> DbResult<HashSet<String>> {
    let ids: Vec<String> = with_conn!(db, |conn| {
        sys_permission_data_rule::table.select(sys_permission_data_rule::permission_id).distinct().load(conn).await?
    });
    Ok(ids.into_iter().collect())
}

async fn everything(state: &AppState) -> Result<std::sync::Arc<Vec<Permission>>, AppError> {
    let versions = grants::versions(&state.db).await?;
    Ok(grants::everything(state, &versions).await?)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GrantTree {
    pub tree_list: Vec<TreeNode>,
    pub ids: Vec<String>,
}

pub async fn grant_tree(state: &AppState, keep: &(dyn Fn(&Permission) -> bool + Sync)) -> Result<GrantTree, AppError> {
    let all = everything(state).await?;
    let rules = permissions_with_rules(&state.db).await?;
    let tree_list = tree_with_rules(&all, keep, &rules, current_lang());
    let ids = all.iter().filter(|p| keep(p)).map(|p| p.id.clone()).collect();
    Ok(GrantTree { tree_list, ids })
}

/// The menus and buttons the caller may grant (what they hold).
#[utoipa::path(get, path = "/sys/permission/queryTreeList", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<GrantTree>), (status = 403)))]
pub async fn query_tree_list(State(state): State<AppState>, me: CurrentUser) -> ApiResult<GrantTree> {
    let granted = grantor(&state, &me).await?;
    ok(grant_tree(&state, &|p| granted.holds(&p.id)).await?)
}

/// Anyone who grants: role, department or menu administrators.
async fn grantor(state: &AppState, me: &CurrentUser) -> Result<std::sync::Arc<Grants>, AppError> {
    let granted = grants::of(state, me).await?;
    if ["system:role:authorize", "system:depart:authorize", "system:depart:role", "system:permission:list"]
        .iter()
        .any(|c| granted.has(c))
    {
        Ok(granted)
    } else {
        Err(AppError::forbidden())
    }
}

// ---- role grants ----

/// The live permissions among some ids, each paired with a holder (role, department, user).
type GrantRows<'a> = diesel::dsl::Select<
    diesel::dsl::Filter<sys_permission::table, diesel::dsl::EqAny<sys_permission::id, Vec<&'a str>>>,
    (diesel::dsl::AsExprOf<&'a str, diesel::sql_types::Text>, sys_permission::id),
>;

/// `(holder, permission id)` rows for the given live permissions, for one `INSERT … SELECT`
/// (one statement on both databases, however many rows).
pub fn grant_rows<'a, S: AsRef<str> + 'a>(holder: &'a str, ids: &'a [S]) -> GrantRows<'a> {
    use diesel::IntoSql;
    let ids: Vec<&str> = ids.iter().map(AsRef::as_ref).collect();
    sys_permission::table
        .filter(sys_permission::id.eq_any(ids))
        .select((holder.into_sql::<diesel::sql_types::Text>(), sys_permission::id))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RoleQuery {
    #[serde(default)]
    pub role_id: String,
}

async fn tenant_role(db: &Db, role_id: &str, tenant_id: i32) -> Result<String, AppError> {
    let code: Option<String> = with_conn!(db, |conn| {
        sys_role::table
            .filter(sys_role::id.eq(role_id))
            .filter(sys_role::tenant_id.eq(tenant_id))
            .select(sys_role::role_code)
            .first(conn)
            .await
            .optional()?
    });
    code.ok_or_else(AppError::not_found)
}

/// A role's permission ids.
#[utoipa::path(get, path = "/sys/permission/queryRolePermission", tag = "system", params(RoleQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<String>>), (status = 403), (status = 404)))]
pub async fn query_role_permission(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<RoleQuery>,
) -> ApiResult<Vec<String>> {
    grants::require(&state, &me, "system:role:authorize").await?;
    tenant_role(&state.db, q.role_id.trim(), me.tenant_id).await?;
    let mut ids: Vec<String> = super::granted_ids(&state.db, &[q.role_id.trim().to_owned()]).await?.into_iter().collect();
    ids.sort();
    ok(ids)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveRolePermission {
    #[serde(default)]
    pub role_id: String,
    /// The role's new permission ids, comma-joined.
    #[serde(default)]
    pub permission_ids: String,
    /// The ids the client loaded (informational; the server compares with what is stored).
    #[serde(default)]
    pub lastpermissionids: Option<String>,
}

/// Checks `requested` against the permissions that exist and what the caller holds (relative to
/// `current`); returns the requested ids.
async fn checked_grant(
    state: &AppState,
    granted: &Grants,
    current: &[String],
    requested: &str,
    tenant_id: i32,
) -> Result<Vec<String>, AppError> {
    let requested = split_ids(requested);
    let all = everything(state).await?;
    let known: HashSet<&str> = all.iter().filter(|p| visible_to(p, tenant_id)).map(|p| p.id.as_str()).collect();
    if requested.iter().any(|id| !known.contains(id.as_str())) {
        return Err(AppError::not_found());
    }
    let held: Vec<String> = granted.ids.iter().cloned().collect();
    if !logistics_core::permission::ungrantable(current, &requested, &held).is_empty() {
        return Err(AppError::refused(MessageKey::NotGrantable));
    }
    Ok(requested)
}

/// Replaces a role's permissions; only what the caller holds may be added or removed.
#[utoipa::path(post, path = "/sys/permission/saveRolePermission", tag = "system", request_body = SaveRolePermission,
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn save_role_permission(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<SaveRolePermission>,
) -> ApiResult<()> {
    let granted = grants::require(&state, &me, "system:role:authorize").await?;
    let role_id = body.role_id.trim().to_owned();
    let code = tenant_role(&state.db, &role_id, me.tenant_id).await?;
    if code == crate::system::roles::ADMIN {
        // `admin` holds everything by definition; its grants are not edited.
        return Err(AppError::refused(MessageKey::RoleBuiltIn));
    }
    let current: Vec<String> = super::granted_ids(&state.db, std::slice::from_ref(&role_id)).await?.into_iter().collect();
    let requested = checked_grant(&state, &granted, &current, &body.permission_ids, me.tenant_id).await?;
    let removed: Vec<&String> = current.iter().filter(|id| !requested.contains(id)).collect();
    let added: Vec<&String> = requested.iter().filter(|id| !current.contains(id)).collect();
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            diesel::delete(
                sys_role_permission::table
                    .filter(sys_role_permission::role_id.eq(&role_id))
                    .filter(sys_role_permission::permission_id.eq_any(&removed)),
            )
            .execute(tx)
            .await?;
            if !added.is_empty() {
                diesel::insert_into(sys_role_permission::table)
                    .values(grant_rows(&role_id, &added))
                    .into_columns((sys_role_permission::role_id, sys_role_permission::permission_id))
                    .execute(tx)
                    .await?;
            }
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(AppError::from)?;
    });
    super::grants_changed(&state.db).await?;
    let op = Operation {
        action: "system:role:authorize",
        target: &role_id,
        operate_type: logs::OP_OTHER,
        before: Some(json!(current)),
        after: Some(json!(requested)),
    };
    logs::operation(&state.db, &me, op).await;
    ok_with(MessageKey::Saved, ())
}

// ---- department grants ----

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DepartQuery {
    #[serde(default)]
    pub depart_id: String,
}

/// A department of the tenant, or 404.
pub async fn tenant_depart(db: &Db, depart_id: &str, tenant_id: i32) -> Result<(), AppError> {
    let n: i64 = with_conn!(db, |conn| {
        sys_depart::table
            .filter(sys_depart::id.eq(depart_id))
            .filter(sys_depart::tenant_id.eq(tenant_id))
            .filter(sys_depart::del_flag.eq(0))
            .count()
            .get_result(conn)
            .await?
    });
    if n == 0 { Err(AppError::not_found()) } else { Ok(()) }
}

/// A department's permission ids.
pub async fn depart_permission_ids(db: &Db, depart_id: &str) -> DbResult<Vec<String>> {
    let ids = with_conn!(db, |conn| {
        sys_depart_permission::table
            .filter(sys_depart_permission::depart_id.eq(depart_id))
            .select(sys_depart_permission::permission_id)
            .order(sys_depart_permission::permission_id.asc())
            .load(conn)
            .await?
    });
    Ok(ids)
}

/// What a department may hand out to its department roles.
#[utoipa::path(get, path = "/sys/permission/queryDepartPermission", tag = "system", params(DepartQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<String>>), (status = 403), (status = 404)))]
pub async fn query_depart_permission(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<DepartQuery>,
) -> ApiResult<Vec<String>> {
    grants::require(&state, &me, "system:depart:authorize").await?;
    tenant_depart(&state.db, q.depart_id.trim(), me.tenant_id).await?;
    ok(depart_permission_ids(&state.db, q.depart_id.trim()).await?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveDepartPermission {
    #[serde(default)]
    pub depart_id: String,
    #[serde(default)]
    pub permission_ids: String,
    #[serde(default)]
    pub lastpermissionids: Option<String>,
}

/// Replaces a department's permissions; its department roles lose what the department lost.
#[utoipa::path(post, path = "/sys/permission/saveDepartPermission", tag = "system", request_body = SaveDepartPermission,
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn save_depart_permission(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<SaveDepartPermission>,
) -> ApiResult<()> {
    let granted = grants::require(&state, &me, "system:depart:authorize").await?;
    let depart_id = body.depart_id.trim().to_owned();
    tenant_depart(&state.db, &depart_id, me.tenant_id).await?;
    let current = depart_permission_ids(&state.db, &depart_id).await?;
    let requested = checked_grant(&state, &granted, &current, &body.permission_ids, me.tenant_id).await?;
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            diesel::delete(sys_depart_permission::table.filter(sys_depart_permission::depart_id.eq(&depart_id)))
                .execute(tx)
                .await?;
            if !requested.is_empty() {
                diesel::insert_into(sys_depart_permission::table)
                    .values(grant_rows(&depart_id, &requested))
                    .into_columns((sys_depart_permission::depart_id, sys_depart_permission::permission_id))
                    .execute(tx)
                    .await?;
            }
            // Department roles keep only what their department still holds.
            let roles = crate::platform::db::schema::sys_depart_role::table
                .filter(crate::platform::db::schema::sys_depart_role::depart_id.eq(&depart_id))
                .select(crate::platform::db::schema::sys_depart_role::id);
            diesel::delete(
                sys_depart_role_permission::table
                    .filter(sys_depart_role_permission::role_id.eq_any(roles))
                    .filter(sys_depart_role_permission::permission_id.ne_all(&requested)),
            )
            .execute(tx)
            .await?;
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(AppError::from)?;
    });
    super::grants_changed(&state.db).await?;
    let op = Operation {
        action: "system:depart:authorize",
        target: &depart_id,
        operate_type: logs::OP_OTHER,
        before: Some(json!(current)),
        after: Some(json!(requested)),
    };
    logs::operation(&state.db, &me, op).await;
    ok_with(MessageKey::Saved, ())
}

// ---- menu administration ----

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

fn records(all: &[Permission], parent: Option<&str>, rules: &HashSet<String>) -> Vec<PermissionRecord> {
    all.iter()
        .filter(|p| p.parent_id.as_deref() == parent)
        .map(|p| {
            let kids = records(all, Some(&p.id), rules);
            let mut r = record(p, kids.is_empty(), rules.contains(&p.id));
            r.children = Some(kids).filter(|k| !k.is_empty());
            r
        })
        .collect()
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MenuFilter {
    /// Matching menus (either language), flat.
    pub name: Option<String>,
}

/// Every menu and button as a tree (or the matches of `name`, flat).
#[utoipa::path(get, path = "/sys/permission/list", tag = "system", params(MenuFilter),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<PermissionRecord>>), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<MenuFilter>,
) -> ApiResult<Vec<PermissionRecord>> {
    grants::require(&state, &me, "system:permission:list").await?;
    let all = everything(&state).await?;
    let rules = permissions_with_rules(&state.db).await?;
    match filter(&q.name) {
        Some(name) => {
            let needle = name.to_lowercase();
            let has_children: HashSet<&str> = all.iter().filter_map(|p| p.parent_id.as_deref()).collect();
            ok(all
                .iter()
                .filter(|p| p.name.to_lowercase().contains(&needle) || p.name_en.to_lowercase().contains(&needle))
                .map(|p| record(p, !has_children.contains(p.id.as_str()), rules.contains(&p.id)))
                .collect())
        }
        None => ok(records(&all, None, &rules)),
    }
}

/// The top-level menus.
#[utoipa::path(get, path = "/sys/permission/getSystemMenuList", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<Vec<PermissionRecord>>), (status = 403)))]
pub async fn system_menu_list(State(state): State<AppState>, me: CurrentUser) -> ApiResult<Vec<PermissionRecord>> {
    grants::require(&state, &me, "system:permission:list").await?;
    let all = everything(&state).await?;
    let rules = permissions_with_rules(&state.db).await?;
    let parents: HashSet<&str> = all.iter().filter_map(|p| p.parent_id.as_deref()).collect();
    ok(all
        .iter()
        .filter(|p| p.parent_id.is_none())
        .map(|p| record(p, !parents.contains(p.id.as_str()), rules.contains(&p.id)))
        .collect())
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SubmenuQuery {
    pub parent_id: Option<String>,
    /// Comma-joined parent ids (batch).
    pub parent_ids: Option<String>,
}

fn children_of(all: &[Permission], parent: &str, rules: &HashSet<String>) -> Vec<PermissionRecord> {
    let parents: HashSet<&str> = all.iter().filter_map(|p| p.parent_id.as_deref()).collect();
    all.iter()
        .filter(|p| p.parent_id.as_deref() == Some(parent))
        .map(|p| record(p, !parents.contains(p.id.as_str()), rules.contains(&p.id)))
        .collect()
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
    let all = everything(&state).await?;
    let rules = permissions_with_rules(&state.db).await?;
    ok(children_of(&all, q.parent_id.as_deref().unwrap_or("").trim(), &rules))
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
    let all = everything(&state).await?;
    let rules = permissions_with_rules(&state.db).await?;
    ok(split_ids(q.parent_ids.as_deref().unwrap_or(""))
        .into_iter()
        .map(|id| (id.clone(), children_of(&all, &id, &rules)))
        .collect())
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuForm {
    pub id: Option<String>,
    pub parent_id: Option<String>,
    #[serde(default)]
    pub name: String,
    pub name_en: Option<String>,
    pub url: Option<String>,
    pub component: Option<String>,
    pub component_name: Option<String>,
    pub redirect: Option<String>,
    #[serde(default)]
    pub menu_type: i16,
    pub perms: Option<String>,
    pub perms_type: Option<String>,
    pub sort_no: Option<i32>,
    pub always_show: Option<bool>,
    pub icon: Option<String>,
    pub route: Option<bool>,
    pub keep_alive: Option<bool>,
    pub hidden: Option<bool>,
    pub internal_or_external: Option<bool>,
    pub status: Option<String>,
    pub platform_only: Option<bool>,
}

struct CheckedMenu {
    parent_id: Option<String>,
    name: String,
    name_en: String,
    url: Option<String>,
    component: Option<String>,
    component_name: Option<String>,
    redirect: Option<String>,
    menu_type: i16,
    perms: Option<String>,
    perms_type: String,
    sort_no: i32,
    icon: Option<String>,
    status: String,
}

async fn check_menu(state: &AppState, form: &MenuForm, own_id: Option<&str>) -> Result<CheckedMenu, AppError> {
    let lang = current_lang();
    let name = form.name.trim().to_owned();
    validate::required("name", MessageKey::FieldMenuName.template(lang), &name)?;
    validate::max_chars("name", MessageKey::FieldMenuName.template(lang), &name, 100)?;
    let name_en = form.name_en.as_deref().unwrap_or("").trim().to_owned();
    validate::max_chars("nameEn", MessageKey::FieldMenuName.template(lang), &name_en, 100)?;
    if ![MENU, SUB_MENU, BUTTON].contains(&form.menu_type) {
        return Err(AppError::field("menuType", MessageKey::MenuTypeInvalid));
    }
    let parent_id = filter(&form.parent_id);
    let all = everything(state).await?;
    if let Some(parent) = &parent_id {
        let exists = all.iter().any(|p| p.id == *parent && p.menu_type != BUTTON);
        // A menu cannot sit under itself or its own descendants.
        let mut cursor = Some(parent.clone());
        let mut cycles = false;
        while let Some(id) = cursor {
            if Some(id.as_str()) == own_id {
                cycles = true;
                break;
            }
            cursor = all.iter().find(|p| p.id == id).and_then(|p| p.parent_id.clone());
        }
        if !exists || cycles {
            return Err(AppError::field("parentId", MessageKey::MenuParentInvalid));
        }
    } else if form.menu_type != MENU {
        return Err(AppError::field("parentId", MessageKey::MenuParentInvalid));
    }
    let perms = filter(&form.perms);
    if let Some(code) = &perms {
        check_rule::perms_code(code).map_err(|e| AppError::invalid(logistics_core::FieldError { field: "perms".into(), ..e }))?;
        if all.iter().any(|p| p.perms.as_deref() == Some(code.as_str()) && Some(p.id.as_str()) != own_id) {
            return Err(AppError::taken("perms", MessageKey::PermsTaken));
        }
    } else if form.menu_type == BUTTON {
        validate::required("perms", MessageKey::FieldPerms.template(lang), "")?;
    }
    let url = filter(&form.url);
    if form.menu_type != BUTTON {
        validate::required("url", MessageKey::FieldUrl.template(lang), url.as_deref().unwrap_or(""))?;
        validate::max_chars("url", MessageKey::FieldUrl.template(lang), url.as_deref().unwrap_or(""), 255)?;
    }
    let perms_type = form.perms_type.clone().unwrap_or_else(|| "1".to_owned());
    let status = form.status.clone().unwrap_or_else(|| "1".to_owned());
    if !["1", "2"].contains(&perms_type.as_str()) || !["0", "1"].contains(&status.as_str()) {
        return Err(AppError::field("status", MessageKey::StatusInvalid));
    }
    Ok(CheckedMenu {
        parent_id,
        name,
        name_en,
        url: if form.menu_type == BUTTON { None } else { url },
        component: filter(&form.component),
        component_name: filter(&form.component_name),
        redirect: filter(&form.redirect),
        menu_type: form.menu_type,
        perms,
        perms_type,
        sort_no: form.sort_no.unwrap_or(0),
        icon: filter(&form.icon),
        status,
    })
}

async fn find_record(state: &AppState, id: &str) -> Result<PermissionRecord, AppError> {
    let all = everything(state).await?;
    let p = all.iter().find(|p| p.id == id).ok_or_else(AppError::not_found)?;
    let leaf = !all.iter().any(|c| c.parent_id.as_deref() == Some(id));
    Ok(record(p, leaf, false))
}

/// Adds a menu or button.
#[utoipa::path(post, path = "/sys/permission/add", tag = "system", request_body = MenuForm,
    responses((status = 200, body = crate::platform::http::Envelope<PermissionRecord>), (status = 400), (status = 403), (status = 409)))]
pub async fn add(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<MenuForm>,
) -> ApiResult<PermissionRecord> {
    grants::require(&state, &me, "system:permission:add").await?;
    let m = check_menu(&state, &form, None).await?;
    let id = secrets::new_id();
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::insert_into(sys_permission::table)
            .values((
                sys_permission::id.eq(&id),
                sys_permission::parent_id.eq(&m.parent_id),
                sys_permission::name.eq(&m.name),
                sys_permission::name_en.eq(&m.name_en),
                sys_permission::url.eq(&m.url),
                sys_permission::component.eq(&m.component),
                sys_permission::component_name.eq(&m.component_name),
                sys_permission::redirect.eq(&m.redirect),
                sys_permission::menu_type.eq(m.menu_type),
                sys_permission::perms.eq(&m.perms),
                sys_permission::perms_type.eq(&m.perms_type),
                sys_permission::sort_no.eq(m.sort_no),
                sys_permission::always_show.eq(form.always_show.unwrap_or(false)),
                sys_permission::icon.eq(&m.icon),
                sys_permission::is_route.eq(form.route.unwrap_or(m.menu_type != BUTTON)),
                sys_permission::keep_alive.eq(form.keep_alive.unwrap_or(false)),
                sys_permission::hidden.eq(form.hidden.unwrap_or(false)),
                sys_permission::internal_or_external.eq(form.internal_or_external.unwrap_or(false)),
                sys_permission::status.eq(&m.status),
                sys_permission::platform_only.eq(form.platform_only.unwrap_or(false)),
                sys_permission::create_time.eq(now),
            ))
            .execute(conn)
            .await?;
    });
    super::changed(&state.db).await?;
    let after = find_record(&state, &id).await?;
    logs::added(&state.db, &me, "system:permission:add", &after.name, &after).await;
    ok_with(MessageKey::Added, after)
}

/// Changes a menu or button.
#[utoipa::path(put, path = "/sys/permission/edit", tag = "system", request_body = MenuForm,
    responses((status = 200, body = crate::platform::http::Envelope<PermissionRecord>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn edit(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<MenuForm>,
) -> ApiResult<PermissionRecord> {
    grants::require(&state, &me, "system:permission:edit").await?;
    let id = form.id.as_deref().unwrap_or("").trim().to_owned();
    let before = find_record(&state, &id).await?;
    let m = check_menu(&state, &form, Some(&id)).await?;
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        diesel::update(sys_permission::table.filter(sys_permission::id.eq(&id)))
            .set((
                sys_permission::parent_id.eq(&m.parent_id),
                sys_permission::name.eq(&m.name),
                sys_permission::name_en.eq(&m.name_en),
                sys_permission::url.eq(&m.url),
                sys_permission::component.eq(&m.component),
                sys_permission::component_name.eq(&m.component_name),
                sys_permission::redirect.eq(&m.redirect),
                sys_permission::menu_type.eq(m.menu_type),
                sys_permission::perms.eq(&m.perms),
                sys_permission::perms_type.eq(&m.perms_type),
                sys_permission::sort_no.eq(m.sort_no),
                sys_permission::always_show.eq(form.always_show.unwrap_or(before.always_show)),
                sys_permission::icon.eq(&m.icon),
                sys_permission::is_route.eq(form.route.unwrap_or(before.route)),
                sys_permission::keep_alive.eq(form.keep_alive.unwrap_or(before.keep_alive)),
                sys_permission::hidden.eq(form.hidden.unwrap_or(before.hidden)),
                sys_permission::internal_or_external.eq(form.internal_or_external.unwrap_or(before.internal_or_external)),
                sys_permission::status.eq(&m.status),
                sys_permission::platform_only.eq(form.platform_only.unwrap_or(before.platform_only)),
                sys_permission::update_time.eq(now),
            ))
            .execute(conn)
            .await?;
    });
    super::changed(&state.db).await?;
    let after = find_record(&state, &id).await?;
    logs::edited(&state.db, &me, "system:permission:edit", &after.name, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdsQuery {
    pub id: Option<String>,
    pub ids: Option<String>,
}

/// Deletes menus with their descendants, grants and data rules.
async fn remove(state: &AppState, me: &CurrentUser, ids: &[String]) -> Result<(), AppError> {
    let all = everything(state).await?;
    if ids.iter().any(|id| !all.iter().any(|p| p.id == *id)) {
        return Err(AppError::not_found());
    }
    let doomed: Vec<String> = all
        .iter()
        .filter(|p| {
            let mut cursor = Some(p.id.as_str());
            while let Some(id) = cursor {
                if ids.iter().any(|d| d == id) {
                    return true;
                }
                cursor = all.iter().find(|q| q.id == id).and_then(|q| q.parent_id.as_deref());
            }
            false
        })
        .map(|p| p.id.clone())
        .collect();
    let now = chrono::Utc::now().naive_utc();
    with_write!(&state.db, |conn| {
        conn.transaction(async |tx| {
            diesel::delete(sys_role_permission::table.filter(sys_role_permission::permission_id.eq_any(&doomed)))
                .execute(tx)
                .await?;
            diesel::delete(sys_depart_permission::table.filter(sys_depart_permission::permission_id.eq_any(&doomed)))
                .execute(tx)
                .await?;
            diesel::delete(sys_depart_role_permission::table.filter(sys_depart_role_permission::permission_id.eq_any(&doomed)))
                .execute(tx)
                .await?;
            diesel::delete(sys_user_permission::table.filter(sys_user_permission::permission_id.eq_any(&doomed)))
                .execute(tx)
                .await?;
            diesel::delete(sys_permission_data_rule::table.filter(sys_permission_data_rule::permission_id.eq_any(&doomed)))
                .execute(tx)
                .await?;
            diesel::update(sys_permission::table.filter(sys_permission::id.eq_any(&doomed)))
                .set((
                    sys_permission::del_flag.eq(1),
                    sys_permission::perms.eq(None::<String>),
                    sys_permission::update_time.eq(now),
                ))
                .execute(tx)
                .await?;
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(AppError::from)?;
    });
    super::changed(&state.db).await?;
    let names: Vec<&str> = all.iter().filter(|p| doomed.contains(&p.id)).map(|p| p.name.as_str()).collect();
    logs::deleted(&state.db, me, "system:permission:delete", &names.join(","), &doomed).await;
    Ok(())
}

/// Deletes a menu with its descendants and their grants.
#[utoipa::path(delete, path = "/sys/permission/delete", tag = "system", params(IdsQuery),
    responses((status = 200), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdsQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:permission:delete").await?;
    remove(&state, &me, &require_ids(q.id.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::Deleted, ())
}

/// Deletes menus.
#[utoipa::path(delete, path = "/sys/permission/deleteBatch", tag = "system", params(IdsQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete_batch(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdsQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "system:permission:delete").await?;
    remove(&state, &me, &require_ids(q.ids.as_deref().unwrap_or(""))?).await?;
    ok_with(MessageKey::DeletedBatch, ())
}

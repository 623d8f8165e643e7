//! The permission trees the grant screens show: what a grantor may grant.

use std::collections::{HashMap, HashSet};

use axum::extract::State;
use logistics_core::Lang;
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use super::queries::{everything, permissions_with_rules};
use crate::platform::http::{ApiResult, AppError, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::granted::Grants;
use crate::system::permissions::{Permission, grants, with_ancestors};

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
    let kept: HashSet<String> = with_ancestors(all, all.iter().filter(|p| keep(p)).map(|p| p.id.clone()).collect());
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

//! The data rules a signed-in user's roles select on a menu, resolved for that user (placeholders
//! such as `#{sys_user_code}` replaced): the resource layer and the users' scope filter reads and
//! writes with them. Managed through `rules`.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::data_rule::{self, Condition, RuleContext};
use serde::Serialize;
use utoipa::ToSchema;

use super::granted::Grants;
use crate::platform::db::schema::{sys_permission, sys_permission_data_rule, sys_role_permission};
use crate::platform::db::{Db, DbResult};
use crate::platform::http::page::split_ids;
use crate::state::AppState;
use crate::system::auth::current::CurrentUser;
use crate::with_conn;

pub use super::granted::ResolvedRule;

#[derive(Clone, Debug, Queryable, Selectable, Insertable, AsChangeset, Serialize, ToSchema)]
#[diesel(table_name = sys_permission_data_rule)]
#[serde(rename_all = "camelCase")]
pub struct DataRule {
    pub id: String,
    pub permission_id: String,
    pub rule_name: String,
    pub rule_column: String,
    pub rule_conditions: String,
    pub rule_value: String,
    /// "1" on, "0" off.
    pub status: String,
}

/// The rules the user's roles select on the menu whose code is `menu_code`, kept with the
/// session's grants (`auth::cache`: any change of roles, grants or rules is a counted write).
pub async fn for_menu(state: &AppState, me: &CurrentUser, grants: &Grants, menu_code: &str) -> DbResult<Vec<ResolvedRule>> {
    let writes = state.db.writes();
    if let Some(kept) = state.sessions.rules(&me.session_id, me.tenant_id, menu_code, writes) {
        return Ok(kept.as_ref().clone());
    }
    let rules = read(&state.db, me, grants, menu_code).await?;
    state.sessions.keep_rules(&me.session_id, me.tenant_id, menu_code, writes, std::sync::Arc::new(rules.clone()));
    Ok(rules)
}

async fn read(db: &Db, me: &CurrentUser, grants: &Grants, menu_code: &str) -> DbResult<Vec<ResolvedRule>> {
    if grants.role_ids.is_empty() {
        return Ok(Vec::new());
    }
    let selected: Vec<Option<String>> = with_conn!(db, |conn| {
        sys_role_permission::table
            .inner_join(sys_permission::table)
            .filter(sys_role_permission::role_id.eq_any(&grants.role_ids))
            .filter(sys_permission::perms.eq(menu_code))
            .select(sys_role_permission::data_rule_ids)
            .load(conn)
            .await?
    });
    let ids: Vec<String> = selected.iter().flatten().flat_map(|s| split_ids(s)).collect();
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rules: Vec<DataRule> = with_conn!(db, |conn| {
        sys_permission_data_rule::table
            .filter(sys_permission_data_rule::id.eq_any(&ids))
            .filter(sys_permission_data_rule::status.eq("1"))
            .select(DataRule::as_select())
            .load(conn)
            .await?
    });
    let ctx =
        RuleContext { user_code: &me.user.username, user_id: &me.user.id, org_code: me.user.org_code.as_deref().unwrap_or("") };
    Ok(rules
        .into_iter()
        .filter_map(|r| {
            Condition::parse(&r.rule_conditions).map(|condition| ResolvedRule {
                column: r.rule_column,
                condition,
                value: data_rule::resolve(&r.rule_value, &ctx),
            })
        })
        .collect())
}

//! What a signed-in user holds: the permission ids and codes every admin endpoint checks, the
//! same set `getUserPermissionByToken` turns into the menu. Computed from the user's roles (all of
//! the tenant's for `admin`), their department roles, and for a sub-account its own grants
//! intersected with its main account's, so a sub-account never holds more than its main account.
//! Cached per role set under the permission version, so every instance sees a change at once.

use std::collections::HashSet;
use std::sync::Arc;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use super::granted::{GrantKey, Grants, Versions, visible_to};
use super::model::{MENU_VERSION_SETTING, Permission, VERSION_SETTING, all, with_ancestors};
use crate::platform::db::schema::{sys_depart_role_permission, sys_depart_role_user, sys_user_permission};
use crate::platform::db::{Db, DbResult};
use crate::platform::http::AppError;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::users::{User, UserKind};
use crate::{system::roles, system::users, with_conn};

/// Both versions, in one query.
pub async fn versions(db: &Db) -> DbResult<Versions> {
    use crate::platform::db::schema::sys_setting;
    let rows: Vec<(String, String)> = with_conn!(db, |conn| {
        sys_setting::table
            .filter(sys_setting::name.eq_any([VERSION_SETTING, MENU_VERSION_SETTING]))
            .select((sys_setting::name, sys_setting::value))
            .load(conn)
            .await?
    });
    let mut versions = Versions::default();
    for (name, value) in rows {
        if name == VERSION_SETTING {
            versions.grants = value;
        } else {
            versions.menus = value;
        }
    }
    Ok(versions)
}

/// Every live permission, cached under the menu version (grant changes leave it be).
pub async fn everything(state: &AppState, versions: &Versions) -> DbResult<Arc<Vec<Permission>>> {
    if let Some(all) = state.grant_cache.everything(&versions.menus) {
        return Ok(all);
    }
    let fresh = Arc::new(all(&state.db).await?);
    state.grant_cache.put_everything(&versions.menus, Arc::clone(&fresh));
    Ok(fresh)
}

async fn depart_role_ids(db: &Db, user_id: &str) -> DbResult<Vec<String>> {
    let mut ids: Vec<String> = with_conn!(db, |conn| {
        sys_depart_role_user::table
            .filter(sys_depart_role_user::user_id.eq(user_id))
            .select(sys_depart_role_user::drole_id)
            .load(conn)
            .await?
    });
    ids.sort();
    Ok(ids)
}

/// The key the user's grants are cached under.
pub async fn key_of(db: &Db, user: &User, tenant_id: i32) -> DbResult<GrantKey> {
    if user.user_kind == UserKind::SubAccount.as_str() {
        return Ok(GrantKey::SubAccount(user.id.clone()));
    }
    let mut roles: Vec<String> = roles::of_user(db, &user.id, tenant_id, logistics_core::Lang::ZhCn)
        .await?
        .into_iter()
        .map(|r| if r.role_code == roles::ADMIN { format!("{}#admin", r.id) } else { r.id })
        .collect();
    roles.sort();
    Ok(GrantKey::Roles { tenant_id, roles, depart_roles: depart_role_ids(db, &user.id).await? })
}

/// What the user holds, from the cache when the version still matches.
pub async fn of_user(state: &AppState, user: &User, tenant_id: i32) -> Result<(GrantKey, Arc<Grants>), AppError> {
    let versions = versions(&state.db).await?;
    let version = versions.combined();
    let key = key_of(&state.db, user, tenant_id).await?;
    if let Some(grants) = state.grant_cache.get(&key, &version) {
        return Ok((key, grants));
    }
    let all = everything(state, &versions).await?;
    let grants = Arc::new(compute(&state.db, &all, &key, user).await?);
    state.grant_cache.put(key.clone(), &version, Arc::clone(&grants));
    Ok((key, grants))
}

/// The signed-in user's grants.
pub async fn of(state: &AppState, me: &CurrentUser) -> Result<Arc<Grants>, AppError> {
    let writes = state.db.writes();
    if let Some(grants) = state.sessions.grants(&me.session_id, me.tenant_id, writes) {
        return Ok(grants);
    }
    let grants = of_user(state, &me.user, me.tenant_id).await?.1;
    state.sessions.keep_grants(&me.session_id, me.tenant_id, writes, Arc::clone(&grants));
    Ok(grants)
}

/// The signed-in user's grants if they hold `code`; else 403.
pub async fn require(state: &AppState, me: &CurrentUser, code: &str) -> Result<Arc<Grants>, AppError> {
    let grants = of(state, me).await?;
    if grants.has(code) { Ok(grants) } else { Err(AppError::forbidden()) }
}

async fn compute(db: &Db, all: &[Permission], key: &GrantKey, user: &User) -> Result<Grants, AppError> {
    let (ids, role_ids, admin) = match key {
        GrantKey::Roles { tenant_id, roles, depart_roles } => {
            let admin = roles.iter().any(|r| r.ends_with("#admin"));
            let role_ids: Vec<String> = roles.iter().map(|r| r.trim_end_matches("#admin").to_owned()).collect();
            let ids: HashSet<String> = if admin {
                all.iter().filter(|p| visible_to(p, *tenant_id)).map(|p| p.id.clone()).collect()
            } else {
                let mut granted = super::model::granted_ids(db, &role_ids).await?;
                granted.extend(depart_role_grants(db, depart_roles).await?);
                let visible: HashSet<&str> = all.iter().filter(|p| visible_to(p, *tenant_id)).map(|p| p.id.as_str()).collect();
                with_ancestors(all, granted).into_iter().filter(|id| visible.contains(id.as_str())).collect()
            };
            (ids, role_ids, admin)
        }
        GrantKey::SubAccount(id) => {
            let own = user_grants(db, id).await?;
            let main_ids = match user.main_account_id.as_deref() {
                Some(main_id) => match users::find(db, users::Lookup::Id(main_id)).await? {
                    Some(main) if !main.is_frozen() && main.tenant_id == user.tenant_id => {
                        let main_key = Box::pin(key_of(db, &main, main.tenant_id)).await?;
                        Box::pin(compute(db, all, &main_key, &main)).await?.ids
                    }
                    _ => HashSet::new(),
                },
                None => HashSet::new(),
            };
            let ids = with_ancestors(all, own.into_iter().filter(|id| main_ids.contains(id)).collect());
            (ids.into_iter().filter(|id| main_ids.contains(id)).collect(), Vec::new(), false)
        }
    };
    let codes = all.iter().filter(|p| ids.contains(&p.id)).filter_map(|p| p.perms.clone()).filter(|c| !c.is_empty()).collect();
    Ok(Grants { admin, ids, codes, role_ids })
}

async fn depart_role_grants(db: &Db, depart_roles: &[String]) -> DbResult<Vec<String>> {
    if depart_roles.is_empty() {
        return Ok(Vec::new());
    }
    let ids = with_conn!(db, |conn| {
        sys_depart_role_permission::table
            .filter(sys_depart_role_permission::role_id.eq_any(depart_roles))
            .select(sys_depart_role_permission::permission_id)
            .load(conn)
            .await?
    });
    Ok(ids)
}

/// A sub-account's own grants.
pub async fn user_grants(db: &Db, user_id: &str) -> DbResult<HashSet<String>> {
    let ids: Vec<String> = with_conn!(db, |conn| {
        sys_user_permission::table
            .filter(sys_user_permission::user_id.eq(user_id))
            .select(sys_user_permission::permission_id)
            .load(conn)
            .await?
    });
    Ok(ids.into_iter().collect())
}

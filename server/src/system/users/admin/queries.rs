//! What user administration reads: a page of users in a scope, one user, their departments'
//! names and roles, and the tenant's active administrators.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::platform::db::schema::{sys_depart, sys_role, sys_user, sys_user_depart, sys_user_role};
use crate::platform::db::{Db, DbResult};
use crate::platform::http::page::{Order, filter, like_pattern};
use crate::platform::http::{AppError, Page, PageParams};
use crate::system::roles;
use crate::system::users::scope::Scope;
use crate::system::users::{STATUS_FROZEN, STATUS_NORMAL, User, UserInfo};
use crate::with_conn;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UserFilter {
    pub username: Option<String>,
    pub realname: Option<String>,
    pub phone: Option<String>,
    /// 1 normal, 2 frozen.
    pub status: Option<String>,
    /// Users of this department and its sub-departments.
    pub depart_id: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

const SORTS: &[&str] = &["username", "realname", "createTime", "status", "workNo"];

/// A page of users in a scope (the users page and the sub-accounts page share it).
pub async fn page(db: &Db, scope: &Scope, f: &UserFilter, lang: logistics_core::Lang) -> Result<Page<UserInfo>, AppError> {
    let sort = f.page.sort(SORTS, ("createTime", Order::Desc))?;
    let status = match filter(&f.status).as_deref() {
        None => None,
        Some("1") => Some(STATUS_NORMAL),
        Some("2") => Some(STATUS_FROZEN),
        Some(_) => return Err(AppError::field("status", MessageKey::StatusInvalid)),
    };
    let depart_prefix = match filter(&f.depart_id) {
        None => None,
        Some(id) => Some(crate::system::departs::org_code_of(db, &id, scope.tenant_id).await?.ok_or_else(AppError::not_found)?),
    };
    let (username, realname, phone) = (filter(&f.username), filter(&f.realname), filter(&f.phone));
    macro_rules! filtered {
        () => {{
            let mut q = crate::scoped_users!(scope);
            if let Some(v) = &username {
                q = q.filter(sys_user::username.like(like_pattern(v)).escape('\\'));
            }
            if let Some(v) = &realname {
                q = q.filter(sys_user::realname.like(like_pattern(v)).escape('\\'));
            }
            if let Some(v) = &phone {
                q = q.filter(sys_user::phone.like(like_pattern(v)).escape('\\'));
            }
            if let Some(v) = status {
                q = q.filter(sys_user::status.eq(v));
            }
            if let Some(prefix) = &depart_prefix {
                q = q.filter(
                    sys_user::id.eq_any(
                        sys_user_depart::table
                            .inner_join(sys_depart::table)
                            .filter(sys_depart::tenant_id.eq(scope.tenant_id))
                            .filter(sys_depart::del_flag.eq(0))
                            .filter(sys_depart::org_code.like(format!("{prefix}%")))
                            .select(sys_user_depart::user_id),
                    ),
                );
            }
            q
        }};
    }
    let (total, rows): (i64, Vec<User>) = with_conn!(db, |conn| {
        let total: i64 = filtered!().count().get_result(conn).await?;
        let q = filtered!().select(User::as_select()).limit(f.page.page_size()).offset(f.page.offset());
        let q = match sort {
            ("username", Order::Asc) => q.order(sys_user::username.asc()),
            ("username", Order::Desc) => q.order(sys_user::username.desc()),
            ("realname", Order::Asc) => q.order(sys_user::realname.asc()),
            ("realname", Order::Desc) => q.order(sys_user::realname.desc()),
            ("status", Order::Asc) => q.order(sys_user::status.asc()),
            ("status", Order::Desc) => q.order(sys_user::status.desc()),
            ("workNo", Order::Asc) => q.order(sys_user::work_no.asc()),
            ("workNo", Order::Desc) => q.order(sys_user::work_no.desc()),
            (_, Order::Asc) => q.order(sys_user::create_time.asc()),
            (_, Order::Desc) => q.order(sys_user::create_time.desc()),
        };
        let rows = q.then_order_by(sys_user::id.asc()).load(conn).await?;
        (total, rows)
    });
    let records = with_depart_names(db, rows, lang).await?;
    Ok(Page::new(records, total, &f.page))
}

/// Users as records, each with the names of its departments (one query for the lot).
pub async fn with_depart_names(db: &Db, rows: Vec<User>, lang: logistics_core::Lang) -> DbResult<Vec<UserInfo>> {
    let ids: Vec<&str> = rows.iter().map(|u| u.id.as_str()).collect();
    let names: Vec<(String, String, Option<String>)> = with_conn!(db, |conn| {
        sys_user_depart::table
            .inner_join(sys_depart::table)
            .filter(sys_user_depart::user_id.eq_any(&ids))
            .filter(sys_depart::del_flag.eq(0))
            .order(sys_depart::org_code.asc())
            .select((sys_user_depart::user_id, sys_depart::depart_name, sys_depart::depart_name_en))
            .load(conn)
            .await?
    });
    let mut by_user: HashMap<String, Vec<String>> = HashMap::new();
    for (user_id, zh, en) in names {
        by_user.entry(user_id).or_default().push(crate::platform::http::lang::pick(lang, zh, en));
    }
    Ok(rows
        .into_iter()
        .map(|u| {
            let names = by_user.remove(&u.id).map(|n| n.join(","));
            u.info(names)
        })
        .collect())
}

/// One user in the scope, or 404.
pub(crate) async fn one(db: &Db, scope: &Scope, id: &str, lang: logistics_core::Lang) -> Result<(User, UserInfo), AppError> {
    let user: Option<User> = with_conn!(db, |conn| {
        crate::scoped_users!(scope).filter(sys_user::id.eq(id)).select(User::as_select()).first(conn).await.optional()?
    });
    let user = user.ok_or_else(AppError::not_found)?;
    let info = with_depart_names(db, vec![user.clone()], lang).await?.pop().ok_or_else(AppError::not_found)?;
    Ok((user, info))
}

/// The role ids of a user.
pub async fn role_ids(db: &Db, user_id: &str) -> DbResult<Vec<String>> {
    let ids = with_conn!(db, |conn| {
        sys_user_role::table.filter(sys_user_role::user_id.eq(user_id)).select(sys_user_role::role_id).load(conn).await?
    });
    Ok(ids)
}

/// Active administrators of the tenant among `ids` (`among`) or outside them.
async fn active_admins(db: &Db, tenant_id: i32, ids: &[String], among: bool) -> DbResult<usize> {
    let found: Vec<String> = with_conn!(db, |conn| {
        let q = sys_user::table
            .inner_join(sys_user_role::table.inner_join(sys_role::table))
            .filter(sys_user::tenant_id.eq(tenant_id))
            .filter(sys_user::del_flag.eq(0))
            .filter(sys_user::status.eq(STATUS_NORMAL))
            .filter(sys_role::role_code.eq(roles::ADMIN))
            .filter(sys_role::tenant_id.eq(tenant_id))
            .select(sys_user::id)
            .distinct()
            .into_boxed();
        let q = if among { q.filter(sys_user::id.eq_any(ids)) } else { q.filter(sys_user::id.ne_all(ids)) };
        q.load(conn).await?
    });
    Ok(found.len())
}

/// Refuses when taking `ids` out (freeze, delete, demote) would leave no active administrator.
pub async fn keep_an_admin(db: &Db, tenant_id: i32, ids: &[String]) -> Result<(), AppError> {
    if active_admins(db, tenant_id, ids, true).await? > 0 && active_admins(db, tenant_id, ids, false).await? == 0 {
        return Err(AppError::refused(MessageKey::LastAdmin));
    }
    Ok(())
}

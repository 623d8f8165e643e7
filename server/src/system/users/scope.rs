//! Which users a request may see and change: the caller's tenant (never another's), for a main
//! account only its own sub-accounts, and the data rules the caller's roles select for the users
//! page. The same scope filters lists AND every edit, freeze, password reset and delete.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use crate::platform::db::schema::sys_user;
use crate::platform::db::{Db, DbResult};
use crate::system::permissions::data_rules::ResolvedRule;
use crate::with_conn;

#[derive(Clone, Debug)]
pub struct Scope {
    pub tenant_id: i32,
    /// Only this main account's sub-accounts.
    pub main_account: Option<String>,
    pub rules: Vec<ResolvedRule>,
}

/// The columns of `sys_user` data rules may name.
pub const RULE_COLUMNS: &[&str] =
    &["username", "realname", "org_code", "create_by", "status", "sex", "work_no", "post", "user_kind"];

macro_rules! text_rule {
    ($q:expr, $col:expr, $rule:expr) => {{
        let v = $rule.value.clone();
        match $rule.condition {
            logistics_core::data_rule::Condition::Eq => $q.filter($col.eq(v)),
            logistics_core::data_rule::Condition::Ne => $q.filter($col.ne(v)),
            logistics_core::data_rule::Condition::Gt => $q.filter($col.gt(v)),
            logistics_core::data_rule::Condition::Ge => $q.filter($col.ge(v)),
            logistics_core::data_rule::Condition::Lt => $q.filter($col.lt(v)),
            logistics_core::data_rule::Condition::Le => $q.filter($col.le(v)),
            logistics_core::data_rule::Condition::In => {
                $q.filter($col.eq_any(v.split(',').map(|s| s.trim().to_owned()).collect::<Vec<_>>()))
            }
            logistics_core::data_rule::Condition::Like => {
                $q.filter($col.like(crate::platform::http::page::like_pattern(&v)).escape('\\'))
            }
            logistics_core::data_rule::Condition::LeftLike => {
                $q.filter($col.like(format!("%{}", crate::platform::http::page::like_pattern(&v).trim_matches('%'))).escape('\\'))
            }
            logistics_core::data_rule::Condition::RightLike => {
                $q.filter($col.like(format!("{}%", crate::platform::http::page::like_pattern(&v).trim_matches('%'))).escape('\\'))
            }
        }
    }};
}

macro_rules! number_rule {
    ($q:expr, $col:expr, $rule:expr) => {{
        let parsed: Option<i16> = $rule.value.trim().parse().ok();
        match ($rule.condition, parsed) {
            (logistics_core::data_rule::Condition::Eq, Some(v)) => $q.filter($col.eq(v)),
            (logistics_core::data_rule::Condition::Ne, Some(v)) => $q.filter($col.ne(v)),
            (logistics_core::data_rule::Condition::Gt, Some(v)) => $q.filter($col.gt(v)),
            (logistics_core::data_rule::Condition::Ge, Some(v)) => $q.filter($col.ge(v)),
            (logistics_core::data_rule::Condition::Lt, Some(v)) => $q.filter($col.lt(v)),
            (logistics_core::data_rule::Condition::Le, Some(v)) => $q.filter($col.le(v)),
            (logistics_core::data_rule::Condition::In, _) => {
                $q.filter($col.eq_any($rule.value.split(',').filter_map(|s| s.trim().parse::<i16>().ok()).collect::<Vec<_>>()))
            }
            // A rule the column cannot honour lets nothing through.
            _ => $q.filter(sys_user::id.is_null()),
        }
    }};
}

/// The users of the scope as a boxed query (backend inferred where it is used).
#[macro_export]
macro_rules! scoped_users {
    ($scope:expr) => {{
        use $crate::platform::db::schema::sys_user;
        let scope: &$crate::system::users::scope::Scope = $scope;
        let mut q = sys_user::table.filter(sys_user::del_flag.eq(0)).filter(sys_user::tenant_id.eq(scope.tenant_id)).into_boxed();
        if let Some(main) = &scope.main_account {
            q = q.filter(sys_user::main_account_id.eq(main.clone())).filter(sys_user::user_kind.eq("sub_account"));
        }
        for rule in &scope.rules {
            q = $crate::system::users::scope::apply_rule!(q, rule);
        }
        q
    }};
}

macro_rules! apply_rule {
    ($q:expr, $rule:expr) => {{
        let rule: &$crate::system::permissions::data_rules::ResolvedRule = $rule;
        match rule.column.as_str() {
            "username" => $crate::system::users::scope::text_rule!($q, sys_user::username, rule),
            "realname" => $crate::system::users::scope::text_rule!($q, sys_user::realname, rule),
            "org_code" => $crate::system::users::scope::text_rule!($q, sys_user::org_code, rule),
            "create_by" => $crate::system::users::scope::text_rule!($q, sys_user::create_by, rule),
            "work_no" => $crate::system::users::scope::text_rule!($q, sys_user::work_no, rule),
            "post" => $crate::system::users::scope::text_rule!($q, sys_user::post, rule),
            "user_kind" => $crate::system::users::scope::text_rule!($q, sys_user::user_kind, rule),
            "status" => $crate::system::users::scope::number_rule!($q, sys_user::status, rule),
            "sex" => $crate::system::users::scope::number_rule!($q, sys_user::sex, rule),
            _ => $q.filter(sys_user::id.is_null()),
        }
    }};
}

pub(crate) use {apply_rule, number_rule, text_rule};

/// The ids among `ids` the scope reaches; a write touches only these, and any id outside the
/// scope makes the whole request a 404 (another tenant's user looks like no user).
pub async fn reachable(db: &Db, scope: &Scope, ids: &[String]) -> DbResult<Vec<String>> {
    let found: Vec<String> = with_conn!(db, |conn| {
        let q = crate::scoped_users!(scope);
        q.filter(sys_user::id.eq_any(ids)).select(sys_user::id).load(conn).await?
    });
    Ok(found)
}

/// All of `ids` must be reachable, else 404.
pub async fn require_all(db: &Db, scope: &Scope, ids: &[String]) -> Result<(), crate::platform::http::AppError> {
    let found = reachable(db, scope, ids).await?;
    if found.len() == ids.len() { Ok(()) } else { Err(crate::platform::http::AppError::not_found()) }
}

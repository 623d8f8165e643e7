//! Accounts: platform administrators and staff, enterprise customers (main accounts) and their
//! sub-accounts. This part: the table, password hashing and the first administrator.

pub mod password;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use crate::db::schema::sys_user;
use crate::db::{Db, DbResult};
use crate::with_conn;

/// JeecgBoot's status codes: 1 normal, 2 frozen.
pub const STATUS_NORMAL: i16 = 1;
pub const STATUS_FROZEN: i16 = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UserKind {
    /// Runs the platform.
    Admin,
    /// Warehouse and customer-service staff of a tenant.
    Staff,
    /// An enterprise customer's main account.
    Customer,
    /// A login under a main account.
    SubAccount,
}

impl UserKind {
    pub fn as_str(self) -> &'static str {
        match self {
            UserKind::Admin => "admin",
            UserKind::Staff => "staff",
            UserKind::Customer => "customer",
            UserKind::SubAccount => "sub_account",
        }
    }
}

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = sys_user)]
pub struct User {
    pub id: String,
    pub username: String,
    pub realname: String,
    pub password: String,
    pub status: i16,
    pub user_kind: String,
    pub main_account_id: Option<String>,
    pub tenant_id: i32,
    pub create_time: NaiveDateTime,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = sys_user)]
pub struct NewUser<'a> {
    pub id: &'a str,
    pub username: &'a str,
    pub realname: &'a str,
    pub password: &'a str,
    pub status: i16,
    pub del_flag: i16,
    pub user_kind: &'a str,
    pub main_account_id: Option<&'a str>,
    pub tenant_id: i32,
    pub create_by: Option<&'a str>,
    pub create_time: NaiveDateTime,
}

pub async fn find_by_username(db: &Db, username: &str) -> DbResult<Option<User>> {
    let user = with_conn!(db, |conn| {
        sys_user::table
            .filter(sys_user::username.eq(username))
            .filter(sys_user::del_flag.eq(0))
            .select(User::as_select())
            .first(conn)
            .await
            .optional()?
    });
    Ok(user)
}

pub async fn insert(db: &Db, user: &NewUser<'_>) -> DbResult<()> {
    with_conn!(db, |conn| {
        diesel::insert_into(sys_user::table)
            .values(user)
            .execute(conn)
            .await?;
    });
    Ok(())
}

/// Sets a new password hash and unfreezes the account (the operator's recovery path).
pub async fn reset_password(db: &Db, id: &str, hash: &str) -> DbResult<()> {
    let now = chrono::Utc::now().naive_utc();
    with_conn!(db, |conn| {
        diesel::update(sys_user::table.filter(sys_user::id.eq(id)))
            .set((
                sys_user::password.eq(hash),
                sys_user::status.eq(STATUS_NORMAL),
                sys_user::update_time.eq(now),
            ))
            .execute(conn)
            .await?;
    });
    Ok(())
}

//! Accounts: platform administrators and staff, enterprise customers (main accounts) and their
//! sub-accounts. Queries here; handlers for the signed-in user's own account in `account`,
//! registration and password recovery in `register`.

pub mod account;
pub mod admin;
pub mod password;
pub mod register;
pub mod scope;
pub mod sub;

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::db::schema::sys_user;
use crate::platform::db::{Db, DbResult};
use crate::{with_conn, with_write};

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
    pub avatar: Option<String>,
    pub sex: Option<i16>,
    pub birthday: Option<NaiveDate>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub telephone: Option<String>,
    pub work_no: Option<String>,
    pub org_code: Option<String>,
    pub post: Option<String>,
    pub status: i16,
    pub user_kind: String,
    pub main_account_id: Option<String>,
    pub tenant_id: i32,
    pub create_time: NaiveDateTime,
    pub login_fail_count: i32,
    pub login_fail_since: Option<NaiveDateTime>,
    pub lock_until: Option<NaiveDateTime>,
}

/// The user as the web and JeecgBoot clients see it: never the password hash.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    pub id: String,
    pub username: String,
    pub realname: String,
    pub avatar: Option<String>,
    /// 1 man, 2 woman.
    pub sex: Option<i16>,
    /// `YYYY-MM-DD`
    pub birthday: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub telephone: Option<String>,
    /// The current department.
    pub org_code: Option<String>,
    pub org_code_txt: Option<String>,
    pub work_no: Option<String>,
    pub post: Option<String>,
    /// 1 normal, 2 frozen.
    pub status: i16,
    /// `admin`, `staff`, `customer` or `sub_account`.
    pub user_kind: String,
    pub main_account_id: Option<String>,
    pub tenant_id: i32,
    /// UTC, ISO-8601 (`YYYY-MM-DDTHH:MM:SSZ`).
    pub create_time: String,
}

impl User {
    pub fn info(&self, org_code_txt: Option<String>) -> UserInfo {
        UserInfo {
            id: self.id.clone(),
            username: self.username.clone(),
            realname: self.realname.clone(),
            avatar: self.avatar.clone(),
            sex: self.sex,
            birthday: self.birthday.map(|d| d.format("%Y-%m-%d").to_string()),
            email: self.email.clone(),
            phone: self.phone.clone(),
            telephone: self.telephone.clone(),
            org_code: self.org_code.clone(),
            org_code_txt,
            work_no: self.work_no.clone(),
            post: self.post.clone(),
            status: self.status,
            user_kind: self.user_kind.clone(),
            main_account_id: self.main_account_id.clone(),
            tenant_id: self.tenant_id,
            create_time: crate::platform::http::time::iso(self.create_time),
        }
    }

    pub fn is_frozen(&self) -> bool {
        self.status != STATUS_NORMAL
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = sys_user)]
pub struct NewUser<'a> {
    pub id: &'a str,
    pub username: &'a str,
    pub realname: &'a str,
    pub password: &'a str,
    pub phone: Option<&'a str>,
    pub email: Option<&'a str>,
    pub org_code: Option<&'a str>,
    pub status: i16,
    pub del_flag: i16,
    pub user_kind: &'a str,
    pub main_account_id: Option<&'a str>,
    pub tenant_id: i32,
    pub create_by: Option<&'a str>,
    pub create_time: NaiveDateTime,
}

impl<'a> NewUser<'a> {
    /// An active account of `kind`, created now by no one (a seed, a registration); the caller
    /// adds its phone, e-mail, department or main account.
    pub fn new(id: &'a str, username: &'a str, realname: &'a str, password: &'a str, kind: UserKind, tenant_id: i32) -> Self {
        NewUser {
            id,
            username,
            realname,
            password,
            phone: None,
            email: None,
            org_code: None,
            status: STATUS_NORMAL,
            del_flag: 0,
            user_kind: kind.as_str(),
            main_account_id: None,
            tenant_id,
            create_by: None,
            create_time: chrono::Utc::now().naive_utc(),
        }
    }
}

/// Which column identifies the user.
pub enum Lookup<'a> {
    Id(&'a str),
    Username(&'a str),
    Phone(&'a str),
    Email(&'a str),
}

pub async fn find(db: &Db, by: Lookup<'_>) -> DbResult<Option<User>> {
    let user = with_conn!(db, |conn| {
        let query = sys_user::table.filter(sys_user::del_flag.eq(0)).select(User::as_select()).into_boxed();
        let query = match by {
            Lookup::Id(id) => query.filter(sys_user::id.eq(id)),
            Lookup::Username(name) => query.filter(sys_user::username.eq(name)),
            Lookup::Phone(phone) => query.filter(sys_user::phone.eq(phone)),
            Lookup::Email(email) => query.filter(sys_user::email.eq(email)),
        };
        query.first(conn).await.optional()?
    });
    Ok(user)
}

pub async fn find_by_username(db: &Db, username: &str) -> DbResult<Option<User>> {
    find(db, Lookup::Username(username)).await
}

pub async fn insert(db: &Db, user: &NewUser<'_>) -> DbResult<()> {
    with_write!(db, |conn| {
        diesel::insert_into(sys_user::table).values(user).execute(conn).await?;
    });
    Ok(())
}

/// Sets a new password hash and unfreezes the account (the operator's recovery path).
pub async fn reset_password(db: &Db, id: &str, hash: &str) -> DbResult<()> {
    let now = chrono::Utc::now().naive_utc();
    with_write!(db, |conn| {
        diesel::update(sys_user::table.filter(sys_user::id.eq(id)))
            .set((
                sys_user::password.eq(hash),
                sys_user::status.eq(STATUS_NORMAL),
                sys_user::lock_until.eq(None::<NaiveDateTime>),
                sys_user::login_fail_count.eq(0),
                sys_user::update_time.eq(now),
            ))
            .execute(conn)
            .await?;
    });
    Ok(())
}

/// Sets a new password hash, nothing else.
pub async fn set_password(db: &Db, id: &str, hash: &str) -> DbResult<()> {
    let now = chrono::Utc::now().naive_utc();
    with_write!(db, |conn| {
        diesel::update(sys_user::table.filter(sys_user::id.eq(id)))
            .set((sys_user::password.eq(hash), sys_user::update_time.eq(now)))
            .execute(conn)
            .await?;
    });
    Ok(())
}

/// Stores the failed-sign-in window after a failure (see `auth::lockout`).
pub async fn set_login_failures(
    db: &Db,
    id: &str,
    count: i32,
    since: Option<NaiveDateTime>,
    lock_until: Option<NaiveDateTime>,
) -> DbResult<()> {
    with_write!(db, |conn| {
        diesel::update(sys_user::table.filter(sys_user::id.eq(id)))
            .set((
                sys_user::login_fail_count.eq(count),
                sys_user::login_fail_since.eq(since),
                sys_user::lock_until.eq(lock_until),
            ))
            .execute(conn)
            .await?;
    });
    Ok(())
}

/// The fields a user edits on their own account settings page.
#[derive(Debug, AsChangeset)]
#[diesel(table_name = sys_user, treat_none_as_null = true)]
pub struct ProfileChange {
    pub realname: String,
    pub avatar: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub sex: Option<i16>,
    pub birthday: Option<NaiveDate>,
    pub update_time: NaiveDateTime,
}

pub async fn update_profile(db: &Db, id: &str, change: &ProfileChange) -> DbResult<()> {
    with_write!(db, |conn| {
        diesel::update(sys_user::table.filter(sys_user::id.eq(id))).set(change).execute(conn).await?;
    });
    Ok(())
}

pub async fn set_org_code(db: &Db, id: &str, org_code: &str) -> DbResult<()> {
    with_write!(db, |conn| {
        diesel::update(sys_user::table.filter(sys_user::id.eq(id))).set(sys_user::org_code.eq(org_code)).execute(conn).await?;
    });
    Ok(())
}

//! What a new installation needs before anyone can sign in: the platform tenant, the first
//! administrator and the JWT signing key; and, with `LOGISTICS_DEMO=1`, demo data to try.

use logistics_core::{Lang, validate};

use crate::config::Config;
use crate::db::{Db, DbError};
use crate::secrets;
use crate::settings;
use crate::tenants;
use crate::users::{self, NewUser, UserKind};

pub const ADMIN_USERNAME: &str = "admin";
pub const DEMO_TENANT_ID: i32 = 2;
pub const DEMO_CUSTOMER: &str = "demo";
pub const DEMO_SUB_ACCOUNT: &str = "demo_sub";
/// Demo accounts' password, printed at start and in the README: demo data is for trying out.
pub const DEMO_PASSWORD: &str = "Demo@2026!";

/// What start-up should tell the operator once.
#[derive(Debug, Default)]
pub struct Report {
    /// Set when the admin account was created now: `(username, password, generated)`.
    pub admin_created: Option<(String, String, bool)>,
    pub demo_created: bool,
}

fn db_err(e: DbError) -> String {
    e.to_string()
}

/// Runs every step; each is idempotent and safe to race with another instance.
pub async fn run(db: &Db, config: &Config) -> Result<(Report, String), String> {
    tenants::ensure(db, tenants::PLATFORM_TENANT_ID, "平台 Platform")
        .await
        .map_err(db_err)?;
    let mut report = Report::default();
    if users::find_by_username(db, ADMIN_USERNAME)
        .await
        .map_err(db_err)?
        .is_none()
    {
        let (password, generated) = admin_password(config)?;
        if create_user(
            db,
            ADMIN_USERNAME,
            "管理员 Administrator",
            &password,
            UserKind::Admin,
            None,
            tenants::PLATFORM_TENANT_ID,
        )
        .await?
        {
            report.admin_created = Some((ADMIN_USERNAME.to_owned(), password, generated));
        }
    }
    if config.demo {
        report.demo_created = seed_demo(db).await?;
    }
    let jwt_secret = match &config.jwt_secret {
        Some(secret) => secret.clone(),
        None => settings::get_or_init(db, settings::JWT_SECRET, &secrets::new_secret()?)
            .await
            .map_err(db_err)?,
    };
    Ok((report, jwt_secret))
}

/// `LOGISTICS_ADMIN_PASSWORD` if it meets the policy, or a generated one.
pub fn admin_password(config: &Config) -> Result<(String, bool), String> {
    match &config.admin_password {
        Some(password) => match validate::password("password", password) {
            Ok(()) => Ok((password.clone(), false)),
            Err(e) => Err(format!(
                "LOGISTICS_ADMIN_PASSWORD is refused: {}",
                e.message(Lang::EnUs)
            )),
        },
        None => Ok((secrets::generate_password()?, true)),
    }
}

/// Creates a user; `false` if another instance created the same username first.
async fn create_user(
    db: &Db,
    username: &str,
    realname: &str,
    password: &str,
    kind: UserKind,
    main_account_id: Option<&str>,
    tenant_id: i32,
) -> Result<bool, String> {
    let hash = users::password::hash(password).await?;
    let id = secrets::new_id();
    let user = NewUser {
        id: &id,
        username,
        realname,
        password: &hash,
        status: users::STATUS_NORMAL,
        del_flag: 0,
        user_kind: kind.as_str(),
        main_account_id,
        tenant_id,
        create_by: None,
        create_time: chrono::Utc::now().naive_utc(),
    };
    match users::insert(db, &user).await {
        Ok(()) => Ok(true),
        Err(DbError::Query(diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::UniqueViolation,
            _,
        ))) => Ok(false),
        Err(e) => Err(db_err(e)),
    }
}

/// The `create-admin` subcommand: creates the administrator `username`, or resets its password
/// and unfreezes it when it exists (the way back in for a locked-out operator).
pub async fn create_or_reset_admin(
    db: &Db,
    config: &Config,
    username: &str,
) -> Result<(String, bool), String> {
    validate::required("username", "username", username).map_err(|e| e.message(Lang::EnUs))?;
    let (password, generated) = admin_password(config)?;
    tenants::ensure(db, tenants::PLATFORM_TENANT_ID, "平台 Platform")
        .await
        .map_err(db_err)?;
    match users::find_by_username(db, username)
        .await
        .map_err(db_err)?
    {
        Some(user) => {
            let hash = users::password::hash(&password).await?;
            users::reset_password(db, &user.id, &hash)
                .await
                .map_err(db_err)?;
        }
        None => {
            create_user(
                db,
                username,
                username,
                &password,
                UserKind::Admin,
                None,
                tenants::PLATFORM_TENANT_ID,
            )
            .await?;
        }
    }
    Ok((password, generated))
}

/// A demo forwarder with one customer and its sub-account. Returns whether anything was created.
async fn seed_demo(db: &Db) -> Result<bool, String> {
    tenants::ensure(db, DEMO_TENANT_ID, "演示货代 Demo Forwarder")
        .await
        .map_err(db_err)?;
    if users::find_by_username(db, DEMO_CUSTOMER)
        .await
        .map_err(db_err)?
        .is_some()
    {
        return Ok(false);
    }
    create_user(
        db,
        DEMO_CUSTOMER,
        "演示客户 Demo Customer",
        DEMO_PASSWORD,
        UserKind::Customer,
        None,
        DEMO_TENANT_ID,
    )
    .await?;
    let customer = users::find_by_username(db, DEMO_CUSTOMER)
        .await
        .map_err(db_err)?
        .ok_or("demo customer vanished")?;
    create_user(
        db,
        DEMO_SUB_ACCOUNT,
        "演示子账号 Demo Sub-account",
        DEMO_PASSWORD,
        UserKind::SubAccount,
        Some(&customer.id),
        DEMO_TENANT_ID,
    )
    .await?;
    Ok(true)
}

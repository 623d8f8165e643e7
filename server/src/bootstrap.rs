//! What a new installation needs before anyone can sign in: the platform tenant, the first
//! administrator and the JWT signing key; and, with `LOGISTICS_DEMO=1`, demo data to try.

use logistics_core::{Lang, validate};

use crate::platform::config::Config;
use crate::platform::db::{Db, DbError};
use crate::system::users::{self, NewUser, UserKind};
use crate::{platform::secrets, platform::settings, system::departs, system::permissions, system::roles, system::tenants};

/// The platform tenant's first department.
pub const HEADQUARTERS: &str = "A01";

pub const ADMIN_USERNAME: &str = "admin";
pub const DEMO_TENANT_ID: i32 = 2;
pub const DEMO_CUSTOMER: &str = "demo";
pub const DEMO_SUB_ACCOUNT: &str = "demo_sub";
/// The demo forwarder's administrator (carrier network, prices, customers).
pub const DEMO_ADMIN: &str = "demo_admin";
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
    let (admin_role, headquarters) = platform(db).await?;
    let mut report = Report::default();
    if users::find_by_username(db, ADMIN_USERNAME).await.map_err(db_err)?.is_none() {
        let (password, generated) = admin_password(config)?;
        let account = Account { username: ADMIN_USERNAME, realname: "管理员", kind: UserKind::Admin, main_account_id: None };
        if let Some(id) = create_user(db, &account, &password, tenants::PLATFORM_TENANT_ID, Some(HEADQUARTERS)).await? {
            departs::add_member(db, &id, &headquarters).await.map_err(db_err)?;
            report.admin_created = Some((ADMIN_USERNAME.to_owned(), password, generated));
        }
    }
    // An administrator from before roles existed gets the admin role once.
    if let Some(admin) = users::find_by_username(db, ADMIN_USERNAME).await.map_err(db_err)?
        && roles::of_user(db, &admin.id, admin.tenant_id, Lang::ZhCn).await.map_err(db_err)?.is_empty()
    {
        roles::assign(db, &admin.id, &admin_role).await.map_err(db_err)?;
    }
    if config.demo {
        report.demo_created = seed_demo(db).await?;
        seed_demo_network(db).await?;
    }
    // Rate cards from before partitions (and the demo's) have their zones filed as partitions.
    crate::carrier::partitions::adopt(db)
        .await
        .map_err(|e| format!("filing rate cards' zones as partitions: {:?} {:?}", e.error, e.cause))?;
    let jwt_secret = match &config.jwt_secret {
        Some(secret) => secret.clone(),
        None => settings::get_or_init(db, settings::JWT_SECRET, &secrets::new_secret()?).await.map_err(db_err)?,
    };
    Ok((report, jwt_secret))
}

/// The platform tenant with its menu, seeded roles and head office; returns the admin role's and
/// the head office's ids.
async fn platform(db: &Db) -> Result<(String, String), String> {
    tenants::ensure(db, tenants::PLATFORM_TENANT_ID, "平台", "Platform").await.map_err(db_err)?;
    permissions::seed::run(db).await.map_err(db_err)?;
    crate::system::dicts::seed::run(db).await.map_err(db_err)?;
    crate::system::countries::seed(db).await.map_err(db_err)?;
    crate::tracking::couriers::seed(db, tenants::PLATFORM_TENANT_ID).await.map_err(db_err)?;
    crate::system::jobs::scheduler::seed(db).await.map_err(|e| format!("seeding the scheduled jobs: {:?}", e.cause))?;
    let admin_role = admin_role(db, tenants::PLATFORM_TENANT_ID).await?;
    customer_role(db, tenants::PLATFORM_TENANT_ID).await?;
    let headquarters =
        departs::ensure(db, HEADQUARTERS, "总部", "Headquarters", tenants::PLATFORM_TENANT_ID).await.map_err(db_err)?;
    Ok((admin_role, headquarters))
}

/// `LOGISTICS_ADMIN_PASSWORD` if it meets the policy, or a generated one.
pub fn admin_password(config: &Config) -> Result<(String, bool), String> {
    match &config.admin_password {
        Some(password) => match validate::password("password", password) {
            Ok(()) => Ok((password.clone(), false)),
            Err(e) => Err(format!("LOGISTICS_ADMIN_PASSWORD is refused: {}", e.message(Lang::EnUs))),
        },
        None => Ok((secrets::generate_password()?, true)),
    }
}

/// Who a new account is, apart from its password and tenant.
pub struct Account<'a> {
    pub username: &'a str,
    pub realname: &'a str,
    pub kind: UserKind,
    pub main_account_id: Option<&'a str>,
}

/// Creates a user with the role its kind implies; `None` if another instance created the same
/// username first.
async fn create_user(
    db: &Db,
    account: &Account<'_>,
    password: &str,
    tenant_id: i32,
    org_code: Option<&str>,
) -> Result<Option<String>, String> {
    let hash = users::password::hash(password).await?;
    let id = secrets::new_id();
    let user = NewUser {
        org_code,
        main_account_id: account.main_account_id,
        ..NewUser::new(&id, account.username, account.realname, &hash, account.kind, tenant_id)
    };
    match users::insert(db, &user).await {
        Ok(()) => {}
        Err(DbError::Query(diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _))) => {
            return Ok(None);
        }
        Err(e) => return Err(db_err(e)),
    }
    // A sub-account's rights are its own grants within its main account's, not a role's.
    let role = match account.kind {
        UserKind::Admin => Some(admin_role(db, tenant_id).await?),
        UserKind::SubAccount => None,
        _ => Some(customer_role(db, tenant_id).await?),
    };
    if let Some(role) = role {
        roles::assign(db, &id, &role).await.map_err(db_err)?;
    }
    Ok(Some(id))
}

/// The tenant's `admin` role; a new one gets every seeded menu.
pub async fn admin_role(db: &Db, tenant_id: i32) -> Result<String, String> {
    seeded_role(db, tenant_id, roles::ADMIN, "管理员", "Administrator").await
}

/// The tenant's `customer` role, which new enterprise accounts get; a new one gets the seeded menus.
pub async fn customer_role(db: &Db, tenant_id: i32) -> Result<String, String> {
    seeded_role(db, tenant_id, roles::CUSTOMER, "客户", "Customer").await
}

async fn seeded_role(db: &Db, tenant_id: i32, code: &str, name: &str, name_en: &str) -> Result<String, String> {
    let (id, created) = roles::ensure(db, tenant_id, code, name, name_en).await.map_err(db_err)?;
    // `admin` holds everything without grants; `customer` starts with the customer pages.
    if created && code == roles::CUSTOMER {
        permissions::grant(db, &id, &permissions::seed::customer_ids()).await.map_err(db_err)?;
    }
    Ok(id)
}

/// The `create-admin` subcommand: creates the administrator `username`, or resets its password
/// and unfreezes it when it exists (the way back in for a locked-out operator).
pub async fn create_or_reset_admin(db: &Db, config: &Config, username: &str) -> Result<(String, bool), String> {
    validate::required("username", "username", username).map_err(|e| e.message(Lang::EnUs))?;
    let (password, generated) = admin_password(config)?;
    let (_, headquarters) = platform(db).await?;
    match users::find_by_username(db, username).await.map_err(db_err)? {
        Some(user) => {
            let hash = users::password::hash(&password).await?;
            users::reset_password(db, &user.id, &hash).await.map_err(db_err)?;
        }
        None => {
            let account = Account { username, realname: username, kind: UserKind::Admin, main_account_id: None };
            if let Some(id) = create_user(db, &account, &password, tenants::PLATFORM_TENANT_ID, Some(HEADQUARTERS)).await? {
                departs::add_member(db, &id, &headquarters).await.map_err(db_err)?;
            }
        }
    }
    Ok((password, generated))
}

/// The demo forwarder's administrator and carrier network (once each).
async fn seed_demo_network(db: &Db) -> Result<(), String> {
    if users::find_by_username(db, DEMO_ADMIN).await.map_err(db_err)?.is_none() {
        let admin =
            Account { username: DEMO_ADMIN, realname: "演示货代管理员", kind: UserKind::Admin, main_account_id: None };
        create_user(db, &admin, DEMO_PASSWORD, DEMO_TENANT_ID, None).await?;
    }
    if let Some(customer) = users::find_by_username(db, DEMO_CUSTOMER).await.map_err(db_err)? {
        crate::carrier::suppliers::demo::seed(db, DEMO_TENANT_ID, &customer.id).await.map_err(db_err)?;
    }
    crate::tracking::couriers::seed(db, DEMO_TENANT_ID).await.map_err(db_err)?;
    Ok(())
}

/// A demo forwarder with one customer and its sub-account. Returns whether anything was created.
async fn seed_demo(db: &Db) -> Result<bool, String> {
    tenants::ensure(db, DEMO_TENANT_ID, "演示货代", "Demo Forwarder").await.map_err(db_err)?;
    if users::find_by_username(db, DEMO_CUSTOMER).await.map_err(db_err)?.is_some() {
        return Ok(false);
    }
    let customer = Account { username: DEMO_CUSTOMER, realname: "演示客户", kind: UserKind::Customer, main_account_id: None };
    let Some(customer_id) = create_user(db, &customer, DEMO_PASSWORD, DEMO_TENANT_ID, None).await? else { return Ok(false) };
    let sub = Account {
        username: DEMO_SUB_ACCOUNT,
        realname: "演示子账号",
        kind: UserKind::SubAccount,
        main_account_id: Some(&customer_id),
    };
    if let Some(sub_id) = create_user(db, &sub, DEMO_PASSWORD, DEMO_TENANT_ID, None).await? {
        users::sub::set_permissions(db, &sub_id, &permissions::seed::sub_account_ids()).await.map_err(db_err)?;
    }
    Ok(true)
}

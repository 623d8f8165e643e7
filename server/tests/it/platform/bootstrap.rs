use logistics_server::bootstrap::{self, DEMO_CUSTOMER, DEMO_SUB_ACCOUNT};
use logistics_server::platform::config::DatabaseUrl;
use logistics_server::{app, platform::settings, system::users};
use tempfile::TempDir;

use crate::common::{ADMIN_PASSWORD, TestApp, postgres_config, sqlite_config};

#[tokio::test(flavor = "multi_thread")]
async fn first_start_creates_the_admin_with_an_argon2id_hash() {
    for app in TestApp::all().await {
        let db = &app.started.state.db;
        let admin = users::find_by_username(db, "admin").await.unwrap().expect("admin exists");
        assert!(admin.password.starts_with("$argon2id$"), "{}", app.backend);
        assert!(users::password::verify(ADMIN_PASSWORD, &admin.password).await);
        assert!(!users::password::verify("Wrong@12345", &admin.password).await);
        assert_eq!(admin.user_kind, "admin");
        assert_eq!(admin.status, users::STATUS_NORMAL);
        let (username, password, generated) = app.started.report.admin_created.clone().expect("reported");
        assert_eq!((username.as_str(), password.as_str(), generated), ("admin", ADMIN_PASSWORD, false));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn restarts_keep_the_admin_and_the_jwt_secret() {
    let dir = TempDir::new().unwrap();
    let config = sqlite_config(&dir);
    let first = app::start(config.clone()).await.unwrap();
    let secret = first.state.jwt_secret.clone();
    assert_eq!(secret.len(), 128);
    let mut again = config.clone();
    again.admin_password = Some("Other@12345".into());
    let second = app::start(again).await.unwrap();
    assert!(second.report.admin_created.is_none(), "no second admin, no reset");
    assert_eq!(second.state.jwt_secret, secret, "the generated secret is kept");
    let stored = settings::get(&second.state.db, settings::JWT_SECRET).await.unwrap();
    assert_eq!(stored.as_deref(), Some(secret.as_str()));
    let admin = users::find_by_username(&second.state.db, "admin").await.unwrap().unwrap();
    assert!(users::password::verify(ADMIN_PASSWORD, &admin.password).await);

    let mut with_env = config;
    with_env.jwt_secret = Some("x".repeat(40));
    assert_eq!(*app::start(with_env).await.unwrap().state.jwt_secret, "x".repeat(40));
}

#[tokio::test(flavor = "multi_thread")]
async fn generated_admin_password_meets_the_policy() {
    let dir = TempDir::new().unwrap();
    let mut config = sqlite_config(&dir);
    config.admin_password = None;
    let started = app::start(config).await.unwrap();
    let (_, password, generated) = started.report.admin_created.expect("created");
    assert!(generated);
    assert!(logistics_core::validate::password("p", &password).is_ok());
    let admin = users::find_by_username(&started.state.db, "admin").await.unwrap().unwrap();
    assert!(users::password::verify(&password, &admin.password).await);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_weak_admin_password_is_refused_and_creates_nothing() {
    let dir = TempDir::new().unwrap();
    let mut config = sqlite_config(&dir);
    config.admin_password = Some("admin123".into());
    let err = app::start(config.clone()).await.err().expect("refused");
    assert!(err.contains("LOGISTICS_ADMIN_PASSWORD"), "{err}");
    config.admin_password = Some(ADMIN_PASSWORD.into());
    let started = app::start(config).await.unwrap();
    assert!(started.report.admin_created.is_some(), "the refused start left no admin behind");
}

#[tokio::test(flavor = "multi_thread")]
async fn create_admin_resets_a_forgotten_password() {
    let app = TestApp::sqlite().await;
    let db = &app.started.state.db;
    let mut config = app.config.clone();
    config.admin_password = Some("Reset@2026x".into());
    bootstrap::create_or_reset_admin(db, &config, "admin").await.unwrap();
    let admin = users::find_by_username(db, "admin").await.unwrap().unwrap();
    assert!(users::password::verify("Reset@2026x", &admin.password).await);
    bootstrap::create_or_reset_admin(db, &config, "ops").await.unwrap();
    assert!(users::find_by_username(db, "ops").await.unwrap().is_some());
    config.admin_password = Some("weak".into());
    assert!(bootstrap::create_or_reset_admin(db, &config, "admin").await.is_err());
    let admin = users::find_by_username(db, "admin").await.unwrap().unwrap();
    assert!(users::password::verify("Reset@2026x", &admin.password).await, "a refused reset changes nothing");
}

#[tokio::test(flavor = "multi_thread")]
async fn demo_data_loads_once_on_both_backends() {
    let dir = TempDir::new().unwrap();
    let mut configs = vec![sqlite_config(&dir)];
    configs.extend(postgres_config().await);
    for mut config in configs {
        config.demo = true;
        let backend = matches!(config.database, DatabaseUrl::Postgres(_));
        let first = app::start(config.clone()).await.unwrap();
        assert!(first.report.demo_created, "postgres={backend}");
        let db = &first.state.db;
        let customer = users::find_by_username(db, DEMO_CUSTOMER).await.unwrap().unwrap();
        let sub = users::find_by_username(db, DEMO_SUB_ACCOUNT).await.unwrap().unwrap();
        assert_eq!(customer.user_kind, "customer");
        assert_eq!(sub.main_account_id.as_deref(), Some(customer.id.as_str()));
        assert_eq!(sub.tenant_id, bootstrap::DEMO_TENANT_ID);
        assert!(users::password::verify(bootstrap::DEMO_PASSWORD, &sub.password).await);
        let second = app::start(config).await.unwrap();
        assert!(!second.report.demo_created);
    }
}

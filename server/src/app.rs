//! Start-up: configuration in, a ready router out. `main` and the tests both come through here, so
//! the tests run the same wiring the binary does.

use std::sync::Arc;

use axum::Router;

use crate::bootstrap::{self, Report};
use crate::platform::config::Config;
use crate::platform::db::Db;
use crate::platform::files::storage::LocalStorage;
use crate::platform::http::web::WebAssets;
use crate::routes;
use crate::system::auth::rate_limit::RateLimiter;
use crate::system::auth::session::Keys;
use crate::system::auth::sms::{self, SmsSender};

/// What handlers share.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<Config>,
    /// Signs session tokens (`LOGISTICS_JWT_SECRET`, or generated once and kept in the database).
    pub jwt_secret: Arc<String>,
    pub keys: Arc<Keys>,
    pub web: WebAssets,
    pub sms: Arc<dyn SmsSender>,
    pub limiter: Arc<RateLimiter>,
    pub storage: LocalStorage,
    pub permission_cache: Arc<crate::system::permissions::PermissionCache>,
    pub grant_cache: Arc<crate::system::permissions::grants::GrantCache>,
    /// Sessions, users and grants read for earlier requests (see `auth::cache`).
    pub sessions: Arc<crate::system::auth::cache::SessionCache>,
    /// Live sockets, the dictionary cache and the bus between instances.
    pub cluster: Arc<crate::platform::cluster::Cluster>,
}

pub struct Started {
    pub router: Router,
    pub state: AppState,
    pub report: Report,
}

/// Connects, migrates, bootstraps and wires every route.
pub async fn start(config: Config) -> Result<Started, String> {
    let sender = sms::sender_from(config.sms_webhook.as_deref())?;
    start_with_sms(config, sender).await
}

/// [`start`] with a given SMS sender (tests read the codes they send).
pub async fn start_with_sms(config: Config, sms: Arc<dyn SmsSender>) -> Result<Started, String> {
    let db = Db::connect(&config.database, config.pool_size).await?;
    db.migrate().await?;
    let (report, jwt_secret) = bootstrap::run(&db, &config).await?;
    let web = match &config.web_dir {
        Some(dir) => WebAssets::Dir(dir.clone()),
        None => WebAssets::Embedded,
    };
    let cluster = match &config.redis_url {
        Some(url) => {
            let cluster_id = crate::platform::settings::get_or_init(
                &db,
                crate::platform::settings::CLUSTER_ID,
                &crate::platform::secrets::new_id(),
            )
            .await
            .map_err(|e| e.to_string())?;
            crate::platform::cluster::Cluster::redis(url, &cluster_id).await?
        }
        None => crate::platform::cluster::Cluster::local(),
    };
    tokio::spawn(crate::system::notices::sweep(db.clone(), cluster.hub.clone()));
    let state = AppState {
        cluster,
        db,
        keys: Arc::new(Keys::new(&jwt_secret)),
        jwt_secret: Arc::new(jwt_secret),
        web,
        sms,
        limiter: Arc::new(RateLimiter::new(config.rate_limits)),
        storage: LocalStorage::new(config.upload_dir.clone()),
        permission_cache: Arc::default(),
        grant_cache: Arc::default(),
        sessions: Arc::default(),
        config: Arc::new(config),
    };
    let router = routes::router(state.clone());
    Ok(Started { router, state, report })
}

//! Start-up: configuration in, a ready router out. `main` and the tests both come through here, so
//! the tests run the same wiring the binary does.

use std::sync::Arc;

use axum::Router;

use crate::bootstrap::{self, Report};
use crate::carrier::forecast::cache::BundleCache;
use crate::platform::cluster::{Change, Cluster, Event};
use crate::platform::config::Config;
use crate::platform::db::Db;
use crate::platform::files::storage::LocalStorage;
use crate::platform::http::web::WebAssets;
use crate::routes;
use crate::state::AppState;
use crate::system::auth::rate_limit::RateLimiter;
use crate::system::auth::session::Keys;
use crate::system::auth::sms::{self, SmsSender};
use crate::system::dicts::cache::DictCache;
use crate::system::gateway::cache::RouteCache;
use crate::system::notices::hub::Hub;

/// The caches and the sockets hear the bus: what changed is dropped, notices reach their sockets.
fn listen(cluster: &Cluster, dicts: &Arc<DictCache>, bundles: &Arc<BundleCache>, gateway: &Arc<RouteCache>, hub: &Arc<Hub>) {
    let (dicts, bundles, gateway, hub) = (dicts.clone(), bundles.clone(), gateway.clone(), hub.clone());
    cluster.subscribe(move |event| match event {
        Event::Notice { tenant_id, user_ids, payload } => {
            hub.deliver(*tenant_id, user_ids.as_deref(), payload);
        }
        Event::Changed(Change::Dicts) => dicts.invalidate(),
        Event::Changed(Change::Prices { tenant_id }) => bundles.invalidate(Some(*tenant_id)),
        Event::Changed(Change::Gateway) => gateway.invalidate(),
        Event::Missed => {
            dicts.invalidate();
            gateway.invalidate();
            bundles.invalidate(None);
        }
    });
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
    let (cluster, limiter) = match &config.redis_url {
        Some(url) => {
            let cluster_id = crate::platform::settings::get_or_init(
                &db,
                crate::platform::settings::CLUSTER_ID,
                &crate::platform::secrets::new_id(),
            )
            .await
            .map_err(|e| e.to_string())?;
            let cluster = Cluster::redis(url, &cluster_id).await?;
            let limiter = RateLimiter::shared(config.rate_limits, cluster.connection()?, &format!("logistics:{cluster_id}:rl"));
            (cluster, limiter)
        }
        None => (Cluster::local(), RateLimiter::new(config.rate_limits)),
    };
    let (dicts, bundles, hub) = (Arc::new(DictCache::default()), Arc::new(BundleCache::default()), Arc::new(Hub::default()));
    let gateway = Arc::new(RouteCache::default());
    listen(&cluster, &dicts, &bundles, &gateway, &hub);
    tokio::spawn(crate::system::notices::sweep(db.clone(), hub.clone()));
    let state = AppState {
        cluster,
        dicts,
        bundles,
        gateway,
        hub,
        db,
        keys: Arc::new(Keys::new(&jwt_secret)),
        jwt_secret: Arc::new(jwt_secret),
        web,
        sms,
        limiter: Arc::new(limiter),
        storage: LocalStorage::new(config.upload_dir.clone()),
        permission_cache: Arc::default(),
        grant_cache: Arc::default(),
        sessions: Arc::default(),
        config: Arc::new(config),
    };
    if state.config.workers {
        tokio::spawn(crate::tracking::subscriptions::worker(state.db.clone()));
        tokio::spawn(crate::system::jobs::scheduler::run(state.clone()));
    }
    let router = routes::router(state.clone());
    Ok(Started { router, state, report })
}

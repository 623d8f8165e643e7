//! What handlers share: the application state. It holds the database, configuration and the
//! caches and services requests use; it imports no handler (routes import handlers, handlers import
//! this), so the modules form no loop (`tests/it/platform/layers.rs` keeps it so).

use std::sync::Arc;

use crate::carrier::forecast::cache::BundleCache;
use crate::platform::cluster::Cluster;
use crate::platform::config::Config;
use crate::platform::db::Db;
use crate::platform::files::storage::LocalStorage;
use crate::platform::http::web::WebAssets;
use crate::system::auth::cache::SessionCache;
use crate::system::auth::rate_limit::RateLimiter;
use crate::system::auth::session::Keys;
use crate::system::auth::sms::SmsSender;
use crate::system::dicts::cache::DictCache;
use crate::system::notices::hub::Hub;
use crate::system::permissions::cache::PermissionCache;
use crate::system::permissions::granted::GrantCache;

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
    pub permission_cache: Arc<PermissionCache>,
    pub grant_cache: Arc<GrantCache>,
    /// Sessions, users and grants read for earlier requests (see `auth::cache`).
    pub sessions: Arc<SessionCache>,
    /// The bus between instances: typed invalidations and live notices.
    pub cluster: Arc<Cluster>,
    /// Dictionaries as served (dropped on every change, on every instance).
    pub dicts: Arc<DictCache>,
    /// Customers' forecast bundles (dropped when a tenant's prices change).
    pub bundles: Arc<BundleCache>,
    /// The enabled gateway routes (dropped on every change, on every instance).
    pub gateway: Arc<crate::system::gateway::cache::RouteCache>,
    /// This instance's live sockets.
    pub hub: Arc<Hub>,
}

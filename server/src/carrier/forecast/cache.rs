//! The customers' forecast bundles kept between requests, by tenant, customer and day; a change
//! of a tenant's prices drops its bundles (on every instance, through the cluster bus).

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use logistics_core::quote::Product;

/// A built bundle: its JSON text (as served) and the products parsed from it (as quoted).
#[derive(Debug)]
pub struct Built {
    pub version: String,
    pub json: String,
    pub products: Vec<Product>,
}

pub(super) type Key = (i32, String, chrono::NaiveDate);

#[derive(Debug, Default)]
struct Inner {
    /// Bumped by every change: (everything, per tenant).
    global: u64,
    tenants: HashMap<i32, u64>,
    built: HashMap<Key, Arc<Built>>,
    /// Bundles by (tenant, version): content-addressed, so never stale.
    versions: HashMap<(i32, String), Arc<Built>>,
}

#[derive(Debug, Default)]
pub struct BundleCache {
    inner: RwLock<Inner>,
}

/// Most bundles kept at once (one per customer and day); beyond it the cache starts over.
const MAX_BUNDLES: usize = 10_000;

impl BundleCache {
    /// Drops a tenant's bundles (`None`: everybody's).
    pub fn invalidate(&self, tenant_id: Option<i32>) {
        let mut inner = self.inner.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        match tenant_id {
            Some(t) => {
                *inner.tenants.entry(t).or_default() += 1;
                inner.built.retain(|k, _| k.0 != t);
            }
            None => {
                inner.global += 1;
                inner.built.clear();
            }
        }
    }

    pub(super) fn generation(&self, tenant_id: i32) -> (u64, u64) {
        let inner = self.inner.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        (inner.global, inner.tenants.get(&tenant_id).copied().unwrap_or(0))
    }

    pub(super) fn get(&self, key: &Key) -> Option<Arc<Built>> {
        self.inner.read().unwrap_or_else(std::sync::PoisonError::into_inner).built.get(key).cloned()
    }

    /// A bundle by its version, if kept.
    pub(super) fn version(&self, tenant_id: i32, version: &str) -> Option<Arc<Built>> {
        let inner = self.inner.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        inner.versions.get(&(tenant_id, version.to_owned())).cloned()
    }

    /// Keeps a bundle by its version.
    pub(super) fn keep_version(&self, tenant_id: i32, built: Arc<Built>) {
        let mut inner = self.inner.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        if inner.versions.len() >= MAX_BUNDLES {
            inner.versions.clear();
        }
        inner.versions.insert((tenant_id, built.version.clone()), built);
    }

    pub(super) fn store(&self, key: Key, seen: (u64, u64), built: Arc<Built>) {
        let mut inner = self.inner.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        let now = (inner.global, inner.tenants.get(&key.0).copied().unwrap_or(0));
        if now == seen {
            if inner.built.len() >= MAX_BUNDLES {
                inner.built.clear();
            }
            inner.built.insert(key, built);
        }
    }
}

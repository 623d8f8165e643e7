//! The answers of `getUserPermissionByToken` kept between requests.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use logistics_core::Lang;

use super::granted;

/// Answers of `getUserPermissionByToken` by role set and language, as JSON. A user's answer
/// depends only on their roles (menus are the platform's; roles belong to one tenant), so users
/// with the same roles share an entry and no tenant sees another's.
/// (sorted role ids, language) to (permission version, answer JSON).
type CacheEntries = HashMap<(granted::GrantKey, Lang), (String, Arc<str>)>;

#[derive(Default)]
pub struct PermissionCache {
    entries: Mutex<CacheEntries>,
}

impl PermissionCache {
    const MAX_ENTRIES: usize = 1024;

    pub(super) fn get(&self, key: &(granted::GrantKey, Lang), version: &str) -> Option<Arc<str>> {
        let entries = self.entries.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        entries.get(key).filter(|(v, _)| v == version).map(|(_, json)| Arc::clone(json))
    }

    pub(super) fn put(&self, key: (granted::GrantKey, Lang), version: String, json: Arc<str>) {
        let mut entries = self.entries.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if entries.len() >= Self::MAX_ENTRIES {
            entries.clear();
        }
        entries.insert(key, (version, json));
    }
}

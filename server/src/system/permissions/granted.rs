//! What a signed-in user holds, as kept between requests: the granted ids and codes, who shares a
//! cached answer, and the versions answers are kept under. Computed in `grants`.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};

use logistics_core::data_rule::Condition;

use super::model::Permission;
use crate::system::tenants;

#[derive(Debug, Default)]
pub struct Grants {
    /// Holds the `admin` role: everything the tenant may hold.
    pub admin: bool,
    /// Granted permission ids, with the ancestors of granted items.
    pub ids: HashSet<String>,
    /// Permission codes (`perms`) of the granted items.
    pub codes: HashSet<String>,
    /// The user's role ids in their tenant (sorted).
    pub role_ids: Vec<String>,
}

impl Grants {
    pub fn has(&self, code: &str) -> bool {
        self.codes.contains(code)
    }

    pub fn holds(&self, permission_id: &str) -> bool {
        self.ids.contains(permission_id)
    }
}

/// Who shares a cached answer: users with the same roles and department roles in one tenant, or
/// one sub-account.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GrantKey {
    Roles { tenant_id: i32, roles: Vec<String>, depart_roles: Vec<String> },
    SubAccount(String),
}

#[derive(Default)]
pub struct GrantCache {
    everything: Mutex<Option<(String, Arc<Vec<Permission>>)>>,
    grants: Mutex<HashMap<GrantKey, (String, Arc<Grants>)>>,
}

impl GrantCache {
    const MAX_ENTRIES: usize = 4096;

    pub(super) fn everything(&self, version: &str) -> Option<Arc<Vec<Permission>>> {
        let slot = self.everything.lock().unwrap_or_else(PoisonError::into_inner);
        slot.as_ref().filter(|(v, _)| v == version).map(|(_, all)| Arc::clone(all))
    }

    pub(super) fn put_everything(&self, version: &str, all: Arc<Vec<Permission>>) {
        *self.everything.lock().unwrap_or_else(PoisonError::into_inner) = Some((version.to_owned(), all));
    }

    pub(super) fn get(&self, key: &GrantKey, version: &str) -> Option<Arc<Grants>> {
        let map = self.grants.lock().unwrap_or_else(PoisonError::into_inner);
        map.get(key).filter(|(v, _)| v == version).map(|(_, g)| Arc::clone(g))
    }

    pub(super) fn put(&self, key: GrantKey, version: &str, grants: Arc<Grants>) {
        let mut map = self.grants.lock().unwrap_or_else(PoisonError::into_inner);
        if map.len() >= Self::MAX_ENTRIES {
            map.clear();
        }
        map.insert(key, (version.to_owned(), grants));
    }
}

/// The versions cached answers are kept under: `grants` changes with menus and grants, `menus`
/// only with menus.
#[derive(Clone, Debug, Default)]
pub struct Versions {
    pub grants: String,
    pub menus: String,
}

impl Versions {
    /// One value that changes when either does.
    pub fn combined(&self) -> String {
        format!("{}.{}", self.menus, self.grants)
    }
}

/// Whether a permission exists for users of the tenant (platform-only ones only for the platform).
pub fn visible_to(p: &Permission, tenant_id: i32) -> bool {
    !p.platform_only || tenant_id == tenants::PLATFORM_TENANT_ID
}

/// A data rule ready to filter: its placeholders replaced for the signed-in user (see
/// `data_rules`; kept with the grants in the session cache).
#[derive(Clone, Debug)]
pub struct ResolvedRule {
    pub column: String,
    pub condition: Condition,
    pub value: String,
}

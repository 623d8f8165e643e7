//! Signed-in sessions remembered between requests: a token's session, its user, their grants and
//! their data rules per menu are read from the database once and reused while nothing could have
//! changed them, so a busy client's requests (a forecast per keystroke, a scanner's stream) cost
//! no query to authorize.
//!
//! An entry is used only while
//! - this process has written no identity data since it was read (`Db::writes` counts every write
//!   but those of business data only, marked `data:`; so a sign-out, a frozen user, a changed
//!   role, permission or data rule on this instance is seen at once, while a stream of orders
//!   leaves the cache be),
//! - it is younger than [`FRESH`] (what another instance changed is seen within that time; the
//!   same bound as the live sockets' sweep of ended sessions), and
//! - its session has not expired.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::session::Session;
use crate::system::permissions::granted::{Grants, ResolvedRule};
use crate::system::users::User;

/// How long an entry may be used without asking the database again.
pub const FRESH: Duration = Duration::from_secs(1);
/// Entries kept at most (a full cache starts over).
const CAPACITY: usize = 50_000;

struct Entry {
    session: Session,
    user: User,
    /// `Db::writes` before it was read.
    writes: u64,
    read_at: Instant,
    /// The grants of the session's user in a tenant, once asked for.
    grants: Option<(i32, Arc<Grants>)>,
    /// The data rules resolved for the user on each menu asked for, in that tenant.
    rules: Vec<(String, Arc<Vec<ResolvedRule>>)>,
}

impl Entry {
    fn usable(&self, writes: u64) -> bool {
        self.writes == writes && self.read_at.elapsed() < FRESH && self.session.expire_time > chrono::Utc::now().naive_utc()
    }
}

#[derive(Default)]
pub struct SessionCache {
    entries: Mutex<HashMap<String, Entry>>,
}

impl SessionCache {
    fn with<T>(&self, f: impl FnOnce(&mut HashMap<String, Entry>) -> T) -> T {
        // A panic while holding the lock cannot leave an entry half-written: take it over.
        let mut entries = self.entries.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        f(&mut entries)
    }

    /// The session and user of `session_id`, if still usable at `writes` (= `Db::writes` now).
    pub fn session(&self, session_id: &str, writes: u64) -> Option<(Session, User)> {
        self.with(|entries| entries.get(session_id).filter(|e| e.usable(writes)).map(|e| (e.session.clone(), e.user.clone())))
    }

    /// Keeps what was read when `Db::writes` was `writes` (read before the query, so a write that
    /// raced the read makes the entry unusable at once).
    pub fn keep(&self, session: Session, user: User, writes: u64) {
        self.with(|entries| {
            if entries.len() >= CAPACITY {
                entries.retain(|_, e| e.usable(writes));
                if entries.len() >= CAPACITY {
                    entries.clear();
                }
            }
            entries.insert(
                session.id.clone(),
                Entry { session, user, writes, read_at: Instant::now(), grants: None, rules: Vec::new() },
            );
        })
    }

    /// The grants kept for the session in `tenant_id`, if its entry is still usable.
    pub fn grants(&self, session_id: &str, tenant_id: i32, writes: u64) -> Option<Arc<Grants>> {
        self.with(|entries| {
            let entry = entries.get(session_id).filter(|e| e.usable(writes))?;
            entry.grants.as_ref().filter(|(t, _)| *t == tenant_id).map(|(_, g)| Arc::clone(g))
        })
    }

    /// Keeps grants worked out when `Db::writes` was `writes`, with a session entry of that time.
    pub fn keep_grants(&self, session_id: &str, tenant_id: i32, writes: u64, grants: Arc<Grants>) {
        self.with(|entries| {
            if let Some(entry) = entries.get_mut(session_id).filter(|e| e.writes == writes) {
                if entry.grants.as_ref().is_some_and(|(t, _)| *t != tenant_id) {
                    entry.rules.clear();
                }
                entry.grants = Some((tenant_id, grants));
            }
        })
    }

    /// The data rules kept for the session on `menu` in `tenant_id`, if its entry is still usable.
    pub fn rules(&self, session_id: &str, tenant_id: i32, menu: &str, writes: u64) -> Option<Arc<Vec<ResolvedRule>>> {
        self.with(|entries| {
            let entry = entries.get_mut(session_id).filter(|e| e.usable(writes))?;
            if entry.grants.as_ref().is_none_or(|(t, _)| *t != tenant_id) {
                return None;
            }
            entry.rules.iter().find(|(m, _)| m == menu).map(|(_, r)| Arc::clone(r))
        })
    }

    /// Keeps the data rules on `menu` resolved when `Db::writes` was `writes`, beside the grants
    /// of `tenant_id` kept at that time.
    pub fn keep_rules(&self, session_id: &str, tenant_id: i32, menu: &str, writes: u64, rules: Arc<Vec<ResolvedRule>>) {
        self.with(|entries| {
            if let Some(entry) = entries.get_mut(session_id).filter(|e| e.writes == writes)
                && entry.grants.as_ref().is_some_and(|(t, _)| *t == tenant_id)
                && !entry.rules.iter().any(|(m, _)| m == menu)
            {
                entry.rules.push((menu.to_owned(), rules));
            }
        })
    }
}

//! The live sockets of this instance: who is connected, for which tenant and session, and the
//! queue of each socket's writer. Delivering a notice queues one shared copy of its text per
//! socket; a socket whose queue is full is slow or dead and is closed (its client reconnects and
//! reloads).

use std::collections::{HashMap, HashSet};
use std::sync::RwLock;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::extract::ws::Utf8Bytes;
use chrono::NaiveDateTime;
use tokio::sync::mpsc;

/// What a socket's writer is told to do.
#[derive(Debug)]
pub enum Outgoing {
    Text(Utf8Bytes),
    /// Close with the code and reason, then stop.
    Close(u16, &'static str),
}

/// The close code for a session that ended (signed out, frozen, expired): do not reconnect.
pub const CLOSE_REVOKED: u16 = 4001;
/// The close code for a socket that could not keep up.
pub const CLOSE_SLOW: u16 = 1008;

/// Queued messages per socket before it counts as too slow.
pub const QUEUE: usize = 32;

struct Conn {
    user_id: String,
    tenant_id: i32,
    session_id: String,
    expires: NaiveDateTime,
    tx: mpsc::Sender<Outgoing>,
}

#[derive(Default)]
pub struct Hub {
    next: AtomicU64,
    conns: RwLock<HashMap<u64, Conn>>,
}

impl Hub {
    pub fn register(
        &self,
        user_id: &str,
        tenant_id: i32,
        session_id: &str,
        expires: NaiveDateTime,
    ) -> (u64, mpsc::Receiver<Outgoing>) {
        let (tx, rx) = mpsc::channel(QUEUE);
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let conn = Conn { user_id: user_id.to_owned(), tenant_id, session_id: session_id.to_owned(), expires, tx };
        self.conns.write().unwrap_or_else(std::sync::PoisonError::into_inner).insert(id, conn);
        (id, rx)
    }

    pub fn unregister(&self, id: u64) {
        self.conns.write().unwrap_or_else(std::sync::PoisonError::into_inner).remove(&id);
    }

    pub fn len(&self) -> usize {
        self.conns.read().unwrap_or_else(std::sync::PoisonError::into_inner).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Queues `payload` for the tenant's sockets: all of them, or those of `user_ids`.
    /// Returns how many sockets it was queued for.
    pub fn deliver(&self, tenant_id: i32, user_ids: Option<&[String]>, payload: &str) -> usize {
        let text = Utf8Bytes::from(payload.to_owned());
        let users: Option<HashSet<&str>> = user_ids.map(|ids| ids.iter().map(String::as_str).collect());
        let conns = self.conns.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut sent = 0;
        for conn in conns.values() {
            if conn.tenant_id != tenant_id || users.as_ref().is_some_and(|u| !u.contains(conn.user_id.as_str())) {
                continue;
            }
            match conn.tx.try_send(Outgoing::Text(text.clone())) {
                Ok(()) => sent += 1,
                Err(mpsc::error::TrySendError::Full(_)) => {
                    // The writer is stuck; dropping the sender would not wake it, so it is told
                    // through the same queue as soon as there is room (the reader notices a
                    // dead peer too).
                    tracing::warn!(user = %conn.user_id, "a live socket is too slow; closing it");
                    let tx = conn.tx.clone();
                    tokio::spawn(async move {
                        let _ = tx.send(Outgoing::Close(CLOSE_SLOW, "too slow")).await;
                    });
                }
                Err(mpsc::error::TrySendError::Closed(_)) => {}
            }
        }
        sent
    }

    /// Closes the sockets of the given sessions and of sessions that expired before `now`.
    pub fn close_ended(&self, revoked: &HashSet<String>, now: NaiveDateTime) -> usize {
        let conns = self.conns.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut closed = 0;
        for conn in conns.values() {
            if revoked.contains(&conn.session_id) || conn.expires <= now {
                // A full queue means the socket is already on its way out.
                let _ = conn.tx.try_send(Outgoing::Close(CLOSE_REVOKED, "session revoked"));
                closed += 1;
            }
        }
        closed
    }
}

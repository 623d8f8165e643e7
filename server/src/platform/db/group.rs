//! Group commit on SQLite: the write transactions that queue behind the write lock share one
//! SQLite transaction, each in a savepoint of its own, and one `COMMIT`.
//!
//! SQLite writes one transaction at a time, and each commit rewrites every page the transaction
//! touched into the write-ahead log: an order's row and its indexes, the wallet's rows, the day
//! tally, the log. Under a stream of orders most of those pages are the same ones each time (the
//! customer's wallet row, the tally's row, the right-hand leaves of the indexes), written again by
//! every commit. Here a transaction that ends while others wait for the lock leaves its work in
//! the open transaction (its savepoint released) and hands the lock on; the transaction that finds
//! nobody waiting, or the group full, commits for all. Nobody answers before the commit that holds
//! its work: a member of a group waits for it, and learns its outcome.
//!
//! Each member's statements still run alone, in order, in a savepoint: a member that fails rolls
//! back its own savepoint only, and then commits what the group had (never leaving a failure's
//! state for the next). A member abandoned mid-way (its request dropped) has its savepoint rolled
//! back by the next holder of the lock, and a task of its own makes sure the group's commit
//! happens even when nobody else comes. Writes other than these transactions (single statements,
//! the ledger's own transfers, migrations) commit the open group before they start.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use diesel_async::TransactionManager;
use diesel_async::pooled_connection::deadpool::Pool;

use super::{Placed, PoolError, SqliteConn, WriteGate, Writer};

/// How many transactions share a commit at most, and how old a group may grow (its first member
/// waits no longer, whoever else waits): 16 and 4 ms, or `LOGISTICS_SQLITE_GROUP` as
/// `members,microseconds` (`1,0`: each transaction commits alone, as without groups).
fn limits() -> (usize, Duration) {
    static LIMITS: std::sync::OnceLock<(usize, Duration)> = std::sync::OnceLock::new();
    *LIMITS.get_or_init(|| {
        let set = std::env::var("LOGISTICS_SQLITE_GROUP").ok().and_then(|text| {
            let (members, micros) = text.split_once(',')?;
            Some((members.trim().parse::<usize>().ok()?.max(1), Duration::from_micros(micros.trim().parse().ok()?)))
        });
        set.unwrap_or((16, Duration::from_millis(4)))
    })
}

type Manager = <SqliteConn as diesel_async::AsyncConnection>::TransactionManager;

/// The open SQLite transaction of a group, if any, and the members that wait for its commit.
#[derive(Default)]
pub struct Group {
    open: Option<Instant>,
    pending: Vec<tokio::sync::oneshot::Sender<Result<(), String>>>,
}

/// Counts a task waiting for the write lock, as long as it waits. A holder hands the lock on
/// with the group open only to someone waiting: one that stops waiting (its request dropped)
/// makes sure the group is committed all the same.
struct Waiting<'a> {
    gate: &'a WriteGate,
    pool: &'a Pool<SqliteConn>,
    served: bool,
}

impl<'a> Waiting<'a> {
    fn enter(gate: &'a WriteGate, pool: &'a Pool<SqliteConn>) -> Self {
        gate.waiting.fetch_add(1, Ordering::SeqCst);
        Waiting { gate, pool, served: false }
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.gate.waiting.fetch_sub(1, Ordering::SeqCst);
        if !self.served && group(self.gate).open.is_some() {
            settle_later(self.gate, self.pool);
        }
    }
}

/// Commits the open group, if any, from a task of its own (none while the runtime shuts down:
/// the process ends, and SQLite drops what was not committed).
fn settle_later(gate: &WriteGate, pool: &Pool<SqliteConn>) {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
    let (gate, pool) = (gate.clone(), pool.clone());
    runtime.spawn(async move {
        match gate.queue(&pool).await {
            Ok(Writer::Own(mut conn)) => {
                let _ = gate.settle(&mut conn).await;
            }
            Ok(Writer::Pooled(..)) => {}
            Err(e) => tracing::error!(error = %e, "settling an abandoned group failed"),
        }
    });
}

fn group(gate: &WriteGate) -> std::sync::MutexGuard<'_, Group> {
    // Only the holder of the write lock touches the group: the lock is never contended, and a
    // panic while holding it (none is expected) leaves nothing half-done worth refusing.
    gate.group.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl WriteGate {
    /// Waits for the write lock (counted as waiting meanwhile), with the writer connection in a
    /// state to go on: a member abandoned mid-way rolled back, a broken connection opened again.
    pub(super) async fn queue(&self, pool: &Pool<SqliteConn>) -> Result<Writer<'_>, PoolError> {
        use diesel_async::pooled_connection::PoolableConnection;
        let mut waiting = Waiting::enter(self, pool);
        let mut own = self.lock.lock().await;
        waiting.served = true;
        drop(waiting);
        if let Some(conn) = own.as_mut() {
            let open = group(self).open.is_some();
            if open {
                loop {
                    match Manager::transaction_manager_status_mut(conn).transaction_depth() {
                        // A member's savepoint left open: its task was dropped mid-way.
                        Ok(Some(depth)) if depth.get() > 1 => {
                            if let Err(e) = Placed::inline(Manager::rollback_transaction(conn)).await {
                                tracing::error!(error = %e, "rolling back an abandoned write failed");
                                self.fail_group("the group's transaction was lost");
                                break;
                            }
                        }
                        Ok(Some(_)) => break,
                        Ok(None) | Err(_) => {
                            self.fail_group("the group's transaction was lost");
                            break;
                        }
                    }
                }
            }
            if group(self).open.is_none() && conn.is_broken() {
                tracing::warn!("the SQLite writer connection was left in a broken transaction: opening it again");
                *own = None;
                match super::open_sqlite(&self.path).await {
                    Ok(fresh) => *own = Some(fresh),
                    Err(e) => {
                        tracing::error!(error = %e, "reopening the SQLite writer failed: writing on the pool's connections")
                    }
                }
            }
        }
        match tokio::sync::MutexGuard::try_map(own, Option::as_mut) {
            Ok(mine) => Ok(Writer::Own(mine)),
            Err(own) => {
                let pooled = pool.get().await?;
                Ok(Writer::Pooled(own, pooled))
            }
        }
    }

    /// Commits the open group, if any, and tells its members how it ended.
    pub(super) async fn settle(&self, conn: &mut SqliteConn) -> Result<(), String> {
        if group(self).open.is_none() {
            return Ok(());
        }
        let outcome = Placed::inline(Manager::commit_transaction(conn)).await.map_err(|e| e.to_string());
        if let Err(e) = &outcome {
            tracing::error!(error = %e, "a group commit failed");
            if Manager::transaction_manager_status_mut(conn).transaction_depth().ok().flatten().is_some() {
                let _ = Placed::inline(Manager::rollback_transaction(conn)).await;
            }
        }
        self.close(&outcome);
        outcome
    }

    /// Ends the open group: each member learns `outcome`.
    fn close(&self, outcome: &Result<(), String>) {
        let pending = {
            let mut g = group(self);
            g.open = None;
            std::mem::take(&mut g.pending)
        };
        for member in pending {
            let _ = member.send(outcome.clone());
        }
    }

    /// The open group is gone (its connection failed): its members learn that nothing of theirs
    /// was kept.
    fn fail_group(&self, why: &str) {
        tracing::error!("{why}");
        self.close(&Err(why.to_owned()));
    }

    /// Runs `body` as a transaction of the group (see the module's text): the macro
    /// [`transaction!`](crate::transaction)'s way on SQLite. `counted` as in
    /// [`WriteGate::count`]. Boxed: an order's handler holds a pointer, not the whole state.
    pub async fn transaction<T, E, F>(&self, pool: &Pool<SqliteConn>, counted: bool, body: F) -> Result<T, E>
    where
        E: From<diesel::result::Error>,
        F: for<'r> AsyncFnOnce(&'r mut SqliteConn) -> Result<T, E>,
    {
        Box::pin(async move {
            let mut member = self.join(pool).await?;
            let _counted = self.count(counted);
            let done = Placed::inline(savepoint(member.conn(), body)).await;
            member.finish(done).await
        })
        .await
    }

    /// Takes the write lock for a transaction: joins the open group, or opens one.
    async fn join<'a>(&'a self, pool: &'a Pool<SqliteConn>) -> Result<Member<'a>, diesel::result::Error> {
        let mut writer = self.queue(pool).await.map_err(|e| failed(e.to_string()))?;
        let grouped = matches!(writer, Writer::Own(_));
        if grouped && group(self).open.is_none() {
            Placed::inline(Manager::begin_transaction(&mut *writer)).await?;
            group(self).open = Some(Instant::now());
        }
        Ok(Member { ticket: Ticket { gate: self, pool, armed: grouped }, writer })
    }
}

/// A transaction's hold on the write lock (see [`WriteGate::join`]); [`Member::finish`] ends it.
struct Member<'a> {
    // Dropped first: an abandoned member is told to the group while the lock is still held.
    ticket: Ticket<'a>,
    writer: Writer<'a>,
}

/// Makes sure a group is committed when its last member was dropped before it could do it.
struct Ticket<'a> {
    gate: &'a WriteGate,
    pool: &'a Pool<SqliteConn>,
    armed: bool,
}

impl Drop for Ticket<'_> {
    fn drop(&mut self) {
        if self.armed {
            settle_later(self.gate, self.pool);
        }
    }
}

impl Member<'_> {
    /// The connection the transaction runs on (in a savepoint when grouped).
    fn conn(&mut self) -> &mut SqliteConn {
        &mut self.writer
    }

    /// Ends the transaction whose outcome is `done`: hands the lock on with the group open while
    /// others wait (and then waits for the group's commit), or commits the group. Answers `done`
    /// once the work is committed, or the commit's failure.
    async fn finish<T, E: From<diesel::result::Error>>(self, done: Result<T, E>) -> Result<T, E> {
        let Member { mut ticket, mut writer } = self;
        ticket.armed = false;
        if !matches!(writer, Writer::Own(_)) {
            return done;
        }
        let gate = ticket.gate;
        let (members, age) = limits();
        let waiting = gate.waiting.load(Ordering::SeqCst) > 0;
        let joined = (done.is_ok() && waiting)
            .then(|| {
                let mut g = group(gate);
                let room = g.pending.len() + 1 < members && g.open.is_some_and(|t| t.elapsed() < age);
                room.then(|| {
                    let (told, outcome) = tokio::sync::oneshot::channel();
                    g.pending.push(told);
                    outcome
                })
            })
            .flatten();
        if let Some(outcome) = joined {
            drop(writer);
            return match outcome.await {
                Ok(Ok(())) => done,
                Ok(Err(why)) => Err(E::from(failed(why))),
                Err(_) => Err(E::from(failed("the group's commit was abandoned".to_owned()))),
            };
        }
        let outcome = gate.settle(&mut writer).await;
        drop(writer);
        // The lock went to the next writer's task, which tokio runs next on this thread (its LIFO
        // slot, which no other thread steals from): step aside at once, so that it writes while
        // this task's answer is built on whichever thread is free.
        tokio::task::yield_now().await;
        match (outcome, done) {
            (Ok(()), done) => done,
            (Err(why), Ok(_)) => Err(E::from(failed(why))),
            (Err(_), Err(own)) => Err(own),
        }
    }
}

/// `body` in a transaction of its own: a savepoint inside the group's (or, on the in-memory
/// database, a transaction), released when it succeeds and rolled back when it fails.
async fn savepoint<T, E, F>(conn: &mut SqliteConn, body: F) -> Result<T, E>
where
    E: From<diesel::result::Error>,
    F: for<'r> AsyncFnOnce(&'r mut SqliteConn) -> Result<T, E>,
{
    Manager::begin_transaction(conn).await?;
    match body(&mut *conn).await {
        Ok(value) => {
            Manager::commit_transaction(conn).await?;
            Ok(value)
        }
        Err(own) => match Manager::rollback_transaction(conn).await {
            Ok(()) | Err(diesel::result::Error::BrokenTransactionManager) => Err(own),
            Err(rollback) => Err(rollback.into()),
        },
    }
}

fn failed(why: String) -> diesel::result::Error {
    diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::Unknown, Box::new(why))
}

//! The database layer for both backends. One binary speaks SQLite (the zero-setup default) and
//! PostgreSQL (production), chosen at run time from `DATABASE_URL`: an enum of connection pools,
//! and the [`with_conn!`](crate::with_conn) macro that writes each query once and type-checks it
//! for both. Every per-backend difference lives in this module.

mod group;
pub mod prepared;
pub mod schema;

use diesel::ConnectionError;
use diesel::SqliteConnection;
use diesel_async::pooled_connection::deadpool::Pool;
use diesel_async::pooled_connection::{AsyncDieselConnectionManager, ManagerConfig, RecyclingMethod};
use diesel_async::sync_connection_wrapper::SyncConnectionWrapper;
use diesel_async::{AsyncConnection, AsyncMigrationHarness, AsyncPgConnection, RunQueryDsl, SimpleAsyncConnection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

use crate::platform::config::{DatabaseUrl, redact};

pub type SqliteConn = SyncConnectionWrapper<SqliteConnection, Hop>;
pub type PoolError = diesel_async::pooled_connection::deadpool::PoolError;

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/postgres");

/// PRAGMAs every SQLite connection gets: write-ahead log, enforced foreign keys, and waiting (not
/// failing) when another connection holds the write lock.
/// A writer checkpoints the log itself only when it is this long (pages; normally the
/// [`checkpointer`] has done it long before, off the write lock).
/// Each connection caches up to 8 MiB of pages (SQLite's default is 2 MiB), taken only as it
/// fills: the lookups of a large database's indexes stay in memory (`bench/README.md`, tracking).
const SQLITE_SETUP: &str = "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
    PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA wal_autocheckpoint = 10000; \
    PRAGMA cache_size = -8192;";

/// How often the [`checkpointer`] copies the write-ahead log into the database.
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_millis(200);

#[derive(Clone)]
pub enum Db {
    Sqlite(Pool<SqliteConn>, WriteGate),
    Postgres(Pool<AsyncPgConnection>, WriteGate),
}

/// What every write of this process passes. SQLite has one writer at a time; a second one waits
/// in SQLite's busy handler, which sleeps in steps of up to 100 ms: writers of this process queue
/// on `lock` instead, in order and without sleeping; readers are never held up (WAL). Behind the
/// lock is the connection every write uses (a file database; an in-memory one has only its pool's
/// single connection): SQLite drops a connection's whole page cache when another connection has
/// committed since its last statement, so with writes spread over the pool each transaction
/// started cold and read every page again; the one writer's cache stays warm. On both backends
/// each write is counted as it starts and again when it ends, so a cache of what was read (see
/// `auth::cache`) knows that something may have changed since; writes of business data only are
/// not counted (see [`with_write!`](crate::with_write)).
#[derive(Clone, Default)]
pub struct WriteGate {
    pub lock: std::sync::Arc<tokio::sync::Mutex<Option<SqliteConn>>>,
    writes: std::sync::Arc<std::sync::atomic::AtomicU64>,
    /// The SQLite database's path (to open the writer again).
    path: std::sync::Arc<str>,
    /// Every write begun, counted or not (the [`checkpointer`] skips a quiet database).
    begun: std::sync::Arc<std::sync::atomic::AtomicU64>,
    /// The transactions sharing the next commit (see [`group`]).
    group: std::sync::Arc<std::sync::Mutex<group::Group>>,
    /// How many tasks wait for `lock`.
    waiting: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

/// The connection a SQLite write runs on, the write lock held: the gate's own, or (in memory) the
/// pool's.
pub enum Writer<'a> {
    Own(tokio::sync::MappedMutexGuard<'a, SqliteConn>),
    Pooled(tokio::sync::MutexGuard<'a, Option<SqliteConn>>, diesel_async::pooled_connection::deadpool::Object<SqliteConn>),
}

impl std::ops::Deref for Writer<'_> {
    type Target = SqliteConn;

    fn deref(&self) -> &SqliteConn {
        match self {
            Writer::Own(own) => own,
            Writer::Pooled(_, pooled) => pooled,
        }
    }
}

impl std::ops::DerefMut for Writer<'_> {
    fn deref_mut(&mut self) -> &mut SqliteConn {
        match self {
            Writer::Own(own) => own,
            Writer::Pooled(_, pooled) => pooled,
        }
    }
}

/// Counts a write again when it ends (commit, error or early return alike).
pub struct Counted(std::sync::Arc<std::sync::atomic::AtomicU64>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }
}

impl WriteGate {
    /// Waits for the write lock and answers the connection to write on, with no transaction open
    /// on it (the group's, if any, committed first: see [`group`]). The gate's own connection is
    /// opened again if a transaction was left broken on it (a task dropped mid-commit).
    pub async fn writer(&self, pool: &Pool<SqliteConn>) -> Result<Writer<'_>, PoolError> {
        let mut writer = self.queue(pool).await?;
        if let Writer::Own(conn) = &mut writer {
            // A failed group commit is told to its members; this write goes on regardless.
            let _ = self.settle(conn).await;
        }
        Ok(writer)
    }

    /// Counts a write starting (unless it writes business data only); the guard counts its end.
    pub fn count(&self, counted: bool) -> Option<Counted> {
        self.begun.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        counted.then(|| {
            self.writes.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Counted(self.writes.clone())
        })
    }
}

/// Where a SQLite statement runs. SQLite is a library: a statement is work on the calling thread,
/// no network wait. Most statements (a row by its key, a write transaction's steps) take
/// microseconds, and handing each to another thread and back cost more than the statement (two
/// thread wake-ups; under a stream of orders the largest cost of all): they run on the calling
/// thread. What may read many rows (list pages with their totals, exports: the web's GET
/// requests, see `http::middleware`) runs under [`Placed::off_thread`], each statement on one of
/// tokio's blocking threads, so that a long read never holds up the threads serving requests. A
/// write transaction always runs on the calling thread ([`Placed::inline`]): it holds the write
/// lock, and every hop would lengthen the time others wait for it.
pub struct Hop(tokio::runtime::Handle);

thread_local! {
    /// Whether SQLite statements polled on this thread now run on it (see [`Hop`]).
    static INLINE: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

impl diesel_async::sync_connection_wrapper::SpawnBlocking for Hop {
    fn spawn_blocking<'a, R>(
        &mut self,
        task: impl FnOnce() -> R + Send + 'static,
    ) -> futures_util::future::BoxFuture<'a, Result<R, Box<dyn std::error::Error + Send + Sync + 'static>>>
    where
        R: Send + 'static,
    {
        if INLINE.get() {
            return Box::pin(std::future::ready(Ok(task())));
        }
        let handle = self.0.clone();
        let running = Blocking(Some(handle.spawn_blocking(task)), handle);
        Box::pin(running)
    }

    fn get_runtime() -> Self {
        // Connections are opened on the server's runtime (the pool's `custom_setup`).
        Hop(tokio::runtime::Handle::current())
    }
}

/// A statement running on a blocking thread. Dropped before it ends (the request was abandoned),
/// it waits for the end: the connection must not go back to the pool mid-statement.
struct Blocking<R>(Option<tokio::task::JoinHandle<R>>, tokio::runtime::Handle);

impl<R> std::future::Future for Blocking<R> {
    type Output = Result<R, Box<dyn std::error::Error + Send + Sync + 'static>>;

    fn poll(mut self: std::pin::Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> std::task::Poll<Self::Output> {
        let Some(join) = self.0.as_mut() else {
            return std::task::Poll::Ready(Err("statement already answered".into()));
        };
        match std::pin::Pin::new(join).poll(cx) {
            std::task::Poll::Ready(done) => {
                self.0 = None;
                std::task::Poll::Ready(done.map_err(Box::from))
            }
            std::task::Poll::Pending => std::task::Poll::Pending,
        }
    }
}

impl<R> Drop for Blocking<R> {
    fn drop(&mut self) {
        if let Some(join) = self.0.take()
            && !join.is_finished()
        {
            let handle = self.1.clone();
            tokio::task::block_in_place(move || {
                let _ = handle.block_on(join);
            });
        }
    }
}

/// A future whose SQLite statements run where it says ([`Hop`]), whatever thread polls it.
pub struct Placed<F> {
    future: std::pin::Pin<Box<F>>,
    inline: bool,
}

impl<F: std::future::Future> Placed<F> {
    /// Statements on the thread polling `future`.
    pub fn inline(future: F) -> Self {
        Placed { future: Box::pin(future), inline: true }
    }

    /// Statements on tokio's blocking threads.
    pub fn off_thread(future: F) -> Self {
        Placed { future: Box::pin(future), inline: false }
    }
}

impl<F: std::future::Future> std::future::Future for Placed<F> {
    type Output = F::Output;

    fn poll(mut self: std::pin::Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> std::task::Poll<F::Output> {
        let before = INLINE.replace(self.inline);
        let polled = self.future.as_mut().poll(cx);
        INLINE.set(before);
        polled
    }
}

/// A failed query or an unreachable database.
#[derive(Debug)]
pub enum DbError {
    Pool(PoolError),
    Query(diesel::result::Error),
}

impl From<PoolError> for DbError {
    fn from(e: PoolError) -> Self {
        DbError::Pool(e)
    }
}

impl From<diesel::result::Error> for DbError {
    fn from(e: diesel::result::Error) -> Self {
        DbError::Query(e)
    }
}

impl std::fmt::Display for DbError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DbError::Pool(e) => write!(f, "database unavailable: {e}"),
            DbError::Query(e) => write!(f, "query failed: {e}"),
        }
    }
}

pub type DbResult<T> = Result<T, DbError>;

/// Runs `$body` with `$conn` bound to a pooled connection of whichever backend is in use. The body
/// is compiled once per backend, so a query that one backend cannot run does not compile. For
/// reads; writes go through [`with_write!`](crate::with_write).
#[macro_export]
macro_rules! with_conn {
    ($db:expr, |$conn:ident| $body:expr) => {
        match $db {
            $crate::platform::db::Db::Sqlite(pool, _) => {
                let mut guard = pool.get().await?;
                let $conn = &mut *guard;
                $body
            }
            $crate::platform::db::Db::Postgres(pool, _) => {
                let mut guard = pool.get().await?;
                let $conn = &mut *guard;
                $body
            }
        }
    };
}

/// [`with_conn!`](crate::with_conn) for statements that write (and transactions): on SQLite they
/// pass the process's write gate first. Each is counted (`Db::writes`), so the session cache reads
/// sessions, users and grants again; a write of business data only (orders, parcels, the wallet,
/// logs, idempotency records: never a session, user, role, permission, department, tenant or
/// setting) says `data:` first and is not counted, so a stream of orders leaves the cache be.
#[macro_export]
macro_rules! with_write {
    (@gate $counted:literal, $db:expr, |$conn:ident| $body:expr) => {
        match $db {
            $crate::platform::db::Db::Sqlite(pool, gate) => {
                let done = {
                    let mut writer = gate.writer(pool).await?;
                    let _counted = gate.count($counted);
                    let $conn = &mut *writer;
                    $body
                };
                // The lock went to the next writer's task, which tokio runs next on this thread
                // (its LIFO slot, which no other thread steals from): step aside at once, so that
                // it writes while this task's answer is built on whichever thread is free.
                tokio::task::yield_now().await;
                done
            }
            $crate::platform::db::Db::Postgres(pool, gate) => {
                let _counted = gate.count($counted);
                let mut guard = pool.get().await?;
                let $conn = &mut *guard;
                $body
            }
        }
    };
    (data: $db:expr, |$conn:ident| $body:expr) => {
        $crate::with_write!(@gate false, $db, |$conn| $body)
    };
    ($db:expr, |$conn:ident| $body:expr) => {
        $crate::with_write!(@gate true, $db, |$conn| $body)
    };
}

/// A connection inside a transaction, of either backend: what a function that takes part in its
/// caller's transaction receives (the ledger's `post`, inside an order's transaction). Open one
/// with [`transaction!`](crate::transaction); run a statement on it with
/// [`on_tx!`](crate::on_tx), compiled once per backend.
pub enum Tx<'a> {
    Sqlite(&'a mut SqliteConn),
    Postgres(&'a mut AsyncPgConnection),
}

impl<'a> From<&'a mut SqliteConn> for Tx<'a> {
    fn from(conn: &'a mut SqliteConn) -> Self {
        Tx::Sqlite(conn)
    }
}

impl<'a> From<&'a mut AsyncPgConnection> for Tx<'a> {
    fn from(conn: &'a mut AsyncPgConnection) -> Self {
        Tx::Postgres(conn)
    }
}

/// Runs `$body` on the connection of a [`Tx`]: `on_tx!(tx, |c| query.execute(c).await)?`.
#[macro_export]
macro_rules! on_tx {
    ($tx:expr, |$conn:ident| $body:expr) => {
        match $tx {
            $crate::platform::db::Tx::Sqlite(inner) => {
                let $conn = &mut **inner;
                $body
            }
            $crate::platform::db::Tx::Postgres(inner) => {
                let $conn = &mut **inner;
                $body
            }
        }
    };
}

/// One write transaction with `$tx` a [`Tx`] (`&mut`), committed when `$body` (an expression of
/// type `Result<_, AppError>`) is `Ok`, rolled back otherwise: `transaction!(db, |tx| post(tx, …).await)`.
/// `transaction!(data: db, …)` for business data only (see [`with_write!`](crate::with_write)).
/// On SQLite its statements run on the calling thread ([`Placed::inline`]), in a savepoint of the
/// transaction it shares with those waiting behind it ([`group`]): it answers once that commits.
#[macro_export]
macro_rules! transaction {
    (@gate $counted:literal, $db:expr, |$tx:ident| $body:expr) => {
        match $db {
            $crate::platform::db::Db::Sqlite(pool, gate) => {
                gate.transaction(pool, $counted, async |c| {
                    let $tx = &mut $crate::platform::db::Tx::from(c);
                    $body
                })
                .await
            }
            $crate::platform::db::Db::Postgres(pool, gate) => {
                let _counted = gate.count($counted);
                let mut guard = pool.get().await?;
                diesel_async::AsyncConnection::transaction(&mut *guard, async |c| {
                    let $tx = &mut $crate::platform::db::Tx::from(c);
                    $body
                })
                .await
            }
        }
    };
    (data: $db:expr, |$tx:ident| $body:expr) => {
        $crate::transaction!(@gate false, $db, |$tx| $body)
    };
    ($db:expr, |$tx:ident| $body:expr) => {
        $crate::transaction!(@gate true, $db, |$tx| $body)
    };
}

impl Db {
    /// Opens the pool and proves the database answers. Errors are one line, for the operator.
    pub async fn connect(url: &DatabaseUrl, pool_size: usize) -> Result<Db, String> {
        let db = match url {
            DatabaseUrl::Sqlite(path) => {
                let in_memory = path == ":memory:";
                if !in_memory
                    && let Some(parent) = std::path::Path::new(path).parent()
                    && !parent.as_os_str().is_empty()
                {
                    std::fs::create_dir_all(parent)
                        .map_err(|e| format!("cannot create the folder {} for the SQLite database: {e}", parent.display()))?;
                }
                let mut config = ManagerConfig::default();
                // A file connection cannot drop: no `SELECT 1` each time one leaves the pool.
                config.recycling_method = RecyclingMethod::Fast;
                config.custom_setup = Box::new(|url| Box::pin(open_sqlite(url)));
                let manager = AsyncDieselConnectionManager::<SqliteConn>::new_with_config(path.clone(), config);
                // An in-memory database exists once per connection: keep exactly one.
                let size = if in_memory { 1 } else { pool_size };
                let pool = Pool::builder(manager).max_size(size).build().map_err(|e| e.to_string())?;
                let gate = WriteGate { path: path.as_str().into(), ..WriteGate::default() };
                if !in_memory {
                    let writer = open_sqlite(path).await.map_err(|e| format!("cannot open the SQLite database {path}: {e}"))?;
                    *gate.lock.lock().await = Some(writer);
                    tokio::spawn(checkpointer(&pool, std::sync::Arc::clone(&gate.begun)));
                }
                Db::Sqlite(pool, gate)
            }
            DatabaseUrl::Postgres(url) => {
                // No `SELECT 1` each time a connection leaves the pool (a round trip; a dozen per
                // order): a connection the server dropped fails its next statement, is marked
                // broken and is replaced.
                let mut config = ManagerConfig::default();
                config.recycling_method = RecyclingMethod::Fast;
                let manager = AsyncDieselConnectionManager::<AsyncPgConnection>::new_with_config(url.clone(), config);
                let pool = Pool::builder(manager).max_size(pool_size).build().map_err(|e| e.to_string())?;
                Db::Postgres(pool, WriteGate::default())
            }
        };
        db.ping().await.map_err(|e| match url {
            DatabaseUrl::Sqlite(path) => {
                format!("cannot open the SQLite database {path}: {}", root_cause(&e))
            }
            DatabaseUrl::Postgres(u) => format!("cannot reach PostgreSQL at {}: {}", redact(u), root_cause(&e)),
        })?;
        Ok(db)
    }

    /// Tells this database apart from another one the same process opened (a process-wide cache of
    /// what never changes in a database keys on it); clones share it.
    pub fn identity(&self) -> usize {
        match self {
            Db::Sqlite(_, gate) | Db::Postgres(_, gate) => std::sync::Arc::as_ptr(&gate.lock) as usize,
        }
    }

    pub fn is_postgres(&self) -> bool {
        matches!(self, Db::Postgres(..))
    }

    pub fn backend_name(&self) -> &'static str {
        match self {
            Db::Sqlite(..) => "sqlite",
            Db::Postgres(..) => "postgres",
        }
    }

    /// How many counted writes this process has started and ended (each counts twice): unchanged
    /// between two reads of it, no session, user, role, grant or tenant was written through this
    /// pool in between.
    pub fn writes(&self) -> u64 {
        let (Db::Sqlite(_, gate) | Db::Postgres(_, gate)) = self;
        std::sync::atomic::AtomicU64::load(&gate.writes, std::sync::atomic::Ordering::SeqCst)
    }

    /// One round trip: the readiness probe.
    pub async fn ping(&self) -> DbResult<()> {
        with_conn!(self, |conn| {
            diesel::sql_query("SELECT 1").execute(conn).await?;
        });
        Ok(())
    }

    /// Applies the embedded migrations not yet applied; returns how many ran. Several instances may
    /// start at once: PostgreSQL serialises them with an advisory lock.
    pub async fn migrate(&self) -> Result<usize, String> {
        let fail = |e: &dyn std::fmt::Display| format!("database migration failed: {e}");
        match self {
            Db::Sqlite(pool, gate) => {
                // Behind the write lock, on a connection of the pool (the harness keeps it).
                let _writing = gate.lock.lock().await;
                let conn = pool.get().await.map_err(|e| fail(&e))?;
                let mut harness = AsyncMigrationHarness::new(conn);
                harness.run_pending_migrations(SQLITE_MIGRATIONS).map(|v| v.len()).map_err(|e| fail(&e))
            }
            Db::Postgres(pool, _) => {
                let mut conn = pool.get().await.map_err(|e| fail(&e))?;
                conn.batch_execute("SELECT pg_advisory_lock(7242001)").await.map_err(|e| fail(&e))?;
                let mut harness = AsyncMigrationHarness::new(conn);
                let ran = harness.run_pending_migrations(POSTGRES_MIGRATIONS).map(|v| v.len()).map_err(|e| fail(&e));
                let mut conn = harness.into_inner();
                conn.batch_execute("SELECT pg_advisory_unlock(7242001)").await.map_err(|e| fail(&e))?;
                ran
            }
        }
    }
}

/// A SQLite connection with [`SQLITE_SETUP`].
async fn open_sqlite(url: &str) -> diesel::ConnectionResult<SqliteConn> {
    let mut conn = SqliteConn::establish(url).await?;
    conn.batch_execute(SQLITE_SETUP).await.map_err(ConnectionError::CouldntSetupConfiguration)?;
    Ok(conn)
}

/// Copies SQLite's write-ahead log into the database file every [`CHECKPOINT_EVERY`], as long as
/// the pool lives. A checkpoint syncs the file to disk (milliseconds); left to SQLite it happens
/// inside the commit that fills the log (every 1,000 pages), while that writer holds the write
/// lock and every other writer waits. A passive checkpoint takes no write lock: writers go on
/// meanwhile. Nothing is done while nothing was written (an idle server keeps no blocking thread
/// busy).
fn checkpointer(
    pool: &Pool<SqliteConn>,
    begun: std::sync::Arc<std::sync::atomic::AtomicU64>,
) -> impl std::future::Future<Output = ()> + Send + 'static {
    let pool = pool.weak();
    async move {
        let mut every = tokio::time::interval_at(tokio::time::Instant::now() + CHECKPOINT_EVERY, CHECKPOINT_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut seen = 0;
        loop {
            every.tick().await;
            let Some(pool) = pool.upgrade() else { return };
            let now = std::sync::atomic::AtomicU64::load(&begun, std::sync::atomic::Ordering::Relaxed);
            if now == seen {
                continue;
            }
            seen = now;
            let done: DbResult<()> = Placed::off_thread(async {
                let mut conn = pool.get().await?;
                conn.batch_execute("PRAGMA wal_checkpoint(PASSIVE)").await?;
                Ok(())
            })
            .await;
            match done {
                Ok(()) => {}
                // The runtime is shutting down: its blocking threads take no more work.
                Err(DbError::Query(diesel::result::Error::DatabaseError(
                    diesel::result::DatabaseErrorKind::UnableToSendCommand,
                    _,
                ))) => return,
                Err(e) => tracing::warn!(error = %e, "SQLite checkpoint failed (the next one tries again)"),
            }
        }
    }
}

fn root_cause(e: &DbError) -> String {
    match e {
        DbError::Pool(diesel_async::pooled_connection::deadpool::PoolError::Backend(inner)) => inner.to_string(),
        other => other.to_string(),
    }
}

/// The names of the embedded migrations of each backend, for the test that keeps them in step.
pub fn migration_names() -> (Vec<String>, Vec<String>) {
    use diesel::migration::MigrationSource;
    let names = |source: &EmbeddedMigrations| -> Vec<String> {
        MigrationSource::<diesel::sqlite::Sqlite>::migrations(source)
            .map(|ms| ms.iter().map(|m| m.name().to_string()).collect())
            .unwrap_or_default()
    };
    (names(&SQLITE_MIGRATIONS), names(&POSTGRES_MIGRATIONS))
}

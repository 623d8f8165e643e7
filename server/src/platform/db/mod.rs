//! The database layer for both backends. One binary speaks SQLite (the zero-setup default) and
//! PostgreSQL (production), chosen at run time from `DATABASE_URL`: an enum of connection pools,
//! and the [`with_conn!`](crate::with_conn) macro that writes each query once and type-checks it
//! for both. Every per-backend difference lives in this module.

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

pub type SqliteConn = SyncConnectionWrapper<SqliteConnection>;
pub type PoolError = diesel_async::pooled_connection::deadpool::PoolError;

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/postgres");

/// PRAGMAs every SQLite connection gets: write-ahead log, enforced foreign keys, and waiting (not
/// failing) when another connection holds the write lock.
const SQLITE_SETUP: &str = "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
    PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;";

#[derive(Clone)]
pub enum Db {
    Sqlite(Pool<SqliteConn>, WriteGate),
    Postgres(Pool<AsyncPgConnection>, WriteGate),
}

/// What every write of this process passes. SQLite has one writer at a time; a second one waits
/// in SQLite's busy handler, which sleeps in steps of up to 100 ms: writers of this process queue
/// on `lock` instead, in order and without sleeping; readers are never held up (WAL). On both
/// backends each write is counted as it starts and again when it ends, so a cache of what was read
/// (see `auth::cache`) knows that something may have changed since.
#[derive(Clone, Default)]
pub struct WriteGate {
    pub lock: std::sync::Arc<tokio::sync::Mutex<()>>,
    writes: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

/// Counts a write again when it ends (commit, error or early return alike).
pub struct Counted(std::sync::Arc<std::sync::atomic::AtomicU64>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }
}

impl WriteGate {
    /// Counts a write starting; the guard counts its end.
    pub fn count(&self) -> Counted {
        self.writes.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Counted(self.writes.clone())
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
/// pass the process's write gate first.
#[macro_export]
macro_rules! with_write {
    ($db:expr, |$conn:ident| $body:expr) => {
        match $db {
            $crate::platform::db::Db::Sqlite(pool, gate) => {
                let _writing = gate.lock.lock().await;
                let _counted = gate.count();
                let mut guard = pool.get().await?;
                let $conn = &mut *guard;
                $body
            }
            $crate::platform::db::Db::Postgres(pool, gate) => {
                let _counted = gate.count();
                let mut guard = pool.get().await?;
                let $conn = &mut *guard;
                $body
            }
        }
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
#[macro_export]
macro_rules! transaction {
    ($db:expr, |$tx:ident| $body:expr) => {
        $crate::with_write!($db, |conn| {
            diesel_async::AsyncConnection::transaction(conn, async |c| {
                let $tx = &mut $crate::platform::db::Tx::from(c);
                $body
            })
            .await
        })
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
                config.custom_setup = Box::new(|url| {
                    Box::pin(async move {
                        let mut conn = SqliteConn::establish(url).await?;
                        conn.batch_execute(SQLITE_SETUP).await.map_err(ConnectionError::CouldntSetupConfiguration)?;
                        Ok(conn)
                    })
                });
                let manager = AsyncDieselConnectionManager::<SqliteConn>::new_with_config(path.clone(), config);
                // An in-memory database exists once per connection: keep exactly one.
                let size = if in_memory { 1 } else { pool_size };
                let pool = Pool::builder(manager).max_size(size).build().map_err(|e| e.to_string())?;
                Db::Sqlite(pool, WriteGate::default())
            }
            DatabaseUrl::Postgres(url) => {
                let manager = AsyncDieselConnectionManager::<AsyncPgConnection>::new(url.clone());
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

    /// How many writes this process has started and ended (each counts twice): unchanged between
    /// two reads of it, nothing was written through this pool in between.
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

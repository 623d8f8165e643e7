//! Runs a report's statement, read-only, bounded in time and rows, with its parameters bound.
//!
//! - SQLite (the platform's file or a data source's): a connection of its own, opened read-only
//!   (`SQLITE_OPEN_READ_ONLY`, and `query_only` on top), the statement refused unless SQLite
//!   itself says it writes nothing (`sqlite3_stmt_readonly`), interrupted at the timeout from
//!   the async side.
//! - PostgreSQL: a connection of its own in a `READ ONLY` transaction with a `statement_timeout`,
//!   always rolled back; each row comes as `row_to_json` text, so every type and every digit of a
//!   NUMERIC arrive as PostgreSQL writes them. Parameters travel in the text format and are read
//!   by PostgreSQL with the type it inferred for each placeholder.
//!
//! A statement that outlives the timeout answers [`ReadError::Timeout`]; the work stops there.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use serde_json::value::RawValue;

/// How long a report's statement may run.
pub const TIMEOUT: Duration = Duration::from_secs(5);

/// One record: column name to its value as JSON.
pub type Record = BTreeMap<String, Box<RawValue>>;

/// Where a report reads.
#[derive(Clone, Debug)]
pub enum Target {
    Sqlite(PathBuf),
    Postgres(Box<tokio_postgres::Config>),
}

#[derive(Debug)]
pub enum ReadError {
    /// The statement ran past [`TIMEOUT`] and was stopped.
    Timeout,
    /// The database refused or failed the statement (its message, for the report's author).
    Failed(String),
    /// The database could not be reached or opened.
    Unreachable(String),
}

/// Runs `sql` (placeholders `?1…` on SQLite, `$1…` on PostgreSQL) with `binds`, returning at most
/// `max_rows` records. On PostgreSQL the statement must produce one text column of
/// `row_to_json`; see [`wrap_json`].
pub async fn query(target: &Target, sql: &str, binds: &[Option<String>], max_rows: usize) -> Result<Vec<Record>, ReadError> {
    match target {
        Target::Sqlite(path) => sqlite(path.clone(), sql.to_owned(), binds.to_vec(), max_rows).await,
        Target::Postgres(config) => postgres(config, sql, binds, max_rows).await,
    }
}

/// Wraps a SELECT's rows for [`query`] on PostgreSQL (`rel` names the subquery's rows).
pub fn wrap_json(select_from: &str, rel: &str) -> String {
    format!("SELECT row_to_json({rel})::text {select_from}")
}

/// Whether the database answers (a data source's connection test).
pub async fn ping(target: &Target) -> Result<(), ReadError> {
    match target {
        Target::Sqlite(_) => query(target, "SELECT 1 AS ok", &[], 1).await.map(drop),
        Target::Postgres(_) => query(target, "SELECT row_to_json(t)::text FROM (SELECT 1 AS ok) t", &[], 1).await.map(drop),
    }
}

async fn sqlite(path: PathBuf, sql: String, binds: Vec<Option<String>>, max_rows: usize) -> Result<Vec<Record>, ReadError> {
    use rusqlite::OpenFlags;
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = rusqlite::Connection::open_with_flags(&path, flags)
        .map_err(|e| ReadError::Unreachable(format!("{}: {e}", path.display())))?;
    let interrupt = conn.get_interrupt_handle();
    let work = tokio::task::spawn_blocking(move || sqlite_rows(&conn, &sql, &binds, max_rows));
    tokio::pin!(work);
    let answer = match tokio::time::timeout(TIMEOUT, &mut work).await {
        Ok(joined) => joined,
        Err(_) => {
            interrupt.interrupt();
            let _stopped = work.await;
            return Err(ReadError::Timeout);
        }
    };
    answer.map_err(|e| ReadError::Failed(format!("the report's reader stopped: {e}")))?
}

fn sqlite_rows(
    conn: &rusqlite::Connection,
    sql: &str,
    binds: &[Option<String>],
    max_rows: usize,
) -> Result<Vec<Record>, ReadError> {
    use rusqlite::types::ValueRef;
    let failed = |e: rusqlite::Error| match e {
        rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::OperationInterrupted => ReadError::Timeout,
        rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::NotADatabase => {
            ReadError::Unreachable(e.to_string())
        }
        rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::CannotOpen => {
            ReadError::Unreachable(e.to_string())
        }
        other => ReadError::Failed(other.to_string()),
    };
    conn.pragma_update(None, "query_only", true).map_err(failed)?;
    conn.busy_timeout(Duration::from_secs(2)).map_err(failed)?;
    let mut statement = conn.prepare(sql).map_err(failed)?;
    if !statement.readonly() {
        return Err(ReadError::Failed("the statement would write".to_owned()));
    }
    let names: Vec<String> = statement.column_names().into_iter().map(str::to_owned).collect();
    let mut rows = statement.query(rusqlite::params_from_iter(binds.iter())).map_err(failed)?;
    let mut out = Vec::new();
    while let Some(row) = rows.next().map_err(failed)? {
        if out.len() >= max_rows {
            break;
        }
        let mut record = Record::new();
        for (i, name) in names.iter().enumerate() {
            let value = match row.get_ref(i).map_err(failed)? {
                ValueRef::Null | ValueRef::Blob(_) => serde_json::Value::Null,
                ValueRef::Integer(n) => n.into(),
                ValueRef::Real(x) => serde_json::Number::from_f64(x).map_or(serde_json::Value::Null, serde_json::Value::Number),
                ValueRef::Text(t) => String::from_utf8_lossy(t).into_owned().into(),
            };
            let raw = serde_json::value::to_raw_value(&value).map_err(|e| ReadError::Failed(e.to_string()))?;
            record.insert(name.clone(), raw);
        }
        out.push(record);
    }
    Ok(out)
}

async fn postgres(
    config: &tokio_postgres::Config,
    sql: &str,
    binds: &[Option<String>],
    max_rows: usize,
) -> Result<Vec<Record>, ReadError> {
    let connect = tokio::time::timeout(Duration::from_secs(5), config.connect(tokio_postgres::NoTls));
    let (client, connection) = match connect.await {
        Ok(Ok(pair)) => pair,
        Ok(Err(e)) => return Err(ReadError::Unreachable(pg_message(&e))),
        Err(_) => return Err(ReadError::Unreachable("no answer within 5 s".to_owned())),
    };
    let driver = tokio::spawn(connection);
    let run = async {
        let ms = TIMEOUT.as_millis();
        client
            .batch_execute(&format!("BEGIN READ ONLY; SET LOCAL statement_timeout = {ms}; SET LOCAL lock_timeout = {ms}"))
            .await?;
        let statement = client.prepare(sql).await?;
        let texts: Vec<TextParam> = binds.iter().map(|b| TextParam(b.as_deref())).collect();
        let params: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> =
            texts.iter().map(|b| b as &(dyn tokio_postgres::types::ToSql + Sync)).collect();
        let rows = client.query(&statement, &params).await;
        let _ = client.batch_execute("ROLLBACK").await;
        rows
    };
    // The server's statement_timeout stops the statement; this bounds the whole exchange.
    let rows = tokio::time::timeout(TIMEOUT + Duration::from_secs(2), run).await;
    drop(client);
    driver.abort();
    let rows = match rows {
        Err(_) => return Err(ReadError::Timeout),
        Ok(Err(e)) if e.code() == Some(&tokio_postgres::error::SqlState::QUERY_CANCELED) => return Err(ReadError::Timeout),
        Ok(Err(e)) => return Err(ReadError::Failed(pg_message(&e))),
        Ok(Ok(rows)) => rows,
    };
    let mut out = Vec::with_capacity(rows.len().min(max_rows));
    for row in rows.into_iter().take(max_rows) {
        let text: Option<String> = row.try_get(0).map_err(|e| ReadError::Failed(pg_message(&e)))?;
        let record: Record =
            serde_json::from_str(text.as_deref().unwrap_or("{}")).map_err(|e| ReadError::Failed(e.to_string()))?;
        out.push(record);
    }
    Ok(out)
}

/// A parameter sent in PostgreSQL's text format, whatever type PostgreSQL gave its placeholder:
/// the server reads it with that type's input function, as it reads a literal (`'1000'` for an
/// integer column, `'2026-12-01'` for a date), and refuses a value that is not one.
#[derive(Debug)]
struct TextParam<'a>(Option<&'a str>);

impl tokio_postgres::types::ToSql for TextParam<'_> {
    fn to_sql(
        &self,
        _: &tokio_postgres::types::Type,
        out: &mut bytes::BytesMut,
    ) -> Result<tokio_postgres::types::IsNull, Box<dyn std::error::Error + Sync + Send>> {
        match self.0 {
            None => Ok(tokio_postgres::types::IsNull::Yes),
            Some(text) => {
                out.extend_from_slice(text.as_bytes());
                Ok(tokio_postgres::types::IsNull::No)
            }
        }
    }

    fn accepts(_: &tokio_postgres::types::Type) -> bool {
        true
    }

    fn encode_format(&self, _: &tokio_postgres::types::Type) -> tokio_postgres::types::Format {
        tokio_postgres::types::Format::Text
    }

    tokio_postgres::types::to_sql_checked!();
}

/// PostgreSQL's own message (tokio-postgres's `Display` says only "db error").
fn pg_message(e: &tokio_postgres::Error) -> String {
    e.as_db_error().map_or_else(|| e.to_string(), |d| d.message().to_owned())
}

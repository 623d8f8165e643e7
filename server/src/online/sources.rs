//! Data sources (`/sys/dataSource/*`, JeecgBoot's names): external PostgreSQL databases or SQLite
//! files that online reports may read. The platform's staff only. A password is encrypted at rest
//! (AES-256-GCM under a key from `LOGISTICS_DATA_KEY`, else derived from the session signing key)
//! and never sent back: the record says only whether one is kept, and an edit with a blank
//! password keeps it. `POST /sys/dataSource/testConnection` tries a form (saved or not).

use diesel::QueryableByName;
use logistics_core::MessageKey;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::reader::{self, ReadError, Target};
use crate::platform::caller::Caller;
use crate::platform::config::DatabaseUrl;
use crate::platform::db::schema::sys_data_source;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiResult, AppError, ok};
use crate::platform::resource::form::{one_of, optional, required};
use crate::platform::resource::handlers;
use crate::platform::resource::sql::{Sql, Value};
use crate::platform::resource::{Checked, Field, Filter, Resource, Scope};
use crate::platform::sealed::{self, Purpose};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::system::tenants::platform_only;

pub const DB_TYPES: &[&str] = &["postgres", "sqlite"];

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = sys_data_source)]
#[serde(rename_all = "camelCase")]
pub struct DataSourceRecord {
    pub id: String,
    pub code: String,
    pub name: String,
    /// postgres or sqlite.
    pub db_type: String,
    /// `postgres://host:port/database`, or an SQLite file's path.
    pub db_url: String,
    pub db_username: Option<String>,
    /// 1 when a password is kept (it is never sent).
    #[diesel(sql_type = diesel::sql_types::Integer)]
    pub has_password: i32,
    pub remark: Option<String>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DataSourceForm {
    pub id: Option<String>,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub db_type: String,
    #[serde(default)]
    pub db_url: String,
    pub db_username: Option<String>,
    /// Blank on an edit: the kept password stays.
    pub db_password: Option<String>,
    pub remark: Option<String>,
}

pub struct DataSources;

impl Resource for DataSources {
    const PATH: &'static str = "/sys/dataSource";
    const PERMISSION: &'static str = "system:dataSource";
    const NOUN: &'static str = "data source";
    const PLURAL: &'static str = "data sources";
    const TABLE: &'static str = "sys_data_source";
    const SCOPE: Scope = Scope::Platform;
    const SELECT: &'static str = "*, CASE WHEN db_password IS NULL THEN 0 ELSE 1 END AS has_password";
    const FIELDS: &'static [Field] = &[
        Field::text("code", "code").sortable().titled(MessageKey::FieldCode),
        Field::text("name", "name").sortable().titled(MessageKey::FieldName),
        Field::text("dbType", "db_type").sortable().titled(MessageKey::FieldDbType),
        Field::text("dbUrl", "db_url").titled(MessageKey::FieldDbUrl),
        Field::text("dbUsername", "db_username").titled(MessageKey::FieldDbUsername),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::time("createTime", "create_time").sortable(),
        Field::time("updateTime", "update_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("name", &["code", "name"], "A code or a name, substring."),
        Filter::one_of("dbType", &["db_type"], DB_TYPES, crate::platform::resource::Kind::Text, "postgres or sqlite."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("code", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("code", MessageKey::DataSourceTaken));
    const HAS_UPDATE_BY: bool = true;
    const DATA_RULES: bool = false;
    const OMIT: &'static [&'static str] = &["importExcel"];

    crate::record_form!(DataSourceRecord, DataSourceForm, code);

    fn authorize(me: &CurrentUser) -> Result<(), AppError> {
        platform_only(me)
    }

    /// Reports name their source by its code: a source they read stays, under its code.
    async fn before_delete(state: &AppState, _: &CurrentUser, records: &[DataSourceRecord]) -> Result<(), AppError> {
        for record in records {
            if in_use(state, &record.code).await? {
                return Err(AppError::conflict(MessageKey::DataSourceInUse));
            }
        }
        Ok(())
    }

    async fn values(state: &AppState, _: &CurrentUser, form: &DataSourceForm, before: Option<&DataSourceRecord>) -> Checked {
        let code = crate::platform::resource::form::code(
            "code",
            MessageKey::FieldCode,
            &form.code,
            logistics_core::check_rule::position_code,
        )?;
        if let Some(before) = before
            && before.code != code
            && in_use(state, &before.code).await?
        {
            return Err(AppError::field("code", MessageKey::DataSourceInUse));
        }
        let name = required("name", MessageKey::FieldName, &form.name, 100)?;
        let db_type = one_of("dbType", MessageKey::FieldDbType, &Some(form.db_type.clone()), DB_TYPES)?
            .ok_or_else(|| AppError::field("dbType", MessageKey::Required).with("field", "dbType"))?;
        let url = required("dbUrl", MessageKey::FieldDbUrl, &form.db_url, 500)?;
        check_url(&db_type, &url)?;
        if is_own_database(state, &db_type, &url) {
            return Err(AppError::field("dbUrl", MessageKey::DataSourceOwnDatabase));
        }
        let username = optional("dbUsername", MessageKey::FieldDbUsername, &form.db_username, 100)?;
        let remark = optional("remark", MessageKey::FieldRemark, &form.remark, 500)?;
        let mut values = vec![
            ("code", code.into()),
            ("name", name.into()),
            ("db_type", db_type.into()),
            ("db_url", url.into()),
            ("db_username", Value::opt(username)),
            ("remark", Value::opt(remark)),
        ];
        match form.db_password.as_deref().filter(|p| !p.is_empty()) {
            Some(password) => {
                values.push(("db_password", Value::Text(sealed::seal(state, Purpose::DataSourcePassword, password)?)))
            }
            None if before.is_none() => values.push(("db_password", Value::OptText(None))),
            None => {}
        }
        Ok(values)
    }
}

/// Whether a report reads the source `code`.
async fn in_use(state: &AppState, code: &str) -> Result<bool, AppError> {
    use diesel_async::RunQueryDsl;
    #[derive(QueryableByName)]
    struct Found {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let mut sql = Sql::new("SELECT COUNT(*) AS n FROM onl_cgreport_head WHERE db_source = ");
    sql.bind(code);
    let found: Vec<Found> = crate::with_conn!(&state.db, |conn| sql.query().load(conn).await?);
    Ok(found.into_iter().next().is_some_and(|f| f.n > 0))
}

/// A PostgreSQL URL tokio-postgres reads, or an SQLite file (never an in-memory database).
fn check_url(db_type: &str, url: &str) -> Result<(), AppError> {
    let bad = || AppError::field("dbUrl", MessageKey::BadRequest);
    match db_type {
        "postgres" => {
            if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
                return Err(bad());
            }
            url.parse::<tokio_postgres::Config>().map(drop).map_err(|_| bad())
        }
        _ if url.contains(":memory:") || url.starts_with("file:") => {
            Err(AppError::field("dbUrl", MessageKey::DataSourceNoMemory))
        }
        _ => Ok(()),
    }
}

/// Whether a source names the platform's own database (which reports read without one, behind the
/// guard on its secrets): the same SQLite file, or the same PostgreSQL database on the same host.
fn is_own_database(state: &AppState, db_type: &str, url: &str) -> bool {
    match (&state.config.database, db_type) {
        (DatabaseUrl::Sqlite(own), "sqlite") => match (std::fs::canonicalize(own), std::fs::canonicalize(url)) {
            (Ok(a), Ok(b)) => a == b,
            _ => own == url,
        },
        (DatabaseUrl::Postgres(own), "postgres") => {
            let (Ok(a), Ok(b)) = (own.parse::<tokio_postgres::Config>(), url.parse::<tokio_postgres::Config>()) else {
                return false;
            };
            a.get_dbname() == b.get_dbname() && a.get_hosts() == b.get_hosts() && a.get_ports() == b.get_ports()
        }
        _ => false,
    }
}

/// The stored row, password included (the server's eyes only).
#[derive(QueryableByName)]
#[diesel(table_name = sys_data_source)]
struct Stored {
    db_type: String,
    db_url: String,
    db_username: Option<String>,
    db_password: Option<String>,
}

/// The row whose `column` (`id` or `code`) is `value`.
async fn stored_by(state: &AppState, column: &'static str, value: &str) -> Result<Option<Stored>, AppError> {
    use diesel_async::RunQueryDsl;
    let mut sql = Sql::new(&format!("SELECT db_type, db_url, db_username, db_password FROM sys_data_source WHERE {column} = "));
    sql.bind(value);
    let rows: Vec<Stored> = crate::with_conn!(&state.db, |conn| sql.query().load(conn).await?);
    Ok(rows.into_iter().next())
}

/// Where a report of data source `code` reads; none: the platform's own database.
pub async fn target(state: &AppState, code: Option<&str>) -> Result<(Target, logistics_core::report::sql::Dialect), AppError> {
    use logistics_core::report::sql::Dialect;
    let Some(code) = code else {
        return match &state.config.database {
            DatabaseUrl::Sqlite(path) if path == ":memory:" => Err(AppError::field("dbSource", MessageKey::DataSourceNoMemory)),
            DatabaseUrl::Sqlite(path) => Ok((Target::Sqlite(path.into()), Dialect::Sqlite)),
            DatabaseUrl::Postgres(url) => {
                let config = url.parse().map_err(|e| AppError::internal(format!("DATABASE_URL: {e}")))?;
                Ok((Target::Postgres(Box::new(config)), Dialect::Postgres))
            }
        };
    };
    let stored = stored_by(state, "code", code)
        .await?
        .ok_or_else(|| AppError::field("dbSource", MessageKey::DataSourceUnknown).with("name", code.to_owned()))?;
    let password = match &stored.db_password {
        Some(kept) => Some(sealed::open(state, Purpose::DataSourcePassword, kept).map_err(unreachable)?),
        None => None,
    };
    resolve(&stored.db_type, &stored.db_url, stored.db_username.as_deref(), password.as_deref())
}

fn resolve(
    db_type: &str,
    url: &str,
    username: Option<&str>,
    password: Option<&str>,
) -> Result<(Target, logistics_core::report::sql::Dialect), AppError> {
    use logistics_core::report::sql::Dialect;
    if db_type == "postgres" {
        let mut config: tokio_postgres::Config = url.parse().map_err(|_| AppError::field("dbUrl", MessageKey::BadRequest))?;
        if let Some(user) = username {
            config.user(user);
        }
        if let Some(password) = password {
            config.password(password);
        }
        config.connect_timeout(std::time::Duration::from_secs(5));
        Ok((Target::Postgres(Box::new(config)), Dialect::Postgres))
    } else {
        Ok((Target::Sqlite(url.into()), Dialect::Sqlite))
    }
}

fn unreachable(error: impl std::fmt::Display) -> AppError {
    AppError::field("dbUrl", MessageKey::DataSourceUnreachable)
        .with("error", error.to_string().chars().take(300).collect::<String>())
}

/// The answer of a connection test.
#[derive(Debug, Serialize, ToSchema)]
pub struct TestResult {
    /// In the caller's language.
    pub message: String,
}

/// Tries a data source's connection: the form as typed (a blank password on a saved source uses
/// the kept one). 200 when it answers, 400 with the database's reason when not.
#[utoipa::path(post, path = "/sys/dataSource/testConnection", tag = "system", request_body = DataSourceForm,
    responses((status = 200, body = crate::platform::http::Envelope<TestResult>), (status = 400), (status = 403)))]
pub async fn test_connection(Caller(state, me): Caller, ApiJson(form): ApiJson<DataSourceForm>) -> ApiResult<TestResult> {
    platform_only(&me)?;
    grants::require(&state, &me, "system:dataSource:list").await?;
    let db_type = one_of("dbType", MessageKey::FieldDbType, &Some(form.db_type.clone()), DB_TYPES)?
        .ok_or_else(|| AppError::field("dbType", MessageKey::BadRequest))?;
    let url = required("dbUrl", MessageKey::FieldDbUrl, &form.db_url, 500)?;
    check_url(&db_type, &url)?;
    let typed = form.db_password.clone().filter(|p| !p.is_empty());
    let password = match (typed, &form.id) {
        (Some(p), _) => Some(p),
        (None, Some(id)) => {
            handlers::find::<DataSources>(&state, &me, id).await?;
            match stored_by(&state, "id", id).await?.and_then(|r| r.db_password) {
                Some(kept) => Some(sealed::open(&state, Purpose::DataSourcePassword, &kept).map_err(unreachable)?),
                None => None,
            }
        }
        (None, None) => None,
    };
    let username = form.db_username.as_deref().map(str::trim).filter(|u| !u.is_empty());
    let (target, _) = resolve(&db_type, &url, username, password.as_deref())?;
    match reader::ping(&target).await {
        Ok(()) => ok(TestResult {
            message: logistics_core::FieldError::new("", MessageKey::DataSourceOk).message(crate::platform::http::current_lang()),
        }),
        Err(ReadError::Timeout) => Err(unreachable("timeout")),
        Err(ReadError::Failed(e) | ReadError::Unreachable(e)) => Err(unreachable(e)),
    }
}

//! The SQL of a report, read by a real parser (see the parent module). The server's only.

use core::ops::ControlFlow;

use sqlparser::ast::{
    Expr, Ident, ObjectName, ObjectNamePart, Query, SelectItem, SetExpr, Statement, TableFactor, Value, ValueWithSpan, Visit,
    VisitMut, Visitor, VisitorMut,
};
use sqlparser::dialect::{PostgreSqlDialect, SQLiteDialect};
use sqlparser::parser::Parser;

use super::param_name;
use crate::prelude::*;
use crate::{FieldError, MessageKey};

/// Which database a report's SQL is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

impl Dialect {
    /// `sqlite` or `postgres`.
    pub fn parse(name: &str) -> Option<Dialect> {
        match name {
            "sqlite" => Some(Dialect::Sqlite),
            "postgres" => Some(Dialect::Postgres),
            _ => None,
        }
    }

    /// The `n`-th (from 1) bound parameter as this database writes it.
    pub fn placeholder(self, n: usize) -> String {
        match self {
            Dialect::Sqlite => format!("?{n}"),
            Dialect::Postgres => format!("${n}"),
        }
    }

    /// A column name quoted for this database (`"a""b"` for `a"b`).
    pub fn quote(self, name: &str) -> String {
        format!("\"{}\"", name.replace('"', "\"\""))
    }
}

/// A report's SQL once checked: what runs, what it shows, what it binds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedSql {
    /// The statement as the parser renders it, parameters as positional placeholders.
    pub sql: String,
    /// The output columns' names, in order.
    pub columns: Vec<String>,
    /// The parameter bound at each placeholder, in order (`params[0]` at `?1` / `$1`).
    pub params: Vec<String>,
}

/// The longest SQL a report may hold.
pub const MAX_SQL: usize = 20_000;
/// The deepest nesting the parser follows (a deeper statement is refused, not a stack overflow).
const MAX_DEPTH: usize = 40;

/// Functions a report may call (lower case), on either database: aggregates, text, numbers,
/// dates, window functions. Anything else (`pg_sleep`, `pg_read_file`, `set_config`, `dblink`,
/// `lo_export`, `nextval`, `load_extension`, `readfile`, …) is refused by name.
const FUNCTIONS: &[&str] = &[
    "abs",
    "age",
    "avg",
    "bool_and",
    "bool_or",
    "ceil",
    "ceiling",
    "char_length",
    "coalesce",
    "concat",
    "concat_ws",
    "count",
    "cume_dist",
    "current_date",
    "current_time",
    "current_timestamp",
    "date",
    "date_part",
    "date_trunc",
    "datetime",
    "dense_rank",
    "first_value",
    "floor",
    "greatest",
    "group_concat",
    "ifnull",
    "iif",
    "initcap",
    "instr",
    "julianday",
    "lag",
    "last_value",
    "lead",
    "least",
    "left",
    "length",
    "lower",
    "lpad",
    "ltrim",
    "max",
    "min",
    "mod",
    "now",
    "nth_value",
    "ntile",
    "nullif",
    "percent_rank",
    "position",
    "power",
    "printf",
    "rank",
    "replace",
    "right",
    "round",
    "row_number",
    "rpad",
    "rtrim",
    "sign",
    "split_part",
    "sqrt",
    "strftime",
    "string_agg",
    "strpos",
    "substr",
    "substring",
    "sum",
    "time",
    "to_char",
    "to_date",
    "to_number",
    "to_timestamp",
    "total",
    "trim",
    "trunc",
    "typeof",
    "upper",
];

/// Names a report over the platform's own database may not mention (lower case): tables holding
/// sessions, settings (the signing key), verification codes, idempotency records, data-source
/// passwords, webhook secrets; columns holding password hashes and secrets; the catalogues.
const SECRET_NAMES: &[&str] = &[
    "sys_setting",
    "sys_session",
    "sys_sms_code",
    "sys_idempotency",
    "sys_data_source",
    "logistics_track_subscription",
    "password",
    "salt",
    "secret",
    "api_secret",
    "webhook_secret",
    "db_password",
    "sqlite_master",
    "sqlite_schema",
    "sqlite_temp_master",
    "sqlite_temp_schema",
    "information_schema",
    "pg_catalog",
];

fn refused(key: MessageKey) -> FieldError {
    FieldError::new("cgrSql", key)
}

fn named(key: MessageKey, name: &str) -> FieldError {
    refused(key).with("name", name.chars().take(60).collect::<String>())
}

/// Reads a report's SQL for `dialect`. `own_database` is true when it runs on the platform's own
/// database (the secret names are then refused too).
pub fn check_sql(sql: &str, dialect: Dialect, own_database: bool) -> Result<CheckedSql, FieldError> {
    let text = sql.trim();
    if text.is_empty() {
        return Err(refused(MessageKey::ReportSqlRequired));
    }
    if text.chars().count() > MAX_SQL {
        return Err(refused(MessageKey::ReportSqlTooLong).with("max", MAX_SQL.to_string()));
    }
    let parsed = match dialect {
        Dialect::Sqlite => Parser::new(&SQLiteDialect {}).with_recursion_limit(MAX_DEPTH).try_with_sql(text),
        Dialect::Postgres => Parser::new(&PostgreSqlDialect {}).with_recursion_limit(MAX_DEPTH).try_with_sql(text),
    }
    .and_then(|mut p| p.parse_statements());
    let mut statements = match parsed {
        Ok(statements) => statements,
        Err(e) => {
            let message = e.to_string();
            let message = message.strip_prefix("sql parser error: ").unwrap_or(&message);
            return Err(refused(MessageKey::ReportSqlSyntax).with("error", message.chars().take(200).collect::<String>()));
        }
    };
    if statements.len() != 1 {
        return Err(refused(MessageKey::ReportSqlOneStatement));
    }
    let Some(Statement::Query(query)) = statements.pop() else {
        return Err(refused(MessageKey::ReportSqlSelectOnly));
    };
    let mut query = *query;
    let mut guard = Guard { own_database, top: true };
    if let ControlFlow::Break(e) = query.visit(&mut guard) {
        return Err(e);
    }
    let columns = output_columns(&query.body)?;
    let mut binder = Binder { dialect, params: Vec::new() };
    if let ControlFlow::Break(e) = VisitMut::visit(&mut query, &mut binder) {
        return Err(e);
    }
    Ok(CheckedSql { sql: query.to_string(), columns, params: binder.params })
}

/// Walks the whole tree and stops at the first thing a report may not do.
struct Guard {
    own_database: bool,
    /// The top-level query is the one statement allowed; any statement met below it is refused.
    top: bool,
}

fn last_name(name: &ObjectName) -> String {
    match name.0.last() {
        Some(ObjectNamePart::Identifier(ident)) => ident.value.to_lowercase(),
        Some(ObjectNamePart::Function(f)) => f.name.value.to_lowercase(),
        None => String::new(),
    }
}

impl Visitor for Guard {
    type Break = FieldError;

    fn pre_visit_query(&mut self, query: &Query) -> ControlFlow<FieldError> {
        self.top = false;
        if !query.locks.is_empty() || query.for_clause.is_some() || !query.pipe_operators.is_empty() {
            return ControlFlow::Break(refused(MessageKey::ReportSqlSelectOnly));
        }
        if let Some(with) = &query.with {
            for cte in &with.cte_tables {
                if !matches!(
                    *cte.query.body,
                    SetExpr::Select(_) | SetExpr::Query(_) | SetExpr::SetOperation { .. } | SetExpr::Values(_)
                ) {
                    return ControlFlow::Break(refused(MessageKey::ReportSqlSelectOnly));
                }
            }
        }
        if body_writes(&query.body) {
            return ControlFlow::Break(refused(MessageKey::ReportSqlSelectOnly));
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_statement(&mut self, _: &Statement) -> ControlFlow<FieldError> {
        // Only ever reached below the query: INSERT/UPDATE/DELETE/MERGE bodies and the like.
        ControlFlow::Break(refused(MessageKey::ReportSqlSelectOnly))
    }

    fn pre_visit_select(&mut self, select: &sqlparser::ast::Select) -> ControlFlow<FieldError> {
        if select.into.is_some() {
            return ControlFlow::Break(refused(MessageKey::ReportSqlSelectOnly));
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_table_factor(&mut self, factor: &TableFactor) -> ControlFlow<FieldError> {
        match factor {
            TableFactor::Table { name, args: None, .. } => {
                if self.own_database {
                    let lowered = last_name(name);
                    if lowered.starts_with("pg_") || lowered.starts_with("sqlite_") {
                        return ControlFlow::Break(named(MessageKey::ReportSqlForbiddenName, &lowered));
                    }
                }
                ControlFlow::Continue(())
            }
            TableFactor::Derived { .. } | TableFactor::NestedJoin { .. } => ControlFlow::Continue(()),
            TableFactor::Table { name, .. } => ControlFlow::Break(named(MessageKey::ReportSqlFunction, &last_name(name))),
            _ => ControlFlow::Break(refused(MessageKey::ReportSqlTableFunction)),
        }
    }

    fn pre_visit_expr(&mut self, expr: &Expr) -> ControlFlow<FieldError> {
        if let Expr::Function(function) = expr {
            let name = last_name(&function.name);
            if function.name.0.len() != 1 || !FUNCTIONS.contains(&name.as_str()) {
                return ControlFlow::Break(named(MessageKey::ReportSqlFunction, &function.name.to_string()));
            }
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_ident(&mut self, ident: &Ident) -> ControlFlow<FieldError> {
        if self.own_database {
            let lowered = ident.value.to_lowercase();
            // A backslash is how PostgreSQL's U&"…" identifiers spell a letter in code points
            // (U&"pass\0077ord" is password): no plain name holds one.
            if SECRET_NAMES.contains(&lowered.as_str()) || lowered.contains('\\') {
                return ControlFlow::Break(named(MessageKey::ReportSqlForbiddenName, &lowered));
            }
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_value(&mut self, value: &ValueWithSpan) -> ControlFlow<FieldError> {
        if let Value::Placeholder(p) = &value.value
            && param_name(p).is_none()
        {
            return ControlFlow::Break(named(MessageKey::ReportSqlPlaceholder, p));
        }
        ControlFlow::Continue(())
    }
}

/// Whether a query body is (or holds, through its set operations) a writing statement.
fn body_writes(body: &SetExpr) -> bool {
    match body {
        SetExpr::Insert(_) | SetExpr::Update(_) | SetExpr::Delete(_) | SetExpr::Merge(_) => true,
        SetExpr::SetOperation { left, right, .. } => body_writes(left) || body_writes(right),
        SetExpr::Query(q) => body_writes(&q.body),
        SetExpr::Select(_) | SetExpr::Values(_) | SetExpr::Table(_) => false,
    }
}

/// Replaces each `:name` with its positional placeholder (one number per distinct name).
struct Binder {
    dialect: Dialect,
    params: Vec<String>,
}

impl VisitorMut for Binder {
    type Break = FieldError;

    fn pre_visit_value(&mut self, value: &mut ValueWithSpan) -> ControlFlow<FieldError> {
        if let Value::Placeholder(p) = &value.value {
            let Some(name) = param_name(p).map(str::to_owned) else {
                return ControlFlow::Break(named(MessageKey::ReportSqlPlaceholder, p));
            };
            let n = match self.params.iter().position(|q| *q == name) {
                Some(i) => i + 1,
                None => {
                    self.params.push(name);
                    self.params.len()
                }
            };
            value.value = Value::Placeholder(self.dialect.placeholder(n));
        }
        ControlFlow::Continue(())
    }
}

/// The names of the columns a query shows; each must be a column or have an alias, no `*`.
fn output_columns(body: &SetExpr) -> Result<Vec<String>, FieldError> {
    let select = match body {
        SetExpr::Select(select) => select,
        SetExpr::Query(q) => return output_columns(&q.body),
        SetExpr::SetOperation { left, .. } => return output_columns(left),
        _ => return Err(refused(MessageKey::ReportSqlSelectOnly)),
    };
    let mut columns: Vec<String> = Vec::new();
    for item in &select.projection {
        let name = match item {
            SelectItem::ExprWithAlias { alias, .. } => alias.value.clone(),
            SelectItem::UnnamedExpr(Expr::Identifier(ident)) => ident.value.clone(),
            SelectItem::UnnamedExpr(Expr::CompoundIdentifier(parts)) => parts.last().map(|p| p.value.clone()).unwrap_or_default(),
            SelectItem::UnnamedExpr(expr) => return Err(named(MessageKey::ReportSqlAlias, &expr.to_string())),
            _ => return Err(refused(MessageKey::ReportSqlWildcard)),
        };
        if columns.iter().any(|c| c.eq_ignore_ascii_case(&name)) {
            return Err(named(MessageKey::ReportSqlDuplicateColumn, &name));
        }
        columns.push(name);
    }
    Ok(columns)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(sql: &str) -> CheckedSql {
        match check_sql(sql, Dialect::Postgres, true) {
            Ok(c) => c,
            Err(e) => unreachable!("{sql}: {e:?}"),
        }
    }

    fn key(sql: &str, dialect: Dialect) -> MessageKey {
        match check_sql(sql, dialect, true) {
            Ok(c) => unreachable!("{sql} was accepted as {}", c.sql),
            Err(e) => e.key,
        }
    }

    #[test]
    fn reads_columns_and_binds_names_in_order() {
        let c = ok("select u.username, u.realname as name, count(*) as n from sys_user u \
                    where u.tenant_id = :sys_tenant_id and u.status = :status or u.tenant_id = :sys_tenant_id group by u.username, u.realname");
        assert_eq!(c.columns, ["username", "name", "n"]);
        assert_eq!(c.params, ["sys_tenant_id", "status"]);
        assert!(c.sql.contains("u.tenant_id = $1 AND u.status = $2 OR u.tenant_id = $1"), "{}", c.sql);
        let s = check_sql("SELECT code FROM t WHERE a = :a", Dialect::Sqlite, false).unwrap_or_else(|e| unreachable!("{e:?}"));
        assert_eq!(s.sql, "SELECT code FROM t WHERE a = ?1");
    }

    #[test]
    fn comments_are_gone_from_what_runs() {
        let c = ok("SELECT code -- ; DROP TABLE sys_user\n FROM sys_dict /* ; DELETE FROM x */ WHERE 1 = 1");
        assert_eq!(c.sql, "SELECT code FROM sys_dict WHERE 1 = 1");
    }

    #[test]
    fn refuses_everything_but_one_select() {
        for dialect in [Dialect::Sqlite, Dialect::Postgres] {
            assert_eq!(key("SELECT code FROM a; SELECT code FROM b", dialect), MessageKey::ReportSqlOneStatement);
            assert_eq!(key("SELECT code FROM a; DELETE FROM a", dialect), MessageKey::ReportSqlOneStatement);
            assert_eq!(key("DELETE FROM a", dialect), MessageKey::ReportSqlSelectOnly);
            assert_eq!(key("UPDATE a SET b = 1", dialect), MessageKey::ReportSqlSelectOnly);
            assert_eq!(key("DROP TABLE a", dialect), MessageKey::ReportSqlSelectOnly);
            assert_eq!(key("ATTACH DATABASE 'x' AS y", dialect), MessageKey::ReportSqlSelectOnly);
            assert_eq!(key("PRAGMA writable_schema = 1", dialect), MessageKey::ReportSqlSelectOnly);
            assert_eq!(key("SELECT * FROM a", dialect), MessageKey::ReportSqlWildcard);
            assert_eq!(key("SELECT a.* FROM a", dialect), MessageKey::ReportSqlWildcard);
            assert_eq!(key("SELECT 1 + 1 FROM a", dialect), MessageKey::ReportSqlAlias);
            assert_eq!(key("SELECT code, code FROM a", dialect), MessageKey::ReportSqlDuplicateColumn);
            assert_eq!(key("SELECT code FROM a WHERE b = $1", dialect), MessageKey::ReportSqlPlaceholder);
            assert_eq!(key("   ", dialect), MessageKey::ReportSqlRequired);
            assert_eq!(key("SELEC code FROM a", dialect), MessageKey::ReportSqlSyntax);
        }
        assert_eq!(key("SELECT code FROM a WHERE b = ?", Dialect::Sqlite), MessageKey::ReportSqlPlaceholder);
        let pg = Dialect::Postgres;
        assert_eq!(key("WITH x AS (DELETE FROM a RETURNING id) SELECT id FROM x", pg), MessageKey::ReportSqlSelectOnly);
        assert_eq!(key("SELECT id INTO b FROM a", pg), MessageKey::ReportSqlSelectOnly);
        assert_eq!(key("SELECT id FROM a FOR UPDATE", pg), MessageKey::ReportSqlSelectOnly);
        assert_eq!(key("SELECT pg_sleep(10) AS s", pg), MessageKey::ReportSqlFunction);
        assert_eq!(key("SELECT pg_read_file('/etc/passwd') AS f", pg), MessageKey::ReportSqlFunction);
        assert_eq!(key("SELECT set_config('a', 'b', false) AS f", pg), MessageKey::ReportSqlFunction);
        assert_eq!(key("SELECT nextval('s') AS f", pg), MessageKey::ReportSqlFunction);
        assert_eq!(key("SELECT pg_catalog.lower(code) AS f FROM a", pg), MessageKey::ReportSqlFunction);
        assert_eq!(key("SELECT x AS f FROM generate_series(1, 10) AS x", pg), MessageKey::ReportSqlFunction);
        assert_eq!(key("SELECT code FROM a WHERE id IN (SELECT pg_sleep(1))", pg), MessageKey::ReportSqlFunction);
        assert_eq!(key("SELECT load_extension('x') AS f", Dialect::Sqlite), MessageKey::ReportSqlFunction);
        assert_eq!(key("SELECT readfile('x') AS f", Dialect::Sqlite), MessageKey::ReportSqlFunction);
    }

    #[test]
    fn keeps_the_platforms_secrets_out_of_reach() {
        for sql in [
            "SELECT username, password FROM sys_user",
            "SELECT name FROM sys_setting",
            "SELECT id FROM sys_session",
            "SELECT u.username FROM sys_user u JOIN sys_session s ON s.user_id = u.id",
            "SELECT name AS n FROM sqlite_master",
            "SELECT relname FROM pg_class",
            "SELECT table_name FROM information_schema.tables",
            "SELECT id FROM sys_user WHERE \"PASSWORD\" LIKE 'a%'",
            "SELECT U&\"pass\\0077ord\" AS p FROM sys_user",
        ] {
            assert_eq!(key(sql, Dialect::Postgres), MessageKey::ReportSqlForbiddenName, "{sql}");
        }
        // With an escape character of its own a code-point name is not read at all.
        assert!(check_sql("SELECT U&\"pass!0077ord\" UESCAPE '!' AS p FROM sys_user", Dialect::Postgres, true).is_err());
        // An external data source is the operator's own: its names are not the platform's.
        assert!(check_sql("SELECT username, password FROM accounts", Dialect::Postgres, false).is_ok());
    }

    #[test]
    fn deep_nesting_is_refused_not_overflowed() {
        let deep = format!("SELECT {}1{} AS x", "(".repeat(5_000), ")".repeat(5_000));
        assert_eq!(key(&deep, Dialect::Postgres), MessageKey::ReportSqlSyntax);
    }
}

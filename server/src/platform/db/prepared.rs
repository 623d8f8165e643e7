//! A PostgreSQL statement written as SQL text with `$n` placeholders, like `sql_query`, but which
//! the connection prepares once and reuses: Diesel never caches a `sql_query` (its text could be
//! anything), so each run would be parsed and planned again. For statements the query builder
//! cannot express (data-modifying CTEs, `unnest`); the text must be a constant.

use std::marker::PhantomData;

use diesel::QueryResult;
use diesel::pg::Pg;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::serialize::ToSql;
use diesel::sql_types::{HasSqlType, Untyped};

/// `$n` of the text is the `n`th bind (from 1); a number used twice binds its value twice; a `$`
/// without a number is text.
pub struct Prepared<'a> {
    sql: &'static str,
    binds: Vec<Box<dyn Bind + Send + Sync + 'a>>,
}

/// Starts a statement of constant text.
pub fn prepared(sql: &'static str) -> Prepared<'static> {
    Prepared { sql, binds: Vec::new() }
}

impl<'a> Prepared<'a> {
    /// Adds the next bind (`$1`, `$2`, …) of SQL type `ST`.
    pub fn bind<ST, T>(self, value: T) -> Prepared<'a>
    where
        Pg: HasSqlType<ST>,
        T: ToSql<ST, Pg> + Send + Sync + 'a,
        ST: Send + Sync + 'a,
    {
        let mut binds = self.binds;
        binds.push(Box::new(Value::<ST, T>(value, PhantomData)));
        Prepared { sql: self.sql, binds }
    }
}

trait Bind {
    fn push<'b>(&'b self, out: &mut AstPass<'_, 'b, Pg>) -> QueryResult<()>;
}

struct Value<ST, T>(T, PhantomData<ST>);

impl<ST, T> Bind for Value<ST, T>
where
    Pg: HasSqlType<ST>,
    T: ToSql<ST, Pg>,
{
    fn push<'b>(&'b self, out: &mut AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_bind_param::<ST, T>(&self.0)
    }
}

impl QueryFragment<Pg> for Prepared<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        let mut rest = self.sql;
        while let Some(at) = rest.find('$') {
            out.push_sql(&rest[..at]);
            let digits = rest[at + 1..].bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                // A `$` of the text itself (in a string literal, say).
                out.push_sql("$");
                rest = &rest[at + 1..];
                continue;
            }
            let bind =
                rest[at + 1..at + 1 + digits].parse::<usize>().ok().and_then(|n| self.binds.get(n.wrapping_sub(1))).ok_or_else(
                    || diesel::result::Error::QueryBuilderError(format!("no bind for `{}`", &rest[at..at + 1 + digits]).into()),
                )?;
            bind.push(&mut out)?;
            rest = &rest[at + 1 + digits..];
        }
        out.push_sql(rest);
        Ok(())
    }
}

impl QueryId for Prepared<'_> {
    type QueryId = ();
    // Cached by its text and bind types (the text is constant, so it is safe to).
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl Query for Prepared<'_> {
    type SqlType = Untyped;
}

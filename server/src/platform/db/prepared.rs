//! Statements kept prepared by the connection: [`Kept`] for Diesel's query builder (both
//! backends), and [`Prepared`].
//!
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

/// A statement of Diesel's query builder that the connection keeps prepared under its text even
/// where Diesel would not: Diesel prepares every UPDATE, every upsert and every `eq_any` anew on
/// each run, since their text may vary with the values (a changeset skipping `None`s, a list's
/// length). The statement cache is keyed by the text, so keeping one is always correct; use it
/// where the texts come in a bounded number (a fixed changeset; a list of at most
/// [`CACHED_LIST`](crate::platform::resource::sql::CACHED_LIST) keys, see [`Keep::kept_if`]).
/// Diesel's blocking `execute` takes the statement by reference and asks the reference, which
/// does not forward this choice: there, read something back (`returning`, `get_result`).
#[derive(Debug, Clone, Copy)]
pub struct Kept<Q>(Q, bool);

pub trait Keep: Sized {
    /// Kept prepared.
    fn kept(self) -> Kept<Self> {
        Kept(self, true)
    }

    /// Kept prepared when `bounded` (else as Diesel decides).
    fn kept_if(self, bounded: bool) -> Kept<Self> {
        Kept(self, bounded)
    }
}

impl<Q> Keep for Q {}

impl<Q> QueryId for Kept<Q> {
    type QueryId = ();
    // Cached by its text and bind types.
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q: Query> Query for Kept<Q> {
    type SqlType = Q::SqlType;
}

impl<Q: QueryFragment<DB>, DB: diesel::backend::Backend> QueryFragment<DB> for Kept<Q> {
    fn walk_ast<'b>(&'b self, pass: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        self.0.walk_ast(pass)
    }

    fn is_safe_to_cache_prepared(&self, backend: &DB) -> QueryResult<bool> {
        if self.1 { Ok(true) } else { self.0.is_safe_to_cache_prepared(backend) }
    }
}

impl<Q, C> diesel::RunQueryDsl<C> for Kept<Q> {}

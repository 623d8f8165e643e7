//! Statements the resource layer builds at run time: text with placeholders and the values bound
//! to them, written once and rendered for either backend (`?` for SQLite, `$n` for PostgreSQL).
//! Only names from a resource's declaration are ever written into the text; what a client sends
//! is always bound.

use chrono::NaiveDateTime;
use diesel::QueryResult;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::Untyped;

/// A value bound to a placeholder, with its SQL type.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Text(String),
    OptText(Option<String>),
    Small(i16),
    OptSmall(Option<i16>),
    Int(i32),
    OptInt(Option<i32>),
    Big(i64),
    Bool(bool),
    Time(NaiveDateTime),
    OptTime(Option<NaiveDateTime>),
}

impl Value {
    /// `Some(text)` as text, `None` as SQL NULL.
    pub fn opt(text: Option<String>) -> Value {
        Value::OptText(text)
    }

    /// The value as a record's key is written in the API (text, or a number as text).
    pub fn as_key(&self) -> Option<String> {
        match self {
            Value::Text(v) | Value::OptText(Some(v)) => Some(v.clone()),
            Value::Small(v) | Value::OptSmall(Some(v)) => Some(v.to_string()),
            Value::Int(v) | Value::OptInt(Some(v)) => Some(v.to_string()),
            Value::Big(v) => Some(v.to_string()),
            _ => None,
        }
    }
}

/// `From` each Rust type a column value comes as, to its variant.
macro_rules! values_from {
    ($($rust:ty => $variant:ident),* $(,)?) => {
        $(impl From<$rust> for Value {
            fn from(v: $rust) -> Value {
                Value::$variant(v)
            }
        })*
    };
}

values_from!(
    String => Text,
    Option<String> => OptText,
    i16 => Small,
    i32 => Int,
    i64 => Big,
    bool => Bool,
    NaiveDateTime => Time,
    Option<NaiveDateTime> => OptTime,
);

impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Text(v.to_owned())
    }
}

#[derive(Clone, Debug)]
enum Piece {
    Text(String),
    Bind,
}

/// A statement being built.
#[derive(Clone, Debug, Default)]
pub struct Sql {
    pieces: Vec<Piece>,
    pub binds: Vec<Value>,
    /// Some texts of this shape are unbounded in number (a list of keys of any length): the
    /// connection does not keep it prepared.
    varying: bool,
}

/// Lists of keys up to this length are kept prepared (one statement per length); longer ones are
/// prepared each time, so the connections' caches stay bounded.
pub const CACHED_LIST: usize = 4;

impl Sql {
    pub fn new(text: &str) -> Sql {
        Sql { pieces: vec![Piece::Text(text.to_owned())], binds: Vec::new(), varying: false }
    }

    /// Appends trusted text: names from a declaration, keywords. Never a client's input.
    pub fn push(&mut self, text: &str) -> &mut Sql {
        self.pieces.push(Piece::Text(text.to_owned()));
        self
    }

    /// Appends a placeholder bound to `value`.
    pub fn bind(&mut self, value: impl Into<Value>) -> &mut Sql {
        self.pieces.push(Piece::Bind);
        self.binds.push(value.into());
        self
    }

    /// `(?, ?, …)` for each value of a list of any length (keys, a set of values).
    pub fn bind_list(&mut self, values: impl IntoIterator<Item = Value>) -> &mut Sql {
        let n = self.bind_row(values);
        self.varying |= n > CACHED_LIST;
        self
    }

    /// `(?, ?, …)` for each value of a row, whose columns come from a declaration; answers how
    /// many.
    pub fn bind_row(&mut self, values: impl IntoIterator<Item = Value>) -> usize {
        self.push("(");
        let mut n = 0;
        for v in values {
            if n > 0 {
                self.push(", ");
            }
            self.bind(v);
            n += 1;
        }
        self.push(")");
        n
    }

    /// Marks a text as one of an unbounded number (rows of an insert of any count).
    pub fn varying(&mut self) -> &mut Sql {
        self.varying = true;
        self
    }

    /// Appends another statement's text and values.
    pub fn append(&mut self, other: Sql) -> &mut Sql {
        self.pieces.extend(other.pieces);
        self.binds.extend(other.binds);
        self.varying |= other.varying;
        self
    }

    /// The statement to run, with every value bound. The connection keeps it prepared under its
    /// text (unless [`Sql::varying`]): the next run with the same text skips parsing and planning.
    pub fn query(&self) -> Bound<'_> {
        Bound(self)
    }
}

/// A statement of [`Sql`] ready to run on either backend (see [`Sql::query`]).
pub struct Bound<'a>(&'a Sql);

impl QueryId for Bound<'_> {
    type QueryId = ();
    // Cached by its text and bind types.
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl Query for Bound<'_> {
    type SqlType = Untyped;
}

/// The text and binds in order, each value with its SQL type; for each backend.
macro_rules! walk_for {
    ($($backend:ty),*) => {$(
        impl QueryFragment<$backend> for Bound<'_> {
            fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, $backend>) -> QueryResult<()> {
                use diesel::sql_types::{BigInt, Bool, Integer, Nullable, SmallInt, Text, Timestamp};
                if self.0.varying {
                    out.unsafe_to_cache_prepared();
                }
                let mut binds = self.0.binds.iter();
                for piece in &self.0.pieces {
                    let value = match piece {
                        Piece::Text(text) => {
                            out.push_sql(text);
                            continue;
                        }
                        Piece::Bind => binds.next().ok_or_else(|| {
                            diesel::result::Error::QueryBuilderError("a placeholder without a value".into())
                        })?,
                    };
                    match value {
                        Value::Text(v) => out.push_bind_param::<Text, _>(v)?,
                        Value::OptText(v) => out.push_bind_param::<Nullable<Text>, _>(v)?,
                        Value::Small(v) => out.push_bind_param::<SmallInt, _>(v)?,
                        Value::OptSmall(v) => out.push_bind_param::<Nullable<SmallInt>, _>(v)?,
                        Value::Int(v) => out.push_bind_param::<Integer, _>(v)?,
                        Value::OptInt(v) => out.push_bind_param::<Nullable<Integer>, _>(v)?,
                        Value::Big(v) => out.push_bind_param::<BigInt, _>(v)?,
                        Value::Bool(v) => out.push_bind_param::<Bool, _>(v)?,
                        Value::Time(v) => out.push_bind_param::<Timestamp, _>(v)?,
                        Value::OptTime(v) => out.push_bind_param::<Nullable<Timestamp>, _>(v)?,
                    }
                }
                Ok(())
            }
        }
    )*};
}

walk_for!(diesel::sqlite::Sqlite, diesel::pg::Pg);

/// One number read back by name (`SELECT COUNT(*) AS n`).
#[derive(diesel::QueryableByName)]
pub struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub n: i64,
}

/// One id read back by name.
#[derive(diesel::QueryableByName)]
pub struct IdRow {
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub id: String,
}

/// Rows per INSERT: 25 columns × 1,000 stays under SQLite's 32,766 bound values.
pub const ROWS_PER_STATEMENT: usize = 1_000;

/// `INSERT INTO table (…) VALUES (…), (…), …` of rows with the same columns, a statement per
/// [`ROWS_PER_STATEMENT`] rows (within both backends' limits on bound values).
pub(crate) async fn insert_rows(
    tx: &mut crate::platform::db::Tx<'_>,
    table: &str,
    rows: Vec<Row>,
) -> Result<(), crate::platform::http::AppError> {
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<Row> = rows.by_ref().take(ROWS_PER_STATEMENT).collect();
        let columns: Vec<&str> = <[Row]>::first(&chunk).map(|r| r.iter().map(|(c, _)| *c).collect()).unwrap_or_default();
        let mut sql = Sql::new(&format!("INSERT INTO {table} ({}) VALUES ", columns.join(", ")));
        if chunk.len() > CACHED_LIST {
            sql.varying();
        }
        for (i, row) in chunk.into_iter().enumerate() {
            if i > 0 {
                sql.push(", ");
            }
            sql.bind_row(row.into_iter().map(|(_, v)| v));
        }
        crate::on_tx!(tx, |c| diesel_async::RunQueryDsl::execute(sql.query(), c).await?);
    }
    Ok(())
}

/// A row to insert: its columns and values.
pub(crate) type Row = Vec<(&'static str, Value)>;

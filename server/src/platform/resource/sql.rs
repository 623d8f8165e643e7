//! Statements the resource layer builds at run time: text with placeholders and the values bound
//! to them, written once and rendered for either backend (`?` for SQLite, `$n` for PostgreSQL).
//! Only names from a resource's declaration are ever written into the text; what a client sends
//! is always bound.

use chrono::NaiveDateTime;

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
    pub(crate) binds: Vec<Value>,
}

impl Sql {
    pub fn new(text: &str) -> Sql {
        Sql { pieces: vec![Piece::Text(text.to_owned())], binds: Vec::new() }
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

    /// `(?, ?, …)` for each value.
    pub fn bind_list(&mut self, values: impl IntoIterator<Item = Value>) -> &mut Sql {
        self.push("(");
        for (i, v) in values.into_iter().enumerate() {
            if i > 0 {
                self.push(", ");
            }
            self.bind(v);
        }
        self.push(")")
    }

    /// Appends another statement's text and values.
    pub fn append(&mut self, other: Sql) -> &mut Sql {
        self.pieces.extend(other.pieces);
        self.binds.extend(other.binds);
        self
    }

    /// The text for a backend: `?` placeholders, or `$1, $2, …` for PostgreSQL.
    pub fn render(&self, postgres: bool) -> String {
        let mut out = String::new();
        let mut n = 0;
        for piece in &self.pieces {
            match piece {
                Piece::Text(t) => out.push_str(t),
                Piece::Bind if postgres => {
                    n += 1;
                    out.push('$');
                    out.push_str(&n.to_string());
                }
                Piece::Bind => out.push('?'),
            }
        }
        out
    }
}

/// A `diesel::sql_query` of `$sql` rendered for the backend of `$db`, with every value bound; the
/// backend itself is inferred where the query runs (inside [`with_conn!`](crate::with_conn)).
#[macro_export]
macro_rules! bound_query {
    ($db:expr, $sql:expr) => {{
        use diesel::sql_types::{BigInt, Bool, Integer, Nullable, SmallInt, Text, Timestamp};
        use $crate::platform::resource::sql::Value;
        let sql: &$crate::platform::resource::sql::Sql = $sql;
        let mut q = diesel::sql_query(sql.render($db.is_postgres())).into_boxed();
        for value in sql.binds.iter().cloned() {
            q = match value {
                Value::Text(v) => q.bind::<Text, _>(v),
                Value::OptText(v) => q.bind::<Nullable<Text>, _>(v),
                Value::Small(v) => q.bind::<SmallInt, _>(v),
                Value::OptSmall(v) => q.bind::<Nullable<SmallInt>, _>(v),
                Value::Int(v) => q.bind::<Integer, _>(v),
                Value::OptInt(v) => q.bind::<Nullable<Integer>, _>(v),
                Value::Big(v) => q.bind::<BigInt, _>(v),
                Value::Bool(v) => q.bind::<Bool, _>(v),
                Value::Time(v) => q.bind::<Timestamp, _>(v),
                Value::OptTime(v) => q.bind::<Nullable<Timestamp>, _>(v),
            };
        }
        q
    }};
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_follow_the_backend() {
        let mut sql = Sql::new("SELECT * FROM t WHERE a = ");
        sql.bind("x").push(" AND b IN ").bind_list([Value::Small(1), Value::Small(2)]);
        assert_eq!(sql.render(false), "SELECT * FROM t WHERE a = ? AND b IN (?, ?)");
        assert_eq!(sql.render(true), "SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)");
        assert_eq!(sql.binds.len(), 3);
    }
}

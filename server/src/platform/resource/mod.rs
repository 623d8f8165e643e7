//! The resource layer: a business resource declares its table, its scope, its fields (which sort,
//! which the data rules may name, which the export shows), its filters and its checks (from core),
//! and gets JeecgBoot's calls for it: `list` (pageNo/pageSize/column/order and filters), `queryById`,
//! `add`, `edit`, `delete`, `deleteBatch`, `exportXls` and `importExcel` (with a dry run), each with its permission, the tenant or
//! customer scope, the role's data rules on reads and writes, the operation log with before and
//! after, and its OpenAPI entry. See `docs/adding-a-resource.md`.
//!
//! Hand-written code goes only where a resource really differs: [`Resource::values`] (the checked
//! columns of a form) and the optional hooks. A record is usually its row as read (times are
//! [`DateTime`](crate::platform::http::time::DateTime)s, a name in the request's language is
//! [`Resource::LOCALIZED`]); a record that shows more than its row says how ([`Readable`]).

pub mod form;
pub mod handlers;
pub mod import;
pub mod openapi;
pub mod sql;

use std::future::Future;

use logistics_core::MessageKey;
use logistics_core::data_rule::Condition;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::platform::http::AppError;
use crate::platform::http::page::Order;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::data_rules::ResolvedRule;
use sql::{Sql, Value};

/// Whose rows a resource holds. Every resource must say (the trait has no default), so a resource
/// without a scope does not compile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Platform-wide rows (no tenant column): readable by whoever holds the permission.
    Platform,
    /// The tenant's rows: `tenant_id` is the request's tenant.
    Tenant,
    /// A customer's rows inside the tenant: `tenant_id` and `customer_id` (the main account).
    /// Customers and their sub-accounts reach their main account's rows only; staff reach the
    /// tenant's.
    Customer,
    /// A user's own rows inside the tenant (printers): `tenant_id` and `user_id`, whoever asks.
    User,
}

/// The SQL type of a field, for binding filter and rule values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Text,
    Small,
    Int,
    Big,
    /// `true`/`1` or `false`/`0`.
    Bool,
    Time,
}

/// One column of the resource as the API names it.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    /// camelCase, as in the JSON record and the `column` sort parameter.
    pub name: &'static str,
    /// The table's column.
    pub column: &'static str,
    pub kind: Kind,
    /// May the list be sorted by it.
    pub sortable: bool,
    /// Its heading in exports; a field without one is not exported.
    pub title: Option<MessageKey>,
}

impl Field {
    pub const fn text(name: &'static str, column: &'static str) -> Field {
        Field { name, column, kind: Kind::Text, sortable: false, title: None }
    }

    pub const fn small(name: &'static str, column: &'static str) -> Field {
        Field { name, column, kind: Kind::Small, sortable: false, title: None }
    }

    pub const fn int(name: &'static str, column: &'static str) -> Field {
        Field { name, column, kind: Kind::Int, sortable: false, title: None }
    }

    pub const fn big(name: &'static str, column: &'static str) -> Field {
        Field { name, column, kind: Kind::Big, sortable: false, title: None }
    }

    pub const fn flag(name: &'static str, column: &'static str) -> Field {
        Field { name, column, kind: Kind::Bool, sortable: false, title: None }
    }

    /// A field the record shows but the table does not hold (a name its row only references, set
    /// by [`Resource::complete`]): exported when titled, never sorted or named by a data rule.
    pub const fn computed(name: &'static str) -> Field {
        Field { name, column: "", kind: Kind::Text, sortable: false, title: None }
    }

    pub const fn time(name: &'static str, column: &'static str) -> Field {
        Field { name, column, kind: Kind::Time, sortable: false, title: None }
    }

    pub const fn sortable(self) -> Field {
        Field { sortable: true, ..self }
    }

    pub const fn titled(self, title: MessageKey) -> Field {
        Field { title: Some(title), ..self }
    }
}

/// How a filter parameter matches.
#[derive(Clone, Copy, Debug)]
pub enum Match {
    /// Contains the text (any of the columns).
    Like,
    /// Starts with the text.
    Prefix,
    /// Contains the text, upper-cased first (codes stored in capitals, on either backend).
    LikeUpper,
    /// Equals the text.
    Exact,
    /// One of these values (else a 400 naming the parameter), compared as the column's kind.
    OneOf(&'static [&'static str]),
    /// The row's `column` references a row of `table` (by id) one of whose `columns` contains the
    /// text: `column IN (SELECT id FROM table WHERE … LIKE …)`.
    Within { column: &'static str, table: &'static str },
    /// At or after the value (a time: `createTime_begin`); a date alone is its day's start in the
    /// request's time zone.
    From,
    /// Before the end of the value (a time: `createTime_end`); a date alone includes its whole day
    /// in the request's time zone.
    Until,
    /// Any of the values pasted in (split on spaces, line breaks, commas and semicolons; at most
    /// the number given, else a 400) equals one of the columns.
    AnyOf(usize),
    /// `true`/`1`: the (numeric) column is above zero; `false`/`0`: it is zero.
    Positive,
    /// `true`/`1`: the column holds a value; `false`/`0`: it is NULL.
    Present,
}

/// A query parameter of `list` (and `exportXls`) and the columns it searches.
#[derive(Clone, Copy, Debug)]
pub struct Filter {
    pub param: &'static str,
    pub columns: &'static [&'static str],
    pub matches: Match,
    /// The columns' kind (for `OneOf` and `Exact`).
    pub kind: Kind,
    /// Shown in the OpenAPI document.
    pub doc: &'static str,
}

impl Filter {
    pub const fn like(param: &'static str, columns: &'static [&'static str], doc: &'static str) -> Filter {
        Filter { param, columns, matches: Match::Like, kind: Kind::Text, doc }
    }

    /// Contains the text in capitals: for codes stored upper-cased (`cn` finds `CN` on PostgreSQL too).
    pub const fn like_upper(param: &'static str, columns: &'static [&'static str], doc: &'static str) -> Filter {
        Filter { param, columns, matches: Match::LikeUpper, kind: Kind::Text, doc }
    }

    pub const fn prefix(param: &'static str, columns: &'static [&'static str], doc: &'static str) -> Filter {
        Filter { param, columns, matches: Match::Prefix, kind: Kind::Text, doc }
    }

    pub const fn exact(param: &'static str, column: &'static [&'static str], doc: &'static str) -> Filter {
        Filter { param, columns: column, matches: Match::Exact, kind: Kind::Text, doc }
    }

    /// `1` or `0` in a SMALLINT status column.
    pub const fn status(param: &'static str, columns: &'static [&'static str], doc: &'static str) -> Filter {
        Filter { param, columns, matches: Match::OneOf(&["1", "0"]), kind: Kind::Small, doc }
    }

    /// The text is contained in one of `columns` of the `table` row that `column` references.
    pub const fn within(
        param: &'static str,
        column: &'static str,
        table: &'static str,
        columns: &'static [&'static str],
        doc: &'static str,
    ) -> Filter {
        Filter { param, columns, matches: Match::Within { column, table }, kind: Kind::Text, doc }
    }

    /// A time range's start, JeecgBoot's `{field}_begin`: rows at or after it.
    pub const fn time_from(param: &'static str, column: &'static [&'static str], doc: &'static str) -> Filter {
        Filter { param, columns: column, matches: Match::From, kind: Kind::Time, doc }
    }

    /// A time range's end, JeecgBoot's `{field}_end`: rows up to it (a date: through that day).
    pub const fn time_until(param: &'static str, column: &'static [&'static str], doc: &'static str) -> Filter {
        Filter { param, columns: column, matches: Match::Until, kind: Kind::Time, doc }
    }

    /// Numbers pasted in bulk (at most `max`): a row matches when one of `columns` equals one.
    pub const fn any_of(param: &'static str, columns: &'static [&'static str], max: usize, doc: &'static str) -> Filter {
        Filter { param, columns, matches: Match::AnyOf(max), kind: Kind::Text, doc }
    }

    /// `true`/`1` or `false`/`0` in a boolean column.
    pub const fn flag(param: &'static str, columns: &'static [&'static str], doc: &'static str) -> Filter {
        Filter { param, columns, matches: Match::OneOf(&["true", "1", "false", "0"]), kind: Kind::Bool, doc }
    }

    /// Rows whose count is above zero (`true`) or zero (`false`): stock on hand, say.
    pub const fn positive(param: &'static str, column: &'static [&'static str], doc: &'static str) -> Filter {
        Filter { param, columns: column, matches: Match::Positive, kind: Kind::Big, doc }
    }

    /// Rows whose `column` holds a value (`true`) or is NULL (`false`): voided numbers, say.
    pub const fn present(param: &'static str, column: &'static [&'static str], doc: &'static str) -> Filter {
        Filter { param, columns: column, matches: Match::Present, kind: Kind::Text, doc }
    }

    pub const fn one_of(
        param: &'static str,
        columns: &'static [&'static str],
        values: &'static [&'static str],
        kind: Kind,
        doc: &'static str,
    ) -> Filter {
        Filter { param, columns, matches: Match::OneOf(values), kind, doc }
    }
}

/// A text field the SELECT reads in the request's language, as `alias`: the `en` column when
/// English is wanted and it is not blank, else the `zh` one (as `lang::pick` does).
#[derive(Clone, Copy, Debug)]
pub struct Localized {
    pub alias: &'static str,
    pub zh: &'static str,
    pub en: &'static str,
}

impl Localized {
    /// `title`, the usual name of the field.
    pub const fn title(zh: &'static str, en: &'static str) -> Localized {
        Localized { alias: "title", zh, en }
    }
}

/// How a record is read: from the row [`Resource::SELECT`] (and [`Resource::LOCALIZED`]) selects,
/// by name. A record that derives `QueryableByName` (`#[diesel(table_name = …)]` checks its
/// fields' types) is its own row; one that shows more than its row holds says how.
pub trait Readable: Sized {
    type Row: diesel::QueryableByName<diesel::sqlite::Sqlite> + diesel::QueryableByName<diesel::pg::Pg> + Send + 'static;

    fn from_row(row: Self::Row) -> Self;
}

impl<T> Readable for T
where
    T: diesel::QueryableByName<diesel::sqlite::Sqlite> + diesel::QueryableByName<diesel::pg::Pg> + Send + 'static,
{
    type Row = T;

    fn from_row(row: T) -> T {
        row
    }
}

/// The checked columns of an add or edit, in the order they are written.
pub type Values = Vec<(&'static str, Value)>;

/// What [`Resource::values`] answers: the form's columns, or why the form is refused.
pub type Checked = Result<Values, AppError>;

/// `code` up to its first `:` (all of it without one).
pub const fn first_part(code: &str) -> &str {
    let bytes = code.as_bytes();
    let mut end = 0;
    while end < bytes.len() && bytes[end] != b':' {
        end += 1;
    }
    match std::str::from_utf8(bytes.split_at(end).0) {
        Ok(part) => part,
        Err(_) => code,
    }
}

/// A resource listed under a parent record (a dictionary's items, a department's roles): `list`
/// and `exportXls` require the parameter naming it, answer 404 for a parent out of reach
/// ([`Resource::check_parent`]), and show only its records.
#[derive(Clone, Copy, Debug)]
pub struct Parent {
    /// The parameter naming the parent, then any alias clients send instead.
    pub params: &'static [&'static str],
    /// The column holding the parent's id.
    pub column: &'static str,
    /// Shown in the OpenAPI document.
    pub doc: &'static str,
}

/// Counts the database keeps as rows change (triggers of the resource's migration): one row per
/// combination of the scope's columns (`tenant_id`, `customer_id`) and the filters' columns in
/// `params`, its count in `n`. A list (and any count over [`handlers::list_scope`]) filtered by
/// nothing but those filters, under no data rule, reads its total there instead of counting rows.
#[derive(Clone, Copy, Debug)]
pub struct Tally {
    pub table: &'static str,
    /// The filters the tally keeps, whose columns it has under the same names.
    pub params: &'static [&'static str],
}

/// What a write did, for [`Resource::after_write`].
#[derive(Debug)]
pub enum Written<'a, T> {
    Added(&'a [T]),
    Edited { before: &'a T, after: &'a T },
    Deleted(&'a [T]),
}

/// The calls of the layer, by the last segment of their path: [`Resource::OMIT`] names those a
/// resource writes by hand.
pub const CALLS: &[&str] = &["list", "queryById", "add", "edit", "delete", "deleteBatch", "exportXls", "importExcel"];

/// A business resource served by the resource layer.
pub trait Resource: Sized + Send + Sync + 'static {
    /// The base path, e.g. `/sys/position`.
    const PATH: &'static str;
    /// The permission codes are `{PERMISSION}:list`, `:add`, `:edit`, `:delete` (and `:export`,
    /// which falls back to `:list`, and `:import`, which falls back to `:add`).
    const PERMISSION: &'static str;
    /// The OpenAPI tag: by default the permission's first part (`system`, `logistics`).
    const TAG: &'static str = first_part(Self::PERMISSION);
    /// What one record is called, for the OpenAPI summaries ("position").
    const NOUN: &'static str;
    /// Its plural ("positions"), also the export's file name.
    const PLURAL: &'static str;
    const TABLE: &'static str;
    /// Whose rows these are. No default: a resource without a scope does not compile.
    const SCOPE: Scope;
    const FIELDS: &'static [Field];
    const FILTERS: &'static [Filter];
    /// The list's order when the client names none.
    const DEFAULT_SORT: (&'static str, Order);
    /// The column an add or edit may collide on, with the field and message of the 409.
    const UNIQUE: Option<(&'static str, MessageKey)> = None;
    /// The table has `update_by` (every table has `create_by`, `create_time` and `update_time`).
    const HAS_UPDATE_BY: bool = false;
    /// Other permissions that may read the list (a picker on another page).
    const ALSO_LISTED_BY: &'static [&'static str] = &[];
    /// The key column (`id`, generated on add when the form does not set it; or a natural key
    /// such as a country's `code`, set by [`Resource::values`]), and its kind.
    const KEY: &'static str = "id";
    const KEY_KIND: Kind = Kind::Text;
    /// What a row reads: `*`, or `*` with computed columns (`*, (SELECT COUNT(*) …) AS n`), which
    /// [`Resource::Row`] then names.
    const SELECT: &'static str = "*";
    /// The table has `create_by` (set on add).
    const HAS_CREATE_BY: bool = true;
    /// The table has `create_time`; without it an add sets `update_time` (and `update_by`).
    const HAS_CREATE_TIME: bool = true;
    /// `queryById` answers every signed-in user (a reference list every form reads).
    const OPEN_QUERY_BY_ID: bool = false;
    /// The role's data rules on the list permission's menu apply (false for a resource shown on
    /// its parent's menu, whose rules name the parent's columns).
    const DATA_RULES: bool = true;
    /// Rows of other tables that go with a deleted record, `(table, column naming it)`: deleted in
    /// the same transaction, first.
    const CASCADE: &'static [(&'static str, &'static str)] = &[];
    /// Rows of other tables that name a record, `(table, column naming it)`: while there are any,
    /// the record stays (a delete is refused as in use).
    const IN_USE_BY: &'static [(&'static str, &'static str)] = &[];
    /// Calls of [`CALLS`] the resource writes by hand (the layer mounts the others).
    const OMIT: &'static [&'static str] = &[];
    /// The parent record a list belongs to.
    const PARENT: Option<Parent> = None;
    /// A boolean column marking deleted rows: every call skips them, and a delete sets it (and
    /// `update_time`) instead of removing the row.
    const SOFT_DELETE: Option<&'static str> = None;
    /// The counts the database keeps for the list's totals.
    const TALLY: Option<Tally> = None;
    /// A field the SELECT reads in the request's language (a record's `title`); its alias must not
    /// be a column of the table.
    const LOCALIZED: Option<Localized> = None;

    /// A row as the API shows it, read as [`Readable`].
    type Record: Readable + Serialize + utoipa::ToSchema + Clone + Send + Sync + 'static;
    /// What add and edit accept.
    type Form: DeserializeOwned + utoipa::ToSchema + Send + 'static;

    /// The record's key, as text.
    fn id(record: &Self::Record) -> String;
    /// What names the record in the operation log (its code).
    fn label(record: &Self::Record) -> String;
    /// The id an edit names.
    fn form_id(form: &Self::Form) -> Option<&str>;
    /// The form's columns, checked by core's rules (and against the database where a rule needs
    /// it: a referenced record in the same scope); `before` is the record an edit changes.
    fn values(
        state: &AppState,
        me: &CurrentUser,
        form: &Self::Form,
        before: Option<&Self::Record>,
    ) -> impl Future<Output = Checked> + Send;

    /// Completes a batch of records with what their rows only reference (names of the customer
    /// or product an id points to), in one query per batch, never one per record.
    fn complete(_state: &AppState, _records: &mut [Self::Record]) -> impl Future<Output = Result<(), AppError>> + Send {
        async { Ok(()) }
    }

    /// Refuses to delete records still in use (409), after the scope check.
    fn before_delete(
        _state: &AppState,
        _me: &CurrentUser,
        _records: &[Self::Record],
    ) -> impl Future<Output = Result<(), AppError>> + Send {
        async { Ok(()) }
    }

    /// The permission code a call needs, by verb (`list`, `add`, `edit`, `delete`, `export`,
    /// `import`): `{PERMISSION}:{verb}` unless the resource answers otherwise (the operation log
    /// names the action `{PERMISSION}:{verb}` either way).
    fn permission(verb: &str) -> String {
        format!("{}:{verb}", Self::PERMISSION)
    }

    /// Who may call at all, beyond the permission (403): e.g. only the platform's own tenant.
    fn authorize(_me: &CurrentUser) -> Result<(), AppError> {
        Ok(())
    }

    /// With [`Resource::PARENT`]: the parent a list names is in the caller's reach (else 404).
    fn check_parent(_state: &AppState, _me: &CurrentUser, _id: &str) -> impl Future<Output = Result<(), AppError>> + Send {
        async { Ok(()) }
    }

    /// What follows a write that succeeded: caches told, dependent rows kept in step.
    fn after_write(
        _state: &AppState,
        _me: &CurrentUser,
        _written: Written<'_, Self::Record>,
    ) -> impl Future<Output = Result<(), AppError>> + Send {
        async { Ok(()) }
    }
}

/// The calls a resource the layer only reads leaves out ([`Resource::OMIT`]): ledgers and views.
pub const READ_ONLY: &[&str] = &["add", "edit", "delete", "deleteBatch", "importExcel"];

/// The form of a [`READ_ONLY`] resource: it never receives one.
#[derive(Debug, serde::Deserialize, utoipa::ToSchema)]
pub struct NoForm {
    pub id: Option<String>,
}

/// The declared resources by list permission (`system:position:list`), filled as they are mounted:
/// the columns a data rule on their menu may name.
static DECLARED: std::sync::LazyLock<std::sync::RwLock<std::collections::HashMap<String, &'static [Field]>>> =
    std::sync::LazyLock::new(Default::default);

pub(crate) fn register<R: Resource>() {
    if !R::DATA_RULES {
        return;
    }
    if let Ok(mut declared) = DECLARED.write() {
        declared.insert(R::permission("list"), R::FIELDS);
    }
}

/// The columns data rules may name on the menu whose permission code is `list_permission`, when a
/// declared resource serves it.
pub fn rule_columns(list_permission: &str) -> Option<Vec<&'static str>> {
    let declared = DECLARED.read().ok()?;
    declared.get(list_permission).map(|fields| fields.iter().map(|f| f.column).filter(|c| !c.is_empty()).collect())
}

/// The record and form types of the usual resource, whose record and form carry an `id`, with
/// `id`, `label` (what names a record in the operation log: one of its fields, or an expression)
/// and `form_id`, inside the `impl Resource`: `record_form!(SupplierRecord, SupplierForm, code);`,
/// `record_form!(ItemRecord, ItemForm, |r| format!("{}={}", r.dict_code, r.item_value));`.
#[macro_export]
macro_rules! record_form {
    ($record:ty, $form:ty, $label:ident) => {
        $crate::record_form!($record, $form, |record| record.$label.clone());
    };
    ($record:ty, $form:ty, |$r:ident| $label:expr) => {
        type Record = $record;
        type Form = $form;

        fn id(record: &$record) -> String {
            record.id.clone()
        }

        fn label($r: &$record) -> String {
            $label
        }

        fn form_id(form: &$form) -> Option<&str> {
            form.id.as_deref()
        }
    };
}

/// The record and form types of a [`READ_ONLY`] resource (its form is [`NoForm`], `values` refuses),
/// with `id` and `label`, inside the `impl Resource`: `read_only!(TradeRecord, trade_no);`.
#[macro_export]
macro_rules! read_only {
    ($record:ty, $label:ident) => {
        $crate::read_only!($record, |record| record.$label.clone());
    };
    ($record:ty, |$r:ident| $label:expr) => {
        const OMIT: &'static [&'static str] = $crate::platform::resource::READ_ONLY;

        $crate::record_form!($record, $crate::platform::resource::NoForm, |$r| $label);

        async fn values(
            _: &$crate::state::AppState,
            _: &$crate::system::auth::CurrentUser,
            _: &$crate::platform::resource::NoForm,
            _: Option<&$record>,
        ) -> $crate::platform::resource::Checked {
            Err($crate::platform::http::AppError::method_not_allowed())
        }
    };
}

/// Whose rows a request reaches: the scope's conditions and the role's data rules, as SQL.
pub(crate) fn scope_sql<R: Resource>(me: &CurrentUser, rules: &[ResolvedRule]) -> Sql {
    let mut sql = Sql::new(" WHERE 1 = 1");
    match R::SCOPE {
        Scope::Platform => {}
        Scope::Tenant => {
            sql.push(" AND tenant_id = ").bind(me.tenant_id);
        }
        Scope::Customer => {
            sql.push(" AND tenant_id = ").bind(me.tenant_id);
            if let Some(customer) = customer_of(me) {
                sql.push(" AND customer_id = ").bind(customer);
            }
        }
        Scope::User => {
            sql.push(" AND tenant_id = ").bind(me.tenant_id).push(" AND user_id = ").bind(me.user.id.clone());
        }
    }
    if let Some(deleted) = R::SOFT_DELETE {
        sql.push(" AND ").push(deleted).push(" = ").bind(false);
    }
    for rule in rules {
        rule_sql::<R>(&mut sql, rule);
    }
    sql
}

/// A record's customer when staff name it: a main account of the tenant.
pub const CUSTOMER: form::Reference = form::Reference {
    table: "sys_user",
    column: "id",
    also: " AND user_kind = 'customer' AND del_flag = 0",
    label: MessageKey::FieldCustomer,
};

/// The main account whose rows a customer or sub-account reaches; None for staff.
pub fn customer_of(me: &CurrentUser) -> Option<String> {
    match me.user.user_kind.as_str() {
        "customer" => Some(me.user.id.clone()),
        "sub_account" => Some(me.user.main_account_id.clone().unwrap_or_default()),
        _ => None,
    }
}

/// A value of a filter or rule as the column's kind; None when it cannot be one.
fn typed(kind: Kind, text: &str) -> Option<Value> {
    let text = text.trim();
    match kind {
        Kind::Text => Some(Value::Text(text.to_owned())),
        Kind::Small => text.parse::<i16>().ok().map(Value::Small),
        Kind::Int => text.parse::<i32>().ok().map(Value::Int),
        Kind::Big => text.parse::<i64>().ok().map(Value::Big),
        Kind::Bool => match text {
            "1" | "true" => Some(Value::Bool(true)),
            "0" | "false" => Some(Value::Bool(false)),
            _ => None,
        },
        Kind::Time => crate::platform::http::time::parse_instant(text).map(Value::Time),
    }
}

/// A record's key as bound: None when the text cannot be one (a tenant's id that is no number).
pub(crate) fn key<R: Resource>(text: &str) -> Option<Value> {
    typed(R::KEY_KIND, text)
}

/// One data rule as a condition; a rule naming a column the resource does not declare, or a value
/// the column cannot hold, lets nothing through (as the users' rules do).
fn rule_sql<R: Resource>(sql: &mut Sql, rule: &ResolvedRule) {
    let Some(field) = R::FIELDS.iter().find(|f| !f.column.is_empty() && f.column == rule.column) else {
        sql.push(" AND 1 = 0");
        return;
    };
    let column = field.column;
    let like = |sql: &mut Sql, pattern: String| {
        sql.push(" AND ").push(column).push(" LIKE ").bind(pattern).push(" ESCAPE '\\'");
    };
    let escaped = crate::platform::http::page::like_pattern(&rule.value);
    let bare = escaped.trim_matches('%').to_owned();
    match rule.condition {
        Condition::Like => like(sql, escaped),
        Condition::LeftLike => like(sql, format!("%{bare}")),
        Condition::RightLike => like(sql, format!("{bare}%")),
        Condition::In => {
            let values: Vec<Value> = rule.value.split(',').filter_map(|v| typed(field.kind, v)).collect();
            if values.is_empty() {
                sql.push(" AND 1 = 0");
            } else {
                sql.push(" AND ").push(column).push(" IN ").bind_list(values);
            }
        }
        op => match typed(field.kind, &rule.value) {
            None => {
                sql.push(" AND 1 = 0");
            }
            Some(v) => {
                let symbol = match op {
                    Condition::Ne => " <> ",
                    Condition::Gt => " > ",
                    Condition::Ge => " >= ",
                    Condition::Lt => " < ",
                    Condition::Le => " <= ",
                    _ => " = ",
                };
                sql.push(" AND ").push(column).push(symbol).bind(v);
            }
        },
    }
}

/// The filters a list or export request sets, as SQL; a value outside a `OneOf` is a 400.
pub(crate) fn filter_sql<R: Resource>(sql: &mut Sql, params: &std::collections::HashMap<String, String>) -> Result<(), AppError> {
    for f in R::FILTERS {
        let Some(text) = params.get(f.param).map(|v| v.trim()).filter(|v| !v.is_empty()) else {
            continue;
        };
        if let Match::From | Match::Until = f.matches {
            let bound = time_bound(text, matches!(f.matches, Match::Until))
                .ok_or_else(|| AppError::field(f.param, MessageKey::StatusInvalid))?;
            let symbol = if matches!(f.matches, Match::Until) { " < " } else { " >= " };
            for column in f.columns {
                sql.push(" AND ").push(column).push(symbol).bind(Value::Time(bound));
            }
            continue;
        }
        if let Match::AnyOf(max) = f.matches {
            any_of_sql(sql, f, text, max)?;
            continue;
        }
        if let Match::Positive | Match::Present = f.matches {
            let present = matches!(f.matches, Match::Present);
            let symbol = match text {
                "true" | "1" if present => " IS NOT NULL",
                "false" | "0" if present => " IS NULL",
                "true" | "1" => " > 0",
                "false" | "0" => " = 0",
                _ => return Err(AppError::field(f.param, MessageKey::StatusInvalid)),
            };
            for column in f.columns {
                sql.push(" AND ").push(column).push(symbol);
            }
            continue;
        }
        let value = match f.matches {
            Match::From | Match::Until | Match::AnyOf(_) | Match::Positive | Match::Present => continue,
            Match::Like | Match::Within { .. } => Value::Text(crate::platform::http::page::like_pattern(text)),
            Match::Prefix => Value::Text(crate::platform::http::page::prefix_pattern(text)),
            Match::LikeUpper => Value::Text(crate::platform::http::page::like_pattern(&text.to_uppercase())),
            Match::Exact => typed(f.kind, text).ok_or_else(|| AppError::field(f.param, MessageKey::StatusInvalid))?,
            Match::OneOf(allowed) => {
                if !allowed.contains(&text) {
                    return Err(AppError::field(f.param, MessageKey::StatusInvalid));
                }
                typed(f.kind, text).ok_or_else(|| AppError::field(f.param, MessageKey::StatusInvalid))?
            }
        };
        let like = matches!(f.matches, Match::Like | Match::Prefix | Match::LikeUpper | Match::Within { .. });
        if let Match::Within { column, table } = f.matches {
            sql.push(" AND ").push(column).push(" IN (SELECT id FROM ").push(table).push(" WHERE 1 = 1");
        }
        sql.push(" AND (");
        for (i, column) in f.columns.iter().enumerate() {
            if i > 0 {
                sql.push(" OR ");
            }
            sql.push(column);
            if like {
                sql.push(" LIKE ").bind(value.clone()).push(" ESCAPE '\\'");
            } else {
                sql.push(" = ").bind(value.clone());
            }
        }
        sql.push(")");
        if matches!(f.matches, Match::Within { .. }) {
            sql.push(")");
        }
    }
    Ok(())
}

/// `(c1 IN (…) OR c2 IN (…))` for the values pasted into an [`Match::AnyOf`] filter.
fn any_of_sql(sql: &mut Sql, f: &Filter, text: &str, max: usize) -> Result<(), AppError> {
    let mut values: Vec<&str> =
        text.split(|c: char| c.is_whitespace() || c == ',' || c == ';' || c == '，').filter(|v| !v.is_empty()).collect();
    values.sort_unstable();
    values.dedup();
    if values.len() > max {
        return Err(AppError::field(f.param, MessageKey::TooMany)
            .with("field", format!("@{}", MessageKey::FieldIds.key()))
            .with("max", max.to_string()));
    }
    let bound: Vec<Value> = values.iter().map(|v| Value::Text((*v).to_owned())).collect();
    sql.push(" AND (");
    for (i, column) in f.columns.iter().enumerate() {
        if i > 0 {
            sql.push(" OR ");
        }
        sql.push(column).push(" IN ").bind_list(bound.clone());
    }
    sql.push(")");
    Ok(())
}

/// A range bound as a stored (UTC) time: an instant as sent, or a date (`2026-11-24`) as its day in
/// the request's time zone (the start of the day, or for an end the start of the next one); an
/// end instant includes its own second.
pub(crate) fn time_bound(text: &str, end: bool) -> Option<chrono::NaiveDateTime> {
    use chrono::TimeZone;
    if let Ok(day) = chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        let day = if end { day.succ_opt()? } else { day };
        let zone = crate::platform::http::time::current_zone();
        let local = zone.from_local_datetime(&day.and_hms_opt(0, 0, 0)?).earliest()?;
        return Some(local.naive_utc());
    }
    let instant = crate::platform::http::time::parse_instant(text)?;
    Some(if end { instant + chrono::Duration::seconds(1) } else { instant })
}

/// The requested sort among the sortable fields (an unknown column is a 400): the column and
/// its direction.
fn sort_of<R: Resource>(page: &crate::platform::http::PageParams) -> Result<(&'static str, Order), AppError> {
    let sortable: Vec<&'static str> = R::FIELDS.iter().filter(|f| f.sortable).map(|f| f.name).collect();
    let (name, order) = page.sort(&sortable, R::DEFAULT_SORT)?;
    Ok((R::FIELDS.iter().find(|f| f.name == name).map_or(R::KEY, |f| f.column), order))
}

/// `ORDER BY` for the requested sort, with the key last (in the same direction) so that pages
/// never overlap and a keyset continues with one row-value comparison.
pub(crate) fn order_sql<R: Resource>(page: &crate::platform::http::PageParams) -> Result<String, AppError> {
    let (column, order) = sort_of::<R>(page)?;
    let direction = match order {
        Order::Asc => "ASC",
        Order::Desc => "DESC",
    };
    if column == R::KEY {
        return Ok(format!(" ORDER BY {column} {direction}"));
    }
    Ok(format!(" ORDER BY {column} {direction}, {} {direction}", R::KEY))
}

/// Keyset paging for deep pages: `after=<key of the previous page's last record>` continues the
/// same order right after that record, with no OFFSET to walk (the cost of page 10,000 is the cost
/// of page 1). The record's sort value is read first and bound as a value, so the cursor is exact
/// whatever the column's precision; a record out of reach continues from nothing (an empty page).
/// Sortable columns are NOT NULL (a NULL never compares).
pub(crate) async fn after_sql<R: Resource>(
    state: &AppState,
    sql: &mut Sql,
    page: &crate::platform::http::PageParams,
    after: &str,
) -> Result<(), AppError> {
    let (column, order) = sort_of::<R>(page)?;
    let key = R::KEY;
    let Some(after) = typed(R::KEY_KIND, after) else {
        sql.push(" AND 1 = 0");
        return Ok(());
    };
    let beyond = if order == Order::Asc { " > " } else { " < " };
    if column == key {
        sql.push(" AND ").push(key).push(beyond).bind(after);
        return Ok(());
    }
    // Bound as a value: inline as a subquery, SQLite's planner walked the whole index for a deep
    // page (140 ms over 300,000 orders).
    let kind = R::FIELDS.iter().find(|f| f.column == column).map_or(Kind::Text, |f| f.kind);
    let Some(anchor) = sort_value::<R>(state, column, kind, after.clone()).await? else {
        sql.push(" AND 1 = 0");
        return Ok(());
    };
    // The inclusive bound on the column alone is what an index on it seeks to; the row value (no
    // OR, which planners answer with other indexes) settles ties by the key.
    let bound = if order == Order::Asc { " >= " } else { " <= " };
    sql.push(" AND ").push(column).push(bound).bind(anchor.clone());
    sql.push(" AND (")
        .push(column)
        .push(", ")
        .push(key)
        .push(")")
        .push(beyond)
        .push("(")
        .bind(anchor)
        .push(", ")
        .bind(after)
        .push(")");
    Ok(())
}

/// The value of `column` (of `kind`) of the record whose key is `after`, None when there is none.
async fn sort_value<R: Resource>(state: &AppState, column: &str, kind: Kind, after: Value) -> Result<Option<Value>, AppError> {
    use diesel::sql_types::{BigInt, Bool, Integer, SmallInt, Text, Timestamp};

    let mut sql = Sql::new(&format!("SELECT {column} AS v FROM {} WHERE {} = ", R::TABLE, R::KEY));
    sql.bind(after);
    macro_rules! read {
        ($t:ty, $st:ty, $variant:expr) => {{
            #[derive(diesel::QueryableByName)]
            struct One {
                #[diesel(sql_type = $st)]
                v: $t,
            }
            let row: Option<One> = crate::with_conn!(&state.db, |conn| {
                diesel_async::RunQueryDsl::get_result(sql.query(), conn)
                    .await
                    .map(Some)
                    .or_else(|e| if e == diesel::result::Error::NotFound { Ok(None) } else { Err(e) })?
            });
            row.map(|r| $variant(r.v))
        }};
    }
    Ok(match kind {
        Kind::Text => read!(String, Text, Value::Text),
        Kind::Small => read!(i16, SmallInt, Value::Small),
        Kind::Int => read!(i32, Integer, Value::Int),
        Kind::Big => read!(i64, BigInt, Value::Big),
        Kind::Bool => read!(bool, Bool, Value::Bool),
        Kind::Time => read!(chrono::NaiveDateTime, Timestamp, Value::Time),
    })
}

//! Holds (`/logistics/wallet/hold/*`, staff): what orders have reserved and whether it was
//! captured, released or expired; and the reconciliation (`/logistics/wallet/reconcile`), which
//! checks the tenant's whole ledger against its accounts.

use diesel::QueryableByName;
use logistics_core::MessageKey;
use serde::Serialize;
use utoipa::ToSchema;

use super::ledger;
use super::money;
use crate::platform::caller::Caller;
use crate::platform::db::schema::wallet_hold_view;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiResult, AppError, ok};
use crate::platform::resource::{Field, Filter, Kind, Readable, Resource, Scope, customer_of};
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;

pub const HOLD_STATES: &[&str] = &["pending", "captured", "released", "expired"];

#[derive(QueryableByName)]
#[diesel(table_name = wallet_hold_view)]
pub struct HoldRow {
    id: String,
    customer_id: String,
    customer_username: String,
    currency: String,
    reference: String,
    amount: i64,
    state: String,
    captured: Option<i64>,
    expires_at: DateTime,
    create_time: DateTime,
    update_time: Option<DateTime>,
}

/// A hold an order placed on a customer's wallet.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HoldRecord {
    pub id: String,
    pub customer_id: String,
    pub customer_username: String,
    pub currency: String,
    /// What it is for (an order's serial number).
    pub reference: String,
    pub amount: String,
    /// pending, captured, released or expired.
    pub state: String,
    /// The final amount, once captured.
    pub captured: Option<String>,
    pub expires_at: DateTime,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

impl Readable for HoldRecord {
    type Row = HoldRow;

    fn from_row(r: HoldRow) -> HoldRecord {
        HoldRecord {
            amount: money(r.amount, &r.currency),
            captured: r.captured.map(|c| money(c, &r.currency)),
            id: r.id,
            customer_id: r.customer_id,
            customer_username: r.customer_username,
            currency: r.currency,
            reference: r.reference,
            state: r.state,
            expires_at: r.expires_at,
            create_time: r.create_time,
            update_time: r.update_time,
        }
    }
}

pub struct Holds;

impl Resource for Holds {
    const PATH: &'static str = "/logistics/wallet/hold";
    const PERMISSION: &'static str = "logistics:wallet:hold";
    const NOUN: &'static str = "hold";
    const PLURAL: &'static str = "holds";
    const TABLE: &'static str = "wallet_hold_view";
    const SCOPE: Scope = Scope::Customer;
    const FIELDS: &'static [Field] = &[
        Field::text("reference", "reference").sortable().titled(MessageKey::FieldReference),
        Field::text("customerUsername", "customer_username").titled(MessageKey::FieldCustomer),
        Field::text("currency", "currency").titled(MessageKey::FieldCurrency),
        Field::big("amount", "amount").sortable().titled(MessageKey::FieldAmount),
        Field::text("state", "state").sortable().titled(MessageKey::FieldState),
        Field::time("expiresAt", "expires_at").sortable().titled(MessageKey::FieldEndTime),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::one_of("state", &["state"], HOLD_STATES, Kind::Text, "pending, captured, released or expired."),
        Filter::like("reference", &["reference"], "Reference, substring."),
        Filter::like("customer", &["customer_username"], "The customer's user name, substring."),
        Filter::exact("currency", &["currency"], "Currency code."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const HAS_CREATE_BY: bool = false;

    crate::read_only!(HoldRecord, reference);

    fn authorize(me: &CurrentUser) -> Result<(), AppError> {
        if customer_of(me).is_some() { Err(AppError::forbidden()) } else { Ok(()) }
    }
}

/// The platform's and customers' totals in one currency.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrencyTotals {
    pub currency: String,
    /// Customers' balances, summed.
    pub customer_balance: String,
    pub customer_held: String,
    /// Money received (recharges), as the cash account owes it (negative).
    pub cash: String,
    /// Earned (captures, fees, debits less refunds and credits), as revenue holds it.
    pub revenue: String,
    /// All figures of the currency summed: zero when the ledger balances.
    pub total: String,
}

/// What the reconciliation found in the tenant's ledger.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReconcileResult {
    /// True when nothing below is off.
    pub balanced: bool,
    /// Accounts whose figures differ from the sum of their entries.
    pub accounts_off: Vec<String>,
    /// Trade numbers whose entries do not sum to zero.
    pub transfers_off: Vec<String>,
    /// Accounts whose held amount differs from their open holds.
    pub holds_off: Vec<String>,
    /// `customer/currency/tradeType` whose day figures (what the dashboards sum) differ from
    /// their entries.
    pub daily_off: Vec<String>,
    pub accounts: i64,
    pub entries: i64,
    pub currencies: Vec<CurrencyTotals>,
}

/// Checks the tenant's ledger: every account's figures against its entries, every transfer sums
/// to zero, every held amount against its open holds, the dashboards' day figures against the
/// entries; with each currency's totals.
#[utoipa::path(get, path = "/logistics/wallet/reconcile", tag = "logistics",
    responses((status = 200, body = crate::platform::http::Envelope<ReconcileResult>), (status = 403)))]
pub async fn reconcile(Caller(state, me): Caller) -> ApiResult<ReconcileResult> {
    if customer_of(&me).is_some() {
        return Err(AppError::forbidden());
    }
    grants::require(&state, &me, "logistics:wallet:reconcile").await?;
    let found = ledger::reconcile(&state.db, Some(me.tenant_id)).await?;
    let totals = ledger::totals(&state.db, me.tenant_id).await?;
    let currencies = totals
        .into_iter()
        .map(|t| CurrencyTotals {
            customer_balance: money(t.customer_balance, &t.currency),
            customer_held: money(t.customer_held, &t.currency),
            cash: money(t.cash, &t.currency),
            revenue: money(t.revenue, &t.currency),
            total: money(t.customer_balance + t.cash + t.revenue, &t.currency),
            currency: t.currency,
        })
        .collect();
    ok(ReconcileResult {
        balanced: found.balanced(),
        accounts_off: found.accounts_off,
        transfers_off: found.transfers_off,
        holds_off: found.holds_off,
        daily_off: found.daily_off,
        accounts: found.accounts,
        entries: found.entries,
        currencies,
    })
}

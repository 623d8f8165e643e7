//! Customers' accounts (`/logistics/wallet/account/*`): a customer sees its own per currency,
//! staff the tenant's; staff set credit limits (advance payment), freeze and unfreeze, and adjust
//! a balance (credit or debit, with a reason, through the ledger: no figure is ever edited).

use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::json::Value as CoreValue;
use logistics_core::wallet;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ledger::{self, Details, Operation, TradeType, Wallet};
use super::money;
use crate::platform::caller::Caller;
use crate::platform::db::schema::{sys_user, wallet_customer_account};
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, AppError, ok};
use crate::platform::resource::form::{one_of, required};
use crate::platform::resource::handlers::all;
use crate::platform::resource::sql::Sql;
use crate::platform::resource::{Field, Filter, Readable, Resource, Scope, customer_of};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::with_conn;

/// An account's row as the view reads it.
#[derive(QueryableByName)]
#[diesel(table_name = wallet_customer_account)]
pub struct AccountRow {
    id: String,
    customer_id: String,
    customer_username: String,
    customer_name: String,
    currency: String,
    balance: i64,
    held: i64,
    credit_limit: i64,
    available: i64,
    status: i16,
    create_time: DateTime,
    update_time: Option<DateTime>,
}

/// A customer's account in one currency. Amounts are decimal text in the currency's places.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountRecord {
    pub id: String,
    /// The main account that owns the wallet.
    pub customer_id: String,
    pub customer_username: String,
    pub customer_name: String,
    pub currency: String,
    /// Posted money.
    pub balance: String,
    /// Reserved by open holds.
    pub held: String,
    /// Advance payment allowed by staff.
    pub credit_limit: String,
    /// balance − held + credit limit: what can still be spent.
    pub available: String,
    /// 1 active, 0 frozen (no debit or hold).
    pub status: i16,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

impl Readable for AccountRecord {
    type Row = AccountRow;

    fn from_row(r: AccountRow) -> AccountRecord {
        AccountRecord {
            balance: money(r.balance, &r.currency),
            held: money(r.held, &r.currency),
            credit_limit: money(r.credit_limit, &r.currency),
            available: money(r.available, &r.currency),
            id: r.id,
            customer_id: r.customer_id,
            customer_username: r.customer_username,
            customer_name: r.customer_name,
            currency: r.currency,
            status: r.status,
            create_time: r.create_time,
            update_time: r.update_time,
        }
    }
}

pub struct Accounts;

impl Resource for Accounts {
    const PATH: &'static str = "/logistics/wallet/account";
    const PERMISSION: &'static str = "logistics:wallet:account";
    const NOUN: &'static str = "wallet account";
    const PLURAL: &'static str = "wallet-accounts";
    const TABLE: &'static str = "wallet_customer_account";
    const SCOPE: Scope = Scope::Customer;
    const FIELDS: &'static [Field] = &[
        Field::text("customerUsername", "customer_username").sortable().titled(MessageKey::FieldCustomer),
        Field::text("customerName", "customer_name"),
        Field::text("currency", "currency").sortable().titled(MessageKey::FieldCurrency),
        Field::big("balance", "balance").sortable().titled(MessageKey::FieldBalance),
        Field::big("held", "held").sortable().titled(MessageKey::FieldHeld),
        Field::big("creditLimit", "credit_limit").sortable().titled(MessageKey::FieldCreditLimit),
        Field::big("available", "available").sortable().titled(MessageKey::FieldAvailable),
        Field::small("status", "status").sortable(),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("customer", &["customer_username", "customer_name"], "The customer's user name or name, substring."),
        Filter::exact("currency", &["currency"], "Currency code."),
        Filter::status("status", &["status"], "1 active, 0 frozen."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("customerUsername", Order::Asc);
    const HAS_CREATE_BY: bool = false;

    crate::read_only!(AccountRecord, |record| format!("{}/{}", record.customer_username, record.currency));
}

/// Which wallet a staff call names: a customer (main account) of the tenant and a currency.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountKey {
    #[serde(default)]
    pub customer_id: String,
    #[serde(default)]
    pub currency: String,
}

impl AccountKey {
    /// The customer is a main customer account of the caller's tenant (else 404), the currency
    /// one the wallet keeps (else 400).
    async fn check<'a>(&'a self, state: &AppState, me: &CurrentUser) -> Result<Wallet<'a>, AppError> {
        if wallet::minor_places(&self.currency).is_none() {
            return Err(AppError::field("currency", MessageKey::CurrencyUnsupported).with("currency", self.currency.clone()));
        }
        let found: i64 = with_conn!(&state.db, |conn| {
            sys_user::table
                .filter(sys_user::id.eq(&self.customer_id))
                .filter(sys_user::tenant_id.eq(me.tenant_id))
                .filter(sys_user::user_kind.eq("customer"))
                .count()
                .get_result(conn)
                .await?
        });
        if found == 0 {
            return Err(AppError::not_found());
        }
        Ok(Wallet { tenant_id: me.tenant_id, customer_id: &self.customer_id, currency: &self.currency })
    }
}

/// Staff only: customers and sub-accounts never change accounts' terms or balances.
async fn staff(state: &AppState, me: &CurrentUser, permission: &str) -> Result<(), AppError> {
    if customer_of(me).is_some() {
        return Err(AppError::forbidden());
    }
    grants::require(state, me, permission).await.map(drop)
}

/// The account as the list shows it (created empty on first use).
async fn record(state: &AppState, me: &CurrentUser, wallet: Wallet<'_>) -> Result<AccountRecord, AppError> {
    ledger::open(&state.db, wallet).await?;
    let mut conditions = Sql::new(" AND customer_id = ");
    conditions.bind(wallet.customer_id.to_owned()).push(" AND currency = ").bind(wallet.currency.to_owned());
    all::<Accounts>(state, me, conditions, "").await?.into_iter().next().ok_or_else(AppError::not_found)
}

fn reason(text: &str) -> Result<String, AppError> {
    required("reason", MessageKey::FieldReason, text, 255)
}

#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreditForm {
    #[serde(flatten)]
    pub account: AccountKey,
    /// Decimal text, zero or more, in the currency's places.
    #[schema(value_type = String)]
    #[serde(default)]
    pub credit_limit: serde_json::Value,
    #[serde(default)]
    pub reason: String,
}

/// Sets a customer's credit limit in a currency (advance payment; 0 ends it).
#[utoipa::path(post, path = "/logistics/wallet/account/creditLimit", tag = "logistics", request_body = CreditForm,
    responses((status = 200, body = crate::platform::http::Envelope<AccountRecord>), (status = 400), (status = 403), (status = 404)))]
pub async fn credit_limit(Caller(state, me): Caller, ApiJson(form): ApiJson<CreditForm>) -> Result<Response, AppError> {
    staff(&state, &me, "logistics:wallet:account:credit").await?;
    let wallet = form.account.check(&state, &me).await?;
    let limit = wallet::read_limit("creditLimit", Some(&CoreValue::from(&form.credit_limit)), wallet.currency)?;
    let reason = reason(&form.reason)?;
    let before = record(&state, &me, wallet).await?;
    ledger::set_terms(&state.db, wallet, ledger::Terms::CreditLimit(limit)).await?;
    let after = record(&state, &me, wallet).await?;
    let action = format!("logistics:wallet:account:credit ({reason})");
    logs::edited(&state.db, &me, &action, &Accounts::label(&after), &before, &after).await;
    Ok(ok(after)?.into_response())
}

#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FreezeForm {
    #[serde(flatten)]
    pub account: AccountKey,
    /// 0 freezes (no debit or hold), 1 unfreezes.
    pub status: Option<i16>,
    #[serde(default)]
    pub reason: String,
}

/// Freezes or unfreezes a customer's account in a currency.
#[utoipa::path(post, path = "/logistics/wallet/account/frozen", tag = "logistics", request_body = FreezeForm,
    responses((status = 200, body = crate::platform::http::Envelope<AccountRecord>), (status = 400), (status = 403), (status = 404)))]
pub async fn frozen(Caller(state, me): Caller, ApiJson(form): ApiJson<FreezeForm>) -> Result<Response, AppError> {
    staff(&state, &me, "logistics:wallet:account:frozen").await?;
    let wallet = form.account.check(&state, &me).await?;
    let status = match form.status {
        Some(s @ (0 | 1)) => s,
        _ => return Err(AppError::field("status", MessageKey::StatusInvalid)),
    };
    let reason = reason(&form.reason)?;
    let before = record(&state, &me, wallet).await?;
    ledger::set_terms(&state.db, wallet, ledger::Terms::Status(status)).await?;
    let after = record(&state, &me, wallet).await?;
    let action = format!("logistics:wallet:account:frozen ({reason})");
    logs::edited(&state.db, &me, &action, &Accounts::label(&after), &before, &after).await;
    Ok(ok(after)?.into_response())
}

#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdjustForm {
    #[serde(flatten)]
    pub account: AccountKey,
    /// `credit` (money in, from revenue) or `debit` (money out, to revenue).
    pub direction: Option<String>,
    /// Decimal text, positive, in the currency's places.
    #[schema(value_type = String)]
    #[serde(default)]
    pub amount: serde_json::Value,
    #[serde(default)]
    pub reason: String,
}

/// What a money-moving call answers: the trade number and the account's figures after it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostedRecord {
    pub trade_no: String,
    pub currency: String,
    pub balance: String,
    pub held: String,
}

impl PostedRecord {
    pub fn of(posted: ledger::Posted, currency: &str) -> PostedRecord {
        PostedRecord {
            trade_no: posted.trade_no,
            currency: currency.to_owned(),
            balance: money(posted.balance, currency),
            held: money(posted.held, currency),
        }
    }
}

/// A staff adjustment of a customer's balance (`Idempotency-Key` honoured): an `adjustment`
/// entry against revenue, the reason as its remark. A debit may not take the available amount
/// below zero.
#[utoipa::path(post, path = "/logistics/wallet/adjust", tag = "logistics", request_body = AdjustForm,
    params(("Idempotency-Key" = Option<String>, Header, description = "Replays the first answer for the same key and body")),
    responses((status = 200, body = crate::platform::http::Envelope<PostedRecord>), (status = 400), (status = 403),
        (status = 404), (status = 409, description = "The same key is in flight"), (status = 422, description = "The key was used for another request")))]
pub async fn adjust(
    Caller(state, me): Caller,
    headers: HeaderMap,
    ApiJson(form): ApiJson<AdjustForm>,
) -> Result<Response, AppError> {
    staff(&state, &me, "logistics:wallet:adjust").await?;
    super::once(&state, &me, &headers, "POST /logistics/wallet/adjust", &form, async {
        let wallet = form.account.check(&state, &me).await?;
        let direction = one_of("direction", MessageKey::FieldTradeType, &form.direction, &["credit", "debit"])?
            .ok_or_else(|| AppError::field("direction", MessageKey::StatusInvalid))?;
        let amount = wallet::read_amount("amount", Some(&CoreValue::from(&form.amount)), wallet.currency)?;
        let reason = reason(&form.reason)?;
        let movement = if direction == "credit" { wallet::Movement::Credit(amount) } else { wallet::Movement::Debit(amount) };
        let details = Details {
            payment_type: Some(direction.clone()),
            operator: Some(me.user.username.clone()),
            remark: Some(reason.clone()),
            ..Details::default()
        };
        let posted = ledger::transfer(&state.db, wallet, Operation::Move(movement), TradeType::Adjustment, &details).await?;
        let record = PostedRecord::of(posted, wallet.currency);
        let action = format!("logistics:wallet:adjust ({reason})");
        let target = format!("{}/{} {direction} {}", wallet.customer_id, wallet.currency, money(amount, wallet.currency));
        logs::added(&state.db, &me, &action, &target, &record).await;
        Ok(ok(record)?.into_response())
    })
    .await
}

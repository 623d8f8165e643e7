//! The ledger: every movement of a customer's money is one transfer, written in one transaction as
//! entries that sum to zero (core's [`wallet::legs`]: the customer's account against the
//! platform's cash, revenue or holds account), each account's row updated with its new figures
//! and its entry count. No row of an entry is ever changed afterwards.
//!
//! Concurrency: the customer's row is locked first (an UPDATE that changes nothing takes the row
//! lock on PostgreSQL; SQLite writes one transaction at a time), core decides from the figures
//! read under that lock whether the movement is allowed, and the platform's rows follow in core's
//! fixed order, so two transfers never wait on each other in a circle. A hold's reference is
//! unique per tenant and a hold leaves `pending` once, in the same transaction as its money.

use chrono::{NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::wallet::{self, Account, Movement, Side};

use crate::on_tx;
use crate::platform::db::schema::{wallet_account, wallet_daily, wallet_entry, wallet_hold};
use crate::platform::db::{Db, Tx};
use crate::platform::http::AppError;
use crate::platform::secrets;

/// What a movement is, as the trade records name it (`tradeType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TradeType {
    Recharge,
    Withhold,
    Capture,
    Release,
    Refund,
    Adjustment,
    Fee,
    Expire,
}

impl TradeType {
    pub fn as_str(self) -> &'static str {
        match self {
            TradeType::Recharge => "recharge",
            TradeType::Withhold => "withhold",
            TradeType::Capture => "capture",
            TradeType::Release => "release",
            TradeType::Refund => "refund",
            TradeType::Adjustment => "adjustment",
            TradeType::Fee => "fee",
            TradeType::Expire => "expire",
        }
    }
}

fn side_kind(side: Side) -> &'static str {
    match side {
        Side::Customer => "customer",
        Side::Cash => "cash",
        Side::Revenue => "revenue",
        Side::Holds => "holds",
    }
}

/// A customer's wallet in one currency: the tenant, the main account that owns it.
#[derive(Clone, Copy, Debug)]
pub struct Wallet<'a> {
    pub tenant_id: i32,
    pub customer_id: &'a str,
    pub currency: &'a str,
}

/// What a transfer records besides its amounts.
#[derive(Clone, Debug, Default)]
pub struct Details {
    pub trade_item: Option<String>,
    pub out_trade_no: Option<String>,
    pub payment_type: Option<String>,
    pub payment_channel: Option<String>,
    pub operator: Option<String>,
    pub remark: Option<String>,
}

/// What moves: money itself, or a hold by its reference.
#[derive(Clone, Copy, Debug)]
pub enum Operation<'a> {
    /// Money in (a recharge when `TradeType::Recharge`, else from revenue) or out.
    Move(Movement),
    /// Reserve `amount` for `reference` until `expires_at`.
    Hold { reference: &'a str, amount: i64, expires_at: NaiveDateTime },
    /// Post `amount` against `reference`'s open hold and release it.
    Capture { reference: &'a str, amount: i64 },
    /// Void `reference`'s open hold (`expired`: the hold ran out rather than being released).
    Release { reference: &'a str, expired: bool },
}

/// The customer's figures after a transfer, as its entry records them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Posted {
    pub trade_no: String,
    pub balance: i64,
    pub held: i64,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = wallet_account)]
struct Figures {
    id: String,
    balance: i64,
    held: i64,
    credit_limit: i64,
    seq: i64,
    status: i16,
}

/// Moves money as `operation` says, atomically: all its entries and figures, or nothing and the
/// reason (insufficient balance, a frozen account, a hold taken or not open, an amount out of
/// range). Its own transaction; [`post`] takes part in the caller's.
pub async fn transfer(
    db: &Db,
    wallet: Wallet<'_>,
    operation: Operation<'_>,
    trade_type: TradeType,
    details: &Details,
) -> Result<Posted, AppError> {
    crate::transaction!(db, |tx| post(tx, wallet, operation, trade_type, details).await)
}

/// The figures of a customer's account, its row locked until the end of the transaction (an
/// UPDATE that changes nothing takes the row lock on PostgreSQL; SQLite writes one transaction at
/// a time). On first use it and the platform's rows of the tenant and currency are created empty
/// (together, so a customer row found means the platform's exist too).
async fn lock(tx: &mut Tx<'_>, wallet: Wallet<'_>, now: NaiveDateTime) -> Result<Figures, AppError> {
    let tenant_id = wallet.tenant_id;
    macro_rules! locked {
        () => {
            on_tx!(tx, |c| diesel::update(
                wallet_account::table
                    .filter(wallet_account::tenant_id.eq(tenant_id))
                    .filter(wallet_account::kind.eq(side_kind(Side::Customer)))
                    .filter(wallet_account::customer_id.eq(wallet.customer_id))
                    .filter(wallet_account::currency.eq(wallet.currency)),
            )
            .set(wallet_account::seq.eq(wallet_account::seq))
            .returning(Figures::as_returning())
            .get_result::<Figures>(c)
            .await
            .optional())?
        };
    }
    if let Some(found) = locked!() {
        return Ok(found);
    }
    let shard = shard_of(wallet.customer_id);
    for side in [Side::Customer, Side::Cash, Side::Revenue, Side::Holds] {
        let customer = if side == Side::Customer { wallet.customer_id } else { shard.as_str() };
        on_tx!(tx, |c| diesel::insert_into(wallet_account::table)
            .values((
                wallet_account::id.eq(secrets::new_id()),
                wallet_account::tenant_id.eq(tenant_id),
                wallet_account::kind.eq(side_kind(side)),
                wallet_account::customer_id.eq(customer),
                wallet_account::currency.eq(wallet.currency),
                wallet_account::create_time.eq(now),
            ))
            .on_conflict_do_nothing()
            .execute(c)
            .await)?;
    }
    locked!().ok_or_else(|| AppError::internal("a wallet account missing after its creation"))
}

/// [`transfer`] inside the caller's transaction (an order's): the caller commits or rolls back.
pub async fn post(
    tx: &mut Tx<'_>,
    wallet: Wallet<'_>,
    operation: Operation<'_>,
    trade_type: TradeType,
    details: &Details,
) -> Result<Posted, AppError> {
    if wallet::minor_places(wallet.currency).is_none() {
        return Err(AppError::bad_request(MessageKey::CurrencyUnsupported).with("currency", wallet.currency));
    }
    let now = Utc::now().naive_utc();
    let trade_no = secrets::new_id();
    let tenant_id = wallet.tenant_id;
    let mine = lock(tx, wallet, now).await?;

    // The hold's side of it: taken once, left `pending` once.
    let movement = match operation {
        Operation::Move(movement) => movement,
        Operation::Hold { reference, amount, expires_at } => {
            let taken = on_tx!(tx, |c| diesel::insert_into(wallet_hold::table)
                .values((
                    wallet_hold::id.eq(secrets::new_id()),
                    wallet_hold::tenant_id.eq(tenant_id),
                    wallet_hold::account_id.eq(&mine.id),
                    wallet_hold::reference.eq(reference),
                    wallet_hold::amount.eq(amount),
                    wallet_hold::state.eq("pending"),
                    wallet_hold::expires_at.eq(expires_at),
                    wallet_hold::create_time.eq(now),
                ))
                .on_conflict_do_nothing()
                .execute(c)
                .await)?;
            if taken == 0 {
                return Err(AppError::conflict(MessageKey::WalletHoldTaken).with("reference", reference));
            }
            Movement::Hold(amount)
        }
        Operation::Capture { reference, .. } | Operation::Release { reference, .. } => {
            let (state, captured) = match operation {
                Operation::Capture { amount, .. } => ("captured", Some(amount)),
                Operation::Release { expired: true, .. } => ("expired", None),
                _ => ("released", None),
            };
            let held: Option<i64> = on_tx!(tx, |c| diesel::update(
                wallet_hold::table
                    .filter(wallet_hold::tenant_id.eq(tenant_id))
                    .filter(wallet_hold::reference.eq(reference))
                    .filter(wallet_hold::account_id.eq(&mine.id))
                    .filter(wallet_hold::state.eq("pending")),
            )
            .set((wallet_hold::state.eq(state), wallet_hold::captured.eq(captured), wallet_hold::update_time.eq(now)))
            .returning(wallet_hold::amount)
            .get_result(c)
            .await
            .optional())?;
            let held = held.ok_or_else(|| AppError::conflict(MessageKey::WalletHoldNotPending).with("reference", reference))?;
            match captured {
                Some(amount) => Movement::Capture { held, amount },
                None => Movement::Release(held),
            }
        }
    };
    let spends = matches!(movement, Movement::Debit(_) | Movement::Hold(_));
    if spends && mine.status != 1 {
        return Err(AppError::refused(MessageKey::WalletFrozen));
    }
    let before = Account { balance: mine.balance, held: mine.held, credit_limit: mine.credit_limit };
    let after = wallet::apply(before, movement).map_err(AppError::bad_request)?;

    let mut posted = None;
    // The movement's entries, written together once every account is moved.
    let mut entries = Vec::new();
    for leg in wallet::legs(movement, trade_type == TradeType::Recharge) {
        let (account_id, balance, held, seq) = if leg.side == Side::Customer {
            let seq = mine.seq + 1;
            on_tx!(tx, |c| diesel::update(wallet_account::table.filter(wallet_account::id.eq(&mine.id)))
                .set((
                    wallet_account::balance.eq(after.balance),
                    wallet_account::held.eq(after.held),
                    wallet_account::seq.eq(seq),
                    wallet_account::update_time.eq(now),
                ))
                .execute(c)
                .await)?;
            posted = Some(Posted { trade_no: trade_no.clone(), balance: after.balance, held: after.held });
            (mine.id.clone(), after.balance, after.held, seq)
        } else {
            // The platform's side has no limit: it is where customers' money comes from and goes.
            // Its accounts are sharded by customer, so transfers of different customers seldom
            // wait on the same row; a customer from before the shards gets its shard's rows now.
            let shard = shard_of(wallet.customer_id);
            let mut moved = None;
            for _ in 0..2 {
                moved = on_tx!(tx, |c| diesel::update(
                    wallet_account::table
                        .filter(wallet_account::tenant_id.eq(tenant_id))
                        .filter(wallet_account::kind.eq(side_kind(leg.side)))
                        .filter(wallet_account::customer_id.eq(&shard))
                        .filter(wallet_account::currency.eq(wallet.currency)),
                )
                .set((
                    wallet_account::balance.eq(wallet_account::balance + leg.amount),
                    wallet_account::held.eq(wallet_account::held + leg.held),
                    wallet_account::seq.eq(wallet_account::seq + 1),
                    wallet_account::update_time.eq(now),
                ))
                .returning((wallet_account::id, wallet_account::balance, wallet_account::held, wallet_account::seq))
                .get_result::<(String, i64, i64, i64)>(c)
                .await
                .optional())?;
                if moved.is_some() {
                    break;
                }
                on_tx!(tx, |c| diesel::insert_into(wallet_account::table)
                    .values((
                        wallet_account::id.eq(secrets::new_id()),
                        wallet_account::tenant_id.eq(tenant_id),
                        wallet_account::kind.eq(side_kind(leg.side)),
                        wallet_account::customer_id.eq(&shard),
                        wallet_account::currency.eq(wallet.currency),
                        wallet_account::create_time.eq(now),
                    ))
                    .on_conflict_do_nothing()
                    .execute(c)
                    .await)?;
            }
            moved.ok_or_else(|| AppError::internal("a platform account missing after its creation"))?
        };
        let customer_id = if leg.side == Side::Customer { wallet.customer_id } else { "" };
        entries.push((
            wallet_entry::id.eq(secrets::new_id()),
            wallet_entry::tenant_id.eq(tenant_id),
            wallet_entry::account_id.eq(account_id),
            wallet_entry::customer_id.eq(customer_id),
            wallet_entry::currency.eq(wallet.currency),
            wallet_entry::seq.eq(seq),
            wallet_entry::trade_no.eq(&trade_no),
            wallet_entry::trade_type.eq(trade_type.as_str()),
            wallet_entry::trade_item.eq(&details.trade_item),
            wallet_entry::out_trade_no.eq(&details.out_trade_no),
            wallet_entry::payment_type.eq(&details.payment_type),
            wallet_entry::payment_channel.eq(&details.payment_channel),
            wallet_entry::amount.eq(leg.amount),
            wallet_entry::held_change.eq(leg.held),
            wallet_entry::balance_after.eq(balance),
            wallet_entry::held_after.eq(held),
            wallet_entry::operator.eq(&details.operator),
            wallet_entry::remark.eq(&details.remark),
            wallet_entry::create_time.eq(now),
        ));
        if leg.side == Side::Customer {
            // The day's figures the dashboards read, kept in step in the same transaction.
            let day = super::business_day(now);
            on_tx!(tx, |c| diesel::insert_into(wallet_daily::table)
                .values((
                    wallet_daily::tenant_id.eq(tenant_id),
                    wallet_daily::customer_id.eq(customer_id),
                    wallet_daily::currency.eq(wallet.currency),
                    wallet_daily::day.eq(&day),
                    wallet_daily::trade_type.eq(trade_type.as_str()),
                    wallet_daily::amount.eq(leg.amount),
                    wallet_daily::held_change.eq(leg.held),
                    wallet_daily::entries.eq(1i64),
                ))
                .on_conflict((
                    wallet_daily::tenant_id,
                    wallet_daily::customer_id,
                    wallet_daily::currency,
                    wallet_daily::day,
                    wallet_daily::trade_type,
                ))
                .do_update()
                .set((
                    wallet_daily::amount.eq(wallet_daily::amount + leg.amount),
                    wallet_daily::held_change.eq(wallet_daily::held_change + leg.held),
                    wallet_daily::entries.eq(wallet_daily::entries + 1i64),
                ))
                .execute(c)
                .await)?;
        }
    }
    match tx {
        // One statement on PostgreSQL; SQLite cannot batch rows with nullable values (Diesel),
        // and its statements cost no round trip.
        Tx::Postgres(c) => {
            diesel::insert_into(wallet_entry::table).values(&entries).execute(&mut **c).await?;
        }
        Tx::Sqlite(c) => {
            for entry in &entries {
                diesel::insert_into(wallet_entry::table).values(entry).execute(&mut **c).await?;
            }
        }
    }
    posted.ok_or_else(|| AppError::internal("a transfer without the customer's leg"))
}

/// How many accounts each side of the platform is spread over, per tenant and currency.
pub const PLATFORM_SHARDS: u32 = 16;

/// The platform accounts' `customer_id` for a customer's transfers (`#00` … `#15`): a stable hash
/// (FNV-1a) of the customer, so one customer always moves the same shard.
pub fn shard_of(customer_id: &str) -> String {
    let hash = customer_id.bytes().fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193));
    format!("#{:02}", hash % PLATFORM_SHARDS)
}

/// Opens a customer's account (and the platform's of its currency) if it is not open yet.
pub async fn open(db: &Db, wallet: Wallet<'_>) -> Result<(), AppError> {
    let now = Utc::now().naive_utc();
    crate::transaction!(db, |tx| lock(tx, wallet, now).await.map(drop))
}

/// What staff may change about an account besides its money.
#[derive(Clone, Copy, Debug)]
pub enum Terms {
    /// Advance payment allowed, in minor units (0: none).
    CreditLimit(i64),
    /// 1 active, 0 frozen.
    Status(i16),
}

/// Changes an account's terms, its row locked as a transfer locks it (so no transfer decides on
/// the figures before and writes after).
pub async fn set_terms(db: &Db, wallet: Wallet<'_>, terms: Terms) -> Result<(), AppError> {
    let now = Utc::now().naive_utc();
    crate::transaction!(db, |tx| {
        let mine = lock(tx, wallet, now).await?;
        let target = wallet_account::table.filter(wallet_account::id.eq(&mine.id));
        match terms {
            Terms::CreditLimit(limit) => on_tx!(tx, |c| diesel::update(target)
                .set((wallet_account::credit_limit.eq(limit), wallet_account::update_time.eq(now)))
                .execute(c)
                .await)?,
            Terms::Status(status) => on_tx!(tx, |c| diesel::update(target)
                .set((wallet_account::status.eq(status), wallet_account::update_time.eq(now)))
                .execute(c)
                .await)?,
        };
        Ok::<(), AppError>(())
    })
}

/// Releases every hold still open after its expiry time (`expired`, with an `expire` entry);
/// returns how many. Each in its own transaction: a hold captured meanwhile is left alone.
pub async fn expire_holds(db: &Db, now: NaiveDateTime) -> Result<usize, AppError> {
    let due: Vec<(i32, String, String, String)> = crate::with_conn!(db, |conn| {
        wallet_hold::table
            .inner_join(wallet_account::table)
            .filter(wallet_hold::state.eq("pending"))
            .filter(wallet_hold::expires_at.le(now))
            .select((wallet_hold::tenant_id, wallet_account::customer_id, wallet_account::currency, wallet_hold::reference))
            .load(conn)
            .await?
    });
    let mut expired = 0;
    for (tenant_id, customer_id, currency, reference) in due {
        let wallet = Wallet { tenant_id, customer_id: &customer_id, currency: &currency };
        let operation = Operation::Release { reference: &reference, expired: true };
        match transfer(db, wallet, operation, TradeType::Expire, &Details::default()).await {
            Ok(_) => expired += 1,
            Err(e) if e.error.key == MessageKey::WalletHoldNotPending => {}
            Err(e) => return Err(e),
        }
    }
    Ok(expired)
}

/// What the reconciliation found: every figure the ledger promises, checked from the entries.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reconciliation {
    /// Accounts whose balance, held amount or entry count differs from the sum of their entries.
    pub accounts_off: Vec<String>,
    /// Trade numbers whose entries do not sum to zero.
    pub transfers_off: Vec<String>,
    /// Customer accounts whose held amount differs from the sum of their open holds.
    pub holds_off: Vec<String>,
    pub accounts: i64,
    pub entries: i64,
}

impl Reconciliation {
    pub fn balanced(&self) -> bool {
        self.accounts_off.is_empty() && self.transfers_off.is_empty() && self.holds_off.is_empty()
    }
}

/// Checks the whole ledger of a tenant (None: every tenant) against its accounts.
pub async fn reconcile(db: &Db, tenant_id: Option<i32>) -> Result<Reconciliation, AppError> {
    #[derive(QueryableByName)]
    struct Off {
        #[diesel(sql_type = diesel::sql_types::Text)]
        id: String,
    }
    let scope = |column: &str| tenant_id.map(|t| format!(" AND {column} = {t}")).unwrap_or_default();
    let accounts_sql = format!(
        "SELECT a.id AS id FROM wallet_account a LEFT JOIN (SELECT account_id, SUM(amount) AS amount, SUM(held_change) AS held, \
         COUNT(*) AS n, MAX(seq) AS top FROM wallet_entry GROUP BY account_id) e ON e.account_id = a.id \
         WHERE (a.balance <> COALESCE(e.amount, 0) OR a.held <> COALESCE(e.held, 0) OR a.seq <> COALESCE(e.n, 0) \
         OR a.seq <> COALESCE(e.top, 0)){} ORDER BY a.id",
        scope("a.tenant_id")
    );
    let transfers_sql = format!(
        "SELECT trade_no AS id FROM wallet_entry WHERE 1 = 1{} GROUP BY trade_no \
         HAVING SUM(amount) <> 0 OR SUM(held_change) <> 0 ORDER BY trade_no",
        scope("tenant_id")
    );
    let holds_sql = format!(
        "SELECT a.id AS id FROM wallet_account a LEFT JOIN (SELECT account_id, SUM(amount) AS amount FROM wallet_hold \
         WHERE state = 'pending' GROUP BY account_id) h ON h.account_id = a.id \
         WHERE a.kind = 'customer' AND a.held <> COALESCE(h.amount, 0){} ORDER BY a.id",
        scope("a.tenant_id")
    );
    let counts_sql = format!(
        "SELECT (SELECT COUNT(*) FROM wallet_account WHERE 1 = 1{}) AS accounts, (SELECT COUNT(*) FROM wallet_entry WHERE 1 = 1{}) AS entries",
        scope("tenant_id"),
        scope("tenant_id")
    );
    #[derive(QueryableByName)]
    struct Counts {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        accounts: i64,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        entries: i64,
    }
    let ids = |rows: Vec<Off>| rows.into_iter().map(|r| r.id).collect::<Vec<_>>();
    let (accounts_off, transfers_off, holds_off, counts) = crate::with_conn!(db, |conn| {
        let a: Vec<Off> = diesel::sql_query(&accounts_sql).load(conn).await?;
        let t: Vec<Off> = diesel::sql_query(&transfers_sql).load(conn).await?;
        let h: Vec<Off> = diesel::sql_query(&holds_sql).load(conn).await?;
        let c: Counts = diesel::sql_query(&counts_sql).get_result(conn).await?;
        (a, t, h, c)
    });
    Ok(Reconciliation {
        accounts_off: ids(accounts_off),
        transfers_off: ids(transfers_off),
        holds_off: ids(holds_off),
        accounts: counts.accounts,
        entries: counts.entries,
    })
}

/// One currency's figures in a tenant, by side, in minor units.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub currency: String,
    pub customer_balance: i64,
    pub customer_held: i64,
    pub cash: i64,
    pub revenue: i64,
}

/// Each currency's figures in a tenant, summed by side (a few rows per currency: it reads the
/// accounts, not the entries).
pub async fn totals(db: &Db, tenant_id: i32) -> Result<Vec<Totals>, AppError> {
    #[derive(QueryableByName)]
    struct Side {
        #[diesel(sql_type = diesel::sql_types::Text)]
        currency: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        kind: String,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        balance: i64,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        held: i64,
    }
    let sql = format!(
        "SELECT currency, kind, CAST(COALESCE(SUM(balance), 0) AS BIGINT) AS balance, CAST(COALESCE(SUM(held), 0) AS BIGINT) AS held \
         FROM wallet_account WHERE tenant_id = {tenant_id} GROUP BY currency, kind ORDER BY currency, kind"
    );
    let rows: Vec<Side> = crate::with_conn!(db, |conn| diesel::sql_query(&sql).load(conn).await?);
    let rows = rows.into_iter().map(|r| (r.currency, r.kind, r.balance, r.held));
    let mut out: Vec<Totals> = Vec::new();
    for (currency, kind, balance, held) in rows {
        if out.last().is_none_or(|t| t.currency != currency) {
            out.push(Totals { currency: currency.clone(), ..Totals::default() });
        }
        let Some(t) = out.last_mut() else { continue };
        match kind.as_str() {
            "customer" => {
                t.customer_balance = balance;
                t.customer_held = held;
            }
            "cash" => t.cash = balance,
            "revenue" => t.revenue = balance,
            _ => {}
        }
    }
    Ok(out)
}

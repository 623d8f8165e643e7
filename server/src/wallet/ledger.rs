//! The ledger: every movement of a customer's money is one transfer, written in one transaction as
//! entries that sum to zero (core's [`wallet::legs`]: the customer's account against the
//! platform's cash, revenue or holds account), each account's row updated with its new figures
//! and its entry count. No row of an entry is ever changed afterwards.
//!
//! Concurrency: the customer's row is locked first (`FOR UPDATE` on PostgreSQL; SQLite writes one
//! transaction at a time), core decides from the figures read under that lock whether the
//! movement is allowed, and the platform's rows follow in core's fixed order, so two transfers
//! never wait on each other in a circle. A hold's reference is unique per tenant and a hold leaves
//! `pending` once, in the same transaction as its money, under its account's lock.
//!
//! Speed (`bench/README.md`): on SQLite a transfer's statements run on the connection's own thread
//! in one trip ([`on_sqlite`]); on PostgreSQL in two round trips besides `BEGIN` and `COMMIT`, as
//! statements each connection prepares once ([`on_postgres`]). The two write the same rows.

use chrono::{NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::wallet::{self, Account, Movement, Side};

use crate::on_tx;
use crate::platform::db::prepared::Keep;
use crate::platform::db::schema::{wallet_account, wallet_hold};
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
    /// The difference a re-weighed parcel makes to its order's captured charge.
    Reweigh,
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
            TradeType::Reweigh => "reweigh",
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
/// range). Its own transaction; [`post`] takes part in the caller's. On SQLite the whole
/// transaction runs in one trip to the connection's thread.
pub async fn transfer(
    db: &Db,
    wallet: Wallet<'_>,
    operation: Operation<'_>,
    trade_type: TradeType,
    details: &Details,
) -> Result<Posted, AppError> {
    let request = Request::new(wallet, operation, trade_type, details)?;
    match db {
        Db::Sqlite(pool, gate) => {
            let mut conn = gate.writer(pool).await?;
            let _counted = gate.count(false);
            conn.spawn_blocking(move |c| Ok(c.immediate_transaction(|c| on_sqlite::post(c, &request)))).await?
        }
        Db::Postgres(..) => crate::transaction!(data: db, |tx| post_request(tx, request).await),
    }
}

/// [`transfer`] inside the caller's transaction (an order's): the caller commits or rolls back.
pub async fn post(
    tx: &mut Tx<'_>,
    wallet: Wallet<'_>,
    operation: Operation<'_>,
    trade_type: TradeType,
    details: &Details,
) -> Result<Posted, AppError> {
    post_request(tx, Request::new(wallet, operation, trade_type, details)?).await
}

async fn post_request(tx: &mut Tx<'_>, request: Request) -> Result<Posted, AppError> {
    match tx {
        Tx::Sqlite(c) => c.spawn_blocking(move |c| Ok(on_sqlite::post(c, &request))).await?,
        Tx::Postgres(c) => on_postgres::post(c, &request).await,
    }
}

/// A transfer's input, owned: on SQLite it runs on the connection's own thread.
struct Request {
    tenant_id: i32,
    customer_id: String,
    currency: String,
    shard: String,
    operation: Op,
    trade_type: TradeType,
    details: Details,
    trade_no: String,
    now: NaiveDateTime,
}

/// [`Operation`], owned.
enum Op {
    Move(Movement),
    Hold { reference: String, amount: i64, expires_at: NaiveDateTime },
    Settle { reference: String, captured: Option<i64>, state: &'static str },
}

impl Request {
    fn new(wallet: Wallet<'_>, operation: Operation<'_>, trade_type: TradeType, details: &Details) -> Result<Self, AppError> {
        if wallet::minor_places(wallet.currency).is_none() {
            return Err(AppError::bad_request(MessageKey::CurrencyUnsupported).with("currency", wallet.currency));
        }
        let operation = match operation {
            Operation::Move(movement) => Op::Move(movement),
            Operation::Hold { reference, amount, expires_at } => Op::Hold { reference: reference.to_owned(), amount, expires_at },
            Operation::Capture { reference, amount } => {
                Op::Settle { reference: reference.to_owned(), captured: Some(amount), state: "captured" }
            }
            Operation::Release { reference, expired } => Op::Settle {
                reference: reference.to_owned(),
                captured: None,
                state: if expired { "expired" } else { "released" },
            },
        };
        Ok(Request {
            tenant_id: wallet.tenant_id,
            customer_id: wallet.customer_id.to_owned(),
            currency: wallet.currency.to_owned(),
            shard: shard_of(wallet.customer_id),
            operation,
            trade_type,
            details: details.clone(),
            trade_no: secrets::new_id(),
            now: Utc::now().naive_utc(),
        })
    }
}

/// The figures of a customer's account, its row locked until the end of the transaction (an
/// UPDATE that changes nothing takes the row lock on PostgreSQL; SQLite writes one transaction at
/// a time). On first use it and its shard's platform rows are created empty (together, so a
/// customer row found means its shard's exist too). For both backends' connections, as
/// [`transfer_steps!`].
macro_rules! lock_steps {
    ($c:ident, $tenant:expr, $customer:expr, $currency:expr, $shard:expr, $now:expr $(, $aw:tt)?) => {{
        let (tenant_id, customer, currency, shard, now): (i32, &str, &str, &str, chrono::NaiveDateTime) = ($tenant, $customer, $currency, $shard, $now);
        macro_rules! locked {
            () => {
                diesel::update(
                    wallet_account::table
                        .filter(wallet_account::tenant_id.eq(tenant_id))
                        .filter(wallet_account::kind.eq(side_kind(Side::Customer)))
                        .filter(wallet_account::customer_id.eq(customer))
                        .filter(wallet_account::currency.eq(currency)),
                )
                .set(wallet_account::seq.eq(wallet_account::seq))
                .returning(Figures::as_returning())
                .kept()
                .get_result::<Figures>($c)
                $(.$aw)?
                .optional()?
            };
        }
        match locked!() {
            Some(found) => found,
            None => {
                for side in [Side::Customer, Side::Cash, Side::Revenue, Side::Holds] {
                    let owner = if side == Side::Customer { customer } else { shard };
                    open_account!($c, tenant_id, side_kind(side), owner, currency, now $(, $aw)?);
                }
                locked!().ok_or_else(|| AppError::internal("a wallet account missing after its creation"))?
            }
        }
    }};
}

/// Creates an account row unless it exists.
macro_rules! open_account {
    ($c:ident, $tenant:expr, $kind:expr, $owner:expr, $currency:expr, $now:expr $(, $aw:tt)?) => {
        diesel::insert_into(wallet_account::table)
            .values((
                wallet_account::id.eq(secrets::new_id()),
                wallet_account::tenant_id.eq($tenant),
                wallet_account::kind.eq($kind),
                wallet_account::customer_id.eq($owner),
                wallet_account::currency.eq($currency),
                wallet_account::create_time.eq($now),
            ))
            .on_conflict_do_nothing()
            .execute($c)
            $(.$aw)??
    };
}

/// What a transfer's hold step found, read under the account's lock.
enum Step {
    /// No hold involved.
    Move,
    /// A new hold: whether its reference was free (and is now taken).
    Take(bool),
    /// A hold left `pending`: its amount, or None when no hold of the reference was pending.
    Settle(Option<i64>),
}

/// Core's decision on the figures read under the lock: the movement and the account after it, or
/// why not.
fn decide(r: &Request, mine: &Figures, step: Step) -> Result<(Movement, Account), AppError> {
    let movement = match (&r.operation, step) {
        (Op::Move(movement), _) => *movement,
        (Op::Hold { reference, amount, .. }, step) => {
            if !matches!(step, Step::Take(true)) {
                return Err(AppError::conflict(MessageKey::WalletHoldTaken).with("reference", reference.as_str()));
            }
            Movement::Hold(*amount)
        }
        (Op::Settle { reference, captured, .. }, step) => {
            let Step::Settle(Some(held)) = step else {
                return Err(AppError::conflict(MessageKey::WalletHoldNotPending).with("reference", reference.as_str()));
            };
            match captured {
                Some(amount) => Movement::Capture { held, amount: *amount },
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
    Ok((movement, after))
}

/// A transfer on SQLite, on the connection's own thread: its statements one after the other, each
/// without a trip between threads. Its own module: Diesel's blocking `RunQueryDsl`, not the async
/// one, is in scope there.
mod on_sqlite {
    use diesel::prelude::*;
    use logistics_core::wallet::{self, Side};

    use super::{Figures, Op, Posted, Request, Step, TradeType, decide, side_kind};
    use crate::platform::db::prepared::Keep;
    use crate::platform::db::schema::{wallet_account, wallet_daily, wallet_entry, wallet_hold};
    use crate::platform::http::AppError;
    use crate::platform::secrets;

    pub(super) fn post(c: &mut diesel::SqliteConnection, r: &Request) -> Result<Posted, AppError> {
        let tenant_id = r.tenant_id;
        let mine: Figures = lock_steps!(c, tenant_id, &r.customer_id, &r.currency, &r.shard, r.now);
        let step = match &r.operation {
            Op::Move(_) => Step::Move,
            Op::Hold { reference, amount, expires_at } => Step::Take(
                diesel::insert_into(wallet_hold::table)
                    .values((
                        wallet_hold::id.eq(secrets::new_id()),
                        wallet_hold::tenant_id.eq(tenant_id),
                        wallet_hold::account_id.eq(&mine.id),
                        wallet_hold::reference.eq(reference),
                        wallet_hold::amount.eq(amount),
                        wallet_hold::state.eq("pending"),
                        wallet_hold::expires_at.eq(expires_at),
                        wallet_hold::create_time.eq(r.now),
                    ))
                    .on_conflict_do_nothing()
                    .execute(c)?
                    == 1,
            ),
            Op::Settle { reference, captured, state } => Step::Settle(
                diesel::update(
                    wallet_hold::table
                        .filter(wallet_hold::tenant_id.eq(tenant_id))
                        .filter(wallet_hold::reference.eq(reference))
                        .filter(wallet_hold::account_id.eq(&mine.id))
                        .filter(wallet_hold::state.eq("pending")),
                )
                .set((wallet_hold::state.eq(*state), wallet_hold::captured.eq(captured), wallet_hold::update_time.eq(r.now)))
                .returning(wallet_hold::amount)
                .kept()
                .get_result(c)
                .optional()?,
            ),
        };
        let (movement, after) = decide(r, &mine, step)?;

        for leg in wallet::legs(movement, r.trade_type == TradeType::Recharge) {
            let (account_id, balance, held, seq) = if leg.side == Side::Customer {
                let seq = mine.seq + 1;
                diesel::update(wallet_account::table.filter(wallet_account::id.eq(&mine.id)))
                    .set((
                        wallet_account::balance.eq(after.balance),
                        wallet_account::held.eq(after.held),
                        wallet_account::seq.eq(seq),
                        wallet_account::update_time.eq(r.now),
                    ))
                    // Read back: Diesel's blocking `execute` would not keep it prepared.
                    .returning(wallet_account::seq)
                    .kept()
                    .get_result::<i64>(c)?;
                // The day's figures the dashboards read, kept in step in the same transaction.
                diesel::insert_into(wallet_daily::table)
                    .values((
                        wallet_daily::tenant_id.eq(tenant_id),
                        wallet_daily::customer_id.eq(&r.customer_id),
                        wallet_daily::currency.eq(&r.currency),
                        wallet_daily::day.eq(crate::wallet::business_day(r.now)),
                        wallet_daily::trade_type.eq(r.trade_type.as_str()),
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
                    .returning(wallet_daily::entries)
                    .kept()
                    .get_result::<i64>(c)?;
                (mine.id.clone(), after.balance, after.held, seq)
            } else {
                // The platform's side has no limit: it is where customers' money comes from and
                // goes. Its accounts are sharded by customer, so transfers of different customers
                // seldom wait on the same row; a customer from before the shards gets its shard's
                // rows now (an upsert, as on PostgreSQL).
                diesel::insert_into(wallet_account::table)
                    .values((
                        wallet_account::id.eq(secrets::new_id()),
                        wallet_account::tenant_id.eq(tenant_id),
                        wallet_account::kind.eq(side_kind(leg.side)),
                        wallet_account::customer_id.eq(&r.shard),
                        wallet_account::currency.eq(&r.currency),
                        wallet_account::balance.eq(leg.amount),
                        wallet_account::held.eq(leg.held),
                        wallet_account::seq.eq(1i64),
                        wallet_account::create_time.eq(r.now),
                        wallet_account::update_time.eq(r.now),
                    ))
                    .on_conflict((
                        wallet_account::tenant_id,
                        wallet_account::kind,
                        wallet_account::customer_id,
                        wallet_account::currency,
                    ))
                    .do_update()
                    .set((
                        wallet_account::balance.eq(wallet_account::balance + leg.amount),
                        wallet_account::held.eq(wallet_account::held + leg.held),
                        wallet_account::seq.eq(wallet_account::seq + 1),
                        wallet_account::update_time.eq(r.now),
                    ))
                    .returning((wallet_account::id, wallet_account::balance, wallet_account::held, wallet_account::seq))
                    .kept()
                    .get_result::<(String, i64, i64, i64)>(c)?
            };
            let customer_id = if leg.side == Side::Customer { r.customer_id.as_str() } else { "" };
            let d = &r.details;
            diesel::insert_into(wallet_entry::table)
                .values((
                    wallet_entry::id.eq(secrets::new_id()),
                    wallet_entry::tenant_id.eq(tenant_id),
                    wallet_entry::account_id.eq(account_id),
                    wallet_entry::customer_id.eq(customer_id),
                    wallet_entry::currency.eq(&r.currency),
                    wallet_entry::seq.eq(seq),
                    wallet_entry::trade_no.eq(&r.trade_no),
                    wallet_entry::trade_type.eq(r.trade_type.as_str()),
                    wallet_entry::trade_item.eq(&d.trade_item),
                    wallet_entry::out_trade_no.eq(&d.out_trade_no),
                    wallet_entry::payment_type.eq(&d.payment_type),
                    wallet_entry::payment_channel.eq(&d.payment_channel),
                    wallet_entry::amount.eq(leg.amount),
                    wallet_entry::held_change.eq(leg.held),
                    wallet_entry::balance_after.eq(balance),
                    wallet_entry::held_after.eq(held),
                    wallet_entry::operator.eq(&d.operator),
                    wallet_entry::remark.eq(&d.remark),
                    wallet_entry::create_time.eq(r.now),
                ))
                .execute(c)?;
        }
        Ok(Posted { trade_no: r.trade_no.clone(), balance: after.balance, held: after.held })
    }
}

/// A transfer on PostgreSQL in two round trips besides the transaction's own: the customer's row
/// locked and the hold taken or settled, sent together (pipelined); then, once core has decided,
/// one statement that moves every account (the platform's rows created if missing), adds to the
/// day's figures and writes the entries with each account's figures after it.
mod on_postgres {
    use diesel::prelude::*;
    use diesel::sql_types::{Array, BigInt, Integer, Nullable, Text, Timestamp};
    use diesel_async::{AsyncPgConnection, RunQueryDsl};
    use logistics_core::wallet::{self, Side};

    use crate::platform::db::prepared::Keep;

    use super::{Figures, Op, Posted, Request, Step, TradeType, decide, side_kind};
    use crate::platform::db::prepared::prepared;
    use crate::platform::db::schema::wallet_account;
    use crate::platform::http::AppError;
    use crate::platform::secrets;

    const TAKE_HOLD: &str = "INSERT INTO wallet_hold (id, tenant_id, account_id, reference, amount, state, expires_at, create_time) \
        SELECT $1, a.tenant_id, a.id, $2, $3, 'pending', $4, $5 FROM wallet_account a \
        WHERE a.tenant_id = $6 AND a.kind = 'customer' AND a.customer_id = $7 AND a.currency = $8 \
        ON CONFLICT DO NOTHING";

    const SETTLE_HOLD: &str = "UPDATE wallet_hold SET state = $1, captured = $2, update_time = $3 \
        WHERE tenant_id = $4 AND reference = $5 AND state = 'pending' AND account_id = \
        (SELECT id FROM wallet_account WHERE tenant_id = $4 AND kind = 'customer' AND customer_id = $6 AND currency = $7) \
        RETURNING amount";

    /// Every account's leg (the customer's first, then the platform's in core's order, which is
    /// the order their rows are locked in), the day's figures and the entries.
    const MOVE: &str = "WITH legs (kind, owner, amount, held_change, account_id, entry_id) AS ( \
            SELECT * FROM unnest($1::text[], $2::text[], $3::int8[], $4::int8[], $5::text[], $6::text[]) WITH ORDINALITY AS l (kind, owner, amount, held_change, account_id, entry_id, n) ORDER BY n), \
        moved AS ( \
            INSERT INTO wallet_account AS a (id, tenant_id, kind, customer_id, currency, balance, held, seq, create_time, update_time) \
            SELECT l.account_id, $7, l.kind, l.owner, $8, l.amount, l.held_change, 1, $9, $9 FROM legs l \
            ON CONFLICT (tenant_id, kind, customer_id, currency) DO UPDATE \
            SET balance = a.balance + EXCLUDED.balance, held = a.held + EXCLUDED.held, seq = a.seq + 1, update_time = EXCLUDED.update_time \
            RETURNING a.id, a.kind, a.balance, a.held, a.seq), \
        daily AS ( \
            INSERT INTO wallet_daily AS d (tenant_id, customer_id, currency, day, trade_type, amount, held_change, entries) \
            VALUES ($7, $10, $8, $11, $12, $13, $14, 1) \
            ON CONFLICT (tenant_id, customer_id, currency, day, trade_type) DO UPDATE \
            SET amount = d.amount + EXCLUDED.amount, held_change = d.held_change + EXCLUDED.held_change, entries = d.entries + 1) \
        INSERT INTO wallet_entry (id, tenant_id, account_id, customer_id, currency, seq, trade_no, trade_type, trade_item, \
            out_trade_no, payment_type, payment_channel, amount, held_change, balance_after, held_after, operator, remark, create_time) \
        SELECT l.entry_id, $7, m.id, CASE WHEN m.kind = 'customer' THEN $10 ELSE '' END, $8, m.seq, $15, $12, $16, $17, $18, $19, \
            l.amount, l.held_change, m.balance, m.held, $20, $21, $9 \
        FROM moved m JOIN legs l ON l.kind = m.kind \
        RETURNING customer_id, balance_after, held_after";

    #[derive(QueryableByName)]
    struct Amount {
        #[diesel(sql_type = BigInt)]
        amount: i64,
    }

    #[derive(QueryableByName)]
    struct After {
        #[diesel(sql_type = Text)]
        customer_id: String,
        #[diesel(sql_type = BigInt)]
        balance_after: i64,
        #[diesel(sql_type = BigInt)]
        held_after: i64,
    }

    /// The hold step of `r`, on a connection that may have other statements in flight.
    async fn hold_step(mut conn: &AsyncPgConnection, r: &Request) -> QueryResult<Step> {
        Ok(match &r.operation {
            Op::Move(_) => Step::Move,
            Op::Hold { reference, amount, expires_at } => Step::Take(
                prepared(TAKE_HOLD)
                    .bind::<Text, _>(secrets::new_id())
                    .bind::<Text, _>(reference)
                    .bind::<BigInt, _>(amount)
                    .bind::<Timestamp, _>(expires_at)
                    .bind::<Timestamp, _>(r.now)
                    .bind::<Integer, _>(r.tenant_id)
                    .bind::<Text, _>(&r.customer_id)
                    .bind::<Text, _>(&r.currency)
                    .execute(&mut conn)
                    .await?
                    == 1,
            ),
            Op::Settle { reference, captured, state } => Step::Settle(
                prepared(SETTLE_HOLD)
                    .bind::<Text, _>(*state)
                    .bind::<Nullable<BigInt>, _>(captured)
                    .bind::<Timestamp, _>(r.now)
                    .bind::<Integer, _>(r.tenant_id)
                    .bind::<Text, _>(reference)
                    .bind::<Text, _>(&r.customer_id)
                    .bind::<Text, _>(&r.currency)
                    .get_result::<Amount>(&mut conn)
                    .await
                    .optional()?
                    .map(|a| a.amount),
            ),
        })
    }

    pub(super) async fn post(c: &mut AsyncPgConnection, r: &Request) -> Result<Posted, AppError> {
        let tenant_id = r.tenant_id;
        // A row lock without a new version of the row (the transfer's own update writes that).
        let locked = wallet_account::table
            .filter(wallet_account::tenant_id.eq(tenant_id))
            .filter(wallet_account::kind.eq(side_kind(Side::Customer)))
            .filter(wallet_account::customer_id.eq(&r.customer_id))
            .filter(wallet_account::currency.eq(&r.currency))
            .select(Figures::as_select())
            .for_update();
        // Both sent at once and both awaited (a pipelined statement is never abandoned midway).
        let (mine, step) = {
            let conn: &AsyncPgConnection = c;
            futures_util::future::join(locked.get_result::<Figures>(&mut &*conn), hold_step(conn, r)).await
        };
        let found = match mine.optional()? {
            Some(mine) => Some((mine, step?)),
            None => None,
        };
        let (mine, step) = match found {
            Some(found) => found,
            // The wallet's first transfer: its accounts created and locked, then the hold step.
            None => {
                let mine: Figures = lock_steps!(c, tenant_id, &r.customer_id, &r.currency, &r.shard, r.now, await);
                let step = hold_step(c, r).await?;
                (mine, step)
            }
        };
        let (movement, after) = decide(r, &mine, step)?;

        let legs = wallet::legs(movement, r.trade_type == TradeType::Recharge);
        let customer = legs
            .iter()
            .find(|l| l.side == Side::Customer)
            .copied()
            .ok_or_else(|| AppError::internal("a transfer without the customer's leg"))?;
        let kinds: Vec<&str> = legs.iter().map(|l| side_kind(l.side)).collect();
        let owners: Vec<&str> =
            legs.iter().map(|l| if l.side == Side::Customer { r.customer_id.as_str() } else { r.shard.as_str() }).collect();
        let account_ids: Vec<String> =
            legs.iter().map(|l| if l.side == Side::Customer { mine.id.clone() } else { secrets::new_id() }).collect();
        let entry_ids: Vec<String> = legs.iter().map(|_| secrets::new_id()).collect();
        let d = &r.details;
        let written: Vec<After> = prepared(MOVE)
            .bind::<Array<Text>, _>(kinds)
            .bind::<Array<Text>, _>(owners)
            .bind::<Array<BigInt>, _>(legs.iter().map(|l| l.amount).collect::<Vec<_>>())
            .bind::<Array<BigInt>, _>(legs.iter().map(|l| l.held).collect::<Vec<_>>())
            .bind::<Array<Text>, _>(account_ids)
            .bind::<Array<Text>, _>(entry_ids)
            .bind::<Integer, _>(tenant_id)
            .bind::<Text, _>(&r.currency)
            .bind::<Timestamp, _>(r.now)
            .bind::<Text, _>(&r.customer_id)
            .bind::<Text, _>(crate::wallet::business_day(r.now))
            .bind::<Text, _>(r.trade_type.as_str())
            .bind::<BigInt, _>(customer.amount)
            .bind::<BigInt, _>(customer.held)
            .bind::<Text, _>(&r.trade_no)
            .bind::<Nullable<Text>, _>(&d.trade_item)
            .bind::<Nullable<Text>, _>(&d.out_trade_no)
            .bind::<Nullable<Text>, _>(&d.payment_type)
            .bind::<Nullable<Text>, _>(&d.payment_channel)
            .bind::<Nullable<Text>, _>(&d.operator)
            .bind::<Nullable<Text>, _>(&d.remark)
            .load(c)
            .await?;
        // What was written is what core decided, leg for leg (else the transaction rolls back).
        let mine_after = written.iter().find(|w| !w.customer_id.is_empty());
        if written.len() != legs.len()
            || mine_after.is_none_or(|w| (w.balance_after, w.held_after) != (after.balance, after.held))
        {
            return Err(AppError::internal("a transfer's entries differ from its legs"));
        }
        Ok(Posted { trade_no: r.trade_no.clone(), balance: after.balance, held: after.held })
    }
}

/// How many accounts each side of the platform is spread over, per tenant and currency.
pub const PLATFORM_SHARDS: u32 = 16;

/// The platform accounts' `customer_id` for a customer's transfers (`#00` … `#15`): a stable hash
/// (FNV-1a) of the customer, so one customer always moves the same shard.
pub fn shard_of(customer_id: &str) -> String {
    let hash = customer_id.bytes().fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193));
    format!("#{:02}", hash % PLATFORM_SHARDS)
}

/// [`lock_steps!`] in a transaction of either backend.
async fn lock(tx: &mut Tx<'_>, wallet: Wallet<'_>, now: NaiveDateTime) -> Result<Figures, AppError> {
    let shard = shard_of(wallet.customer_id);
    Ok(on_tx!(tx, |c| lock_steps!(c, wallet.tenant_id, wallet.customer_id, wallet.currency, &shard, now, await)))
}

/// Opens a customer's account (and the platform's of its currency) if it is not open yet.
pub async fn open(db: &Db, wallet: Wallet<'_>) -> Result<(), AppError> {
    let now = Utc::now().naive_utc();
    crate::transaction!(data: db, |tx| lock(tx, wallet, now).await.map(drop))
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
    crate::transaction!(data: db, |tx| {
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
    /// `customer/currency/tradeType` whose day figures (what the dashboards sum) differ from their
    /// entries.
    pub daily_off: Vec<String>,
    pub accounts: i64,
    pub entries: i64,
}

impl Reconciliation {
    pub fn balanced(&self) -> bool {
        self.accounts_off.is_empty() && self.transfers_off.is_empty() && self.holds_off.is_empty() && self.daily_off.is_empty()
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
    let daily_sql = format!(
        "SELECT COALESCE(d.customer_id, e.customer_id) || '/' || COALESCE(d.currency, e.currency) || '/' || COALESCE(d.trade_type, e.trade_type) AS id \
         FROM (SELECT tenant_id, customer_id, currency, trade_type, SUM(amount) AS amount, SUM(held_change) AS held, SUM(entries) AS n \
         FROM wallet_daily WHERE 1 = 1{} GROUP BY tenant_id, customer_id, currency, trade_type) d \
         FULL OUTER JOIN (SELECT tenant_id, customer_id, currency, trade_type, SUM(amount) AS amount, SUM(held_change) AS held, COUNT(*) AS n \
         FROM wallet_entry WHERE customer_id <> ''{} GROUP BY tenant_id, customer_id, currency, trade_type) e \
         ON e.tenant_id = d.tenant_id AND e.customer_id = d.customer_id AND e.currency = d.currency AND e.trade_type = d.trade_type \
         WHERE COALESCE(d.amount, 0) <> COALESCE(e.amount, 0) OR COALESCE(d.held, 0) <> COALESCE(e.held, 0) OR COALESCE(d.n, 0) <> COALESCE(e.n, 0) \
         ORDER BY 1",
        scope("tenant_id"),
        scope("tenant_id")
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
    let (accounts_off, transfers_off, holds_off, daily_off, counts) = crate::with_conn!(db, |conn| {
        let a: Vec<Off> = diesel::sql_query(&accounts_sql).load(conn).await?;
        let t: Vec<Off> = diesel::sql_query(&transfers_sql).load(conn).await?;
        let h: Vec<Off> = diesel::sql_query(&holds_sql).load(conn).await?;
        let d: Vec<Off> = diesel::sql_query(&daily_sql).load(conn).await?;
        let c: Counts = diesel::sql_query(&counts_sql).get_result(conn).await?;
        (a, t, h, d, c)
    });
    Ok(Reconciliation {
        accounts_off: ids(accounts_off),
        transfers_off: ids(transfers_off),
        holds_off: ids(holds_off),
        daily_off: ids(daily_off),
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

//! The ledger: no race loses or doubles money, holds move once, and every figure is the sum of
//! its entries; on SQLite and PostgreSQL.

use chrono::{Duration, Utc};
use logistics_core::MessageKey;
use logistics_core::wallet::{self, Account, Movement};
use logistics_server::platform::db::Db;
use logistics_server::wallet::ledger::{self, Details, Operation, Posted, TradeType, Wallet};

use crate::common::{TestApp, count};

fn wallet(owner: &str) -> Wallet<'_> {
    Wallet { tenant_id: 1, customer_id: owner, currency: "CNY" }
}

async fn credit(db: &Db, owner: &str, amount: i64) -> Posted {
    ledger::transfer(db, wallet(owner), Operation::Move(Movement::Credit(amount)), TradeType::Recharge, &Details::default())
        .await
        .unwrap()
}

async fn balanced(db: &Db) {
    let report = ledger::reconcile(db, None).await.unwrap();
    assert!(report.balanced(), "{report:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_thousand_concurrent_debits_of_one_yuan_on_five_hundred_leave_exactly_zero() {
    for app in TestApp::all().await {
        let db = app.db().clone();
        credit(&db, "cust_a", 50_000).await;
        let tasks: Vec<_> = (0..1000)
            .map(|i| {
                let db = db.clone();
                tokio::spawn(async move {
                    let details = Details { trade_item: Some(format!("order-{i}")), ..Details::default() };
                    ledger::transfer(&db, wallet("cust_a"), Operation::Move(Movement::Debit(100)), TradeType::Fee, &details).await
                })
            })
            .collect();
        let (mut done, mut refused) = (0, 0);
        for task in tasks {
            match task.await.unwrap() {
                Ok(_) => done += 1,
                Err(e) => {
                    assert_eq!(e.error.key, MessageKey::WalletInsufficient, "{}", app.backend);
                    refused += 1;
                }
            }
        }
        assert_eq!((done, refused), (500, 500), "{}", app.backend);
        let balance = count(&db, "SELECT balance AS n FROM wallet_account WHERE customer_id = 'cust_a'").await;
        assert_eq!(balance, 0, "{}", app.backend);
        assert_eq!(count(&db, "SELECT COUNT(*) AS n FROM wallet_entry WHERE trade_type = 'fee'").await, 1000, "{}", app.backend);
        balanced(&db).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_hold_is_taken_captured_or_released_once() {
    for app in TestApp::all().await {
        let db = app.db();
        credit(db, "cust_h", 1_000).await;
        let later = Utc::now().naive_utc() + Duration::hours(1);
        let hold = |reference: &'static str, amount| Operation::Hold { reference, amount, expires_at: later };
        let none = Details::default();
        let run = |operation| ledger::transfer(db, wallet("cust_h"), operation, TradeType::Withhold, &none);

        // A wallet's very first transfer a hold: its accounts are opened, the hold refused for want
        // of money, and nothing of it stays.
        let first = ledger::transfer(db, wallet("cust_first"), hold("F1", 1), TradeType::Withhold, &none).await;
        assert_eq!(first.unwrap_err().error.key, MessageKey::WalletInsufficient);
        assert_eq!(count(db, "SELECT COUNT(*) AS n FROM wallet_hold WHERE reference = 'F1'").await, 0);
        assert_eq!(count(db, "SELECT COUNT(*) AS n FROM wallet_account WHERE customer_id = 'cust_first'").await, 0);

        let posted = run(hold("S1", 600)).await.unwrap();
        assert_eq!((posted.balance, posted.held), (1_000, 600));
        // Held once; more than what is left is refused at once.
        assert_eq!(run(hold("S1", 100)).await.unwrap_err().error.key, MessageKey::WalletHoldTaken);
        assert_eq!(run(hold("S2", 401)).await.unwrap_err().error.key, MessageKey::WalletInsufficient);
        let posted = run(hold("S2", 400)).await.unwrap();
        assert_eq!((posted.balance, posted.held), (1_000, 1_000));
        // Capture below the hold posts the final amount and frees the rest.
        let posted = run(Operation::Capture { reference: "S1", amount: 550 }).await.unwrap();
        assert_eq!((posted.balance, posted.held), (450, 400));
        assert_eq!(
            run(Operation::Capture { reference: "S1", amount: 550 }).await.unwrap_err().error.key,
            MessageKey::WalletHoldNotPending
        );
        assert_eq!(
            run(Operation::Release { reference: "S1", expired: false }).await.unwrap_err().error.key,
            MessageKey::WalletHoldNotPending
        );
        // Above the hold: only what is available beyond it.
        assert_eq!(
            run(Operation::Capture { reference: "S2", amount: 451 }).await.unwrap_err().error.key,
            MessageKey::WalletInsufficient
        );
        let posted = run(Operation::Capture { reference: "S2", amount: 450 }).await.unwrap();
        assert_eq!((posted.balance, posted.held), (0, 0));
        // Another customer's reference is not this one's to capture.
        credit(db, "cust_other", 100).await;
        let other = ledger::transfer(
            db,
            wallet("cust_other"),
            Operation::Capture { reference: "S2", amount: 1 },
            TradeType::Capture,
            &none,
        )
        .await;
        assert_eq!(other.unwrap_err().error.key, MessageKey::WalletHoldNotPending);

        // An expired hold is released once, by the expiry run.
        credit(db, "cust_h", 300).await;
        let past = Utc::now().naive_utc() - Duration::minutes(1);
        run(Operation::Hold { reference: "S3", amount: 300, expires_at: past }).await.unwrap();
        assert_eq!(ledger::expire_holds(db, Utc::now().naive_utc()).await.unwrap(), 1);
        assert_eq!(ledger::expire_holds(db, Utc::now().naive_utc()).await.unwrap(), 0);
        assert_eq!(count(db, "SELECT COUNT(*) AS n FROM wallet_hold WHERE reference = 'S3' AND state = 'expired'").await, 1);
        assert_eq!(count(db, "SELECT held AS n FROM wallet_account WHERE customer_id = 'cust_h'").await, 0);
        balanced(db).await;

        // A day figure the dashboards sum that drifted from its entries is found.
        crate::common::exec(
            db,
            "UPDATE wallet_daily SET amount = amount + 1 WHERE customer_id = 'cust_h' AND trade_type = 'recharge'",
        )
        .await;
        let report = ledger::reconcile(db, Some(1)).await.unwrap();
        assert_eq!(report.daily_off, vec!["cust_h/CNY/recharge".to_owned()], "{}", app.backend);
        assert!(!report.balanced());
        crate::common::exec(
            db,
            "UPDATE wallet_daily SET amount = amount - 1 WHERE customer_id = 'cust_h' AND trade_type = 'recharge'",
        )
        .await;
        balanced(db).await;

        // Unknown currencies never reach the ledger.
        let yen = Wallet { currency: "XXX", ..wallet("cust_h") };
        let refused =
            ledger::transfer(db, yen, Operation::Move(Movement::Credit(1)), TradeType::Recharge, &Details::default()).await;
        assert_eq!(refused.unwrap_err().error.key, MessageKey::CurrencyUnsupported);
    }
}

/// Random recharges, debits, holds, captures, releases and expiries, several at once: the
/// database ends where core's rules, applied one by one, say it must, and reconciles.
#[tokio::test(flavor = "multi_thread")]
async fn random_sequences_end_where_core_says_and_reconcile() {
    for app in TestApp::all().await {
        let db = app.db();
        let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let later = Utc::now().naive_utc() + Duration::hours(1);
        let mut model = Account::default();
        let mut open: Vec<(String, i64)> = Vec::new();
        for step in 0..300 {
            let amount = next(3_000) as i64 + 1;
            let reference = format!("R{step}");
            let (operation, movement) = match next(6) {
                0 | 1 => (Operation::Move(Movement::Credit(amount)), Movement::Credit(amount)),
                2 => (Operation::Move(Movement::Debit(amount)), Movement::Debit(amount)),
                3 => (Operation::Hold { reference: &reference, amount, expires_at: later }, Movement::Hold(amount)),
                4 if !open.is_empty() => {
                    let (r, held) = open[0].clone();
                    let movement = Movement::Capture { held, amount };
                    let posted = ledger::transfer(
                        db,
                        wallet("cust_r"),
                        Operation::Capture { reference: &r, amount },
                        TradeType::Capture,
                        &Details::default(),
                    )
                    .await;
                    match (wallet::apply(model, movement), posted) {
                        (Ok(after), Ok(p)) => {
                            assert_eq!((p.balance, p.held), (after.balance, after.held));
                            model = after;
                            open.remove(0);
                        }
                        (Err(key), Err(e)) => assert_eq!(e.error.key, key),
                        (want, got) => panic!("{}: core {want:?}, ledger {got:?}", app.backend),
                    }
                    continue;
                }
                _ if !open.is_empty() => {
                    let (r, held) = open.pop().unwrap();
                    ledger::transfer(
                        db,
                        wallet("cust_r"),
                        Operation::Release { reference: &r, expired: false },
                        TradeType::Release,
                        &Details::default(),
                    )
                    .await
                    .unwrap();
                    model = wallet::apply(model, Movement::Release(held)).unwrap();
                    continue;
                }
                _ => continue,
            };
            let trade_type = if matches!(movement, Movement::Credit(_)) { TradeType::Recharge } else { TradeType::Fee };
            let posted = ledger::transfer(db, wallet("cust_r"), operation, trade_type, &Details::default()).await;
            match (wallet::apply(model, movement), posted) {
                (Ok(after), Ok(p)) => {
                    assert_eq!((p.balance, p.held), (after.balance, after.held));
                    model = after;
                    if let Movement::Hold(a) = movement {
                        open.push((reference.clone(), a));
                    }
                }
                (Err(key), Err(e)) => assert_eq!(e.error.key, key),
                (want, got) => panic!("{}: core {want:?}, ledger {got:?}", app.backend),
            }
        }
        // Meanwhile other customers move money at once: the platform's accounts are shared.
        let tasks: Vec<_> = (0..40)
            .map(|i| {
                let db = db.clone();
                tokio::spawn(async move {
                    let owner = format!("cust_c{}", i % 4);
                    let w = Wallet { tenant_id: 1, customer_id: &owner, currency: "CNY" };
                    ledger::transfer(&db, w, Operation::Move(Movement::Credit(100)), TradeType::Recharge, &Details::default())
                        .await
                        .unwrap();
                    let reference = format!("C{i}");
                    let hold = Operation::Hold { reference: &reference, amount: 60, expires_at: later };
                    ledger::transfer(&db, w, hold, TradeType::Withhold, &Details::default()).await.unwrap();
                    ledger::transfer(
                        &db,
                        w,
                        Operation::Capture { reference: &reference, amount: 70 },
                        TradeType::Capture,
                        &Details::default(),
                    )
                    .await
                    .unwrap();
                })
            })
            .collect();
        for task in tasks {
            task.await.unwrap();
        }
        let row = count(db, "SELECT balance AS n FROM wallet_account WHERE customer_id = 'cust_r'").await;
        assert_eq!(row, model.balance, "{}", app.backend);
        assert_eq!(
            count(db, "SELECT CAST(SUM(balance) AS BIGINT) AS n FROM wallet_account WHERE customer_id LIKE 'cust_c%'").await,
            40 * 30
        );
        balanced(db).await;
        let report = ledger::reconcile(db, Some(1)).await.unwrap();
        assert!(report.entries > 600, "{report:?}");
        // A figure changed behind the ledger's back is found.
        crate::common::exec(db, "UPDATE wallet_account SET balance = balance + 1 WHERE customer_id = 'cust_r'").await;
        let report = ledger::reconcile(db, None).await.unwrap();
        assert_eq!(report.accounts_off.len(), 1, "{report:?}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_platform_side_is_sharded_by_customer_and_older_wallets_get_their_shard() {
    for app in TestApp::all().await {
        let db = app.db().clone();
        assert_eq!(ledger::shard_of("cust_a"), ledger::shard_of("cust_a"), "stable");
        let shards: std::collections::HashSet<String> = (0..200).map(|i| ledger::shard_of(&format!("c{i}"))).collect();
        assert_eq!(shards.len(), ledger::PLATFORM_SHARDS as usize, "customers spread over every shard");
        // A wallet opened before the shards: its own row only, the platform's under ''.
        crate::common::exec(
            &db,
            "INSERT INTO wallet_account (id, tenant_id, kind, customer_id, currency, create_time) VALUES \
             ('legacy_c', 1, 'customer', 'cust_old', 'CNY', '2026-11-20 00:00:00'), \
             ('legacy_cash', 1, 'cash', '', 'CNY', '2026-11-20 00:00:00')",
        )
        .await;
        credit(&db, "cust_old", 500).await;
        credit(&db, "cust_new", 700).await;
        let shard = ledger::shard_of("cust_old");
        let cash =
            count(&db, &format!("SELECT balance AS n FROM wallet_account WHERE kind = 'cash' AND customer_id = '{shard}'")).await;
        assert_eq!(cash, if shard == ledger::shard_of("cust_new") { -1200 } else { -500 }, "{}", app.backend);
        assert_eq!(count(&db, "SELECT CAST(SUM(balance) AS BIGINT) AS n FROM wallet_account WHERE kind = 'cash'").await, -1200);
        assert_eq!(
            count(&db, "SELECT COUNT(*) AS n FROM wallet_entry WHERE customer_id = ''").await,
            2,
            "platform legs stay out of the trade records"
        );
        balanced(&db).await;
    }
}

//! Write transactions under contention (`platform::db::group`: on SQLite, those waiting for the
//! write lock share a commit): each keeps exactly its own work, a failing one takes nothing of
//! the others with it, an abandoned one leaves nothing, and nobody waits for a commit that never
//! comes. On both backends.

use std::time::Duration;

use diesel::sql_types::BigInt;
use diesel_async::RunQueryDsl;
use logistics_server::platform::db::{Db, Tx};
use logistics_server::platform::http::AppError;
use logistics_server::{on_tx, transaction};

use crate::common::{TestApp, count, exec};

async fn table(db: &Db, name: &str) {
    exec(db, &format!("CREATE TABLE {name} (id BIGINT PRIMARY KEY, member BIGINT NOT NULL)")).await;
}

async fn insert(tx: &mut Tx<'_>, table: &str, id: i64, member: i64) -> Result<(), AppError> {
    let sql = format!("INSERT INTO {table} (id, member) VALUES ($1, $2)");
    on_tx!(tx, |c| diesel::sql_query(&sql).bind::<BigInt, _>(id).bind::<BigInt, _>(member).execute(c).await?);
    Ok(())
}

/// Member `n` writes rows `n * 10` and `n * 10 + 1`; every seventh then writes a row that exists
/// (row 1, member 0's) and fails, after its first row.
async fn member(db: &Db, n: i64) -> Result<(), AppError> {
    transaction!(data: db, |tx| {
        insert(tx, "t_group", n * 10, n).await?;
        tokio::task::yield_now().await;
        if n % 7 == 3 {
            insert(tx, "t_group", 1, n).await?;
        }
        insert(tx, "t_group", n * 10 + 1, n).await
    })
}

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_transactions_keep_exactly_their_own_work() {
    for app in TestApp::all().await {
        let db = app.db().clone();
        table(&db, "t_group").await;
        member(&db, 0).await.unwrap();
        let tasks: Vec<_> = (1..=300)
            .map(|n| {
                let db = db.clone();
                tokio::spawn(async move { (n, member(&db, n).await) })
            })
            .collect();
        let mut failed = 0;
        for task in tasks {
            let (n, done) = task.await.unwrap();
            assert_eq!(done.is_err(), n % 7 == 3, "{}: member {n}: {done:?}", app.backend);
            failed += i64::from(done.is_err());
        }
        assert_eq!(failed, 43);
        // Two rows of each member that succeeded, none of one that failed, not even its first.
        assert_eq!(count(&db, "SELECT COUNT(*) AS n FROM t_group").await, 2 * (301 - failed), "{}", app.backend);
        assert_eq!(count(&db, "SELECT COUNT(*) AS n FROM t_group WHERE member % 7 = 3").await, 0, "{}", app.backend);
        assert_eq!(
            count(&db, "SELECT COUNT(*) AS n FROM t_group WHERE id <> member * 10 AND id <> member * 10 + 1").await,
            0,
            "{}",
            app.backend
        );
    }
}

/// A transaction that writes `id`, then waits for `go` before it ends.
async fn held(db: &Db, id: i64, go: &tokio::sync::Notify, started: &tokio::sync::Notify) -> Result<(), AppError> {
    transaction!(data: db, |tx| {
        insert(tx, "t_abandon", id, id).await?;
        started.notify_one();
        go.notified().await;
        Ok(())
    })
}

#[tokio::test(flavor = "multi_thread")]
async fn an_abandoned_transaction_leaves_nothing_and_holds_nobody_up() {
    for app in TestApp::all().await {
        let db = app.db().clone();
        table(&db, "t_abandon").await;
        let signals = || std::sync::Arc::new((tokio::sync::Notify::new(), tokio::sync::Notify::new()));

        // `first` writes and waits; `dropped` queues behind it; `first` ends (on SQLite it hands
        // the lock on with its work uncommitted, `dropped` waiting); `dropped` writes, then its
        // request is abandoned mid-transaction.
        let (a, b) = (signals(), signals());
        let first = tokio::spawn({
            let (db, a) = (db.clone(), a.clone());
            async move { held(&db, 1, &a.0, &a.1).await }
        });
        a.1.notified().await;
        let dropped = tokio::spawn({
            let (db, b) = (db.clone(), b.clone());
            async move { held(&db, 2, &b.0, &b.1).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        a.0.notify_one();
        b.1.notified().await;
        dropped.abort();
        // The first answers: its work committed, nobody else coming.
        tokio::time::timeout(Duration::from_secs(5), first).await.expect("the first transaction answered").unwrap().unwrap();
        assert!(dropped.await.unwrap_err().is_cancelled());
        assert_eq!(count(&db, "SELECT COUNT(*) AS n FROM t_abandon WHERE id = 1").await, 1, "{}", app.backend);
        assert_eq!(count(&db, "SELECT COUNT(*) AS n FROM t_abandon WHERE id = 2").await, 0, "{}", app.backend);

        // A transaction waiting behind an abandoned one writes as usual, and nothing of the
        // abandoned one is kept with it.
        let c = signals();
        let stuck = tokio::spawn({
            let (db, c) = (db.clone(), c.clone());
            async move { held(&db, 3, &c.0, &c.1).await }
        });
        c.1.notified().await;
        let next = tokio::spawn({
            let db = db.clone();
            async move { transaction!(data: &db, |tx| insert(tx, "t_abandon", 4, 4).await) }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        stuck.abort();
        tokio::time::timeout(Duration::from_secs(5), next).await.expect("the next transaction answered").unwrap().unwrap();
        assert_eq!(count(&db, "SELECT COUNT(*) AS n FROM t_abandon WHERE id IN (3, 4)").await, 1, "{}", app.backend);
        assert_eq!(count(&db, "SELECT COUNT(*) AS n FROM t_abandon WHERE id = 4").await, 1, "{}", app.backend);
    }
}

//! The wallet: the ledger under concurrency, holds, reconciliation.

mod ledger;

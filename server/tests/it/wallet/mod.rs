//! The wallet: the ledger under concurrency, holds, reconciliation; its calls end to end.

mod http;
mod ledger;

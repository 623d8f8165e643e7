//! The wallet: the ledger under concurrency, holds, reconciliation; its calls end to end.

pub(crate) mod http;
mod ledger;

//! The wallet: customers' prepaid accounts per currency and the ledger behind them
//! (`docs/api/wallet.md`). The rules of each movement are core's (`logistics_core::wallet`);
//! [`ledger`] writes them as balanced entries, atomically.

pub mod ledger;

//! Shipment orders, shippers and depots.

mod addresses;
mod documents;
mod import;
pub(crate) mod orders;
mod units;

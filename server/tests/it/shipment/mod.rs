//! Shipment orders, shippers and depots.

mod addresses;
mod import;
pub(crate) mod orders;

//! Shipment orders, shippers and depots.

mod addresses;
mod orders;

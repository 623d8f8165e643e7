//! Shipment orders and what they name (`docs/api/shipments.md`): the orders themselves
//! ([`orders`]: B2B, B2C, FBA and WMS, with consignee, parcels and goods, submission with the
//! wallet's hold, the status tabs and the shipment dashboard), the customers' shippers and depots
//! (with the seeded Amazon fulfilment centres), and the address rules they share.

pub mod address;
pub mod depots;
pub mod orders;
pub mod shippers;

//! Shipment orders and what they name (`docs/api/shipments.md`): the orders themselves
//! ([`orders`]: B2B, B2C, FBA and WMS, with consignee, parcels and goods, submission with the
//! wallet's hold, the status tabs and the shipment dashboard), the customers' shippers and depots
//! (with the seeded Amazon fulfilment centres), and the address rules they share; the product
//! catalogue, predict batches, FBA waybills and the delivery numbers orders were given.

pub mod address;
pub mod delivery_numbers;
pub mod depots;
pub mod fba_waybills;
pub mod orders;
pub mod predict_batches;
pub mod products;
pub mod shippers;

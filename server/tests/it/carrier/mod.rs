//! The carrier network and pricing: suppliers, channels, channel products, number segments, rate
//! cards, price levels, chargeable weight and the forecast; carrier operations, waybill batches
//! and WorldShip.

mod carriers;
mod number_segments;
mod operations;
mod partitions;
pub(crate) mod pricing;
mod units;
mod ups_routing;
mod waybill_batches;
mod weight;

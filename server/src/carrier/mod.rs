//! The carrier network and pricing: suppliers, their services, channels, channel products, rate
//! cards, customer price levels, number segments, chargeable weight and the price forecast; and
//! carrier operations: the forwarder's depots, dispatches to a pickup, the day's manifests and
//! what each order cost with its carrier; waybill batches and UPS WorldShip files.

pub mod adapters;
pub mod channel_products;
pub mod channels;
pub mod depots;
pub mod dispatch;
pub mod fees;
pub mod forecast;
pub mod manifests;
pub mod number_segments;
pub mod partitions;
pub mod price_levels;
pub mod rate_cards;
pub mod services;
pub mod suppliers;
pub mod ups_routing;
pub mod waybill_batches;
pub mod weight;
pub mod worldship;

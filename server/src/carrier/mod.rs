//! The carrier network and pricing: suppliers, channels, channel products, rate cards, customer
//! price levels, number segments, chargeable weight and the price forecast.

pub mod adapters;
pub mod channel_products;
pub mod channels;
pub mod forecast;
pub mod number_segments;
pub mod price_levels;
pub mod rate_cards;
pub mod suppliers;
pub mod weight;

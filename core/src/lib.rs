//! The rules of the platform, shared by the server (natively) and the browser (through WebAssembly),
//! so that both sides decide the same way from the same code.
//!
//! Pure functions only: no IO, no clocks, no randomness, no async runtime, no database. Whatever
//! varies (the time, the language) is passed in.
//!
//! `no_std` (with `alloc`): the browser's build links no standard library, so it carries neither
//! its panic machinery nor its formatting of panics; JSON is core's own ([`json`]), never serde.

#![no_std]

extern crate alloc;
#[cfg(test)]
extern crate std;

/// What every module uses from `alloc` (the standard library's prelude, without `std`).
mod prelude {
    pub use alloc::borrow::ToOwned;
    pub use alloc::boxed::Box;
    pub use alloc::format;
    pub use alloc::string::{String, ToString};
    pub use alloc::vec;
    pub use alloc::vec::Vec;
}

pub mod api;
pub mod channel_product;
pub mod check_digit;
pub mod check_rule;
pub mod codes;
pub mod cron;
pub mod data_rule;
pub mod decimal;
pub mod dispatch;
pub mod fees;
pub mod gateway;
pub mod i18n;
pub mod json;
pub mod label;
pub mod manifest;
pub mod number_segment;
pub mod orgcode;
pub mod partition;
pub mod pattern;
pub mod permission;
pub mod quote;
pub mod quote_json;
pub mod rate_card;
pub mod report;
pub mod returns;
pub mod security;
pub mod shipment;
pub mod tracking;
pub mod ups_routing;
pub mod validate;
pub mod wallet;
pub mod warehouse;
pub mod waybill;
pub mod weight;
pub mod wms;
pub mod worldship;

pub use i18n::{Lang, MessageKey};
pub use validate::FieldError;

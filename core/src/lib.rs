//! The rules of the platform, shared by the server (natively) and the browser (through WebAssembly),
//! so that both sides decide the same way from the same code.
//!
//! Pure functions only: no IO, no clocks, no randomness, no async runtime, no database. Whatever
//! varies (the time, the language) is passed in.

pub mod api;
pub mod check_digit;
pub mod check_rule;
pub mod data_rule;
pub mod decimal;
pub mod i18n;
pub mod orgcode;
pub mod permission;
pub mod quote;
pub mod quote_json;
pub mod rate_card;
pub mod security;
pub mod validate;
pub mod weight;

pub use i18n::{Lang, MessageKey};
pub use validate::FieldError;

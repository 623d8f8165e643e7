//! Signing in and staying signed in: password and SMS sign-in, sessions behind the JWT, the
//! current-user extractor every protected handler takes, brute-force and per-IP protection.

pub mod cache;
pub mod client;
pub mod current;
pub mod login;
pub mod rate_limit;
pub mod session;
pub mod sms;
pub mod sso;

pub use client::ClientMeta;
pub use current::CurrentUser;

//! Administration and identity: sign-in, users, permissions, dictionaries, notices, and the admin
//! pages' rules (grants, data rules, tenant isolation).

pub(crate) mod admin;
mod auth;
mod dicts;
mod gateway;
mod jobs;
mod listings;
pub(crate) mod notices;
mod permissions;
mod reports;
mod sso;
mod units;
mod users;

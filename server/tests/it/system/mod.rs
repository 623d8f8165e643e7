//! Administration and identity: sign-in, users, permissions, dictionaries, notices, and the admin
//! pages' rules (grants, data rules, tenant isolation).

pub(crate) mod admin;
mod auth;
mod dicts;
mod jobs;
pub(crate) mod notices;
mod permissions;
mod users;

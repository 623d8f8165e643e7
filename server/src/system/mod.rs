//! Administration and identity: sign-in and sessions, users and sub-accounts, roles, menus and
//! button permissions, data rules, departments, tenants, positions, dictionaries, categories,
//! countries, logs, announcements and live notices, duplicate and coding-rule checks, scheduled
//! jobs.

pub mod announcements;
pub mod auth;
pub mod categories;
pub mod checks;
pub mod countries;
pub mod departs;
pub mod dicts;
pub mod gateway;
pub mod jobs;
pub mod listings;
pub mod logs;
pub mod notices;
pub mod permissions;
pub mod positions;
pub mod roles;
pub mod tenants;
pub mod users;

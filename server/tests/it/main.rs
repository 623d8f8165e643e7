//! Integration tests, one binary laid out like the URLs: each module tests one resource through the
//! real router, on SQLite and (with `TEST_DATABASE_URL`) on PostgreSQL.

#![expect(clippy::unwrap_used, clippy::expect_used, clippy::panic, reason = "a test fails loudly where it breaks")]

mod auth;
mod bootstrap;
mod carriers;
mod cli;
mod common;
mod dicts;
mod errors;
mod health;
mod notices;
mod number_segments;
mod permissions;
mod pricing;
mod resource;
mod schema;
mod system;
mod users;
mod weight;

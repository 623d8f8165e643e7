//! Integration tests, one binary laid out like the URLs: each module tests one resource through the
//! real router, on SQLite and (with `TEST_DATABASE_URL`) on PostgreSQL.

#![expect(clippy::unwrap_used, clippy::expect_used, clippy::panic, reason = "a test fails loudly where it breaks")]

mod carrier;
mod common;
mod platform;
mod printing;
mod reverse;
mod shipment;
mod system;
mod tracking;
mod wallet;
mod warehouse;
mod wms;

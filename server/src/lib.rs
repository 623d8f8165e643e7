//! The platform's server: HTTP API under `/boot`, the web app at `/`, one binary for SQLite or
//! PostgreSQL. Modules are the architecture: `http` and `db` are shared machinery, every other
//! module is one resource (its handlers and its queries).

pub mod announcements;
pub mod app;
pub mod auth;
pub mod bootstrap;
pub mod categories;
pub mod channel_products;
pub mod channels;
pub mod checks;
pub mod cluster;
pub mod config;
pub mod countries;
pub mod db;
pub mod departs;
pub mod dicts;
pub mod files;
pub mod forecast;
pub mod health;
pub mod http;
pub mod logs;
pub mod notices;
pub mod number_segments;
pub mod permissions;
pub mod platform;
pub mod positions;
pub mod price_levels;
pub mod rate_cards;
pub mod roles;
pub mod routes;
pub mod secrets;
pub mod settings;
pub mod suppliers;
pub mod tenants;
pub mod users;
pub mod weight;

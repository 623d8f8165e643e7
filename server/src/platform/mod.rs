//! What every business resource stands on: configuration, the database for both backends, the HTTP
//! machinery (envelope, errors, language, middleware, static web), the resource layer (declared
//! tables served as JeecgBoot's list/add/edit/delete/export calls), the cluster bus, files, health
//! and settings. The machinery (config, db, http, cluster, settings, secrets) imports no business domain;
//! the resource layer, files, health and `Caller` stand on the signed-in user and grants of `system`
//! (`tests/it/platform/layers.rs` keeps these directions).

pub mod cache;
pub mod caller;
pub mod cluster;
pub mod config;
pub mod db;
pub mod files;
pub mod health;
pub mod http;
pub mod idempotency;
pub mod resource;
pub mod sealed;
pub mod secrets;
pub mod settings;
pub mod sheet;
pub mod signature;
pub mod tasks;

//! The platform's server: HTTP API under `/boot`, the web app at `/`, one binary for SQLite or
//! PostgreSQL. The folders are the architecture, by business domain as the menus are:
//! `platform` is what every resource stands on (state, configuration, database, HTTP machinery,
//! the resource layer, the cluster bus, files, health); `system` is administration and identity;
//! `carrier` is the carrier network and pricing; `warehouse` receives, sorts and ships parcels; `online` holds the online reports and their data
//! sources. `routes` wires every handler; `app` starts it all.

pub mod app;
pub mod bootstrap;
pub mod carrier;
pub mod online;
pub mod platform;
pub mod printing;
pub mod reverse;
pub mod routes;
pub mod shipment;
pub mod state;
pub mod system;
pub mod tracking;
pub mod wallet;
pub mod warehouse;
pub mod wms;

//! Start-up, the command line, errors and the envelope, health, the OpenAPI document and the
//! resource layer's behaviour (through resources declared on it).

mod bootstrap;
mod cli;
mod errors;
mod group;
mod health;
mod layers;
mod prepared;
pub mod resource;
mod schema;
mod units;
mod uploads;

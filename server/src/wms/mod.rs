//! Warehouse management (WMS): the goods customers store with the forwarder. Locations
//! ([`locations`]), customers' SKUs ([`skus`]), stock per SKU and location with its append-only
//! log ([`stock`]), changed only through the [`ledger`], and inbound forecasts received against
//! ([`forecasts`]). The rules are core's (`wms`), the same on the pages.

pub mod forecasts;
pub mod ledger;
pub mod locations;
pub mod skus;
pub mod stock;

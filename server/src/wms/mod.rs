//! Warehouse management (WMS): the goods customers store with the forwarder. Locations
//! ([`locations`]), customers' SKUs ([`skus`]), stock per SKU and location with its append-only
//! log ([`stock`]), changed only through the [`ledger`], and inbound forecasts received against
//! ([`forecasts`]); WMS orders reserve and are picked from stock ([`orders`]); the daily job
//! charges storage and handling ([`fees`]). The rules are core's (`wms`), the same on the pages.

pub mod fees;
pub mod forecasts;
pub mod ledger;
pub mod locations;
pub mod orders;
pub mod skus;
pub mod stock;

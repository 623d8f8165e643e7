//! Online reports and the popup picker's data (JeecgBoot's online cgreport): report definitions
//! ([`reports`]), the data sources they may read ([`sources`]), the calls the popup and report
//! pages make ([`api`]) and the read-only runner under them ([`reader`]). The rules (what SQL a
//! report may hold, how a popup is configured) are core's `report`.

pub mod api;
pub mod reader;
pub mod reports;
pub mod sources;

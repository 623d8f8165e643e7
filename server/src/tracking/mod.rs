//! Tracking (`docs/api/tracking.md`): the events of every parcel's journey from every source
//! ([`ingest`]: warehouse scans, carriers' signed [`webhook`]s, staff's uploads in [`events`],
//! carriers [`poll`]ed through their adapters), each source's codes mapped to core's normalized
//! statuses ([`mappings`]), an order's status kept from its parcels' latest events, and the
//! queries ([`query`]): the public page's, across the platform and without personal data, the
//! signed-in search and the out-track search by the last-mile carriers' numbers (with the
//! [`couriers`] they look like), all limited per client.

pub mod couriers;
pub mod events;
pub mod ingest;
pub mod lookup;
pub mod mappings;
pub mod poll;
pub mod query;
pub mod subscriptions;
pub mod webhook;

//! Tracking (`docs/api/tracking.md`): the events of every parcel's journey from every source
//! ([`ingest`]: warehouse scans, carriers' signed [`webhook`]s, staff's uploads in [`events`],
//! carriers [`poll`]ed through their adapters), each source's codes mapped to core's normalized
//! statuses ([`mappings`]), an order's status kept from its parcels' latest events, and the
//! queries ([`query`]): the public page's, across the platform and without personal data, and the
//! signed-in search, both limited per client.

pub mod events;
pub mod ingest;
pub mod lookup;
pub mod mappings;
pub mod poll;
pub mod query;
pub mod subscriptions;
pub mod webhook;

//! Warehouse operations: parcels received by scan, measured and re-quoted ([`intake`]), and the
//! inbound parcel list ([`inbound`]). The rules are core's (`warehouse`), the same on the PDA page.

pub mod inbound;
pub mod intake;

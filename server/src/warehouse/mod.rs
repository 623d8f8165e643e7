//! Warehouse operations: parcels received by scan, measured and re-quoted ([`intake`]), the
//! inbound parcel list ([`inbound`]), sort-pack into outbound packages ([`packages`]) and
//! outbound batches handed to carriers ([`batches`]). The rules are core's (`warehouse`), the same
//! on the PDA pages.

pub mod batches;
pub mod inbound;
pub mod intake;
pub mod packages;

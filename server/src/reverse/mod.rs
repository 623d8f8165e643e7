//! Reverse logistics and returns: return requests as a resource ([`returns`]), their lifecycle
//! ([`lifecycle`]), their files, thread and own tracking ([`threads`]), and their fees and refunds
//! on the wallet ([`accounts`]). The rules are core's (`returns`), the same on the pages. A
//! customer sees its own returns and everything about them; staff their tenant's.

pub mod accounts;
pub mod lifecycle;
pub mod returns;
pub mod threads;

//! Tracking: one normalized status model for every source (warehouse scans, carriers' webhooks
//! and polls, staff uploads), each source's own event codes mapped onto it, a shipment's status
//! from its parcels', and the public query's numbers and limits.
//!
//! The statuses follow what AfterShip and 17TRACK show consumers: a parcel is pending until the
//! carrier knows of it, then info received, in transit, out for delivery or available for pickup,
//! a failed attempt, delivered; or an exception (with a reason), returning and returned; expired
//! when nothing happened for too long; cancelled.

use crate::i18n::MessageKey;
use crate::prelude::*;
use crate::validate::FieldError;

/// A normalized tracking status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    Pending,
    InfoReceived,
    InTransit,
    OutForDelivery,
    AvailableForPickup,
    FailedAttempt,
    Exception,
    Returning,
    Returned,
    Delivered,
    Expired,
    Cancelled,
}

impl Status {
    /// Every status with its code, in the order a journey goes.
    pub const ALL: &'static [(&'static str, Status)] = &[
        ("pending", Status::Pending),
        ("info_received", Status::InfoReceived),
        ("in_transit", Status::InTransit),
        ("out_for_delivery", Status::OutForDelivery),
        ("available_for_pickup", Status::AvailableForPickup),
        ("failed_attempt", Status::FailedAttempt),
        ("exception", Status::Exception),
        ("returning", Status::Returning),
        ("returned", Status::Returned),
        ("delivered", Status::Delivered),
        ("expired", Status::Expired),
        ("cancelled", Status::Cancelled),
    ];

    pub fn code(self) -> &'static str {
        Status::ALL.iter().find(|(_, s)| *s == self).map_or("pending", |(c, _)| c)
    }

    pub fn parse(code: &str) -> Option<Status> {
        let code = code.trim().to_ascii_lowercase();
        Status::ALL.iter().find(|(c, _)| *c == code).map(|(_, s)| *s)
    }

    /// Nothing follows: the parcel's journey ended.
    pub fn is_final(self) -> bool {
        matches!(self, Status::Delivered | Status::Returned | Status::Expired | Status::Cancelled)
    }

    /// How far a parcel has come, for a shipment of several: the one furthest behind speaks for
    /// the shipment (a shipment is delivered when all its parcels are).
    fn progress(self) -> u8 {
        match self {
            Status::Pending => 0,
            Status::InfoReceived => 1,
            Status::InTransit => 2,
            Status::FailedAttempt => 3,
            Status::OutForDelivery | Status::AvailableForPickup => 4,
            Status::Delivered => 5,
            // Off the forward path: handled before progress is compared.
            Status::Exception | Status::Returning | Status::Returned | Status::Expired | Status::Cancelled => 0,
        }
    }
}

/// A shipment's status from its parcels': an exception on any parcel stands out; returns and
/// cancellations when every parcel is in them; otherwise the parcel furthest behind.
pub fn combined(parcels: &[Status]) -> Status {
    let Some(first) = parcels.first().copied() else {
        return Status::Pending;
    };
    if parcels.iter().all(|s| *s == first) {
        return first;
    }
    if parcels.contains(&Status::Exception) {
        return Status::Exception;
    }
    if parcels.iter().any(|s| matches!(s, Status::Returning | Status::Returned)) {
        return Status::Returning;
    }
    let forward: Vec<Status> = parcels.iter().copied().filter(|s| !matches!(s, Status::Cancelled | Status::Expired)).collect();
    forward.into_iter().min_by_key(|s| s.progress()).unwrap_or(first)
}

/// A row of a source's mapping: its event code and what it means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mapping {
    /// The source: `warehouse`, a supplier's `apiType` (`sandbox`), `upload`.
    pub source: String,
    /// The source's own code, compared case-insensitively.
    pub code: String,
    pub status: Status,
}

/// The built-in mappings of the platform's own sources (staff add and change rows per tenant;
/// theirs win over these).
pub const DEFAULT_MAPPINGS: &[(&str, &str, Status)] = &[
    ("warehouse", "CREATED", Status::InfoReceived),
    ("warehouse", "RECEIVED", Status::InTransit),
    ("warehouse", "PACKED", Status::InTransit),
    ("warehouse", "OUTBOUND", Status::InTransit),
    ("warehouse", "RETURN_RECEIVED", Status::Returned),
    ("sandbox", "MANIFEST", Status::InfoReceived),
    ("sandbox", "PICKUP", Status::InTransit),
    ("sandbox", "DEPART", Status::InTransit),
    ("sandbox", "ARRIVE", Status::InTransit),
    ("sandbox", "CUSTOMS", Status::InTransit),
    ("sandbox", "CUSTOMS_HOLD", Status::Exception),
    ("sandbox", "OUT_FOR_DELIVERY", Status::OutForDelivery),
    ("sandbox", "PICKUP_POINT", Status::AvailableForPickup),
    ("sandbox", "ATTEMPT", Status::FailedAttempt),
    ("sandbox", "DELIVERED", Status::Delivered),
    ("sandbox", "RETURN", Status::Returning),
    ("sandbox", "RETURNED", Status::Returned),
];

/// What a source's code means: the tenant's own rows first, then the built-in ones; an unknown
/// code of a known source is in transit with nothing more known (the event is kept either way).
pub fn map(tenant: &[Mapping], source: &str, code: &str) -> Option<Status> {
    let same = |a: &str, b: &str| a.trim().eq_ignore_ascii_case(b.trim());
    tenant
        .iter()
        .find(|m| same(&m.source, source) && same(&m.code, code))
        .map(|m| m.status)
        .or_else(|| DEFAULT_MAPPINGS.iter().find(|(s, c, _)| same(s, source) && same(c, code)).map(|(_, _, st)| *st))
}

/// Most numbers one query looks up (spec: 100 numbers per query).
pub const MAX_NUMBERS: usize = 100;
/// Queries a client makes in a window (spec: 20 queries per ten minutes).
pub const QUERIES_PER_WINDOW: u32 = 20;
pub const WINDOW_SECONDS: u64 = 600;
/// The longest number a query accepts.
pub const MAX_NUMBER_LEN: usize = 50;

/// The numbers of a query as pasted: split at whitespace, commas and semicolons (either width),
/// upper-cased, duplicates dropped in order. None: "courier number required"; more than
/// [`MAX_NUMBERS`]: the spec's limit; an overlong or odd token: named.
pub fn numbers(text: &str) -> Result<Vec<String>, FieldError> {
    let mut out: Vec<String> = Vec::new();
    for token in text.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '，' | '；' | '、')) {
        let token = token.trim();
        if token.is_empty() {
            continue;
        }
        if token.chars().count() > MAX_NUMBER_LEN || !token.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(FieldError::new("numbers", MessageKey::TrackNumberInvalid)
                .with("number", token.chars().take(60).collect::<String>()));
        }
        let token = token.to_ascii_uppercase();
        if !out.contains(&token) {
            out.push(token);
        }
    }
    if out.is_empty() {
        return Err(FieldError::new("numbers", MessageKey::TrackNumbersRequired));
    }
    if out.len() > MAX_NUMBERS {
        return Err(FieldError::new("numbers", MessageKey::TrackTooMany).with("max", MAX_NUMBERS.to_string()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for (code, status) in Status::ALL {
            assert_eq!(Status::parse(code), Some(*status));
            assert_eq!(status.code(), *code);
        }
        assert_eq!(Status::parse(" Delivered "), Some(Status::Delivered));
        assert_eq!(Status::parse("lost"), None);
    }

    #[test]
    fn a_shipment_follows_its_parcels() {
        use Status::*;
        assert_eq!(combined(&[]), Pending);
        assert_eq!(combined(&[Delivered, Delivered]), Delivered);
        assert_eq!(combined(&[Delivered, InTransit]), InTransit);
        assert_eq!(combined(&[OutForDelivery, Delivered, InfoReceived]), InfoReceived);
        assert_eq!(combined(&[Delivered, Exception]), Exception);
        assert_eq!(combined(&[Delivered, Returning]), Returning);
        assert_eq!(combined(&[Delivered, Cancelled]), Delivered);
        assert_eq!(combined(&[Cancelled, Cancelled]), Cancelled);
    }

    #[test]
    fn tenant_rows_win_over_the_defaults() {
        let mine = [Mapping { source: "sandbox".into(), code: "customs".into(), status: Status::Exception }];
        assert_eq!(map(&mine, "SANDBOX", "CUSTOMS"), Some(Status::Exception));
        assert_eq!(map(&[], "sandbox", "customs"), Some(Status::InTransit));
        assert_eq!(map(&[], "sandbox", "teleported"), None);
    }

    #[test]
    fn numbers_are_split_cleaned_and_limited() {
        assert_eq!(
            numbers("1z999aa10123456784, LS000000017CN\n1Z999AA10123456784；B2C1").unwrap(),
            vec!["1Z999AA10123456784", "LS000000017CN", "B2C1"]
        );
        assert_eq!(numbers(" \n ").unwrap_err().key, MessageKey::TrackNumbersRequired);
        let many: Vec<String> = (0..101).map(|n| format!("N{n}")).collect();
        assert_eq!(numbers(&many.join(" ")).unwrap_err().key, MessageKey::TrackTooMany);
        assert!(numbers(&many[..100].join(" ")).is_ok());
        assert_eq!(numbers("<script>").unwrap_err().key, MessageKey::TrackNumberInvalid);
    }
}

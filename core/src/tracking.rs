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

    /// The codes alone, in the same order (filters and pickers list them).
    pub const CODES: &'static [&'static str] = &[
        "pending",
        "info_received",
        "in_transit",
        "out_for_delivery",
        "available_for_pickup",
        "failed_attempt",
        "exception",
        "returning",
        "returned",
        "delivered",
        "expired",
        "cancelled",
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

/// One event of a shipment, as the status needs it: the parcel it names (none: the whole
/// shipment), when (any monotonic clock: Unix seconds) and what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point<'a> {
    pub parcel: Option<&'a str>,
    pub time: i64,
    pub status: Status,
}

/// A shipment's status from its events: each parcel's latest event (its own, or one naming the
/// whole shipment; of two at the same time the later given), then [`combined`]. A parcel with no
/// event yet is pending; a shipment without parcels follows its own latest event.
pub fn current(parcels: &[&str], events: &[Point<'_>]) -> Status {
    let latest = |parcel: Option<&str>| {
        events
            .iter()
            .filter(|e| e.parcel.is_none() || (parcel.is_some() && e.parcel == parcel))
            .fold(None::<&Point<'_>>, |best, e| match best {
                Some(b) if b.time > e.time => Some(b),
                _ => Some(e),
            })
            .map_or(Status::Pending, |e| e.status)
    };
    if parcels.is_empty() {
        return latest(None);
    }
    let each: Vec<Status> = parcels.iter().map(|p| latest(Some(p))).collect();
    combined(&each)
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

/// What a source's code means: the tenant's own rows first, then the built-in ones, then the code
/// itself when it is a normalized status (`delivered`: what uploads and generic webhooks send).
/// None: nobody knows; the caller keeps the event as [`UNMAPPED`].
pub fn map(tenant: &[Mapping], source: &str, code: &str) -> Option<Status> {
    let same = |a: &str, b: &str| a.trim().eq_ignore_ascii_case(b.trim());
    tenant
        .iter()
        .find(|m| same(&m.source, source) && same(&m.code, code))
        .map(|m| m.status)
        .or_else(|| DEFAULT_MAPPINGS.iter().find(|(s, c, _)| same(s, source) && same(c, code)).map(|(_, _, st)| *st))
        .or_else(|| Status::parse(code))
}

/// What an event of an unknown code counts as: the parcel moves on with nothing more known (the
/// event and its code are kept; a mapping added later names it for the next events).
pub const UNMAPPED: Status = Status::InTransit;

/// A source's name: letters, digits and `_`, at most 32 (a supplier's apiType or code).
pub fn source(field: &str, value: &str) -> Result<String, FieldError> {
    let v = value.trim();
    if v.is_empty() || v.len() > 32 || !v.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(FieldError::new(field, MessageKey::TrackSourceInvalid));
    }
    Ok(v.to_ascii_lowercase())
}

/// When an event happened: the instant (Unix seconds, UTC) and the offset of the place it
/// happened at (minutes east of UTC), so the timeline shows the local time the carrier gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventTime {
    pub utc: i64,
    pub offset_minutes: i32,
}

/// Reads an event's time as carriers and spreadsheets write it: `2026-11-28 10:05[:30]` or
/// `2026-11-28T10:05:30`, optionally followed by `Z`, `+08:00`, `+0800` or `+08` (without one,
/// `default_offset` minutes: the uploader's zone). Anything else, or a date that does not exist,
/// is refused naming the value.
pub fn event_time(field: &str, text: &str, default_offset: i32) -> Result<EventTime, FieldError> {
    let bad = || FieldError::new(field, MessageKey::TrackTimeInvalid).with("value", text.chars().take(40).collect::<String>());
    let t = text.trim();
    let b = t.as_bytes();
    if b.len() < 16 || b[4] != b'-' || b[7] != b'-' || !(b[10] == b' ' || b[10] == b'T') || b[13] != b':' {
        return Err(bad());
    }
    let num = |from: usize, to: usize| -> Option<i64> {
        let part = t.get(from..to)?;
        if part.bytes().all(|c| c.is_ascii_digit()) { part.parse().ok() } else { None }
    };
    let (year, month, day) = (num(0, 4).ok_or_else(bad)?, num(5, 7).ok_or_else(bad)?, num(8, 10).ok_or_else(bad)?);
    let (hour, minute) = (num(11, 13).ok_or_else(bad)?, num(14, 16).ok_or_else(bad)?);
    let mut rest = &t[16..];
    let mut second = 0;
    if let Some(r) = rest.strip_prefix(':') {
        second = r
            .get(0..2)
            .and_then(|s| if s.bytes().all(|c| c.is_ascii_digit()) { s.parse().ok() } else { None })
            .ok_or_else(bad)?;
        rest = &r[2..];
        // Fractions of a second are dropped.
        if let Some(f) = rest.strip_prefix('.') {
            rest = f.trim_start_matches(|c: char| c.is_ascii_digit());
        }
    }
    let rest = rest.trim();
    let offset_minutes = if rest.is_empty() {
        default_offset
    } else if rest.eq_ignore_ascii_case("z") || rest.eq_ignore_ascii_case("utc") {
        0
    } else {
        let sign = match rest.as_bytes()[0] {
            b'+' => 1,
            b'-' => -1,
            _ => return Err(bad()),
        };
        let digits: String = rest[1..].chars().filter(|c| *c != ':').collect();
        if !digits.bytes().all(|c| c.is_ascii_digit()) || !(digits.len() == 2 || digits.len() == 4) {
            return Err(bad());
        }
        let h: i32 = digits[0..2].parse().map_err(|_| bad())?;
        let m: i32 = if digits.len() == 4 { digits[2..4].parse().map_err(|_| bad())? } else { 0 };
        if h > 14 || m > 59 {
            return Err(bad());
        }
        sign * (h * 60 + m)
    };
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days_in_month = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    if !(1970..=2199).contains(&year)
        || !(1..=12).contains(&month)
        || day < 1
        || day > days_in_month[(month - 1) as usize]
        || hour > 23
        || minute > 59
        || second > 59
    {
        return Err(bad());
    }
    let local = days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second;
    Ok(EventTime { utc: local - i64::from(offset_minutes) * 60, offset_minutes })
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Longest location and detail an event keeps.
pub const MAX_LOCATION: usize = 200;
pub const MAX_DETAIL: usize = 500;

/// An event's texts as a source sends them: the code required, the texts within their limits.
pub fn event_texts(code: &str, location: &str, detail: &str, detail_en: &str) -> Result<(), FieldError> {
    crate::validate::required("code", "@field_track_code", code)?;
    crate::validate::max_chars("code", "@field_track_code", code, 64)?;
    crate::validate::max_chars("location", "@field_track_location", location, MAX_LOCATION)?;
    crate::validate::max_chars("detail", "@field_track_detail", detail, MAX_DETAIL)?;
    crate::validate::max_chars("detailEn", "@field_track_detail", detail_en, MAX_DETAIL)
}

/// Attempts a subscription delivery gets before it is marked failed.
pub const DELIVERY_ATTEMPTS: i32 = 8;

/// How long after its `attempts`-th failure a delivery is tried again: 30 s, doubling, at most
/// six hours; None once [`DELIVERY_ATTEMPTS`] are spent.
pub fn retry_delay(attempts: i32) -> Option<u64> {
    if !(1..DELIVERY_ATTEMPTS).contains(&attempts) {
        return None;
    }
    Some((30u64 << (attempts - 1).min(20)).min(6 * 3600))
}

/// A subscription's URL: `http://` or `https://`, a host, no spaces, at most 500 characters.
pub fn webhook_url(field: &str, value: &str) -> Result<String, FieldError> {
    let v = value.trim();
    let rest = v.strip_prefix("https://").or_else(|| v.strip_prefix("http://"));
    let host = rest.map(|r| r.split(['/', '?', '#']).next().unwrap_or(""));
    if v.len() > 500 || v.chars().any(char::is_whitespace) || host.is_none_or(|h| h.is_empty() || h.starts_with(':')) {
        return Err(FieldError::new(field, MessageKey::TrackWebhookUrlInvalid));
    }
    Ok(v.to_owned())
}

/// Most numbers one query looks up (spec: 100 numbers per query).
pub const MAX_NUMBERS: usize = 100;
/// Queries a client makes in a window (spec: 20 queries per ten minutes).
pub const QUERIES_PER_WINDOW: u32 = 20;
pub const WINDOW_SECONDS: u64 = 600;
/// The longest number a query accepts.
pub const MAX_NUMBER_LEN: usize = 50;

/// The numbers of a query as pasted: split at whitespace, commas and semicolons (either width),
/// duplicates (of any case) dropped in order; the lookup compares them as given and upper-cased. None: "courier number required"; more than
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
        if !out.iter().any(|n| n.eq_ignore_ascii_case(token)) {
            out.push(token.to_owned());
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
        assert_eq!(Status::CODES, Status::ALL.iter().map(|(c, _)| *c).collect::<Vec<_>>().as_slice());
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
    fn the_latest_event_of_each_parcel_counts() {
        use Status::*;
        let p = |parcel: Option<&'static str>, time: i64, status: Status| Point { parcel, time, status };
        assert_eq!(current(&["A", "B"], &[]), Pending);
        // A shipment-wide event speaks for every parcel until a parcel's own later one.
        let events = [p(None, 1, InfoReceived), p(Some("A"), 2, InTransit), p(Some("A"), 5, Delivered)];
        assert_eq!(current(&["A", "B"], &events), InfoReceived);
        let events = [p(None, 1, InfoReceived), p(Some("A"), 5, Delivered), p(Some("B"), 4, Delivered)];
        assert_eq!(current(&["A", "B"], &events), Delivered);
        // Given out of order: time decides, not position.
        let events = [p(Some("A"), 9, Delivered), p(Some("A"), 3, InTransit)];
        assert_eq!(current(&["A"], &events), Delivered);
        // The same time: the later given wins.
        let events = [p(Some("A"), 3, InTransit), p(Some("A"), 3, Exception)];
        assert_eq!(current(&["A"], &events), Exception);
        // An event of a parcel that is not the shipment's is ignored.
        assert_eq!(current(&["A"], &[p(Some("Z"), 3, Delivered)]), Pending);
        assert_eq!(current(&[], &[p(None, 1, InTransit), p(None, 2, OutForDelivery)]), OutForDelivery);
    }

    #[test]
    fn event_times_keep_their_offset() {
        let t = event_time("time", "2026-11-28 18:05:30 +08:00", 0).unwrap();
        assert_eq!(t, EventTime { utc: 1_795_860_330, offset_minutes: 480 });
        assert_eq!(event_time("time", "2026-11-28T10:05:30Z", 480).unwrap(), EventTime { utc: 1_795_860_330, offset_minutes: 0 });
        assert_eq!(event_time("time", "2026-11-28T05:05:30.250-0500", 0).unwrap().utc, 1_795_860_330);
        assert_eq!(event_time("time", "2026-11-28 18:05", 480).unwrap().utc, 1_795_860_300);
        assert_eq!(event_time("time", "1970-01-01 00:00:00", 0).unwrap().utc, 0);
        assert_eq!(event_time("time", "2028-02-29 00:00", 0).unwrap().utc, 1_835_395_200);
        for bad in [
            "",
            "yesterday",
            "2026-02-29 10:00",
            "2026-13-01 10:00",
            "2026-11-28 24:00",
            "2026-11-28 10:00 +15:00",
            "2026-11-28 10:00 PST",
        ] {
            assert_eq!(event_time("time", bad, 0).unwrap_err().key, MessageKey::TrackTimeInvalid, "{bad}");
        }
    }

    #[test]
    fn deliveries_back_off_then_stop() {
        let delays: Vec<Option<u64>> = (0..=DELIVERY_ATTEMPTS).map(retry_delay).collect();
        assert_eq!(delays, [None, Some(30), Some(60), Some(120), Some(240), Some(480), Some(960), Some(1920), None]);
        assert!(webhook_url("url", " https://erp.example.com/hooks/track?x=1 ").is_ok());
        assert!(webhook_url("url", "http://127.0.0.1:9000/").is_ok());
        for bad in ["", "ftp://x", "https://", "https://:80/", "https://a b", "example.com"] {
            assert_eq!(webhook_url("url", bad).unwrap_err().key, MessageKey::TrackWebhookUrlInvalid, "{bad}");
        }
    }

    #[test]
    fn tenant_rows_win_over_the_defaults() {
        let mine = [Mapping { source: "sandbox".into(), code: "customs".into(), status: Status::Exception }];
        assert_eq!(map(&mine, "SANDBOX", "CUSTOMS"), Some(Status::Exception));
        assert_eq!(map(&[], "sandbox", "customs"), Some(Status::InTransit));
        assert_eq!(map(&[], "sandbox", "teleported"), None);
        assert_eq!(map(&[], "upload", "Delivered"), Some(Status::Delivered));
    }

    #[test]
    fn numbers_are_split_cleaned_and_limited() {
        assert_eq!(
            numbers("1z999aa10123456784, LS000000017CN\n1Z999AA10123456784；B2C1").unwrap(),
            vec!["1z999aa10123456784", "LS000000017CN", "B2C1"]
        );
        assert_eq!(numbers(" \n ").unwrap_err().key, MessageKey::TrackNumbersRequired);
        let many: Vec<String> = (0..101).map(|n| format!("N{n}")).collect();
        assert_eq!(numbers(&many.join(" ")).unwrap_err().key, MessageKey::TrackTooMany);
        assert!(numbers(&many[..100].join(" ")).is_ok());
        assert_eq!(numbers("<script>").unwrap_err().key, MessageKey::TrackNumberInvalid);
    }
}

/// A courier as core knows it by default: its code, names, tracking page (`{number}` stands for
/// the number), number pattern (core's pattern syntax, matched against the upper-cased number)
/// and check-digit scheme. Each tenant starts with these and edits its own copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Courier {
    pub code: &'static str,
    pub name: &'static str,
    pub name_en: &'static str,
    pub website: &'static str,
    pub track_url: &'static str,
    pub number_pattern: &'static str,
    pub check_digit: &'static str,
}

pub const DEFAULT_COURIERS: &[Courier] = &[
    Courier {
        code: "UPS",
        name: "UPS",
        name_en: "UPS",
        website: "https://www.ups.com",
        track_url: "https://www.ups.com/track?tracknum={number}",
        number_pattern: "^1Z[0-9A-Z]{16}$",
        check_digit: "ups",
    },
    Courier {
        code: "FEDEX",
        name: "联邦快递",
        name_en: "FedEx",
        website: "https://www.fedex.com",
        track_url: "https://www.fedex.com/fedextrack/?trknbr={number}",
        number_pattern: "^(\\d{12}|\\d{15}|\\d{20}|\\d{22})$",
        check_digit: "",
    },
    Courier {
        code: "DHL",
        name: "DHL 快递",
        name_en: "DHL Express",
        website: "https://www.dhl.com",
        track_url: "https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id={number}",
        number_pattern: "^\\d{10}$",
        check_digit: "",
    },
    Courier {
        code: "USPS",
        name: "美国邮政",
        name_en: "USPS",
        website: "https://www.usps.com",
        track_url: "https://tools.usps.com/go/TrackConfirmAction?tLabels={number}",
        number_pattern: "^(9[2-5]\\d{20}|[A-Z]{2}\\d{9}US)$",
        check_digit: "",
    },
    Courier {
        code: "ROYALMAIL",
        name: "英国皇家邮政",
        name_en: "Royal Mail",
        website: "https://www.royalmail.com",
        track_url: "https://www.royalmail.com/track-your-item#/tracking-results/{number}",
        number_pattern: "^[A-Z]{2}\\d{9}GB$",
        check_digit: "s10",
    },
    Courier {
        code: "DPD",
        name: "DPD",
        name_en: "DPD",
        website: "https://www.dpd.com",
        track_url: "https://tracking.dpd.de/status/en_US/parcel/{number}",
        number_pattern: "^\\d{14}$",
        check_digit: "",
    },
    Courier {
        code: "GLS",
        name: "GLS",
        name_en: "GLS",
        website: "https://gls-group.com",
        track_url: "https://gls-group.com/track/{number}",
        number_pattern: "^\\d{11}$",
        check_digit: "",
    },
    Courier {
        code: "CHINAPOST",
        name: "中国邮政",
        name_en: "China Post",
        website: "https://www.chinapost.com.cn",
        track_url: "https://t.17track.net/zh-cn#nums={number}",
        number_pattern: "^[A-Z]{2}\\d{9}CN$",
        check_digit: "s10",
    },
    Courier {
        code: "SF",
        name: "顺丰速运",
        name_en: "SF Express",
        website: "https://www.sf-express.com",
        track_url: "https://www.sf-express.com/chn/sc/waybill/waybill-detail/{number}",
        number_pattern: "^SF\\d{12,13}$",
        check_digit: "",
    },
    Courier {
        code: "YUNEXPRESS",
        name: "云途物流",
        name_en: "YunExpress",
        website: "https://www.yunexpress.com",
        track_url: "https://www.yuntrack.com/parcelTracking?id={number}",
        number_pattern: "^YT\\d{16}$",
        check_digit: "",
    },
    Courier {
        code: "JAPANPOST",
        name: "日本邮政",
        name_en: "Japan Post",
        website: "https://www.post.japanpost.jp",
        track_url: "https://trackings.post.japanpost.jp/services/srv/search/?requestNo1={number}&locale=en",
        number_pattern: "^[A-Z]{2}\\d{9}JP$",
        check_digit: "s10",
    },
];

/// A courier's tracking page for `number`: `{number}` replaced by the number, percent-encoded
/// (letters, digits, `-`, `.`, `_` and `~` kept).
pub fn courier_url(template: &str, number: &str) -> String {
    let mut encoded = String::with_capacity(number.len());
    for b in number.trim().bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            encoded.push(char::from(b));
        } else {
            const HEX: &[u8; 16] = b"0123456789ABCDEF";
            encoded.push('%');
            encoded.push(char::from(HEX[usize::from(b >> 4)]));
            encoded.push(char::from(HEX[usize::from(b & 15)]));
        }
    }
    template.replace("{number}", &encoded)
}

/// A courier's tracking page as staff write it: a web address that holds `{number}`.
pub fn track_url_template(field: &str, value: &str) -> Result<String, FieldError> {
    let v = webhook_url(field, value).map_err(|_| FieldError::new(field, MessageKey::CourierTrackUrlInvalid))?;
    if !v.contains("{number}") {
        return Err(FieldError::new(field, MessageKey::CourierTrackUrlInvalid));
    }
    Ok(v)
}

/// A courier's number pattern: one core's pattern engine reads (the one the browser runs), at most
/// 200 characters.
pub fn number_pattern(field: &str, value: &str) -> Result<String, FieldError> {
    let v = value.trim();
    if v.len() > 200 || crate::pattern::Pattern::new(v).is_none() {
        return Err(FieldError::new(field, MessageKey::CourierPatternInvalid));
    }
    Ok(v.to_owned())
}

/// Whether `number` looks like a courier's: its pattern matches the upper-cased number and the
/// number's check digit is right under the courier's scheme. A courier without a pattern claims
/// no number.
pub fn courier_claims(pattern: Option<&crate::pattern::Pattern>, scheme: crate::check_digit::Scheme, number: &str) -> bool {
    let upper = number.trim().to_ascii_uppercase();
    pattern.is_some_and(|p| p.is_match(&upper)) && crate::check_digit::is_valid(scheme, &upper)
}

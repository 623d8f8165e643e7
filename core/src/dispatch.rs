//! Carrier operations: a supplier's services, the forwarder's depots, dispatches (shipments or
//! outbound batches handed to a carrier at a pickup) and the end-of-day manifest that closes a
//! carrier's day at a depot. The server enforces these rules; the browser reads the same ones
//! (through WASM) to offer only the actions a dispatch allows.

use crate::prelude::*;
use crate::{FieldError, MessageKey};

/// A service's kind.
pub const SERVICE_TYPES: &[&str] = &["express", "standard", "economy", "freight"];
/// A platform depot: the forwarder's own warehouse or a carrier's hand-over point.
pub const DEPOT_TYPES: &[&str] = &["warehouse", "handover"];
/// A dispatch's statuses, in order.
pub const STATUSES: &[&str] = &["created", "requested", "picked_up", "manifested", "cancelled"];
/// Days a service may state in transit, at most.
pub const TRANSIT_MAX_DAYS: i64 = 365;
/// Shipments one dispatch call may add.
pub const MAX_ADD: usize = 1000;

/// What can be done to a dispatch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Add or remove shipments.
    Edit,
    /// Ask the carrier for the pickup.
    Request,
    /// The carrier has collected.
    PickedUp,
    Cancel,
    /// Close into the day's manifest.
    Manifest,
}

impl Action {
    pub const ALL: &'static [(&'static str, Action)] = &[
        ("edit", Action::Edit),
        ("request", Action::Request),
        ("pickedUp", Action::PickedUp),
        ("cancel", Action::Cancel),
        ("manifest", Action::Manifest),
    ];
}

/// Whether a dispatch in `status` allows `action`; the reason when it does not.
pub fn allowed(status: &str, action: Action) -> Result<(), MessageKey> {
    match (status, action) {
        ("created", _) => Ok(()),
        ("requested", Action::Edit | Action::PickedUp | Action::Cancel | Action::Manifest) => Ok(()),
        ("requested", Action::Request) => Err(MessageKey::DispatchRequested),
        ("picked_up", Action::Manifest) => Ok(()),
        ("picked_up", _) => Err(MessageKey::DispatchPickedUp),
        ("manifested", _) => Err(MessageKey::DispatchManifested),
        _ => Err(MessageKey::DispatchCancelled),
    }
}

/// The actions a dispatch in `status` allows, for the page's buttons.
pub fn actions(status: &str) -> Vec<&'static str> {
    Action::ALL.iter().filter(|(_, a)| allowed(status, *a).is_ok()).map(|(c, _)| *c).collect()
}

/// Whether an order in `shipment_status` can be handed to a carrier: submitted and not yet
/// delivered, returned or cancelled.
pub fn dispatchable(shipment_status: &str) -> Result<(), MessageKey> {
    match shipment_status {
        "submitted" | "received" | "sorted" | "shipped" => Ok(()),
        "draft" => Err(MessageKey::DispatchNotSubmitted),
        _ => Err(MessageKey::DispatchOrderClosed),
    }
}

fn leap(year: u32) -> bool {
    (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400)
}

/// A business day written `YYYY-MM-DD` (a real date, 2000 to 2099), trimmed.
pub fn day(field: &str, text: &str) -> Result<String, FieldError> {
    let text = text.trim();
    let bad = || FieldError::new(field, MessageKey::DayInvalid);
    let b = text.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return Err(bad());
    }
    let num = |range: core::ops::Range<usize>| -> Option<u32> {
        let part = &text[range];
        if part.bytes().all(|c| c.is_ascii_digit()) { part.parse().ok() } else { None }
    };
    let (Some(year), Some(month), Some(d)) = (num(0..4), num(5..7), num(8..10)) else { return Err(bad()) };
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap(year) => 29,
        2 => 28,
        _ => return Err(bad()),
    };
    if !(2000..=2099).contains(&year) || d == 0 || d > days {
        return Err(bad());
    }
    Ok(text.to_owned())
}

fn minutes(text: &str) -> Option<u32> {
    let (h, m) = text.trim().split_once(':')?;
    if h.len() != 2 || m.len() != 2 || !h.bytes().chain(m.bytes()).all(|c| c.is_ascii_digit()) {
        return None;
    }
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

/// A pickup window `HH:MM-HH:MM` (24-hour clock, the start before the end), written back
/// without spaces.
pub fn window(field: &str, text: &str) -> Result<String, FieldError> {
    let bad = || FieldError::new(field, MessageKey::PickupWindowInvalid);
    let (from, to) = text.split_once('-').ok_or_else(bad)?;
    match (minutes(from), minutes(to)) {
        (Some(a), Some(b)) if a < b => Ok(format!("{}-{}", from.trim(), to.trim())),
        _ => Err(bad()),
    }
}

/// A service's days in transit: each within 0..=365, the fewest not above the most.
pub fn transit(min: Option<i64>, max: Option<i64>) -> Result<(), FieldError> {
    for (field, v) in [("transitMin", min), ("transitMax", max)] {
        if v.is_some_and(|d| !(0..=TRANSIT_MAX_DAYS).contains(&d)) {
            return Err(FieldError::new(field, MessageKey::TransitDaysInvalid).with("max", TRANSIT_MAX_DAYS.to_string()));
        }
    }
    match (min, max) {
        (Some(a), Some(b)) if a > b => Err(FieldError::new("transitMax", MessageKey::TransitDaysOrder)),
        _ => Ok(()),
    }
}

/// Entries a supplier's credentials may hold, and the longest key and value.
pub const CREDENTIALS_MAX: usize = 20;
const CREDENTIAL_KEY_MAX: usize = 64;
const CREDENTIAL_VALUE_MAX: usize = 2000;

/// A supplier's carrier credentials: a JSON object of text keys and text values, at most
/// [`CREDENTIALS_MAX`] of them (`{}`: none).
pub fn credentials(text: &str) -> Result<Vec<(String, String)>, FieldError> {
    let bad = || FieldError::new("credentials", MessageKey::CredentialsInvalid);
    let value = crate::json::parse(text).ok_or_else(bad)?;
    let map = value.as_object().ok_or_else(bad)?;
    if map.len() > CREDENTIALS_MAX {
        return Err(bad());
    }
    map.iter()
        .map(|(k, v)| match v.as_str() {
            Some(v) if !k.trim().is_empty() && k.len() <= CREDENTIAL_KEY_MAX && v.len() <= CREDENTIAL_VALUE_MAX => {
                Ok((k.clone(), v.to_owned()))
            }
            _ => Err(bad()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dispatch_moves_forward_only() {
        assert_eq!(actions("created"), vec!["edit", "request", "pickedUp", "cancel", "manifest"]);
        assert_eq!(actions("requested"), vec!["edit", "pickedUp", "cancel", "manifest"]);
        assert_eq!(actions("picked_up"), vec!["manifest"]);
        assert!(actions("manifested").is_empty() && actions("cancelled").is_empty() && actions("nonsense").is_empty());
        assert_eq!(allowed("requested", Action::Request), Err(MessageKey::DispatchRequested));
        assert_eq!(allowed("picked_up", Action::Cancel), Err(MessageKey::DispatchPickedUp));
        assert_eq!(allowed("manifested", Action::Edit), Err(MessageKey::DispatchManifested));
        assert_eq!(allowed("cancelled", Action::Manifest), Err(MessageKey::DispatchCancelled));
        for s in STATUSES {
            for (_, a) in Action::ALL {
                let _ = allowed(s, *a);
            }
        }
    }

    #[test]
    fn only_live_orders_are_dispatched() {
        for s in ["submitted", "received", "sorted", "shipped"] {
            assert_eq!(dispatchable(s), Ok(()));
        }
        assert_eq!(dispatchable("draft"), Err(MessageKey::DispatchNotSubmitted));
        for s in ["delivered", "cancelled", "returned", "inTransit", "exception"] {
            assert_eq!(dispatchable(s), Err(MessageKey::DispatchOrderClosed));
        }
    }

    #[test]
    fn days_are_real_dates() {
        assert_eq!(day("d", " 2026-12-02 ").as_deref(), Ok("2026-12-02"));
        assert!(day("d", "2028-02-29").is_ok());
        for bad in [
            "2026-02-29",
            "2100-02-28",
            "2026-13-01",
            "2026-00-10",
            "2026-04-31",
            "2026-1-01",
            "26-12-02",
            "2026/12/02",
            "",
            "２026-12-02",
        ] {
            assert_eq!(day("d", bad).map_err(|e| e.key), Err(MessageKey::DayInvalid), "{bad}");
        }
    }

    #[test]
    fn windows_run_forward_within_a_day() {
        assert_eq!(window("w", "09:00 - 12:30").as_deref(), Ok("09:00-12:30"));
        for bad in ["12:00-09:00", "09:00-09:00", "9:00-12:00", "24:00-25:00", "09:60-10:00", "0900-1200", ""] {
            assert!(window("w", bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn credentials_are_an_object_of_text() {
        assert_eq!(credentials(r#"{"apiKey":"k","account":"A1"}"#).unwrap().len(), 2);
        assert!(credentials("{}").unwrap().is_empty());
        for bad in ["", "[]", "\"k\"", r#"{"a":1}"#, r#"{"":"x"}"#, r#"{"a":{"b":"c"}}"#, "{"] {
            assert_eq!(credentials(bad).map_err(|e| e.key), Err(MessageKey::CredentialsInvalid), "{bad}");
        }
        let many: Vec<String> = (0..=CREDENTIALS_MAX).map(|i| format!("\"k{i}\":\"v\"")).collect();
        assert!(credentials(&format!("{{{}}}", many.join(","))).is_err());
    }

    #[test]
    fn transit_days_are_bounded_and_ordered() {
        assert!(transit(Some(2), Some(5)).is_ok() && transit(None, None).is_ok() && transit(Some(3), None).is_ok());
        assert_eq!(transit(Some(6), Some(5)).map_err(|e| e.field), Err("transitMax".into()));
        assert_eq!(transit(Some(-1), None).map_err(|e| e.key), Err(MessageKey::TransitDaysInvalid));
        assert_eq!(transit(None, Some(366)).map_err(|e| e.field), Err("transitMax".into()));
    }
}

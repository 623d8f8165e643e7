//! Returns (reverse logistics): a parcel that comes back (refused, undeliverable, sent back by the
//! consignee) and what the forwarder and its customer agree to do with it. The same rules on the
//! pages (through WebAssembly) and on the server: what a request, a decision, a receiving scan, a
//! comment, an attachment and a fee must carry, and which side may do what in which status.
//!
//! Lifecycle: `requested` (opened by the customer, or by staff for a parcel that came back
//! unannounced) → `approved` (staff expect it) → `received` (the warehouse scanned it and
//! recorded its condition) → `completed` (staff carried out the decision). `rejected` and
//! `cancelled` end it early. The decision (reship, return to sender, destroy, hold) may be proposed
//! by either side until the return is completed; completing needs one.

use crate::i18n::MessageKey;
use crate::json::Value;
use crate::prelude::*;
use crate::tracking::MAX_NUMBER_LEN;
use crate::validate::{self, FieldError, note, one_of, text_of as text};

/// A return's statuses, in lifecycle order.
pub const STATUSES: &[&str] = &["requested", "approved", "received", "completed", "rejected", "cancelled"];
/// Why a parcel comes back.
pub const REASONS: &[&str] = &["refused", "undeliverable", "addressIssue", "damaged", "customerReturn", "other"];
/// What is done with it.
pub const DECISIONS: &[&str] = &["reship", "returnToSender", "destroy", "hold"];
/// The condition the warehouse finds it in.
pub const CONDITIONS: &[&str] = &["intact", "damagedPackaging", "damagedGoods", "opened", "missingItems"];
/// Money on a return: a fee charged to the customer, a refund paid to it; each at most once.
pub const ACCOUNT_KINDS: &[&str] = &["fee", "refund"];

/// Longest reason detail, decision note, condition note.
pub const MAX_NOTE: usize = 500;
/// Longest comment.
pub const MAX_COMMENT: usize = 1000;
/// Largest attachment (bytes) and how many one return keeps.
pub const MAX_ATTACHMENT_BYTES: usize = 10 * 1024 * 1024;
pub const MAX_ATTACHMENT_LABEL: &str = "10 MB";
pub const MAX_ATTACHMENTS: usize = 20;
/// The kinds an attachment may be, as a refusal names them.
pub const ATTACHMENT_TYPES: &str = "PNG, JPEG, GIF, WebP, PDF";

/// Who acts: the customer (its main account or a sub-account) or the forwarder's staff.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Customer,
    Staff,
}

impl Side {
    pub fn code(self) -> &'static str {
        match self {
            Side::Customer => "customer",
            Side::Staff => "staff",
        }
    }
}

/// What can be done to a return.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Approve,
    Reject,
    Cancel,
    Receive,
    Decide,
    Complete,
    Attach,
    /// Charge a fee or pay a refund.
    Account,
}

impl Action {
    pub const ALL: &'static [(&'static str, Action)] = &[
        ("approve", Action::Approve),
        ("reject", Action::Reject),
        ("cancel", Action::Cancel),
        ("receive", Action::Receive),
        ("decide", Action::Decide),
        ("complete", Action::Complete),
        ("attach", Action::Attach),
        ("account", Action::Account),
    ];

    pub fn code(self) -> &'static str {
        Action::ALL.iter().find(|(_, a)| *a == self).map_or("", |(c, _)| c)
    }

    pub fn parse(code: &str) -> Option<Action> {
        Action::ALL.iter().find(|(c, _)| *c == code).map(|(_, a)| *a)
    }
}

/// Whether `side` may do `action` to a return in `status`; otherwise the message. Staff do all
/// but nothing after the end; customers open, cancel before the parcel is back, propose a decision
/// and add documents.
pub fn allowed(status: &str, action: Action, side: Side) -> Result<(), MessageKey> {
    use Action::*;
    let staff_only = matches!(action, Approve | Reject | Receive | Complete | Account);
    if staff_only && side == Side::Customer {
        return Err(MessageKey::ReturnStaffOnly);
    }
    let ok = matches!(
        (status, action),
        ("requested", Approve | Reject | Cancel | Receive | Decide | Attach)
            | ("approved", Cancel | Receive | Decide | Attach)
            | ("received", Decide | Complete | Attach | Account)
            | ("completed", Account)
    );
    if ok { Ok(()) } else { Err(MessageKey::ReturnActionRefused) }
}

/// The status after `action` (the same for those that do not move it).
pub fn next(status: &str, action: Action) -> &str {
    match action {
        Action::Approve => "approved",
        Action::Reject => "rejected",
        Action::Cancel => "cancelled",
        Action::Receive => "received",
        Action::Complete => "completed",
        Action::Decide | Action::Attach | Action::Account => status,
    }
}

/// The actions `side` may take on a return in `status`, for the page's buttons.
pub fn actions(status: &str, side: Side) -> Vec<&'static str> {
    Action::ALL.iter().filter(|(_, a)| allowed(status, *a, side).is_ok()).map(|(c, _)| *c).collect()
}

/// Whether a status ends the return (nothing but money moves after it).
pub fn is_final(status: &str) -> bool {
    matches!(status, "completed" | "rejected" | "cancelled")
}

/// Whether an order in `shipment_status` can have a return: it must have been submitted (a draft
/// never left) and not cancelled.
pub fn returnable(shipment_status: &str) -> Result<(), MessageKey> {
    match shipment_status {
        "draft" => Err(MessageKey::ReturnNotShipped),
        "cancelled" => Err(MessageKey::ReturnOrderCancelled),
        _ => Ok(()),
    }
}

/// The normalized tracking status (tracking's codes) a return's own track records when it
/// reaches `status`: registered, on its way back, back at the warehouse, ended.
pub fn track_status(status: &str) -> &'static str {
    match status {
        "requested" => "info_received",
        "approved" => "returning",
        "received" | "completed" => "returned",
        _ => "cancelled",
    }
}

/// A return request, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The order's serial number, system tracking number, tracking number or a parcel's number.
    pub number: String,
    pub reason: String,
    pub reason_detail: Option<String>,
    /// The carrier's tracking number of the way back, when known.
    pub return_track_no: Option<String>,
}

/// Checks a return request (`{number, reason, reasonDetail, returnTrackNo}`): the number of the
/// order or parcel, a reason from [`REASONS`] (a detail required for `other`), notes in bounds.
pub fn request(form: &Value) -> Result<Request, FieldError> {
    let number = text(form, "number").to_ascii_uppercase();
    if number.is_empty() {
        return Err(FieldError::new("number", MessageKey::ReturnNumberRequired));
    }
    tracking_number("number", &number)?;
    let reason = one_of(form, "reason", "@field_reason", REASONS)?;
    let reason_detail = note(form, "reasonDetail", "@field_remark", MAX_NOTE)?;
    if reason == "other" && reason_detail.is_none() {
        return Err(FieldError::new("reasonDetail", MessageKey::ReturnDetailRequired));
    }
    let back = text(form, "returnTrackNo").to_ascii_uppercase();
    if !back.is_empty() {
        tracking_number("returnTrackNo", &back)?;
    }
    Ok(Request { number, reason, reason_detail, return_track_no: (!back.is_empty()).then_some(back) })
}

fn tracking_number(field: &str, number: &str) -> Result<(), FieldError> {
    if number.chars().count() > MAX_NUMBER_LEN || !number.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(
            FieldError::new(field, MessageKey::TrackNumberInvalid).with("number", number.chars().take(60).collect::<String>())
        );
    }
    Ok(())
}

/// A decision, checked: one of [`DECISIONS`] and an optional note.
pub fn decision(form: &Value) -> Result<(String, Option<String>), FieldError> {
    Ok((one_of(form, "decision", "@field_decision", DECISIONS)?, note(form, "decisionRemark", "@field_remark", MAX_NOTE)?))
}

/// A receiving scan, checked: the number scanned, the condition found (one of [`CONDITIONS`]),
/// an optional note (a note is required unless the parcel is intact).
pub fn receive(form: &Value) -> Result<(String, String, Option<String>), FieldError> {
    let number = text(form, "number").to_ascii_uppercase();
    if number.is_empty() {
        return Err(FieldError::new("number", MessageKey::ReturnNumberRequired));
    }
    tracking_number("number", &number)?;
    let condition = one_of(form, "condition", "@field_condition", CONDITIONS)?;
    let remark = note(form, "conditionRemark", "@field_remark", MAX_NOTE)?;
    if condition != "intact" && remark.is_none() {
        return Err(FieldError::new("conditionRemark", MessageKey::ReturnConditionNote));
    }
    Ok((number, condition, remark))
}

/// A comment, checked: present, at most [`MAX_COMMENT`] characters.
pub fn comment(form: &Value) -> Result<String, FieldError> {
    let content = text(form, "content");
    validate::required("content", "@field_content", content)?;
    validate::max_chars("content", "@field_content", content, MAX_COMMENT)?;
    Ok(content.to_owned())
}

/// The kind of an attachment by its first bytes (a name can lie): the extension and media type,
/// or None for anything but an image or a PDF.
pub fn attachment_kind(head: &[u8]) -> Option<(&'static str, &'static str)> {
    if head.starts_with(b"%PDF-") {
        Some(("pdf", "application/pdf"))
    } else if head.starts_with(&[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a]) {
        Some(("png", "image/png"))
    } else if head.starts_with(&[0xff, 0xd8, 0xff]) {
        Some(("jpg", "image/jpeg"))
    } else if head.starts_with(b"GIF87a") || head.starts_with(b"GIF89a") {
        Some(("gif", "image/gif"))
    } else if head.len() >= 12 && &head[0..4] == b"RIFF" && &head[8..12] == b"WEBP" {
        Some(("webp", "image/webp"))
    } else {
        None
    }
}

/// Checks an attachment by its size and first bytes (the page checks before uploading, the server
/// again): not empty, at most [`MAX_ATTACHMENT_BYTES`], an image or a PDF.
pub fn attachment(size: usize, head: &[u8]) -> Result<(&'static str, &'static str), FieldError> {
    if size == 0 {
        return Err(FieldError::new("file", MessageKey::Required).with("field", "@field_file"));
    }
    if size > MAX_ATTACHMENT_BYTES {
        return Err(FieldError::new("file", MessageKey::FileTooLarge).with("max", MAX_ATTACHMENT_LABEL));
    }
    attachment_kind(head).ok_or_else(|| FieldError::new("file", MessageKey::FileTypeRefused).with("types", ATTACHMENT_TYPES))
}

/// A fee or refund, checked: its kind and a positive amount in the currency's minor units.
pub fn account(form: &Value, currency: &str) -> Result<(String, i64, Option<String>), FieldError> {
    let kind = one_of(form, "kind", "@field_account_kind", ACCOUNT_KINDS)?;
    let amount = crate::wallet::read_amount("amount", form.get("amount"), currency)?;
    Ok((kind, amount, note(form, "remark", "@field_remark", MAX_NOTE)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;

    fn form(text: &str) -> Value {
        json::parse(text).unwrap()
    }

    #[test]
    fn the_lifecycle_moves_forward_only() {
        assert_eq!(allowed("requested", Action::Approve, Side::Staff), Ok(()));
        assert_eq!(allowed("requested", Action::Approve, Side::Customer), Err(MessageKey::ReturnStaffOnly));
        assert_eq!(allowed("requested", Action::Cancel, Side::Customer), Ok(()));
        assert_eq!(allowed("received", Action::Cancel, Side::Customer), Err(MessageKey::ReturnActionRefused));
        assert_eq!(allowed("received", Action::Complete, Side::Staff), Ok(()));
        assert_eq!(allowed("approved", Action::Complete, Side::Staff), Err(MessageKey::ReturnActionRefused));
        assert_eq!(allowed("completed", Action::Decide, Side::Customer), Err(MessageKey::ReturnActionRefused));
        assert_eq!(allowed("completed", Action::Account, Side::Staff), Ok(()));
        assert_eq!(allowed("cancelled", Action::Account, Side::Staff), Err(MessageKey::ReturnActionRefused));
        assert_eq!(next("approved", Action::Receive), "received");
        assert_eq!(next("received", Action::Decide), "received");
        assert_eq!(actions("requested", Side::Customer), vec!["cancel", "decide", "attach"]);
        assert_eq!(actions("received", Side::Staff), vec!["decide", "complete", "attach", "account"]);
        assert!(actions("rejected", Side::Staff).is_empty());
        assert_eq!(returnable("draft"), Err(MessageKey::ReturnNotShipped));
        assert_eq!(returnable("cancelled"), Err(MessageKey::ReturnOrderCancelled));
        assert_eq!(returnable("shipped"), Ok(()));
        for s in STATUSES {
            assert!(crate::tracking::Status::parse(track_status(s)).is_some(), "{s}");
        }
        for s in STATUSES {
            assert_eq!(is_final(s), actions(s, Side::Customer).is_empty(), "{s}");
        }
    }

    #[test]
    fn requests_are_checked() {
        let ok = request(&form(r#"{"number":" ea123 ","reason":"refused","returnTrackNo":"1z9"}"#)).unwrap();
        assert_eq!((ok.number.as_str(), ok.reason.as_str(), ok.return_track_no.as_deref()), ("EA123", "refused", Some("1Z9")));
        assert_eq!(request(&form(r#"{"reason":"refused"}"#)).unwrap_err().key, MessageKey::ReturnNumberRequired);
        assert_eq!(request(&form(r#"{"number":"A1","reason":"lost"}"#)).unwrap_err().key, MessageKey::ReturnOptionInvalid);
        assert_eq!(request(&form(r#"{"number":"A1"}"#)).unwrap_err().field, "reason");
        assert_eq!(request(&form(r#"{"number":"A1","reason":"other"}"#)).unwrap_err().key, MessageKey::ReturnDetailRequired);
        assert_eq!(request(&form(r#"{"number":"A 1","reason":"refused"}"#)).unwrap_err().key, MessageKey::TrackNumberInvalid);
        let long = "字".repeat(MAX_NOTE + 1);
        let e = request(&form(&format!(r#"{{"number":"A1","reason":"other","reasonDetail":"{long}"}}"#))).unwrap_err();
        assert_eq!(e.key, MessageKey::TooLong);
    }

    #[test]
    fn decisions_scans_comments_and_money_are_checked() {
        assert_eq!(decision(&form(r#"{"decision":"reship"}"#)).unwrap(), ("reship".into(), None));
        assert_eq!(decision(&form(r#"{"decision":"burn"}"#)).unwrap_err().key, MessageKey::ReturnOptionInvalid);
        assert_eq!(receive(&form(r#"{"number":"x1","condition":"intact"}"#)).unwrap(), ("X1".into(), "intact".into(), None));
        assert_eq!(receive(&form(r#"{"number":"x1","condition":"opened"}"#)).unwrap_err().key, MessageKey::ReturnConditionNote);
        assert_eq!(comment(&form(r#"{"content":"  "}"#)).unwrap_err().key, MessageKey::Required);
        assert_eq!(
            comment(&form(&format!(r#"{{"content":"{}"}}"#, "a".repeat(MAX_COMMENT + 1)))).unwrap_err().key,
            MessageKey::TooLong
        );
        assert_eq!(account(&form(r#"{"kind":"fee","amount":"12.50"}"#), "CNY").unwrap(), ("fee".into(), 1250, None));
        assert_eq!(account(&form(r#"{"kind":"fee","amount":"0"}"#), "CNY").unwrap_err().field, "amount");
        assert_eq!(account(&form(r#"{"kind":"gift","amount":"1"}"#), "CNY").unwrap_err().key, MessageKey::ReturnOptionInvalid);
    }

    #[test]
    fn attachments_are_known_by_their_bytes() {
        assert_eq!(attachment(10, b"%PDF-1.7").unwrap(), ("pdf", "application/pdf"));
        assert_eq!(attachment(10, &[0xff, 0xd8, 0xff, 0xe0]).unwrap().1, "image/jpeg");
        assert_eq!(attachment(10, b"MZ\x90\x00").unwrap_err().key, MessageKey::FileTypeRefused);
        assert_eq!(attachment(MAX_ATTACHMENT_BYTES + 1, b"%PDF-").unwrap_err().key, MessageKey::FileTooLarge);
        assert_eq!(attachment(0, b"").unwrap_err().key, MessageKey::Required);
    }
}

//! Signed requests between the platform and its peers (payment providers' callbacks, carriers'
//! tracking webhooks, the platform's own deliveries to customers' webhooks): the header
//! `t=<unix seconds>,v1=<hex HMAC-SHA256 of "{t}.{body}">`, as Stripe signs. The timestamp is
//! signed with the body, so a captured request cannot be replayed after the tolerance; within
//! it, the receivers' idempotency keys make a replay change nothing.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// How far a signed timestamp may be from the receiver's clock.
pub const TOLERANCE_SECONDS: i64 = 300;

fn mac(secret: &str, timestamp: i64, body: &[u8]) -> Hmac<Sha256> {
    // HMAC takes a key of any length: this cannot fail.
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes()).unwrap_or_else(|_| unreachable!());
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac
}

/// The signature header for `body` at `timestamp`.
pub fn sign(secret: &str, timestamp: i64, body: &[u8]) -> String {
    let tag = mac(secret, timestamp, body).finalize().into_bytes();
    let hex: String = tag.iter().map(|b| format!("{b:02x}")).collect();
    format!("t={timestamp},v1={hex}")
}

/// Whether `header` signs `body` with `secret`, within the tolerance of `now`. Constant time in
/// the tag: a forger learns nothing from how long the refusal took.
pub fn verify(secret: &str, header: &str, body: &[u8], now: i64) -> bool {
    let mut timestamp = None;
    let mut tag = None;
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", hex)) => tag = decode_hex(hex),
            _ => {}
        }
    }
    let (Some(timestamp), Some(tag)) = (timestamp, tag) else {
        return false;
    };
    (now - timestamp).abs() <= TOLERANCE_SECONDS && mac(secret, timestamp, body).verify_slice(&tag).is_ok()
}

fn decode_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
}

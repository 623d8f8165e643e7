//! Times on the wire. Stored times are UTC (`NaiveDateTime` read as UTC); the API speaks them as
//! ISO-8601 UTC (`2026-11-24T19:16:46Z`) and the web shows them in the browser's time zone. What a
//! client sends is read as an instant: RFC 3339 with any offset, or a plain date-time taken as UTC
//! (what older clients send). Files the server writes for a person (xlsx exports) use the
//! request's time zone, the IANA name the web app sends in `X-Time-Zone`, else UTC. Records carry
//! stored times as [`DateTime`], which reads them and speaks them so.

use axum::http::HeaderMap;
use chrono::NaiveDateTime;
use chrono_tz::Tz;
use diesel::backend::Backend;
use diesel::deserialize::{FromSql, FromSqlRow};
use diesel::sql_types::Timestamp;

/// The header the web app names its time zone in (`Intl…resolvedOptions().timeZone`).
pub const ZONE_HEADER: &str = "x-time-zone";

tokio::task_local! {
    static REQUEST_ZONE: Tz;
}

/// How the API writes a time.
const ISO: &str = "%Y-%m-%dT%H:%M:%SZ";

/// A stored (UTC) time as the API speaks it: `YYYY-MM-DDTHH:MM:SSZ`.
pub fn iso(t: NaiveDateTime) -> String {
    t.format(ISO).to_string()
}

/// A stored (UTC) time in a record: read from a `TIMESTAMP` column on either backend (a row can be
/// the record itself), written as [`iso`]. OpenAPI shows it as a `date-time` string: utoipa knows
/// `DateTime` fields by their type's name, as it knows chrono's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, FromSqlRow)]
pub struct DateTime(pub NaiveDateTime);

impl serde::Serialize for DateTime {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0.format(ISO))
    }
}

impl<DB: Backend> FromSql<Timestamp, DB> for DateTime
where
    NaiveDateTime: FromSql<Timestamp, DB>,
{
    fn from_sql(bytes: DB::RawValue<'_>) -> diesel::deserialize::Result<Self> {
        NaiveDateTime::from_sql(bytes).map(DateTime)
    }
}

/// An optional stored time as the API speaks it.
pub fn iso_opt(t: Option<NaiveDateTime>) -> Option<String> {
    t.map(iso)
}

/// A time a client sent, as a stored (UTC) time: RFC 3339 with any offset (`Z`, `+08:00`), or a
/// plain `YYYY-MM-DD[T ]HH:MM[:SS[.fff]]` taken as UTC. `None` when it is none of these.
pub fn parse_instant(text: &str) -> Option<NaiveDateTime> {
    let text = text.trim();
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(text) {
        return Some(t.naive_utc());
    }
    let plain = text.strip_suffix('Z').or_else(|| text.strip_suffix('z')).unwrap_or(text);
    ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%d %H:%M:%S%.f", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"]
        .iter()
        .find_map(|format| NaiveDateTime::parse_from_str(plain, format).ok())
}

/// The time zone a request names, UTC when it names none or one that does not exist.
pub fn zone_from_headers(headers: &HeaderMap) -> Tz {
    headers.get(ZONE_HEADER).and_then(|v| v.to_str().ok()).and_then(|name| name.trim().parse().ok()).unwrap_or(Tz::UTC)
}

/// Runs `future` with `zone` as the request's time zone.
pub async fn scope<F: Future>(zone: Tz, future: F) -> F::Output {
    REQUEST_ZONE.scope(zone, future).await
}

/// The time zone of the request being handled (UTC outside of one).
pub fn current_zone() -> Tz {
    REQUEST_ZONE.try_with(|zone| *zone).unwrap_or(Tz::UTC)
}

/// A stored (UTC) time in the request's time zone, `YYYY-MM-DD HH:MM:SS`: what a person reads in
/// a file the server writes for them.
pub fn local(t: NaiveDateTime) -> String {
    t.and_utc().with_timezone(&current_zone()).format("%Y-%m-%d %H:%M:%S").to_string()
}

/// An API time (`iso`) in the request's time zone; the text itself when it is not one.
pub fn local_text(text: &str) -> String {
    parse_instant(text).map(local).unwrap_or_else(|| text.to_owned())
}

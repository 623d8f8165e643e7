//! `Idempotency-Key`: a money-moving request sent again (a retry after a timeout, a double click)
//! has one effect. Per user, a key names one request (its method, path and body):
//! - the same key and body within 24 hours replays the first answer, byte for byte, with
//!   `Idempotent-Replayed: true`;
//! - the same key while the first request is still in flight is 409;
//! - the same key with another request is 422.
//!
//! Keys live in the database (`sys_idempotency`), so every instance of a cluster sees them. A
//! request that failed on the server's side (5xx) forgets its key: nothing happened, and a retry
//! may run. A key left in flight by a process that died is taken over after [`ABANDONED`].

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{Duration, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::{FieldError, MessageKey};
use sha2::{Digest, Sha256};

use crate::platform::db::Db;
use crate::platform::db::schema::sys_idempotency as idem;
use crate::platform::http::AppError;
use crate::platform::http::error::Enveloped;
use crate::{with_conn, with_write};

pub const HEADER: &str = "idempotency-key";
pub const REPLAYED: &str = "idempotent-replayed";

/// How long a first answer is kept and replayed.
pub const KEPT: Duration = Duration::hours(24);
/// After this long in flight, a key's first request is taken for dead.
pub const ABANDONED: Duration = Duration::minutes(5);
/// The largest answer kept (a money call answers a few hundred bytes).
const MAX_ANSWER: usize = 256 * 1024;

/// The request's key: None without the header; 400 for a key that is not 1 to 64 visible ASCII
/// characters.
pub fn key_of(headers: &HeaderMap) -> Result<Option<String>, AppError> {
    let Some(value) = headers.get(HEADER) else {
        return Ok(None);
    };
    let key = value.to_str().map(str::trim).unwrap_or("");
    if key.is_empty() || key.len() > 64 || !key.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(AppError::bad_request(MessageKey::IdempotencyKeyInvalid));
    }
    Ok(Some(key.to_owned()))
}

/// What the first request was: its method, path and body, hashed.
pub fn fingerprint(method_path: &str, body: &impl serde::Serialize) -> String {
    let mut hash = Sha256::new();
    hash.update(method_path.as_bytes());
    hash.update([0]);
    hash.update(serde_json::to_vec(body).unwrap_or_default());
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

enum Claim {
    /// This request runs.
    Run,
    Replay(u16, String),
}

/// Runs `run` once per `(user, key)`: without a key it simply runs; with one, as the module says.
pub async fn once(
    db: &Db,
    user_id: &str,
    key: Option<&str>,
    fingerprint: &str,
    run: impl Future<Output = Result<Response, AppError>>,
) -> Result<Response, AppError> {
    let Some(key) = key else {
        return run.await;
    };
    match claim(db, user_id, key, fingerprint).await? {
        Claim::Replay(status, body) => {
            let mut response = answer(status, body);
            response.headers_mut().insert(REPLAYED, HeaderValue::from_static("true"));
            Ok(response)
        }
        Claim::Run => {
            let response = match run.await {
                Ok(response) => response,
                Err(error) => error.into_response(),
            };
            let status = response.status();
            if status.is_server_error() {
                forget(db, user_id, key).await;
                return Ok(response);
            }
            let body = axum::body::to_bytes(response.into_body(), MAX_ANSWER).await.map_err(AppError::internal)?;
            let text = String::from_utf8_lossy(&body).into_owned();
            let code = i32::from(status.as_u16());
            let kept = with_write!(data: db, |conn| {
                diesel::update(idem::table.find((user_id, key)))
                    .set((idem::status_code.eq(Some(code)), idem::response.eq(Some(&text))))
                    .execute(conn)
                    .await
            });
            if let Err(e) = kept {
                // The effect happened; only its replay is lost. Say so in the log, answer anyway.
                tracing::error!(error = %e, "idempotency: the first answer was not kept");
            }
            Ok(answer(status.as_u16(), text))
        }
    }
}

fn answer(status: u16, body: String) -> Response {
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = StatusCode::from_u16(status).unwrap_or(StatusCode::OK);
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response.extensions_mut().insert(Enveloped);
    response
}

async fn forget(db: &Db, user_id: &str, key: &str) {
    let gone: Result<usize, AppError> =
        async { Ok(with_write!(data: db, |conn| diesel::delete(idem::table.find((user_id, key))).execute(conn).await?)) }.await;
    if let Err(e) = gone {
        tracing::error!(error = ?e.cause, "idempotency: a failed request's key was not forgotten");
    }
}

/// Takes the key for this request, or finds why not.
async fn claim(db: &Db, user_id: &str, key: &str, fingerprint: &str) -> Result<Claim, AppError> {
    for _ in 0..3 {
        let now = Utc::now().naive_utc();
        let taken = with_write!(data: db, |conn| {
            diesel::insert_into(idem::table)
                .values((
                    idem::user_id.eq(user_id),
                    idem::idem_key.eq(key),
                    idem::request_hash.eq(fingerprint),
                    idem::create_time.eq(now),
                ))
                .on_conflict_do_nothing()
                .execute(conn)
                .await?
        });
        if taken == 1 {
            return Ok(Claim::Run);
        }
        let found: Option<(String, Option<i32>, Option<String>, NaiveDateTime)> = with_conn!(db, |conn| {
            idem::table
                .find((user_id, key))
                .select((idem::request_hash, idem::status_code, idem::response, idem::create_time))
                .first(conn)
                .await
                .optional()?
        });
        let Some((hash, status, response, created)) = found else {
            continue;
        };
        let stale = match status {
            Some(_) => created < now - KEPT,
            None => created < now - ABANDONED,
        };
        if stale {
            // Gone by age: the key is free again (only the row as read is removed).
            with_write!(data: db, |conn| {
                diesel::delete(idem::table.find((user_id, key)).filter(idem::create_time.eq(created))).execute(conn).await?
            });
            continue;
        }
        if hash != fingerprint {
            return Err(AppError {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                error: FieldError::new("", MessageKey::IdempotencyMismatch),
                cause: None,
            });
        }
        return match (status, response) {
            (Some(status), Some(body)) => Ok(Claim::Replay(u16::try_from(status).unwrap_or(200), body)),
            _ => Err(AppError::conflict(MessageKey::IdempotencyInFlight)),
        };
    }
    Err(AppError::conflict(MessageKey::IdempotencyInFlight))
}

/// Removes keys older than [`KEPT`]; returns how many.
pub async fn purge(db: &Db, now: NaiveDateTime) -> Result<usize, AppError> {
    Ok(with_write!(data: db, |conn| diesel::delete(idem::table.filter(idem::create_time.lt(now - KEPT))).execute(conn).await?))
}

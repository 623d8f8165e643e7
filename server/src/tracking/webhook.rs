//! Carriers' tracking webhooks: `POST /logistics/track/webhook/{supplierId}`, no session, signed
//! with the supplier's own secret (`X-Track-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of
//! "{t}.{body}">`, five minutes' tolerance). A forged or stale delivery is refused and changes
//! nothing; each event carries the carrier's id, stored once, so a retried or replayed delivery
//! adds nothing. Staff read the endpoint and its secret beside the supplier, and may rotate it.

use axum::body::Bytes;
use axum::extract::Path;
use axum::http::HeaderMap;
use chrono::Utc;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::tracking;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::ingest::{Incoming, Ingested, ingest};
use crate::carrier::suppliers::Suppliers;
use crate::platform::caller::Caller;
use crate::platform::db::schema::logistics_supplier as sp;
use crate::platform::http::{ApiQuery, ApiResult, AppError, ok};
use crate::platform::resource::handlers::find;
use crate::platform::{secrets, settings, signature};
use crate::state::AppState;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::with_conn;

pub const SIGNATURE_HEADER: &str = "x-track-signature";
/// Most events one delivery carries.
pub const MAX_EVENTS: usize = 500;

/// One event as a carrier sends it.
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookEvent {
    /// The carrier's id of the event: the same id again is the same event.
    #[serde(default)]
    pub event_id: String,
    /// The number it names (the carrier's tracking number, or the platform's).
    #[serde(default)]
    pub track_no: String,
    /// The carrier's event code (mapped to a status), or a normalized status.
    #[serde(default)]
    pub code: String,
    /// `2026-11-28T18:05:30+08:00` (without an offset: UTC).
    #[serde(default)]
    pub time: String,
    pub location: Option<String>,
    pub detail: Option<String>,
    pub detail_en: Option<String>,
    pub reason: Option<String>,
    pub pieces: Option<i32>,
}

#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookDelivery {
    #[serde(default)]
    pub events: Vec<WebhookEvent>,
}

fn secret_key(supplier_id: &str) -> String {
    format!("track_webhook_secret:{supplier_id}")
}

/// The supplier's signing secret, made on first use.
async fn secret_of(state: &AppState, supplier_id: &str) -> Result<String, AppError> {
    let key = secret_key(supplier_id);
    if let Some(secret) = settings::get(&state.db, &key).await? {
        return Ok(secret);
    }
    Ok(settings::get_or_init(&state.db, &key, &secrets::new_secret()?).await?)
}

fn rejected() -> AppError {
    AppError::bad_request(MessageKey::TrackWebhookRejected)
}

/// The events of a delivery, each checked in core (the field named with its index).
fn read(delivery: &WebhookDelivery) -> Result<Vec<Incoming>, AppError> {
    if delivery.events.len() > MAX_EVENTS {
        return Err(AppError::field("events", MessageKey::TrackWebhookTooMany).with("max", MAX_EVENTS.to_string()));
    }
    let at = |i: usize, mut e: logistics_core::FieldError| {
        e.field = format!("events[{i}].{}", e.field);
        AppError::invalid(e)
    };
    let mut out = Vec::with_capacity(delivery.events.len());
    for (i, ev) in delivery.events.iter().enumerate() {
        let number = tracking::numbers(&ev.track_no).map_err(|e| at(i, e))?;
        let id = ev.event_id.trim();
        if id.is_empty() || id.len() > 100 {
            return Err(at(i, logistics_core::FieldError::new("eventId", MessageKey::Required).with("field", "eventId")));
        }
        let text = |v: &Option<String>| v.clone().unwrap_or_default();
        tracking::event_texts(&ev.code, &text(&ev.location), &text(&ev.detail), &text(&ev.detail_en)).map_err(|e| at(i, e))?;
        let time = tracking::event_time("time", &ev.time, 0).map_err(|e| at(i, e))?;
        out.push(Incoming {
            number: number.into_iter().next().unwrap_or_default(),
            code: ev.code.trim().to_owned(),
            event_key: id.to_owned(),
            time: Some(time),
            location: ev.location.clone(),
            detail: ev.detail.clone(),
            detail_en: ev.detail_en.clone(),
            reason: ev.reason.clone(),
            pieces: ev.pieces,
        });
    }
    Ok(out)
}

/// A carrier's tracking events. 400 when the signature is missing, wrong or older than five
/// minutes, or an event is malformed (nothing is stored); events of numbers no order has are
/// listed in `unknown`; an event id already stored is a duplicate.
#[utoipa::path(post, path = "/logistics/track/webhook/{supplierId}", tag = "logistics", request_body = WebhookDelivery,
    params(("supplierId" = String, Path, description = "The supplier's id"),
        ("X-Track-Signature" = String, Header, description = "t=<unix seconds>,v1=<HMAC-SHA256 of `{t}.{body}` with the supplier's secret, hex>")),
    responses((status = 200, body = crate::platform::http::Envelope<Ingested>), (status = 400)))]
pub async fn webhook(
    axum::extract::State(state): axum::extract::State<AppState>,
    Path(supplier_id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Ingested> {
    let supplier: Option<(i32, String, Option<String>)> = with_conn!(&state.db, |conn| {
        sp::table
            .filter(sp::id.eq(supplier_id.trim()))
            .select((sp::tenant_id, sp::code, sp::api_type))
            .first(conn)
            .await
            .optional()?
    });
    // An unknown supplier is refused as a bad signature: the endpoint tells a prober nothing.
    let (tenant_id, code, api_type) = supplier.ok_or_else(rejected)?;
    let secret = secret_of(&state, &supplier_id).await?;
    let header = headers.get(SIGNATURE_HEADER).and_then(|v| v.to_str().ok()).ok_or_else(rejected)?;
    if !signature::verify(&secret, header, &body, Utc::now().timestamp()) {
        return Err(rejected());
    }
    let delivery: WebhookDelivery = serde_json::from_slice(&body).map_err(|_| AppError::bad_request(MessageKey::BadRequest))?;
    let events = read(&delivery)?;
    let source = tracking::source("source", api_type.as_deref().filter(|a| !a.trim().is_empty()).unwrap_or(&code))
        .unwrap_or_else(|_| "carrier".to_owned());
    // Event ids are the carrier's: two suppliers may use the same ones.
    let events: Vec<Incoming> = events
        .into_iter()
        .map(|mut e| {
            e.event_key = format!("{supplier_id}:{}", e.event_key);
            e
        })
        .collect();
    ok(ingest(&state, tenant_id, &source, &events, &format!("webhook:{code}")).await?)
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SupplierQuery {
    #[serde(default)]
    pub supplier_id: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookSetup {
    /// The path to post to, under the API's base (`/boot`).
    pub path: String,
    pub header: String,
    pub secret: String,
}

fn setup(supplier_id: &str, secret: String) -> WebhookSetup {
    WebhookSetup { path: format!("/logistics/track/webhook/{supplier_id}"), header: "X-Track-Signature".to_owned(), secret }
}

/// A supplier's webhook endpoint and signing secret (staff who edit suppliers).
#[utoipa::path(get, path = "/logistics/track/webhookSecret", tag = "logistics", params(SupplierQuery),
    responses((status = 200, body = crate::platform::http::Envelope<WebhookSetup>), (status = 403), (status = 404)))]
pub async fn webhook_secret(Caller(state, me): Caller, ApiQuery(q): ApiQuery<SupplierQuery>) -> ApiResult<WebhookSetup> {
    grants::require(&state, &me, "logistics:supplier:edit").await?;
    let supplier = find::<Suppliers>(&state, &me, &q.supplier_id).await?;
    let secret = secret_of(&state, &supplier.id).await?;
    ok(setup(&supplier.id, secret))
}

/// A new signing secret for the supplier's webhook: the old one stops working at once.
#[utoipa::path(post, path = "/logistics/track/webhookSecret/rotate", tag = "logistics", params(SupplierQuery),
    responses((status = 200, body = crate::platform::http::Envelope<WebhookSetup>), (status = 403), (status = 404)))]
pub async fn rotate_secret(Caller(state, me): Caller, ApiQuery(q): ApiQuery<SupplierQuery>) -> ApiResult<WebhookSetup> {
    grants::require(&state, &me, "logistics:supplier:edit").await?;
    let supplier = find::<Suppliers>(&state, &me, &q.supplier_id).await?;
    let secret = secrets::new_secret()?;
    settings::set(&state.db, &secret_key(&supplier.id), &secret).await?;
    logs::edited(&state.db, &me, "logistics:supplier:webhookSecret", &supplier.code, &"***", &"***").await;
    ok(setup(&supplier.id, secret))
}

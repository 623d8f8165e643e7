//! Tracking subscriptions (`/logistics/trackSubscription/*`): a customer registers a webhook URL
//! that hears its orders' status changes. Each change becomes a delivery in the log
//! (`/logistics/trackDelivery/*`), written in the same transaction as the status: signed with the
//! subscription's secret (`X-Track-Signature`, as carriers sign theirs), posted by a worker,
//! retried with backoff (core `tracking::retry_delay`) until the receiver answers 2xx or the
//! attempts are spent, and replayable from the log.

use std::time::Duration;

use chrono::{NaiveDateTime, Utc};
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::tracking;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::caller::Caller;
use crate::platform::db::schema::{logistics_track_delivery as d, logistics_track_subscription as sub};
use crate::platform::db::{Db, Tx};
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiQuery, ApiResult, AppError, ok};
use crate::platform::resource::form::optional;
use crate::platform::resource::handlers::read;
use crate::platform::resource::{Checked, Field, Filter, Kind, Resource, Scope, customer_of};
use crate::platform::{secrets, signature};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::{on_tx, with_conn, with_write};

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = sub)]
#[serde(rename_all = "camelCase")]
pub struct TrackSubscriptionRecord {
    pub id: String,
    pub customer_id: String,
    pub url: String,
    /// The signing secret (`X-Track-Signature: t=…,v1=HMAC-SHA256("{t}.{body}")`).
    pub secret: String,
    /// 1 on, 0 paused.
    pub status: i16,
    pub remark: Option<String>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackSubscriptionForm {
    pub id: Option<String>,
    #[serde(default)]
    pub url: String,
    pub status: Option<i16>,
    pub remark: Option<String>,
    /// Staff only: the customer it is for (a customer's own is always its own).
    pub customer_id: Option<String>,
}

pub struct TrackSubscriptions;

impl Resource for TrackSubscriptions {
    const PATH: &'static str = "/logistics/trackSubscription";
    const PERMISSION: &'static str = "logistics:trackSubscription";
    const NOUN: &'static str = "tracking subscription";
    const PLURAL: &'static str = "trackSubscriptions";
    const TABLE: &'static str = "logistics_track_subscription";
    const SCOPE: Scope = Scope::Customer;
    const FIELDS: &'static [Field] = &[
        Field::text("url", "url").sortable().titled(MessageKey::FieldTrackWebhookUrl),
        Field::small("status", "status"),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::text("customerId", "customer_id"),
        Field::text("createBy", "create_by"),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[Filter::like("url", &["url"], "The URL, in part.")];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const HAS_UPDATE_BY: bool = true;
    const CASCADE: &'static [(&'static str, &'static str)] = &[("logistics_track_delivery", "subscription_id")];

    crate::record_form!(TrackSubscriptionRecord, TrackSubscriptionForm, url);

    async fn values(
        state: &AppState,
        me: &CurrentUser,
        form: &TrackSubscriptionForm,
        before: Option<&TrackSubscriptionRecord>,
    ) -> Checked {
        let url = tracking::webhook_url("url", &form.url).map_err(AppError::invalid)?;
        let status = match form.status.unwrap_or(1) {
            s @ (0 | 1) => s,
            _ => return Err(AppError::field("status", MessageKey::StatusInvalid)),
        };
        let mut values = vec![
            ("url", url.into()),
            ("status", status.into()),
            ("remark", optional("remark", MessageKey::FieldRemark, &form.remark, 500)?.into()),
        ];
        if before.is_none() {
            // A customer's is its own (the layer sets it); staff name a customer of the tenant.
            if customer_of(me).is_none() {
                let customer = form.customer_id.clone().unwrap_or_default().trim().to_owned();
                let known: i64 = with_conn!(&state.db, |conn| {
                    use crate::platform::db::schema::sys_user as u;
                    u::table
                        .filter(u::id.eq(&customer))
                        .filter(u::tenant_id.eq(me.tenant_id))
                        .filter(u::user_kind.eq("customer"))
                        .count()
                        .get_result(conn)
                        .await?
                });
                if known == 0 {
                    return Err(AppError::field("customerId", MessageKey::SelectOne));
                }
                values.push(("customer_id", customer.into()));
            }
            values.push(("secret", secrets::new_secret()?.into()));
        }
        Ok(values)
    }
}

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = d)]
#[serde(rename_all = "camelCase")]
pub struct TrackDeliveryRecord {
    pub id: String,
    pub customer_id: String,
    pub subscription_id: String,
    pub shipment_id: String,
    pub serial_number: String,
    /// The status the order changed to.
    pub status: String,
    /// The JSON body posted.
    pub payload: String,
    /// pending, delivered or failed.
    pub state: String,
    pub attempts: i32,
    /// When it is tried (again).
    pub next_time: DateTime,
    /// The receiver's last HTTP status, and what went wrong.
    pub response_code: Option<i32>,
    pub last_error: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

pub struct TrackDeliveries;

impl Resource for TrackDeliveries {
    const PATH: &'static str = "/logistics/trackDelivery";
    const PERMISSION: &'static str = "logistics:trackSubscription";
    const NOUN: &'static str = "tracking delivery";
    const PLURAL: &'static str = "trackDeliveries";
    const TABLE: &'static str = "logistics_track_delivery";
    const SCOPE: Scope = Scope::Customer;
    const FIELDS: &'static [Field] = &[
        Field::text("serialNumber", "serial_number").sortable().titled(MessageKey::FieldSerialNumber),
        Field::text("status", "status").sortable().titled(MessageKey::FieldTrackStatus),
        Field::text("state", "state").sortable(),
        Field::int("attempts", "attempts").sortable(),
        Field::int("responseCode", "response_code"),
        Field::text("lastError", "last_error"),
        Field::text("subscriptionId", "subscription_id"),
        Field::text("shipmentId", "shipment_id"),
        Field::text("customerId", "customer_id"),
        Field::time("nextTime", "next_time").sortable(),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::exact("subscriptionId", &["subscription_id"], "One subscription's deliveries."),
        Filter::one_of("state", &["state"], &["pending", "delivered", "failed"], Kind::Text, "pending, delivered or failed."),
        Filter::any_of("numbers", &["serial_number"], 500, "Order numbers."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const HAS_CREATE_BY: bool = false;
    const HAS_UPDATE_BY: bool = false;

    crate::read_only!(TrackDeliveryRecord, serial_number);
}

/// The body a subscriber receives.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusChange<'a> {
    /// `tracking.status_changed`.
    pub event: &'a str,
    pub delivery_id: &'a str,
    pub shipment_id: &'a str,
    pub serial_number: &'a str,
    pub track_no: Option<&'a str>,
    pub status: &'a str,
    pub previous_status: &'a str,
    pub reason: Option<&'a str>,
    /// The latest event: ISO time (UTC), the place's offset, place and text.
    pub event_time: Option<String>,
    pub utc_offset: Option<i32>,
    pub location: Option<&'a str>,
    pub detail: Option<&'a str>,
}

/// Queues a status change of an order for its customer's active subscriptions, inside the
/// transaction that changed it.
pub async fn queue(tx: &mut Tx<'_>, tenant_id: i32, customer_id: &str, change: &StatusChange<'_>) -> Result<(), AppError> {
    let ids: Vec<String> = on_tx!(tx, |c| sub::table
        .filter(sub::tenant_id.eq(tenant_id))
        .filter(sub::customer_id.eq(customer_id))
        .filter(sub::status.eq(1))
        .select(sub::id)
        .load(c)
        .await?);
    let now = Utc::now().naive_utc();
    for subscription in ids {
        let id = secrets::new_id();
        let payload = serde_json::to_string(&StatusChange { delivery_id: &id, ..change.clone() }).map_err(AppError::internal)?;
        on_tx!(tx, |c| diesel::insert_into(d::table)
            .values((
                d::id.eq(&id),
                d::tenant_id.eq(tenant_id),
                d::customer_id.eq(customer_id),
                d::subscription_id.eq(&subscription),
                d::shipment_id.eq(change.shipment_id),
                d::serial_number.eq(change.serial_number),
                d::status.eq(change.status),
                d::payload.eq(&payload),
                d::state.eq("pending"),
                d::attempts.eq(0),
                d::next_time.eq(now),
                d::create_time.eq(now),
            ))
            .execute(c)
            .await?);
    }
    Ok(())
}

/// How long a receiver may take.
const TIMEOUT: Duration = Duration::from_secs(10);
/// Deliveries one round posts.
const ROUND: i64 = 50;
/// How long a claimed delivery is left to its instance before another may take it.
const CLAIM_SECONDS: i64 = 60;

type Due = (String, String, String, i32, NaiveDateTime);

/// Posts the deliveries that are due; answers how many were attempted. A delivery is claimed
/// first (its next time moved on, only if nobody moved it), so two instances never post it twice
/// at once.
pub async fn deliver_due(db: &Db, client: &reqwest::Client) -> Result<usize, AppError> {
    let now = Utc::now().naive_utc();
    let due: Vec<Due> = with_conn!(db, |conn| {
        d::table
            .filter(d::state.eq("pending"))
            .filter(d::next_time.le(now))
            .order(d::next_time.asc())
            .limit(ROUND)
            .select((d::id, d::subscription_id, d::payload, d::attempts, d::next_time))
            .load(conn)
            .await?
    });
    let mut attempted = 0;
    for (id, subscription, payload, attempts, next) in due {
        let claim = now + chrono::Duration::seconds(CLAIM_SECONDS);
        let claimed = with_write!(data: db, |conn| {
            diesel::update(d::table.filter(d::id.eq(&id)).filter(d::next_time.eq(next)).filter(d::state.eq("pending")))
                .set(d::next_time.eq(claim))
                .execute(conn)
                .await?
        });
        if claimed == 0 {
            continue;
        }
        attempted += 1;
        let target: Option<(String, String)> = with_conn!(db, |conn| {
            sub::table.filter(sub::id.eq(&subscription)).select((sub::url, sub::secret)).first(conn).await.optional()?
        });
        let (code, error) = match target {
            None => (None, Some("the subscription was deleted".to_owned())),
            Some((url, secret)) => {
                let header = signature::sign(&secret, Utc::now().timestamp(), payload.as_bytes());
                let sent = client
                    .post(&url)
                    .timeout(TIMEOUT)
                    .header("content-type", "application/json")
                    .header("x-track-signature", header)
                    .body(payload.clone())
                    .send()
                    .await;
                match sent {
                    Ok(r) if r.status().is_success() => (Some(i32::from(r.status().as_u16())), None),
                    Ok(r) => (Some(i32::from(r.status().as_u16())), Some(format!("HTTP {}", r.status().as_u16()))),
                    Err(e) => (None, Some(e.without_url().to_string().chars().take(300).collect())),
                }
            }
        };
        let attempts = attempts + 1;
        let later = Utc::now().naive_utc();
        let (state, next_time) = match (&error, tracking::retry_delay(attempts)) {
            (None, _) => ("delivered", later),
            (Some(_), Some(delay)) => ("pending", later + chrono::Duration::seconds(delay as i64)),
            (Some(_), None) => ("failed", later),
        };
        with_write!(data: db, |conn| {
            diesel::update(d::table.filter(d::id.eq(&id)))
                .set((
                    d::state.eq(state),
                    d::attempts.eq(attempts),
                    d::next_time.eq(next_time),
                    d::response_code.eq(code),
                    d::last_error.eq(&error),
                    d::update_time.eq(later),
                ))
                .execute(conn)
                .await?
        });
    }
    Ok(attempted)
}

/// The delivery worker: a round every two seconds for as long as the server runs.
pub async fn worker(db: Db) {
    let Ok(client) = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build() else { return };
    let mut every = tokio::time::interval(Duration::from_secs(2));
    loop {
        every.tick().await;
        if let Err(e) = deliver_due(&db, &client).await {
            tracing::warn!(error = ?e.cause, "tracking deliveries failed");
        }
    }
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DeliveryQuery {
    #[serde(default)]
    pub id: String,
}

/// Sends a logged delivery again (delivered or failed ones too): it goes back to pending, due now,
/// with its attempts counted afresh.
#[utoipa::path(post, path = "/logistics/trackDelivery/replay", tag = "logistics", params(DeliveryQuery),
    responses((status = 200, body = crate::platform::http::Envelope<TrackDeliveryRecord>), (status = 403), (status = 404)))]
pub async fn replay(Caller(state, me): Caller, ApiQuery(q): ApiQuery<DeliveryQuery>) -> ApiResult<TrackDeliveryRecord> {
    grants::require(&state, &me, "logistics:trackSubscription:edit").await?;
    let record = read::<TrackDeliveries>(&state, &me, &q.id).await?;
    let now = Utc::now().naive_utc();
    with_write!(data: &state.db, |conn| {
        diesel::update(d::table.filter(d::id.eq(&record.id)))
            .set((d::state.eq("pending"), d::attempts.eq(0), d::next_time.eq(now), d::update_time.eq(now)))
            .execute(conn)
            .await?
    });
    ok(read::<TrackDeliveries>(&state, &me, &record.id).await?)
}

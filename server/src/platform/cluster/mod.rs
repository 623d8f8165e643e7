//! What instances tell each other: live notices for connected users and typed "this changed"
//! invalidations. Without `REDIS_URL` events are handled in this process; with it they go through
//! one Redis pub/sub channel named after the database's cluster id, so every instance on the same
//! database (and only those) hears them, itself included.
//!
//! The bus knows no cache: whoever keeps one subscribes ([`Cluster::subscribe`]) and drops what an
//! event says changed. A subscriber that loses Redis reconnects every second; as it may have missed
//! events meanwhile, listeners hear [`Event::Missed`] whenever it (re)subscribes.

use std::sync::{Arc, RwLock};
use std::time::Duration;

use futures_util::StreamExt;
use serde::{Deserialize, Serialize};

/// What changed, for the caches that keep it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "c", rename_all = "camelCase")]
pub enum Change {
    /// Dictionaries or their items.
    Dicts,
    /// A tenant's channel products, rate cards or price levels (its forecast bundles go).
    #[serde(rename_all = "camelCase")]
    Prices { tenant_id: i32 },
    /// Gateway routes.
    Gateway,
}

/// One event on the bus.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "camelCase")]
pub enum Event {
    /// A message for the connected users of a tenant: everyone, or the listed users.
    #[serde(rename_all = "camelCase")]
    Notice {
        tenant_id: i32,
        user_ids: Option<Vec<String>>,
        payload: String,
    },
    Changed(Change),
    /// Events may have been lost (the Redis subscription was re-established): drop everything.
    Missed,
}

type Listener = Arc<dyn Fn(&Event) + Send + Sync>;

pub struct Cluster {
    listeners: RwLock<Vec<Listener>>,
    redis: Option<Redis>,
}

struct Redis {
    publisher: redis::aio::ConnectionManager,
    channel: String,
}

impl Cluster {
    /// The in-process bus.
    pub fn local() -> Arc<Cluster> {
        Arc::new(Cluster { listeners: RwLock::default(), redis: None })
    }

    /// A connection to the bus's Redis for other shared state (the rate limits): the publisher's,
    /// which reconnects by itself.
    pub fn connection(&self) -> Result<redis::aio::ConnectionManager, String> {
        self.redis.as_ref().map(|r| r.publisher.clone()).ok_or_else(|| "the cluster has no Redis".to_owned())
    }

    /// The Redis bus: connects (errors are one line, for the operator) and starts the subscriber.
    pub async fn redis(url: &str, cluster_id: &str) -> Result<Arc<Cluster>, String> {
        let client = redis::Client::open(url).map_err(|e| format!("REDIS_URL is not usable: {e}"))?;
        let connect = redis::aio::ConnectionManager::new(client.clone());
        let publisher = match tokio::time::timeout(Duration::from_secs(5), connect).await {
            Ok(Ok(publisher)) => publisher,
            Ok(Err(e)) => return Err(format!("cannot reach Redis at {}: {e}", crate::platform::config::redact(url))),
            Err(_) => return Err(format!("cannot reach Redis at {}: timed out", crate::platform::config::redact(url))),
        };
        let channel = format!("logistics:{cluster_id}:events");
        let cluster =
            Arc::new(Cluster { listeners: RwLock::default(), redis: Some(Redis { publisher, channel: channel.clone() }) });
        let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
        tokio::spawn(subscribe(client, channel, Arc::downgrade(&cluster), ready_tx));
        match tokio::time::timeout(Duration::from_secs(5), ready_rx).await {
            Ok(Ok(())) => Ok(cluster),
            _ => Err(format!("cannot subscribe to Redis at {}", crate::platform::config::redact(url))),
        }
    }

    pub fn is_clustered(&self) -> bool {
        self.redis.is_some()
    }

    /// Calls `listener` with every event this instance hears, its own included.
    pub fn subscribe(&self, listener: impl Fn(&Event) + Send + Sync + 'static) {
        self.listeners.write().unwrap_or_else(std::sync::PoisonError::into_inner).push(Arc::new(listener));
    }

    /// Sends an event to every instance (this one included).
    pub async fn publish(&self, event: Event) {
        if let Some(redis) = &self.redis {
            match serde_json::to_string(&event) {
                Ok(text) => {
                    let mut conn = redis.publisher.clone();
                    let sent: redis::RedisResult<i64> =
                        redis::cmd("PUBLISH").arg(&redis.channel).arg(text).query_async(&mut conn).await;
                    match sent {
                        Ok(_) => return,
                        Err(e) => tracing::error!(error = %e, "publishing to Redis failed; handling the event here only"),
                    }
                }
                Err(e) => tracing::error!(error = %e, "an event could not be encoded"),
            }
        }
        self.handle(&event);
    }

    /// Something changed: this instance's listeners hear it at once (read-your-writes), the other
    /// instances' when the event reaches them.
    pub async fn changed(&self, change: Change) {
        let event = Event::Changed(change);
        self.handle(&event);
        if self.redis.is_some() {
            self.publish(event).await;
        }
    }

    fn handle(&self, event: &Event) {
        let listeners: Vec<Listener> = self.listeners.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
        for listener in listeners {
            listener(event);
        }
    }
}

async fn subscribe(
    client: redis::Client,
    channel: String,
    cluster: std::sync::Weak<Cluster>,
    ready: tokio::sync::oneshot::Sender<()>,
) {
    let mut ready = Some(ready);
    loop {
        match client.get_async_pubsub().await {
            Ok(mut pubsub) => match pubsub.subscribe(&channel).await {
                Ok(()) => {
                    let Some(c) = cluster.upgrade() else { return };
                    // Events may have been missed while we were away.
                    c.handle(&Event::Missed);
                    drop(c);
                    if let Some(tx) = ready.take() {
                        let _ = tx.send(());
                    } else {
                        tracing::info!("Redis subscription restored");
                    }
                    let mut messages = pubsub.into_on_message();
                    while let Some(message) = messages.next().await {
                        let Some(c) = cluster.upgrade() else { return };
                        match message.get_payload::<String>().map(|text| serde_json::from_str::<Event>(&text)) {
                            Ok(Ok(event)) => c.handle(&event),
                            Ok(Err(e)) => tracing::warn!(error = %e, "an unreadable event on the bus"),
                            Err(e) => tracing::warn!(error = %e, "an unreadable message on the bus"),
                        }
                    }
                    tracing::warn!("Redis subscription lost; reconnecting");
                }
                Err(e) => tracing::warn!(error = %e, "Redis subscribe failed; retrying"),
            },
            Err(e) => tracing::warn!(error = %e, "Redis is unreachable; retrying"),
        }
        if cluster.strong_count() == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

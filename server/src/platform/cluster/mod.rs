//! What instances tell each other: live notices for connected users and "dictionaries changed".
//! Without `REDIS_URL` events are handled in this process; with it they go through one Redis
//! pub/sub channel named after the database's cluster id, so every instance on the same database
//! (and only those) hears them, itself included.
//!
//! A subscriber that loses Redis reconnects every second; as it may have missed events meanwhile,
//! it drops the dictionary cache whenever it (re)subscribes.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use serde::{Deserialize, Serialize};

use crate::carrier::forecast::bundle::BundleCache;
use crate::system::dicts::DictCache;
use crate::system::notices::hub::Hub;

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
    DictsChanged,
    /// A tenant's channel products, rate cards or price levels changed: its forecast bundles go.
    #[serde(rename_all = "camelCase")]
    PricesChanged {
        tenant_id: i32,
    },
}

pub struct Cluster {
    pub dicts: DictCache,
    pub bundles: BundleCache,
    pub hub: Arc<Hub>,
    redis: Option<Redis>,
}

struct Redis {
    publisher: redis::aio::ConnectionManager,
    channel: String,
}

impl Cluster {
    /// The in-process bus.
    pub fn local() -> Arc<Cluster> {
        Arc::new(Cluster {
            dicts: DictCache::default(),
            bundles: BundleCache::default(),
            hub: Arc::new(Hub::default()),
            redis: None,
        })
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
        let cluster = Arc::new(Cluster {
            dicts: DictCache::default(),
            bundles: BundleCache::default(),
            hub: Arc::new(Hub::default()),
            redis: Some(Redis { publisher, channel: channel.clone() }),
        });
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
        self.handle(event);
    }

    /// Dictionaries changed: this instance forgets them at once (read-your-writes), the others
    /// when the event reaches them.
    pub async fn dicts_changed(&self) {
        self.dicts.invalidate();
        if self.redis.is_some() {
            self.publish(Event::DictsChanged).await;
        }
    }

    /// A tenant's prices changed: this instance drops its bundles at once, the others on the event.
    pub async fn prices_changed(&self, tenant_id: i32) {
        self.bundles.invalidate(Some(tenant_id));
        if self.redis.is_some() {
            self.publish(Event::PricesChanged { tenant_id }).await;
        }
    }

    fn handle(&self, event: Event) {
        match event {
            Event::Notice { tenant_id, user_ids, payload } => {
                self.hub.deliver(tenant_id, user_ids.as_deref(), &payload);
            }
            Event::DictsChanged => self.dicts.invalidate(),
            Event::PricesChanged { tenant_id } => self.bundles.invalidate(Some(tenant_id)),
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
                    c.dicts.invalidate();
                    c.bundles.invalidate(None);
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
                            Ok(Ok(event)) => c.handle(event),
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

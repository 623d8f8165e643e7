//! Per-client throttles (sign-in, SMS, registration, tracking queries): fixed windows that start
//! with a client's first call. Counted in this process, or, with `REDIS_URL`, in Redis, so that a
//! limit holds across every instance on the database: one `INCR` with its expiry set on the
//! first call, atomically (a Lua script). When Redis does not answer (within 200 ms) the instance
//! counts in its own memory until it does: limits loosen to one window per instance, requests are
//! never refused for want of Redis.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A named limit: at most `max` calls per `window` from one client.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    pub name: &'static str,
    pub max: u32,
    pub window: Duration,
}

pub const LOGIN: Limit = Limit { name: "login", max: 60, window: Duration::from_secs(60) };
pub const SMS: Limit = Limit { name: "sms", max: 5, window: Duration::from_secs(60) };
pub const REGISTER: Limit = Limit { name: "register", max: 10, window: Duration::from_secs(3600) };
/// Tracking queries (spec: 20 queries per ten minutes).
pub const TRACK: Limit = Limit {
    name: "track",
    max: logistics_core::tracking::QUERIES_PER_WINDOW,
    window: Duration::from_secs(logistics_core::tracking::WINDOW_SECONDS),
};

/// (limit name, client) to (window start, calls in the window).
type Windows = HashMap<(&'static str, String), (Instant, u32)>;

/// Counts a call and answers `{calls in the window, seconds the window has left}`.
const SCRIPT: &str = "local n = redis.call('INCR', KEYS[1]) \
    if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end \
    local ttl = redis.call('TTL', KEYS[1]) \
    if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end \
    return {n, ttl}";

struct Shared {
    conn: redis::aio::ConnectionManager,
    prefix: String,
    script: redis::Script,
}

#[derive(Default)]
pub struct RateLimiter {
    enabled: bool,
    windows: Mutex<Windows>,
    redis: Option<Shared>,
}

impl RateLimiter {
    /// Counting in this process.
    pub fn new(enabled: bool) -> Self {
        RateLimiter { enabled, windows: Mutex::default(), redis: None }
    }

    /// Counting in Redis, under keys `{prefix}:{limit}:{client}` (the prefix names the cluster).
    pub fn shared(enabled: bool, conn: redis::aio::ConnectionManager, prefix: &str) -> Self {
        let shared = Shared { conn, prefix: prefix.to_owned(), script: redis::Script::new(SCRIPT) };
        RateLimiter { enabled, windows: Mutex::default(), redis: Some(shared) }
    }

    /// Counts one call; `Err(seconds until the window resets)` when over the limit.
    pub async fn check(&self, limit: Limit, client: &str) -> Result<(), u64> {
        if !self.enabled {
            return Ok(());
        }
        if let Some(shared) = &self.redis {
            let key = format!("{}:{}:{client}", shared.prefix, limit.name);
            let mut conn = shared.conn.clone();
            let mut call = shared.script.key(&key);
            call.arg(limit.window.as_secs());
            let answer = tokio::time::timeout(Duration::from_millis(200), call.invoke_async::<(u32, i64)>(&mut conn)).await;
            match answer {
                Ok(Ok((calls, ttl))) => {
                    return if calls > limit.max { Err(ttl.max(1) as u64) } else { Ok(()) };
                }
                Ok(Err(e)) => tracing::warn!(error = %e, "rate limit: Redis failed, counting in this instance"),
                Err(_) => tracing::warn!("rate limit: Redis timed out, counting in this instance"),
            }
        }
        self.check_here(limit, client)
    }

    fn check_here(&self, limit: Limit, client: &str) -> Result<(), u64> {
        let now = Instant::now();
        let mut windows = self.windows.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if windows.len() > 50_000 {
            windows.retain(|(name, _), (start, _)| now.duration_since(*start) < window_of(name));
        }
        let entry = windows.entry((limit.name, client.to_owned())).or_insert((now, 0));
        if now.duration_since(entry.0) >= limit.window {
            *entry = (now, 0);
        }
        entry.1 += 1;
        if entry.1 > limit.max { Err(limit.window.saturating_sub(now.duration_since(entry.0)).as_secs().max(1)) } else { Ok(()) }
    }
}

fn window_of(name: &str) -> Duration {
    [LOGIN, SMS, REGISTER, TRACK].iter().find(|l| l.name == name).map_or(Duration::from_secs(3600), |l| l.window)
}

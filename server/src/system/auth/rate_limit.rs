//! Per-client throttles (sign-in, SMS, registration): fixed windows counted in this process.
//! In cluster mode the same interface is what a shared store implements.

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

/// (limit name, client) to (window start, calls in the window).
type Windows = HashMap<(&'static str, String), (Instant, u32)>;

#[derive(Default)]
pub struct RateLimiter {
    enabled: bool,
    windows: Mutex<Windows>,
}

impl RateLimiter {
    pub fn new(enabled: bool) -> Self {
        RateLimiter { enabled, windows: Mutex::default() }
    }

    /// Counts one call; `Err(seconds until the window resets)` when over the limit.
    pub fn check(&self, limit: Limit, client: &str) -> Result<(), u64> {
        if !self.enabled {
            return Ok(());
        }
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
    [LOGIN, SMS, REGISTER].iter().find(|l| l.name == name).map_or(Duration::from_secs(3600), |l| l.window)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_per_client_and_limit() {
        let limiter = RateLimiter::new(true);
        for _ in 0..5 {
            assert!(limiter.check(SMS, "1.2.3.4").is_ok());
        }
        assert!(limiter.check(SMS, "1.2.3.4").is_err());
        assert!(limiter.check(SMS, "5.6.7.8").is_ok());
        assert!(limiter.check(LOGIN, "1.2.3.4").is_ok());
        let off = RateLimiter::new(false);
        for _ in 0..100 {
            assert!(off.check(SMS, "x").is_ok());
        }
    }
}

//! Sign-in protection: how failed sign-ins lock an account. Times are Unix seconds, passed in.

/// Failures within [`WINDOW_SECS`] that lock the account.
pub const MAX_FAILURES: i32 = 10;
pub const WINDOW_SECS: i64 = 3600;
/// How long a lock lasts.
pub const LOCK_SECS: i64 = 1800;

/// An account's failed sign-ins: how many since when, and the lock they caused.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FailureWindow {
    pub count: i32,
    pub since: Option<i64>,
    pub lock_until: Option<i64>,
}

/// The window after one more failure at `now`: a failure outside the hour starts a new window;
/// the tenth inside it locks the account for 30 minutes and starts counting afresh.
pub fn after_failure(window: FailureWindow, now: i64) -> FailureWindow {
    let (count, since) = match window.since {
        Some(since) if now - since < WINDOW_SECS => (window.count + 1, since),
        _ => (1, now),
    };
    if count >= MAX_FAILURES {
        FailureWindow { count: 0, since: None, lock_until: Some(now + LOCK_SECS) }
    } else {
        FailureWindow { count, since: Some(since), lock_until: window.lock_until }
    }
}

/// Whole minutes (rounded up) the account stays locked, or `None` when it is not locked.
pub fn locked_minutes(lock_until: Option<i64>, now: i64) -> Option<i64> {
    lock_until.filter(|until| *until > now).map(|until| (until - now + 59) / 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_failures_within_an_hour_lock_for_thirty_minutes() {
        let mut w = FailureWindow::default();
        for i in 0..9 {
            w = after_failure(w, 1000 + i * 60);
            assert_eq!(w.lock_until, None);
        }
        assert_eq!(w.count, 9);
        w = after_failure(w, 1000 + 9 * 60);
        assert_eq!(w.lock_until, Some(1000 + 9 * 60 + LOCK_SECS));
        assert_eq!(locked_minutes(w.lock_until, 1000 + 9 * 60), Some(30));
        assert_eq!(locked_minutes(w.lock_until, 1000 + 9 * 60 + LOCK_SECS), None);
    }

    #[test]
    fn failures_spread_over_more_than_an_hour_do_not_lock() {
        let mut w = FailureWindow::default();
        for i in 0..30 {
            w = after_failure(w, i * 420);
            assert_eq!(w.lock_until, None, "failure {i}");
        }
    }
}

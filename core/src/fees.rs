//! Carrier fees and margins: what each order cost with its carrier beside what its customer was
//! charged, and the margin report's groups and figures (exact, in minor units).

use crate::prelude::*;

/// What a margin report groups by.
pub const GROUPS: &[&str] = &["supplier", "channelProduct", "customer"];
/// Where a fee came from: the carrier's adapter when its manifest closed, or staff.
pub const SOURCES: &[&str] = &["adapter", "manual"];

/// The margin (charged − cost, minor units) and its rate, a percentage of the charge to two
/// places rounded half away from zero (`"12.50"`); no rate when nothing was charged.
pub fn margin(charged: i64, cost: i64) -> (i64, Option<String>) {
    let margin = charged.saturating_sub(cost);
    if charged == 0 {
        return (margin, None);
    }
    // Hundredths of a percent: margin × 10,000 / charged, rounded half away from zero.
    let (m, c) = (i128::from(margin) * 10_000, i128::from(charged));
    let q = m / c;
    let r = m % c;
    let q = if (r.abs() * 2) >= c.abs() { q + if (m < 0) != (c < 0) { -1 } else { 1 } } else { q };
    let sign = if q < 0 { "-" } else { "" };
    let q = q.abs();
    (margin, Some(format!("{sign}{}.{:02}", q / 100, q % 100)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margins_are_exact_and_rounded_half_away_from_zero() {
        assert_eq!(margin(10_000, 7_500), (2_500, Some("25.00".into())));
        assert_eq!(margin(3, 2), (1, Some("33.33".into())));
        assert_eq!(margin(3, 1), (2, Some("66.67".into())));
        assert_eq!(margin(8, 7), (1, Some("12.50".into())));
        assert_eq!(margin(1_000, 1_250), (-250, Some("-25.00".into())));
        assert_eq!(margin(0, 500), (-500, None));
        assert_eq!(margin(200_000, 0), (200_000, Some("100.00".into())));
        assert_eq!(margin(i64::MAX, i64::MIN).0, i64::MAX, "saturates, never wraps");
    }
}

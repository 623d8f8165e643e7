//! Cron expressions of scheduled jobs, Quartz's form as JeecgBoot writes them: six fields,
//! `second minute hour day-of-month month day-of-week` and an optional seventh, the year
//! (`0 10 0 * * ?`: ten past midnight every day; `0 0/15 * * * ?`: every quarter of an hour). Each
//! field takes `*`, a value, a range `a-b`, a list `a,b`, a step `*/n` or `a/n` or `a-b/n`; months
//! `JAN`–`DEC` and days of the week `SUN`–`SAT` (or 1–7, Sunday first) by name; `?` in one of the
//! two day fields means "whichever the other says". Quartz's `L`, `W` and `#` are refused, by name.
//!
//! Times here are a civil date and time (the server's business zone): no clock is read.

use crate::i18n::MessageKey;
use crate::prelude::*;
use crate::validate::FieldError;

/// A civil date and time: (year, month 1–12, day 1–31, hour, minute, second).
pub type Civil = (i32, u32, u32, u32, u32, u32);

/// A checked expression: the values each field allows, as bit sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cron {
    seconds: u64,
    minutes: u64,
    hours: u32,
    /// Bits 1–31.
    days: u32,
    /// Bits 1–12.
    months: u16,
    /// Bits 0–6, Sunday 0.
    weekdays: u8,
    /// None: every year; else the years allowed (1970–2199).
    years: Option<Vec<i32>>,
    /// Whether the day of the week decides (`?` in the day of the month, or `*` there and a day of
    /// the week given), else the day of the month.
    by_weekday: bool,
}

const MONTHS: [&str; 12] = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const WEEKDAYS: [&str; 7] = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];
/// The field names, for messages (`@` keys).
const LABELS: [&str; 7] =
    ["@cron_second", "@cron_minute", "@cron_hour", "@cron_day", "@cron_month", "@cron_weekday", "@cron_year"];

fn bad(index: usize, part: &str) -> FieldError {
    FieldError::new("cronExpression", MessageKey::CronField)
        .with("field", LABELS[index])
        .with("value", part.chars().take(20).collect::<String>())
}

/// The values one field allows, as a list, from `min` to `max` (names allowed where given).
fn field(index: usize, text: &str, min: u32, max: u32, names: &[&str], name_base: u32) -> Result<Vec<u32>, FieldError> {
    let value = |part: &str| -> Result<u32, FieldError> {
        let upper = part.to_ascii_uppercase();
        if let Some(at) = names.iter().position(|n| *n == upper) {
            return Ok(at as u32 + name_base);
        }
        match part.parse::<u32>() {
            Ok(n) if (min..=max).contains(&n) => Ok(n),
            _ => Err(bad(index, part)),
        }
    };
    let mut out = Vec::new();
    for item in text.split(',') {
        if item.is_empty() {
            return Err(bad(index, text));
        }
        if item.contains(['L', 'W', '#', 'l', 'w']) && !names.iter().any(|n| item.to_ascii_uppercase().contains(n)) {
            return Err(FieldError::new("cronExpression", MessageKey::CronUnsupported)
                .with("value", item.chars().take(20).collect::<String>()));
        }
        let (range, step) = match item.split_once('/') {
            Some((range, step)) => match step.parse::<u32>() {
                Ok(s) if s > 0 && s <= max.max(1) => (range, s),
                _ => return Err(bad(index, item)),
            },
            None => (item, 1),
        };
        let (from, to) = if range == "*" {
            (min, max)
        } else if let Some((a, b)) = range.split_once('-') {
            let (a, b) = (value(a)?, value(b)?);
            if a > b {
                return Err(bad(index, item));
            }
            (a, b)
        } else {
            let a = value(range)?;
            // `a/n`: from a to the end, every n.
            (a, if step > 1 || item.contains('/') { max } else { a })
        };
        let mut n = from;
        while n <= to {
            out.push(n);
            n += step;
        }
    }
    Ok(out)
}

fn bits64(values: &[u32]) -> u64 {
    values.iter().fold(0, |b, v| b | (1u64 << v))
}

/// Checks an expression (six or seven fields); the error names the field and what it holds.
pub fn parse(text: &str) -> Result<Cron, FieldError> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    if text.trim().is_empty() {
        return Err(FieldError::new("cronExpression", MessageKey::Required).with("field", "@field_cron"));
    }
    if !(6..=7).contains(&parts.len()) {
        return Err(FieldError::new("cronExpression", MessageKey::CronFields).with("count", parts.len().to_string()));
    }
    let seconds = bits64(&field(0, parts[0], 0, 59, &[], 0)?);
    let minutes = bits64(&field(1, parts[1], 0, 59, &[], 0)?);
    let hours = bits64(&field(2, parts[2], 0, 23, &[], 0)?) as u32;
    let (day_any, weekday_any) = (matches!(parts[3], "?" | "*"), matches!(parts[5], "?" | "*"));
    if !day_any && !weekday_any {
        return Err(FieldError::new("cronExpression", MessageKey::CronBothDays));
    }
    let days =
        if day_any { bits64(&field(3, "*", 1, 31, &[], 0)?) as u32 } else { bits64(&field(3, parts[3], 1, 31, &[], 0)?) as u32 };
    let months = bits64(&field(4, parts[4], 1, 12, &MONTHS, 1)?) as u16;
    // Quartz counts the days of the week from 1 (Sunday); the bits from 0.
    let weekdays =
        if weekday_any { 0x7f } else { field(5, parts[5], 1, 7, &WEEKDAYS, 1)?.iter().fold(0u8, |b, v| b | (1 << (v - 1))) };
    let years = match parts.get(6) {
        None | Some(&"*") | Some(&"?") => None,
        Some(y) => Some(field(6, y, 1970, 2199, &[], 0)?.into_iter().map(|y| y as i32).collect()),
    };
    let by_weekday = parts[3] == "?" || (parts[3] == "*" && !weekday_any);
    Ok(Cron { seconds, minutes, hours, days, months, weekdays, years, by_weekday })
}

fn leap(year: i32) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

fn month_days(year: i32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ if leap(year) => 29,
        _ => 28,
    }
}

/// The day of the week, Sunday 0 (Sakamoto's method).
fn weekday(year: i32, month: u32, day: u32) -> u32 {
    const T: [i32; 12] = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
    let y = if month < 3 { year - 1 } else { year };
    ((y + y / 4 - y / 100 + y / 400 + T[month as usize - 1] + day as i32).rem_euclid(7)) as u32
}

impl Cron {
    fn day_matches(&self, year: i32, month: u32, day: u32) -> bool {
        if self.by_weekday { self.weekdays & (1 << weekday(year, month, day)) != 0 } else { self.days & (1 << day) != 0 }
    }

    fn first_at_or_after(bits: u64, from: u32, max: u32) -> Option<u32> {
        (from..=max).find(|v| bits & (1u64 << v) != 0)
    }

    /// The first time strictly after `after` the expression fires, within 5 years; None when it
    /// never does (30 February, a year gone by).
    pub fn next(&self, after: Civil) -> Option<Civil> {
        let (mut y, mut mo, mut d, h, mi, s) = after;
        // One second on, then the first matching time of this day at or after it, else the next days'.
        let mut start = Some((h, mi, s + 1));
        for _ in 0..(366 * 5) {
            let year_ok = self.years.as_ref().is_none_or(|ys| ys.contains(&y));
            if year_ok && self.months & (1 << mo) != 0 && d <= month_days(y, mo) && self.day_matches(y, mo, d) {
                let (h0, m0, s0) = start.unwrap_or((0, 0, 0));
                if let Some(found) = self.time_of_day(h0, m0, s0) {
                    return Some((y, mo, d, found.0, found.1, found.2));
                }
            }
            start = None;
            d += 1;
            if d > month_days(y, mo) {
                d = 1;
                mo += 1;
                if mo > 12 {
                    mo = 1;
                    y += 1;
                }
            }
        }
        None
    }

    /// The first allowed time of a day at or after `h:m:s` (`s` may be 60: the next minute).
    fn time_of_day(&self, h: u32, m: u32, s: u32) -> Option<(u32, u32, u32)> {
        let (mut h, mut m, mut s) = (h, m, s);
        if s > 59 {
            s = 0;
            m += 1;
        }
        if m > 59 {
            m = 0;
            h += 1;
        }
        while h <= 23 {
            if self.hours & (1 << h) != 0 {
                while m <= 59 {
                    if self.minutes & (1u64 << m) != 0
                        && let Some(sec) = Self::first_at_or_after(self.seconds, s, 59)
                    {
                        return Some((h, m, sec));
                    }
                    m += 1;
                    s = 0;
                }
            }
            h += 1;
            m = 0;
            s = 0;
        }
        None
    }

    /// The next `count` times after `after`.
    pub fn upcoming(&self, after: Civil, count: usize) -> Vec<Civil> {
        let mut out = Vec::with_capacity(count);
        let mut at = after;
        while out.len() < count {
            match self.next(at) {
                Some(t) => {
                    out.push(t);
                    at = t;
                }
                None => break,
            }
        }
        out
    }
}

/// `YYYY-MM-DD HH:MM:SS` of a civil time.
pub fn format(t: Civil) -> String {
    format!("{:04}-{:02}-{:02} {:02}:{:02}:{:02}", t.0, t.1, t.2, t.3, t.4, t.5)
}

/// A civil time written `YYYY-MM-DD HH:MM:SS` (or with a `T`), if it is one.
pub fn read(text: &str) -> Option<Civil> {
    let b = text.as_bytes();
    if b.len() < 19 {
        return None;
    }
    let n = |r: core::ops::Range<usize>| text.get(r).and_then(|s| s.parse::<u32>().ok());
    let t = (n(0..4)? as i32, n(5..7)?, n(8..10)?, n(11..13)?, n(14..16)?, n(17..19)?);
    (crate::rate_card::is_date(&text[..10]) && t.3 < 24 && t.4 < 60 && t.5 < 60).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn next_of(expr: &str, after: &str, count: usize) -> Vec<String> {
        parse(expr).unwrap().upcoming(read(after).unwrap(), count).into_iter().map(format).collect()
    }

    #[test]
    fn quartz_expressions_give_their_next_times() {
        assert_eq!(next_of("0 10 0 * * ?", "2026-11-29 18:00:00", 2), ["2026-11-30 00:10:00", "2026-12-01 00:10:00"]);
        assert_eq!(
            next_of("0 0/15 * * * ?", "2026-11-29 18:07:30", 3),
            ["2026-11-29 18:15:00", "2026-11-29 18:30:00", "2026-11-29 18:45:00"]
        );
        assert_eq!(next_of("*/20 * * * * ?", "2026-12-31 23:59:50", 2), ["2027-01-01 00:00:00", "2027-01-01 00:00:20"]);
        // Mondays and Fridays at 9:30 (2026-11-30 is a Monday).
        assert_eq!(
            next_of("0 30 9 ? * MON,FRI", "2026-11-29 10:00:00", 3),
            ["2026-11-30 09:30:00", "2026-12-04 09:30:00", "2026-12-07 09:30:00"]
        );
        assert_eq!(next_of("0 30 9 ? * 2", "2026-11-29 10:00:00", 1), ["2026-11-30 09:30:00"]);
        // The 29th of February comes in leap years only.
        assert_eq!(next_of("0 0 12 29 2 ?", "2026-03-01 00:00:00", 1), ["2028-02-29 12:00:00"]);
        assert_eq!(
            next_of("0 0 1 1-3 JAN-MAR/2 ? 2027", "2026-06-01 00:00:00", 4),
            ["2027-01-01 01:00:00", "2027-01-02 01:00:00", "2027-01-03 01:00:00", "2027-03-01 01:00:00"]
        );
        // Never: 30 February; a year gone by.
        assert!(parse("0 0 0 30 2 ?").unwrap().next(read("2026-01-01 00:00:00").unwrap()).is_none());
        assert!(parse("0 0 0 * * ? 2020").unwrap().next(read("2026-01-01 00:00:00").unwrap()).is_none());
        assert_eq!(weekday(2026, 11, 29), 0);
        assert_eq!(weekday(2000, 2, 29), 2);
    }

    #[test]
    fn bad_expressions_name_the_field() {
        assert_eq!(parse("").unwrap_err().key, MessageKey::Required);
        assert_eq!(parse("0 0 * * *").unwrap_err().key, MessageKey::CronFields);
        let e = parse("0 61 * * * ?").unwrap_err();
        assert_eq!((e.key, e.args[0].1.as_str()), (MessageKey::CronField, "@cron_minute"));
        assert_eq!(parse("0 0 0 1 * MON").unwrap_err().key, MessageKey::CronBothDays);
        assert_eq!(parse("0 0 0 L * ?").unwrap_err().key, MessageKey::CronUnsupported);
        assert_eq!(parse("0 0 0 ? * 6#3").unwrap_err().key, MessageKey::CronUnsupported);
        assert_eq!(parse("0 0 0 ? FOO *").unwrap_err().key, MessageKey::CronField);
        assert_eq!(parse("0 0/0 * * * ?").unwrap_err().key, MessageKey::CronField);
        assert_eq!(parse("0 5-1 * * * ?").unwrap_err().key, MessageKey::CronField);
        assert!(read("2026-02-30 00:00:00").is_none());
    }
}

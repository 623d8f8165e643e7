//! The trade and payment dashboards (`POST /sys/dashboard/trade`, `/sys/dashboard/payment`): per
//! currency, the balance, held, credit and available amounts, and what was spent (trade) or paid
//! in (payment) today, in the last 7 and 30 days, with a daily series for the charts. A customer
//! (and its sub-accounts) sees its own figures, staff their tenant's. Days are business days
//! ([`super::BUSINESS_ZONE`]); the sums come from `wallet_daily`, kept in step with the ledger,
//! so a dashboard reads a few hundred rows however many entries there are; the past days (which no
//! longer change) are read once per instance and day, so each call sums only today's rows.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, LazyLock, Mutex};

use chrono::{Duration, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Text};
use serde::Serialize;
use utoipa::ToSchema;

use super::money;
use crate::platform::caller::Caller;
use crate::platform::db::Db;
use crate::platform::http::{ApiResult, AppError, ok};
use crate::platform::resource::customer_of;
use crate::platform::resource::sql::Sql;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::with_conn;

/// The days the series covers (today and the 29 before).
pub const DAYS: i64 = 30;

/// One period's sum.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Figure {
    /// Decimal text in the currency's places.
    pub amount: String,
    /// How many movements.
    pub count: i64,
}

/// One day of the series.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayFigure {
    /// `YYYY-MM-DD`.
    pub day: String,
    pub amount: String,
    pub count: i64,
}

/// One currency's cards and chart.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrencyDashboard {
    pub currency: String,
    pub balance: String,
    pub held: String,
    pub credit_limit: String,
    pub available: String,
    /// Customer accounts summed (1 for a customer).
    pub accounts: i64,
    pub today: Figure,
    pub week: Figure,
    pub month: Figure,
    /// The last [`DAYS`] days, oldest first, every day present.
    pub series: Vec<DayFigure>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Dashboard {
    /// `trade` (transaction amount: captures and fees less refunds) or `payment` (recharges).
    pub measure: String,
    /// Today, as the days are counted.
    pub today: String,
    pub currencies: Vec<CurrencyDashboard>,
}

/// What a dashboard sums.
#[derive(Clone, Copy, Debug)]
pub enum Measure {
    Trade,
    Payment,
}

impl Measure {
    fn name(self) -> &'static str {
        match self {
            Measure::Trade => "trade",
            Measure::Payment => "payment",
        }
    }

    /// The trade types summed, and the sign that makes the figure positive.
    fn types(self) -> (&'static [&'static str], i64) {
        match self {
            Measure::Trade => (&["capture", "fee", "refund", "reweigh"], -1),
            Measure::Payment => (&["recharge"], 1),
        }
    }
}

#[derive(QueryableByName)]
struct AccountSums {
    #[diesel(sql_type = Text)]
    currency: String,
    #[diesel(sql_type = BigInt)]
    balance: i64,
    #[diesel(sql_type = BigInt)]
    held: i64,
    #[diesel(sql_type = BigInt)]
    credit: i64,
    #[diesel(sql_type = BigInt)]
    accounts: i64,
}

/// The past days' sums read so far, by database, tenant, customer, measure and today (kept until the day ends).
type PastKey = (usize, i32, Option<String>, &'static str, String);
static PAST: LazyLock<Mutex<HashMap<PastKey, Arc<Vec<DaySums>>>>> = LazyLock::new(Default::default);

#[derive(Clone, QueryableByName)]
struct DaySums {
    #[diesel(sql_type = Text)]
    currency: String,
    #[diesel(sql_type = Text)]
    day: String,
    #[diesel(sql_type = Text)]
    trade_type: String,
    #[diesel(sql_type = BigInt)]
    amount: i64,
    #[diesel(sql_type = BigInt)]
    entries: i64,
}

async fn build(state: &AppState, me: &CurrentUser, measure: Measure) -> Result<Dashboard, AppError> {
    grants::require(state, me, "logistics:wallet:account:list").await?;
    figures(&state.db, me.tenant_id, customer_of(me), measure).await
}

/// A tenant's dashboard (`customer`: only that customer's figures), as the calls answer it.
pub async fn figures(db: &Db, tenant_id: i32, customer: Option<String>, measure: Measure) -> Result<Dashboard, AppError> {
    let scope = |sql: &mut Sql| {
        sql.push(" WHERE tenant_id = ").bind(tenant_id);
        if let Some(customer) = &customer {
            sql.push(" AND customer_id = ").bind(customer.clone());
        }
    };
    let mut accounts = Sql::new(
        "SELECT currency, CAST(SUM(balance) AS BIGINT) AS balance, CAST(SUM(held) AS BIGINT) AS held, \
         CAST(SUM(credit_limit) AS BIGINT) AS credit, COUNT(*) AS accounts FROM wallet_account",
    );
    scope(&mut accounts);
    accounts.push(" AND kind = 'customer' GROUP BY currency ORDER BY currency");

    let now = Utc::now().naive_utc();
    let today = super::business_day(now);
    let days: Vec<String> = (0..DAYS).rev().map(|back| super::business_day(now - Duration::days(back))).collect();
    let (types, sign) = measure.types();
    let daily = |from: &str, before: Option<&str>| {
        let mut daily = Sql::new(
            "SELECT currency, day, trade_type, CAST(SUM(amount) AS BIGINT) AS amount, CAST(SUM(entries) AS BIGINT) AS entries \
             FROM wallet_daily",
        );
        scope(&mut daily);
        daily.push(" AND day >= ").bind(from.to_owned());
        if let Some(before) = before {
            daily.push(" AND day < ").bind(before.to_owned());
        }
        daily.push(" AND trade_type IN ").bind_list(types.iter().map(|t| (*t).to_owned().into()));
        daily.push(" GROUP BY currency, day, trade_type");
        daily
    };
    // Days before today never change (every transfer writes today's row): they are read once per
    // instance and kept; only today's rows are summed on each call.
    let key = (db.identity(), tenant_id, customer.clone(), measure.name(), today.clone());
    let kept = PAST.lock().ok().and_then(|past| past.get(&key).cloned());
    let (sums, mut rows, past) = with_conn!(db, |conn| {
        use diesel_async::RunQueryDsl;
        let sums: Vec<AccountSums> = accounts.query().load(conn).await?;
        let rows: Vec<DaySums> = daily(&today, None).query().load(conn).await?;
        let past: Arc<Vec<DaySums>> = match kept {
            Some(past) => past,
            None => Arc::new(daily(&days[0], Some(&today)).query().load(conn).await?),
        };
        (sums, rows, past)
    });
    if let Ok(mut kept) = PAST.lock() {
        if kept.len() > 10_000 || kept.keys().any(|(_, _, _, _, day)| *day != today) {
            kept.retain(|(_, _, _, _, day), _| *day == today);
            if kept.len() > 10_000 {
                kept.clear();
            }
        }
        kept.insert(key, Arc::clone(&past));
    }
    rows.extend(past.iter().cloned());

    // currency → day → (amount, count); refunds count no movement of their own.
    let mut by_day: BTreeMap<String, BTreeMap<String, (i64, i64)>> = BTreeMap::new();
    for r in rows {
        let slot = by_day.entry(r.currency).or_default().entry(r.day).or_default();
        slot.0 += sign * r.amount;
        // Refunds and re-weigh differences adjust a movement counted already.
        if r.trade_type != "refund" && r.trade_type != "reweigh" {
            slot.1 += r.entries;
        }
    }
    let mut currencies: Vec<CurrencyDashboard> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for s in sums {
        seen.push(s.currency.clone());
        currencies.push(card(&s.currency, Some(&s), by_day.get(&s.currency), &days));
    }
    for (currency, series) in &by_day {
        if !seen.contains(currency) {
            currencies.push(card(currency, None, Some(series), &days));
        }
    }
    Ok(Dashboard { measure: measure.name().to_owned(), today, currencies })
}

fn card(
    currency: &str,
    sums: Option<&AccountSums>,
    series: Option<&BTreeMap<String, (i64, i64)>>,
    days: &[String],
) -> CurrencyDashboard {
    let at = |day: &String| series.and_then(|s| s.get(day)).copied().unwrap_or((0, 0));
    let period = |n: usize| {
        let (amount, count) =
            days.iter().rev().take(n).map(at).fold((0i64, 0i64), |(a, c), (da, dc)| (a.saturating_add(da), c + dc));
        Figure { amount: money(amount, currency), count }
    };
    let (balance, held, credit, accounts) = sums.map_or((0, 0, 0, 0), |s| (s.balance, s.held, s.credit, s.accounts));
    CurrencyDashboard {
        currency: currency.to_owned(),
        balance: money(balance, currency),
        held: money(held, currency),
        credit_limit: money(credit, currency),
        available: money(balance - held + credit, currency),
        accounts,
        today: period(1),
        week: period(7),
        month: period(DAYS as usize),
        series: days
            .iter()
            .map(|day| {
                let (amount, count) = at(day);
                DayFigure { day: day.clone(), amount: money(amount, currency), count }
            })
            .collect(),
    }
}

/// The trade dashboard: transaction amounts (captures and fees, less refunds) per currency.
#[utoipa::path(post, path = "/sys/dashboard/trade", tag = "logistics",
    responses((status = 200, body = crate::platform::http::Envelope<Dashboard>), (status = 403)))]
pub async fn trade(Caller(state, me): Caller) -> ApiResult<Dashboard> {
    ok(build(&state, &me, Measure::Trade).await?)
}

/// The payment dashboard: recharges credited per currency.
#[utoipa::path(post, path = "/sys/dashboard/payment", tag = "logistics",
    responses((status = 200, body = crate::platform::http::Envelope<Dashboard>), (status = 403)))]
pub async fn payment(Caller(state, me): Caller) -> ApiResult<Dashboard> {
    ok(build(&state, &me, Measure::Payment).await?)
}

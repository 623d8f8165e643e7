//! What the order pages show beside the list: the count of each status tab for the list's
//! filters (`countByStatus`), and the shipment dashboard (`POST /sys/dashboard/shipment`): orders
//! by status and print status today, in 7 and 30 days, with a daily series. A customer (and its
//! sub-accounts) sees its own orders, staff their tenant's.

use std::collections::{BTreeMap, HashMap};

use chrono::{Duration, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Text};
use logistics_core::shipment::STATUSES;
use serde::Serialize;
use utoipa::ToSchema;

use super::Shipments;
use crate::platform::caller::Caller;
use crate::platform::http::{ApiQuery, ApiResult, ok};
use crate::platform::resource::customer_of;
use crate::platform::resource::handlers::list_scope;
use crate::platform::resource::sql::Sql;
use crate::system::permissions::grants;
use crate::wallet::business_day;
use crate::with_conn;

/// The count of each status for the list's filters (the status filter itself left out).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusCounts {
    /// Every status.
    pub total: i64,
    /// Each of core's statuses, zero included.
    pub by_status: BTreeMap<String, i64>,
}

#[derive(QueryableByName)]
struct Grouped {
    #[diesel(sql_type = Text)]
    key: String,
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// The status tabs' counts for the list's filters.
#[utoipa::path(get, path = "/logistics/shipment/countByStatus", tag = "logistics",
    params(("shipmentType" = Option<String>, Query, description = "B2B, B2C, FBA or WMS; and any other filter of the list")),
    responses((status = 200, body = crate::platform::http::Envelope<StatusCounts>), (status = 400), (status = 403)))]
pub async fn count_by_status(
    Caller(state, me): Caller,
    ApiQuery(mut params): ApiQuery<HashMap<String, String>>,
) -> ApiResult<StatusCounts> {
    params.remove("shipmentStatus");
    let scoped = list_scope::<Shipments>(&state, &me, &params).await?;
    let mut sql = match scoped.tally {
        Some((tally, counted)) => {
            let mut sql = Sql::new(&format!(
                "SELECT shipment_status AS key, CAST(COALESCE(SUM(n), 0) AS BIGINT) AS n FROM {}",
                tally.table
            ));
            sql.append(counted);
            sql
        }
        None => {
            let mut sql = Sql::new("SELECT shipment_status AS key, COUNT(*) AS n FROM logistics_shipment");
            sql.append(scoped.filtered);
            sql
        }
    };
    sql.push(" GROUP BY shipment_status");
    let rows: Vec<Grouped> = with_conn!(&state.db, |conn| diesel_async::RunQueryDsl::load(sql.query(), conn).await?);
    let mut by_status: BTreeMap<String, i64> = STATUSES.iter().map(|s| ((*s).to_owned(), 0)).collect();
    for row in &rows {
        *by_status.entry(row.key.clone()).or_default() += row.n;
    }
    ok(StatusCounts { total: rows.iter().map(|r| r.n).sum(), by_status })
}

/// One period's orders.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Period {
    /// Orders created in the period (drafts and cancelled ones included).
    pub total: i64,
    /// Submitted or later (not drafts, not cancelled).
    pub placed: i64,
    pub unprinted: i64,
    pub printed: i64,
    /// Label printing failed.
    pub error: i64,
    /// Each of core's statuses, zero included.
    pub by_status: BTreeMap<String, i64>,
}

/// One day of the series.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayCount {
    /// `YYYY-MM-DD`.
    pub day: String,
    pub total: i64,
    pub placed: i64,
    pub printed: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShipmentDashboard {
    /// Today, as business days are counted.
    pub today: String,
    pub today_counts: Period,
    pub week: Period,
    pub month: Period,
    /// The last 30 days, oldest first, every day present.
    pub series: Vec<DayCount>,
}

/// The orders of one business day of the 30, one status and one print status.
#[derive(QueryableByName)]
struct DayRow {
    /// `YYYY-MM-DD`.
    #[diesel(sql_type = Text)]
    business_day: String,
    #[diesel(sql_type = Text)]
    shipment_status: String,
    #[diesel(sql_type = Text)]
    print_status: String,
    #[diesel(sql_type = BigInt)]
    n: i64,
}

fn count(period: &mut Period, status: &str, print: &str, n: i64) {
    period.total += n;
    if status != "draft" && status != "cancelled" {
        period.placed += n;
        match print {
            "printed" => period.printed += n,
            "error" => period.error += n,
            _ => period.unprinted += n,
        }
    }
    *period.by_status.entry(status.to_owned()).or_default() += n;
}

/// The day tally's customer that stands for the whole tenant (staff's dashboard).
const TENANT_TALLY: &str = "*";

/// Days of the series.
const DAYS: usize = 30;
/// Of those, the last 7.
const WEEK: usize = 7;

/// Orders by status and print status (unprinted, printed, error) today, in the last 7 and 30
/// days, and per day; a customer's own, staff their tenant's. The database keeps the count of
/// each business day, status and print status (`logistics_shipment_day_tally`, kept by triggers;
/// the tenant's under customer `*`), so an answer sums at most 30 x statuses x print statuses
/// rows (x 16 shards on PostgreSQL), however many orders those days hold.
#[utoipa::path(post, path = "/sys/dashboard/shipment", tag = "logistics",
    responses((status = 200, body = crate::platform::http::Envelope<ShipmentDashboard>), (status = 403)))]
pub async fn dashboard(Caller(state, me): Caller) -> ApiResult<ShipmentDashboard> {
    let granted = grants::of(&state, &me).await?;
    if !std::iter::once(&"logistics:shipment:list").chain(super::TYPE_PAGES).any(|code| granted.has(code)) {
        return Err(crate::platform::http::AppError::forbidden());
    }
    let now = Utc::now().naive_utc();
    let today = business_day(now);
    let days: Vec<String> = (0..DAYS as i64).rev().map(|back| business_day(now - Duration::days(back))).collect();
    let mut sql = Sql::new(
        "SELECT business_day, shipment_status, print_status, CAST(SUM(n) AS BIGINT) AS n \
         FROM logistics_shipment_day_tally WHERE tenant_id = ",
    );
    sql.bind(me.tenant_id).push(" AND customer_id = ");
    sql.bind(customer_of(&me).unwrap_or_else(|| TENANT_TALLY.to_owned()));
    sql.push(" AND business_day >= ").bind(days.first().map_or("", String::as_str)).push(" GROUP BY 1, 2, 3");
    let rows: Vec<DayRow> = with_conn!(&state.db, |conn| diesel_async::RunQueryDsl::load(sql.query(), conn).await?);
    let empty = || Period { by_status: STATUSES.iter().map(|s| ((*s).to_owned(), 0)).collect(), ..Period::default() };
    let (mut today_counts, mut week, mut month) = (empty(), empty(), empty());
    let mut per_day = vec![Period::default(); DAYS];
    let index: HashMap<&str, usize> = days.iter().enumerate().map(|(d, day)| (day.as_str(), d)).collect();
    for r in &rows {
        // A day after today (a clock set back) counts as today.
        let d = index.get(r.business_day.as_str()).copied().unwrap_or(DAYS - 1);
        count(&mut month, &r.shipment_status, &r.print_status, r.n);
        if d >= DAYS - WEEK {
            count(&mut week, &r.shipment_status, &r.print_status, r.n);
        }
        if d == DAYS - 1 {
            count(&mut today_counts, &r.shipment_status, &r.print_status, r.n);
        }
        if let Some(day) = per_day.get_mut(d) {
            count(day, &r.shipment_status, &r.print_status, r.n);
        }
    }
    let series = days
        .into_iter()
        .zip(per_day)
        .map(|(day, p)| DayCount { day, total: p.total, placed: p.placed, printed: p.printed })
        .collect();
    ok(ShipmentDashboard { today, today_counts, week, month, series })
}

//! The stock ledger: the one way stock changes. [`apply`] changes one SKU's stock at one location
//! inside the caller's transaction, by conditional updates only (a take succeeds only while the
//! pieces not allocated cover it; a put only while the location has room), and appends the
//! change, signed, with the quantity after it, to the stock log. So stock never goes negative
//! and a location never overfills however many change it at once, and the log sums to the stock
//! ([`reconcile`] proves it).

use chrono::Utc;
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::db::schema::{wms_location as l, wms_stock as st, wms_stock_log as sl};
use crate::platform::db::{Db, Tx};
use crate::platform::http::AppError;
use crate::platform::secrets;
use crate::{on_tx, with_conn};

/// What a change is about: the SKU (and its owner) and the location.
#[derive(Clone, Debug)]
pub struct Slot<'a> {
    pub tenant_id: i32,
    pub customer_id: &'a str,
    pub sku_id: &'a str,
    pub sku_code: &'a str,
    pub location_id: &'a str,
    pub location_code: &'a str,
}

/// Why stock changes, as the log records it.
#[derive(Clone, Debug, Default)]
pub struct Cause<'a> {
    /// in, out, move, adjust.
    pub kind: &'a str,
    pub reason: Option<&'a str>,
    /// manual, forecast, order.
    pub ref_type: &'a str,
    pub ref_no: Option<&'a str>,
    pub remark: Option<&'a str>,
    pub operator: &'a str,
}

/// Changes `slot`'s stock by `delta` pieces (a put when positive, a take when negative) and logs
/// it; answers the quantity there after it. A take beyond the pieces not allocated, or a put
/// beyond the location's room, fails (the caller's transaction then changes nothing) and says so.
/// Rows are locked location first, then stock; a change touching two locations locks them first
/// in id order ([`lock_locations`]), so concurrent changes never deadlock.
pub async fn apply(tx: &mut Tx<'_>, slot: &Slot<'_>, delta: i64, cause: &Cause<'_>) -> Result<i64, AppError> {
    change(tx, slot, delta, false, cause).await
}

/// Takes `pieces` an order was allocated at `slot` off the shelf (its allocation and its stock
/// together) and logs it as `out`; answers the quantity there after it.
pub async fn pick(tx: &mut Tx<'_>, slot: &Slot<'_>, pieces: i64, cause: &Cause<'_>) -> Result<i64, AppError> {
    change(tx, slot, -pieces, true, cause).await
}

async fn change(tx: &mut Tx<'_>, slot: &Slot<'_>, delta: i64, allocated: bool, cause: &Cause<'_>) -> Result<i64, AppError> {
    let now = Utc::now().naive_utc();
    if delta > 0 {
        let roomy =
            on_tx!(tx, |c| diesel::update(l::table.filter(l::id.eq(slot.location_id)).filter((l::held + delta).le(l::capacity)))
                .set(l::held.eq(l::held + delta))
                .execute(c)
                .await?);
        if roomy == 0 {
            let (capacity, held): (i64, i64) =
                on_tx!(tx, |c| l::table.filter(l::id.eq(slot.location_id)).select((l::capacity, l::held)).first(c).await?);
            return Err(AppError::conflict(MessageKey::WmsLocationFull)
                .with("location", slot.location_code.to_owned())
                .with("capacity", capacity.to_string())
                .with("held", held.to_string()));
        }
        // The row exists from the first put on (a concurrent first put inserts it once).
        on_tx!(tx, |c| diesel::insert_into(st::table)
            .values((
                st::id.eq(secrets::new_id()),
                st::tenant_id.eq(slot.tenant_id),
                st::customer_id.eq(slot.customer_id),
                st::sku_id.eq(slot.sku_id),
                st::sku_code.eq(slot.sku_code),
                st::location_id.eq(slot.location_id),
                st::location_code.eq(slot.location_code),
                st::quantity.eq(0i64),
                st::allocated.eq(0i64),
                st::create_by.eq(cause.operator),
                st::create_time.eq(now),
            ))
            .on_conflict_do_nothing()
            .execute(c)
            .await?);
        on_tx!(tx, |c| diesel::update(st::table.filter(st::sku_id.eq(slot.sku_id)).filter(st::location_id.eq(slot.location_id)))
            .set((st::quantity.eq(st::quantity + delta), st::update_time.eq(now)))
            .execute(c)
            .await?);
    } else {
        let take = -delta;
        // The location's row first, as a put takes them: one lock order, no deadlock.
        let held = on_tx!(tx, |c| diesel::update(l::table.filter(l::id.eq(slot.location_id)).filter(l::held.ge(take)))
            .set(l::held.eq(l::held - take))
            .execute(c)
            .await?);
        let row = st::table.filter(st::sku_id.eq(slot.sku_id)).filter(st::location_id.eq(slot.location_id));
        let taken = if held == 0 {
            0
        } else if allocated {
            // Pieces allocated to the order: they leave the shelf and the allocation together.
            on_tx!(tx, |c| diesel::update(row.filter(st::allocated.ge(take)))
                .set((st::quantity.eq(st::quantity - take), st::allocated.eq(st::allocated - take), st::update_time.eq(now)))
                .execute(c)
                .await?)
        } else {
            on_tx!(tx, |c| diesel::update(row.filter((st::quantity - st::allocated).ge(take)))
                .set((st::quantity.eq(st::quantity - take), st::update_time.eq(now)))
                .execute(c)
                .await?)
        };
        if taken == 0 {
            // The caller's transaction rolls back, the location's count with it.
            let free: Option<i64> = on_tx!(tx, |c| st::table
                .filter(st::sku_id.eq(slot.sku_id))
                .filter(st::location_id.eq(slot.location_id))
                .select(st::quantity - st::allocated)
                .first(c)
                .await
                .optional()?);
            return Err(AppError::conflict(MessageKey::WmsStockShortAt)
                .with("sku", slot.sku_code.to_owned())
                .with("location", slot.location_code.to_owned())
                .with("available", free.unwrap_or(0).to_string()));
        }
    }
    let balance: i64 = on_tx!(tx, |c| st::table
        .filter(st::sku_id.eq(slot.sku_id))
        .filter(st::location_id.eq(slot.location_id))
        .select(st::quantity)
        .first(c)
        .await?);
    on_tx!(tx, |c| diesel::insert_into(sl::table)
        .values((
            sl::id.eq(secrets::new_id()),
            sl::tenant_id.eq(slot.tenant_id),
            sl::customer_id.eq(slot.customer_id),
            sl::sku_id.eq(slot.sku_id),
            sl::sku_code.eq(slot.sku_code),
            sl::location_id.eq(slot.location_id),
            sl::location_code.eq(slot.location_code),
            sl::kind.eq(cause.kind),
            sl::quantity.eq(delta),
            sl::balance.eq(balance),
            sl::reason.eq(cause.reason),
            sl::ref_type.eq(cause.ref_type),
            sl::ref_no.eq(cause.ref_no),
            sl::remark.eq(cause.remark),
            sl::create_by.eq(cause.operator),
            sl::create_time.eq(now),
        ))
        .execute(c)
        .await?);
    Ok(balance)
}

/// Locks the locations a change touches, in id order (PostgreSQL; SQLite has one writer).
pub async fn lock_locations(tx: &mut Tx<'_>, ids: &[&str]) -> Result<(), AppError> {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    for id in ids {
        on_tx!(tx, |c| diesel::update(l::table.filter(l::id.eq(id))).set(l::held.eq(l::held)).execute(c).await?);
    }
    Ok(())
}

/// One place where the figures disagree.
#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WmsMismatch {
    /// stock (a row against its log) or location (its held count against its stock).
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub what: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub code: String,
    /// What the row says.
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub recorded: i64,
    /// What its parts sum to.
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub summed: i64,
}

/// The reconciliation: every stock row against the sum of its log, every location's held count
/// against the sum of its stock; the tenant's, or all when `tenant` is None.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WmsReconciliation {
    pub stock_rows: i64,
    pub locations: i64,
    pub mismatches: Vec<WmsMismatch>,
    pub balanced: bool,
}

pub async fn reconcile(db: &Db, tenant: Option<i32>) -> Result<WmsReconciliation, AppError> {
    use crate::platform::resource::sql::{Sql, Value};
    let scope = |sql: &mut Sql, column: &str| {
        if let Some(t) = tenant {
            sql.push(" AND ").push(column).push(" = ").bind(Value::Int(t));
        }
    };
    let mut rows = Sql::new(
        "SELECT 'stock' AS what, s.sku_code || ' @ ' || s.location_code AS code, s.quantity AS recorded, \
         CAST(COALESCE((SELECT SUM(g.quantity) FROM wms_stock_log g WHERE g.sku_id = s.sku_id AND g.location_id = s.location_id), 0) AS BIGINT) AS summed \
         FROM wms_stock s WHERE 1 = 1",
    );
    scope(&mut rows, "s.tenant_id");
    let mut held = Sql::new(
        "SELECT 'location' AS what, l.code AS code, l.held AS recorded, \
         CAST(COALESCE((SELECT SUM(s.quantity) FROM wms_stock s WHERE s.location_id = l.id), 0) AS BIGINT) AS summed \
         FROM wms_location l WHERE 1 = 1",
    );
    scope(&mut held, "l.tenant_id");
    let (stock, places): (Vec<WmsMismatch>, Vec<WmsMismatch>) =
        with_conn!(db, |conn| (rows.query().load::<WmsMismatch>(conn).await?, held.query().load::<WmsMismatch>(conn).await?));
    let (stock_rows, locations) = (stock.len() as i64, places.len() as i64);
    let mismatches: Vec<WmsMismatch> = stock.into_iter().chain(places).filter(|m| m.recorded != m.summed).collect();
    Ok(WmsReconciliation { stock_rows, locations, balanced: mismatches.is_empty(), mismatches })
}

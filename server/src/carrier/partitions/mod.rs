//! Partitions (`/logistics/partition/*`, 分区表): the zones rate cards price, as their own records
//! (core `partition`). A card references one (`partitionId`); its body keeps prices and surcharges
//! only, and is quoted with the partition's zones put back in ([`zones_of`], core
//! `partition::with_zones`). A card saved with zones of its own (older clients, the xlsx import)
//! gets the tenant's partition with exactly these zones, or a new one named after it ([`file`]);
//! cards from before partitions are filed the same way at start-up ([`adopt`]). A change that would
//! leave a card pricing a zone the partition no longer has is refused; a partition in use is not
//! deleted.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::{MessageKey, partition};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::carrier::rate_cards::shapes;
use crate::platform::cluster::Change;
use crate::platform::db::schema::{logistics_partition as t, logistics_rate_card as card};
use crate::platform::db::{Db, Tx};
use crate::platform::http::AppError;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::resource::form::optional;
use crate::platform::resource::{Checked, Field, Filter, Readable, Resource, Scope, Written};
use crate::platform::secrets;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::{on_tx, transaction, with_conn};

/// A partition's row.
#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = t)]
#[serde(rename_all = "camelCase")]
pub struct PartitionRow {
    pub id: String,
    pub code: String,
    pub name: String,
    pub name_en: Option<String>,
    #[serde(skip)]
    pub zones: String,
    pub zone_count: i16,
    /// Every country of its zones, once each: `US,CA,GB`.
    pub countries: String,
    pub remark: Option<String>,
    pub update_by: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

/// A partition with its zones and how many rate-card versions use it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartitionRecord {
    #[serde(flatten)]
    pub row: PartitionRow,
    #[schema(value_type = Vec<shapes::Zone>)]
    pub zones: Value,
    /// Rate-card versions priced by its zones.
    pub card_count: i64,
}

impl Readable for PartitionRecord {
    type Row = PartitionRow;

    fn from_row(row: PartitionRow) -> PartitionRecord {
        let zones = serde_json::from_str(&row.zones).unwrap_or_else(|_| Value::Array(Vec::new()));
        PartitionRecord { row, zones, card_count: 0 }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartitionForm {
    pub id: Option<String>,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub name: String,
    pub name_en: Option<String>,
    #[serde(default)]
    #[schema(value_type = Vec<shapes::Zone>)]
    pub zones: Value,
    pub remark: Option<String>,
}

pub struct Partitions;

impl Resource for Partitions {
    const PATH: &'static str = "/logistics/partition";
    const PERMISSION: &'static str = "logistics:partition";
    const NOUN: &'static str = "partition";
    const PLURAL: &'static str = "partitions";
    const TABLE: &'static str = "logistics_partition";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("code", "code").sortable().titled(MessageKey::FieldCode),
        Field::text("name", "name").sortable().titled(MessageKey::FieldName),
        Field::text("nameEn", "name_en").titled(MessageKey::FieldNameEn),
        Field::small("zoneCount", "zone_count").sortable().titled(MessageKey::FieldZone),
        Field::text("countries", "countries").titled(MessageKey::FieldCountry),
        Field::computed("cardCount").titled(MessageKey::FieldCardCount),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::time("createTime", "create_time").sortable(),
        Field::time("updateTime", "update_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("keyWord", &["code", "name", "name_en"], "Code or name, in part."),
        Filter::like_upper("country", &["countries"], "Covers this country (ISO 3166-1 alpha-2)."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("code", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("code", MessageKey::PartitionCodeTaken));
    const HAS_UPDATE_BY: bool = true;
    const IN_USE_BY: &'static [(&'static str, &'static str)] = &[("logistics_rate_card", "partition_id")];
    /// Zones are lists: a partition is written in its form, not imported row by row.
    const OMIT: &'static [&'static str] = &["importExcel"];

    type Record = PartitionRecord;
    type Form = PartitionForm;

    fn id(record: &PartitionRecord) -> String {
        record.row.id.clone()
    }

    fn label(record: &PartitionRecord) -> String {
        record.row.code.clone()
    }

    fn form_id(form: &PartitionForm) -> Option<&str> {
        form.id.as_deref()
    }

    async fn values(state: &AppState, me: &CurrentUser, form: &PartitionForm, before: Option<&PartitionRecord>) -> Checked {
        let v = serde_json::json!({"code": form.code, "name": form.name, "nameEn": form.name_en, "zones": form.zones});
        let p = partition::checked(&(&v).into())?;
        let zones: Value = (&p.zones).into();
        if let Some(before) = before {
            still_prices(&state.db, me.tenant_id, &before.row.id, &zones).await?;
        }
        Ok(vec![
            ("code", p.code.into()),
            ("name", p.name.into()),
            ("name_en", p.name_en.into()),
            ("zones", zones.to_string().into()),
            ("zone_count", crate::platform::resource::sql::Value::Small(p.zone_count as i16)),
            ("countries", p.countries.into()),
            ("remark", optional("remark", MessageKey::FieldRemark, &form.remark, 500)?.into()),
        ])
    }

    async fn complete(state: &AppState, records: &mut [PartitionRecord]) -> Result<(), AppError> {
        let ids: Vec<String> = records.iter().map(|r| r.row.id.clone()).collect();
        let counts = card_counts(&state.db, &ids).await?;
        for r in records {
            r.card_count = counts.get(&r.row.id).copied().unwrap_or(0);
        }
        Ok(())
    }

    async fn after_write(state: &AppState, me: &CurrentUser, _written: Written<'_, PartitionRecord>) -> Result<(), AppError> {
        // A partition's zones are every card's that uses it: the forecast's bundles are rebuilt.
        state.cluster.changed(Change::Prices { tenant_id: me.tenant_id }).await;
        Ok(())
    }
}

/// How many rate-card versions use each of these partitions.
async fn card_counts(db: &Db, ids: &[String]) -> Result<HashMap<String, i64>, AppError> {
    let rows: Vec<(Option<String>, i64)> = with_conn!(db, |conn| {
        card::table
            .filter(card::partition_id.eq_any(ids))
            .group_by(card::partition_id)
            .select((card::partition_id, diesel::dsl::count_star()))
            .load(conn)
            .await?
    });
    Ok(rows.into_iter().filter_map(|(id, n)| id.map(|id| (id, n))).collect())
}

/// Refuses new zones that a card using the partition would no longer find for one of its prices.
async fn still_prices(db: &Db, tenant_id: i32, partition_id: &str, zones: &Value) -> Result<(), AppError> {
    let cards: Vec<(String, chrono::NaiveDate, String)> = with_conn!(db, |conn| {
        card::table
            .filter(card::tenant_id.eq(tenant_id))
            .filter(card::partition_id.eq(partition_id))
            .select((card::code, card::effective_from, card::body))
            .order((card::code.asc(), card::effective_from.asc()))
            .load(conn)
            .await?
    });
    let zones: logistics_core::json::Value = zones.into();
    for (code, from, body) in cards {
        let body: Value = serde_json::from_str(&body).map_err(AppError::internal)?;
        if let Some(zone) = partition::missing_zones(&(&body).into(), &zones).into_iter().next() {
            return Err(AppError::field("zones", MessageKey::PartitionZoneInUse)
                .with("card", code)
                .with("date", from.format("%Y-%m-%d").to_string())
                .with("zone", zone));
        }
    }
    Ok(())
}

/// The zones of these partitions (of the tenant), by id.
pub(crate) async fn zones_of(db: &Db, tenant_id: i32, ids: &[String]) -> Result<HashMap<String, Value>, AppError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(String, String)> = with_conn!(db, |conn| {
        t::table.filter(t::tenant_id.eq(tenant_id)).filter(t::id.eq_any(ids)).select((t::id, t::zones)).load(conn).await?
    });
    rows.into_iter().map(|(id, zones)| Ok((id, serde_json::from_str(&zones).map_err(AppError::internal)?))).collect()
}

/// When these partitions last changed (created or edited): a bundle's "prices as of" counts them.
pub(crate) async fn changed_at(db: &Db, ids: &[String]) -> Result<Option<NaiveDateTime>, AppError> {
    let times: Vec<(NaiveDateTime, Option<NaiveDateTime>)> =
        with_conn!(db, |conn| t::table.filter(t::id.eq_any(ids)).select((t::create_time, t::update_time)).load(conn).await?);
    Ok(times.into_iter().map(|(c, u)| u.unwrap_or(c)).max())
}

/// A stored card body with its partition's zones in: what the quote engine and the editor read.
/// A body from before partitions (zones of its own, not yet adopted) is read as it is.
pub(crate) fn resolved(body: &Value, partition_id: Option<&String>, zones: &HashMap<String, Value>) -> Value {
    match partition_id.and_then(|id| zones.get(id)) {
        Some(z) => (&partition::with_zones(&body.into(), &z.into())).into(),
        None => body.clone(),
    }
}

/// A partition the caller names for a card: its id and zones, or "not found" on `partitionId`.
pub(crate) async fn named(db: &Db, tenant_id: i32, id: &str) -> Result<(String, Value), AppError> {
    let zones = zones_of(db, tenant_id, &[id.to_owned()]).await?;
    match zones.into_iter().next() {
        Some(found) => Ok(found),
        None => Err(AppError::field("partitionId", MessageKey::PartitionNotFound)),
    }
}

/// The longest card code a partition filed after it keeps whole (room for `-99`).
const CODE_ROOM: usize = 29;

/// The tenant's partition with exactly these (normalized) zones, or a new one coded after the card
/// (`UPS-RED`, else `UPS-RED-2`…) and named after it: its id. Within the card's transaction.
pub(crate) async fn file(
    tx: &mut Tx<'_>,
    tenant_id: i32,
    card: (&str, &str),
    zones: &Value,
    by: &str,
    now: NaiveDateTime,
) -> Result<String, AppError> {
    let text = zones.to_string();
    let same: Option<String> = on_tx!(tx, |c| t::table
        .filter(t::tenant_id.eq(tenant_id))
        .filter(t::zones.eq(&text))
        .order(t::create_time.asc())
        .select(t::id)
        .first(c)
        .await
        .optional()?);
    if let Some(id) = same {
        return Ok(id);
    }
    let base = partition::code_for(card.0, CODE_ROOM);
    let taken: Vec<String> = on_tx!(tx, |c| t::table
        .filter(t::tenant_id.eq(tenant_id))
        .filter(t::code.like(format!("{base}%")))
        .select(t::code)
        .load(c)
        .await?);
    let code = std::iter::once(base.clone())
        .chain((2..).map(|n| format!("{base}-{n}")))
        .find(|c| !taken.contains(c))
        .unwrap_or_default();
    let p = partition::checked(&(&serde_json::json!({"code": code, "name": card.1, "zones": zones})).into())?;
    let id = secrets::new_id();
    on_tx!(tx, |c| diesel::insert_into(t::table)
        .values((
            t::id.eq(&id),
            t::tenant_id.eq(tenant_id),
            t::code.eq(&p.code),
            t::name.eq(&p.name),
            t::zones.eq(&text),
            t::zone_count.eq(p.zone_count as i16),
            t::countries.eq(&p.countries),
            t::create_by.eq(by),
            t::create_time.eq(now),
        ))
        .execute(c)
        .await?);
    Ok(id)
}

/// Files the zones of every card from before partitions (no `partition_id`, zones in its body):
/// the tenant's partition with the same zones, or a new one per distinct set, named after the
/// first card that has it; the card's body then keeps no zones. Idempotent (run at every start);
/// several instances starting at once take turns (PostgreSQL: an advisory lock). Quotes do not
/// change: the quote engine reads the same body, its zones put back from the partition. Returns
/// how many cards were filed.
pub async fn adopt(db: &Db) -> Result<usize, AppError> {
    let postgres = db.backend_name() == "postgres";
    let now = chrono::Utc::now().naive_utc();
    transaction!(data: db, |tx| {
        if postgres {
            on_tx!(tx, |c| diesel::sql_query("SELECT pg_advisory_xact_lock(7242002)").execute(c).await?);
        }
        let cards: Vec<(String, i32, String, String, String)> = on_tx!(tx, |c| card::table
            .filter(card::partition_id.is_null())
            .select((card::id, card::tenant_id, card::code, card::name, card::body))
            .order((card::tenant_id.asc(), card::code.asc(), card::effective_from.asc()))
            .load(c)
            .await?);
        let mut filed = 0;
        for (id, tenant_id, code, name, body) in cards {
            let body: Value = serde_json::from_str(&body).map_err(AppError::internal)?;
            let Some(zones) = body.get("zones").filter(|z| z.as_array().is_some_and(|z| !z.is_empty())) else { continue };
            let partition_id = file(tx, tenant_id, (&code, &name), zones, "system", now).await?;
            let kept: Value = (&partition::without_zones(&(&body).into())).into();
            on_tx!(tx, |c| diesel::update(card::table.filter(card::id.eq(&id)))
                .set((card::body.eq(kept.to_string()), card::partition_id.eq(&partition_id)))
                .execute(c)
                .await?);
            filed += 1;
        }
        Ok::<_, AppError>(filed)
    })
}

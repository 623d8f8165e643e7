//! Rate cards (`/logistics/rateCard/*`): the prices of carriers without a rating API, in the
//! documented format (core `rate_card`), versioned by code and effective date: the version in
//! force on a day is the latest one that started on or before it. Per tenant. Imported from and
//! exported to xlsx with the same columns (`xlsx`).

pub mod shapes;
pub mod xlsx;

use std::collections::HashMap;

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::{IntoParams, ToSchema};

use crate::carrier::partitions;
use crate::platform::caller::Caller;
use crate::platform::cluster::Change;
use crate::platform::db::Db;
use crate::platform::db::schema::{
    logistics_channel_product as product, logistics_partition as partition_table, logistics_rate_card as card,
};
use crate::platform::http::page::{IdQuery, Order, filter, require_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::time::DateTime;
use crate::platform::http::{Amount, ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{on_tx, platform::secrets, transaction, with_conn, with_write};

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RateCardRecord {
    pub id: String,
    pub code: String,
    pub name: String,
    pub currency: String,
    /// `YYYY-MM-DD`
    pub effective_from: String,
    /// current (in force today), scheduled (starts later) or superseded.
    pub state: String,
    pub zone_count: usize,
    pub price_count: usize,
    /// The partition whose zones the card prices.
    pub partition_id: Option<String>,
    /// Channel products priced by this card's code.
    pub product_count: i64,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

/// A card version with its body (the documented format).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RateCardDetail {
    #[serde(flatten)]
    pub record: RateCardRecord,
    pub partition_code: Option<String>,
    pub partition_name: Option<String>,
    #[schema(value_type = Vec<shapes::WeightStep>)]
    pub weight_rounding: Value,
    pub min_chargeable_weight: String,
    /// parcel or ticket.
    pub rounding_scope: String,
    /// The partition's zones.
    #[schema(value_type = Vec<shapes::Zone>)]
    pub zones: Value,
    #[schema(value_type = Vec<shapes::PriceRow>)]
    pub prices: Value,
    #[schema(value_type = Vec<shapes::Surcharge>)]
    pub surcharges: Value,
}

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = card)]
struct Head {
    id: String,
    code: String,
    name: String,
    currency: String,
    effective_from: NaiveDate,
    create_time: DateTime,
    update_time: Option<DateTime>,
    partition_id: Option<String>,
}

/// Each version's state, given every version of the same codes.
fn states(heads: &[Head], today: NaiveDate) -> HashMap<String, &'static str> {
    let mut in_force: HashMap<&str, (NaiveDate, &str)> = HashMap::new();
    for h in heads.iter().filter(|h| h.effective_from <= today) {
        let e = in_force.entry(h.code.as_str()).or_insert((h.effective_from, h.id.as_str()));
        if h.effective_from > e.0 {
            *e = (h.effective_from, h.id.as_str());
        }
    }
    heads
        .iter()
        .map(|h| {
            let state = if h.effective_from > today {
                "scheduled"
            } else if in_force.get(h.code.as_str()).is_some_and(|(_, id)| *id == h.id) {
                "current"
            } else {
                "superseded"
            };
            (h.id.clone(), state)
        })
        .collect()
}

fn count(body: &Value, key: &str) -> usize {
    body.get(key).and_then(Value::as_array).map_or(0, Vec::len)
}

async fn product_counts(db: &Db, tenant_id: i32, codes: &[String]) -> Result<HashMap<String, i64>, AppError> {
    let rows: Vec<(Option<String>, i64)> = with_conn!(db, |conn| {
        product::table
            .filter(product::tenant_id.eq(tenant_id))
            .filter(product::fee_id.eq_any(codes))
            .group_by(product::fee_id)
            .select((product::fee_id, diesel::dsl::count_star()))
            .load(conn)
            .await?
    });
    Ok(rows.into_iter().filter_map(|(code, n)| code.map(|c| (c, n))).collect())
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CardFilter {
    /// Code or name, substring.
    pub key_word: Option<String>,
    /// One card's versions.
    pub code: Option<String>,
    /// current, scheduled or superseded.
    pub state: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

/// The tenant's rate-card versions.
#[utoipa::path(get, path = "/logistics/rateCard/list", tag = "logistics", params(CardFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<RateCardRecord>>), (status = 400), (status = 403)))]
pub async fn list(Caller(state, me): Caller, ApiQuery(f): ApiQuery<CardFilter>) -> ApiResult<Page<RateCardRecord>> {
    grants::require(&state, &me, "logistics:rateCard:list").await?;
    let sort = f.page.sort(&["code", "effectiveFrom", "createTime"], ("code", Order::Asc))?;
    let wanted_state = filter(&f.state);
    if let Some(s) = &wanted_state
        && !["current", "scheduled", "superseded"].contains(&s.as_str())
    {
        return Err(AppError::field("state", MessageKey::StatusInvalid));
    }
    // Every version of the tenant's cards (a forwarder has dozens to hundreds): states need them all.
    let heads: Vec<Head> = with_conn!(&state.db, |conn| {
        card::table.filter(card::tenant_id.eq(me.tenant_id)).select(Head::as_select()).load(conn).await?
    });
    let today = chrono::Utc::now().date_naive();
    let states = states(&heads, today);
    let key_word = filter(&f.key_word).map(|k| k.to_lowercase());
    let code = filter(&f.code).map(|c| c.to_ascii_uppercase());
    let mut rows: Vec<Head> = heads
        .into_iter()
        .filter(|h| code.as_ref().is_none_or(|c| &h.code == c))
        .filter(|h| key_word.as_ref().is_none_or(|k| h.code.to_lowercase().contains(k) || h.name.to_lowercase().contains(k)))
        .filter(|h| wanted_state.as_ref().is_none_or(|s| states.get(&h.id).is_some_and(|st| st == s)))
        .collect();
    rows.sort_by(|a, b| {
        let by = match sort.0 {
            "effectiveFrom" => a.effective_from.cmp(&b.effective_from),
            "createTime" => a.create_time.cmp(&b.create_time),
            _ => a.code.cmp(&b.code).then(b.effective_from.cmp(&a.effective_from)),
        };
        let by = if sort.1 == Order::Desc { by.reverse() } else { by };
        by.then_with(|| a.id.cmp(&b.id))
    });
    let total = rows.len() as i64;
    let page: Vec<Head> = rows.into_iter().skip(f.page.offset().max(0) as usize).take(f.page.page_size() as usize).collect();
    let ids: Vec<String> = page.iter().map(|h| h.id.clone()).collect();
    let bodies: HashMap<String, String> = with_conn!(&state.db, |conn| {
        card::table.filter(card::id.eq_any(&ids)).select((card::id, card::body)).load::<(String, String)>(conn).await?
    })
    .into_iter()
    .collect();
    let partition_ids: Vec<String> = page.iter().filter_map(|h| h.partition_id.clone()).collect();
    let zones = partitions::zones_of(&state.db, me.tenant_id, &partition_ids).await?;
    let codes: Vec<String> = page.iter().map(|h| h.code.clone()).collect();
    let counts = product_counts(&state.db, me.tenant_id, &codes).await?;
    let records = page
        .into_iter()
        .map(|h| {
            let body: Value = bodies.get(&h.id).and_then(|b| serde_json::from_str(b).ok()).unwrap_or_default();
            let body = partitions::resolved(&body, h.partition_id.as_ref(), &zones);
            to_record(h, &body, &states, &counts)
        })
        .collect();
    ok(Page::new(records, total, &f.page))
}

fn to_record(h: Head, body: &Value, states: &HashMap<String, &'static str>, counts: &HashMap<String, i64>) -> RateCardRecord {
    RateCardRecord {
        state: states.get(&h.id).copied().unwrap_or("superseded").to_owned(),
        zone_count: count(body, "zones"),
        price_count: count(body, "prices"),
        product_count: counts.get(&h.code).copied().unwrap_or(0),
        effective_from: h.effective_from.format("%Y-%m-%d").to_string(),
        create_time: h.create_time,
        update_time: h.update_time,
        partition_id: h.partition_id,
        id: h.id,
        code: h.code,
        name: h.name,
        currency: h.currency,
    }
}

/// One version with its body.
pub(crate) async fn detail(db: &Db, tenant_id: i32, id: &str) -> Result<RateCardDetail, AppError> {
    let row: Option<(Head, String)> = with_conn!(db, |conn| {
        card::table
            .filter(card::tenant_id.eq(tenant_id))
            .filter(card::id.eq(id))
            .select((Head::as_select(), card::body))
            .first(conn)
            .await
            .optional()?
    });
    let (head, body) = row.ok_or_else(AppError::not_found)?;
    let siblings: Vec<Head> = with_conn!(db, |conn| {
        card::table
            .filter(card::tenant_id.eq(tenant_id))
            .filter(card::code.eq(&head.code))
            .select(Head::as_select())
            .load(conn)
            .await?
    });
    let states = states(&siblings, chrono::Utc::now().date_naive());
    let counts = product_counts(db, tenant_id, std::slice::from_ref(&head.code)).await?;
    let body: Value = serde_json::from_str(&body).map_err(AppError::internal)?;
    // The partition's code, name and zones, in one read.
    let partition: Option<(String, String, String)> = match &head.partition_id {
        Some(id) => with_conn!(db, |conn| {
            partition_table::table
                .filter(partition_table::tenant_id.eq(tenant_id))
                .filter(partition_table::id.eq(id))
                .select((partition_table::code, partition_table::name, partition_table::zones))
                .first(conn)
                .await
                .optional()?
        }),
        None => None,
    };
    let mut zones = HashMap::new();
    let (mut partition_code, mut partition_name) = (None, None);
    if let (Some(id), Some((code, name, text))) = (&head.partition_id, partition) {
        zones.insert(id.clone(), serde_json::from_str(&text).map_err(AppError::internal)?);
        (partition_code, partition_name) = (Some(code), Some(name));
    }
    let body = partitions::resolved(&body, head.partition_id.as_ref(), &zones);
    let part = |key: &str| body.get(key).cloned().unwrap_or_else(|| json!([]));
    let text = |key: &str| body.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
    Ok(RateCardDetail {
        partition_code,
        partition_name,
        weight_rounding: part("weightRounding"),
        min_chargeable_weight: text("minChargeableWeight"),
        rounding_scope: text("roundingScope"),
        zones: part("zones"),
        prices: part("prices"),
        surcharges: part("surcharges"),
        record: to_record(head, &body, &states, &counts),
    })
}

/// One version with its zones, prices and surcharges.
#[utoipa::path(get, path = "/logistics/rateCard/queryById", tag = "logistics", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<RateCardDetail>), (status = 403), (status = 404)))]
pub async fn query_by_id(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<RateCardDetail> {
    grants::require(&state, &me, "logistics:rateCard:list").await?;
    ok(detail(&state.db, me.tenant_id, q.id.as_deref().unwrap_or("").trim()).await?)
}

/// The body of add and edit (documentation): the detail's fields.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RateCardForm {
    pub id: Option<String>,
    pub code: String,
    pub name: String,
    pub currency: String,
    /// `YYYY-MM-DD`
    pub effective_from: String,
    #[schema(value_type = Option<Vec<shapes::WeightStep>>)]
    pub weight_rounding: Option<Value>,
    #[schema(value_type = Option<Amount>)]
    pub min_chargeable_weight: Option<String>,
    /// parcel (the default) or ticket.
    pub rounding_scope: Option<String>,
    /// The partition whose zones the card prices; without one, the card's `zones` are filed as a
    /// partition (the tenant's one with exactly these zones, else a new one named after the card).
    pub partition_id: Option<String>,
    /// Ignored when `partitionId` is given.
    #[schema(value_type = Option<Vec<shapes::Zone>>)]
    pub zones: Option<Value>,
    #[schema(value_type = Vec<shapes::PriceRow>)]
    pub prices: Value,
    #[schema(value_type = Option<Vec<shapes::Surcharge>>)]
    pub surcharges: Option<Value>,
}

/// A card as written, checked: (code, name, effective date, currency, normalized body).
pub(crate) struct Checked {
    pub code: String,
    pub name: String,
    pub effective_from: NaiveDate,
    pub currency: String,
    pub body: Value,
}

pub(crate) fn checked(v: &Value) -> Result<Checked, AppError> {
    // Core checks the whole card (the editor shows the same messages before it saves).
    let card = logistics_core::rate_card::card(&v.into())?;
    let effective_from = NaiveDate::parse_from_str(&card.effective_from, "%Y-%m-%d").map_err(|_| {
        AppError::field("effectiveFrom", MessageKey::DateInvalid)
            .with("field", MessageKey::FieldEffectiveFrom.template(current_lang()))
    })?;
    Ok(Checked { code: card.code, name: card.name, effective_from, currency: card.currency, body: (&card.body).into() })
}

/// The form with the zones of the partition it names (`partitionId`) in place of any of its own,
/// and that partition's id; the form as it is, and None, when it names none.
pub(crate) async fn with_partition(db: &Db, tenant_id: i32, mut form: Value) -> Result<(Value, Option<String>), AppError> {
    let named = form.get("partitionId").and_then(Value::as_str).map(str::trim).filter(|id| !id.is_empty()).map(str::to_owned);
    let Some(id) = named else { return Ok((form, None)) };
    let (id, zones) = partitions::named(db, tenant_id, &id).await?;
    form["zones"] = zones;
    Ok((form, Some(id)))
}

/// Saves a checked card: a new version, or in place of `replace` (an edit), or — on import — in
/// place of the version with the same code and date. Its zones go to `partition`, or without one
/// are filed as a partition ([`partitions::file`]), in the same transaction; the body keeps the rest.
pub(crate) async fn save(
    state: &AppState,
    me: &CurrentUser,
    c: &Checked,
    replace: Option<&str>,
    partition: Option<&str>,
) -> Result<String, AppError> {
    let now = chrono::Utc::now().naive_utc();
    let zones = c.body.get("zones").cloned().unwrap_or_else(|| json!([]));
    let body = Value::from(&logistics_core::partition::without_zones(&(&c.body).into())).to_string();
    let by = me.user.username.clone();
    let tenant_id = me.tenant_id;
    let id = transaction!(data: &state.db, |tx| {
        let partition_id = match partition {
            Some(id) => id.to_owned(),
            None => partitions::file(tx, tenant_id, (&c.code, &c.name), &zones, &by, now).await?,
        };
        let taken = |e| AppError::or_taken(e, "effectiveFrom", MessageKey::RateCardVersionTaken);
        match replace {
            Some(id) => {
                on_tx!(tx, |conn| diesel::update(card::table.filter(card::tenant_id.eq(tenant_id)).filter(card::id.eq(id)))
                    .set((
                        card::code.eq(&c.code),
                        card::name.eq(&c.name),
                        card::currency.eq(&c.currency),
                        card::effective_from.eq(c.effective_from),
                        card::body.eq(&body),
                        card::partition_id.eq(&partition_id),
                        card::update_by.eq(&by),
                        card::update_time.eq(now),
                    ))
                    .execute(conn)
                    .await
                    .map_err(taken)?);
                Ok::<_, AppError>(id.to_owned())
            }
            None => {
                let id = secrets::new_id();
                on_tx!(tx, |conn| diesel::insert_into(card::table)
                    .values((
                        card::id.eq(&id),
                        card::tenant_id.eq(tenant_id),
                        card::code.eq(&c.code),
                        card::name.eq(&c.name),
                        card::currency.eq(&c.currency),
                        card::effective_from.eq(c.effective_from),
                        card::body.eq(&body),
                        card::partition_id.eq(&partition_id),
                        card::create_by.eq(&by),
                        card::create_time.eq(now),
                    ))
                    .execute(conn)
                    .await
                    .map_err(taken)?);
                Ok(id)
            }
        }
    })?;
    state.cluster.changed(Change::Prices { tenant_id }).await;
    Ok(id)
}

/// Adds a card version.
#[utoipa::path(post, path = "/logistics/rateCard/add", tag = "logistics", request_body = RateCardForm,
    responses((status = 200, body = crate::platform::http::Envelope<RateCardDetail>), (status = 400), (status = 403), (status = 409)))]
pub async fn add(Caller(state, me): Caller, ApiJson(form): ApiJson<Value>) -> ApiResult<RateCardDetail> {
    grants::require(&state, &me, "logistics:rateCard:add").await?;
    let (form, partition) = with_partition(&state.db, me.tenant_id, form).await?;
    let c = checked(&form)?;
    let id = save(&state, &me, &c, None, partition.as_deref()).await?;
    let after = detail(&state.db, me.tenant_id, &id).await?;
    logs::added(&state.db, &me, "logistics:rateCard:add", &after.record.code, &after).await;
    ok_with(MessageKey::Added, after)
}

/// Changes a card version.
#[utoipa::path(put, path = "/logistics/rateCard/edit", tag = "logistics", request_body = RateCardForm,
    responses((status = 200, body = crate::platform::http::Envelope<RateCardDetail>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn edit(Caller(state, me): Caller, ApiJson(form): ApiJson<Value>) -> ApiResult<RateCardDetail> {
    grants::require(&state, &me, "logistics:rateCard:edit").await?;
    let id = form.get("id").and_then(Value::as_str).unwrap_or("").trim().to_owned();
    let before = detail(&state.db, me.tenant_id, &id).await?;
    let (form, partition) = with_partition(&state.db, me.tenant_id, form).await?;
    let c = checked(&form)?;
    save(&state, &me, &c, Some(&before.record.id), partition.as_deref()).await?;
    let after = detail(&state.db, me.tenant_id, &id).await?;
    logs::edited(&state.db, &me, "logistics:rateCard:edit", &after.record.code, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

/// Deletes card versions; the last version of a code that products use is kept.
#[utoipa::path(delete, path = "/logistics/rateCard/delete", tag = "logistics", params(IdQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "logistics:rateCard:delete").await?;
    let ids = require_ids(q.id.as_deref().or(q.ids.as_deref()).unwrap_or(""))?;
    let mut befores = Vec::new();
    for id in &ids {
        befores.push(detail(&state.db, me.tenant_id, id).await?);
    }
    for b in &befores {
        if b.record.product_count == 0 {
            continue;
        }
        let left: i64 = with_conn!(&state.db, |conn| {
            card::table
                .filter(card::tenant_id.eq(me.tenant_id))
                .filter(card::code.eq(&b.record.code))
                .filter(card::id.ne_all(&ids))
                .count()
                .get_result(conn)
                .await?
        });
        if left == 0 {
            return Err(AppError::bad_request(MessageKey::InUse));
        }
    }
    with_write!(&state.db, |conn| {
        diesel::delete(card::table.filter(card::tenant_id.eq(me.tenant_id)).filter(card::id.eq_any(&ids))).execute(conn).await?;
    });
    state.cluster.changed(Change::Prices { tenant_id: me.tenant_id }).await;
    for before in befores {
        logs::deleted(&state.db, &me, "logistics:rateCard:delete", &before.record.code, &before).await;
    }
    ok_with(MessageKey::Deleted, ())
}

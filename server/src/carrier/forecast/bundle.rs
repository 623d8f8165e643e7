//! The forecast bundle of one audience: a customer (its main account's price levels) or the
//! tenant's staff (every enabled product at the card's price). It holds the channel products the
//! audience may use with their rules, and the rate-card versions in force today with freight
//! already at the audience's level: cost prices never leave the server. The browser quotes from
//! it in WASM; the server quotes from the very same bundle, so both answers are equal.
//!
//! Bundles are built on first use and kept per (tenant, audience, day) until the tenant's
//! products, cards or levels change; a change on any instance reaches all through the cluster bus,
//! and a build that raced with a change is not kept.

use std::collections::HashMap;
use std::sync::Arc;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::decimal::{self, Decimal};
use serde_json::{Value, json};

use super::cache::Built;
use crate::carrier::channel_products::{self, Row};
use crate::platform::db::schema::{
    logistics_channel_product as product, logistics_price_level as level, logistics_rate_bundle as kept,
    logistics_rate_card as card,
};
use crate::platform::http::AppError;
use crate::state::AppState;
use crate::system::users::User;
use crate::{with_conn, with_write};

/// The customer (main account) whose price levels apply to a user; None for staff.
pub fn customer_of(user: &User) -> Option<String> {
    match user.user_kind.as_str() {
        "customer" => Some(user.id.clone()),
        "sub_account" => Some(user.main_account_id.clone().unwrap_or_default()),
        _ => None,
    }
}

/// The caller's bundle, built if needed.
pub async fn of(state: &AppState, tenant_id: i32, user: &User) -> Result<Arc<Built>, AppError> {
    audience(state, tenant_id, customer_of(user)).await
}

/// The bundle of an audience: a customer (main account) at its price levels, or staff (None).
pub async fn audience(state: &AppState, tenant_id: i32, customer: Option<String>) -> Result<Arc<Built>, AppError> {
    let today = chrono::Utc::now().date_naive();
    let key = (tenant_id, customer.clone().unwrap_or_default(), today);
    let cache = &state.bundles;
    if let Some(built) = cache.get(&key) {
        return Ok(built);
    }
    let seen = cache.generation(tenant_id);
    let built = Arc::new(build(state, tenant_id, customer.as_deref(), today).await?);
    if cache.version(tenant_id, &built.version).is_none() {
        keep(state, tenant_id, &built).await?;
        cache.keep_version(tenant_id, built.clone());
    }
    cache.store(key, seen, built.clone());
    Ok(built)
}

/// Writes a bundle under its version, once: what orders charged from it are re-quoted with.
async fn keep(state: &AppState, tenant_id: i32, built: &Built) -> Result<(), AppError> {
    let now = chrono::Utc::now().naive_utc();
    with_write!(data: &state.db, |conn| {
        diesel::insert_into(kept::table)
            .values((
                kept::tenant_id.eq(tenant_id),
                kept::version.eq(&built.version),
                kept::body.eq(&built.json),
                kept::create_time.eq(now),
            ))
            .on_conflict_do_nothing()
            .execute(conn)
            .await?
    });
    Ok(())
}

/// The bundle of `version` as it was built (an order's `rateVersion`): None when it was never
/// kept (orders charged before bundles were kept).
pub async fn at_version(state: &AppState, tenant_id: i32, version: &str) -> Result<Option<Arc<Built>>, AppError> {
    if let Some(built) = state.bundles.version(tenant_id, version) {
        return Ok(Some(built));
    }
    let body: Option<String> = with_conn!(&state.db, |conn| {
        kept::table
            .filter(kept::tenant_id.eq(tenant_id))
            .filter(kept::version.eq(version))
            .select(kept::body)
            .first(conn)
            .await
            .optional()?
    });
    let Some(json) = body else { return Ok(None) };
    let value: Value = serde_json::from_str(&json).map_err(AppError::internal)?;
    let products =
        logistics_core::quote_json::products(&(&value).into()).map_err(|e| AppError::internal(format!("bundle: {}", e.0)))?;
    let built = Arc::new(Built { version: version.to_owned(), json, products });
    state.bundles.keep_version(tenant_id, built.clone());
    Ok(Some(built))
}

/// The products an audience may use, each with its markup (percent text).
pub(crate) async fn usable(state: &AppState, tenant_id: i32, customer: Option<&str>) -> Result<Vec<(Row, String)>, AppError> {
    Ok(with_conn!(&state.db, |conn| {
        match customer {
            Some(c) => {
                product::table
                    .inner_join(level::table.on(level::product_id.eq(product::id)))
                    .filter(product::tenant_id.eq(tenant_id))
                    .filter(product::iz_enable.eq(true))
                    .filter(level::tenant_id.eq(tenant_id))
                    .filter(level::customer_id.eq(c))
                    .filter(level::enabled.eq(true))
                    .select((Row::as_select(), level::markup_percent))
                    .order(product::code.asc())
                    .load::<(Row, String)>(conn)
                    .await?
            }
            None => product::table
                .filter(product::tenant_id.eq(tenant_id))
                .filter(product::iz_enable.eq(true))
                .select(Row::as_select())
                .order(product::code.asc())
                .load::<Row>(conn)
                .await?
                .into_iter()
                .map(|r| (r, "0".to_owned()))
                .collect(),
        }
    }))
}

type CardRow = (String, String, chrono::NaiveDate, String, chrono::NaiveDateTime, Option<chrono::NaiveDateTime>, Option<String>);

async fn build(state: &AppState, tenant_id: i32, customer: Option<&str>, today: chrono::NaiveDate) -> Result<Built, AppError> {
    let usable = usable(state, tenant_id, customer).await?;
    let codes: Vec<String> = usable.iter().filter_map(|(r, _)| r.columns.fee_id.clone()).collect();
    // Every version up to today of the cards named, newest first: the first per code is in force.
    let versions: Vec<CardRow> = with_conn!(&state.db, |conn| {
        card::table
            .filter(card::tenant_id.eq(tenant_id))
            .filter(card::code.eq_any(&codes))
            .filter(card::effective_from.le(today))
            .select((
                card::code,
                card::currency,
                card::effective_from,
                card::body,
                card::create_time,
                card::update_time,
                card::partition_id,
            ))
            .order((card::code.asc(), card::effective_from.desc()))
            .load(conn)
            .await?
    });
    let mut in_force: HashMap<String, CardRow> = HashMap::new();
    for v in versions {
        in_force.entry(v.0.clone()).or_insert(v);
    }
    // The partitions' zones, put back into their cards' bodies: the bodies cards had before zones
    // moved out, so a quote does not change.
    let partition_ids: Vec<String> = in_force.values().filter_map(|v| v.6.clone()).collect();
    let zones = crate::carrier::partitions::zones_of(&state.db, tenant_id, &partition_ids).await?;
    let (rows, markups): (Vec<Row>, Vec<String>) = usable.into_iter().unzip();
    let records = channel_products::records(&state.db, rows).await?;
    let mut cards: Vec<Value> = Vec::new();
    // (card code, markup) → the code the bundle gives that priced copy.
    let mut aliases: HashMap<(String, String), String> = HashMap::new();
    let mut products = Vec::new();
    for (p, markup) in records.iter().zip(markups) {
        let Some((code, currency, _, body, _, _, partition_id)) = in_force.get(&p.fee_id) else { continue };
        let Ok(body) = serde_json::from_str::<Value>(body) else { continue };
        let body = crate::carrier::partitions::resolved(&body, partition_id.as_ref(), &zones);
        let percent = decimal::parse(&markup).unwrap_or(Decimal::ZERO);
        let alias_key = (code.clone(), decimal::plain(percent));
        let alias = match aliases.get(&alias_key) {
            Some(a) => a.clone(),
            None => {
                // Numbered, not named after the markup: the bundle never tells cost from price.
                let alias = format!("C{}", cards.len() + 1);
                let mut priced: Value = logistics_core::rate_card::marked_up(&(&body).into(), percent).into();
                priced["code"] = json!(alias);
                priced["currency"] = json!(currency);
                cards.push(priced);
                aliases.insert(alias_key, alias.clone());
                alias
            }
        };
        products.push(json!({
            "id": p.id,
            "code": p.code,
            "name": p.name,
            "nameEn": p.name_en.clone().unwrap_or_default(),
            "tradeType": p.trade_type,
            "transType": p.trans_type,
            "izMult": p.iz_mult,
            "thWeightRatio": p.th_weight_ratio.to_string(),
            "rules": p.rules.iter().map(|r| json!({"validType": r.valid_type, "min": r.min, "max": r.max})).collect::<Vec<_>>(),
            "postalRules": p.postal_rules.iter().map(|r| json!({"country": r.country, "postalCode": r.postal_code, "allow": r.allow})).collect::<Vec<_>>(),
            "feeId": alias,
        }));
    }
    // The newest change among what the bundle holds: its "prices as of".
    let zoned_at = crate::carrier::partitions::changed_at(&state.db, &partition_ids).await?;
    let as_of = in_force.values().map(|v| v.5.unwrap_or(v.4)).chain(zoned_at).max();
    let content = json!({"cards": cards, "products": products});
    let text = content.to_string();
    let version = format!("{:016x}", fnv1a(text.as_bytes()));
    let generated_at = as_of.map(crate::platform::http::time::iso).unwrap_or_default();
    let mut bundle = content;
    bundle["version"] = json!(version);
    bundle["generatedAt"] = json!(generated_at);
    bundle["effectiveDate"] = json!(today.format("%Y-%m-%d").to_string());
    let parsed =
        logistics_core::quote_json::products(&(&bundle).into()).map_err(|e| AppError::internal(format!("bundle: {}", e.0)))?;
    Ok(Built { version, json: bundle.to_string(), products: parsed })
}

/// FNV-1a, 64 bits: a stable fingerprint of the bundle's content (its version and ETag).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3))
}

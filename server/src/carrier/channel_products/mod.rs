//! Channel products (`/logistics/channelProduct/*`): what customers buy, on one of the tenant's
//! channels, priced by a rate card (`feeId` names the card's code), with validity rules (weight,
//! longest side, girth, declared value, pieces) and postal validity rows. Per tenant; customers
//! see the products their price levels open (`myList`).

use std::collections::HashMap;

use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, channel_product};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::carrier::suppliers::code_of;
use crate::platform::caller::Caller;
use crate::platform::cluster::Change;
use crate::platform::db::Db;
use crate::platform::db::schema::{
    logistics_channel, logistics_channel_product as product, logistics_price_level, logistics_product_postal,
    logistics_product_validity,
};
use crate::platform::http::lang::pick;
use crate::platform::http::page::{IdQuery, Order, filter, like_pattern, require_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::platform::resource::form::{Reference, one_of, optional, required};
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{platform::secrets, with_conn, with_write};

pub mod mine;

/// The trade types a product may be limited to (empty: any).
pub use channel_product::TRADE_TYPES;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleRecord {
    /// weight (kg), longestSide (cm), girth (cm), declaredValue, pieces.
    pub valid_type: String,
    pub min: Option<String>,
    pub max: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostalRecord {
    /// ISO 3166-1 alpha-2.
    pub country: String,
    /// A postal code, or a prefix ending in `*`.
    pub postal_code: String,
    /// Allow rows whitelist the country's codes; deny rows refuse the codes they match.
    pub allow: bool,
    pub remark: Option<String>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelProductRecord {
    pub id: String,
    pub channel_id: String,
    pub channel_code: String,
    pub channel_name: String,
    pub code: String,
    pub name: String,
    pub name_en: Option<String>,
    /// The name in the request's language.
    pub title: String,
    /// B2B, B2C, FBA, WMS or empty (any).
    pub trade_type: String,
    pub trans_type: Option<String>,
    pub push_method: Option<String>,
    pub label_type: Option<String>,
    pub deduct_method: Option<String>,
    /// Paid in advance.
    pub iz_subsist: bool,
    /// One ticket per order.
    pub iz_single: bool,
    /// Takes more than one parcel per ticket.
    pub iz_mult: bool,
    pub iz_enable: bool,
    /// The rate card's code.
    pub fee_id: String,
    /// Volumetric divisor (cm³ per kg); 0 bills actual weight only.
    pub th_weight_ratio: i32,
    pub remark: Option<String>,
    pub create_time: DateTime,
    pub rules: Vec<RuleRecord>,
    pub postal_rules: Vec<PostalRecord>,
}

/// A product's own columns: what add and edit write, once checked, and what a row holds besides
/// its key and creation time.
#[derive(Clone, Debug, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = product, treat_none_as_null = true)]
pub(crate) struct Columns {
    pub channel_id: String,
    pub code: String,
    pub name: String,
    pub name_en: Option<String>,
    pub trade_type: Option<String>,
    pub trans_type: Option<String>,
    pub push_method: Option<String>,
    pub label_type: Option<String>,
    pub deduct_method: Option<String>,
    pub iz_subsist: bool,
    pub iz_single: bool,
    pub iz_mult: bool,
    pub iz_enable: bool,
    pub fee_id: Option<String>,
    pub th_weight_ratio: i32,
    pub remark: Option<String>,
}

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = product)]
pub(crate) struct Row {
    pub id: String,
    #[diesel(embed)]
    pub columns: Columns,
    pub create_time: DateTime,
}

/// Rows with their channels' codes and names, and their rules (two queries for all of them).
pub(crate) async fn records(db: &Db, rows: Vec<Row>) -> Result<Vec<ChannelProductRecord>, AppError> {
    let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
    let channel_ids: Vec<String> = rows.iter().map(|r| r.columns.channel_id.clone()).collect();
    type RuleRow = (String, String, Option<String>, Option<String>);
    type PostalRow = (String, String, String, bool, Option<String>);
    type ChannelRow = (String, String, String, Option<String>);
    let (channels, rules, postal): (Vec<ChannelRow>, Vec<RuleRow>, Vec<PostalRow>) = with_conn!(db, |conn| {
        let channels = logistics_channel::table
            .filter(logistics_channel::id.eq_any(&channel_ids))
            .select((logistics_channel::id, logistics_channel::code, logistics_channel::name, logistics_channel::name_en))
            .load(conn)
            .await?;
        let rules = logistics_product_validity::table
            .filter(logistics_product_validity::product_id.eq_any(&ids))
            .select((
                logistics_product_validity::product_id,
                logistics_product_validity::valid_type,
                logistics_product_validity::min_value,
                logistics_product_validity::max_value,
            ))
            .order(logistics_product_validity::id.asc())
            .load(conn)
            .await?;
        let postal = logistics_product_postal::table
            .filter(logistics_product_postal::product_id.eq_any(&ids))
            .select((
                logistics_product_postal::product_id,
                logistics_product_postal::country,
                logistics_product_postal::postal_code,
                logistics_product_postal::allow,
                logistics_product_postal::remark,
            ))
            .order(logistics_product_postal::id.asc())
            .load(conn)
            .await?;
        (channels, rules, postal)
    });
    let lang = current_lang();
    let channels: HashMap<String, (String, String)> =
        channels.into_iter().map(|(id, code, name, name_en)| (id, (code, pick(lang, name, name_en)))).collect();
    let mut rules_of: HashMap<String, Vec<RuleRecord>> = HashMap::new();
    for (pid, valid_type, min, max) in rules {
        rules_of.entry(pid).or_default().push(RuleRecord { valid_type, min, max });
    }
    let mut postal_of: HashMap<String, Vec<PostalRecord>> = HashMap::new();
    for (pid, country, postal_code, allow, remark) in postal {
        postal_of.entry(pid).or_default().push(PostalRecord { country, postal_code, allow, remark });
    }
    Ok(rows
        .into_iter()
        .map(|Row { id, columns: c, create_time }| {
            let (channel_code, channel_name) = channels.get(&c.channel_id).cloned().unwrap_or_default();
            ChannelProductRecord {
                title: pick(lang, c.name.clone(), c.name_en.clone()),
                rules: rules_of.remove(&id).unwrap_or_default(),
                postal_rules: postal_of.remove(&id).unwrap_or_default(),
                channel_code,
                channel_name,
                id,
                channel_id: c.channel_id,
                code: c.code,
                name: c.name,
                name_en: c.name_en,
                trade_type: c.trade_type.unwrap_or_default(),
                trans_type: c.trans_type,
                push_method: c.push_method,
                label_type: c.label_type,
                deduct_method: c.deduct_method,
                iz_subsist: c.iz_subsist,
                iz_single: c.iz_single,
                iz_mult: c.iz_mult,
                iz_enable: c.iz_enable,
                fee_id: c.fee_id.unwrap_or_default(),
                th_weight_ratio: c.th_weight_ratio,
                remark: c.remark,
                create_time,
            }
        })
        .collect())
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProductFilter {
    pub channel_id: Option<String>,
    /// Code or name (zh or en), substring.
    pub key_word: Option<String>,
    /// B2B, B2C, FBA, WMS.
    pub trade_type: Option<String>,
    /// true or false.
    pub iz_enable: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

fn flag_filter(value: &Option<String>) -> Result<Option<bool>, AppError> {
    match filter(value).as_deref() {
        None => Ok(None),
        Some("true" | "1") => Ok(Some(true)),
        Some("false" | "0") => Ok(Some(false)),
        Some(_) => Err(AppError::field("izEnable", MessageKey::ValueInvalid).with("field", "izEnable")),
    }
}

/// The tenant's channel products, with their rules.
#[utoipa::path(get, path = "/logistics/channelProduct/list", tag = "logistics", params(ProductFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<ChannelProductRecord>>), (status = 400), (status = 403)))]
pub async fn list(Caller(state, me): Caller, ApiQuery(f): ApiQuery<ProductFilter>) -> ApiResult<Page<ChannelProductRecord>> {
    grants::require(&state, &me, "logistics:channelProduct:list").await?;
    let sort = f.page.sort(&["code", "name", "createTime"], ("code", Order::Asc))?;
    let enabled = flag_filter(&f.iz_enable)?;
    let page = search(&state.db, me.tenant_id, &f, enabled, None, sort).await?;
    ok(page)
}

/// One page of products matching the filter; `only` limits them to these ids (a customer's).
pub(crate) async fn search(
    db: &Db,
    tenant_id: i32,
    f: &ProductFilter,
    enabled: Option<bool>,
    only: Option<&[String]>,
    sort: (&str, Order),
) -> Result<Page<ChannelProductRecord>, AppError> {
    let (channel, key_word, trade_type) = (filter(&f.channel_id), filter(&f.key_word), filter(&f.trade_type));
    macro_rules! filtered {
        () => {{
            let mut q = product::table.filter(product::tenant_id.eq(tenant_id)).into_boxed();
            if let Some(v) = &channel {
                q = q.filter(product::channel_id.eq(v.clone()));
            }
            if let Some(v) = &trade_type {
                q = q.filter(product::trade_type.eq(v.to_ascii_uppercase()));
            }
            if let Some(v) = enabled {
                q = q.filter(product::iz_enable.eq(v));
            }
            if let Some(ids) = only {
                q = q.filter(product::id.eq_any(ids.to_vec()));
            }
            if let Some(v) = &key_word {
                let p = like_pattern(v);
                q = q.filter(
                    product::code
                        .like(p.clone())
                        .escape('\\')
                        .or(product::name.like(p.clone()).escape('\\'))
                        .or(product::name_en.like(p).escape('\\')),
                );
            }
            q
        }};
    }
    let (total, rows): (i64, Vec<Row>) = with_conn!(db, |conn| {
        let total = filtered!().count().get_result(conn).await?;
        let q = filtered!().select(Row::as_select()).limit(f.page.page_size()).offset(f.page.offset());
        let q = match sort {
            ("name", Order::Asc) => q.order(product::name.asc()),
            ("name", Order::Desc) => q.order(product::name.desc()),
            ("createTime", Order::Asc) => q.order(product::create_time.asc()),
            ("createTime", Order::Desc) => q.order(product::create_time.desc()),
            (_, Order::Asc) => q.order(product::code.asc()),
            (_, Order::Desc) => q.order(product::code.desc()),
        };
        (total, q.then_order_by(product::id.asc()).load(conn).await?)
    });
    Ok(Page::new(records(db, rows).await?, total, &f.page))
}

pub(crate) async fn one(db: &Db, tenant_id: i32, id: &str) -> Result<ChannelProductRecord, AppError> {
    let rows: Vec<Row> = with_conn!(db, |conn| {
        product::table
            .filter(product::tenant_id.eq(tenant_id))
            .filter(product::id.eq(id))
            .select(Row::as_select())
            .load(conn)
            .await?
    });
    records(db, rows).await?.pop().ok_or_else(AppError::not_found)
}

/// One channel product with its rules.
#[utoipa::path(get, path = "/logistics/channelProduct/queryById", tag = "logistics", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<ChannelProductRecord>), (status = 403), (status = 404)))]
pub async fn query_by_id(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<ChannelProductRecord> {
    grants::require(&state, &me, "logistics:channelProduct:list").await?;
    ok(one(&state.db, me.tenant_id, q.id.as_deref().unwrap_or("").trim()).await?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleForm {
    #[serde(default)]
    pub valid_type: String,
    /// A decimal (string or number) or null.
    #[schema(value_type = Option<String>)]
    pub min: Option<serde_json::Value>,
    #[schema(value_type = Option<String>)]
    pub max: Option<serde_json::Value>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostalForm {
    #[serde(default)]
    pub country: String,
    #[serde(default)]
    pub postal_code: String,
    #[serde(default)]
    pub allow: bool,
    pub remark: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelProductForm {
    pub id: Option<String>,
    pub channel_id: Option<String>,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub name: String,
    pub name_en: Option<String>,
    pub trade_type: Option<String>,
    pub trans_type: Option<String>,
    pub push_method: Option<String>,
    pub label_type: Option<String>,
    pub deduct_method: Option<String>,
    pub iz_subsist: Option<bool>,
    pub iz_single: Option<bool>,
    pub iz_mult: Option<bool>,
    pub iz_enable: Option<bool>,
    pub fee_id: Option<String>,
    pub th_weight_ratio: Option<i64>,
    pub remark: Option<String>,
    #[serde(default)]
    pub rules: Vec<RuleForm>,
    #[serde(default)]
    pub postal_rules: Vec<PostalForm>,
}

/// A form as written: the product's columns and its rules.
type Checked = (Columns, Vec<RuleRecord>, Vec<PostalRecord>);

/// The validity rules, checked by core (the browser checks each row with the same rule).
fn checked_rules(rules: &[RuleForm]) -> Result<Vec<RuleRecord>, AppError> {
    let mut out = Vec::new();
    for (i, r) in rules.iter().enumerate() {
        let json = |v: &Option<serde_json::Value>| v.as_ref().map(logistics_core::json::Value::from);
        let (min, max) = (json(&r.min), json(&r.max));
        let rule = channel_product::rule(&format!("rules[{i}]."), &r.valid_type, min.as_ref(), max.as_ref())?;
        out.push(RuleRecord { valid_type: rule.valid_type, min: rule.min, max: rule.max });
    }
    Ok(out)
}

/// The postal rules, checked by core; the remark here.
fn checked_postal(rows: &[PostalForm]) -> Result<Vec<PostalRecord>, AppError> {
    let mut out = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let at = format!("postalRules[{i}].");
        let (country, postal_code) = channel_product::postal_rule(&at, &r.country, &r.postal_code)?;
        out.push(PostalRecord {
            country,
            postal_code,
            allow: r.allow,
            remark: optional(&format!("{at}remark"), MessageKey::FieldDescription, &r.remark, 200)?,
        });
    }
    Ok(out)
}

/// The form, checked; an edit keeps the flags the form leaves out as they are.
async fn checked(
    db: &Db,
    tenant_id: i32,
    form: &ChannelProductForm,
    before: Option<&ChannelProductRecord>,
) -> Result<Checked, AppError> {
    let channel_id = CHANNEL.check(db, tenant_id, "channelId", form.channel_id.as_deref()).await?;
    let code = code_of("code", &form.code)?;
    let name = required("name", MessageKey::FieldName, &form.name, 100)?;
    let trade_type = form.trade_type.as_ref().map(|t| t.to_ascii_uppercase());
    let trade_type = one_of("tradeType", MessageKey::FieldTradeType, &trade_type, &TRADE_TYPES)?;
    let fee_id = filter(&form.fee_id).map(|f| f.to_ascii_uppercase());
    let fee_id = RATE_CARD.check(db, tenant_id, "feeId", fee_id.as_deref()).await?;
    let th_weight_ratio = channel_product::divisor("thWeightRatio", &form.th_weight_ratio.unwrap_or(0).to_string())?;
    let flag = |value: Option<bool>, kept: Option<bool>, default: bool| value.or(kept).unwrap_or(default);
    let columns = Columns {
        channel_id,
        code,
        name,
        name_en: optional("nameEn", MessageKey::FieldName, &form.name_en, 100)?,
        trade_type,
        trans_type: optional("transType", MessageKey::FieldDescription, &form.trans_type, 50)?,
        push_method: optional("pushMethod", MessageKey::FieldDescription, &form.push_method, 50)?,
        label_type: optional("labelType", MessageKey::FieldDescription, &form.label_type, 50)?,
        deduct_method: optional("deductMethod", MessageKey::FieldDescription, &form.deduct_method, 50)?,
        iz_subsist: flag(form.iz_subsist, before.map(|b| b.iz_subsist), false),
        iz_single: flag(form.iz_single, before.map(|b| b.iz_single), true),
        iz_mult: flag(form.iz_mult, before.map(|b| b.iz_mult), true),
        iz_enable: flag(form.iz_enable, before.map(|b| b.iz_enable), true),
        fee_id: Some(fee_id),
        th_weight_ratio,
        remark: optional("remark", MessageKey::FieldDescription, &form.remark, 500)?,
    };
    Ok((columns, checked_rules(&form.rules)?, checked_postal(&form.postal_rules)?))
}

/// A product's channel, and its rate card (named by code).
const CHANNEL: Reference = Reference::id("logistics_channel", MessageKey::FieldChannel);
const RATE_CARD: Reference =
    Reference { table: "logistics_rate_card", column: "code", also: "", label: MessageKey::FieldRateCard };

/// Writes a product's rules in place of its old ones (inside the caller's transaction).
macro_rules! replace_rules {
    ($conn:expr, $id:expr, $rules:expr, $postal:expr) => {{
        diesel::delete(logistics_product_validity::table.filter(logistics_product_validity::product_id.eq($id)))
            .execute($conn)
            .await?;
        diesel::delete(logistics_product_postal::table.filter(logistics_product_postal::product_id.eq($id)))
            .execute($conn)
            .await?;
        for r in $rules {
            diesel::insert_into(logistics_product_validity::table)
                .values((
                    logistics_product_validity::id.eq(secrets::new_id()),
                    logistics_product_validity::product_id.eq($id),
                    logistics_product_validity::valid_type.eq(&r.valid_type),
                    logistics_product_validity::min_value.eq(&r.min),
                    logistics_product_validity::max_value.eq(&r.max),
                ))
                .execute($conn)
                .await?;
        }
        for r in $postal {
            diesel::insert_into(logistics_product_postal::table)
                .values((
                    logistics_product_postal::id.eq(secrets::new_id()),
                    logistics_product_postal::product_id.eq($id),
                    logistics_product_postal::country.eq(&r.country),
                    logistics_product_postal::postal_code.eq(&r.postal_code),
                    logistics_product_postal::allow.eq(r.allow),
                    logistics_product_postal::remark.eq(&r.remark),
                ))
                .execute($conn)
                .await?;
        }
    }};
}

/// Adds a channel product with its rules.
#[utoipa::path(post, path = "/logistics/channelProduct/add", tag = "logistics", request_body = ChannelProductForm,
    responses((status = 200, body = crate::platform::http::Envelope<ChannelProductRecord>), (status = 400), (status = 403), (status = 409)))]
pub async fn add(Caller(state, me): Caller, ApiJson(form): ApiJson<ChannelProductForm>) -> ApiResult<ChannelProductRecord> {
    grants::require(&state, &me, "logistics:channelProduct:add").await?;
    let (columns, rules, postal) = checked(&state.db, me.tenant_id, &form, None).await?;
    let id = secrets::new_id();
    with_write!(&state.db, |conn| {
        conn.transaction(async |conn| {
            diesel::insert_into(product::table)
                .values((
                    &columns,
                    product::id.eq(&id),
                    product::tenant_id.eq(me.tenant_id),
                    product::create_by.eq(&me.user.username),
                    product::create_time.eq(chrono::Utc::now().naive_utc()),
                ))
                .execute(conn)
                .await?;
            replace_rules!(conn, &id, &rules, &postal);
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(|e| AppError::or_taken(e, "code", MessageKey::CodeTaken))?;
    });
    state.cluster.changed(Change::Prices { tenant_id: me.tenant_id }).await;
    let after = one(&state.db, me.tenant_id, &id).await?;
    logs::added(&state.db, &me, "logistics:channelProduct:add", &after.code, &after).await;
    ok_with(MessageKey::Added, after)
}

/// Changes a channel product and replaces its rules.
#[utoipa::path(put, path = "/logistics/channelProduct/edit", tag = "logistics", request_body = ChannelProductForm,
    responses((status = 200, body = crate::platform::http::Envelope<ChannelProductRecord>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn edit(Caller(state, me): Caller, ApiJson(form): ApiJson<ChannelProductForm>) -> ApiResult<ChannelProductRecord> {
    grants::require(&state, &me, "logistics:channelProduct:edit").await?;
    let before = one(&state.db, me.tenant_id, form.id.as_deref().unwrap_or("").trim()).await?;
    let (columns, rules, postal) = checked(&state.db, me.tenant_id, &form, Some(&before)).await?;
    with_write!(&state.db, |conn| {
        conn.transaction(async |conn| {
            diesel::update(product::table.filter(product::id.eq(&before.id)))
                .set((
                    &columns,
                    product::update_by.eq(&me.user.username),
                    product::update_time.eq(chrono::Utc::now().naive_utc()),
                ))
                .execute(conn)
                .await?;
            replace_rules!(conn, &before.id, &rules, &postal);
            Ok::<(), diesel::result::Error>(())
        })
        .await
        .map_err(|e| AppError::or_taken(e, "code", MessageKey::CodeTaken))?;
    });
    state.cluster.changed(Change::Prices { tenant_id: me.tenant_id }).await;
    let after = one(&state.db, me.tenant_id, &before.id).await?;
    logs::edited(&state.db, &me, "logistics:channelProduct:edit", &after.code, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

/// Deletes channel products no customer is priced for.
#[utoipa::path(delete, path = "/logistics/channelProduct/delete", tag = "logistics", params(IdQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "logistics:channelProduct:delete").await?;
    let ids = require_ids(q.id.as_deref().or(q.ids.as_deref()).unwrap_or(""))?;
    let mut befores = Vec::new();
    for id in &ids {
        befores.push(one(&state.db, me.tenant_id, id).await?);
    }
    let used: i64 = with_conn!(&state.db, |conn| {
        logistics_price_level::table.filter(logistics_price_level::product_id.eq_any(&ids)).count().get_result(conn).await?
    });
    if used > 0 {
        return Err(AppError::bad_request(MessageKey::InUse));
    }
    with_write!(&state.db, |conn| {
        conn.transaction(async |conn| {
            diesel::delete(logistics_product_validity::table.filter(logistics_product_validity::product_id.eq_any(&ids)))
                .execute(conn)
                .await?;
            diesel::delete(logistics_product_postal::table.filter(logistics_product_postal::product_id.eq_any(&ids)))
                .execute(conn)
                .await?;
            diesel::delete(product::table.filter(product::tenant_id.eq(me.tenant_id)).filter(product::id.eq_any(&ids)))
                .execute(conn)
                .await?;
            Ok::<(), diesel::result::Error>(())
        })
        .await?;
    });
    state.cluster.changed(Change::Prices { tenant_id: me.tenant_id }).await;
    for before in befores {
        logs::deleted(&state.db, &me, "logistics:channelProduct:delete", &before.code, &before).await;
    }
    ok_with(MessageKey::Deleted, ())
}

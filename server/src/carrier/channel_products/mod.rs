//! Channel products (`/logistics/channelProduct/*`): what customers buy, on one of the tenant's
//! channels, priced by a rate card (`feeId` names the card's code), with validity rules (weight,
//! longest side, girth, declared value, pieces) and postal validity rows. Per tenant; customers
//! see the products their price levels open (`myList`).

use std::collections::HashMap;

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use logistics_core::{MessageKey, channel_product, validate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::carrier::suppliers::{bounded, code_of};
use crate::platform::cluster::Change;
use crate::platform::db::Db;
use crate::platform::db::schema::{
    logistics_channel, logistics_channel_product as product, logistics_price_level, logistics_product_postal,
    logistics_product_validity, logistics_rate_card,
};
use crate::platform::http::lang::pick;
use crate::platform::http::page::{IdQuery, Order, filter, like_pattern, require_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
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
    pub create_time: String,
    pub rules: Vec<RuleRecord>,
    pub postal_rules: Vec<PostalRecord>,
}

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = product)]
pub(crate) struct Row {
    pub id: String,
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
    pub create_time: chrono::NaiveDateTime,
}

/// Rows with their channels' codes and names, and their rules (two queries for all of them).
pub(crate) async fn records(db: &Db, rows: Vec<Row>) -> Result<Vec<ChannelProductRecord>, AppError> {
    let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
    let channel_ids: Vec<String> = rows.iter().map(|r| r.channel_id.clone()).collect();
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
        .map(|r| {
            let (channel_code, channel_name) = channels.get(&r.channel_id).cloned().unwrap_or_default();
            ChannelProductRecord {
                title: pick(lang, r.name.clone(), r.name_en.clone()),
                create_time: r.create_time.format(crate::system::users::DATE_TIME_FORMAT).to_string(),
                rules: rules_of.remove(&r.id).unwrap_or_default(),
                postal_rules: postal_of.remove(&r.id).unwrap_or_default(),
                channel_code,
                channel_name,
                id: r.id,
                channel_id: r.channel_id,
                code: r.code,
                name: r.name,
                name_en: r.name_en,
                trade_type: r.trade_type.unwrap_or_default(),
                trans_type: r.trans_type,
                push_method: r.push_method,
                label_type: r.label_type,
                deduct_method: r.deduct_method,
                iz_subsist: r.iz_subsist,
                iz_single: r.iz_single,
                iz_mult: r.iz_mult,
                iz_enable: r.iz_enable,
                fee_id: r.fee_id.unwrap_or_default(),
                th_weight_ratio: r.th_weight_ratio,
                remark: r.remark,
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
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<ProductFilter>,
) -> ApiResult<Page<ChannelProductRecord>> {
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
pub async fn query_by_id(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<ChannelProductRecord> {
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

struct Checked {
    channel_id: String,
    code: String,
    name: String,
    name_en: Option<String>,
    trade_type: Option<String>,
    trans_type: Option<String>,
    push_method: Option<String>,
    label_type: Option<String>,
    deduct_method: Option<String>,
    fee_id: String,
    th_weight_ratio: i32,
    remark: Option<String>,
    rules: Vec<RuleRecord>,
    postal_rules: Vec<PostalRecord>,
}

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
            remark: bounded(&format!("{at}remark"), MessageKey::FieldDescription, &r.remark, 200)?,
        });
    }
    Ok(out)
}

async fn checked(db: &Db, tenant_id: i32, form: &ChannelProductForm) -> Result<Checked, AppError> {
    let lang = current_lang();
    let channel_id = form.channel_id.as_deref().map(str::trim).unwrap_or("").to_owned();
    validate::required("channelId", MessageKey::FieldChannel.template(lang), &channel_id)?;
    let channel: i64 = with_conn!(db, |conn| {
        logistics_channel::table
            .filter(logistics_channel::tenant_id.eq(tenant_id))
            .filter(logistics_channel::id.eq(&channel_id))
            .count()
            .get_result(conn)
            .await?
    });
    if channel == 0 {
        return Err(AppError::field("channelId", MessageKey::ValueInvalid).with("field", MessageKey::FieldChannel.template(lang)));
    }
    let code = code_of("code", &form.code)?;
    let name = form.name.trim().to_owned();
    validate::required("name", MessageKey::FieldName.template(lang), &name)?;
    validate::max_chars("name", MessageKey::FieldName.template(lang), &name, 100)?;
    let trade_type = filter(&form.trade_type).map(|t| t.to_ascii_uppercase());
    if let Some(t) = &trade_type
        && !TRADE_TYPES.contains(&t.as_str())
    {
        return Err(
            AppError::field("tradeType", MessageKey::ValueInvalid).with("field", MessageKey::FieldTradeType.template(lang))
        );
    }
    let fee_id = filter(&form.fee_id).map(|f| f.to_ascii_uppercase()).unwrap_or_default();
    validate::required("feeId", MessageKey::FieldRateCard.template(lang), &fee_id)?;
    let cards: i64 = with_conn!(db, |conn| {
        logistics_rate_card::table
            .filter(logistics_rate_card::tenant_id.eq(tenant_id))
            .filter(logistics_rate_card::code.eq(&fee_id))
            .count()
            .get_result(conn)
            .await?
    });
    if cards == 0 {
        return Err(AppError::field("feeId", MessageKey::ValueInvalid).with("field", MessageKey::FieldRateCard.template(lang)));
    }
    let th_weight_ratio = channel_product::divisor("thWeightRatio", &form.th_weight_ratio.unwrap_or(0).to_string())?;
    Ok(Checked {
        channel_id,
        code,
        name,
        name_en: bounded("nameEn", MessageKey::FieldName, &form.name_en, 100)?,
        trade_type,
        trans_type: bounded("transType", MessageKey::FieldDescription, &form.trans_type, 50)?,
        push_method: bounded("pushMethod", MessageKey::FieldDescription, &form.push_method, 50)?,
        label_type: bounded("labelType", MessageKey::FieldDescription, &form.label_type, 50)?,
        deduct_method: bounded("deductMethod", MessageKey::FieldDescription, &form.deduct_method, 50)?,
        fee_id,
        th_weight_ratio,
        remark: bounded("remark", MessageKey::FieldDescription, &form.remark, 500)?,
        rules: checked_rules(&form.rules)?,
        postal_rules: checked_postal(&form.postal_rules)?,
    })
}

/// Writes a product's rules in place of its old ones (inside the caller's transaction).
macro_rules! replace_rules {
    ($conn:expr, $id:expr, $c:expr) => {{
        diesel::delete(logistics_product_validity::table.filter(logistics_product_validity::product_id.eq($id)))
            .execute($conn)
            .await?;
        diesel::delete(logistics_product_postal::table.filter(logistics_product_postal::product_id.eq($id)))
            .execute($conn)
            .await?;
        for r in &$c.rules {
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
        for r in &$c.postal_rules {
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
pub async fn add(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<ChannelProductForm>,
) -> ApiResult<ChannelProductRecord> {
    grants::require(&state, &me, "logistics:channelProduct:add").await?;
    let c = checked(&state.db, me.tenant_id, &form).await?;
    let id = secrets::new_id();
    with_write!(&state.db, |conn| {
        conn.transaction(async |conn| {
            diesel::insert_into(product::table)
                .values((
                    product::id.eq(&id),
                    product::tenant_id.eq(me.tenant_id),
                    product::channel_id.eq(&c.channel_id),
                    product::code.eq(&c.code),
                    product::name.eq(&c.name),
                    product::name_en.eq(&c.name_en),
                    product::trade_type.eq(&c.trade_type),
                    product::trans_type.eq(&c.trans_type),
                    product::push_method.eq(&c.push_method),
                    product::label_type.eq(&c.label_type),
                    product::deduct_method.eq(&c.deduct_method),
                    product::iz_subsist.eq(form.iz_subsist.unwrap_or(false)),
                    product::iz_single.eq(form.iz_single.unwrap_or(true)),
                    product::iz_mult.eq(form.iz_mult.unwrap_or(true)),
                    product::iz_enable.eq(form.iz_enable.unwrap_or(true)),
                    product::fee_id.eq(&c.fee_id),
                    product::th_weight_ratio.eq(c.th_weight_ratio),
                    product::remark.eq(&c.remark),
                    product::create_by.eq(&me.user.username),
                    product::create_time.eq(chrono::Utc::now().naive_utc()),
                ))
                .execute(conn)
                .await?;
            replace_rules!(conn, &id, c);
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
pub async fn edit(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<ChannelProductForm>,
) -> ApiResult<ChannelProductRecord> {
    grants::require(&state, &me, "logistics:channelProduct:edit").await?;
    let before = one(&state.db, me.tenant_id, form.id.as_deref().unwrap_or("").trim()).await?;
    let c = checked(&state.db, me.tenant_id, &form).await?;
    with_write!(&state.db, |conn| {
        conn.transaction(async |conn| {
            diesel::update(product::table.filter(product::id.eq(&before.id)))
                .set((
                    product::channel_id.eq(&c.channel_id),
                    product::code.eq(&c.code),
                    product::name.eq(&c.name),
                    product::name_en.eq(&c.name_en),
                    product::trade_type.eq(&c.trade_type),
                    product::trans_type.eq(&c.trans_type),
                    product::push_method.eq(&c.push_method),
                    product::label_type.eq(&c.label_type),
                    product::deduct_method.eq(&c.deduct_method),
                    product::iz_subsist.eq(form.iz_subsist.unwrap_or(before.iz_subsist)),
                    product::iz_single.eq(form.iz_single.unwrap_or(before.iz_single)),
                    product::iz_mult.eq(form.iz_mult.unwrap_or(before.iz_mult)),
                    product::iz_enable.eq(form.iz_enable.unwrap_or(before.iz_enable)),
                    product::fee_id.eq(&c.fee_id),
                    product::th_weight_ratio.eq(c.th_weight_ratio),
                    product::remark.eq(&c.remark),
                    product::update_by.eq(&me.user.username),
                    product::update_time.eq(chrono::Utc::now().naive_utc()),
                ))
                .execute(conn)
                .await?;
            replace_rules!(conn, &before.id, c);
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
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
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

//! Customer price levels (`/logistics/priceLevel/*`): which channel products a customer (main
//! account) may use and its markup (positive) or discount (negative) on freight, in percent. Its
//! sub-accounts use the main account's levels. Per tenant.

use std::collections::HashMap;

use axum::extract::State;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::decimal::{self, Decimal};
use logistics_core::{MessageKey, validate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::platform::cluster::Change;
use crate::platform::db::Db;
use crate::platform::db::schema::{logistics_channel_product as product, logistics_price_level as level, sys_user};
use crate::platform::http::lang::pick;
use crate::platform::http::page::{IdQuery, Order, filter, like_pattern, require_ids};
use crate::platform::http::reply::ok_with;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, Page, PageParams, current_lang, ok};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{platform::secrets, with_conn, with_write};

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceLevelRecord {
    pub id: String,
    pub customer_id: String,
    /// `username – realname`.
    pub customer_name: String,
    pub product_id: String,
    pub product_code: String,
    pub product_name: String,
    /// Percent on freight: positive marks up, negative discounts.
    pub markup_percent: String,
    pub enabled: bool,
    pub create_time: String,
}

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = level)]
struct Row {
    id: String,
    customer_id: String,
    product_id: String,
    markup_percent: String,
    enabled: bool,
    create_time: chrono::NaiveDateTime,
}

async fn records(db: &Db, rows: Vec<Row>) -> Result<Vec<PriceLevelRecord>, AppError> {
    let customers: Vec<String> = rows.iter().map(|r| r.customer_id.clone()).collect();
    let products: Vec<String> = rows.iter().map(|r| r.product_id.clone()).collect();
    type ProductRow = (String, String, String, Option<String>);
    let (users, items): (Vec<(String, String, String)>, Vec<ProductRow>) = with_conn!(db, |conn| {
        let users = sys_user::table
            .filter(sys_user::id.eq_any(&customers))
            .select((sys_user::id, sys_user::username, sys_user::realname))
            .load(conn)
            .await?;
        let items = product::table
            .filter(product::id.eq_any(&products))
            .select((product::id, product::code, product::name, product::name_en))
            .load(conn)
            .await?;
        (users, items)
    });
    let lang = current_lang();
    let users: HashMap<String, String> = users.into_iter().map(|(id, u, r)| (id, format!("{u} – {r}"))).collect();
    let items: HashMap<String, (String, String)> =
        items.into_iter().map(|(id, code, name, name_en)| (id, (code, pick(lang, name, name_en)))).collect();
    Ok(rows
        .into_iter()
        .map(|r| {
            let (product_code, product_name) = items.get(&r.product_id).cloned().unwrap_or_default();
            PriceLevelRecord {
                customer_name: users.get(&r.customer_id).cloned().unwrap_or_default(),
                create_time: r.create_time.format(crate::system::users::DATE_TIME_FORMAT).to_string(),
                id: r.id,
                customer_id: r.customer_id,
                product_id: r.product_id,
                product_code,
                product_name,
                markup_percent: r.markup_percent,
                enabled: r.enabled,
            }
        })
        .collect())
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LevelFilter {
    pub customer_id: Option<String>,
    pub product_id: Option<String>,
    /// The product's code or name, substring.
    pub key_word: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

/// The tenant's price levels.
#[utoipa::path(get, path = "/logistics/priceLevel/list", tag = "logistics", params(LevelFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<PriceLevelRecord>>), (status = 400), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<LevelFilter>,
) -> ApiResult<Page<PriceLevelRecord>> {
    grants::require(&state, &me, "logistics:priceLevel:list").await?;
    let sort = f.page.sort(&["createTime", "markupPercent"], ("createTime", Order::Desc))?;
    let (customer, item, key_word) = (filter(&f.customer_id), filter(&f.product_id), filter(&f.key_word));
    let matching: Option<Vec<String>> = match &key_word {
        None => None,
        Some(k) => {
            let p = like_pattern(k);
            Some(with_conn!(&state.db, |conn| {
                product::table
                    .filter(product::tenant_id.eq(me.tenant_id))
                    .filter(
                        product::code
                            .like(p.clone())
                            .escape('\\')
                            .or(product::name.like(p.clone()).escape('\\'))
                            .or(product::name_en.like(p).escape('\\')),
                    )
                    .select(product::id)
                    .load(conn)
                    .await?
            }))
        }
    };
    macro_rules! filtered {
        () => {{
            let mut q = level::table.filter(level::tenant_id.eq(me.tenant_id)).into_boxed();
            if let Some(v) = &customer {
                q = q.filter(level::customer_id.eq(v.clone()));
            }
            if let Some(v) = &item {
                q = q.filter(level::product_id.eq(v.clone()));
            }
            if let Some(ids) = &matching {
                q = q.filter(level::product_id.eq_any(ids.clone()));
            }
            q
        }};
    }
    let (total, rows): (i64, Vec<Row>) = with_conn!(&state.db, |conn| {
        let total = filtered!().count().get_result(conn).await?;
        let q = filtered!().select(Row::as_select()).limit(f.page.page_size()).offset(f.page.offset());
        let q = match sort {
            ("markupPercent", Order::Asc) => q.order(level::markup_percent.asc()),
            ("markupPercent", Order::Desc) => q.order(level::markup_percent.desc()),
            (_, Order::Asc) => q.order(level::create_time.asc()),
            (_, Order::Desc) => q.order(level::create_time.desc()),
        };
        (total, q.then_order_by(level::id.asc()).load(conn).await?)
    });
    ok(Page::new(records(&state.db, rows).await?, total, &f.page))
}

async fn one(db: &Db, tenant_id: i32, id: &str) -> Result<PriceLevelRecord, AppError> {
    let rows: Vec<Row> = with_conn!(db, |conn| {
        level::table.filter(level::tenant_id.eq(tenant_id)).filter(level::id.eq(id)).select(Row::as_select()).load(conn).await?
    });
    records(db, rows).await?.pop().ok_or_else(AppError::not_found)
}

/// One price level.
#[utoipa::path(get, path = "/logistics/priceLevel/queryById", tag = "logistics", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<PriceLevelRecord>), (status = 403), (status = 404)))]
pub async fn query_by_id(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(q): ApiQuery<IdQuery>,
) -> ApiResult<PriceLevelRecord> {
    grants::require(&state, &me, "logistics:priceLevel:list").await?;
    ok(one(&state.db, me.tenant_id, q.id.as_deref().unwrap_or("").trim()).await?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceLevelForm {
    pub id: Option<String>,
    pub customer_id: Option<String>,
    pub product_id: Option<String>,
    /// A decimal (string or number) from -99.99 to 1000.
    #[schema(value_type = String)]
    pub markup_percent: Option<serde_json::Value>,
    pub enabled: Option<bool>,
}

/// The markup as stored: -99.99 to 1000, at most 2 places.
fn markup_of(value: &Option<serde_json::Value>) -> Result<String, AppError> {
    let text = match value {
        None | Some(serde_json::Value::Null) => "0".to_owned(),
        Some(serde_json::Value::String(s)) if s.trim().is_empty() => "0".to_owned(),
        Some(serde_json::Value::String(s)) => s.trim().to_owned(),
        Some(serde_json::Value::Number(n)) => n.to_string(),
        Some(_) => String::new(),
    };
    let invalid = || AppError::field("markupPercent", MessageKey::MarkupInvalid);
    let d = decimal::parse(&text).ok_or_else(invalid)?;
    let min = Decimal::new(-9999, 2).ok_or_else(invalid)?;
    if d < min || d > Decimal::int(1000) || d.normalize().scale() > 2 {
        return Err(invalid());
    }
    Ok(decimal::plain(d))
}

async fn checked(db: &Db, tenant_id: i32, form: &PriceLevelForm) -> Result<(String, String, String), AppError> {
    let lang = current_lang();
    let customer_id = form.customer_id.as_deref().map(str::trim).unwrap_or("").to_owned();
    validate::required("customerId", MessageKey::FieldCustomer.template(lang), &customer_id)?;
    let product_id = form.product_id.as_deref().map(str::trim).unwrap_or("").to_owned();
    validate::required("productId", MessageKey::FieldProduct.template(lang), &product_id)?;
    let (customers, products): (i64, i64) = with_conn!(db, |conn| {
        let customers = sys_user::table
            .filter(sys_user::tenant_id.eq(tenant_id))
            .filter(sys_user::id.eq(&customer_id))
            .filter(sys_user::user_kind.eq("customer"))
            .filter(sys_user::del_flag.eq(0))
            .count()
            .get_result(conn)
            .await?;
        let products = product::table
            .filter(product::tenant_id.eq(tenant_id))
            .filter(product::id.eq(&product_id))
            .count()
            .get_result(conn)
            .await?;
        (customers, products)
    });
    if customers == 0 {
        return Err(
            AppError::field("customerId", MessageKey::ValueInvalid).with("field", MessageKey::FieldCustomer.template(lang))
        );
    }
    if products == 0 {
        return Err(AppError::field("productId", MessageKey::ValueInvalid).with("field", MessageKey::FieldProduct.template(lang)));
    }
    Ok((customer_id, product_id, markup_of(&form.markup_percent)?))
}

/// Opens a channel product to a customer at a markup.
#[utoipa::path(post, path = "/logistics/priceLevel/add", tag = "logistics", request_body = PriceLevelForm,
    responses((status = 200, body = crate::platform::http::Envelope<PriceLevelRecord>), (status = 400), (status = 403), (status = 409)))]
pub async fn add(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<PriceLevelForm>,
) -> ApiResult<PriceLevelRecord> {
    grants::require(&state, &me, "logistics:priceLevel:add").await?;
    let (customer_id, product_id, markup) = checked(&state.db, me.tenant_id, &form).await?;
    let id = secrets::new_id();
    with_write!(&state.db, |conn| {
        diesel::insert_into(level::table)
            .values((
                level::id.eq(&id),
                level::tenant_id.eq(me.tenant_id),
                level::customer_id.eq(&customer_id),
                level::product_id.eq(&product_id),
                level::markup_percent.eq(&markup),
                level::enabled.eq(form.enabled.unwrap_or(true)),
                level::create_by.eq(&me.user.username),
                level::create_time.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "productId", MessageKey::PriceLevelTaken))?;
    });
    state.cluster.changed(Change::Prices { tenant_id: me.tenant_id }).await;
    let after = one(&state.db, me.tenant_id, &id).await?;
    logs::added(&state.db, &me, "logistics:priceLevel:add", &after.product_code, &after).await;
    ok_with(MessageKey::Added, after)
}

/// Changes a price level.
#[utoipa::path(put, path = "/logistics/priceLevel/edit", tag = "logistics", request_body = PriceLevelForm,
    responses((status = 200, body = crate::platform::http::Envelope<PriceLevelRecord>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn edit(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(form): ApiJson<PriceLevelForm>,
) -> ApiResult<PriceLevelRecord> {
    grants::require(&state, &me, "logistics:priceLevel:edit").await?;
    let before = one(&state.db, me.tenant_id, form.id.as_deref().unwrap_or("").trim()).await?;
    let (customer_id, product_id, markup) = checked(&state.db, me.tenant_id, &form).await?;
    with_write!(&state.db, |conn| {
        diesel::update(level::table.filter(level::id.eq(&before.id)))
            .set((
                level::customer_id.eq(&customer_id),
                level::product_id.eq(&product_id),
                level::markup_percent.eq(&markup),
                level::enabled.eq(form.enabled.unwrap_or(before.enabled)),
                level::update_time.eq(chrono::Utc::now().naive_utc()),
            ))
            .execute(conn)
            .await
            .map_err(|e| AppError::or_taken(e, "productId", MessageKey::PriceLevelTaken))?;
    });
    state.cluster.changed(Change::Prices { tenant_id: me.tenant_id }).await;
    let after = one(&state.db, me.tenant_id, &before.id).await?;
    logs::edited(&state.db, &me, "logistics:priceLevel:edit", &after.product_code, &before, &after).await;
    ok_with(MessageKey::Edited, after)
}

/// Deletes price levels (the customers lose those products).
#[utoipa::path(delete, path = "/logistics/priceLevel/delete", tag = "logistics", params(IdQuery),
    responses((status = 200), (status = 400), (status = 403), (status = 404)))]
pub async fn delete(State(state): State<AppState>, me: CurrentUser, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<()> {
    grants::require(&state, &me, "logistics:priceLevel:delete").await?;
    let ids = require_ids(q.id.as_deref().or(q.ids.as_deref()).unwrap_or(""))?;
    let mut befores = Vec::new();
    for id in &ids {
        befores.push(one(&state.db, me.tenant_id, id).await?);
    }
    with_write!(&state.db, |conn| {
        diesel::delete(level::table.filter(level::tenant_id.eq(me.tenant_id)).filter(level::id.eq_any(&ids)))
            .execute(conn)
            .await?;
    });
    state.cluster.changed(Change::Prices { tenant_id: me.tenant_id }).await;
    for before in befores {
        logs::deleted(&state.db, &me, "logistics:priceLevel:delete", &before.product_code, &before).await;
    }
    ok_with(MessageKey::Deleted, ())
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CustomerFilter {
    /// Username or name, substring.
    pub key_word: Option<String>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CustomerOption {
    pub id: String,
    pub username: String,
    pub realname: String,
}

/// The tenant's customer main accounts (at most 50), for choosing whom a level is for.
#[utoipa::path(get, path = "/logistics/priceLevel/customers", tag = "logistics", params(CustomerFilter),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<CustomerOption>>), (status = 403)))]
pub async fn customers(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiQuery(f): ApiQuery<CustomerFilter>,
) -> ApiResult<Vec<CustomerOption>> {
    grants::require(&state, &me, "logistics:priceLevel:list").await?;
    let key_word = filter(&f.key_word);
    let rows: Vec<(String, String, String)> = with_conn!(&state.db, |conn| {
        let mut q = sys_user::table
            .filter(sys_user::tenant_id.eq(me.tenant_id))
            .filter(sys_user::user_kind.eq("customer"))
            .filter(sys_user::del_flag.eq(0))
            .into_boxed();
        if let Some(k) = &key_word {
            let p = like_pattern(k);
            q = q.filter(sys_user::username.like(p.clone()).escape('\\').or(sys_user::realname.like(p).escape('\\')));
        }
        q.select((sys_user::id, sys_user::username, sys_user::realname))
            .order(sys_user::username.asc())
            .limit(50)
            .load(conn)
            .await?
    });
    ok(rows.into_iter().map(|(id, username, realname)| CustomerOption { id, username, realname }).collect())
}

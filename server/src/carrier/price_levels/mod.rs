//! Customer price levels (`/logistics/priceLevel/*`): which channel products a customer (main
//! account) may use and its markup (positive) or discount (negative) on freight, in percent. Its
//! sub-accounts use the main account's levels. Per tenant. A resource of the layer; the customer
//! picker is its one extra call.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel::sql_types::Text;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::platform::caller::Caller;
use crate::platform::cluster::Change;
use crate::platform::db::schema::{logistics_channel_product as product, logistics_price_level, sys_user};
use crate::platform::http::lang::pick;
use crate::platform::http::page::{Order, filter, like_pattern};
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiQuery, ApiResult, AppError, current_lang, ok};
use crate::platform::resource::form::Reference;
use crate::platform::resource::{Checked, Field, Filter, Resource, Scope, Written};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::with_conn;

// A price level as stored, with the names of its customer and product (filled by `complete`).
#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = logistics_price_level)]
#[serde(rename_all = "camelCase")]
pub struct PriceLevelRecord {
    pub id: String,
    pub customer_id: String,
    /// `username – realname`.
    #[diesel(sql_type = Text)]
    pub customer_name: String,
    pub product_id: String,
    #[diesel(sql_type = Text)]
    pub product_code: String,
    #[diesel(sql_type = Text)]
    pub product_name: String,
    /// Percent on freight: positive marks up, negative discounts.
    pub markup_percent: String,
    pub enabled: bool,
    pub create_time: DateTime,
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
        None | Some(serde_json::Value::Null) => String::new(),
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(serde_json::Value::Number(n)) => n.to_string(),
        // Not a number at all: core refuses it.
        Some(_) => "-".to_owned(),
    };
    Ok(logistics_core::codes::markup("markupPercent", &text)?)
}

/// A level's customer: a main account of the tenant.
const CUSTOMER: Reference = Reference {
    table: "sys_user",
    column: "id",
    also: " AND user_kind = 'customer' AND del_flag = 0",
    label: MessageKey::FieldCustomer,
};
/// A level's channel product.
const PRODUCT: Reference = Reference::id("logistics_channel_product", MessageKey::FieldProduct);

pub struct PriceLevels;

impl Resource for PriceLevels {
    const PATH: &'static str = "/logistics/priceLevel";
    const PERMISSION: &'static str = "logistics:priceLevel";
    const NOUN: &'static str = "price level";
    const PLURAL: &'static str = "price-levels";
    const TABLE: &'static str = "logistics_price_level";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("customerId", "customer_id"),
        Field::computed("customerName").titled(MessageKey::FieldCustomer),
        Field::text("productId", "product_id"),
        Field::computed("productCode").titled(MessageKey::FieldCode),
        Field::computed("productName").titled(MessageKey::FieldProduct),
        Field::text("markupPercent", "markup_percent").sortable().titled(MessageKey::FieldPercent),
        Field::flag("enabled", "enabled"),
        Field::time("createTime", "create_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::exact("customerId", &["customer_id"], "The customer (main account) id."),
        Filter::exact("productId", &["product_id"], "The channel product id."),
        Filter::within(
            "keyWord",
            "product_id",
            "logistics_channel_product",
            &["code", "name", "name_en"],
            "The product's code or name, substring.",
        ),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    /// One level per customer and product.
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("productId", MessageKey::PriceLevelTaken));
    /// The names `complete` fills in.
    const SELECT: &'static str = "*, '' AS customer_name, '' AS product_code, '' AS product_name";

    crate::record_form!(PriceLevelRecord, PriceLevelForm, product_code);

    /// The customers' and products' names, one query each per page.
    async fn complete(state: &AppState, records: &mut [PriceLevelRecord]) -> Result<(), AppError> {
        let customers: Vec<String> = records.iter().map(|r| r.customer_id.clone()).collect();
        let products: Vec<String> = records.iter().map(|r| r.product_id.clone()).collect();
        type ProductRow = (String, String, String, Option<String>);
        let (users, items): (Vec<(String, String, String)>, Vec<ProductRow>) = with_conn!(&state.db, |conn| {
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
        for r in records {
            (r.product_code, r.product_name) = items.get(&r.product_id).cloned().unwrap_or_default();
            r.customer_name = users.get(&r.customer_id).cloned().unwrap_or_default();
        }
        Ok(())
    }

    /// A customer main account and a channel product of the tenant, and the markup.
    async fn values(state: &AppState, me: &CurrentUser, form: &PriceLevelForm, before: Option<&PriceLevelRecord>) -> Checked {
        let (db, tenant_id) = (&state.db, me.tenant_id);
        Ok(vec![
            ("customer_id", CUSTOMER.check(db, tenant_id, "customerId", form.customer_id.as_deref()).await?.into()),
            ("product_id", PRODUCT.check(db, tenant_id, "productId", form.product_id.as_deref()).await?.into()),
            ("markup_percent", markup_of(&form.markup_percent)?.into()),
            ("enabled", form.enabled.or(before.map(|b| b.enabled)).unwrap_or(true).into()),
        ])
    }

    /// Quotes use the levels: the tenant's cached bundles are stale.
    async fn after_write(state: &AppState, me: &CurrentUser, _: Written<'_, PriceLevelRecord>) -> Result<(), AppError> {
        state.cluster.changed(Change::Prices { tenant_id: me.tenant_id }).await;
        Ok(())
    }
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
pub async fn customers(Caller(state, me): Caller, ApiQuery(f): ApiQuery<CustomerFilter>) -> ApiResult<Vec<CustomerOption>> {
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

//! The channel products a customer may use (`/logistics/channelProduct/myList`): enabled, with an
//! enabled price level for its main account; staff see every enabled product. Never a price.

use serde::Serialize;
use utoipa::ToSchema;

use super::{ChannelProductRecord, PostalRecord, ProductFilter, RuleRecord, search};
use crate::carrier::forecast::bundle::{customer_of, usable};
use crate::platform::caller::Caller;
use crate::platform::http::page::Order;
use crate::platform::http::{ApiQuery, ApiResult, Page, PageParams, ok};
use crate::state::AppState;
use crate::system::permissions::grants;

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyProduct {
    pub id: String,
    pub code: String,
    pub name: String,
    pub title: String,
    pub trade_type: String,
    pub trans_type: Option<String>,
    /// Volumetric divisor (cm³ per kg); 0 bills actual weight only.
    pub th_weight_ratio: i32,
    pub iz_mult: bool,
    /// The currency its rate card prices in.
    pub currency: Option<String>,
    pub rules: Vec<RuleRecord>,
    pub postal_rules: Vec<PostalRecord>,
}

/// The caller's usable channel products.
#[utoipa::path(get, path = "/logistics/channelProduct/myList", tag = "logistics", params(ProductFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<MyProduct>>), (status = 400), (status = 403)))]
pub async fn my_list(Caller(state, me): Caller, ApiQuery(f): ApiQuery<ProductFilter>) -> ApiResult<Page<MyProduct>> {
    grants::require(&state, &me, "logistics:channelProduct:mine").await?;
    let sort = f.page.sort(&["code", "name"], ("code", Order::Asc))?;
    let ids: Vec<String> =
        usable(&state, me.tenant_id, customer_of(&me.user).as_deref()).await?.into_iter().map(|(r, _)| r.id).collect();
    let page = search(&state.db, me.tenant_id, &f, Some(true), Some(&ids), sort).await?;
    let currencies = currencies(&state, me.tenant_id, &page.records).await?;
    let records = page.records.into_iter().map(|p| to_mine(p, &currencies)).collect();
    ok(Page { records, total: page.total, size: page.size, current: page.current, pages: page.pages })
}

async fn currencies(
    state: &AppState,
    tenant_id: i32,
    products: &[ChannelProductRecord],
) -> Result<std::collections::HashMap<String, String>, crate::platform::http::AppError> {
    use diesel::prelude::*;
    use diesel_async::RunQueryDsl;

    use crate::platform::db::schema::logistics_rate_card as card;
    let codes: Vec<String> = products.iter().map(|p| p.fee_id.clone()).collect();
    let rows: Vec<(String, String)> = crate::with_conn!(&state.db, |conn| {
        card::table
            .filter(card::tenant_id.eq(tenant_id))
            .filter(card::code.eq_any(&codes))
            .select((card::code, card::currency))
            .distinct()
            .load(conn)
            .await?
    });
    Ok(rows.into_iter().collect())
}

fn to_mine(p: ChannelProductRecord, currencies: &std::collections::HashMap<String, String>) -> MyProduct {
    MyProduct {
        currency: currencies.get(&p.fee_id).cloned(),
        id: p.id,
        code: p.code,
        name: p.name,
        title: p.title,
        trade_type: p.trade_type,
        trans_type: p.trans_type,
        th_weight_ratio: p.th_weight_ratio,
        iz_mult: p.iz_mult,
        rules: p.rules,
        postal_rules: p.postal_rules,
    }
}

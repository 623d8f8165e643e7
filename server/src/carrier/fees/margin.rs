//! The margin report: orders with a carrier fee grouped by carrier, channel product or customer
//! (and currency: amounts of two currencies are never added), over a period of the fees'
//! recording, with the customers' charges, the carriers' costs, the margin and its rate.
//! `GET /logistics/carrierFee/margin` answers the rows; `…/marginXls` the same as a workbook.

use std::collections::HashMap;

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use diesel_async::RunQueryDsl;
use logistics_core::fees::{self, GROUPS};
use logistics_core::{FieldError, Lang, MessageKey};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::platform::caller::Caller;
use crate::platform::db::schema::{logistics_channel_product as cp, logistics_supplier as sp, sys_user};
use crate::platform::http::{ApiQuery, ApiResult, AppError, current_lang, ok};
use crate::platform::resource::customer_of;
use crate::platform::resource::sql::{Sql, Value};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::wallet::money;
use crate::with_conn;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MarginQuery {
    /// supplier (default), channelProduct or customer.
    pub group_by: Option<String>,
    /// The period: fees recorded at or after, and up to (a date: its whole day).
    #[serde(rename = "createTime_begin")]
    #[param(rename = "createTime_begin")]
    pub create_time_begin: Option<String>,
    #[serde(rename = "createTime_end")]
    #[param(rename = "createTime_end")]
    pub create_time_end: Option<String>,
    /// One carrier only.
    pub supplier_id: Option<String>,
}

/// One group of the report. Amounts are decimal text in the group's currency.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarginRow {
    /// The carrier's, channel product's or customer's id ('' for orders without a product).
    pub key: String,
    pub name: String,
    pub currency: String,
    pub shipments: i64,
    /// What the customers were charged.
    pub charged: String,
    /// What the carrier charges.
    pub cost: String,
    pub margin: String,
    /// % of the charge, two places (none: nothing charged).
    pub margin_rate: Option<String>,
}

#[derive(QueryableByName)]
struct Group {
    #[diesel(sql_type = Text)]
    key: String,
    #[diesel(sql_type = Text)]
    currency: String,
    #[diesel(sql_type = BigInt)]
    shipments: i64,
    #[diesel(sql_type = BigInt)]
    cost: i64,
    #[diesel(sql_type = BigInt)]
    charged: i64,
}

/// The report's rows, largest cost first.
pub async fn report(state: &AppState, me: &CurrentUser, q: &MarginQuery) -> Result<Vec<MarginRow>, AppError> {
    grants::require(state, me, "logistics:carrierFee:list").await?;
    if customer_of(me).is_some() {
        return Err(AppError::forbidden());
    }
    let group = q.group_by.as_deref().map(str::trim).filter(|g| !g.is_empty()).unwrap_or("supplier");
    let column = match group {
        "supplier" => "f.supplier_id",
        "channelProduct" => "f.channel_product_id",
        "customer" => "f.customer_id",
        _ => return Err(AppError::field("groupBy", MessageKey::StatusInvalid)),
    };
    debug_assert!(GROUPS.contains(&group));
    let mut sql = Sql::new(&format!(
        "SELECT COALESCE({column}, '') AS key, f.currency AS currency, COUNT(*) AS shipments, \
            CAST(SUM(f.amount) AS BIGINT) AS cost, \
            CAST(SUM(CASE WHEN s.deduct_currency = f.currency THEN COALESCE(s.deduct_amount, 0) ELSE 0 END) AS BIGINT) AS charged \
         FROM logistics_carrier_fee f JOIN logistics_shipment s ON s.id = f.shipment_id WHERE f.tenant_id = "
    ));
    sql.bind(me.tenant_id);
    for (text, end) in [(&q.create_time_begin, false), (&q.create_time_end, true)] {
        let Some(text) = text.as_deref().map(str::trim).filter(|t| !t.is_empty()) else { continue };
        let param = if end { "createTime_end" } else { "createTime_begin" };
        let bound =
            crate::platform::resource::time_bound(text, end).ok_or_else(|| AppError::field(param, MessageKey::StatusInvalid))?;
        sql.push(if end { " AND f.create_time < " } else { " AND f.create_time >= " }).bind(Value::Time(bound));
    }
    if let Some(supplier) = q.supplier_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        sql.push(" AND f.supplier_id = ").bind(supplier);
    }
    sql.push(&format!(" GROUP BY COALESCE({column}, ''), f.currency ORDER BY cost DESC, key"));
    let groups: Vec<Group> = with_conn!(&state.db, |c| sql.query().load(c).await?);
    let names = names(state, group, groups.iter().map(|g| g.key.as_str())).await?;
    Ok(groups
        .into_iter()
        .map(|g| {
            let (margin, rate) = fees::margin(g.charged, g.cost);
            MarginRow {
                name: names.get(&g.key).cloned().unwrap_or_default(),
                charged: money(g.charged, &g.currency),
                cost: money(g.cost, &g.currency),
                margin: money(margin, &g.currency),
                margin_rate: rate,
                key: g.key,
                currency: g.currency,
                shipments: g.shipments,
            }
        })
        .collect())
}

/// The groups' names in the request's language.
async fn names<'a>(
    state: &AppState,
    group: &str,
    keys: impl Iterator<Item = &'a str>,
) -> Result<HashMap<String, String>, AppError> {
    let keys: Vec<&str> = keys.filter(|k| !k.is_empty()).collect();
    let en = current_lang() == Lang::EnUs;
    let pick = |zh: String, en_name: Option<String>| if en { en_name.filter(|n| !n.trim().is_empty()).unwrap_or(zh) } else { zh };
    type Named = (String, String, String, Option<String>);
    let rows: Vec<Named> = match group {
        "supplier" => with_conn!(&state.db, |c| sp::table
            .filter(sp::id.eq_any(&keys))
            .select((sp::id, sp::code, sp::name, sp::name_en))
            .load(c)
            .await?),
        "channelProduct" => with_conn!(&state.db, |c| cp::table
            .filter(cp::id.eq_any(&keys))
            .select((cp::id, cp::code, cp::name, cp::name_en))
            .load(c)
            .await?),
        _ => {
            let users: Vec<(String, String, String)> = with_conn!(&state.db, |c| sys_user::table
                .filter(sys_user::id.eq_any(&keys))
                .select((sys_user::id, sys_user::username, sys_user::realname))
                .load(c)
                .await?);
            return Ok(users.into_iter().map(|(id, u, r)| (id, format!("{u} – {r}"))).collect());
        }
    };
    Ok(rows.into_iter().map(|(id, code, zh, en_name)| (id, format!("{code} · {}", pick(zh, en_name)))).collect())
}

/// Charge, cost and margin by carrier, channel product or customer.
#[utoipa::path(get, path = "/logistics/carrierFee/margin", tag = "logistics", params(MarginQuery),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<MarginRow>>), (status = 400), (status = 403)))]
pub async fn margin(Caller(state, me): Caller, ApiQuery(q): ApiQuery<MarginQuery>) -> ApiResult<Vec<MarginRow>> {
    ok(report(&state, &me, &q).await?)
}

/// The margin report as a workbook, headed in the request's language.
#[utoipa::path(get, path = "/logistics/carrierFee/marginXls", tag = "logistics", params(MarginQuery),
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>),
        (status = 400), (status = 403)))]
pub async fn margin_xls(Caller(state, me): Caller, ApiQuery(q): ApiQuery<MarginQuery>) -> Result<Response, AppError> {
    use rust_xlsxwriter::{Format, Workbook};
    let rows = report(&state, &me, &q).await?;
    let lang = current_lang();
    let fail = |e: rust_xlsxwriter::XlsxError| AppError::internal(e);
    let label = |key: MessageKey| FieldError::new("", key).message(lang);
    let group = match q.group_by.as_deref().unwrap_or("supplier") {
        "channelProduct" => MessageKey::FieldProduct,
        "customer" => MessageKey::FieldCustomer,
        _ => MessageKey::FieldSupplier,
    };
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    let sheet = book.add_worksheet();
    let headings = [
        group,
        MessageKey::FieldCurrency,
        MessageKey::FieldOrders,
        MessageKey::FieldCharged,
        MessageKey::FieldCarrierCost,
        MessageKey::FieldMargin,
        MessageKey::FieldMarginRate,
    ];
    for (col, key) in (0u16..).zip(headings) {
        sheet.write_string_with_format(0, col, label(key), &bold).map_err(fail)?;
        sheet.set_column_width(col, if col == 0 { 36.0 } else { 14.0 }).map_err(fail)?;
    }
    for (row, r) in (1u32..).zip(&rows) {
        sheet.write_string(row, 0, &r.name).map_err(fail)?;
        sheet.write_string(row, 1, &r.currency).map_err(fail)?;
        sheet.write_number(row, 2, r.shipments as f64).map_err(fail)?;
        for (col, text) in [(3u16, &r.charged), (4, &r.cost), (5, &r.margin)] {
            match text.parse::<f64>() {
                Ok(n) => sheet.write_number(row, col, n).map_err(fail)?,
                Err(_) => sheet.write_string(row, col, text).map_err(fail)?,
            };
        }
        if let Some(rate) = &r.margin_rate {
            sheet.write_string(row, 6, format!("{rate}%")).map_err(fail)?;
        }
    }
    let bytes = book.save_to_buffer().map_err(fail)?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")),
            (header::CONTENT_DISPOSITION, HeaderValue::from_static("attachment; filename=\"margins.xlsx\"")),
        ],
        bytes,
    )
        .into_response())
}

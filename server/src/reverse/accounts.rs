//! Return accounts (`/reverse/returnAccount/*`): the fee a return costs the customer and the refund
//! it is owed, each posted to the customer's wallet as a `fee` or `refund` trade (`outTradeNo` the
//! return's number) in the same transaction as its row. A return has at most one of each (a unique
//! row per return and kind), so a fee is never charged twice, whatever is resent; a resend with
//! the same `Idempotency-Key` answers the first result.

use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::returns::{self, ACCOUNT_KINDS, Action};
use logistics_core::wallet::Movement;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::returns::acting;
use crate::platform::caller::Caller;
use crate::platform::db::schema::logistics_return_account as ra;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, AppError, ok};
use crate::platform::resource::handlers::read;
use crate::platform::resource::{Field, Filter, Kind, Readable, Resource, Scope};
use crate::platform::secrets;
use crate::wallet::ledger::{self, Details, Operation, TradeType, Wallet};
use crate::wallet::money;
use crate::{on_tx, transaction};

#[derive(QueryableByName)]
#[diesel(table_name = ra)]
pub struct AccountRow {
    id: String,
    return_id: String,
    return_no: String,
    customer_id: String,
    kind: String,
    amount: i64,
    currency: String,
    trade_no: String,
    remark: Option<String>,
    create_by: Option<String>,
    create_time: DateTime,
}

/// A fee or refund of a return.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnAccountRecord {
    pub id: String,
    pub return_id: String,
    pub return_no: String,
    pub customer_id: String,
    /// fee or refund.
    pub kind: String,
    /// Money, in the currency's major units (decimal text).
    pub amount: String,
    pub currency: String,
    /// The wallet trade that posted it.
    pub trade_no: String,
    pub remark: Option<String>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
}

impl Readable for ReturnAccountRecord {
    type Row = AccountRow;

    fn from_row(r: AccountRow) -> ReturnAccountRecord {
        ReturnAccountRecord {
            amount: money(r.amount, &r.currency),
            id: r.id,
            return_id: r.return_id,
            return_no: r.return_no,
            customer_id: r.customer_id,
            kind: r.kind,
            currency: r.currency,
            trade_no: r.trade_no,
            remark: r.remark,
            create_by: r.create_by,
            create_time: r.create_time,
        }
    }
}

pub struct ReturnAccounts;

impl Resource for ReturnAccounts {
    const PATH: &'static str = "/reverse/returnAccount";
    const PERMISSION: &'static str = "reverse:returnAccount";
    const NOUN: &'static str = "return account";
    const PLURAL: &'static str = "returnAccounts";
    const TABLE: &'static str = "logistics_return_account";
    const SCOPE: Scope = Scope::Customer;
    const FIELDS: &'static [Field] = &[
        Field::text("returnNo", "return_no").sortable().titled(MessageKey::FieldReturnNo),
        Field::text("kind", "kind").sortable().titled(MessageKey::FieldAccountKind),
        Field::big("amount", "amount").sortable().titled(MessageKey::FieldAmount),
        Field::text("currency", "currency").titled(MessageKey::FieldCurrency),
        Field::text("tradeNo", "trade_no").titled(MessageKey::FieldTradeNo),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::text("returnId", "return_id"),
        Field::text("customerId", "customer_id"),
        Field::text("createBy", "create_by").titled(MessageKey::FieldOperator),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::exact("returnId", &["return_id"], "The return's id."),
        Filter::like_upper("keyWord", &["return_no", "trade_no"], "The return's or the trade's number, substring."),
        Filter::one_of("kind", &["kind"], ACCOUNT_KINDS, Kind::Text, "fee or refund."),
        Filter::exact("customerId", &["customer_id"], "Staff: the customer's id."),
        Filter::time_from("createTime_begin", &["create_time"], "Posted at or after."),
        Filter::time_until("createTime_end", &["create_time"], "Posted up to."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);

    crate::read_only!(ReturnAccountRecord, return_no);
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnAccountForm {
    #[serde(default)]
    pub return_id: String,
    /// fee or refund.
    #[serde(default)]
    pub kind: String,
    /// In the return's currency, major units (text or number).
    #[schema(value_type = String)]
    #[serde(default)]
    pub amount: serde_json::Value,
    pub remark: Option<String>,
}

/// Charges a return's fee to, or pays its refund into, the customer's wallet: once per kind per
/// return.
#[utoipa::path(post, path = "/reverse/returnAccount/add", tag = "reverse", request_body = ReturnAccountForm,
    params(("Idempotency-Key" = Option<String>, Header, description = "Replays the first answer for the same key and body")),
    responses((status = 200, body = crate::platform::http::Envelope<ReturnAccountRecord>),
        (status = 400, description = "A field (named); the balance is short of the fee"), (status = 403), (status = 404),
        (status = 409, description = "Posted already; the return does not allow it")))]
pub async fn add(
    Caller(state, me): Caller,
    headers: HeaderMap,
    ApiJson(form): ApiJson<ReturnAccountForm>,
) -> Result<Response, AppError> {
    let record = acting(&state, &me, form.return_id.trim(), Action::Account).await?;
    let value = serde_json::json!({"kind": form.kind, "amount": form.amount, "remark": form.remark});
    let (kind, amount, remark) = returns::account(&(&value).into(), &record.currency)?;
    crate::wallet::once(&state, &me, &headers, "POST /reverse/returnAccount/add", &form, async {
        let wallet = Wallet { tenant_id: me.tenant_id, customer_id: &record.customer_id, currency: &record.currency };
        ledger::open(&state.db, wallet).await?;
        let (movement, trade_type) =
            if kind == "fee" { (Movement::Debit(amount), TradeType::Fee) } else { (Movement::Credit(amount), TradeType::Refund) };
        let details = Details {
            trade_item: Some(format!("return {}", record.return_no)),
            out_trade_no: Some(record.return_no.clone()),
            operator: Some(me.user.username.clone()),
            remark: remark.clone(),
            ..Details::default()
        };
        let id = secrets::new_id();
        let now = Utc::now().naive_utc();
        let taken = || AppError::conflict(MessageKey::ReturnAccountTaken).with("kind", format!("@return_account_{kind}"));
        transaction!(data: &state.db, |tx| {
            // The row first: a second fee for the return stops here, before any money moves.
            on_tx!(tx, |c| diesel::insert_into(ra::table)
                .values((
                    ra::id.eq(&id),
                    ra::tenant_id.eq(me.tenant_id),
                    ra::return_id.eq(&record.id),
                    ra::return_no.eq(&record.return_no),
                    ra::customer_id.eq(&record.customer_id),
                    ra::kind.eq(&kind),
                    ra::amount.eq(amount),
                    ra::currency.eq(&record.currency),
                    ra::trade_no.eq(""),
                    ra::remark.eq(&remark),
                    ra::create_by.eq(&me.user.username),
                    ra::create_time.eq(now),
                ))
                .execute(c)
                .await
                .map_err(|e| AppError::or_taken(e, "kind", MessageKey::ReturnAccountTaken))?);
            let posted = ledger::post(tx, wallet, Operation::Move(movement), trade_type, &details).await?;
            on_tx!(tx, |c| diesel::update(ra::table.filter(ra::id.eq(&id))).set(ra::trade_no.eq(&posted.trade_no)).execute(c).await?);
            Ok::<(), AppError>(())
        })
        .map_err(|e| if e.error.key == MessageKey::ReturnAccountTaken { taken() } else { e })?;
        Ok(ok(read::<ReturnAccounts>(&state, &me, &id).await?)?.into_response())
    })
    .await
}

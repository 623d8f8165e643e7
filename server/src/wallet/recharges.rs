//! Recharges (`/logistics/wallet/recharge/*`): a customer says what it paid (amount, channel,
//! payer's reference, and for a bank transfer the voucher); staff confirm it (credited exactly
//! once) or reject it with a reason; an online provider's signed callback confirms its own.

use axum::body::Bytes;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use diesel::prelude::*;
use diesel::sql_types::Text;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::json::Value as CoreValue;
use logistics_core::wallet::{self, Movement, RECHARGE_CHANNELS, RECHARGE_STATUSES};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::accounts::PostedRecord;
use super::ledger::{self, Details, Operation, Posted, TradeType, Wallet};
use super::money;
use super::provider::{Notice, Provider, Sandbox};
use crate::on_tx;
use crate::platform::caller::Caller;
use crate::platform::db::schema::wallet_recharge;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, AppError, ok};
use crate::platform::resource::form::optional;
use crate::platform::resource::handlers::{find, find_in_tenant};
use crate::platform::resource::{Field, Filter, Kind, Readable, Resource, Scope, customer_of};
use crate::platform::secrets;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;

#[derive(QueryableByName)]
#[diesel(table_name = wallet_recharge)]
pub struct RechargeRow {
    id: String,
    customer_id: String,
    #[diesel(sql_type = Text)]
    customer_username: String,
    currency: String,
    amount: i64,
    channel: String,
    out_trade_no: String,
    voucher: Option<String>,
    status: String,
    reason: Option<String>,
    trade_no: Option<String>,
    remark: Option<String>,
    create_by: Option<String>,
    create_time: DateTime,
    review_by: Option<String>,
    review_time: Option<DateTime>,
}

/// A recharge as the lists show it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RechargeRecord {
    pub id: String,
    pub customer_id: String,
    pub customer_username: String,
    pub currency: String,
    /// Decimal text in the currency's places.
    pub amount: String,
    /// `bank` or `sandbox`.
    pub payment_channel: String,
    pub out_trade_no: String,
    /// The voucher's URL (bank transfers).
    pub voucher: Option<String>,
    /// `pending`, `confirmed` or `rejected`.
    pub status: String,
    /// Why it was rejected.
    pub reason: Option<String>,
    /// The ledger's trade number once credited.
    pub trade_no: Option<String>,
    pub remark: Option<String>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
    pub review_by: Option<String>,
    pub review_time: Option<DateTime>,
}

impl Readable for RechargeRecord {
    type Row = RechargeRow;

    fn from_row(r: RechargeRow) -> RechargeRecord {
        RechargeRecord {
            amount: money(r.amount, &r.currency),
            id: r.id,
            customer_id: r.customer_id,
            customer_username: r.customer_username,
            currency: r.currency,
            payment_channel: r.channel,
            out_trade_no: r.out_trade_no,
            voucher: r.voucher,
            status: r.status,
            reason: r.reason,
            trade_no: r.trade_no,
            remark: r.remark,
            create_by: r.create_by,
            create_time: r.create_time,
            review_by: r.review_by,
            review_time: r.review_time,
        }
    }
}

pub struct Recharges;

impl Resource for Recharges {
    const PATH: &'static str = "/logistics/wallet/recharge";
    const PERMISSION: &'static str = "logistics:wallet:recharge";
    const NOUN: &'static str = "recharge";
    const PLURAL: &'static str = "recharges";
    const TABLE: &'static str = "wallet_recharge";
    const SCOPE: Scope = Scope::Customer;
    const SELECT: &'static str =
        "*, COALESCE((SELECT u.username FROM sys_user u WHERE u.id = wallet_recharge.customer_id), '') AS customer_username";
    const FIELDS: &'static [Field] = &[
        Field::computed("customerUsername").titled(MessageKey::FieldCustomer),
        Field::text("outTradeNo", "out_trade_no").sortable().titled(MessageKey::FieldOutTradeNo),
        Field::text("currency", "currency").sortable().titled(MessageKey::FieldCurrency),
        Field::big("amount", "amount").sortable().titled(MessageKey::FieldAmount),
        Field::text("paymentChannel", "channel").sortable().titled(MessageKey::FieldPaymentChannel),
        Field::text("status", "status").sortable().titled(MessageKey::FieldState),
        Field::text("reason", "reason").titled(MessageKey::FieldReason),
        Field::text("tradeNo", "trade_no").titled(MessageKey::FieldTradeNo),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
        Field::text("reviewBy", "review_by").titled(MessageKey::FieldOperator),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::one_of("status", &["status"], RECHARGE_STATUSES, Kind::Text, "pending, confirmed or rejected."),
        Filter::one_of("paymentChannel", &["channel"], RECHARGE_CHANNELS, Kind::Text, "bank or sandbox."),
        Filter::like("outTradeNo", &["out_trade_no"], "Payment reference, substring."),
        Filter::exact("currency", &["currency"], "Currency code."),
        Filter::time_from("createTime_begin", &["create_time"], "Submitted at or after (a date: from its start)."),
        Filter::time_until("createTime_end", &["create_time"], "Submitted up to (a date: through its end)."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const HAS_UPDATE_BY: bool = true;

    crate::read_only!(RechargeRecord, out_trade_no);
}

#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RechargeForm {
    #[serde(default)]
    pub currency: String,
    /// Decimal text, positive, in the currency's places.
    #[schema(value_type = String)]
    #[serde(default)]
    pub amount: serde_json::Value,
    /// `bank` (a transfer with its voucher) or `sandbox` (pay online).
    #[serde(default)]
    pub payment_channel: String,
    /// The payer's reference (required for a bank transfer; given by the provider online).
    #[serde(default)]
    pub out_trade_no: String,
    /// The voucher's URL from `/sys/common/upload` with `biz=voucher` (bank transfers).
    #[serde(default)]
    pub voucher: String,
    pub remark: Option<String>,
}

/// Submits a recharge (`Idempotency-Key` honoured): pending until staff review it, or for an
/// online channel until its provider's callback.
#[utoipa::path(post, path = "/logistics/wallet/recharge/add", tag = "logistics", request_body = RechargeForm,
    params(("Idempotency-Key" = Option<String>, Header, description = "Replays the first answer for the same key and body")),
    responses((status = 200, body = crate::platform::http::Envelope<RechargeRecord>), (status = 400), (status = 403),
        (status = 409, description = "The payment reference was submitted before, or the same key is in flight"),
        (status = 422, description = "The key was used for another request")))]
pub async fn add(
    Caller(state, me): Caller,
    headers: HeaderMap,
    ApiJson(form): ApiJson<RechargeForm>,
) -> Result<Response, AppError> {
    let customer = customer_of(&me).filter(|c| !c.is_empty()).ok_or_else(AppError::forbidden)?;
    grants::require(&state, &me, "logistics:wallet:recharge:add").await?;
    super::once(&state, &me, &headers, "POST /logistics/wallet/recharge/add", &form, async {
        let currency = form.currency.trim().to_uppercase();
        let amount = wallet::read_amount("amount", Some(&CoreValue::from(&form.amount)), &currency)?;
        let channel = form.payment_channel.trim();
        wallet::check_recharge(channel, &form.out_trade_no, &form.voucher)?;
        let voucher = form.voucher.trim();
        if !voucher.is_empty() && !voucher.starts_with(crate::platform::files::STATIC_PREFIX) {
            return Err(AppError::field("voucher", MessageKey::FileTypeRefused).with("types", "PNG, JPEG, PDF"));
        }
        let remark = optional("remark", MessageKey::FieldRemark, &form.remark, 255)?;
        let out_trade_no = match form.out_trade_no.trim() {
            "" => format!("SBX{}", secrets::new_id().to_uppercase()),
            given => given.to_owned(),
        };
        let id = secrets::new_id();
        let now = Utc::now().naive_utc();
        crate::with_write!(&state.db, |conn| {
            diesel::insert_into(wallet_recharge::table)
                .values((
                    wallet_recharge::id.eq(&id),
                    wallet_recharge::tenant_id.eq(me.tenant_id),
                    wallet_recharge::customer_id.eq(&customer),
                    wallet_recharge::currency.eq(&currency),
                    wallet_recharge::amount.eq(amount),
                    wallet_recharge::channel.eq(channel),
                    wallet_recharge::out_trade_no.eq(&out_trade_no),
                    wallet_recharge::voucher.eq((!voucher.is_empty()).then_some(voucher)),
                    wallet_recharge::status.eq("pending"),
                    wallet_recharge::remark.eq(&remark),
                    wallet_recharge::create_by.eq(&me.user.username),
                    wallet_recharge::create_time.eq(now),
                ))
                .execute(conn)
                .await
                .map_err(|e| {
                    AppError::or_taken(e, "outTradeNo", MessageKey::RechargeTaken).with("outTradeNo", out_trade_no.clone())
                })?
        });
        let record = find::<Recharges>(&state, &me, &id).await?;
        logs::added(&state.db, &me, "logistics:wallet:recharge:add", &record.out_trade_no, &record).await;
        Ok(ok(record)?.into_response())
    })
    .await
}

#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewForm {
    #[serde(default)]
    pub id: String,
    /// Why (required to reject).
    #[serde(default)]
    pub reason: String,
}

/// Staff only: customers never review recharges, not even their own.
async fn reviewer(state: &AppState, me: &CurrentUser, permission: &str) -> Result<(), AppError> {
    if customer_of(me).is_some() {
        return Err(AppError::forbidden());
    }
    grants::require(state, me, permission).await.map(drop)
}

/// Credits a pending recharge once, in one transaction with its leaving `pending`: None when it
/// is not pending any more (reviewed, or credited by an earlier callback).
async fn credit(
    state: &AppState,
    tenant_id: i32,
    recharge: &RechargeRecord,
    operator: &str,
    payment_no: Option<&str>,
) -> Result<Option<Posted>, AppError> {
    let amount = wallet::read_amount("amount", Some(&CoreValue::String(recharge.amount.clone())), &recharge.currency)?;
    let now = Utc::now().naive_utc();
    let details = Details {
        trade_item: Some(recharge.id.clone()),
        out_trade_no: Some(payment_no.unwrap_or(&recharge.out_trade_no).to_owned()),
        payment_type: Some("recharge".to_owned()),
        payment_channel: Some(recharge.payment_channel.clone()),
        operator: Some(operator.to_owned()),
        remark: recharge.remark.clone(),
    };
    let wallet = Wallet { tenant_id, customer_id: &recharge.customer_id, currency: &recharge.currency };
    crate::transaction!(data: &state.db, |tx| {
        let claimed = on_tx!(tx, |c| diesel::update(
            wallet_recharge::table
                .filter(wallet_recharge::id.eq(&recharge.id))
                .filter(wallet_recharge::tenant_id.eq(tenant_id))
                .filter(wallet_recharge::status.eq("pending")),
        )
        .set((
            wallet_recharge::status.eq("confirmed"),
            wallet_recharge::review_by.eq(operator),
            wallet_recharge::review_time.eq(now),
            wallet_recharge::update_by.eq(operator),
            wallet_recharge::update_time.eq(now),
        ))
        .execute(c)
        .await)?;
        if claimed == 0 {
            return Ok(None);
        }
        let posted = ledger::post(tx, wallet, Operation::Move(Movement::Credit(amount)), TradeType::Recharge, &details).await?;
        on_tx!(tx, |c| diesel::update(wallet_recharge::table.filter(wallet_recharge::id.eq(&recharge.id)))
            .set(wallet_recharge::trade_no.eq(&posted.trade_no))
            .execute(c)
            .await)?;
        Ok::<_, AppError>(Some(posted))
    })
}

/// Confirms a pending recharge: the wallet is credited exactly once (`Idempotency-Key` honoured;
/// a second confirmation is 409 and changes nothing).
#[utoipa::path(post, path = "/logistics/wallet/recharge/confirm", tag = "logistics", request_body = ReviewForm,
    params(("Idempotency-Key" = Option<String>, Header, description = "Replays the first answer for the same key and body")),
    responses((status = 200, body = crate::platform::http::Envelope<PostedRecord>), (status = 403), (status = 404),
        (status = 409, description = "Already reviewed")))]
pub async fn confirm(
    Caller(state, me): Caller,
    headers: HeaderMap,
    ApiJson(form): ApiJson<ReviewForm>,
) -> Result<Response, AppError> {
    reviewer(&state, &me, "logistics:wallet:recharge:confirm").await?;
    super::once(&state, &me, &headers, "POST /logistics/wallet/recharge/confirm", &form, async {
        let recharge = find::<Recharges>(&state, &me, &form.id).await?;
        let posted = credit(&state, me.tenant_id, &recharge, &me.user.username, None)
            .await?
            .ok_or_else(|| AppError::conflict(MessageKey::RechargeReviewed))?;
        let record = PostedRecord::of(posted, &recharge.currency);
        let after = find::<Recharges>(&state, &me, &form.id).await?;
        logs::edited(&state.db, &me, "logistics:wallet:recharge:confirm", &recharge.out_trade_no, &recharge, &after).await;
        Ok(ok(record)?.into_response())
    })
    .await
}

/// Rejects a pending recharge with a reason (nothing is credited).
#[utoipa::path(post, path = "/logistics/wallet/recharge/reject", tag = "logistics", request_body = ReviewForm,
    responses((status = 200, body = crate::platform::http::Envelope<RechargeRecord>), (status = 400), (status = 403),
        (status = 404), (status = 409, description = "Already reviewed")))]
pub async fn reject(Caller(state, me): Caller, ApiJson(form): ApiJson<ReviewForm>) -> Result<Response, AppError> {
    reviewer(&state, &me, "logistics:wallet:recharge:reject").await?;
    let recharge = find::<Recharges>(&state, &me, &form.id).await?;
    let reason = crate::platform::resource::form::required("reason", MessageKey::FieldReason, &form.reason, 255)?;
    let now = Utc::now().naive_utc();
    let changed = crate::with_write!(&state.db, |conn| {
        diesel::update(
            wallet_recharge::table
                .filter(wallet_recharge::id.eq(&recharge.id))
                .filter(wallet_recharge::tenant_id.eq(me.tenant_id))
                .filter(wallet_recharge::status.eq("pending")),
        )
        .set((
            wallet_recharge::status.eq("rejected"),
            wallet_recharge::reason.eq(&reason),
            wallet_recharge::review_by.eq(&me.user.username),
            wallet_recharge::review_time.eq(now),
            wallet_recharge::update_by.eq(&me.user.username),
            wallet_recharge::update_time.eq(now),
        ))
        .execute(conn)
        .await?
    });
    if changed == 0 {
        return Err(AppError::conflict(MessageKey::RechargeReviewed));
    }
    let after = find::<Recharges>(&state, &me, &recharge.id).await?;
    logs::edited(&state.db, &me, "logistics:wallet:recharge:reject", &recharge.out_trade_no, &recharge, &after).await;
    Ok(ok(after)?.into_response())
}

/// What a provider's callback is answered.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallbackAnswer {
    /// True when this callback credited the wallet; false when an earlier one had.
    pub credited: bool,
}

/// Applies a signed provider notice: verified, matched to its recharge (same channel, amount and
/// currency), credited once.
async fn apply(state: &AppState, provider: &dyn Provider, headers: &HeaderMap, body: &[u8]) -> Result<bool, AppError> {
    let notice: Notice = provider.verify(headers, body, Utc::now().timestamp())?;
    let found: Option<(i32, String)> = crate::with_conn!(&state.db, |conn| {
        wallet_recharge::table
            .filter(wallet_recharge::id.eq(&notice.recharge_id))
            .filter(wallet_recharge::channel.eq(provider.channel()))
            .select((wallet_recharge::tenant_id, wallet_recharge::customer_id))
            .first(conn)
            .await
            .optional()?
    });
    let (tenant_id, _) = found.ok_or_else(|| AppError::bad_request(MessageKey::CallbackRejected))?;
    let recharge = find_in_tenant::<Recharges>(state, tenant_id, &notice.recharge_id).await?;
    if recharge.amount != notice.amount || recharge.currency != notice.currency || recharge.out_trade_no != notice.out_trade_no {
        return Err(AppError::bad_request(MessageKey::CallbackRejected));
    }
    Ok(credit(state, tenant_id, &recharge, provider.channel(), Some(&notice.payment_no)).await?.is_some())
}

/// The sandbox provider's callback (no session: the signature is the proof). A forged, stale or
/// mismatched notice is 400 and changes nothing; a replay answers `credited: false`.
#[utoipa::path(post, path = "/logistics/wallet/callback/sandbox", tag = "logistics", request_body = Notice,
    params(("X-Sandbox-Signature" = String, Header, description = "t=<unix seconds>,v1=<HMAC-SHA256 of `{t}.{body}`, hex>")),
    responses((status = 200, body = crate::platform::http::Envelope<CallbackAnswer>), (status = 400)))]
pub async fn sandbox_callback(
    axum::extract::State(state): axum::extract::State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, AppError> {
    let sandbox = Sandbox::load(&state.db).await?;
    let credited = apply(&state, &sandbox, &headers, &body).await?;
    Ok(ok(CallbackAnswer { credited })?.into_response())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayForm {
    #[serde(default)]
    pub id: String,
}

/// Pays a pending sandbox recharge as its customer would at the provider: the sandbox signs its
/// notice and delivers it to the callback's own path (verification included).
#[utoipa::path(post, path = "/logistics/wallet/sandbox/pay", tag = "logistics", request_body = PayForm,
    responses((status = 200, body = crate::platform::http::Envelope<CallbackAnswer>), (status = 400), (status = 403), (status = 404)))]
pub async fn sandbox_pay(Caller(state, me): Caller, ApiJson(form): ApiJson<PayForm>) -> Result<Response, AppError> {
    grants::require(&state, &me, "logistics:wallet:recharge:add").await?;
    let recharge = find::<Recharges>(&state, &me, &form.id).await?;
    if recharge.payment_channel != "sandbox" {
        return Err(AppError::bad_request(MessageKey::RechargeChannelOffline));
    }
    if !wallet::reviewable(&recharge.status) {
        return Err(AppError::conflict(MessageKey::RechargeReviewed));
    }
    let sandbox = Sandbox::load(&state.db).await?;
    let notice = Notice {
        recharge_id: recharge.id.clone(),
        out_trade_no: recharge.out_trade_no.clone(),
        currency: recharge.currency.clone(),
        amount: recharge.amount.clone(),
        payment_no: format!("SBXPAY{}", secrets::new_id().to_uppercase()),
    };
    let body = serde_json::to_vec(&notice).map_err(AppError::internal)?;
    let mut headers = HeaderMap::new();
    let signature = sandbox.sign(Utc::now().timestamp(), &body);
    headers.insert(super::provider::SIGNATURE_HEADER, signature.parse().map_err(|_| AppError::internal("signature header"))?);
    let credited = apply(&state, &sandbox, &headers, &body).await?;
    Ok(ok(CallbackAnswer { credited })?.into_response())
}

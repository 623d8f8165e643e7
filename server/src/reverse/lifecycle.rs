//! A return's lifecycle calls (`/reverse/return/queryById`, `approve`, `reject`, `cancel`,
//! `decide`, `complete`, `receive`): each checks with core that the caller's side may take the
//! step now, then moves the status by a conditional update on the status read (two people acting
//! at once cannot both move it) with the return's own track event in the same transaction, and
//! answers the return with everything about it.

use chrono::{NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::returns::{self, Action};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::accounts::{ReturnAccountRecord, ReturnAccounts};
use super::returns::{ReturnRecord, Returns, acting, permission, side, track_on};
use super::threads::{
    ReturnAttachmentRecord, ReturnAttachments, ReturnCommentRecord, ReturnComments, ReturnTrackRecord, ReturnTracks,
};
use crate::platform::caller::Caller;
use crate::platform::db::schema::logistics_return as r;
use crate::platform::http::page::IdQuery;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, ok};
use crate::platform::resource::customer_of;
use crate::platform::resource::form::optional;
use crate::platform::resource::handlers::{all, find, read};
use crate::platform::resource::sql::{Sql, Value};
use crate::shipment::orders::Shipments;
use crate::shipment::orders::write::{create, detail as order_detail, form_of};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{on_tx, transaction, with_conn, with_write};

/// A return with its files, thread, track and money, and what the caller may do now.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnDetail {
    #[serde(flatten)]
    pub record: ReturnRecord,
    pub attachments: Vec<ReturnAttachmentRecord>,
    pub comments: Vec<ReturnCommentRecord>,
    pub tracks: Vec<ReturnTrackRecord>,
    pub accounts: Vec<ReturnAccountRecord>,
    /// approve, reject, cancel, receive, decide, complete, attach, account (core's `returns::actions`).
    pub actions: Vec<String>,
}

/// One return with everything about it.
#[utoipa::path(get, path = "/reverse/return/queryById", tag = "reverse", params(IdQuery),
    responses((status = 200, body = crate::platform::http::Envelope<ReturnDetail>), (status = 403), (status = 404)))]
pub async fn query_by_id(Caller(state, me): Caller, ApiQuery(q): ApiQuery<IdQuery>) -> ApiResult<ReturnDetail> {
    let record = read::<Returns>(&state, &me, q.id.as_deref().unwrap_or("")).await?;
    ok(detail(&state, &me, record).await?)
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnStepForm {
    #[serde(default)]
    pub id: String,
    /// A note (approve, reject).
    pub remark: Option<String>,
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnDecideForm {
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub decision: String,
    pub decision_remark: Option<String>,
}

/// Moves `record` by `action` if its status is still the one read (else someone acted first),
/// with `set` applied and its track event written, in one transaction. Answers it as it is now.
async fn step(
    state: &AppState,
    me: &CurrentUser,
    record: &ReturnRecord,
    action: Action,
    source: &str,
    set: Vec<(&'static str, crate::platform::resource::sql::Value)>,
) -> Result<ReturnRecord, AppError> {
    use crate::platform::resource::sql::{Sql, Value};
    let now = Utc::now().naive_utc();
    let next = returns::next(&record.status, action).to_owned();
    let mut sql = Sql::new("UPDATE logistics_return SET status = ");
    sql.bind(Value::Text(next.clone()));
    sql.push(", update_by = ").bind(Value::Text(me.user.username.clone()));
    sql.push(", update_time = ").bind(Value::Time(now));
    if returns::is_final(&next) {
        // Ended: the parcel may have a new return.
        sql.push(", open_key = NULL");
    }
    for (column, value) in set {
        sql.push(", ").push(column).push(" = ").bind(value);
    }
    sql.push(" WHERE id = ").bind(Value::Text(record.id.clone()));
    sql.push(" AND tenant_id = ").bind(Value::Int(me.tenant_id));
    sql.push(" AND status = ").bind(Value::Text(record.status.clone()));
    let moved = next != record.status;
    transaction!(data: &state.db, |tx| {
        let changed = on_tx!(tx, |c| sql.query().execute(c).await?);
        if changed == 0 {
            return Err(AppError::conflict(MessageKey::ReturnActionRefused));
        }
        if moved {
            track_on(tx, me, record, &next, source).await?;
        }
        Ok(())
    })?;
    let after = read::<Returns>(state, me, &record.id).await?;
    logs::edited(&state.db, me, &format!("reverse:return:{}", action.code()), &after.return_no, record, &after).await;
    Ok(after)
}

async fn simple(state: AppState, me: CurrentUser, form: ReturnStepForm, action: Action) -> ApiResult<ReturnDetail> {
    let record = acting(&state, &me, &form.id, action).await?;
    let remark = optional("remark", MessageKey::FieldRemark, &form.remark, returns::MAX_NOTE)?;
    let set = match remark {
        Some(text) => vec![("remark", text.into())],
        None => Vec::new(),
    };
    let after = step(&state, &me, &record, action, "system", set).await?;
    ok(detail(&state, &me, after).await?)
}

/// Staff accept a return: the parcel is expected back.
#[utoipa::path(post, path = "/reverse/return/approve", tag = "reverse", request_body = ReturnStepForm,
    responses((status = 200, body = crate::platform::http::Envelope<ReturnDetail>), (status = 403), (status = 404), (status = 409)))]
pub async fn approve(Caller(state, me): Caller, ApiJson(form): ApiJson<ReturnStepForm>) -> ApiResult<ReturnDetail> {
    simple(state, me, form, Action::Approve).await
}

/// Staff refuse a return request (with the reason in `remark`).
#[utoipa::path(post, path = "/reverse/return/reject", tag = "reverse", request_body = ReturnStepForm,
    responses((status = 200, body = crate::platform::http::Envelope<ReturnDetail>), (status = 403), (status = 404), (status = 409)))]
pub async fn reject(Caller(state, me): Caller, ApiJson(form): ApiJson<ReturnStepForm>) -> ApiResult<ReturnDetail> {
    simple(state, me, form, Action::Reject).await
}

/// Withdraws a return before its parcel is back.
#[utoipa::path(post, path = "/reverse/return/cancel", tag = "reverse", request_body = ReturnStepForm,
    responses((status = 200, body = crate::platform::http::Envelope<ReturnDetail>), (status = 403), (status = 404), (status = 409)))]
pub async fn cancel(Caller(state, me): Caller, ApiJson(form): ApiJson<ReturnStepForm>) -> ApiResult<ReturnDetail> {
    simple(state, me, form, Action::Cancel).await
}

/// Records what is to be done with the parcel, and who said so.
#[utoipa::path(post, path = "/reverse/return/decide", tag = "reverse", request_body = ReturnDecideForm,
    responses((status = 200, body = crate::platform::http::Envelope<ReturnDetail>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn decide(Caller(state, me): Caller, ApiJson(form): ApiJson<ReturnDecideForm>) -> ApiResult<ReturnDetail> {
    let (decision, remark) =
        returns::decision(&(&serde_json::json!({"decision": form.decision, "decisionRemark": form.decision_remark})).into())?;
    let record = acting(&state, &me, &form.id, Action::Decide).await?;
    let now: NaiveDateTime = Utc::now().naive_utc();
    let set = vec![
        ("decision", decision.into()),
        ("decision_remark", remark.into()),
        ("decision_side", side(&me).code().to_owned().into()),
        ("decision_by", me.user.username.clone().into()),
        ("decision_time", now.into()),
    ];
    let after = step(&state, &me, &record, Action::Decide, "system", set).await?;
    ok(detail(&state, &me, after).await?)
}

/// Carries out the decision: a reship makes a new draft order copying the original (the customer
/// checks its address and submits it); the return is completed.
#[utoipa::path(post, path = "/reverse/return/complete", tag = "reverse", request_body = ReturnStepForm,
    responses((status = 200, body = crate::platform::http::Envelope<ReturnDetail>), (status = 400, description = "No decision yet"),
        (status = 403), (status = 404), (status = 409)))]
pub async fn complete(Caller(state, me): Caller, ApiJson(form): ApiJson<ReturnStepForm>) -> ApiResult<ReturnDetail> {
    let record = acting(&state, &me, &form.id, Action::Complete).await?;
    let Some(decision) = record.decision.clone() else {
        return Err(AppError::bad_request(MessageKey::ReturnDecisionMissing));
    };
    let mut set = Vec::new();
    if decision == "reship" && record.reship_shipment_id.is_none() {
        // Claimed first, so two completing at once make one new order.
        if claim(&state, &record.id, None, Some(RESHIPPING)).await? == 0 {
            return Err(AppError::conflict(MessageKey::ReturnActionRefused));
        }
        match reship(&state, &me, &record).await {
            Ok((id, serial)) => {
                set.push(("reship_shipment_id", id.into()));
                set.push(("reship_serial_number", serial.into()));
            }
            Err(e) => {
                claim(&state, &record.id, Some(RESHIPPING), None).await?;
                return Err(e);
            }
        }
    }
    let after = step(&state, &me, &record, Action::Complete, "system", set).await?;
    ok(detail(&state, &me, after).await?)
}

/// Marks a reship being made (see [`complete`]).
const RESHIPPING: &str = "reshipping";

/// Moves a received return's reship mark from `from` to `to`; how many rows moved (0 or 1).
async fn claim(state: &AppState, id: &str, from: Option<&str>, to: Option<&str>) -> Result<usize, AppError> {
    Ok(with_write!(&state.db, |conn| {
        let target = r::table.filter(r::id.eq(id)).filter(r::status.eq("received"));
        match from {
            None => {
                diesel::update(target.filter(r::reship_shipment_id.is_null()))
                    .set(r::reship_shipment_id.eq(to))
                    .execute(conn)
                    .await?
            }
            Some(f) => {
                diesel::update(target.filter(r::reship_shipment_id.eq(f))).set(r::reship_shipment_id.eq(to)).execute(conn).await?
            }
        }
    }))
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnReceiveForm {
    /// The return number, the way back's tracking number, or the order's or parcel's numbers.
    #[serde(default)]
    pub number: String,
    #[serde(default)]
    pub condition: String,
    pub condition_remark: Option<String>,
}

/// The warehouse's scan of a returned parcel: the return awaiting that number becomes `received`
/// with the condition found.
#[utoipa::path(post, path = "/reverse/return/receive", tag = "reverse", request_body = ReturnReceiveForm,
    responses((status = 200, body = crate::platform::http::Envelope<ReturnDetail>),
        (status = 400, description = "A field (named); no return awaits the number"), (status = 403),
        (status = 409, description = "Received already")))]
pub async fn receive(Caller(state, me): Caller, ApiJson(form): ApiJson<ReturnReceiveForm>) -> ApiResult<ReturnDetail> {
    grants::require(&state, &me, permission(Action::Receive)).await?;
    if customer_of(&me).is_some() {
        return Err(AppError::forbidden_with(MessageKey::ReturnStaffOnly));
    }
    let value = serde_json::json!({"number": form.number, "condition": form.condition, "conditionRemark": form.condition_remark});
    let (number, condition, remark) = returns::receive(&(&value).into())?;
    let typed = form.number.trim().to_owned();
    let variants = vec![number.clone(), typed.clone()];
    let tenant = me.tenant_id;
    let found: Vec<(String, String)> = with_conn!(&state.db, |conn| {
        r::table
            .filter(r::tenant_id.eq(tenant))
            .filter(
                r::return_no
                    .eq_any(&variants)
                    .or(r::return_track_no.eq_any(&variants))
                    .or(r::serial_number.eq_any(&variants))
                    .or(r::parcel_no.eq_any(&variants))
                    .or(r::sys_track_no.eq_any(&variants))
                    .or(r::track_no.eq_any(&variants)),
            )
            .order(r::create_time.desc())
            .select((r::id, r::status))
            .limit(20)
            .load(conn)
            .await?
    });
    let waiting: Vec<&(String, String)> =
        found.iter().filter(|(_, st)| matches!(st.as_str(), "requested" | "approved")).collect();
    let id = match waiting.as_slice() {
        [one] => one.0.clone(),
        [_, _, ..] => return Err(AppError::field("number", MessageKey::InboundAmbiguous).with("number", typed)),
        [] => {
            if let Some((id, _)) = found.iter().find(|(_, st)| st == "received") {
                let done = read::<Returns>(&state, &me, id).await?;
                return Err(AppError::conflict(MessageKey::ReturnAlreadyReceived).with("returnNo", done.return_no));
            }
            return Err(AppError::field("number", MessageKey::ReturnNotExpected).with("number", typed));
        }
    };
    let record = acting(&state, &me, &id, Action::Receive).await?;
    let now = Utc::now().naive_utc();
    let set = vec![
        ("parcel_condition", condition.into()),
        ("condition_remark", remark.into()),
        ("received_by", me.user.username.clone().into()),
        ("received_time", now.into()),
    ];
    let after = step(&state, &me, &record, Action::Receive, "warehouse", set)
        .await
        .map_err(|_| AppError::conflict(MessageKey::ReturnAlreadyReceived).with("returnNo", record.return_no.clone()))?;
    ok(detail(&state, &me, after).await?)
}

/// A return with its files, thread (oldest first), track (newest first), money and the actions
/// `me` may take.
pub async fn detail(state: &AppState, me: &CurrentUser, record: ReturnRecord) -> Result<ReturnDetail, AppError> {
    let of_return = || {
        let mut sql = Sql::new(" AND return_id = ");
        sql.bind(Value::Text(record.id.clone()));
        sql
    };
    let attachments = all::<ReturnAttachments>(state, me, of_return(), " ORDER BY create_time, id").await?;
    let comments = all::<ReturnComments>(state, me, of_return(), " ORDER BY create_time, id").await?;
    let tracks = all::<ReturnTracks>(state, me, of_return(), " ORDER BY event_time DESC, create_time DESC").await?;
    let accounts = all::<ReturnAccounts>(state, me, of_return(), " ORDER BY create_time, id").await?;
    let actions = returns::actions(&record.status, side(me)).into_iter().map(str::to_owned).collect();
    Ok(ReturnDetail { record, attachments, comments, tracks, accounts, actions })
}

/// The reship of a return: a new draft order for the same customer copying the returned one
/// (consignee, parcels, goods; no numbers, reference or charge), its remark naming the return.
/// Answers its id and serial number.
pub async fn reship(state: &AppState, me: &CurrentUser, record: &ReturnRecord) -> Result<(String, String), AppError> {
    let original = find::<Shipments>(state, me, &record.shipment_id).await?;
    let customer = original.customer_id.clone();
    let mut form = form_of(&order_detail(state, original).await?);
    form.id = None;
    form.customer_code = None;
    form.remark = Some(format!("RESHIP {}", record.return_no));
    let created = create(state, me, &customer, form, "web").await?;
    Ok((created.id, created.serial_number))
}

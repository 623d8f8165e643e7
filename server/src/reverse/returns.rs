//! Return requests (`/reverse/return/*`): opened by the customer for its shipped order or one of
//! its parcels (or by staff for a parcel that came back unannounced), approved, received by the
//! warehouse's scan with the condition found, decided (reship, return to sender, destroy, hold)
//! and completed; rejected or cancelled early. Which side may do what in which status is core's
//! (`returns::allowed`); every step is a conditional update on the status read, so two people
//! acting at once cannot both move it, and each step writes the return's own track event.

use chrono::Utc;
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::returns::{self, Action, CONDITIONS, DECISIONS, REASONS, STATUSES, Side};
use logistics_core::{Lang, MessageKey};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::db::Tx;
use crate::platform::db::schema::{
    logistics_delivery_number as dn, logistics_return as r, logistics_shipment as s, logistics_shipment_parcel as p,
};
use crate::platform::http::AppError;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::resource::handlers::read;
use crate::platform::resource::{Checked, Field, Filter, Kind, Resource, Scope, customer_of};
use crate::platform::secrets;
use crate::shipment::orders::Shipments;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::{on_tx, transaction, with_conn};

/// A return as stored.
#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = r)]
#[serde(rename_all = "camelCase")]
pub struct ReturnRecord {
    pub id: String,
    pub return_no: String,
    /// The customer (main account) whose order came back.
    pub customer_id: String,
    /// Its user name.
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub customer_username: Option<String>,
    pub shipment_id: String,
    /// The parcel, when the return is for one parcel of the order.
    pub parcel_id: Option<String>,
    /// The order's number.
    pub serial_number: String,
    /// The parcel's number.
    pub parcel_no: Option<String>,
    pub sys_track_no: Option<String>,
    pub track_no: Option<String>,
    /// refused, undeliverable, addressIssue, damaged, customerReturn, other.
    pub reason: String,
    pub reason_detail: Option<String>,
    /// The carrier's tracking number of the way back.
    pub return_track_no: Option<String>,
    /// requested, approved, received, completed, rejected, cancelled.
    pub status: String,
    /// reship, returnToSender, destroy, hold.
    pub decision: Option<String>,
    pub decision_remark: Option<String>,
    /// Who decided: customer or staff.
    pub decision_side: Option<String>,
    pub decision_by: Option<String>,
    pub decision_time: Option<DateTime>,
    /// intact, damagedPackaging, damagedGoods, opened, missingItems.
    #[serde(rename = "condition")]
    pub parcel_condition: Option<String>,
    pub condition_remark: Option<String>,
    pub received_by: Option<String>,
    pub received_time: Option<DateTime>,
    /// The new order a reship created.
    pub reship_shipment_id: Option<String>,
    pub reship_serial_number: Option<String>,
    /// The order's currency: the return's fees and refunds are in it.
    pub currency: String,
    /// Staff's note when approving or rejecting.
    pub remark: Option<String>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
    pub update_by: Option<String>,
    pub update_time: Option<DateTime>,
}

/// A return request, or its edit.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnForm {
    pub id: Option<String>,
    /// The order's serial, system tracking or tracking number, or one parcel's number (add only).
    #[serde(default)]
    pub number: String,
    #[serde(default)]
    pub reason: String,
    pub reason_detail: Option<String>,
    pub return_track_no: Option<String>,
}

pub struct Returns;

impl Resource for Returns {
    const PATH: &'static str = "/reverse/return";
    const PERMISSION: &'static str = "reverse:return";
    const NOUN: &'static str = "return";
    const PLURAL: &'static str = "returns";
    const TABLE: &'static str = "logistics_return";
    const SCOPE: Scope = Scope::Customer;
    const SELECT: &'static str =
        "*, (SELECT u.username FROM sys_user u WHERE u.id = logistics_return.customer_id) AS customer_username";
    const FIELDS: &'static [Field] = &[
        Field::text("returnNo", "return_no").sortable().titled(MessageKey::FieldReturnNo),
        Field::text("customerUsername", "customer_username").titled(MessageKey::FieldCustomer),
        Field::text("serialNumber", "serial_number").sortable().titled(MessageKey::FieldSerialNumber),
        Field::text("parcelNo", "parcel_no").titled(MessageKey::FieldParcel),
        Field::text("sysTrackNo", "sys_track_no").titled(MessageKey::FieldSysTrackNo),
        Field::text("trackNo", "track_no").titled(MessageKey::FieldTrackNo),
        Field::text("returnTrackNo", "return_track_no").titled(MessageKey::FieldReturnTrackNo),
        Field::text("reason", "reason").sortable().titled(MessageKey::FieldReason),
        Field::text("reasonDetail", "reason_detail").titled(MessageKey::FieldRemark),
        Field::text("status", "status").sortable().titled(MessageKey::FieldState),
        Field::text("decision", "decision").sortable().titled(MessageKey::FieldDecision),
        Field::text("decisionSide", "decision_side"),
        Field::text("condition", "parcel_condition").titled(MessageKey::FieldCondition),
        Field::text("reshipSerialNumber", "reship_serial_number").titled(MessageKey::FieldReshipOrder),
        Field::text("customerId", "customer_id"),
        Field::text("createBy", "create_by").titled(MessageKey::FieldOperator),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
        Field::time("updateTime", "update_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like_upper(
            "keyWord",
            &["return_no", "serial_number", "parcel_no", "sys_track_no", "track_no", "return_track_no"],
            "Return, order, parcel or tracking number, substring.",
        ),
        Filter::one_of("status", &["status"], STATUSES, Kind::Text, "The return's status."),
        Filter::one_of("reason", &["reason"], REASONS, Kind::Text, "Why it came back."),
        Filter::one_of("decision", &["decision"], DECISIONS, Kind::Text, "What is done with it."),
        Filter::one_of("condition", &["parcel_condition"], CONDITIONS, Kind::Text, "The condition found on receipt."),
        Filter::exact("customerId", &["customer_id"], "Staff: the customer's id."),
        Filter::time_from("createTime_begin", &["create_time"], "Opened at or after."),
        Filter::time_until("createTime_end", &["create_time"], "Opened up to."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const HAS_UPDATE_BY: bool = true;
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("number", MessageKey::Conflict));
    /// Returns end by cancel or reject, never by delete; the detail comes with its thread.
    const OMIT: &'static [&'static str] = &["queryById", "delete", "deleteBatch", "importExcel"];

    crate::record_form!(ReturnRecord, ReturnForm, return_no);

    async fn values(state: &AppState, me: &CurrentUser, form: &ReturnForm, before: Option<&ReturnRecord>) -> Checked {
        let value = serde_json::json!({
            "number": before.map_or(form.number.as_str(), |b| b.serial_number.as_str()),
            "reason": form.reason,
            "reasonDetail": form.reason_detail,
            "returnTrackNo": form.return_track_no,
        });
        let checked = returns::request(&(&value).into())?;
        let mut values = vec![
            ("reason", checked.reason.into()),
            ("reason_detail", checked.reason_detail.into()),
            ("return_track_no", checked.return_track_no.into()),
        ];
        if let Some(b) = before {
            returns::allowed(&b.status, Action::Decide, side(me)).map_err(AppError::conflict)?;
            if !matches!(b.status.as_str(), "requested" | "approved") {
                return Err(AppError::conflict(MessageKey::ReturnActionRefused));
            }
            return Ok(values);
        }
        let target = resolve(state, me, &checked.number, form.number.trim()).await?;
        if let Some(open) = open_return(state, me.tenant_id, &target.open_key).await? {
            return Err(AppError::conflict(MessageKey::ReturnOpenAlready).with("returnNo", open));
        }
        let return_no = crate::shipment::orders::numbers::daily(&state.db, me.tenant_id, "return", "RT").await?;
        values.extend([
            ("return_no", return_no.into()),
            ("shipment_id", target.shipment_id.into()),
            ("parcel_id", target.parcel_id.into()),
            ("serial_number", target.serial_number.into()),
            ("parcel_no", target.parcel_no.into()),
            ("sys_track_no", target.sys_track_no.into()),
            ("track_no", target.track_no.into()),
            ("status", "requested".into()),
            ("currency", target.currency.into()),
            ("open_key", target.open_key.into()),
        ]);
        if customer_of(me).is_none() {
            values.push(("customer_id", target.customer_id.into()));
        }
        Ok(values)
    }

    async fn after_write(
        state: &AppState,
        me: &CurrentUser,
        written: crate::platform::resource::Written<'_, ReturnRecord>,
    ) -> Result<(), AppError> {
        if let crate::platform::resource::Written::Added(records) = written {
            for record in records {
                transaction!(data: &state.db, |tx| track_on(tx, me, record, "requested", "system").await)?;
            }
        }
        Ok(())
    }
}

/// Who `me` is on a return.
pub fn side(me: &CurrentUser) -> Side {
    if customer_of(me).is_some() { Side::Customer } else { Side::Staff }
}

/// What a request's number names.
struct Target {
    customer_id: String,
    shipment_id: String,
    parcel_id: Option<String>,
    serial_number: String,
    parcel_no: Option<String>,
    sys_track_no: Option<String>,
    track_no: Option<String>,
    currency: String,
    /// One open return per parcel, or per order when it names none.
    open_key: String,
}

/// The order (and parcel) a number names, within what `me` may see: a parcel's own numbers or
/// its carrier's number name that parcel; an order's numbers the whole order.
async fn resolve(state: &AppState, me: &CurrentUser, number: &str, typed: &str) -> Result<Target, AppError> {
    let tenant = me.tenant_id;
    let unknown = || AppError::field("number", MessageKey::ReturnUnknown).with("number", typed.to_owned());
    let variants = vec![number.to_owned(), typed.to_owned()];
    let mut parcels: Vec<(String, String)> = with_conn!(&state.db, |conn| {
        p::table
            .filter(p::tenant_id.eq(tenant))
            .filter(p::sys_track_no.eq_any(&variants).or(p::serial_number.eq_any(&variants)).or(p::reference.eq_any(&variants)))
            .select((p::id, p::shipment_id))
            .limit(2)
            .load(conn)
            .await?
    });
    if parcels.is_empty() {
        let carrier: Vec<(Option<String>, String)> = with_conn!(&state.db, |conn| {
            dn::table
                .filter(dn::tenant_id.eq(tenant))
                .filter(dn::track_no.eq_any(&variants).or(dn::third_id.eq_any(&variants)))
                .select((dn::shipment_parcel_id, dn::shipment_id))
                .limit(2)
                .load(conn)
                .await?
        });
        parcels = carrier.into_iter().filter_map(|(parcel, order)| Some((parcel?, order))).collect();
    }
    let (parcel_id, shipment_id) = match parcels.as_slice() {
        [(parcel, order)] => (Some(parcel.clone()), order.clone()),
        [_, _, ..] => return Err(AppError::field("number", MessageKey::InboundAmbiguous).with("number", typed.to_owned())),
        [] => {
            let orders: Vec<String> = with_conn!(&state.db, |conn| {
                s::table
                    .filter(s::tenant_id.eq(tenant))
                    .filter(
                        s::serial_number
                            .eq_any(&variants)
                            .or(s::track_no.eq_any(&variants))
                            .or(s::sys_track_no.eq_any(&variants)),
                    )
                    .select(s::id)
                    .limit(2)
                    .load(conn)
                    .await?
            });
            match orders.as_slice() {
                [one] => (None, one.clone()),
                [] => return Err(unknown()),
                _ => return Err(AppError::field("number", MessageKey::InboundAmbiguous).with("number", typed.to_owned())),
            }
        }
    };
    // Another customer's order (or one out of the role's reach) is an unknown number.
    let order = read::<Shipments>(state, me, &shipment_id).await.map_err(|_| unknown())?;
    returns::returnable(&order.shipment_status)
        .map_err(|k| AppError::field("number", k).with("serial", order.serial_number.clone()))?;
    let parcel: Option<(String, Option<String>)> = match &parcel_id {
        Some(id) => with_conn!(&state.db, |conn| {
            p::table.filter(p::id.eq(id)).select((p::serial_number, p::sys_track_no)).first(conn).await.optional()?
        }),
        None => None,
    };
    let open_key = match &parcel_id {
        Some(id) => format!("parcel:{id}"),
        None => format!("order:{}", order.id),
    };
    Ok(Target {
        customer_id: order.customer_id.clone(),
        shipment_id: order.id.clone(),
        parcel_no: parcel.as_ref().map(|(serial, _)| serial.clone()),
        sys_track_no: parcel.and_then(|(_, sys)| sys).or_else(|| order.sys_track_no.clone()),
        track_no: order.track_no.clone(),
        serial_number: order.serial_number.clone(),
        currency: order.deduct_currency.clone().unwrap_or_else(|| order.currency.clone()),
        parcel_id,
        open_key,
    })
}

/// The number of the open return of `open_key`, if any.
async fn open_return(state: &AppState, tenant: i32, open_key: &str) -> Result<Option<String>, AppError> {
    Ok(with_conn!(&state.db, |conn| {
        r::table
            .filter(r::tenant_id.eq(tenant))
            .filter(r::open_key.eq(open_key))
            .select(r::return_no)
            .first::<String>(conn)
            .await
            .optional()?
    }))
}

/// Writes the return's own track event for it reaching `status` (tracking's normalized status).
pub async fn track_on(
    tx: &mut Tx<'_>,
    me: &CurrentUser,
    record: &ReturnRecord,
    status: &str,
    source: &str,
) -> Result<(), AppError> {
    use crate::platform::db::schema::logistics_return_track as t;
    let now = Utc::now().naive_utc();
    let detail = format!(
        "{} / {}",
        logistics_core::FieldError::new("", MessageKey::ReturnTrackDetail)
            .with("status", format!("@return_status_{status}"))
            .message(Lang::ZhCn),
        logistics_core::FieldError::new("", MessageKey::ReturnTrackDetail)
            .with("status", format!("@return_status_{status}"))
            .message(Lang::EnUs),
    );
    on_tx!(tx, |c| diesel::insert_into(t::table)
        .values((
            t::id.eq(secrets::new_id()),
            t::tenant_id.eq(me.tenant_id),
            t::return_id.eq(&record.id),
            t::return_no.eq(&record.return_no),
            t::customer_id.eq(&record.customer_id),
            t::status.eq(returns::track_status(status)),
            t::location.eq(None::<String>),
            t::detail.eq(&detail),
            t::event_time.eq(now),
            t::source.eq(source),
            t::create_by.eq(&me.user.username),
            t::create_time.eq(now),
        ))
        .execute(c)
        .await?);
    Ok(())
}

/// The permission each action needs besides the side core allows.
pub fn permission(action: Action) -> &'static str {
    match action {
        Action::Approve | Action::Reject | Action::Complete => "reverse:return:handle",
        Action::Receive => "reverse:return:receive",
        Action::Account => "reverse:return:account",
        Action::Cancel | Action::Decide | Action::Attach => "reverse:return:edit",
    }
}

/// Reads a return `me` may see and checks that `me` may do `action` to it now.
pub async fn acting(state: &AppState, me: &CurrentUser, id: &str, action: Action) -> Result<ReturnRecord, AppError> {
    grants::require(state, me, permission(action)).await?;
    let record = read::<Returns>(state, me, id).await?;
    returns::allowed(&record.status, action, side(me)).map_err(|k| match k {
        MessageKey::ReturnStaffOnly => AppError::forbidden_with(k),
        k => AppError::conflict(k),
    })?;
    Ok(record)
}

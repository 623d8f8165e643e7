//! FBA waybills (`/logistics/fbaOrder/*`): each FBA order's delivery to Amazon: the booked
//! delivery (`expectTime`), when it was delivered (`realTime`), the intake batch number, the proof
//! of delivery (a PDF or photo uploaded with `biz=pod`), and the Amazon shipment IDs its cartons
//! went under (FBA config: pieces and pallets each). The list reads the view
//! `logistics_fba_waybill` (every FBA order, recorded or not); `edit` records it, checked by core
//! (`shipment::fba_waybill_issues`) as the browser's form checks it.

use chrono::Utc;
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel::upsert::excluded;
use diesel_async::RunQueryDsl;
use logistics_core::{MessageKey, shipment};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::caller::Caller;
use crate::platform::db::schema::{logistics_fba_config, logistics_fba_order};
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{Amount, ApiJson, ApiResult, AppError, ok};
use crate::platform::resource::form::{invalid, optional, optional_time};
use crate::platform::resource::handlers::read;
use crate::platform::resource::{Field, Filter, Kind, Readable, Resource, Scope};
use crate::platform::secrets;
use crate::state::AppState;
use crate::system::permissions::grants;
use crate::{on_tx, transaction, with_conn};

/// A row of the view.
#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[serde(rename_all = "camelCase")]
pub struct FbaWaybillRow {
    /// The order's id.
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub id: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub customer_id: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub serial_number: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub customer_code: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub fba_code: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub po_code: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub shipment_status: String,
    #[diesel(sql_type = diesel::sql_types::Integer)]
    pub shipment_pieces: i32,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub sys_track_no: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub track_no: Option<String>,
    /// The Amazon centre's code and country.
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub depot_code: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub depot_country: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamp>)]
    pub expect_time: Option<DateTime>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamp>)]
    pub real_time: Option<DateTime>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub batch_no: Option<String>,
    /// The proof of delivery's address (`/boot/sys/common/static/pod/…`).
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub pod: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub update_by: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamp>)]
    pub update_time: Option<DateTime>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamp>)]
    pub submit_time: Option<DateTime>,
    #[diesel(sql_type = diesel::sql_types::Timestamp)]
    pub create_time: DateTime,
    /// Amazon shipment IDs recorded, and their pallets.
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub config_count: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub pallets: i64,
}

/// One Amazon shipment ID the order's cartons went under.
#[derive(Clone, Debug, Serialize, ToSchema, Queryable)]
#[serde(rename_all = "camelCase")]
pub struct FbaConfigRecord {
    #[serde(skip)]
    pub shipment_id: String,
    pub fba_shipment_id: String,
    /// Amazon's reference for it.
    pub serial_number: Option<String>,
    pub pieces: i32,
    pub pallet: i32,
}

/// An FBA order's delivery to Amazon, with its Amazon shipment IDs.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FbaWaybillRecord {
    #[serde(flatten)]
    pub row: FbaWaybillRow,
    pub configs: Vec<FbaConfigRecord>,
}

impl Readable for FbaWaybillRecord {
    type Row = FbaWaybillRow;

    fn from_row(row: FbaWaybillRow) -> FbaWaybillRecord {
        FbaWaybillRecord { row, configs: Vec::new() }
    }
}

pub struct FbaWaybills;

/// The permission code of the page (and, with `:edit`, of recording a delivery).
const PERMISSION: &str = "logistics:fbaOrder";

impl Resource for FbaWaybills {
    const PATH: &'static str = "/logistics/fbaOrder";
    const PERMISSION: &'static str = PERMISSION;
    const NOUN: &'static str = "FBA waybill";
    const PLURAL: &'static str = "FBA waybills";
    const TABLE: &'static str = "logistics_fba_waybill";
    const SCOPE: Scope = Scope::Customer;
    const HAS_CREATE_BY: bool = false;
    const FIELDS: &'static [Field] = &[
        Field::text("serialNumber", "serial_number").sortable().titled(MessageKey::FieldSerialNumber),
        Field::text("fbaCode", "fba_code").sortable().titled(MessageKey::FieldFbaCode),
        Field::text("poCode", "po_code").titled(MessageKey::FieldPoCode),
        Field::text("customerCode", "customer_code").titled(MessageKey::FieldCustomerCode),
        Field::text("depotCode", "depot_code").titled(MessageKey::FieldDepot),
        Field::int("shipmentPieces", "shipment_pieces").titled(MessageKey::FieldPieces),
        Field::big("pallets", "pallets").titled(MessageKey::FieldPallets),
        Field::text("batchNo", "batch_no").titled(MessageKey::FieldBatchNo),
        Field::time("expectTime", "expect_time").sortable().titled(MessageKey::FieldExpectTime),
        Field::time("realTime", "real_time").sortable().titled(MessageKey::FieldRealTime),
        Field::text("shipmentStatus", "shipment_status").titled(MessageKey::FieldState),
        Field::text("pod", "pod").titled(MessageKey::FieldPod),
        Field::text("customerId", "customer_id"),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::any_of(
            "numbers",
            &["serial_number", "fba_code", "po_code", "customer_code", "batch_no"],
            500,
            "Up to 500 order, FBA, reference or batch numbers, separated by spaces, line breaks or commas.",
        ),
        Filter::one_of(
            "shipmentStatus",
            &["shipment_status"],
            shipment::STATUSES,
            Kind::Text,
            "One of core's lifecycle statuses.",
        ),
        Filter::exact("depotCode", &["depot_code"], "The Amazon centre's code."),
        Filter::exact("customerId", &["customer_id"], "Staff: the customer's id."),
        Filter::time_from("expectTime_begin", &["expect_time"], "Delivery booked at or after (a date: from its start)."),
        Filter::time_until("expectTime_end", &["expect_time"], "Delivery booked up to (a date: through its end)."),
        Filter::time_from("createTime_begin", &["create_time"], "Created at or after (a date: from its start)."),
        Filter::time_until("createTime_end", &["create_time"], "Created up to (a date: through its end)."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);

    const OMIT: &'static [&'static str] = crate::platform::resource::READ_ONLY;

    type Record = FbaWaybillRecord;
    type Form = crate::platform::resource::NoForm;

    fn id(record: &FbaWaybillRecord) -> String {
        record.row.id.clone()
    }

    fn label(record: &FbaWaybillRecord) -> String {
        record.row.serial_number.clone()
    }

    fn form_id(_: &crate::platform::resource::NoForm) -> Option<&str> {
        None
    }

    /// Written by [`edit`], not by the layer.
    async fn values(
        _: &AppState,
        _: &crate::system::auth::CurrentUser,
        _: &crate::platform::resource::NoForm,
        _: Option<&FbaWaybillRecord>,
    ) -> crate::platform::resource::Checked {
        Err(AppError::method_not_allowed())
    }

    /// The Amazon shipment IDs of a page's orders, one query.
    async fn complete(state: &AppState, records: &mut [FbaWaybillRecord]) -> Result<(), AppError> {
        let ids: Vec<&str> = records.iter().filter(|r| r.row.config_count > 0).map(|r| r.row.id.as_str()).collect();
        if ids.is_empty() {
            return Ok(());
        }
        let configs: Vec<FbaConfigRecord> = with_conn!(&state.db, |conn| {
            logistics_fba_config::table
                .filter(logistics_fba_config::shipment_id.eq_any(&ids))
                .select((
                    logistics_fba_config::shipment_id,
                    logistics_fba_config::fba_shipment_id,
                    logistics_fba_config::serial_number,
                    logistics_fba_config::pieces,
                    logistics_fba_config::pallet,
                ))
                .order((logistics_fba_config::shipment_id, logistics_fba_config::id))
                .load(conn)
                .await?
        });
        for c in configs {
            if let Some(r) = records.iter_mut().find(|r| r.row.id == c.shipment_id) {
                r.configs.push(c);
            }
        }
        Ok(())
    }
}

#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct FbaConfigForm {
    pub fba_shipment_id: Option<String>,
    pub serial_number: Option<String>,
    /// 1 to 9,999.
    pub pieces: Option<Amount>,
    /// 0 (default) to 999.
    pub pallet: Option<Amount>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct FbaOrderForm {
    /// The FBA order's id.
    pub shipment_id: String,
    pub expect_time: Option<String>,
    /// Not in the future.
    pub real_time: Option<String>,
    pub batch_no: Option<String>,
    /// An address `/sys/common/upload` answered for `biz=pod`.
    pub pod: Option<String>,
    /// At most 50; their pieces together at most the order's.
    pub configs: Vec<FbaConfigForm>,
}

/// A whole number of a checked form (core has refused anything else).
fn whole(a: &Option<Amount>) -> i32 {
    match a {
        Some(Amount::Number(n)) => n.as_i64(),
        Some(Amount::Text(t)) => t.trim().parse().ok(),
        None => None,
    }
    .and_then(|n| i32::try_from(n).ok())
    .unwrap_or(0)
}

/// Records an FBA order's delivery to Amazon: the booked and real delivery times, the intake
/// batch, the proof of delivery and the Amazon shipment IDs (replacing those recorded before).
/// A cancelled order's is refused.
#[utoipa::path(put, path = "/logistics/fbaOrder/edit", tag = "logistics", request_body = FbaOrderForm,
    responses((status = 200, body = crate::platform::http::Envelope<FbaWaybillRecord>),
        (status = 400, description = "A field refused (named), or a cancelled order"), (status = 403), (status = 404)))]
pub async fn edit(Caller(state, me): Caller, ApiJson(form): ApiJson<FbaOrderForm>) -> ApiResult<FbaWaybillRecord> {
    grants::require(&state, &me, &format!("{PERMISSION}:edit")).await?;
    let before = read::<FbaWaybills>(&state, &me, &form.shipment_id).await?;
    if before.row.shipment_status == "cancelled" {
        return Err(AppError::field("shipmentId", MessageKey::FbaOrderInoperable).with("value", before.row.serial_number));
    }
    let checked = serde_json::json!({
        "batchNo": form.batch_no,
        "configs": form.configs,
        "shipmentPieces": before.row.shipment_pieces,
    });
    if let Some(first) = shipment::fba_waybill_issues(&(&checked).into()).into_iter().next() {
        return Err(AppError::invalid(first));
    }
    let expect_time = optional_time("expectTime", MessageKey::FieldExpectTime, &form.expect_time)?;
    let real_time = optional_time("realTime", MessageKey::FieldRealTime, &form.real_time)?;
    let now = Utc::now().naive_utc();
    if real_time.is_some_and(|t| t > now + chrono::Duration::minutes(5)) {
        return Err(AppError::field("realTime", MessageKey::RealTimeFuture));
    }
    let batch_no = optional("batchNo", MessageKey::FieldBatchNo, &form.batch_no, 50)?;
    let pod = optional("pod", MessageKey::FieldPod, &form.pod, 300)?;
    if pod.as_deref().is_some_and(|p| !p.starts_with(&format!("{}pod/", crate::platform::files::STATIC_PREFIX))) {
        return Err(invalid("pod", MessageKey::FieldPod));
    }
    let configs: Vec<_> = form
        .configs
        .iter()
        .map(|c| {
            (
                logistics_fba_config::id.eq(secrets::new_id()),
                logistics_fba_config::tenant_id.eq(me.tenant_id),
                logistics_fba_config::shipment_id.eq(before.row.id.clone()),
                logistics_fba_config::fba_shipment_id.eq(c.fba_shipment_id.as_deref().unwrap_or("").trim().to_owned()),
                logistics_fba_config::serial_number.eq(super::orders::form::clean(&c.serial_number)),
                logistics_fba_config::pieces.eq(whole(&c.pieces)),
                logistics_fba_config::pallet.eq(whole(&c.pallet)),
            )
        })
        .collect();
    let id = before.row.id.clone();
    transaction!(data: &state.db, |tx| {
        on_tx!(tx, |c| diesel::insert_into(logistics_fba_order::table)
            .values((
                logistics_fba_order::shipment_id.eq(&id),
                logistics_fba_order::tenant_id.eq(me.tenant_id),
                logistics_fba_order::expect_time.eq(expect_time),
                logistics_fba_order::real_time.eq(real_time),
                logistics_fba_order::batch_no.eq(&batch_no),
                logistics_fba_order::pod.eq(&pod),
                logistics_fba_order::update_by.eq(&me.user.username),
                logistics_fba_order::update_time.eq(now),
            ))
            .on_conflict(logistics_fba_order::shipment_id)
            .do_update()
            .set((
                logistics_fba_order::expect_time.eq(excluded(logistics_fba_order::expect_time)),
                logistics_fba_order::real_time.eq(excluded(logistics_fba_order::real_time)),
                logistics_fba_order::batch_no.eq(excluded(logistics_fba_order::batch_no)),
                logistics_fba_order::pod.eq(excluded(logistics_fba_order::pod)),
                logistics_fba_order::update_by.eq(excluded(logistics_fba_order::update_by)),
                logistics_fba_order::update_time.eq(excluded(logistics_fba_order::update_time)),
            ))
            .execute(c)
            .await?);
        on_tx!(tx, |c| diesel::delete(logistics_fba_config::table.filter(logistics_fba_config::shipment_id.eq(&id)))
            .execute(c)
            .await?);
        // At most 50, one statement each (SQLite takes no multi-row INSERT from diesel).
        for row in &configs {
            on_tx!(tx, |c| diesel::insert_into(logistics_fba_config::table).values(row.clone()).execute(c).await?);
        }
        Ok::<_, AppError>(())
    })?;
    tracing::info!(user = %me.user.username, order = %before.row.serial_number, "FBA waybill recorded");
    ok(read::<FbaWaybills>(&state, &me, &id).await?)
}

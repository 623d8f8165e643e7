//! Predict batches (`/logistics/predictBatch/*`): a customer's pre-advice of the orders it hands to
//! the warehouse in one intake (orders name their batch). Open while the customer gathers them
//! (editable, deletable while no order names it), handed over once it says they are on their way,
//! received when the warehouse has taken them in; the statuses and what each allows are core's
//! (`shipment::batch_next`), as the browser's buttons show them.

use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::{MessageKey, shipment};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::caller::Caller;
use crate::platform::db::schema::logistics_predict_batch;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, ApiResult, AppError, ok};
use crate::platform::resource::form::{optional, optional_time};
use crate::platform::resource::handlers::read;
use crate::platform::resource::{Checked, Field, Filter, Kind, Resource, Scope};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::{on_tx, transaction};

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[serde(rename_all = "camelCase")]
pub struct PredictBatchRecord {
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub id: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub customer_id: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub batch_no: String,
    /// When the goods are expected at the warehouse.
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamp>)]
    pub expect_time: Option<DateTime>,
    /// open, handed or received.
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub status: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    pub remark: Option<String>,
    /// The orders that name the batch, and their pieces.
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub order_count: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub pieces: i64,
    #[diesel(sql_type = diesel::sql_types::Timestamp)]
    pub create_time: DateTime,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PredictBatchForm {
    pub id: Option<String>,
    /// Staff: the customer it is for.
    pub customer_id: Option<String>,
    /// Blank: the next number (`PB` + day + sequence).
    pub batch_no: Option<String>,
    pub expect_time: Option<String>,
    pub remark: Option<String>,
}

pub struct PredictBatches;

impl Resource for PredictBatches {
    const PATH: &'static str = "/logistics/predictBatch";
    const PERMISSION: &'static str = "logistics:predictBatch";
    const NOUN: &'static str = "predict batch";
    const PLURAL: &'static str = "predict batches";
    const TABLE: &'static str = "logistics_predict_batch";
    const SCOPE: Scope = Scope::Customer;
    const SELECT: &'static str = "*, \
        (SELECT COUNT(*) FROM logistics_shipment s WHERE s.predict_batch_id = logistics_predict_batch.id) AS order_count, \
        (SELECT CAST(COALESCE(SUM(s.shipment_pieces), 0) AS BIGINT) FROM logistics_shipment s \
            WHERE s.predict_batch_id = logistics_predict_batch.id) AS pieces";
    const FIELDS: &'static [Field] = &[
        Field::text("batchNo", "batch_no").sortable().titled(MessageKey::FieldBatchNo),
        Field::time("expectTime", "expect_time").sortable().titled(MessageKey::FieldExpectTime),
        Field::text("status", "status").sortable().titled(MessageKey::FieldState),
        Field::computed("orderCount").titled(MessageKey::FieldOrders),
        Field::computed("pieces").titled(MessageKey::FieldPieces),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::text("customerId", "customer_id"),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("keyWord", &["batch_no", "remark"], "Batch number or remark, substring."),
        Filter::one_of("status", &["status"], shipment::BATCH_STATUSES, Kind::Text, "open, handed or received."),
        Filter::exact("customerId", &["customer_id"], "Staff: the customer's id."),
        Filter::time_from("createTime_begin", &["create_time"], "Created at or after (a date: from its start)."),
        Filter::time_until("createTime_end", &["create_time"], "Created up to (a date: through its end)."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("batchNo", MessageKey::BatchNoTaken));
    const HAS_UPDATE_BY: bool = true;
    /// A batch orders name cannot go.
    const IN_USE_BY: &'static [(&'static str, &'static str)] = &[("logistics_shipment", "predict_batch_id")];
    /// Order forms pick a batch.
    const ALSO_LISTED_BY: &'static [&'static str] = crate::shipment::orders::TYPE_PAGES;

    crate::record_form!(PredictBatchRecord, PredictBatchForm, batch_no);

    async fn values(state: &AppState, me: &CurrentUser, form: &PredictBatchForm, before: Option<&PredictBatchRecord>) -> Checked {
        if let Some(b) = before {
            shipment::batch_selection(&[(&b.batch_no, &b.status)], "edit")?;
        }
        let mut values =
            super::address::customer_value(state, me, form.customer_id.as_deref(), before.map(|b| b.customer_id.as_str()))
                .await?;
        let batch_no = match optional("batchNo", MessageKey::FieldBatchNo, &form.batch_no, 50)? {
            Some(given) => given,
            None => match before {
                Some(b) => b.batch_no.clone(),
                None => super::orders::numbers::daily(&state.db, me.tenant_id, "batch", "PB").await?,
            },
        };
        values.push(("batch_no", batch_no.into()));
        values.push(("expect_time", optional_time("expectTime", MessageKey::FieldExpectTime, &form.expect_time)?.into()));
        values.push(("remark", optional("remark", MessageKey::FieldRemark, &form.remark, 500)?.into()));
        if before.is_none() {
            values.push(("status", "open".to_owned().into()));
        }
        Ok(values)
    }

    async fn before_delete(_: &AppState, _: &CurrentUser, records: &[PredictBatchRecord]) -> Result<(), AppError> {
        let items: Vec<(&str, &str)> = records.iter().map(|r| (r.batch_no.as_str(), r.status.as_str())).collect();
        Ok(shipment::batch_selection(&items, "delete")?)
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BatchIds {
    /// Comma-separated ids.
    pub ids: String,
}

/// Moves a selection by `action`: every batch in reach (else 404) and allowing it (else the spec's
/// message naming those that do not), all or none.
async fn act(state: &AppState, me: &CurrentUser, ids: &str, action: &str) -> Result<Vec<PredictBatchRecord>, AppError> {
    grants::require(state, me, &format!("{}:{action}", PredictBatches::PERMISSION)).await?;
    let ids = crate::platform::http::page::require_ids(ids)?;
    if ids.len() > 500 {
        return Err(AppError::field("ids", MessageKey::TooMany)
            .with("field", format!("@{}", MessageKey::FieldIds.key()))
            .with("max", "500"));
    }
    let mut records = Vec::with_capacity(ids.len());
    for id in &ids {
        records.push(read::<PredictBatches>(state, me, id).await?);
    }
    let items: Vec<(&str, &str)> = records.iter().map(|r| (r.batch_no.as_str(), r.status.as_str())).collect();
    shipment::batch_selection(&items, action)?;
    // Every batch allows the action, so all are in the one status it leaves.
    let from = <[PredictBatchRecord]>::first(&records).map(|r| r.status.clone()).unwrap_or_default();
    let to = shipment::batch_next(&from, action).unwrap_or_default();
    let now = chrono::Utc::now().naive_utc();
    let count = ids.len();
    transaction!(data: &state.db, |tx| {
        let moved = on_tx!(tx, |c| diesel::update(
            logistics_predict_batch::table
                .filter(logistics_predict_batch::id.eq_any(&ids))
                .filter(logistics_predict_batch::status.eq(&from)),
        )
        .set((
            logistics_predict_batch::status.eq(to),
            logistics_predict_batch::update_by.eq(&me.user.username),
            logistics_predict_batch::update_time.eq(now),
        ))
        .execute(c)
        .await?);
        // Another request moved some of them meanwhile: none moves.
        if moved == count { Ok(()) } else { Err(AppError::conflict(MessageKey::Conflict)) }
    })?;
    let mut after = Vec::with_capacity(ids.len());
    for id in &ids {
        after.push(read::<PredictBatches>(state, me, id).await?);
    }
    Ok(after)
}

/// Tells the warehouse the selected open batches are on their way (open → handed): they can no
/// longer be edited or deleted.
#[utoipa::path(post, path = "/logistics/predictBatch/handOver", tag = "logistics", request_body = BatchIds,
    responses((status = 200, body = crate::platform::http::Envelope<Vec<PredictBatchRecord>>),
        (status = 400, description = "Nothing selected, or batches that are not open (named)"), (status = 403), (status = 404)))]
pub async fn hand_over(Caller(state, me): Caller, ApiJson(form): ApiJson<BatchIds>) -> ApiResult<Vec<PredictBatchRecord>> {
    ok(act(&state, &me, &form.ids, "handOver").await?)
}

/// Takes handed batches back (handed → open), before the warehouse receives them.
#[utoipa::path(post, path = "/logistics/predictBatch/reopen", tag = "logistics", request_body = BatchIds,
    responses((status = 200, body = crate::platform::http::Envelope<Vec<PredictBatchRecord>>),
        (status = 400, description = "Nothing selected, or batches that are not handed over (named)"), (status = 403), (status = 404)))]
pub async fn reopen(Caller(state, me): Caller, ApiJson(form): ApiJson<BatchIds>) -> ApiResult<Vec<PredictBatchRecord>> {
    ok(act(&state, &me, &form.ids, "reopen").await?)
}

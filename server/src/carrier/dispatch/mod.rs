//! Dispatch (`/logistics/dispatch/*`): shipments or whole outbound batches assigned to a carrier
//! and a pickup at one of the forwarder's depots on a business day. A shipment is in one
//! dispatch at a time, and only with the carrier its channel ships with. The pickup is booked
//! through the carrier's adapter (or by hand), confirmed when collected, and the dispatch closes
//! into the day's manifest (`carrier::manifests`). Core's `dispatch` rules say what each status
//! allows; the page offers the same actions through WASM.

pub mod actions;

use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::dispatch::{self, Action, STATUSES};
use logistics_core::{Lang, MessageKey};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::db::schema::{logistics_dispatch, logistics_manifest as mf, logistics_platform_depot as pd};
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{AppError, current_lang};
use crate::platform::resource::form::{Reference, optional};
use crate::platform::resource::{Checked, Field, Filter, Kind, Resource, Scope, customer_of};
use crate::shipment::orders::numbers;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::with_conn;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = logistics_dispatch)]
#[serde(rename_all = "camelCase")]
pub struct DispatchRecord {
    pub id: String,
    pub dispatch_no: String,
    pub supplier_id: String,
    /// The carrier's name in the request's language.
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub supplier_name: String,
    pub depot_id: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub depot_name: String,
    /// `YYYY-MM-DD`, the business day of the pickup.
    pub pickup_date: String,
    /// `HH:MM-HH:MM`.
    pub pickup_window: Option<String>,
    /// created, requested, picked_up, manifested or cancelled.
    pub dispatch_status: String,
    /// The carrier's confirmation of the pickup.
    pub pickup_ref: Option<String>,
    pub shipments: i32,
    pub pieces: i32,
    /// kg.
    pub weight: String,
    pub manifest_id: Option<String>,
    pub manifest_no: Option<String>,
    pub remark: Option<String>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DispatchForm {
    pub id: Option<String>,
    /// The carrier (a supplier).
    pub supplier_id: Option<String>,
    /// The platform depot where it is picked up.
    pub depot_id: Option<String>,
    /// `YYYY-MM-DD`; blank: today (the business day).
    pub pickup_date: Option<String>,
    /// `HH:MM-HH:MM`.
    pub pickup_window: Option<String>,
    pub remark: Option<String>,
}

const SUPPLIER: Reference = Reference::id("logistics_supplier", MessageKey::FieldSupplier);

pub struct Dispatches;

impl Resource for Dispatches {
    const PATH: &'static str = "/logistics/dispatch";
    const PERMISSION: &'static str = "logistics:dispatch";
    const NOUN: &'static str = "dispatch";
    const PLURAL: &'static str = "dispatches";
    const TABLE: &'static str = "logistics_dispatch";
    const SCOPE: Scope = Scope::Tenant;
    const SELECT: &'static str = "*, '' AS supplier_name, '' AS depot_name";
    const FIELDS: &'static [Field] = &[
        Field::text("dispatchNo", "dispatch_no").sortable().titled(MessageKey::FieldDispatchNo),
        Field::text("supplierId", "supplier_id"),
        Field::computed("supplierName").titled(MessageKey::FieldSupplier),
        Field::text("depotId", "depot_id"),
        Field::computed("depotName").titled(MessageKey::FieldDepot),
        Field::text("pickupDate", "pickup_date").sortable().titled(MessageKey::FieldPickupDate),
        Field::text("pickupWindow", "pickup_window").titled(MessageKey::FieldPickupWindow),
        Field::text("dispatchStatus", "dispatch_status").titled(MessageKey::FieldState),
        Field::text("pickupRef", "pickup_ref").titled(MessageKey::FieldCarrierRef),
        Field::int("shipments", "shipments").titled(MessageKey::FieldOrders),
        Field::int("pieces", "pieces").titled(MessageKey::FieldPieces),
        Field::text("weight", "weight").titled(MessageKey::FieldWeight),
        Field::text("manifestNo", "manifest_no").titled(MessageKey::FieldManifestNo),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like_upper("dispatchNo", &["dispatch_no"], "Dispatch number, substring."),
        Filter::exact("supplierId", &["supplier_id"], "The carrier's id."),
        Filter::exact("depotId", &["depot_id"], "The depot's id."),
        Filter::exact("pickupDate", &["pickup_date"], "The pickup's day, YYYY-MM-DD."),
        Filter::one_of(
            "dispatchStatus",
            &["dispatch_status"],
            STATUSES,
            Kind::Text,
            "created, requested, picked_up, manifested or cancelled.",
        ),
        Filter::exact("manifestId", &["manifest_id"], "The manifest that closed it."),
        Filter::time_from("createTime_begin", &["create_time"], "Created at or after."),
        Filter::time_until("createTime_end", &["create_time"], "Created up to."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("dispatchNo", MessageKey::CodeTaken));
    const HAS_UPDATE_BY: bool = true;
    const OMIT: &'static [&'static str] = &["importExcel"];
    /// Its shipments go with it (only a dispatch still created or cancelled is deleted).
    const CASCADE: &'static [(&'static str, &'static str)] = &[("logistics_dispatch_item", "dispatch_id")];

    crate::record_form!(DispatchRecord, DispatchForm, dispatch_no);

    /// Creating, editing and deleting dispatches (and their orders) is one grant: `:add`.
    fn permission(verb: &str) -> String {
        let verb = if matches!(verb, "edit" | "delete") { "add" } else { verb };
        format!("{}:{verb}", Self::PERMISSION)
    }

    fn authorize(me: &CurrentUser) -> Result<(), AppError> {
        if customer_of(me).is_some() { Err(AppError::forbidden()) } else { Ok(()) }
    }

    async fn values(state: &AppState, me: &CurrentUser, form: &DispatchForm, before: Option<&DispatchRecord>) -> Checked {
        if let Some(b) = before {
            dispatch::allowed(&b.dispatch_status, Action::Edit).map_err(|k| refused(k, b))?;
        }
        let supplier = SUPPLIER.check(&state.db, me.tenant_id, "supplierId", form.supplier_id.as_deref()).await?;
        if let Some(b) = before.filter(|b| b.shipments > 0 && b.supplier_id != supplier) {
            return Err(AppError::field("supplierId", MessageKey::DispatchCarrierFixed).with("dispatch", b.dispatch_no.clone()));
        }
        let depot = usable_depot(state, me.tenant_id, form.depot_id.as_deref().unwrap_or(""), &supplier).await?;
        let date = match optional("pickupDate", MessageKey::FieldPickupDate, &form.pickup_date, 10)? {
            Some(d) => dispatch::day("pickupDate", &d)?,
            None => crate::wallet::business_day(chrono::Utc::now().naive_utc()),
        };
        day_open(state, me.tenant_id, &supplier, &depot, &date).await?;
        let window = match optional("pickupWindow", MessageKey::FieldPickupWindow, &form.pickup_window, 20)? {
            Some(w) => Some(dispatch::window("pickupWindow", &w)?),
            None => None,
        };
        let mut values = vec![
            ("supplier_id", supplier.into()),
            ("depot_id", depot.into()),
            ("pickup_date", date.into()),
            ("pickup_window", window.into()),
            ("remark", optional("remark", MessageKey::FieldRemark, &form.remark, 200)?.into()),
        ];
        if before.is_none() {
            values.push(("dispatch_no", numbers::daily(&state.db, me.tenant_id, "DP", "DP").await?.into()));
            values.push(("dispatch_status", "created".into()));
            values.push(("shipments", 0i32.into()));
            values.push(("pieces", 0i32.into()));
            values.push(("weight", "0".into()));
        }
        Ok(values)
    }

    async fn before_delete(_: &AppState, _: &CurrentUser, records: &[DispatchRecord]) -> Result<(), AppError> {
        match records.iter().find(|r| !matches!(r.dispatch_status.as_str(), "created" | "cancelled")) {
            Some(r) => Err(refused(
                dispatch::allowed(&r.dispatch_status, Action::Cancel).err().unwrap_or(MessageKey::DispatchRequested),
                r,
            )),
            None => Ok(()),
        }
    }

    async fn complete(state: &AppState, records: &mut [DispatchRecord]) -> Result<(), AppError> {
        let names = names(state, records.iter().map(|r| (r.supplier_id.as_str(), r.depot_id.as_str()))).await?;
        for r in records {
            r.supplier_name = names.supplier(&r.supplier_id);
            r.depot_name = names.depot(&r.depot_id);
        }
        Ok(())
    }
}

/// A dispatch's refusal, naming it (and its manifest).
pub(crate) fn refused(key: MessageKey, d: &DispatchRecord) -> AppError {
    AppError::conflict(key).with("dispatch", d.dispatch_no.clone()).with("manifest", d.manifest_no.clone().unwrap_or_default())
}

/// Carriers' and depots' names in the request's language.
pub(crate) struct Names {
    suppliers: std::collections::HashMap<String, String>,
    depots: std::collections::HashMap<String, String>,
}

impl Names {
    pub(crate) fn supplier(&self, id: &str) -> String {
        self.suppliers.get(id).cloned().unwrap_or_default()
    }

    pub(crate) fn depot(&self, id: &str) -> String {
        self.depots.get(id).cloned().unwrap_or_default()
    }
}

pub(crate) async fn names<'a>(state: &AppState, ids: impl Iterator<Item = (&'a str, &'a str)>) -> Result<Names, AppError> {
    use crate::platform::db::schema::logistics_supplier as sp;
    let (mut suppliers, mut depots): (Vec<&str>, Vec<&str>) = ids.unzip();
    suppliers.sort_unstable();
    suppliers.dedup();
    depots.sort_unstable();
    depots.dedup();
    let en = current_lang() == Lang::EnUs;
    let pick = move |(id, zh, en_name): (String, String, Option<String>)| {
        let name = if en { en_name.filter(|n| !n.trim().is_empty()).unwrap_or(zh) } else { zh };
        (id, name)
    };
    let s: Vec<(String, String, Option<String>)> = with_conn!(&state.db, |c| sp::table
        .filter(sp::id.eq_any(&suppliers))
        .select((sp::id, sp::name, sp::name_en))
        .load(c)
        .await?);
    let d: Vec<(String, String, Option<String>)> = with_conn!(&state.db, |c| pd::table
        .filter(pd::id.eq_any(&depots))
        .select((pd::id, pd::name, pd::name_en))
        .load(c)
        .await?);
    Ok(Names { suppliers: s.into_iter().map(pick).collect(), depots: d.into_iter().map(pick).collect() })
}

/// A depot of the tenant in use, the forwarder's own or the carrier's hand-over point (else the
/// form's error naming it).
pub(crate) async fn usable_depot(state: &AppState, tenant_id: i32, id: &str, supplier_id: &str) -> Result<String, AppError> {
    let id = id.trim();
    logistics_core::validate::required("depotId", MessageKey::FieldDepot.template(current_lang()), id)?;
    type Row = (String, String, Option<String>, i16);
    let found: Option<Row> = with_conn!(&state.db, |c| pd::table
        .filter(pd::tenant_id.eq(tenant_id))
        .filter(pd::id.eq(id))
        .select((pd::code, pd::depot_type, pd::supplier_id, pd::status))
        .first(c)
        .await
        .optional()?);
    let Some((code, kind, owner, status)) = found else {
        return Err(crate::platform::resource::form::invalid("depotId", MessageKey::FieldDepot));
    };
    if status != 1 || kind == "handover" && owner.as_deref() != Some(supplier_id) {
        return Err(AppError::field("depotId", MessageKey::DepotNotUsable)
            .with("depot", code)
            .with("carrier", supplier_id.to_owned()));
    }
    Ok(id.to_owned())
}

/// Refuses a day whose manifest is closed for the carrier at the depot.
pub(crate) async fn day_open(state: &AppState, tenant_id: i32, supplier: &str, depot: &str, date: &str) -> Result<(), AppError> {
    let closed: Option<String> = with_conn!(&state.db, |c| mf::table
        .filter(mf::tenant_id.eq(tenant_id))
        .filter(mf::supplier_id.eq(supplier))
        .filter(mf::depot_id.eq(depot))
        .filter(mf::manifest_date.eq(date))
        .select(mf::manifest_no)
        .first(c)
        .await
        .optional()?);
    match closed {
        None => Ok(()),
        Some(no) => {
            let n = names(state, std::iter::once((supplier, depot))).await?;
            Err(AppError::conflict(MessageKey::ManifestDayClosed)
                .with("carrier", n.supplier(supplier))
                .with("depot", n.depot(depot))
                .with("date", date.to_owned())
                .with("manifest", no))
        }
    }
}

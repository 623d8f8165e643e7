//! Carrier labels (`/logistics/carrierLabel/*`): when an order's channel product says the carrier
//! supplies the label (`labelType` `carrier`), the carrier's adapter issues it on the first print;
//! with `upload`, staff or the customer upload the PDF the carrier gave them. Either way it is
//! stored through the file storage (under `private/`, never served statically), listed here, and
//! printed instead of the platform's own label, merged into batches page for page. Deleting one
//! makes the next print fetch it again; a label swap deletes it (its number changed).

use std::collections::HashMap;
use std::time::Duration;

use axum::extract::Multipart;
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::label::{self, Supplier};
use logistics_core::{Lang, MessageKey, shipment};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::carrier::adapters::{self, LabelRequest};
use crate::carrier::suppliers::credentials;
use crate::platform::caller::Caller;
use crate::platform::db::schema::{logistics_carrier_label, logistics_shipment};
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::upload::Upload;
use crate::platform::http::{ApiQuery, AppError, current_lang, ok};
use crate::platform::resource::handlers::read;
use crate::platform::resource::{Field, Filter, Kind, NoForm, Resource, Scope};
use crate::platform::secrets;
use crate::shipment::orders::{ShipmentRecord, Shipments};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{on_tx, transaction, with_conn};

/// How long a carrier may take to issue a label before the print reports it as failed.
const ADAPTER_TIMEOUT: Duration = Duration::from_secs(20);
/// The body limit of the upload route: the largest label plus multipart overhead.
pub const UPLOAD_BODY_LIMIT: usize = label::CARRIER_LABEL_MAX_BYTES + 64 * 1024;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = logistics_carrier_label)]
#[serde(rename_all = "camelCase")]
pub struct CarrierLabelRecord {
    pub id: String,
    pub customer_id: String,
    pub shipment_id: String,
    /// The order's number.
    pub serial_number: String,
    /// `carrier` (issued through the carrier's adapter) or `upload`.
    pub source: String,
    /// The supplier whose label it is.
    pub carrier: Option<String>,
    /// The carrier's number on the label.
    pub track_no: Option<String>,
    /// Bytes.
    pub file_size: i32,
    pub create_by: Option<String>,
    pub create_time: DateTime,
}

pub struct CarrierLabels;

impl Resource for CarrierLabels {
    const PATH: &'static str = "/logistics/carrierLabel";
    const PERMISSION: &'static str = "logistics:carrierLabel";
    const NOUN: &'static str = "carrier label";
    const PLURAL: &'static str = "carrierLabels";
    const TABLE: &'static str = "logistics_carrier_label";
    const SCOPE: Scope = Scope::Customer;
    const FIELDS: &'static [Field] = &[
        Field::text("serialNumber", "serial_number").sortable().titled(MessageKey::FieldSerialNumber),
        Field::text("trackNo", "track_no").sortable().titled(MessageKey::FieldTrackNo),
        Field::text("source", "source").sortable(),
        Field::text("carrier", "carrier").sortable().titled(MessageKey::FieldSupplier),
        Field::int("fileSize", "file_size").sortable(),
        Field::text("customerId", "customer_id"),
        Field::text("shipmentId", "shipment_id"),
        Field::text("createBy", "create_by"),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::any_of("numbers", &["serial_number", "track_no"], 500, "Order numbers or carrier numbers, pasted in bulk."),
        Filter::one_of("source", &["source"], &["carrier", "upload"], Kind::Text, "carrier or upload."),
        Filter::like("carrier", &["carrier"], "The supplier, in part."),
        Filter::time_from("createTime_begin", &["create_time"], "Stored at or after."),
        Filter::time_until("createTime_end", &["create_time"], "Stored up to."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const OMIT: &'static [&'static str] = &["add", "edit", "importExcel"];

    crate::record_form!(CarrierLabelRecord, NoForm, serial_number);

    async fn values(
        _: &AppState,
        _: &CurrentUser,
        _: &NoForm,
        _: Option<&CarrierLabelRecord>,
    ) -> crate::platform::resource::Checked {
        Err(AppError::method_not_allowed())
    }
}

fn storage_path(tenant_id: i32, id: &str) -> String {
    let day = Utc::now().format("%Y%m%d");
    format!("{}carrier-labels/{tenant_id}/{day}/{id}.pdf", crate::platform::files::PRIVATE_PREFIX)
}

/// An order whose label the carrier supplies, as the print found it.
pub struct Wanted<'a> {
    pub record: &'a ShipmentRecord,
    pub supplier: Supplier,
    pub carrier: Option<Carrier>,
    pub request: LabelRequest,
}

/// The supplier of a channel product's labels when it is a carrier.
#[derive(Clone, Debug)]
pub struct Carrier {
    pub supplier_id: String,
    /// The supplier's code (`UPS`: its labels print the UPS routing code).
    pub code: String,
    /// Its `apiType`: the adapter that speaks to it.
    pub api: Option<String>,
    /// Its name in the request's language.
    pub name: String,
}

/// Keeps a carrier label: the file stored, the row written (one per order: a label already kept
/// by a concurrent print wins), the order given the carrier's number when it had none.
#[expect(clippy::too_many_arguments)]
async fn keep(
    state: &AppState,
    tenant_id: i32,
    record: &ShipmentRecord,
    source: &str,
    carrier: Option<&str>,
    track_no: Option<&str>,
    pdf: &[u8],
    by: &str,
) -> Result<CarrierLabelRecord, AppError> {
    let id = secrets::new_id();
    let path = storage_path(tenant_id, &id);
    state.storage.put(&path, pdf).await.map_err(AppError::unavailable)?;
    let now = Utc::now().naive_utc();
    let row = CarrierLabelRecord {
        id: id.clone(),
        customer_id: record.customer_id.clone(),
        shipment_id: record.id.clone(),
        serial_number: record.serial_number.clone(),
        source: source.to_owned(),
        carrier: carrier.map(str::to_owned),
        track_no: track_no.map(str::to_owned),
        file_size: pdf.len() as i32,
        create_by: Some(by.to_owned()),
        create_time: DateTime(now),
    };
    let replace = source == "upload";
    transaction!(data: &state.db, |tx| {
        use logistics_carrier_label as l;
        if replace {
            on_tx!(tx, |c| diesel::delete(l::table.filter(l::shipment_id.eq(&record.id))).execute(c).await?);
        }
        let kept = on_tx!(tx, |c| diesel::insert_into(l::table)
            .values((
                l::id.eq(&row.id),
                l::tenant_id.eq(tenant_id),
                l::customer_id.eq(&row.customer_id),
                l::shipment_id.eq(&row.shipment_id),
                l::serial_number.eq(&row.serial_number),
                l::source.eq(&row.source),
                l::carrier.eq(&row.carrier),
                l::track_no.eq(&row.track_no),
                l::file_path.eq(&path),
                l::file_size.eq(row.file_size),
                l::create_by.eq(&row.create_by),
                l::create_time.eq(now),
            ))
            .on_conflict_do_nothing()
            .execute(c)
            .await?);
        if kept > 0 && let Some(n) = track_no {
            use logistics_shipment as s;
            on_tx!(tx, |c| diesel::update(s::table.filter(s::id.eq(&record.id)).filter(s::track_no.is_null()))
                .set(s::track_no.eq(n))
                .execute(c)
                .await?);
        }
        if replace {
            // A label that failed for want of this upload prints now.
            use logistics_shipment as s;
            on_tx!(tx, |c| diesel::update(s::table.filter(s::id.eq(&record.id)).filter(s::print_status.eq("error")))
                .set(s::print_status.eq("unprinted"))
                .execute(c)
                .await?);
        }
        Ok::<_, AppError>(())
    })?;
    Ok(row)
}

/// The carrier labels of `wanted`, by order id: a kept one, else (adapter orders) a new one from
/// the carrier's adapter, else the reason, in `lang`, why there is none.
pub async fn obtain(
    state: &AppState,
    tenant_id: i32,
    wanted: &[Wanted<'_>],
    by: &str,
) -> Result<HashMap<String, Result<Vec<u8>, AppError>>, AppError> {
    let mut out = HashMap::with_capacity(wanted.len());
    if wanted.is_empty() {
        return Ok(out);
    }
    let ids: Vec<&str> = wanted.iter().map(|w| w.record.id.as_str()).collect();
    let kept: Vec<(String, String)> = with_conn!(&state.db, |conn| {
        logistics_carrier_label::table
            .filter(logistics_carrier_label::shipment_id.eq_any(&ids))
            .select((logistics_carrier_label::shipment_id, logistics_carrier_label::file_path))
            .load(conn)
            .await?
    });
    let kept: HashMap<String, String> = kept.into_iter().collect();
    for w in wanted {
        let serial = || w.record.serial_number.clone();
        if let Some(path) = kept.get(&w.record.id)
            && let Some(bytes) = state.storage.get(path).await
        {
            out.insert(w.record.id.clone(), Ok(bytes));
            continue;
        }
        let result = match (w.supplier, &w.carrier) {
            (Supplier::Carrier, Some(Carrier { supplier_id, api, name, .. })) => {
                match api.as_deref().and_then(adapters::for_api_type) {
                    None => Err(AppError::bad_request(MessageKey::LabelCarrierNoAdapter)
                        .with("serial", serial())
                        .with("carrier", name.clone())),
                    Some(adapter) => {
                        let mut request = w.request.clone();
                        match credentials::load(state, tenant_id, supplier_id).await {
                            Err(e) => Err(e),
                            Ok(found) => {
                                request.credentials = found;
                                issue(state, tenant_id, w.record, adapter, &request, name, by).await?
                            }
                        }
                    }
                }
            }
            (Supplier::Carrier, None) => {
                Err(AppError::bad_request(MessageKey::LabelCarrierNoAdapter).with("serial", serial()).with("carrier", "-"))
            }
            _ => Err(AppError::bad_request(MessageKey::LabelUploadMissing).with("serial", serial())),
        };
        if let Err(e) = &result {
            tracing::info!(serial = %w.record.serial_number, cause = ?e.error, "no carrier label");
        }
        out.insert(w.record.id.clone(), result);
    }
    Ok(out)
}

/// A label issued by the carrier's adapter and kept; the carrier's refusal (or silence) as the
/// order's failure.
async fn issue(
    state: &AppState,
    tenant_id: i32,
    record: &ShipmentRecord,
    adapter: &dyn adapters::CarrierAdapter,
    request: &LabelRequest,
    name: &str,
    by: &str,
) -> Result<Result<Vec<u8>, AppError>, AppError> {
    let serial = || record.serial_number.clone();
    Ok(match tokio::time::timeout(ADAPTER_TIMEOUT, adapter.label(request)).await {
        Err(_) => Err(failed(&serial(), "timed out")),
        Ok(Err(reason)) => Err(failed(&serial(), &reason)),
        Ok(Ok(issued)) if issued.pdf.len() > label::CARRIER_LABEL_MAX_BYTES || !label::looks_like_pdf(&issued.pdf) => {
            Err(failed(&serial(), "the label is not a PDF"))
        }
        Ok(Ok(issued)) => {
            keep(state, tenant_id, record, "carrier", Some(name), Some(&issued.track_no), &issued.pdf, by).await?;
            Ok(issued.pdf)
        }
    })
}

fn failed(serial: &str, reason: &str) -> AppError {
    AppError::bad_request(MessageKey::LabelCarrierFailed).with("serial", serial.to_owned()).with("reason", reason.to_owned())
}

/// The uploaded label as an answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarrierLabelUploaded {
    pub record: CarrierLabelRecord,
    /// Pages in the file (a label each).
    pub pages: usize,
}

/// Uploads the carrier's label of an order whose channel product says the carrier supplies it
/// (multipart fields `file`, a PDF up to 5 MB; `shipmentId` or `serialNumber`; optional `trackNo`,
/// the carrier's number on it). It replaces a label kept before; an order whose print failed for
/// want of it goes back to unprinted.
#[utoipa::path(post, path = "/logistics/carrierLabel/upload", tag = "logistics",
    request_body(content_type = "multipart/form-data", description = "fields `file`, `shipmentId` or `serialNumber`, optional `trackNo`"),
    responses((status = 200, body = crate::platform::http::Envelope<CarrierLabelUploaded>), (status = 400, description = "Not a PDF, an order drawn by the system, an order that no longer prints"), (status = 403), (status = 404), (status = 413)))]
pub async fn upload(Caller(state, me): Caller, multipart: Multipart) -> Result<Response, AppError> {
    grants::require(&state, &me, "logistics:carrierLabel:upload").await?;
    let mut form = Upload::read(multipart, UPLOAD_BODY_LIMIT).await?;
    let (shipment_id, serial_number, track_no) = (
        form.text("shipmentId").trim().to_owned(),
        form.text("serialNumber").trim().to_owned(),
        form.text("trackNo").trim().to_ascii_uppercase(),
    );
    let (shipment_id, serial_number) = (shipment_id.as_str(), serial_number.as_str());
    if track_no.chars().count() > 50 || label::code128(&track_no).is_none() && !track_no.is_empty() {
        return Err(AppError::field("trackNo", MessageKey::LabelBarcodeInvalid)
            .with("serial", serial_number.to_owned())
            .with("number", track_no));
    }
    let id = if shipment_id.is_empty() {
        if serial_number.is_empty() {
            return Err(AppError::field("serialNumber", MessageKey::Required)
                .with("field", format!("@{}", MessageKey::FieldSerialNumber.key())));
        }
        let found: Option<String> = with_conn!(&state.db, |conn| {
            logistics_shipment::table
                .filter(logistics_shipment::tenant_id.eq(me.tenant_id))
                .filter(logistics_shipment::serial_number.eq(serial_number))
                .select(logistics_shipment::id)
                .first(conn)
                .await
                .optional()?
        });
        found.ok_or_else(AppError::not_found)?
    } else {
        shipment_id.to_owned()
    };
    // The caller's whole reach: another customer's order is not found.
    let record = read::<Shipments>(&state, &me, &id).await?;
    shipment::selection(&[(record.serial_number.as_str(), record.shipment_status.as_str())], "print")?;
    let (supplier, carrier) = supplier_of(&state, &record).await?;
    if supplier == Supplier::System {
        return Err(AppError::bad_request(MessageKey::LabelNotCarrier).with("serial", record.serial_number.clone()));
    }
    let bytes = form.file()?;
    if bytes.len() > label::CARRIER_LABEL_MAX_BYTES {
        return Err(AppError::payload_too_large_with(MessageKey::FileTooLarge).with("max", "5 MB"));
    }
    let pages = if label::looks_like_pdf(&bytes) {
        lopdf::Document::load_mem(&bytes).map(|d| d.get_pages().len()).unwrap_or(0)
    } else {
        0
    };
    if pages == 0 {
        return Err(AppError::field("file", MessageKey::LabelPdfInvalid));
    }
    let track = Some(track_no.as_str()).filter(|t| !t.is_empty());
    let kept = keep(
        &state,
        me.tenant_id,
        &record,
        "upload",
        carrier.as_ref().map(|c| c.name.as_str()),
        track,
        &bytes,
        &me.user.username,
    )
    .await?;
    logs::added(&state.db, &me, "logistics:carrierLabel:upload", &kept.serial_number, &kept).await;
    Ok(ok(CarrierLabelUploaded { record: kept, pages })?.into_response())
}

/// Who supplies the labels of each channel product, and its carrier.
pub async fn suppliers(state: &AppState, products: &[&str]) -> Result<HashMap<String, (Supplier, Option<Carrier>)>, AppError> {
    use crate::platform::db::schema::{logistics_channel as c, logistics_channel_product as cp, logistics_supplier as sp};
    if products.is_empty() {
        return Ok(HashMap::new());
    }
    let mut unique = products.to_vec();
    unique.sort_unstable();
    unique.dedup();
    type Row = (String, Option<String>, String, String, Option<String>, String, Option<String>);
    let rows: Vec<Row> = with_conn!(&state.db, |conn| {
        cp::table
            .inner_join(c::table.inner_join(sp::table))
            .filter(cp::id.eq_any(&unique))
            .select((cp::id, cp::label_type, sp::id, sp::code, sp::api_type, sp::name, sp::name_en))
            .load(conn)
            .await?
    });
    let lang = current_lang();
    Ok(rows
        .into_iter()
        .map(|(id, label_type, supplier_id, code, api, name, name_en)| {
            let name = if lang == Lang::EnUs { name_en.filter(|n| !n.trim().is_empty()).unwrap_or(name) } else { name };
            (id, (label::supplier_of(label_type.as_deref()), Some(Carrier { supplier_id, code, api, name })))
        })
        .collect())
}

/// The order's label supplier and its carrier.
pub async fn supplier_of(state: &AppState, record: &ShipmentRecord) -> Result<(Supplier, Option<Carrier>), AppError> {
    let Some(product) = record.channel_product_id.clone() else {
        return Ok((Supplier::System, None));
    };
    let found = suppliers(state, &[product.as_str()]).await?;
    Ok(found.get(&product).cloned().unwrap_or((Supplier::System, None)))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FileQuery {
    /// The carrier label's id.
    #[serde(default)]
    pub id: String,
}

/// A kept carrier label's PDF, to those who reach its order (a customer sees its own orders'
/// labels without the carrier-label list, which is staff's).
#[utoipa::path(get, path = "/logistics/carrierLabel/file", tag = "logistics", params(FileQuery),
    responses((status = 200, description = "The label", content_type = "application/pdf"), (status = 403), (status = 404)))]
pub async fn file(Caller(state, me): Caller, ApiQuery(q): ApiQuery<FileQuery>) -> Result<Response, AppError> {
    use logistics_carrier_label as l;
    let found: Option<(String, String, String)> = with_conn!(&state.db, |conn| {
        l::table
            .filter(l::tenant_id.eq(me.tenant_id))
            .filter(l::id.eq(q.id.trim()))
            .select((l::shipment_id, l::serial_number, l::file_path))
            .first(conn)
            .await
            .optional()?
    });
    let (shipment_id, serial_number, path) = found.ok_or_else(AppError::not_found)?;
    // The whole reach of the caller (sub-accounts' data rules too): another's order is not found.
    read::<Shipments>(&state, &me, &shipment_id).await?;
    let bytes = state.storage.get(&path).await.ok_or_else(AppError::not_found)?;
    super::inline("application/pdf", &format!("carrier-label-{serial_number}.pdf"), bytes)
}

/// Forgets the carrier labels of orders whose numbers changed (a label swap): the next print
/// fetches or asks for them again.
pub async fn forget(state: &AppState, shipment_id: &str) -> Result<(), AppError> {
    crate::with_write!(data: &state.db, |conn| {
        diesel::delete(logistics_carrier_label::table.filter(logistics_carrier_label::shipment_id.eq(shipment_id)))
            .execute(conn)
            .await?;
    });
    Ok(())
}

//! Shipment labels (`/logistics/shipment/label`, `/logistics/shipment/printBatch`): a label per
//! parcel from the print centre's template (the customer's, else the channel product's, else the
//! tenant's, else core's default of the size), as PDF or ZPL. Orders in a status that cannot print
//! are refused as a selection; an order that cannot be labelled (no tracking number yet, a number
//! no barcode can hold) gets print status `error` with the reason, the others `printed`.

use std::collections::HashMap;

use axum::response::Response;
use chrono::{NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::label::{self, Supplier, Template};
use logistics_core::{Lang, MessageKey, shipment, ups_routing};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::carrier_labels::{self, Wanted};
use super::render::{self, Label, RenderError};
use super::templates;
use crate::carrier::adapters::{self, LabelRequest};
use crate::platform::caller::Caller;
use crate::platform::db::schema::{
    logistics_delivery_number, logistics_shipment, logistics_shipment_parcel, logistics_shipment_product, logistics_shipper,
};
use crate::platform::http::page::require_ids;
use crate::platform::http::{ApiJson, ApiQuery, ApiResult, AppError, current_lang, ok};
use crate::platform::resource::handlers::read_many;
use crate::platform::resource::sql::{Sql, Value};
use crate::platform::tasks;
use crate::shipment::orders::{PERMISSION, ShipmentRecord, Shipments};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::{with_conn, with_write};

/// Orders one call labels at once (the preview and a single print).
pub const MAX_DIRECT: usize = 100;
/// Orders one batch labels (a task with progress).
pub const MAX_BATCH: usize = 1000;
/// Orders read and labelled per step of a batch.
const CHUNK: usize = 100;
/// The task kind of a batch.
pub const TASK_KIND: &str = "label_batch";

/// What to print: the orders and how.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LabelQuery {
    /// The orders' ids, comma-separated.
    #[serde(default)]
    pub ids: String,
    /// 100x150 (default), 100x100, or a4 (four 100 x 150 labels a page).
    pub size: Option<String>,
    /// pdf (default) or zpl.
    pub format: Option<String>,
    /// The printer's resolution: 203 (default) or 300 dpi. Bars and modules are whole dots of it.
    pub dpi: Option<u32>,
}

/// The checked options of a print.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub size: &'static str,
    pub format: &'static str,
    pub dpi: u32,
}

impl Options {
    pub fn from_query(q: &LabelQuery) -> Result<Options, AppError> {
        let size = q.size.as_deref().map(str::trim).filter(|s| !s.is_empty()).unwrap_or("100x150").to_ascii_lowercase();
        let size = label::SIZES
            .iter()
            .copied()
            .find(|s| *s == size)
            .ok_or_else(|| AppError::field("size", MessageKey::LabelSizeInvalid))?;
        let format = q.format.as_deref().map(str::trim).filter(|s| !s.is_empty()).unwrap_or("pdf").to_ascii_lowercase();
        let format = label::FORMATS
            .iter()
            .copied()
            .find(|f| *f == format)
            .ok_or_else(|| AppError::field("format", MessageKey::LabelFormatInvalid))?;
        let dpi = q.dpi.unwrap_or(203);
        if !label::DPIS.contains(&dpi) {
            return Err(AppError::field("dpi", MessageKey::LabelDpiInvalid));
        }
        if format == "zpl" && size == "a4" {
            return Err(AppError::field("size", MessageKey::LabelSizeInvalid));
        }
        Ok(Options { size, format, dpi })
    }

    pub fn content_type(self) -> &'static str {
        if self.format == "zpl" { "application/x-zpl; charset=utf-8" } else { "application/pdf" }
    }

    pub fn extension(self) -> &'static str {
        self.format
    }
}

/// A parcel as its label shows it.
struct Parcel {
    id: String,
    seq: i32,
    reference: Option<String>,
    fba_code: Option<String>,
    sys_track_no: Option<String>,
    /// Centimetres as stored: length, width, height.
    cm: (String, String, String),
    /// Kilograms as stored.
    kg: String,
    dimensions: String,
    weight: String,
}

/// The sender block.
#[derive(Clone)]
struct Sender {
    name: String,
    company: Option<String>,
    phone: Option<String>,
    address: String,
    country: String,
    /// The parts a carrier asks for separately.
    street: String,
    city: String,
    state: Option<String>,
    postal_code: Option<String>,
}

/// Everything an order's labels show.
pub struct Source {
    record: ShipmentRecord,
    parcels: Vec<Parcel>,
    /// Tracking numbers by parcel id (`""`: the order's).
    numbers: HashMap<String, String>,
    /// Declared goods by parcel id: "name x qty; …".
    goods: HashMap<String, String>,
    zone: Option<String>,
    /// The UPS routing code of the consignee's country and postal code, for a UPS order.
    routing_code: Option<String>,
    sender: Option<Sender>,
    /// Who supplies the labels, and the carrier (`apiType`, name) when it is not the platform.
    supplier: Supplier,
    carrier: Option<carrier_labels::Carrier>,
}

type ParcelRow = (String, String, i32, Option<String>, Option<String>, Option<String>, String, String, String, String);

fn joined(parts: &[Option<&str>], sep: &str) -> String {
    parts.iter().flatten().map(|p| p.trim()).filter(|p| !p.is_empty()).collect::<Vec<_>>().join(sep)
}

/// Reads what the records' labels show: parcels, numbers, goods, zones and senders, a query each.
pub async fn sources(state: &AppState, tenant: i32, records: Vec<ShipmentRecord>) -> Result<Vec<Source>, AppError> {
    use logistics_delivery_number as dn;
    use logistics_shipment_parcel as p;
    use logistics_shipment_product as g;
    let ids: Vec<&str> = records.iter().map(|r| r.id.as_str()).collect();
    let shippers: Vec<&str> = records.iter().filter_map(|r| r.shipper_id.as_deref()).collect();
    type GoodsRow = (String, Option<String>, Option<String>, Option<i32>);
    type ShipperRow = (
        String,
        String,
        Option<String>,
        Option<String>,
        String,
        Option<String>,
        String,
        Option<String>,
        Option<String>,
        Option<String>,
        String,
        Option<String>,
    );
    type NumberRow = (String, Option<String>, String);
    type QuoteRow = (String, Option<String>);
    type Rows = (Vec<ParcelRow>, Vec<GoodsRow>, Vec<NumberRow>, Vec<QuoteRow>, Vec<ShipperRow>);
    let (parcels, goods, numbers, quotes, senders): Rows = with_conn!(&state.db, |conn| {
        let parcels = p::table
            .filter(p::shipment_id.eq_any(&ids))
            .order((p::shipment_id.asc(), p::seq.asc()))
            .select((
                p::id,
                p::shipment_id,
                p::seq,
                p::reference,
                p::fba_code,
                p::sys_track_no,
                p::length,
                p::width,
                p::height,
                p::weight,
            ))
            .load::<ParcelRow>(conn)
            .await?;
        let goods = g::table
            .filter(g::shipment_id.eq_any(&ids))
            .order((g::parcel_id.asc(), g::seq.asc()))
            .select((g::parcel_id, g::fr_name, g::lc_name, g::quantity))
            .load::<GoodsRow>(conn)
            .await?;
        let numbers = dn::table
            .filter(dn::shipment_id.eq_any(&ids))
            .order(dn::create_time.asc())
            .select((dn::shipment_id, dn::shipment_parcel_id, dn::track_no))
            .load(conn)
            .await?;
        let quotes = logistics_shipment::table
            .filter(logistics_shipment::id.eq_any(&ids))
            .select((logistics_shipment::id, logistics_shipment::quote))
            .load(conn)
            .await?;
        let senders = logistics_shipper::table
            .filter(logistics_shipper::id.eq_any(&shippers))
            .select((
                logistics_shipper::id,
                logistics_shipper::name,
                logistics_shipper::company,
                logistics_shipper::phone,
                logistics_shipper::country,
                logistics_shipper::state,
                logistics_shipper::city,
                logistics_shipper::postal_code,
                logistics_shipper::street,
                logistics_shipper::house,
                logistics_shipper::address1,
                logistics_shipper::address2,
            ))
            .load(conn)
            .await?;
        (parcels, goods, numbers, quotes, senders)
    });
    let products: Vec<&str> = records.iter().filter_map(|r| r.channel_product_id.as_deref()).collect();
    let suppliers = carrier_labels::suppliers(state, &products).await?;
    let mut parcels_of: HashMap<String, Vec<Parcel>> = HashMap::new();
    for (id, shipment_id, seq, reference, fba_code, sys_track_no, l, w, h, weight) in parcels {
        parcels_of.entry(shipment_id).or_default().push(Parcel {
            id,
            seq,
            reference,
            fba_code,
            sys_track_no,
            dimensions: format!("{l}x{w}x{h} cm"),
            weight: format!("{weight} kg"),
            cm: (l, w, h),
            kg: weight,
        });
    }
    let mut goods_of: HashMap<String, String> = HashMap::new();
    for (parcel, fr, lc, qty) in goods {
        let name = fr.filter(|n| !n.trim().is_empty()).or(lc).unwrap_or_default();
        let line = goods_of.entry(parcel).or_default();
        if !line.is_empty() {
            line.push_str("; ");
        }
        line.push_str(name.trim());
        if let Some(q) = qty {
            line.push_str(&format!(" x{q}"));
        }
    }
    let mut numbers_of: HashMap<String, HashMap<String, String>> = HashMap::new();
    for (shipment_id, parcel, track_no) in numbers {
        numbers_of.entry(shipment_id).or_default().entry(parcel.unwrap_or_default()).or_insert(track_no);
    }
    let zones: HashMap<String, String> = quotes
        .into_iter()
        .filter_map(|(id, q)| {
            let q: serde_json::Value = serde_json::from_str(&q?).ok()?;
            Some((id, q.get("zone")?.as_str()?.to_owned()))
        })
        .collect();
    let senders: HashMap<String, Sender> = senders
        .into_iter()
        .map(|(id, name, company, phone, country, state, city, postal, street, house, a1, a2)| {
            let address = joined(
                &[
                    house.as_deref(),
                    street.as_deref(),
                    Some(&a1),
                    a2.as_deref(),
                    Some(&city),
                    state.as_deref(),
                    postal.as_deref(),
                ],
                ", ",
            );
            let street_line = joined(&[house.as_deref(), street.as_deref(), Some(&a1), a2.as_deref()], ", ");
            (id, Sender { name, company, phone, address, country, street: street_line, city, state, postal_code: postal })
        })
        .collect();
    // Orders without a shipper show their customer's company (from registration) as the sender.
    let unsent: Vec<&str> = records
        .iter()
        .filter(|r| r.shipper_id.as_ref().is_none_or(|s| !senders.contains_key(s)))
        .map(|r| r.customer_id.as_str())
        .collect();
    let companies: HashMap<String, Sender> = if unsent.is_empty() {
        HashMap::new()
    } else {
        use crate::platform::db::schema::customer_company as cc;
        let rows: Vec<(String, String, String, String, String)> = with_conn!(&state.db, |conn| {
            cc::table
                .filter(cc::user_id.eq_any(&unsent))
                .select((cc::user_id, cc::company_name, cc::contact_person, cc::country, cc::address))
                .load(conn)
                .await?
        });
        rows.into_iter()
            .map(|(id, company, contact, country, address)| {
                let sender = Sender {
                    name: contact,
                    company: Some(company),
                    phone: None,
                    street: address.clone(),
                    address,
                    country,
                    city: String::new(),
                    state: None,
                    postal_code: None,
                };
                (id, sender)
            })
            .collect()
    };
    // UPS orders print the routing code of their destination (one lookup per country and postal code).
    let mut routing: HashMap<(String, String), Option<String>> = HashMap::new();
    for record in &records {
        let carrier = record.channel_product_id.as_ref().and_then(|p| suppliers.get(p)).and_then(|p| p.1.as_ref());
        let (Some(carrier), Some(country)) = (carrier, record.consignee_country.as_deref()) else { continue };
        let key = (country.to_owned(), record.consignee_postal_code.clone().unwrap_or_default());
        if ups_routing::is_ups(&carrier.code, carrier.api.as_deref()) && !routing.contains_key(&key) {
            let found = crate::carrier::ups_routing::find(&state.db, tenant, &key.0, &key.1).await?;
            routing.insert(key, found.map(|f| f.routing_code));
        }
    }
    Ok(records
        .into_iter()
        .map(|record| {
            let product = record.channel_product_id.as_ref().and_then(|p| suppliers.get(p));
            let routing_key =
                (record.consignee_country.clone().unwrap_or_default(), record.consignee_postal_code.clone().unwrap_or_default());
            let parcels = parcels_of.remove(&record.id).unwrap_or_default();
            let goods = parcels.iter().filter_map(|p| goods_of.remove(&p.id).map(|g| (p.id.clone(), g))).collect();
            Source {
                numbers: numbers_of.remove(&record.id).unwrap_or_default(),
                zone: zones.get(&record.id).cloned(),
                routing_code: routing.get(&routing_key).cloned().flatten(),
                sender: record
                    .shipper_id
                    .as_ref()
                    .and_then(|s| senders.get(s))
                    .or_else(|| companies.get(&record.customer_id))
                    .cloned(),
                supplier: product.map_or(Supplier::System, |p| p.0),
                carrier: product.and_then(|p| p.1.clone()),
                goods,
                parcels,
                record,
            }
        })
        .collect())
}

/// The consignee's house, street and address lines on one line.
fn consignee_street(r: &ShipmentRecord) -> String {
    joined(
        &[
            r.consignee_house.as_deref(),
            r.consignee_street.as_deref(),
            r.consignee_address1.as_deref(),
            r.consignee_address2.as_deref(),
        ],
        ", ",
    )
}

/// What the carrier's adapter is asked for an order.
fn request(source: &Source) -> LabelRequest {
    let r = &source.record;
    let street = consignee_street(r);
    LabelRequest {
        serial_number: r.serial_number.clone(),
        service_code: r.channel_product_code.clone(),
        service_name: r.channel_product_name.clone(),
        track_no: r.track_no.clone().or_else(|| source.numbers.get("").cloned()),
        sender: source.sender.as_ref().map(|s| adapters::Address {
            name: s.name.clone(),
            company: s.company.clone(),
            phone: s.phone.clone(),
            street: s.street.clone(),
            city: s.city.clone(),
            state: s.state.clone(),
            postal_code: s.postal_code.clone(),
            country: s.country.clone(),
        }),
        consignee: adapters::Address {
            name: r.consignee_name.clone().unwrap_or_default(),
            company: r.consignee_company.clone(),
            phone: r.consignee_phone.clone(),
            street,
            city: r.consignee_city.clone().unwrap_or_default(),
            state: r.consignee_state.clone(),
            postal_code: r.consignee_postal_code.clone(),
            country: r.consignee_country.clone().unwrap_or_default(),
        },
        parcels: source
            .parcels
            .iter()
            .map(|p| adapters::Parcel {
                seq: p.seq,
                reference: p.reference.clone(),
                weight_kg: p.kg.clone(),
                dimensions_cm: p.cm.clone(),
            })
            .collect(),
        // Opened only when the carrier is called (`carrier_labels::obtain`).
        credentials: adapters::Credentials::new(),
    }
}

/// The number a parcel's barcode carries: the carrier's number for the parcel, else the order's
/// (one parcel), else the system tracking number of the parcel, else of the order.
fn barcode_number(source: &Source, parcel: &Parcel) -> Option<String> {
    let one = source.parcels.len() == 1;
    source
        .numbers
        .get(&parcel.id)
        .cloned()
        .or_else(|| one.then(|| source.record.track_no.clone().or_else(|| source.numbers.get("").cloned())).flatten())
        .or_else(|| parcel.sys_track_no.clone())
        .or_else(|| source.record.sys_track_no.clone())
        .filter(|n| !n.trim().is_empty())
}

/// The values of one parcel's label, by core's field names.
fn values(source: &Source, parcel: &Parcel, track_no: String) -> HashMap<&'static str, String> {
    let r = &source.record;
    let mut v: HashMap<&'static str, String> = HashMap::with_capacity(32);
    let mut put = |k: &'static str, value: Option<&str>| {
        if let Some(value) = value.map(str::trim).filter(|s| !s.is_empty()) {
            v.insert(k, value.to_owned());
        }
    };
    put("trackNo", Some(&track_no));
    put("sysTrackNo", parcel.sys_track_no.as_deref().or(r.sys_track_no.as_deref()));
    put("serialNumber", Some(&r.serial_number));
    put("customerCode", r.customer_code.as_deref());
    put("reference", parcel.reference.as_deref());
    put("fbaCode", parcel.fba_code.as_deref().or(r.fba_code.as_deref()));
    put("poCode", r.po_code.as_deref());
    let country = r.consignee_country.as_deref().unwrap_or("");
    // A UPS order sorts by its routing code; others by country and zone.
    let sort = match (&source.routing_code, &source.zone) {
        (Some(code), _) => code.clone(),
        (None, Some(zone)) if !country.is_empty() => format!("{country}-{zone}"),
        (None, Some(zone)) => zone.clone(),
        (None, None) => country.to_owned(),
    };
    put("sortCode", Some(&sort));
    put("routingCode", source.routing_code.as_deref());
    put("service", Some(&r.channel_product_name));
    put("serviceCode", Some(&r.channel_product_code));
    put("shipmentType", Some(&r.shipment_type));
    if let Some(s) = &source.sender {
        put("senderName", Some(&s.name));
        put("senderCompany", s.company.as_deref());
        put("senderPhone", s.phone.as_deref());
        put("senderAddress", Some(&s.address));
        put("senderCountry", Some(&s.country));
    }
    put("consigneeName", r.consignee_name.as_deref());
    put("consigneeCompany", r.consignee_company.as_deref());
    put("consigneePhone", r.consignee_phone.as_deref());
    let street = consignee_street(r);
    put("consigneeAddress", Some(&street));
    let city = joined(&[r.consignee_postal_code.as_deref(), r.consignee_city.as_deref(), r.consignee_state.as_deref()], " ");
    put("consigneeCityLine", Some(&city));
    put("consigneeCountry", Some(country));
    put("pieces", Some(&format!("{}/{}", parcel.seq, source.parcels.len().max(1))));
    put("weight", Some(&parcel.weight));
    put("shipmentWeight", Some(&format!("{} kg", r.shipment_weight)));
    put("dimensions", Some(&parcel.dimensions));
    put("goods", source.goods.get(&parcel.id).map(String::as_str));
    let date = r.submit_time.as_ref().unwrap_or(&r.create_time).0.format("%Y-%m-%d").to_string();
    put("date", Some(&date));
    put("customer", Some(&r.customer));
    put("remark", r.remark.as_deref());
    v
}

/// One parcel's label, ready to place: its template and values.
struct Planned<'t> {
    template: &'t Template,
    values: HashMap<&'static str, String>,
}

/// What labelling did to one order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LabelRow {
    pub id: String,
    pub serial_number: String,
    pub success: bool,
    /// Why not, in the language of whoever printed.
    pub message: Option<String>,
    /// Labels made (a parcel each).
    pub labels: usize,
}

/// The labels of `sources` in one document (the carriers' own PDFs in `carrier` in their order's
/// place), and a row per order.
fn draw(
    sources: &[Source],
    templates: &templates::Chosen,
    carrier: &mut HashMap<String, Result<Vec<u8>, AppError>>,
    options: Options,
    lang: Lang,
) -> Result<(Vec<u8>, Vec<LabelRow>), RenderError> {
    // Runs of the platform's labels, each followed by a carrier's file (in order).
    let mut runs: Vec<(Vec<Planned<'_>>, Option<Vec<u8>>)> = vec![(Vec::new(), None)];
    let mut rows = Vec::with_capacity(sources.len());
    for s in sources {
        if s.supplier != Supplier::System {
            let outcome = if options.format == "zpl" {
                Err(AppError::bad_request(MessageKey::LabelCarrierPdfOnly).with("serial", s.record.serial_number.clone()))
            } else {
                carrier.remove(&s.record.id).unwrap_or_else(|| {
                    Err(AppError::bad_request(MessageKey::LabelUploadMissing).with("serial", s.record.serial_number.clone()))
                })
            };
            rows.push(LabelRow {
                id: s.record.id.clone(),
                serial_number: s.record.serial_number.clone(),
                success: outcome.is_ok(),
                message: outcome.as_ref().err().map(|e| e.error.message(lang)),
                labels: if outcome.is_ok() { s.parcels.len().max(1) } else { 0 },
            });
            if let Ok(bytes) = outcome {
                if let Some(last) = runs.last_mut() {
                    last.1 = Some(bytes);
                }
                runs.push((Vec::new(), None));
            }
            continue;
        }
        let template = templates.for_order(&s.record.customer_id, s.record.channel_product_id.as_deref());
        let mut made = Vec::with_capacity(s.parcels.len());
        let mut failed = None;
        for p in &s.parcels {
            let Some(number) = barcode_number(s, p) else {
                failed = Some(AppError::bad_request(MessageKey::LabelNoNumber).with("serial", s.record.serial_number.clone()));
                break;
            };
            if label::code128(&number).is_none() {
                failed = Some(
                    AppError::bad_request(MessageKey::LabelBarcodeInvalid)
                        .with("serial", s.record.serial_number.clone())
                        .with("number", number),
                );
                break;
            }
            made.push(Planned { template, values: values(s, p, number) });
        }
        if s.parcels.is_empty() {
            failed = Some(AppError::bad_request(MessageKey::LabelNoNumber).with("serial", s.record.serial_number.clone()));
        }
        let row = LabelRow {
            id: s.record.id.clone(),
            serial_number: s.record.serial_number.clone(),
            success: failed.is_none(),
            message: failed.as_ref().map(|e| e.error.message(lang)),
            labels: if failed.is_none() { made.len() } else { 0 },
        };
        if failed.is_none()
            && let Some(last) = runs.last_mut()
        {
            last.0.extend(made);
        }
        rows.push(row);
    }
    let mut parts: Vec<Vec<u8>> = Vec::new();
    for (planned, carrier_file) in runs {
        let labels: Vec<Label<'_>> = planned
            .iter()
            .map(|p| Label {
                template: p.template,
                placed: label::place(p.template, &|name| p.values.get(name).map(String::as_str)),
            })
            .collect();
        if !labels.is_empty() {
            parts.push(if options.format == "zpl" {
                render::zpl(&labels, options.dpi).into_bytes()
            } else {
                render::pdf(&labels, options.size, options.dpi)?
            });
        }
        parts.extend(carrier_file);
    }
    let bytes = if options.format == "zpl" { parts.concat() } else { super::merge::pdfs(parts).map_err(RenderError::Pdf)? };
    Ok((bytes, rows))
}

/// Marks the orders: `printed` (and counted) or `error` with the reason. (The print columns are
/// beyond the table's DSL declaration: written by name.)
async fn mark(state: &AppState, rows: &[LabelRow], now: NaiveDateTime) -> Result<(), AppError> {
    let printed: Vec<Value> = rows.iter().filter(|r| r.success).map(|r| Value::Text(r.id.clone())).collect();
    let mut statements = Vec::new();
    if !printed.is_empty() {
        let mut sql = Sql::new("UPDATE logistics_shipment SET print_status = 'printed', print_message = NULL, print_time = ");
        sql.bind(Value::Time(now)).push(", print_count = print_count + 1 WHERE id IN ").bind_list(printed);
        statements.push(sql);
    }
    for r in rows.iter().filter(|r| !r.success) {
        let mut sql = Sql::new("UPDATE logistics_shipment SET print_status = 'error', print_message = ");
        sql.bind(r.message.clone().unwrap_or_default()).push(" WHERE id = ").bind(r.id.clone());
        statements.push(sql);
    }
    if statements.is_empty() {
        return Ok(());
    }
    with_write!(data: &state.db, |conn| {
        for sql in &statements {
            sql.query().execute(conn).await?;
        }
    });
    Ok(())
}

/// The selection in reach (404 otherwise), each order in a status that prints (else the spec's
/// message naming those that do not).
async fn selected(state: &AppState, me: &CurrentUser, ids: &str, max: usize) -> Result<Vec<ShipmentRecord>, AppError> {
    grants::require(state, me, &format!("{PERMISSION}:print")).await?;
    let ids = require_ids(ids)?;
    if ids.len() > max {
        return Err(AppError::field("ids", MessageKey::TooMany)
            .with("field", format!("@{}", MessageKey::FieldIds.key()))
            .with("max", max.to_string()));
    }
    let records = read_many::<Shipments>(state, me, &ids).await?;
    let items: Vec<(&str, &str)> = records.iter().map(|r| (r.serial_number.as_str(), r.shipment_status.as_str())).collect();
    shipment::selection(&items, "print")?;
    Ok(records)
}

/// Labels one chunk of a tenant's orders on a blocking thread: the bytes and a row per order.
async fn label_chunk(
    state: &AppState,
    tenant: i32,
    by: &str,
    records: Vec<ShipmentRecord>,
    options: Options,
    lang: Lang,
) -> Result<(Vec<u8>, Vec<LabelRow>), AppError> {
    let sources = sources(state, tenant, records).await?;
    let chosen = templates::chosen(state, tenant, options.size).await?;
    // The carriers' own labels: kept ones, else issued now through the carrier's adapter.
    let wanted: Vec<Wanted<'_>> = if options.format == "pdf" {
        sources
            .iter()
            .filter(|s| s.supplier != Supplier::System)
            .map(|s| Wanted { record: &s.record, supplier: s.supplier, carrier: s.carrier.clone(), request: request(s) })
            .collect()
    } else {
        Vec::new()
    };
    let mut carrier = carrier_labels::obtain(state, tenant, &wanted, by).await?;
    drop(wanted);
    tokio::task::spawn_blocking(move || draw(&sources, &chosen, &mut carrier, options, lang))
        .await
        .map_err(AppError::internal)?
        .map_err(super::render_error)
}

/// The labels of up to 100 orders, as one PDF (a page a parcel, or four to an A4 page) or ZPL.
/// The orders become `printed`; one that cannot be labelled becomes `error` with the reason, and
/// when none can, the answer is 400 naming the first reason.
#[utoipa::path(get, path = "/logistics/shipment/label", tag = "logistics", params(LabelQuery),
    responses((status = 200, description = "The labels", content_type = "application/pdf"), (status = 400, description = "Bad options, orders that do not print, no label possible"), (status = 403), (status = 404), (status = 503, description = "No CJK font on the server")))]
pub async fn label(Caller(state, me): Caller, ApiQuery(q): ApiQuery<LabelQuery>) -> Result<Response, AppError> {
    let options = Options::from_query(&q)?;
    let records = selected(&state, &me, &q.ids, MAX_DIRECT).await?;
    let first = records.iter().map(|r| r.serial_number.clone()).next().unwrap_or_default();
    let (bytes, rows) = label_chunk(&state, me.tenant_id, &me.user.username, records, options, current_lang()).await?;
    mark(&state, &rows, Utc::now().naive_utc()).await?;
    if bytes.is_empty() {
        // Nothing could be labelled: the first order's reason (each is marked `error`).
        let reason = rows.iter().find_map(|r| r.message.clone()).unwrap_or_default();
        return Err(AppError::bad_request(MessageKey::LabelNothing).with("reason", reason));
    }
    file(options, &first, bytes)
}

/// Labels as a file shown inline (`labels-{name}.pdf`).
fn file(options: Options, name: &str, bytes: Vec<u8>) -> Result<Response, AppError> {
    super::inline(options.content_type(), &format!("labels-{name}.{}", options.extension()), bytes)
}

/// A batch's report (the task's `result`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchReport {
    pub total: usize,
    pub printed: usize,
    pub failed: usize,
    /// Labels in the file.
    pub labels: usize,
    /// pdf or zpl; the file is `GET /logistics/shipment/printBatch/file?taskId=`.
    pub format: String,
    pub rows: Vec<LabelRow>,
}

/// The batch's answer: its task.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchStarted {
    /// Poll `GET /sys/task/queryById?id=`; done: the report in `result`.
    pub task_id: String,
    pub total: usize,
}

fn stored_path(tenant_id: i32, task: &str, options: Options) -> String {
    format!("{}labels/{tenant_id}/{task}.{}", crate::platform::files::PRIVATE_PREFIX, options.extension())
}

/// Labels up to 1,000 orders as one file, in the background: the task's count moves per 100
/// orders; done, its report has a row per order and the file is ready to fetch.
#[utoipa::path(post, path = "/logistics/shipment/printBatch", tag = "logistics", request_body = LabelQuery,
    responses((status = 200, body = crate::platform::http::Envelope<BatchStarted>), (status = 400, description = "Bad options or orders that do not print"), (status = 403), (status = 404)))]
pub async fn print_batch(Caller(state, me): Caller, ApiJson(q): ApiJson<LabelQuery>) -> ApiResult<BatchStarted> {
    let options = Options::from_query(&q)?;
    if render::font().is_none() && options.format == "pdf" {
        return Err(super::render_error(RenderError::FontMissing));
    }
    let records = selected(&state, &me, &q.ids, MAX_BATCH).await?;
    let total = records.len();
    let task = tasks::start(&state.db, me.tenant_id, &me.user.id, TASK_KIND, total).await?;
    let lang = current_lang();
    let work_state = state.clone();
    let work_task = task.clone();
    let tenant_id = me.tenant_id;
    let by = me.user.username.clone();
    tokio::spawn(async move {
        let outcome = batch(&work_state, tenant_id, &by, &work_task, records, options, lang).await;
        let outcome = outcome.map_err(|e| e.error.message(lang));
        if let Err(e) = tasks::finish(&work_state.db, &work_task, outcome).await {
            tracing::warn!(cause = ?e.cause, "label batch");
        }
    });
    ok(BatchStarted { task_id: task, total })
}

async fn batch(
    state: &AppState,
    tenant_id: i32,
    by: &str,
    task: &str,
    records: Vec<ShipmentRecord>,
    options: Options,
    lang: Lang,
) -> Result<serde_json::Value, AppError> {
    let total = records.len();
    let mut all_rows = Vec::with_capacity(total);
    let mut pdfs: Vec<Vec<u8>> = Vec::new();
    let mut zpl = Vec::new();
    let mut records = records.into_iter().peekable();
    let now = Utc::now().naive_utc();
    while records.peek().is_some() {
        let chunk: Vec<ShipmentRecord> = records.by_ref().take(CHUNK).collect();
        let (bytes, rows) = label_chunk(state, tenant_id, by, chunk, options, lang).await?;
        mark(state, &rows, now).await?;
        if !bytes.is_empty() {
            if options.format == "zpl" { zpl.extend_from_slice(&bytes) } else { pdfs.push(bytes) }
        }
        all_rows.extend(rows);
        if let Err(e) = tasks::progress(&state.db, task, all_rows.len()).await {
            tracing::warn!(cause = ?e.cause, "label batch progress");
        }
    }
    let file = if options.format == "zpl" {
        zpl
    } else {
        tokio::task::spawn_blocking(move || super::merge::pdfs(pdfs))
            .await
            .map_err(AppError::internal)?
            .map_err(AppError::internal)?
    };
    if !file.is_empty() {
        state.storage.put(&stored_path(tenant_id, task, options), &file).await.map_err(AppError::internal)?;
    }
    let printed = all_rows.iter().filter(|r| r.success).count();
    let report = BatchReport {
        total,
        printed,
        failed: total - printed,
        labels: all_rows.iter().map(|r| r.labels).sum(),
        format: options.format.to_owned(),
        rows: all_rows,
    };
    serde_json::to_value(report).map_err(AppError::internal)
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FileQuery {
    /// The batch's task.
    #[serde(default)]
    pub task_id: String,
}

/// A finished batch's file, to whoever started it.
#[utoipa::path(get, path = "/logistics/shipment/printBatch/file", tag = "logistics", params(FileQuery),
    responses((status = 200, description = "The labels", content_type = "application/pdf"), (status = 404, description = "No finished batch of the caller's")))]
pub async fn batch_file(Caller(state, me): Caller, ApiQuery(q): ApiQuery<FileQuery>) -> Result<Response, AppError> {
    let task = tasks::find(&state.db, &me, &q.task_id).await?;
    if task.kind != TASK_KIND || task.status != tasks::DONE {
        return Err(AppError::not_found());
    }
    let report: serde_json::Value = serde_json::from_str(task.result.as_deref().unwrap_or("{}")).unwrap_or_default();
    let format = if report.get("format").and_then(|f| f.as_str()) == Some("zpl") { "zpl" } else { "pdf" };
    let options = Options { size: "100x150", format, dpi: 203 };
    let bytes = state.storage.get(&stored_path(me.tenant_id, &task.id, options)).await.ok_or_else(AppError::not_found)?;
    file(options, &task.id, bytes)
}

//! Orders from a workbook (`docs/api/shipments.md`, "Import"): a template per type
//! (`importTemplate`), a dry run that reports every bad cell in the user's language, and a commit
//! that creates the drafts in chunks as a task whose progress the page polls. The customer's
//! reference (`customerCode`) keys an order: rows sharing one are one order, and a reference the
//! customer already has is skipped, so the same file uploaded twice creates nothing new.
//!
//! A row is a parcel with one declared item; a row repeating a parcel's reference (or leaving its
//! dimensions blank) adds another item to that parcel. The order's own columns are read from its
//! first row.

use std::collections::{HashMap, HashSet};

use axum::extract::Multipart;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::shipment::{self, Stage};
use logistics_core::{FieldError, Lang, MessageKey};
use rust_xlsxwriter::{Format, Workbook};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::form::{self, ConsigneeForm, ShipmentForm, ShipmentParcelForm, ShipmentProductForm};
use super::references::References;
use super::write::{Row, customer_for, form_values, insert_rows, parcel_rows};
use super::{PERMISSION, numbers};
use crate::platform::caller::Caller;
use crate::platform::db::schema::{logistics_channel_product, logistics_depot, logistics_shipment};
use crate::platform::http::lang::{current_lang, scope};
use crate::platform::http::reply::ok_with;
use crate::platform::http::upload::Upload;
use crate::platform::http::{Amount, ApiQuery, AppError};
use crate::platform::resource::import::RowError;
use crate::platform::resource::sql::Value;
use crate::platform::secrets;
use crate::platform::sheet::{self, SheetError};
use crate::platform::tasks;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::{on_tx, transaction, with_conn};

/// The largest workbook accepted (the route's body limit is a little above it).
pub const IMPORT_LIMIT: usize = 10 * 1024 * 1024;
/// Rows one file may hold below its heading.
pub const MAX_ROWS: usize = 20_000;
/// Orders created per transaction (each chunk moves the task's progress).
const CHUNK: usize = 500;
/// The task kind of a commit.
pub const TASK_KIND: &str = "shipment_import";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    Order,
    Parcel,
    Goods,
}

/// A column of the template: its key (also accepted as a heading), its label in both languages,
/// a unit for the heading, and whether only FBA orders use it.
pub struct Column {
    pub key: &'static str,
    label: MessageKey,
    unit: &'static str,
    level: Level,
    fba_only: bool,
}

const fn col(key: &'static str, label: MessageKey, level: Level) -> Column {
    Column { key, label, unit: "", level, fba_only: false }
}

pub const COLUMNS: &[Column] = &[
    col("customerCode", MessageKey::FieldCustomerCode, Level::Order),
    col("channelProduct", MessageKey::FieldProduct, Level::Order),
    Column { fba_only: true, ..col("depot", MessageKey::FieldDepot, Level::Order) },
    Column { fba_only: true, ..col("fbaCode", MessageKey::FieldFbaCode, Level::Order) },
    Column { fba_only: true, ..col("poCode", MessageKey::FieldPoCode, Level::Order) },
    col("currency", MessageKey::FieldCurrency, Level::Order),
    col("remark", MessageKey::FieldRemark, Level::Order),
    col("name", MessageKey::FieldConsignee, Level::Order),
    col("company", MessageKey::FieldCompany, Level::Order),
    col("phone", MessageKey::FieldPhone, Level::Order),
    col("email", MessageKey::FieldEmail, Level::Order),
    col("country", MessageKey::FieldCountry, Level::Order),
    col("state", MessageKey::FieldProvince, Level::Order),
    col("city", MessageKey::FieldCity, Level::Order),
    col("postalCode", MessageKey::FieldPostalCode, Level::Order),
    col("street", MessageKey::FieldStreet, Level::Order),
    col("house", MessageKey::FieldHouse, Level::Order),
    col("address1", MessageKey::FieldAddress, Level::Order),
    col("address2", MessageKey::FieldAddress2, Level::Order),
    col("taxNumber", MessageKey::FieldTaxNumber, Level::Order),
    col("reference", MessageKey::ImportParcelReference, Level::Parcel),
    Column { fba_only: true, ..col("boxId", MessageKey::ImportBoxId, Level::Parcel) },
    Column { unit: " (cm)", ..col("length", MessageKey::FieldLength, Level::Parcel) },
    Column { unit: " (cm)", ..col("width", MessageKey::FieldWidth, Level::Parcel) },
    Column { unit: " (cm)", ..col("height", MessageKey::FieldHeight, Level::Parcel) },
    Column { unit: " (kg)", ..col("weight", MessageKey::FieldWeight, Level::Parcel) },
    col("sku", MessageKey::FieldSku, Level::Goods),
    col("lcName", MessageKey::FieldDeclaredNameZh, Level::Goods),
    col("frName", MessageKey::FieldDeclaredNameEn, Level::Goods),
    col("hsCode", MessageKey::FieldHsCode, Level::Goods),
    col("quantity", MessageKey::FieldQuantity, Level::Goods),
    col("unitPrice", MessageKey::FieldUnitPrice, Level::Goods),
    Column { unit: " (kg)", ..col("unitWeight", MessageKey::FieldUnitWeight, Level::Goods) },
];

/// The columns of a type's template.
fn columns_of(kind: &str) -> impl Iterator<Item = &'static Column> + '_ {
    COLUMNS.iter().filter(move |c| kind == "FBA" || !c.fba_only)
}

/// A heading as the template writes it: `客户单号 / Customer reference`.
pub fn heading(c: &Column) -> String {
    format!("{} / {}{}", c.label.template(Lang::ZhCn), c.label.template(Lang::EnUs), c.unit)
}

/// The column a heading names: its key, its label in either language, or the template's
/// `zh / en (unit)` (a unit in brackets is ignored).
pub fn column_of(text: &str) -> Option<usize> {
    let mut plain = String::new();
    let mut depth = 0u32;
    for ch in text.chars() {
        match ch {
            '(' | '（' => depth += 1,
            ')' | '）' => depth = depth.saturating_sub(1),
            _ if depth == 0 => plain.push(ch),
            _ => {}
        }
    }
    let parts: Vec<&str> = plain.split(['/', '\n']).map(str::trim).filter(|p| !p.is_empty()).collect();
    COLUMNS.iter().position(|c| {
        parts.iter().any(|p| {
            p.eq_ignore_ascii_case(c.key)
                || *p == c.label.template(Lang::ZhCn)
                || p.eq_ignore_ascii_case(c.label.template(Lang::EnUs))
        })
    })
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ImportQuery {
    /// B2B, B2C, FBA or WMS.
    pub shipment_type: Option<String>,
    /// Staff: the customer (main account) the orders are for.
    pub customer_id: Option<String>,
    /// `true`: check every row and report, save nothing.
    pub dry_run: Option<String>,
}

/// What a file holds, and (committing) the task creating it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    pub dry_run: bool,
    /// Rows read below the heading.
    pub rows: usize,
    /// Orders in the file.
    pub orders: usize,
    /// Orders whose reference the customer already has (skipped; the file may be uploaded again).
    pub existing: usize,
    /// Orders to create (those without errors and not existing).
    pub creatable: usize,
    /// Every bad cell, in row order. Committing with errors creates nothing.
    pub errors: Vec<RowError>,
    /// Committing: the task creating the orders (`GET /sys/task/queryById`); its result is
    /// `{created, skipped}`.
    pub task_id: Option<String>,
}

/// Where an order's parts came from in the sheet.
#[derive(Default)]
pub struct Origin {
    pub row: usize,
    pub parcels: Vec<usize>,
    pub goods: Vec<Vec<usize>>,
}

impl Origin {
    /// The cell a form field path (core's `parcels[1].products[0].frHscode`) came from.
    pub fn cell(&self, path: &str) -> (usize, String) {
        let index = |s: &str| s.split_once('[').and_then(|(_, r)| r.split_once(']')).and_then(|(n, _)| n.parse::<usize>().ok());
        let mut parts = path.split('.');
        let first = parts.next().unwrap_or_default();
        let last = path.rsplit('.').next().unwrap_or_default();
        let key = |field: &str| {
            let key = match field {
                "channelProductId" => "channelProduct",
                "userDepotId" => "depot",
                "frHscode" | "lcHscode" => "hsCode",
                other => other,
            };
            if COLUMNS.iter().any(|c| c.key == key) { key.to_owned() } else { String::new() }
        };
        if !first.starts_with("parcels[") {
            return (self.row, if first == "parcels" { String::new() } else { key(last) });
        }
        let p = index(first).unwrap_or(0);
        let parcel_row = self.parcels.get(p).copied().unwrap_or(self.row);
        match parts.next() {
            Some(g) if g.starts_with("products[") => {
                let j = index(g).unwrap_or(0);
                let row = self.goods.get(p).and_then(|r| r.get(j)).copied().unwrap_or(parcel_row);
                (row, if path.ends_with(']') { String::new() } else { key(last) })
            }
            Some("fbaCode") => (parcel_row, "boxId".to_owned()),
            Some(field) => (parcel_row, key(field)),
            None => (parcel_row, String::new()),
        }
    }
}

/// An order read from the sheet.
struct Draft {
    origin: Origin,
    code: String,
    product_code: Option<String>,
    depot_code: Option<String>,
    form: ShipmentForm,
    /// A code it names is unknown (reported already).
    bad: bool,
}

fn opt(text: &str) -> Option<String> {
    let t = text.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

fn amount(text: &str) -> Option<Amount> {
    opt(text).map(Amount::Text)
}

/// The sheet's rows as orders, or the errors of rows that have no reference.
fn drafts(
    kind: &str,
    headings: &[Option<usize>],
    rows: &[(usize, Vec<String>)],
    errors: &mut Vec<RowError>,
    lang: Lang,
) -> Vec<Draft> {
    let mut drafts: Vec<Draft> = Vec::new();
    let mut by_code: HashMap<String, usize> = HashMap::new();
    for (number, cells) in rows {
        let get = |key: &str| -> &str {
            let at = COLUMNS.iter().position(|c| c.key == key);
            headings.iter().position(|h| h.is_some() && *h == at).and_then(|i| cells.get(i)).map_or("", String::as_str)
        };
        let Some(code) = opt(get("customerCode")) else {
            let message =
                FieldError::new("customerCode", MessageKey::Required).with("field", "@field_customer_code").message(lang);
            errors.push(RowError { row: *number, column: "customerCode".into(), message });
            continue;
        };
        let at = *by_code.entry(code.clone()).or_insert_with(|| {
            let consignee = ConsigneeForm {
                name: opt(get("name")),
                phone: opt(get("phone")),
                email: opt(get("email")),
                company: opt(get("company")),
                tax_number: opt(get("taxNumber")),
                country: opt(get("country")).map(|c| c.to_uppercase()),
                state: opt(get("state")),
                city: opt(get("city")),
                postal_code: opt(get("postalCode")),
                street: opt(get("street")),
                house: opt(get("house")),
                address1: opt(get("address1")),
                address2: opt(get("address2")),
                consignee_remark: None,
            };
            drafts.push(Draft {
                origin: Origin { row: *number, ..Origin::default() },
                code: code.clone(),
                product_code: opt(get("channelProduct")),
                depot_code: opt(get("depot")),
                bad: false,
                form: ShipmentForm {
                    shipment_type: kind.to_owned(),
                    customer_code: Some(code.clone()),
                    fba_code: opt(get("fbaCode")).map(|c| c.to_uppercase()),
                    po_code: opt(get("poCode")).map(|c| c.to_uppercase()),
                    currency: opt(get("currency")).map(|c| c.to_uppercase()),
                    remark: opt(get("remark")),
                    consignee,
                    ..ShipmentForm::default()
                },
            });
            drafts.len() - 1
        });
        let draft = &mut drafts[at];
        let reference = opt(get("reference"));
        let dimensions = ["length", "width", "height", "weight"].iter().any(|k| !get(k).trim().is_empty());
        let parcel =
            match reference.as_ref().and_then(|r| draft.form.parcels.iter().position(|p| p.reference.as_ref() == Some(r))) {
                Some(existing) => existing,
                None if !dimensions && reference.is_none() && !draft.form.parcels.is_empty() => draft.form.parcels.len() - 1,
                None => {
                    draft.form.parcels.push(ShipmentParcelForm {
                        reference,
                        fba_code: opt(get("boxId")).map(|c| c.to_uppercase()),
                        length: amount(get("length")),
                        width: amount(get("width")),
                        height: amount(get("height")),
                        weight: amount(get("weight")),
                        ..ShipmentParcelForm::default()
                    });
                    draft.origin.parcels.push(*number);
                    draft.origin.goods.push(Vec::new());
                    draft.form.parcels.len() - 1
                }
            };
        let goods = COLUMNS.iter().filter(|c| c.level == Level::Goods).any(|c| !get(c.key).trim().is_empty());
        if goods {
            draft.form.parcels[parcel].products.push(ShipmentProductForm {
                sku: opt(get("sku")),
                lc_name: opt(get("lcName")),
                fr_name: opt(get("frName")),
                fr_hscode: opt(get("hsCode")),
                quantity: amount(get("quantity")),
                unit_price: amount(get("unitPrice")),
                unit_weight: amount(get("unitWeight")),
                ..ShipmentProductForm::default()
            });
            draft.origin.goods[parcel].push(*number);
        }
    }
    drafts
}

/// An order ready to insert.
struct Ready {
    form: ShipmentForm,
    prepared: super::references::Prepared,
    rows: form::Rows,
}

/// What a file comes to: the orders to create, the references already there, every error.
struct Checked {
    rows: usize,
    orders: usize,
    existing: usize,
    ready: Vec<Ready>,
    errors: Vec<RowError>,
}

fn sheet_error(e: SheetError) -> AppError {
    match e {
        SheetError::Unreadable => AppError::field("file", MessageKey::ImportFileInvalid),
        SheetError::TooManyRows(max) => AppError::field("file", MessageKey::ImportTooManyRows).with("max", max.to_string()),
    }
}

/// Reads and checks a file for a customer (see the module).
async fn check(state: &AppState, tenant_id: i32, customer: &str, kind: &str, bytes: Vec<u8>) -> Result<Checked, AppError> {
    let lang = current_lang();
    let sheet = tokio::task::spawn_blocking(move || sheet::first_sheet(bytes, MAX_ROWS, 200))
        .await
        .map_err(AppError::internal)?
        .map_err(sheet_error)?;
    let headings: Vec<Option<usize>> = sheet.headings.iter().map(|h| if h.is_empty() { None } else { column_of(h) }).collect();
    let unknown: Vec<&str> =
        sheet.headings.iter().zip(&headings).filter(|(h, c)| !h.is_empty() && c.is_none()).map(|(h, _)| h.as_str()).collect();
    if !unknown.is_empty() {
        return Err(AppError::field("file", MessageKey::ImportColumnsUnknown).with("columns", unknown.join(", ")));
    }
    if !headings.contains(&COLUMNS.iter().position(|c| c.key == "customerCode")) {
        return Err(AppError::field("file", MessageKey::ImportColumnsUnknown).with("columns", heading(&COLUMNS[0])));
    }
    let mut errors = Vec::new();
    let mut drafts = drafts(kind, &headings, &sheet.rows, &mut errors, lang);
    let orders = drafts.len();
    // What the customer already has, and the codes the file names.
    let codes: Vec<String> = drafts.iter().map(|d| d.code.clone()).collect();
    let (taken, products, depots): (HashSet<String>, HashMap<String, String>, HashMap<String, String>) =
        with_conn!(&state.db, |conn| {
            let mut taken = HashSet::new();
            for chunk in codes.chunks(1_000) {
                taken.extend(
                    logistics_shipment::table
                        .filter(logistics_shipment::tenant_id.eq(tenant_id))
                        .filter(logistics_shipment::customer_id.eq(customer))
                        .filter(logistics_shipment::customer_code.eq_any(chunk))
                        .select(logistics_shipment::customer_code.assume_not_null())
                        .load::<String>(conn)
                        .await?,
                );
            }
            let products = logistics_channel_product::table
                .filter(logistics_channel_product::tenant_id.eq(tenant_id))
                .select((logistics_channel_product::code, logistics_channel_product::id))
                .load::<(String, String)>(conn)
                .await?
                .into_iter()
                .map(|(code, id)| (code.to_uppercase(), id))
                .collect();
            let depots = logistics_depot::table
                .filter(logistics_depot::tenant_id.eq(tenant_id))
                .filter(logistics_depot::customer_id.eq(customer))
                .select((logistics_depot::depot_id, logistics_depot::id))
                .load::<(String, String)>(conn)
                .await?
                .into_iter()
                .map(|(code, id)| (code.to_uppercase(), id))
                .collect();
            (taken, products, depots)
        });
    drafts.retain(|d| !taken.contains(&d.code));
    let existing = orders - drafts.len();
    let invalid_code = |row: usize, column: &str, label: MessageKey| RowError {
        row,
        column: column.to_owned(),
        message: crate::platform::resource::form::invalid(column, label).error.message(lang),
    };
    for d in &mut drafts {
        if let Some(code) = &d.product_code {
            match products.get(&code.to_uppercase()) {
                Some(id) => d.form.channel_product_id = Some(id.clone()),
                None => {
                    errors.push(invalid_code(d.origin.row, "channelProduct", MessageKey::FieldProduct));
                    d.bad = true;
                }
            }
        }
        if let Some(code) = &d.depot_code {
            match depots.get(&code.to_uppercase()) {
                Some(id) => d.form.user_depot_id = Some(id.clone()),
                None => {
                    errors.push(invalid_code(d.origin.row, "depot", MessageKey::FieldDepot));
                    d.bad = true;
                }
            }
        }
    }
    let forms: Vec<ShipmentForm> = drafts.iter().map(|d| d.form.clone()).collect();
    let refs = References::load(state, tenant_id, customer, &forms).await?;
    let mut ready = Vec::with_capacity(drafts.len());
    for Draft { origin, mut form, bad, .. } in drafts {
        if bad {
            continue;
        }
        let refuse = |e: FieldError| {
            let (row, column) = origin.cell(&e.field);
            RowError { row, column, message: e.message(lang) }
        };
        let prepared = match refs.apply(&mut form) {
            Ok(p) => p,
            Err(e) => {
                errors.push(refuse(e.error));
                continue;
            }
        };
        let issues = shipment::issues(&form::core_value(&form)?, Stage::Draft, &prepared.postal_pattern);
        if !issues.is_empty() {
            errors.extend(issues.into_iter().map(refuse));
            continue;
        }
        match form::rows(&form, prepared.divisor) {
            Ok(rows) => ready.push(Ready { form, prepared, rows }),
            Err(e) => errors.push(refuse(e.error)),
        }
    }
    errors.sort_by_key(|e| e.row);
    Ok(Checked { rows: sheet.rows.len(), orders, existing, ready, errors })
}

/// Creates a chunk's orders in one transaction, less any whose reference another request has
/// created since the check; answers (created, skipped).
async fn create_chunk(
    state: &AppState,
    me: &CurrentUser,
    customer: &str,
    kind: &str,
    chunk: &[Ready],
) -> Result<(usize, usize), AppError> {
    let now = Utc::now().naive_utc();
    let codes: Vec<String> = chunk.iter().filter_map(|r| r.form.customer_code.clone()).collect();
    let tenant_id = me.tenant_id;
    transaction!(data: &state.db, |tx| {
        let taken: HashSet<String> = on_tx!(tx, |c| logistics_shipment::table
            .filter(logistics_shipment::tenant_id.eq(tenant_id))
            .filter(logistics_shipment::customer_id.eq(customer))
            .filter(logistics_shipment::customer_code.eq_any(&codes))
            .select(logistics_shipment::customer_code.assume_not_null())
            .load::<String>(c)
            .await?)
        .into_iter()
        .collect();
        let fresh: Vec<&Ready> =
            chunk.iter().filter(|r| r.form.customer_code.as_ref().is_none_or(|c| !taken.contains(c))).collect();
        let serials = numbers::serial_numbers(kind, now, numbers::Counter::serials(tenant_id, now, fresh.len())?.take(tx).await?);
        let mut orders: Vec<Row> = Vec::with_capacity(fresh.len());
        let day = crate::wallet::business_day(now);
        let mut parcels = Vec::new();
        let mut goods = Vec::new();
        for (order, serial) in fresh.iter().zip(serials) {
            let id = secrets::new_id();
            let mut values = vec![
                ("id", Value::Text(id.clone())),
                ("tenant_id", Value::Int(tenant_id)),
                ("customer_id", Value::Text(customer.to_owned())),
                ("serial_number", Value::Text(serial.clone())),
                ("shipment_resource", Value::Text("import".into())),
                ("shipment_status", Value::Text("draft".into())),
                ("print_status", Value::Text("unprinted".into())),
                ("location_status", Value::Text("notArrived".into())),
                ("create_by", Value::Text(me.user.username.clone())),
                ("create_time", Value::Time(now)),
                ("business_day", Value::Text(day.clone())),
            ];
            values.extend(form_values(&order.form, &order.prepared, &order.rows));
            orders.push(values);
            let (p, g) = parcel_rows(tenant_id, &id, &serial, &order.rows, now);
            parcels.extend(p);
            goods.extend(g);
        }
        insert_rows(tx, "logistics_shipment", orders).await?;
        insert_rows(tx, "logistics_shipment_parcel", parcels).await?;
        insert_rows(tx, "logistics_shipment_product", goods).await?;
        Ok::<_, AppError>((fresh.len(), chunk.len() - fresh.len()))
    })
}

/// The commit's work: chunk by chunk, the task's count moving after each.
async fn commit(
    state: AppState,
    me: CurrentUser,
    customer: String,
    kind: String,
    task: String,
    ready: Vec<Ready>,
    mut skipped: usize,
) {
    let mut created = 0;
    let mut failure = None;
    for chunk in ready.chunks(CHUNK) {
        match create_chunk(&state, &me, &customer, &kind, chunk).await {
            Ok((made, gone)) => {
                created += made;
                skipped += gone;
                if let Err(e) = tasks::progress(&state.db, &task, created + skipped).await {
                    tracing::warn!(cause = ?e.cause, "import progress");
                }
            }
            Err(e) => {
                failure = Some(e);
                break;
            }
        }
    }
    let lang = current_lang();
    let report = json!({"created": created, "skipped": skipped});
    let outcome = match failure {
        None => Ok(report.clone()),
        Some(e) => {
            tracing::warn!(cause = ?e.cause, "import stopped");
            Err(MessageKey::ImportStopped
                .template(lang)
                .replace("{created}", &created.to_string())
                .replace("{reason}", &e.error.message(lang)))
        }
    };
    if let Err(e) = tasks::finish(&state.db, &task, outcome).await {
        tracing::warn!(cause = ?e.cause, "import finish");
    }
    logs::added(&state.db, &me, &format!("{PERMISSION}:import"), &kind, &report).await;
}

fn shipment_type(q: &ImportQuery) -> Result<String, AppError> {
    let kind = q.shipment_type.as_deref().unwrap_or_default().trim().to_uppercase();
    if shipment::TYPES.contains(&kind.as_str()) {
        Ok(kind)
    } else {
        Err(AppError::field("shipmentType", MessageKey::ShipmentTypeInvalid))
    }
}

/// Checks a workbook of orders (`dryRun=true`), or creates them: with any bad cell nothing is
/// created (400 with the report); otherwise a task creates them in chunks and the answer names it.
#[utoipa::path(post, path = "/logistics/shipment/importExcel", tag = "logistics", params(ImportQuery),
    request_body(content_type = "multipart/form-data", description = "`file`: the workbook (xlsx, at most 10 MB)"),
    responses((status = 200, body = crate::platform::http::Envelope<ImportReport>),
        (status = 400, description = "The file cannot be read, a heading is unknown, or a cell is bad (the report in `result`)"),
        (status = 403), (status = 413)))]
pub async fn import_excel(
    Caller(state, me): Caller,
    ApiQuery(q): ApiQuery<ImportQuery>,
    multipart: Multipart,
) -> Result<Response, AppError> {
    grants::require(&state, &me, &format!("{PERMISSION}:import")).await?;
    let kind = shipment_type(&q)?;
    let customer = customer_for(&state, &me, q.customer_id.as_deref()).await?;
    let dry_run = matches!(q.dry_run.as_deref().map(str::trim), Some("true" | "1"));
    let bytes = Upload::read(multipart, IMPORT_LIMIT).await?.file()?;
    let checked = check(&state, me.tenant_id, &customer, &kind, bytes).await?;
    let mut report = ImportReport {
        dry_run,
        rows: checked.rows,
        orders: checked.orders,
        existing: checked.existing,
        creatable: checked.ready.len(),
        errors: checked.errors,
        task_id: None,
    };
    let lang = current_lang();
    if !report.errors.is_empty() && !dry_run {
        let message = MessageKey::ImportFailed.template(lang).replace("{count}", &report.errors.len().to_string());
        let body = serde_json::to_value(&report).map_err(AppError::internal)?;
        return Ok(crate::platform::http::error::bad_request_with(message, body));
    }
    if !dry_run {
        let task = tasks::start(&state.db, me.tenant_id, &me.user.id, TASK_KIND, checked.ready.len()).await?;
        report.task_id = Some(task.clone());
        let skipped = report.existing;
        let work = commit(state.clone(), me, customer, kind, task, checked.ready, skipped);
        tokio::spawn(scope(lang, work));
    }
    let message = if dry_run { MessageKey::ImportChecked } else { MessageKey::ImportStarted };
    Ok(ok_with(message, report)?.into_response())
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TemplateQuery {
    /// B2B, B2C, FBA or WMS.
    pub shipment_type: Option<String>,
}

fn xlsx_error(e: rust_xlsxwriter::XlsxError) -> AppError {
    AppError::internal(format!("xlsx: {e}"))
}

/// An example order per type (the template's second row).
fn example(kind: &str, key: &str) -> &'static str {
    match (kind, key) {
        (_, "customerCode") => "PO-20261127-001",
        ("FBA", "depot") => "ONT8",
        ("FBA", "fbaCode") => "FBA15ABCDE12",
        ("FBA", "poCode") => "2ABCDEFG",
        ("FBA", "boxId") => "FBA15ABCDE12U000001",
        ("FBA", "name" | "phone" | "country" | "state" | "city" | "postalCode" | "address1") => "",
        ("B2B", "company") => "Acme Trading LLC",
        (_, "currency") => "USD",
        (_, "name") => "Jane Doe",
        (_, "phone") => "+1 213 555 0100",
        (_, "email") => "jane@example.com",
        (_, "country") => "US",
        (_, "state") => "CA",
        (_, "city") => "Los Angeles",
        (_, "postalCode") => "90001",
        (_, "address1") => "100 Main St",
        (_, "reference") => "BOX-1",
        (_, "length") => "30",
        (_, "width") => "20",
        (_, "height") => "10",
        (_, "weight") => "1.5",
        (_, "sku") => "SKU-001",
        (_, "lcName") => "棉质T恤",
        (_, "frName") => "Cotton T-shirt",
        (_, "hsCode") => "6109100000",
        (_, "quantity") => "10",
        (_, "unitPrice") => "5.5",
        (_, "unitWeight") => "0.15",
        _ => "",
    }
}

/// The workbook template of a type: the headings in both languages and an example row.
pub fn template(kind: &str) -> Result<Vec<u8>, AppError> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold().set_background_color("DDEBF7").set_text_wrap();
    let ws = book.add_worksheet();
    ws.set_name(kind).map_err(xlsx_error)?;
    ws.set_row_height(0, 32).map_err(xlsx_error)?;
    for (c, column) in columns_of(kind).enumerate() {
        let c = u16::try_from(c).unwrap_or(u16::MAX);
        ws.write_string_with_format(0, c, heading(column), &bold).map_err(xlsx_error)?;
        ws.set_column_width(c, 18).map_err(xlsx_error)?;
        let value = example(kind, column.key);
        match value.parse::<f64>() {
            Ok(n) if !matches!(column.key, "postalCode" | "hsCode" | "customerCode") => {
                ws.write_number(1, c, n).map_err(xlsx_error)?;
            }
            _ if !value.is_empty() => {
                ws.write_string(1, c, value).map_err(xlsx_error)?;
            }
            _ => {}
        }
    }
    ws.set_freeze_panes(1, 0).map_err(xlsx_error)?;
    book.save_to_buffer().map_err(xlsx_error)
}

/// The import template of a type (xlsx).
#[utoipa::path(get, path = "/logistics/shipment/importTemplate", tag = "logistics", params(TemplateQuery),
    responses((status = 200, description = "The workbook", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), (status = 400), (status = 403)))]
pub async fn import_template(Caller(state, me): Caller, ApiQuery(q): ApiQuery<TemplateQuery>) -> Result<Response, AppError> {
    grants::require(&state, &me, &format!("{PERMISSION}:import")).await?;
    let kind = shipment_type(&ImportQuery { shipment_type: q.shipment_type, ..ImportQuery::default() })?;
    let bytes = template(&kind)?;
    let name = format!("attachment; filename=\"shipments-{}.xlsx\"", kind.to_lowercase());
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")),
            (header::CONTENT_DISPOSITION, HeaderValue::from_str(&name).map_err(AppError::internal)?),
        ],
        bytes,
    )
        .into_response())
}

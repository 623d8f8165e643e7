//! Sort-pack and outbound packages (`/logistics/outPackage/*`): a received parcel is scanned and
//! goes into the open package of its channel, destination country, depot and transport type (one
//! is opened and numbered when there is none), or into the package the operator names when it
//! matches (core's `warehouse::packable`). An order whose parcels are all packed is `sorted`; a
//! parcel can come out of a package again while the package is open. Packages go into outbound
//! batches ([`super::batches`]).

use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use chrono::{NaiveDateTime, Utc};
use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::decimal::{self, Decimal};
use logistics_core::tracking::Mapping;
use logistics_core::warehouse::{self, PACKAGE_STATUSES, PackKey};
use logistics_core::{Lang, MessageKey};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::inbound::{InboundParcelRecord, InboundParcels};
use super::intake::resolve;
use crate::platform::caller::Caller;
use crate::platform::db::Tx;
use crate::platform::db::schema::{
    logistics_channel_product as cp, logistics_inbound_parcel as ib, logistics_out_package as pk, logistics_shipment as s,
    logistics_shipment_parcel as p,
};
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiJson, AppError, ok};
use crate::platform::resource::form::optional;
use crate::platform::resource::handlers::find;
use crate::platform::resource::{Checked, Field, Filter, Kind, Resource, Scope, customer_of};
use crate::platform::secrets;
use crate::printing::labels::{LabelQuery, Options};
use crate::shipment::orders::numbers;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::logs;
use crate::system::permissions::grants;
use crate::tracking::ingest::{self, Incoming};
use crate::tracking::lookup;
use crate::{on_tx, transaction, with_conn};

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName, Queryable, Selectable)]
#[diesel(table_name = pk)]
#[serde(rename_all = "camelCase")]
pub struct OutPackageRecord {
    pub id: String,
    pub package_no: String,
    pub channel_id: Option<String>,
    pub channel_product_id: Option<String>,
    pub country: Option<String>,
    /// The Amazon warehouse (FBA code), when the parcels go to one.
    pub depot: Option<String>,
    pub transport_type: Option<String>,
    /// open, batched or handed.
    pub package_status: String,
    pub pieces: i32,
    /// kg: its parcels' measured weights summed.
    pub weight: String,
    pub batch_id: Option<String>,
    pub batch_no: Option<String>,
    pub remark: Option<String>,
    /// Who opened it (the operator).
    pub create_by: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutPackageForm {
    pub id: Option<String>,
    /// Blank: the next number (`PK`, the business day, a sequence).
    pub package_no: Option<String>,
    pub remark: Option<String>,
}

pub struct OutPackages;

impl Resource for OutPackages {
    const PATH: &'static str = "/logistics/outPackage";
    const PERMISSION: &'static str = "logistics:outPackage";
    const NOUN: &'static str = "outbound package";
    const PLURAL: &'static str = "outPackages";
    const TABLE: &'static str = "logistics_out_package";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("packageNo", "package_no").sortable().titled(MessageKey::FieldPackageNo),
        Field::text("packageStatus", "package_status").titled(MessageKey::FieldState),
        Field::text("country", "country").titled(MessageKey::FieldCountry),
        Field::text("depot", "depot").titled(MessageKey::FieldFbaCode),
        Field::text("transportType", "transport_type").titled(MessageKey::FieldTransportType),
        Field::text("channelId", "channel_id"),
        Field::int("pieces", "pieces").titled(MessageKey::FieldPieces),
        Field::text("weight", "weight").titled(MessageKey::FieldWeight),
        Field::text("batchNo", "batch_no").titled(MessageKey::FieldBatchNo),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::text("createBy", "create_by").titled(MessageKey::FieldOperator),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like_upper("packageNo", &["package_no"], "Package number, substring."),
        Filter::one_of("packageStatus", &["package_status"], PACKAGE_STATUSES, Kind::Text, "open, batched or handed."),
        Filter::exact("country", &["country"], "Destination country code."),
        Filter::exact("batchNo", &["batch_no"], "The outbound batch's number."),
        Filter::time_from("createTime_begin", &["create_time"], "Opened at or after."),
        Filter::time_until("createTime_end", &["create_time"], "Opened up to."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("packageNo", MessageKey::CodeTaken));
    const HAS_UPDATE_BY: bool = true;
    const OMIT: &'static [&'static str] = &["edit", "importExcel"];

    crate::record_form!(OutPackageRecord, OutPackageForm, package_no);

    fn authorize(me: &CurrentUser) -> Result<(), AppError> {
        if customer_of(me).is_some() { Err(AppError::forbidden()) } else { Ok(()) }
    }

    async fn values(state: &AppState, me: &CurrentUser, form: &OutPackageForm, _: Option<&OutPackageRecord>) -> Checked {
        let package_no = match optional("packageNo", MessageKey::FieldPackageNo, &form.package_no, 50)? {
            Some(given) => warehouse::package_number(&given)?,
            None => next_number(state, me.tenant_id, "PK").await?,
        };
        Ok(vec![
            ("package_no", package_no.into()),
            ("package_status", "open".into()),
            ("pieces", 0i32.into()),
            ("weight", "0".into()),
            ("remark", optional("remark", MessageKey::FieldRemark, &form.remark, 200)?.into()),
        ])
    }

    async fn before_delete(_: &AppState, _: &CurrentUser, records: &[OutPackageRecord]) -> Result<(), AppError> {
        if let Some(r) = records.iter().find(|r| r.pieces > 0 || r.package_status != "open") {
            return Err(AppError::conflict(MessageKey::PackageNotEmpty).with("package", r.package_no.clone()));
        }
        Ok(())
    }
}

/// The next number of a kind (`PK` packages, `OB` batches): the kind, the business day, a sequence.
pub(super) async fn next_number(state: &AppState, tenant_id: i32, kind: &str) -> Result<String, AppError> {
    numbers::daily(&state.db, tenant_id, kind, kind).await
}

/// A package by number in the tenant, read inside `tx`.
pub(super) async fn by_number(tx: &mut Tx<'_>, tenant_id: i32, number: &str) -> Result<OutPackageRecord, AppError> {
    let found: Option<OutPackageRecord> = on_tx!(tx, |c| pk::table
        .filter(pk::tenant_id.eq(tenant_id))
        .filter(pk::package_no.eq(number))
        .select(OutPackageRecord::as_select())
        .first(c)
        .await
        .optional()?);
    found.ok_or_else(|| AppError::field("packageNo", MessageKey::PackageNotFound))
}

fn sum_weights(weights: &[String]) -> String {
    let total = weights.iter().filter_map(|w| decimal::parse(w)).fold(Decimal::ZERO, |a, w| a.checked_add(w).unwrap_or(a));
    decimal::plain(total.normalize())
}

/// Writes a package's pieces and weight from its parcels.
async fn recount(tx: &mut Tx<'_>, package_id: &str, now: NaiveDateTime, by: &str) -> Result<(), AppError> {
    let weights: Vec<String> = on_tx!(tx, |c| ib::table.filter(ib::package_id.eq(package_id)).select(ib::weight).load(c).await?);
    let pieces = i32::try_from(weights.len()).unwrap_or(i32::MAX);
    on_tx!(tx, |c| diesel::update(pk::table.filter(pk::id.eq(package_id)))
        .set((pk::pieces.eq(pieces), pk::weight.eq(sum_weights(&weights)), pk::update_time.eq(now), pk::update_by.eq(by)))
        .execute(c)
        .await?);
    Ok(())
}

/// A scan for sort-pack.
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackForm {
    /// A received parcel's number (system tracking number, tracking number, reference).
    #[serde(default)]
    pub number: String,
    /// The package to put it in; blank: the open package of its kind (or a new one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub package_no: Option<String>,
}

/// Where a parcel went.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackResult {
    pub package: OutPackageRecord,
    pub inbound: InboundParcelRecord,
    /// A new package was opened for it.
    pub created: bool,
    /// Every parcel of its order is packed: the order is `sorted`.
    pub order_sorted: bool,
    pub serial_number: String,
}

/// The received parcel a scan names: its inbound row (404-like message when never received).
async fn received(state: &AppState, me: &CurrentUser, scanned: &str) -> Result<(InboundParcelRecord, String), AppError> {
    let number = scanned.trim().to_ascii_uppercase();
    if number.is_empty() {
        return Err(AppError::field("number", MessageKey::InboundNumberRequired));
    }
    let (parcel_id, _) = resolve(state, me.tenant_id, &number, scanned.trim()).await?;
    let (inbound_id, status, serial): (Option<String>, String, String) = with_conn!(&state.db, |conn| {
        p::table
            .left_join(ib::table.on(ib::shipment_parcel_id.eq(p::id)))
            .filter(p::id.eq(&parcel_id))
            .select((ib::id.nullable(), p::parcel_status, p::serial_number))
            .first(conn)
            .await?
    });
    let Some(inbound_id) = inbound_id else {
        return Err(AppError::conflict(MessageKey::ParcelNotReceived).with("parcel", serial));
    };
    let inbound = find::<InboundParcels>(state, me, &inbound_id).await?;
    Ok((inbound, status))
}

/// The event of a parcel's move, in its order's timeline.
async fn event(
    tx: &mut Tx<'_>,
    me: &CurrentUser,
    table: &[Mapping],
    inbound: &InboundParcelRecord,
    code: &str,
    key: &str,
    detail: impl Fn(Lang) -> String,
) -> Result<(), AppError> {
    let order: lookup::Order =
        on_tx!(tx, |c| s::table.filter(s::id.eq(&inbound.shipment_id)).select(lookup::Order::as_select()).first(c).await?);
    let hit = lookup::Hit { order, parcel: Some((inbound.shipment_parcel_id.clone(), inbound.parcel_serial_number.clone())) };
    let incoming = Incoming {
        number: inbound.sys_track_no.clone().unwrap_or_default(),
        code: code.to_owned(),
        event_key: key.to_owned(),
        detail: Some(detail(Lang::ZhCn)),
        detail_en: Some(detail(Lang::EnUs)),
        pieces: Some(1),
        ..Incoming::default()
    };
    ingest::store_on(tx, me.tenant_id, ingest::WAREHOUSE_SOURCE, table, &hit, &incoming, &me.user.username).await
}

fn said(key: MessageKey, name: &'static str, value: &str) -> impl Fn(Lang) -> String {
    let value = value.to_owned();
    move |lang| logistics_core::FieldError::new("", key).with(name, value.clone()).message(lang)
}

/// Sorts one scanned parcel into a package (see the module).
pub async fn pack_one(state: &AppState, me: &CurrentUser, form: &PackForm) -> Result<PackResult, AppError> {
    if customer_of(me).is_some() {
        return Err(AppError::forbidden());
    }
    let named = match form.package_no.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
        Some(n) => Some(warehouse::package_number(n)?),
        None => None,
    };
    let (inbound, status) = received(state, me, &form.number).await?;
    let refuse = |key: MessageKey| {
        AppError::conflict(key)
            .with("parcel", inbound.parcel_serial_number.clone())
            .with("package", inbound.package_no.clone().unwrap_or_default())
    };
    warehouse::sortable(&status).map_err(refuse)?;
    let transport: Option<Option<String>> = match &inbound.channel_product_id {
        Some(id) => {
            with_conn!(&state.db, |conn| cp::table.filter(cp::id.eq(id)).select(cp::trans_type).first(conn).await.optional()?)
        }
        None => None,
    };
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let key = PackKey {
        channel: text(&inbound.channel_id),
        country: text(&inbound.country),
        depot: text(&inbound.depot),
        transport: transport.flatten().unwrap_or_default(),
    };
    let fresh_no = if named.is_none() { Some(next_number(state, me.tenant_id, "PK").await?) } else { None };
    let now = Utc::now().naive_utc();
    let by = me.user.username.clone();
    let table = ingest::mappings(state, me.tenant_id, ingest::WAREHOUSE_SOURCE).await?;
    let (package_id, created, sorted) = transaction!(data: &state.db, |tx| {
        let chosen: Option<OutPackageRecord> = match &named {
            Some(n) => Some(by_number(tx, me.tenant_id, n).await?),
            None => on_tx!(tx, |c| pk::table
                .filter(pk::tenant_id.eq(me.tenant_id))
                .filter(pk::package_status.eq("open"))
                .filter(pk::channel_id.eq(&key.channel))
                .filter(pk::country.eq(&key.country))
                .filter(pk::depot.eq(&key.depot))
                .filter(pk::transport_type.eq(&key.transport))
                .order(pk::create_time.desc())
                .select(OutPackageRecord::as_select())
                .first(c)
                .await
                .optional()?),
        };
        let (package_id, package_no, created) = match chosen {
            Some(package) => {
                warehouse::batchable(&package.package_status, package.batch_id.is_some()).map_err(AppError::conflict)?;
                let has_key = package.pieces > 0;
                let theirs = PackKey {
                    channel: text(&package.channel_id),
                    country: text(&package.country),
                    depot: text(&package.depot),
                    transport: text(&package.transport_type),
                };
                warehouse::packable(has_key.then_some(&theirs), &key).map_err(|k| {
                    AppError::conflict(k).with("parcel", inbound.parcel_serial_number.clone()).with("package", package.package_no.clone())
                })?;
                if !has_key {
                    on_tx!(tx, |c| diesel::update(pk::table.filter(pk::id.eq(&package.id)))
                        .set((
                            pk::channel_id.eq(&key.channel),
                            pk::channel_product_id.eq(&inbound.channel_product_id),
                            pk::country.eq(&key.country),
                            pk::depot.eq(&key.depot),
                            pk::transport_type.eq(&key.transport),
                        ))
                        .execute(c)
                        .await?);
                }
                (package.id, package.package_no, false)
            }
            None => {
                let id = secrets::new_id();
                let number = fresh_no.clone().unwrap_or_default();
                on_tx!(tx, |c| diesel::insert_into(pk::table)
                    .values((
                        pk::id.eq(&id),
                        pk::tenant_id.eq(me.tenant_id),
                        pk::package_no.eq(&number),
                        pk::channel_id.eq(&key.channel),
                        pk::channel_product_id.eq(&inbound.channel_product_id),
                        pk::country.eq(&key.country),
                        pk::depot.eq(&key.depot),
                        pk::transport_type.eq(&key.transport),
                        pk::package_status.eq("open"),
                        pk::pieces.eq(0),
                        pk::weight.eq("0"),
                        pk::create_by.eq(&by),
                        pk::create_time.eq(now),
                    ))
                    .execute(c)
                    .await?);
                (id, number, true)
            }
        };
        let moved = on_tx!(tx, |c| diesel::update(
            p::table.filter(p::id.eq(&inbound.shipment_parcel_id)).filter(p::parcel_status.eq("received"))
        )
        .set(p::parcel_status.eq("packed"))
        .execute(c)
        .await?);
        if moved == 0 {
            return Err(refuse(MessageKey::ParcelPacked));
        }
        on_tx!(tx, |c| diesel::update(ib::table.filter(ib::id.eq(&inbound.id)))
            .set((ib::package_id.eq(&package_id), ib::package_no.eq(&package_no), ib::update_time.eq(now), ib::update_by.eq(&by)))
            .execute(c)
            .await?);
        recount(tx, &package_id, now, &by).await?;
        let unpacked: i64 = on_tx!(tx, |c| p::table
            .filter(p::shipment_id.eq(&inbound.shipment_id))
            .filter(p::parcel_status.ne("packed"))
            .count()
            .get_result(c)
            .await?);
        let mut sorted = false;
        if unpacked == 0 {
            let changed = on_tx!(tx, |c| diesel::update(
                s::table.filter(s::id.eq(&inbound.shipment_id)).filter(s::shipment_status.eq("received"))
            )
            .set((s::shipment_status.eq("sorted"), s::update_time.eq(now), s::update_by.eq(&by)))
            .execute(c)
            .await?);
            sorted = changed > 0;
        }
        let key = format!("packed:{}:{package_id}", inbound.shipment_parcel_id);
        event(tx, me, &table, &inbound, "PACKED", &key, said(MessageKey::EventPacked, "package", &package_no)).await?;
        Ok::<_, AppError>((package_id, created, sorted))
    })?;
    let package = find::<OutPackages>(state, me, &package_id).await?;
    let after = find::<InboundParcels>(state, me, &inbound.id).await?;
    logs::added(&state.db, me, "logistics:outPackage:pack", &package.package_no, &after).await;
    Ok(PackResult { serial_number: after.serial_number.clone(), package, inbound: after, created, order_sorted: sorted })
}

/// Sort-pack: puts a received parcel into the open package of its channel, country, depot and
/// transport type (opening one when there is none), or into the package named when it matches.
#[utoipa::path(post, path = "/logistics/outPackage/pack", tag = "logistics", request_body = PackForm,
    params(("Idempotency-Key" = Option<String>, Header, description = "Replays the first answer for the same key and body")),
    responses((status = 200, body = crate::platform::http::Envelope<PackResult>),
        (status = 400, description = "An unknown number or package"), (status = 403),
        (status = 409, description = "Not received, packed already, another kind than the package's, a package in a batch")))]
pub async fn pack(Caller(state, me): Caller, headers: HeaderMap, ApiJson(form): ApiJson<PackForm>) -> Result<Response, AppError> {
    grants::require(&state, &me, "logistics:outPackage:add").await?;
    crate::wallet::once(&state, &me, &headers, "POST /logistics/outPackage/pack", &form, async {
        Ok(ok(pack_one(&state, &me, &form).await?)?.into_response())
    })
    .await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnpackForm {
    #[serde(default)]
    pub number: String,
}

/// Takes a parcel out of its package again (the package still open): the parcel is received, its
/// order no longer sorted.
#[utoipa::path(post, path = "/logistics/outPackage/unpack", tag = "logistics", request_body = UnpackForm,
    responses((status = 200, body = crate::platform::http::Envelope<OutPackageRecord>), (status = 400), (status = 403),
        (status = 409, description = "In no package, or its package is in a batch")))]
pub async fn unpack(
    Caller(state, me): Caller,
    ApiJson(form): ApiJson<UnpackForm>,
) -> crate::platform::http::ApiResult<OutPackageRecord> {
    grants::require(&state, &me, "logistics:outPackage:add").await?;
    if customer_of(&me).is_some() {
        return Err(AppError::forbidden());
    }
    let (inbound, _) = received(&state, &me, &form.number).await?;
    let Some(package_id) = inbound.package_id.clone() else {
        return Err(AppError::conflict(MessageKey::ParcelNotPacked).with("parcel", inbound.parcel_serial_number.clone()));
    };
    let now = Utc::now().naive_utc();
    let by = me.user.username.clone();
    transaction!(data: &state.db, |tx| {
        let package: OutPackageRecord =
            on_tx!(tx, |c| pk::table.filter(pk::id.eq(&package_id)).select(OutPackageRecord::as_select()).first(c).await?);
        warehouse::batchable(&package.package_status, package.batch_id.is_some()).map_err(AppError::conflict)?;
        on_tx!(tx, |c| diesel::update(p::table.filter(p::id.eq(&inbound.shipment_parcel_id)).filter(p::parcel_status.eq("packed")))
            .set(p::parcel_status.eq("received"))
            .execute(c)
            .await?);
        on_tx!(tx, |c| diesel::update(ib::table.filter(ib::id.eq(&inbound.id)))
            .set((ib::package_id.eq(None::<String>), ib::package_no.eq(None::<String>), ib::update_time.eq(now), ib::update_by.eq(&by)))
            .execute(c)
            .await?);
        recount(tx, &package_id, now, &by).await?;
        // Back in the warehouse unsorted: the order waits for this parcel again.
        on_tx!(tx, |c| diesel::update(s::table.filter(s::id.eq(&inbound.shipment_id)).filter(s::shipment_status.eq("sorted")))
            .set((s::shipment_status.eq("received"), s::update_time.eq(now), s::update_by.eq(&by)))
            .execute(c)
            .await?);
        Ok::<_, AppError>(())
    })?;
    let package = find::<OutPackages>(&state, &me, &package_id).await?;
    logs::added(&state.db, &me, "logistics:outPackage:unpack", &package.package_no, &inbound).await;
    ok(package)
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PackageLabelQuery {
    /// The packages' ids, comma-separated (at most 100).
    #[serde(default)]
    pub ids: String,
    /// pdf (default) or zpl.
    pub format: Option<String>,
    /// 203 (default) or 300 dpi.
    pub dpi: Option<u32>,
}

/// The labels of up to 100 packages, 100 x 150 mm, as one PDF or ZPL: the package number as a
/// Code 128 barcode and a QR code, the destination country as the sort code, channel, transport,
/// pieces, weight, Amazon warehouse and batch.
#[utoipa::path(get, path = "/logistics/outPackage/label", tag = "logistics", params(PackageLabelQuery),
    responses((status = 200, description = "The labels", content_type = "application/pdf"), (status = 400), (status = 403), (status = 404),
        (status = 503, description = "No CJK font on the server")))]
pub async fn label(
    Caller(state, me): Caller,
    crate::platform::http::ApiQuery(q): crate::platform::http::ApiQuery<PackageLabelQuery>,
) -> Result<Response, AppError> {
    grants::require(&state, &me, "logistics:outPackage:list").await?;
    OutPackages::authorize(&me)?;
    let query = LabelQuery { ids: q.ids.clone(), size: None, format: q.format.clone(), dpi: q.dpi };
    let options = Options::from_query(&query)?;
    let ids = crate::platform::http::page::require_ids(&q.ids)?;
    if ids.len() > 100 {
        return Err(AppError::field("ids", MessageKey::TooMany)
            .with("field", format!("@{}", MessageKey::FieldIds.key()))
            .with("max", "100"));
    }
    let mut packages = Vec::with_capacity(ids.len());
    for id in &ids {
        packages.push(find::<OutPackages>(&state, &me, id).await?);
    }
    let channels: Vec<(String, String, Option<String>)> = {
        use crate::platform::db::schema::logistics_channel as ch;
        let wanted: Vec<String> = packages.iter().filter_map(|p| p.channel_id.clone()).collect();
        with_conn!(&state.db, |conn| ch::table
            .filter(ch::id.eq_any(&wanted))
            .select((ch::id, ch::name, ch::name_en))
            .load(conn)
            .await?)
    };
    let lang = crate::platform::http::current_lang();
    let date = crate::wallet::business_day(Utc::now().naive_utc());
    let values: Vec<Vec<(&'static str, String)>> = packages
        .iter()
        .map(|p| {
            let channel = channels.iter().find(|c| Some(&c.0) == p.channel_id.as_ref()).map(|c| match (lang, &c.2) {
                (Lang::EnUs, Some(en)) if !en.is_empty() => en.clone(),
                _ => c.1.clone(),
            });
            let pieces = match lang {
                Lang::ZhCn => format!("{} 件", p.pieces),
                Lang::EnUs => format!("{} pcs", p.pieces),
            };
            vec![
                ("packageNo", p.package_no.clone()),
                ("sortCode", p.country.clone().unwrap_or_default()),
                ("channel", channel.unwrap_or_default()),
                ("transport", p.transport_type.clone().unwrap_or_default()),
                ("depot", p.depot.clone().unwrap_or_default()),
                ("pieces", pieces),
                ("weight", format!("{} kg", p.weight)),
                ("batchNo", p.batch_no.clone().unwrap_or_default()),
                ("date", date.clone()),
                ("operator", p.create_by.clone().unwrap_or_default()),
            ]
        })
        .collect();
    let first = <[OutPackageRecord]>::first(&packages).map(|p| p.package_no.clone()).unwrap_or_default();
    let bytes = crate::printing::fixed_labels(logistics_core::label::package_template, values, "100x150", options).await?;
    crate::printing::inline(options.content_type(), &format!("package-labels-{first}.{}", options.extension()), bytes)
}

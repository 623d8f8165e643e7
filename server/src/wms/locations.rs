//! Storage locations (`/wms/location/*`): warehouse → zone → aisle → shelf → bin, coded by core
//! (`wms::location`: `SZ1-A-01-02-03`), with a capacity in pieces and a type (receiving dock,
//! storage, pick face, bulk, returns, quarantine). `held` is the pieces there now, kept by the
//! stock ledger; a location that holds stock is not deleted. Staff only: the tenant's warehouse.

use axum::response::Response;
use chrono::Utc;
use diesel::QueryableByName;
use logistics_core::wms::{self, LOCATION_TYPES};
use logistics_core::{Lang, MessageKey};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::caller::Caller;
use crate::platform::db::schema::wms_location;
use crate::platform::http::AppError;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::resource::handlers::find;
use crate::platform::resource::{Checked, Field, Filter, Kind, Resource, Scope};
use crate::printing::labels::{LabelQuery, Options};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = wms_location)]
#[serde(rename_all = "camelCase")]
pub struct WmsLocationRecord {
    pub id: String,
    pub warehouse: String,
    pub zone: String,
    pub aisle: Option<String>,
    pub shelf: Option<String>,
    pub bin: Option<String>,
    /// The segments joined by `-`: what the location's label carries.
    pub code: String,
    /// Most pieces it holds.
    pub capacity: i64,
    /// Pieces there now.
    pub held: i64,
    /// receiving, storage, pick, bulk, returns, quarantine.
    pub location_type: String,
    pub remark: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WmsLocationForm {
    pub id: Option<String>,
    #[serde(default)]
    pub warehouse: String,
    #[serde(default)]
    pub zone: String,
    pub aisle: Option<String>,
    pub shelf: Option<String>,
    pub bin: Option<String>,
    /// Pieces (a number or its text).
    #[schema(value_type = String)]
    #[serde(default)]
    pub capacity: serde_json::Value,
    #[serde(default)]
    pub location_type: String,
    pub remark: Option<String>,
}

pub struct WmsLocations;

impl Resource for WmsLocations {
    const PATH: &'static str = "/wms/location";
    const PERMISSION: &'static str = "wms:location";
    const NOUN: &'static str = "location";
    const PLURAL: &'static str = "locations";
    const TABLE: &'static str = "wms_location";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("code", "code").sortable().titled(MessageKey::FieldWmsLocation),
        Field::text("warehouse", "warehouse").sortable().titled(MessageKey::FieldWmsWarehouse),
        Field::text("zone", "zone").titled(MessageKey::FieldWmsZone),
        Field::text("aisle", "aisle").titled(MessageKey::FieldWmsAisle),
        Field::text("shelf", "shelf").titled(MessageKey::FieldWmsShelf),
        Field::text("bin", "bin").titled(MessageKey::FieldWmsBin),
        Field::text("locationType", "location_type").sortable().titled(MessageKey::FieldWmsLocationType),
        Field::big("capacity", "capacity").sortable().titled(MessageKey::FieldWmsCapacity),
        Field::big("held", "held").sortable().titled(MessageKey::FieldWmsQuantity),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::time("createTime", "create_time").sortable(),
        Field::time("updateTime", "update_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like_upper("keyWord", &["code"], "The location's code, substring."),
        Filter::exact("warehouse", &["warehouse"], "The warehouse's code."),
        Filter::exact("zone", &["zone"], "The zone's code."),
        Filter::one_of("locationType", &["location_type"], LOCATION_TYPES, Kind::Text, "What it is for."),
        Filter::any_of("codes", &["code"], 500, "Up to 500 codes (a scanned label), separated by spaces, line breaks or commas."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("code", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("code", MessageKey::CodeTaken));
    const HAS_UPDATE_BY: bool = true;
    /// Customers' pages name locations (their stock), and the stock pages pick them.
    const ALSO_LISTED_BY: &'static [&'static str] = &["wms:stock:list", "wms:forecast:receive"];

    crate::record_form!(WmsLocationRecord, WmsLocationForm, code);

    async fn values(_: &AppState, _: &CurrentUser, form: &WmsLocationForm, before: Option<&WmsLocationRecord>) -> Checked {
        let value = serde_json::json!({
            "warehouse": form.warehouse,
            "zone": form.zone,
            "aisle": form.aisle,
            "shelf": form.shelf,
            "bin": form.bin,
            "capacity": form.capacity,
            "locationType": form.location_type,
            "remark": form.remark,
        });
        let checked = wms::location(&(&value).into())?;
        if let Some(b) = before {
            // Its code is on the shelves' labels and in the stock: it stays while stock is there.
            if b.held > 0 && b.code != checked.code {
                return Err(AppError::conflict(MessageKey::WmsLocationInUse).with("location", b.code.clone()));
            }
            if checked.capacity < b.held {
                return Err(AppError::field("capacity", MessageKey::WmsLocationFull)
                    .with("location", b.code.clone())
                    .with("capacity", checked.capacity.to_string())
                    .with("held", b.held.to_string()));
            }
        }
        Ok(vec![
            ("warehouse", checked.warehouse.into()),
            ("zone", checked.zone.into()),
            ("aisle", checked.aisle.into()),
            ("shelf", checked.shelf.into()),
            ("bin", checked.bin.into()),
            ("code", checked.code.into()),
            ("capacity", checked.capacity.into()),
            ("location_type", checked.location_type.into()),
            ("remark", checked.remark.into()),
        ])
    }

    async fn before_delete(_: &AppState, _: &CurrentUser, records: &[WmsLocationRecord]) -> Result<(), AppError> {
        match records.iter().find(|r| r.held > 0) {
            Some(r) => Err(AppError::conflict(MessageKey::WmsLocationInUse).with("location", r.code.clone())),
            None => Ok(()),
        }
    }
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct WmsLocationLabelQuery {
    /// The locations' ids, comma-separated (at most 200).
    #[serde(default)]
    pub ids: String,
    /// pdf (default) or zpl.
    pub format: Option<String>,
    /// 203 (default) or 300 dpi.
    pub dpi: Option<u32>,
}

/// The labels of up to 200 locations, 100 x 100 mm, as one PDF or ZPL: the code as a Code 128
/// barcode, large and as a QR code; the warehouse, type and capacity.
#[utoipa::path(get, path = "/wms/location/label", tag = "wms", params(WmsLocationLabelQuery),
    responses((status = 200, description = "The labels", content_type = "application/pdf"), (status = 400), (status = 403), (status = 404),
        (status = 503, description = "No CJK font on the server")))]
pub async fn label(
    Caller(state, me): Caller,
    crate::platform::http::ApiQuery(q): crate::platform::http::ApiQuery<WmsLocationLabelQuery>,
) -> Result<Response, AppError> {
    grants::require(&state, &me, "wms:location:list").await?;
    let options = Options::from_query(&LabelQuery { ids: q.ids.clone(), size: None, format: q.format.clone(), dpi: q.dpi })?;
    let ids = crate::platform::http::page::require_ids(&q.ids)?;
    if ids.len() > 200 {
        return Err(AppError::field("ids", MessageKey::TooMany)
            .with("field", format!("@{}", MessageKey::FieldIds.key()))
            .with("max", "200"));
    }
    let mut locations = Vec::with_capacity(ids.len());
    for id in &ids {
        locations.push(find::<WmsLocations>(&state, &me, id).await?);
    }
    let lang = crate::platform::http::current_lang();
    let date = crate::wallet::business_day(Utc::now().naive_utc());
    let values: Vec<Vec<(&'static str, String)>> = locations
        .iter()
        .map(|l| {
            let capacity = match lang {
                Lang::ZhCn => format!("容量 {} 件", l.capacity),
                Lang::EnUs => format!("capacity {} pcs", l.capacity),
            };
            vec![
                ("code", l.code.clone()),
                ("warehouse", l.warehouse.clone()),
                ("type", l.location_type.to_uppercase()),
                ("capacity", capacity),
                ("date", date.clone()),
            ]
        })
        .collect();
    let first = locations.first().map(|l| l.code.clone()).unwrap_or_default();
    let bytes = crate::printing::fixed_labels(logistics_core::label::location_template, values, "100x100", options).await?;
    crate::printing::inline(options.content_type(), &format!("location-labels-{first}.{}", options.extension()), bytes)
}

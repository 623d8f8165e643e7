//! Status mappings (`/logistics/trackMapping/*`): what a source's event code means in the
//! normalized status set, per tenant, over core's built-in table (`tracking::DEFAULT_MAPPINGS`).
//! Staff add a row when a carrier starts sending a code nobody knew; the next events of that code
//! take its status (the events already kept keep theirs).

use diesel::QueryableByName;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use logistics_core::MessageKey;
use logistics_core::tracking::{self, Status};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::db::schema::logistics_track_mapping;
use crate::platform::http::AppError;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::resource::form::{optional, required};
use crate::platform::resource::{Checked, Field, Filter, Kind, Resource, Scope};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::with_conn;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = logistics_track_mapping)]
#[serde(rename_all = "camelCase")]
pub struct TrackMappingRecord {
    pub id: String,
    /// `warehouse`, `upload`, or a supplier's apiType or code (lower case).
    pub source: String,
    /// The source's event code (upper case).
    pub code: String,
    /// The normalized status it means.
    pub status: String,
    pub remark: Option<String>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackMappingForm {
    pub id: Option<String>,
    #[serde(default)]
    pub source: String,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub status: String,
    pub remark: Option<String>,
}

pub struct TrackMappings;

impl Resource for TrackMappings {
    const PATH: &'static str = "/logistics/trackMapping";
    const PERMISSION: &'static str = "logistics:trackMapping";
    const NOUN: &'static str = "tracking status mapping";
    const PLURAL: &'static str = "trackMappings";
    const TABLE: &'static str = "logistics_track_mapping";
    const SCOPE: Scope = Scope::Tenant;
    const FIELDS: &'static [Field] = &[
        Field::text("source", "source").sortable().titled(MessageKey::FieldTrackSource),
        Field::text("code", "code").sortable().titled(MessageKey::FieldTrackCode),
        Field::text("status", "status").sortable().titled(MessageKey::FieldTrackStatus),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::text("createBy", "create_by"),
        Field::time("createTime", "create_time").sortable().titled(MessageKey::FieldTime),
        Field::time("updateTime", "update_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("source", &["source"], "The source, in part."),
        Filter::like("code", &["code"], "The event code, in part."),
        Filter::one_of("status", &["status"], Status::CODES, Kind::Text, "A normalized status."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("createTime", Order::Desc);
    const HAS_UPDATE_BY: bool = true;

    crate::record_form!(TrackMappingRecord, TrackMappingForm, code);

    async fn values(state: &AppState, me: &CurrentUser, form: &TrackMappingForm, before: Option<&TrackMappingRecord>) -> Checked {
        let source = tracking::source("source", &form.source).map_err(AppError::invalid)?;
        let code = required("code", MessageKey::FieldTrackCode, &form.code, 64)?.to_uppercase();
        let status = Status::parse(&form.status).ok_or_else(|| {
            AppError::field("status", MessageKey::TrackStatusInvalid)
                .with("value", form.status.chars().take(40).collect::<String>())
        })?;
        // One meaning per source and code in a tenant.
        let taken: i64 = with_conn!(&state.db, |conn| {
            use logistics_track_mapping as m;
            let mut q = m::table
                .filter(m::tenant_id.eq(me.tenant_id))
                .filter(m::source.eq(&source))
                .filter(m::code.eq(&code))
                .into_boxed();
            if let Some(b) = before {
                q = q.filter(m::id.ne(b.id.clone()));
            }
            q.count().get_result(conn).await?
        });
        if taken > 0 {
            return Err(AppError::conflict(MessageKey::TrackMappingTaken).with("code", code));
        }
        Ok(vec![
            ("source", source.into()),
            ("code", code.into()),
            ("status", status.code().to_owned().into()),
            ("remark", optional("remark", MessageKey::FieldRemark, &form.remark, 500)?.into()),
        ])
    }
}

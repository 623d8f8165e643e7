//! Gateway routes (`/sys/gatewayRoute/*`, JeecgBoot's names): the platform's staff route
//! `/boot/gateway/{routerId}/…` to an upstream service ([`proxy`]), which must lie under one of the
//! upstreams the operator allows (`LOGISTICS_GATEWAY_UPSTREAMS`); core's `gateway` checks the form
//! here and in the browser. Every instance keeps the enabled routes in memory ([`cache::RouteCache`]); a
//! write drops them on every instance through the cluster bus, so a change applies everywhere
//! without a restart.

pub mod cache;
pub mod proxy;

use diesel::QueryableByName;
use logistics_core::MessageKey;
use logistics_core::json::Value as Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::caller::Caller;
use crate::platform::cluster::Change;
use crate::platform::db::schema::sys_gateway_route;
use crate::platform::http::page::Order;
use crate::platform::http::time::DateTime;
use crate::platform::http::{ApiResult, AppError, ok};
use crate::platform::resource::sql::Value;
use crate::platform::resource::{Checked, Field, Filter, Kind, Resource, Scope, Written};
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::grants;
use crate::system::tenants::platform_only;

#[derive(Clone, Debug, Serialize, ToSchema, QueryableByName)]
#[diesel(table_name = sys_gateway_route)]
#[serde(rename_all = "camelCase")]
pub struct GatewayRouteRecord {
    pub id: String,
    /// The path segment after `/boot/gateway/`.
    pub router_id: String,
    pub name: String,
    /// The upstream URL.
    pub uri: String,
    /// 1: the upstream gets the path after `/boot/gateway/{routerId}`; 0: after `/boot/gateway`.
    pub strip_prefix: i32,
    /// Milliseconds.
    pub timeout: i32,
    /// 1 enabled, 0 disabled.
    pub status: i32,
    /// Comma-separated role codes; none: every signed-in user.
    pub role_codes: Option<String>,
    pub remark: Option<String>,
    pub create_by: Option<String>,
    pub create_time: DateTime,
    pub update_time: Option<DateTime>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GatewayRouteForm {
    pub id: Option<String>,
    #[serde(default)]
    pub router_id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub uri: String,
    /// 1 or 0 (default 1).
    #[schema(value_type = Option<i32>)]
    pub strip_prefix: Option<serde_json::Value>,
    /// Milliseconds, 100 to 60,000 (default 10,000).
    #[schema(value_type = Option<i32>)]
    pub timeout: Option<serde_json::Value>,
    /// 1 enabled (default), 0 disabled.
    #[schema(value_type = Option<i32>)]
    pub status: Option<serde_json::Value>,
    /// Comma-separated role codes (or an array); none: every signed-in user.
    #[schema(value_type = Option<String>)]
    pub role_codes: Option<serde_json::Value>,
    pub remark: Option<String>,
}

impl GatewayRouteForm {
    /// The form as core reads it.
    fn to_core(&self) -> Json {
        let text = |s: &str| Json::String(s.to_owned());
        let raw = |v: &Option<serde_json::Value>| {
            v.as_ref().and_then(|v| logistics_core::json::parse(&v.to_string())).unwrap_or(Json::Null)
        };
        logistics_core::json::object([
            ("routerId", text(&self.router_id)),
            ("name", text(&self.name)),
            ("uri", text(&self.uri)),
            ("stripPrefix", raw(&self.strip_prefix)),
            ("timeout", raw(&self.timeout)),
            ("status", raw(&self.status)),
            ("roleCodes", raw(&self.role_codes)),
            ("remark", self.remark.as_deref().map_or(Json::Null, text)),
        ])
    }
}

pub struct GatewayRoutes;

impl Resource for GatewayRoutes {
    const PATH: &'static str = "/sys/gatewayRoute";
    const PERMISSION: &'static str = "system:gatewayRoute";
    const NOUN: &'static str = "gateway route";
    const PLURAL: &'static str = "gateway routes";
    const TABLE: &'static str = "sys_gateway_route";
    const SCOPE: Scope = Scope::Platform;
    const FIELDS: &'static [Field] = &[
        Field::text("routerId", "router_id").sortable().titled(MessageKey::FieldGatewayRouterId),
        Field::text("name", "name").sortable().titled(MessageKey::FieldName),
        Field::text("uri", "uri").sortable().titled(MessageKey::FieldGatewayUri),
        Field::int("stripPrefix", "strip_prefix").titled(MessageKey::FieldGatewayStripPrefix),
        Field::int("timeout", "timeout").sortable().titled(MessageKey::FieldGatewayTimeout),
        Field::int("status", "status").sortable().titled(MessageKey::FieldGatewayStatus),
        Field::text("roleCodes", "role_codes").titled(MessageKey::FieldRoleCode),
        Field::text("remark", "remark").titled(MessageKey::FieldRemark),
        Field::time("createTime", "create_time").sortable(),
        Field::time("updateTime", "update_time").sortable(),
    ];
    const FILTERS: &'static [Filter] = &[
        Filter::like("name", &["router_id", "name"], "A route id or a name, substring."),
        Filter::one_of("status", &["status"], &["0", "1"], Kind::Int, "1 enabled, 0 disabled."),
    ];
    const DEFAULT_SORT: (&'static str, Order) = ("routerId", Order::Asc);
    const UNIQUE: Option<(&'static str, MessageKey)> = Some(("router_id", MessageKey::GatewayRouteTaken));
    const HAS_UPDATE_BY: bool = true;
    const DATA_RULES: bool = false;
    const OMIT: &'static [&'static str] = &["importExcel"];

    crate::record_form!(GatewayRouteRecord, GatewayRouteForm, router_id);

    fn authorize(me: &CurrentUser) -> Result<(), AppError> {
        platform_only(me)
    }

    async fn values(state: &AppState, _: &CurrentUser, form: &GatewayRouteForm, _: Option<&GatewayRouteRecord>) -> Checked {
        let route = logistics_core::gateway::route(&form.to_core(), &state.config.gateway_upstreams)?;
        let timeout = i32::try_from(route.timeout_ms).map_err(|_| AppError::field("timeout", MessageKey::BadRequest))?;
        let roles = (!route.role_codes.is_empty()).then(|| route.role_codes.join(","));
        Ok(vec![
            ("router_id", route.router_id.into()),
            ("name", route.name.into()),
            ("uri", route.uri.into()),
            ("strip_prefix", Value::Int(i32::from(route.strip_prefix))),
            ("timeout", Value::Int(timeout)),
            ("status", Value::Int(i32::from(route.enabled))),
            ("role_codes", Value::opt(roles)),
            ("remark", Value::opt(route.remark)),
        ])
    }

    async fn after_write(state: &AppState, _: &CurrentUser, _: Written<'_, GatewayRouteRecord>) -> Result<(), AppError> {
        state.cluster.changed(Change::Gateway).await;
        Ok(())
    }
}

/// The upstreams routes may lead to (`LOGISTICS_GATEWAY_UPSTREAMS`), for the form's hint and its
/// checks in the browser.
#[utoipa::path(get, path = "/sys/gatewayRoute/upstreams", tag = "system",
    responses((status = 200, body = crate::platform::http::Envelope<Vec<String>>), (status = 403)))]
pub async fn upstreams(Caller(state, me): Caller) -> ApiResult<Vec<String>> {
    platform_only(&me)?;
    grants::require(&state, &me, "system:gatewayRoute:list").await?;
    ok(state.config.gateway_upstreams.clone())
}

//! Every route of the API, wired in one place with its OpenAPI entry. Paths here are relative to
//! the base path `/boot` (the OpenAPI document's server URL).

use std::sync::OnceLock;

use axum::body::Bytes;

use axum::Router;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::http::{AppError, middleware, web};
use crate::platform::resource::openapi::MountResource;
use crate::state::AppState;
use crate::system::users::{account, register};
use crate::system::users::{admin as user_admin, sub};
use crate::{
    carrier::channel_products, carrier::channels, carrier::depots as platform_depots, carrier::dispatch, carrier::fees,
    carrier::forecast, carrier::manifests, carrier::number_segments, carrier::partitions, carrier::price_levels,
    carrier::rate_cards, carrier::services, carrier::suppliers, carrier::ups_routing, carrier::waybill_batches, carrier::weight,
    carrier::worldship, online, platform::files, platform::health, platform::tasks, printing, reverse, shipment,
    system::announcements, system::auth, system::categories, system::checks, system::countries, system::departs, system::dicts,
    system::gateway, system::jobs, system::listings, system::logs, system::notices, system::permissions, system::positions,
    system::roles, system::tenants, tracking, wallet, warehouse, wms,
};

pub use crate::platform::http::BASE_PATH;

#[derive(OpenApi)]
#[openapi(
    info(title = "Logistics platform API", description = "Shipping orders, warehouse, payments and administration. \
        Every response is the envelope {success, message, code, result, timestamp}; messages follow the \
        client_lang cookie (zh-CN or en-US), else Accept-Language."),
    servers((url = "/boot")),
    paths(files::serve),
    // Task results the pages read (a task's `result` is this JSON as text).
    components(schemas(crate::printing::labels::BatchReport, crate::printing::labels::LabelRow)),
    tags(
        (name = "auth", description = "Sign-in, sessions, menus and permissions"),
        (name = "users", description = "Accounts: registration, recovery, the signed-in user's own account"),
        (name = "system", description = "Administration: users, sub-accounts, roles, menus, data rules, departments, tenants, positions, checks, dictionaries, categories, countries, logs, announcements"),
        (name = "files", description = "Uploads and stored files"),
        (name = "health", description = "Liveness and readiness"),
        (name = "logistics", description = "Shipping rules shared with the browser"),
        (name = "reverse", description = "Reverse logistics: returns, their files, comments, tracking and fees"),
        (name = "wms", description = "Warehouse management: locations, SKUs, stock and its log, inbound forecasts, WMS orders' picking, fees"),
    )
)]
struct ApiDoc;

/// `.routes(routes!(module::handler))` for every handler named, module by module:
/// `mount!(router, { auth::login: [login, logout], checks: [duplicate] })`.
macro_rules! mount {
    ($router:expr, { $($($module:ident)::+: [$($handler:ident),+ $(,)?]),+ $(,)? }) => {{
        let router = $router;
        $(let router = mount!(@module router, [$($module)::+], [$($handler),+]);)+
        router
    }};
    (@module $router:ident, [$($module:tt)+], [$($handler:ident),+]) => {{
        use $($module)+ as module;
        $router$(.routes(routes!(module::$handler)))+
    }};
}

/// The API routes and their OpenAPI document, before state and layers. Built in steps, each a
/// function of its own: in one, an unoptimized build's stack frame grew past a test thread's 2 MiB.
pub fn api() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    uploads(resources(logistics_calls(system_calls()))).split_for_parts()
}

/// The platform's own calls: sign-in, the account, system administration.
fn system_calls() -> OpenApiRouter<AppState> {
    mount!(OpenApiRouter::with_openapi(ApiDoc::openapi()), {
        health: [live, ready],
        weight: [chargeable],
        auth::login: [login, phone_login, logout, send_sms],
        auth::sso: [config, get_login_user, check_password],
        auth::sso::cas: [validate_login],
        auth::sso::accounts: [list, unbind],
        auth::sso::oidc: [render, callback],
        permissions::user_permissions: [by_token],
        departs::mine: [current, select],
        register: [check_only_user, register, phone_verification, password_change],
        account: [update_password, overview, edit_profile],
        user_admin::reads: [list, query_by_id, query_user_role, user_depart_list, query_user_by_dep_id],
        user_admin::form: [add, edit],
        user_admin::status: [delete, delete_batch, frozen_batch, change_password],
        sub: [list, add, edit, frozen_batch, delete, permission_tree],
        roles::admin: [query_all, query_tree_list],
        permissions::admin::menus: [list, system_menu_list, system_submenu, system_submenu_batch],
        permissions::admin::trees: [query_tree_list],
        permissions::admin::menu_form: [add, edit, delete, delete_batch],
        permissions::admin::role_grants: [query_role_permission, save_role_permission],
        permissions::admin::depart_grants: [query_depart_permission, save_depart_permission],
        permissions::rules: [list, query, add, edit, delete, of_role, save_for_role],
        departs::admin: [query_tree_list, query_id_tree, search_by, query_my_dept_tree_list, add, edit, delete, delete_batch],
        departs::roles: [of_user, assign, tree_for_role, role_permissions, save_role_permissions],
        tenants::admin: [add, edit, delete],
        dicts: [get_dict_items, query_all_dict_items, refresh_cache],
        categories: [root_list, child_list, tree],
        countries: [query_all],
        logs::admin: [list, visit, loginfo, visit_info],
        announcements::admin: [release, revoke],
        announcements::mine: [list_by_user, query_by_id, read_one, read_all, my_list],
    })
}

/// The business's calls beyond the declared resources: carriers, pricing, the wallet, orders,
/// labels, tracking, the warehouse, returns, WMS, jobs and reports.
fn logistics_calls(router: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    mount!(router, {
        number_segments: [allocate],
        dispatch::actions: [add_shipments, remove_shipment, request_pickup, picked_up, cancel, items],
        manifests: [close],
        waybill_batches: [add, regenerate, file, items],
        worldship: [export_xml, import_result],
        ups_routing: [lookup],
        manifests::files: [download_pdf, download_xlsx],
        fees::margin: [margin, margin_xls],
        channel_products: [list, query_by_id, add, edit, delete],
        channel_products::mine: [my_list],
        rate_cards: [list, query_by_id, add, edit, delete],
        rate_cards::xlsx: [export],
        price_levels: [customers],
        forecast: [forecast, bundle],
        checks: [duplicate, check_by_code],
        wallet::accounts: [credit_limit, frozen, adjust],
        wallet::recharges: [add, confirm, reject, sandbox_callback, sandbox_pay],
        wallet::holds: [reconcile],
        wallet::dashboard: [trade, payment],
        shipment::orders::write: [add, edit, query_by_id, delete, delete_batch, copy],
        shipment::orders::submit: [submit, cancel, submit_batch, cancel_batch],
        shipment::orders::counts: [count_by_status, dashboard],
        shipment::orders::import: [import_template],
        tasks: [query_by_id],
        shipment::depots: [fba_warehouses],
        shipment::predict_batches: [hand_over, reopen],
        shipment::fba_waybills: [edit],
        shipment::delivery_numbers: [void],
        printing::labels: [label, print_batch, batch_file],
        printing::templates: [default, preview],
        printing::swaps: [swap],
        printing::carrier_labels: [file],
        tracking::query: [public, search, out_search],
        tracking::webhook: [webhook, webhook_secret, rotate_secret],
        tracking::poll: [poll_now],
        tracking::subscriptions: [replay],
        warehouse::intake: [intake, intake_batch],
        warehouse::packages: [pack, unpack, label],
        warehouse::batches: [add_package, remove_package, hand_over],
        reverse::lifecycle: [query_by_id, approve, reject, cancel, decide, complete, receive],
        reverse::threads: [download, delete, add_comment, add_track],
        reverse::accounts: [add],
        wms::locations: [label],
        wms::stock: [move_stock, reconcile],
        wms::forecasts: [query_by_id, add, edit, cancel, close, receive],
        wms::orders: [query_by_number, confirm],
        wms::fees: [run_day],
        jobs: [list_handlers, pause, resume, execute, next_fire_times],
        listings: [users, roles, services, permissions, permissions_no_pager],
        online::api: [get_rp_columns, get_query_info, get_data],
        online::reports: [parse_sql],
        online::sources: [test_connection],
        gateway: [upstreams],
    })
}

/// The declared resources: the resource layer mounts their calls (`docs/adding-a-resource.md`).
fn resources(router: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    router
        .resource::<roles::admin::Roles>()
        .resource::<departs::roles::DepartRoles>()
        .resource::<tenants::admin::Tenants>()
        .resource::<positions::Positions>()
        .resource::<dicts::Dicts>()
        .resource::<dicts::items::DictItems>()
        .resource::<categories::Categories>()
        .resource::<countries::Countries>()
        .resource::<announcements::admin::Announcements>()
        .resource::<suppliers::Suppliers>()
        .resource::<channels::Channels>()
        .resource::<services::CarrierServices>()
        .resource::<ups_routing::UpsRoutings>()
        .resource::<partitions::Partitions>()
        .resource::<platform_depots::PlatformDepots>()
        .resource::<dispatch::Dispatches>()
        .resource::<manifests::Manifests>()
        .resource::<waybill_batches::WaybillBatches>()
        .resource::<fees::CarrierFees>()
        .resource::<number_segments::NumberSegments>()
        .resource::<price_levels::PriceLevels>()
        .resource::<wallet::accounts::Accounts>()
        .resource::<wallet::recharges::Recharges>()
        .resource::<wallet::trades::Trades>()
        .resource::<wallet::holds::Holds>()
        .resource::<shipment::orders::Shipments>()
        .resource::<shipment::shippers::Shippers>()
        .resource::<shipment::depots::Depots>()
        .resource::<shipment::products::ParcelProducts>()
        .resource::<shipment::predict_batches::PredictBatches>()
        .resource::<shipment::fba_waybills::FbaWaybills>()
        .resource::<shipment::delivery_numbers::DeliveryNumbers>()
        .resource::<printing::printers::Printers>()
        .resource::<printing::templates::PrintTemplates>()
        .resource::<printing::swaps::LabelSwaps>()
        .resource::<printing::carrier_labels::CarrierLabels>()
        .resource::<tracking::events::TrackEvents>()
        .resource::<tracking::mappings::TrackMappings>()
        .resource::<tracking::couriers::Couriers>()
        .resource::<tracking::subscriptions::TrackSubscriptions>()
        .resource::<tracking::subscriptions::TrackDeliveries>()
        .resource::<warehouse::inbound::InboundParcels>()
        .resource::<warehouse::packages::OutPackages>()
        .resource::<warehouse::batches::OutBatches>()
        .resource::<reverse::returns::Returns>()
        .resource::<reverse::threads::ReturnAttachments>()
        .resource::<reverse::threads::ReturnComments>()
        .resource::<reverse::threads::ReturnTracks>()
        .resource::<reverse::accounts::ReturnAccounts>()
        .resource::<wms::locations::WmsLocations>()
        .resource::<wms::skus::WmsSkus>()
        .resource::<wms::stock::WmsStock>()
        .resource::<wms::stock::WmsStockLogs>()
        .resource::<wms::forecasts::WmsForecasts>()
        .resource::<wms::orders::WmsPicks>()
        .resource::<wms::fees::WmsFeeRates>()
        .resource::<wms::fees::WmsUserFees>()
        .resource::<jobs::QuartzJobs>()
        .resource::<jobs::QuartzJobLogs>()
        .resource::<online::reports::Reports>()
        .resource::<online::sources::DataSources>()
        .resource::<gateway::GatewayRoutes>()
}

/// Uploads: they take larger bodies than the default limit.
fn uploads(router: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    router
        .routes({
            let (schemas, paths, method_router) = routes!(rate_cards::xlsx::import);
            (schemas, paths, method_router.layer(DefaultBodyLimit::max(rate_cards::xlsx::IMPORT_LIMIT + 64 * 1024)))
        })
        .routes({
            let (schemas, paths, method_router) = routes!(shipment::orders::import::import_excel);
            (schemas, paths, method_router.layer(DefaultBodyLimit::max(shipment::orders::import::IMPORT_LIMIT + 64 * 1024)))
        })
        .routes({
            let (schemas, paths, method_router) = routes!(printing::carrier_labels::upload);
            (schemas, paths, method_router.layer(DefaultBodyLimit::max(printing::carrier_labels::UPLOAD_BODY_LIMIT)))
        })
        .routes({
            let (schemas, paths, method_router) = routes!(tracking::events::import_excel);
            (schemas, paths, method_router.layer(DefaultBodyLimit::max(tracking::events::UPLOAD_LIMIT + 64 * 1024)))
        })
        .routes({
            let (schemas, paths, method_router) = routes!(ups_routing::file::import_excel);
            (schemas, paths, method_router.layer(DefaultBodyLimit::max(ups_routing::IMPORT_LIMIT + 64 * 1024)))
        })
        .routes({
            let (schemas, paths, method_router) = routes!(reverse::threads::upload);
            (schemas, paths, method_router.layer(DefaultBodyLimit::max(reverse::threads::UPLOAD_BODY_LIMIT)))
        })
        .routes({
            let (schemas, paths, method_router) = routes!(files::upload);
            (schemas, paths, method_router.layer(DefaultBodyLimit::max(files::UPLOAD_BODY_LIMIT)))
        })
}

/// The OpenAPI document as served (and snapshot-tested).
pub fn openapi_json() -> String {
    let (_, mut doc) = api();
    doc.info.version = env!("CARGO_PKG_VERSION").to_owned();
    doc.to_pretty_json().unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// The served document, built on its first request rather than at start (it is large, and most
/// instances are never asked for it).
static DOCUMENT: OnceLock<Bytes> = OnceLock::new();

pub fn router(state: AppState) -> Router {
    let (api, _) = api();
    let api = api
        .route("/sys/common/static/{*path}", get(files::serve))
        .route("/websocket/{user_id}", get(notices::socket))
        // The gateway: any method, bodies up to its own limit (not in the OpenAPI document: what
        // lies behind a route is the upstream's).
        .route("/gateway/{router_id}", any(gateway::proxy::root).layer(DefaultBodyLimit::max(gateway::proxy::BODY_LIMIT)))
        // `{*rest}` takes no empty rest: the route's own `/`, as the page shows it.
        .route("/gateway/{router_id}/", any(gateway::proxy::root).layer(DefaultBodyLimit::max(gateway::proxy::BODY_LIMIT)))
        .route(
            "/gateway/{router_id}/{*rest}",
            any(gateway::proxy::nested).layer(DefaultBodyLimit::max(gateway::proxy::BODY_LIMIT)),
        )
        .route(
            "/openapi.json",
            get(|| async {
                let document = DOCUMENT.get_or_init(|| Bytes::from(openapi_json())).clone();
                ([(header::CONTENT_TYPE, "application/json")], document)
            }),
        )
        .fallback(|| async { AppError::not_found() })
        .method_not_allowed_fallback(|| async { AppError::method_not_allowed() });
    let app = Router::new().nest(BASE_PATH, api).fallback(web_app).with_state(state);
    middleware::apply(app)
}

/// Anything outside `/boot`: the web app, with the history fallback.
async fn web_app(State(state): State<AppState>, method: Method, uri: Uri, headers: axum::http::HeaderMap) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    web::serve(&state.web, &uri, &headers).await
}

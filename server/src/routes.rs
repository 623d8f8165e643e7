//! Every route of the API, wired in one place with its OpenAPI entry. Paths here are relative to
//! the base path `/boot` (the OpenAPI document's server URL).

use std::sync::OnceLock;

use axum::body::Bytes;

use axum::Router;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::http::{AppError, middleware, web};
use crate::platform::resource::openapi::MountResource;
use crate::state::AppState;
use crate::system::users::{account, register};
use crate::system::users::{admin as user_admin, sub};
use crate::{
    carrier::channel_products, carrier::channels, carrier::forecast, carrier::number_segments, carrier::price_levels,
    carrier::rate_cards, carrier::suppliers, carrier::weight, platform::files, platform::health, system::announcements,
    system::auth, system::categories, system::checks, system::countries, system::departs, system::dicts, system::logs,
    system::notices, system::permissions, system::positions, system::roles, system::tenants,
};

pub const BASE_PATH: &str = "/boot";

#[derive(OpenApi)]
#[openapi(
    info(title = "Logistics platform API", description = "Shipping orders, warehouse, payments and administration. \
        Every response is the envelope {success, message, code, result, timestamp}; messages follow the \
        client_lang cookie (zh-CN or en-US), else Accept-Language."),
    servers((url = "/boot")),
    paths(files::serve),
    tags(
        (name = "auth", description = "Sign-in, sessions, menus and permissions"),
        (name = "users", description = "Accounts: registration, recovery, the signed-in user's own account"),
        (name = "system", description = "Administration: users, sub-accounts, roles, menus, data rules, departments, tenants, positions, checks, dictionaries, categories, countries, logs, announcements"),
        (name = "files", description = "Uploads and stored files"),
        (name = "health", description = "Liveness and readiness"),
        (name = "logistics", description = "Shipping rules shared with the browser"),
    )
)]
struct ApiDoc;

/// The API routes and their OpenAPI document, before state and layers.
pub fn api() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(health::live))
        .routes(routes!(health::ready))
        .routes(routes!(weight::chargeable))
        .routes(routes!(auth::login::login))
        .routes(routes!(auth::login::phone_login))
        .routes(routes!(auth::login::logout))
        .routes(routes!(auth::login::send_sms))
        .routes(routes!(permissions::user_permissions::by_token))
        .routes(routes!(departs::mine::current))
        .routes(routes!(departs::mine::select))
        .routes(routes!(register::check_only_user))
        .routes(routes!(register::register))
        .routes(routes!(register::phone_verification))
        .routes(routes!(register::password_change))
        .routes(routes!(account::update_password))
        .routes(routes!(account::overview))
        .routes(routes!(account::edit_profile))
        .routes(routes!(user_admin::reads::list))
        .routes(routes!(user_admin::reads::query_by_id))
        .routes(routes!(user_admin::form::add))
        .routes(routes!(user_admin::form::edit))
        .routes(routes!(user_admin::status::delete))
        .routes(routes!(user_admin::status::delete_batch))
        .routes(routes!(user_admin::status::frozen_batch))
        .routes(routes!(user_admin::status::change_password))
        .routes(routes!(user_admin::reads::query_user_role))
        .routes(routes!(user_admin::reads::user_depart_list))
        .routes(routes!(user_admin::reads::query_user_by_dep_id))
        .routes(routes!(sub::list))
        .routes(routes!(sub::add))
        .routes(routes!(sub::edit))
        .routes(routes!(sub::frozen_batch))
        .routes(routes!(sub::delete))
        .routes(routes!(sub::permission_tree))
        .routes(routes!(roles::admin::query_all))
        .routes(routes!(roles::admin::query_tree_list))
        .resource::<roles::admin::Roles>()
        .routes(routes!(permissions::admin::menus::list))
        .routes(routes!(permissions::admin::menus::system_menu_list))
        .routes(routes!(permissions::admin::menus::system_submenu))
        .routes(routes!(permissions::admin::menus::system_submenu_batch))
        .routes(routes!(permissions::admin::trees::query_tree_list))
        .routes(routes!(permissions::admin::menu_form::add))
        .routes(routes!(permissions::admin::menu_form::edit))
        .routes(routes!(permissions::admin::menu_form::delete))
        .routes(routes!(permissions::admin::menu_form::delete_batch))
        .routes(routes!(permissions::admin::role_grants::query_role_permission))
        .routes(routes!(permissions::admin::role_grants::save_role_permission))
        .routes(routes!(permissions::admin::depart_grants::query_depart_permission))
        .routes(routes!(permissions::admin::depart_grants::save_depart_permission))
        .routes(routes!(permissions::rules::list))
        .routes(routes!(permissions::rules::query))
        .routes(routes!(permissions::rules::add))
        .routes(routes!(permissions::rules::edit))
        .routes(routes!(permissions::rules::delete))
        .routes(routes!(permissions::rules::of_role))
        .routes(routes!(permissions::rules::save_for_role))
        .routes(routes!(departs::admin::query_tree_list))
        .routes(routes!(departs::admin::query_id_tree))
        .routes(routes!(departs::admin::search_by))
        .routes(routes!(departs::admin::query_my_dept_tree_list))
        .routes(routes!(departs::admin::add))
        .routes(routes!(departs::admin::edit))
        .routes(routes!(departs::admin::delete))
        .routes(routes!(departs::admin::delete_batch))
        .resource::<departs::roles::DepartRoles>()
        .routes(routes!(departs::roles::of_user))
        .routes(routes!(departs::roles::assign))
        .routes(routes!(departs::roles::tree_for_role))
        .routes(routes!(departs::roles::role_permissions))
        .routes(routes!(departs::roles::save_role_permissions))
        .resource::<tenants::admin::Tenants>()
        .routes(routes!(tenants::admin::add))
        .routes(routes!(tenants::admin::edit))
        .routes(routes!(tenants::admin::delete))
        .resource::<positions::Positions>()
        .resource::<dicts::Dicts>()
        .routes(routes!(dicts::get_dict_items))
        .routes(routes!(dicts::query_all_dict_items))
        .routes(routes!(dicts::refresh_cache))
        .resource::<dicts::items::DictItems>()
        .routes(routes!(categories::root_list))
        .routes(routes!(categories::child_list))
        .routes(routes!(categories::tree))
        .resource::<categories::Categories>()
        .routes(routes!(countries::query_all))
        .resource::<countries::Countries>()
        .routes(routes!(logs::admin::list))
        .routes(routes!(logs::admin::visit))
        .routes(routes!(logs::admin::loginfo))
        .routes(routes!(logs::admin::visit_info))
        .resource::<announcements::admin::Announcements>()
        .routes(routes!(announcements::admin::release))
        .routes(routes!(announcements::admin::revoke))
        .routes(routes!(announcements::mine::list_by_user))
        .routes(routes!(announcements::mine::query_by_id))
        .routes(routes!(announcements::mine::read_one))
        .routes(routes!(announcements::mine::read_all))
        .routes(routes!(announcements::mine::my_list))
        .resource::<suppliers::Suppliers>()
        .resource::<channels::Channels>()
        .resource::<number_segments::NumberSegments>()
        .routes(routes!(number_segments::allocate))
        .routes(routes!(channel_products::list))
        .routes(routes!(channel_products::query_by_id))
        .routes(routes!(channel_products::add))
        .routes(routes!(channel_products::edit))
        .routes(routes!(channel_products::delete))
        .routes(routes!(channel_products::mine::my_list))
        .routes(routes!(rate_cards::list))
        .routes(routes!(rate_cards::query_by_id))
        .routes(routes!(rate_cards::add))
        .routes(routes!(rate_cards::edit))
        .routes(routes!(rate_cards::delete))
        .routes(routes!(rate_cards::xlsx::export))
        .routes({
            let (schemas, paths, method_router) = routes!(rate_cards::xlsx::import);
            (schemas, paths, method_router.layer(DefaultBodyLimit::max(rate_cards::xlsx::IMPORT_LIMIT + 64 * 1024)))
        })
        .resource::<price_levels::PriceLevels>()
        .routes(routes!(price_levels::customers))
        .routes(routes!(forecast::forecast))
        .routes(routes!(forecast::bundle))
        .routes(routes!(checks::duplicate))
        .routes(routes!(checks::check_by_code))
        .routes({
            let (schemas, paths, method_router) = routes!(files::upload);
            (schemas, paths, method_router.layer(DefaultBodyLimit::max(files::UPLOAD_BODY_LIMIT)))
        })
        .split_for_parts()
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

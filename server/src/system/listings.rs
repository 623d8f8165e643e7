//! JeecgBoot's generic listings (`/api/*`, from its ant-design-pro beginnings): users, roles,
//! services (the channel products customers ship with) and permissions, paged, plus every
//! permission without paging. Each is the list its administration page reads, under the same
//! permission and data rules: nothing here can be read that the caller could not read there.

use axum::extract::State;

use crate::carrier::channel_products::{self, ChannelProductRecord, ProductFilter};
use crate::platform::caller::Caller;
use crate::platform::http::{ApiQuery, ApiResult, Page, PageParams, ok};
use crate::platform::resource::handlers;
use crate::state::AppState;
use crate::system::auth::CurrentUser;
use crate::system::permissions::admin::menus::{self, MenuFilter, PermissionRecord};
use crate::system::roles::admin::{RoleRecord, Roles};
use crate::system::users::UserInfo;
use crate::system::users::admin::{queries::UserFilter, reads};

/// The tenant's users, as `/sys/user/list`.
#[utoipa::path(get, path = "/api/user", tag = "system", params(UserFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<UserInfo>>), (status = 400), (status = 403)))]
pub async fn users(state: State<AppState>, me: CurrentUser, query: ApiQuery<UserFilter>) -> ApiResult<Page<UserInfo>> {
    reads::list(state, me, query).await
}

/// The tenant's roles, as `/sys/role/list` (`roleName`, `roleCode` and the other filters, paging,
/// sorting).
#[utoipa::path(get, path = "/api/role", tag = "system", params(PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<RoleRecord>>), (status = 400), (status = 403)))]
pub async fn roles(caller: Caller, query: ApiQuery<std::collections::HashMap<String, String>>) -> ApiResult<Page<RoleRecord>> {
    handlers::list::<Roles>(caller, query).await
}

/// The services: the tenant's channel products, as `/logistics/channelProduct/list`.
#[utoipa::path(get, path = "/api/service", tag = "system", params(ProductFilter, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<ChannelProductRecord>>), (status = 400), (status = 403)))]
pub async fn services(caller: Caller, query: ApiQuery<ProductFilter>) -> ApiResult<Page<ChannelProductRecord>> {
    channel_products::list(caller, query).await
}

/// Menus and buttons, flat and in menu order, one page at a time (`name` matches either language).
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PermissionPageQuery {
    pub name: Option<String>,
    #[serde(flatten)]
    #[param(ignore)]
    pub page: PageParams,
}

/// A page of the menus and buttons, flat.
#[utoipa::path(get, path = "/api/permission", tag = "system", params(PermissionPageQuery, PageParams),
    responses((status = 200, body = crate::platform::http::Envelope<Page<PermissionRecord>>), (status = 400), (status = 403)))]
pub async fn permissions(
    Caller(state, me): Caller,
    ApiQuery(q): ApiQuery<PermissionPageQuery>,
) -> ApiResult<Page<PermissionRecord>> {
    let all = menus::flat(&state, &me, &q.name).await?;
    let total = i64::try_from(all.len()).unwrap_or(i64::MAX);
    let skip = usize::try_from(q.page.offset()).unwrap_or(usize::MAX);
    let take = usize::try_from(q.page.page_size()).unwrap_or(0);
    ok(Page::new(all.into_iter().skip(skip).take(take).collect(), total, &q.page))
}

/// Every menu and button, flat (`name` matches either language).
#[utoipa::path(get, path = "/api/permission/no-pager", tag = "system", params(MenuFilter),
    responses((status = 200, body = crate::platform::http::Envelope<Vec<PermissionRecord>>), (status = 403)))]
pub async fn permissions_no_pager(
    Caller(state, me): Caller,
    ApiQuery(q): ApiQuery<MenuFilter>,
) -> ApiResult<Vec<PermissionRecord>> {
    ok(menus::flat(&state, &me, &q.name).await?)
}

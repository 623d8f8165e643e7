/**
 * The page registry: a menu item's `component` string to the page it shows (spec section 2,
 * "menu-derived routes"). Unknown components show a "page not available" state.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;

export const PAGES: Record<string, Page> = {
  'dashboard/Analysis': lazy(() => import('../features/dashboard/AnalysisPage')),
  'account/center/Index': lazy(() => import('../features/account/components/CenterPage')),
  'account/settings/BaseSetting': lazy(() => import('../features/account/components/BaseSettingPage')),
  'system/UserList': lazy(() => import('../features/system/users/UserListPage')),
  'system/RoleList': lazy(() => import('../features/system/roles/RoleListPage')),
  'system/PermissionList': lazy(() => import('../features/system/menus/PermissionListPage')),
  'system/DepartList': lazy(() => import('../features/system/departs/DepartListPage')),
  'system/TenantList': lazy(() => import('../features/system/tenants/TenantListPage')),
  'system/PositionList': lazy(() => import('../features/system/positions/PositionListPage')),
  'system/DictList': lazy(() => import('../features/system/dicts/DictListPage')),
  'system/CategoryList': lazy(() => import('../features/system/categories/CategoryListPage')),
  'system/CountryList': lazy(() => import('../features/system/countries/CountryListPage')),
  'system/LogList': lazy(() => import('../features/system/logs/LogListPage')),
  'system/AnnouncementList': lazy(() => import('../features/system/announcements/AnnouncementListPage')),
  'account/SubAccountList': lazy(() => import('../features/system/subaccounts/SubAccountListPage')),
  'carrier/RateCardList': lazy(() => import('../features/carrier/rateCards/RateCardListPage')),
  'logistics/PriceForecast': lazy(() => import('../features/logistics/forecast/PriceForecastPage')),
  'logistics/ChannelProductList': lazy(() => import('../features/logistics/channelProducts/ChannelProductListPage')),
  'carrier/SupplierList': lazy(() => import('../features/carrier/suppliers/SupplierListPage')),
  'carrier/ChannelList': lazy(() => import('../features/carrier/channels/ChannelListPage')),
  'carrier/ChannelProductList': lazy(() => import('../features/carrier/channelProducts/ChannelProductListPage')),
  'carrier/PriceLevelList': lazy(() => import('../features/carrier/priceLevels/PriceLevelListPage')),
  'carrier/NumberSegmentList': lazy(() => import('../features/carrier/numberSegments/NumberSegmentListPage')),
  'layouts/IframePageView': lazy(() => import('../layouts/IframePageView')),
};

/** Components that only group their children (JeecgBoot's RouteView). */
export const ROUTE_VIEWS = new Set(['layouts/RouteView', 'RouteView']);

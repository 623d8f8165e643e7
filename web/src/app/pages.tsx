/**
 * The page registry: a menu item's `component` string to the page it shows (spec section 2,
 * "menu-derived routes"). Unknown components show a "page not available" state.
 *
 * Each page loads with its translation namespaces (current language; the signed-in shell's own,
 * `layout`, `dataTable`, `notice` and `account`, are already there): listing them here loads them
 * alongside the code. A namespace left out still loads, through `useTranslation`'s Suspense
 * (the page skeleton of MenuRouteView), one request later.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadNamespaces, type Namespace } from '../i18n';

type Page = LazyExoticComponent<ComponentType>;

function page(load: () => Promise<{ default: ComponentType }>, ...namespaces: Namespace[]): Page {
  return lazy(() => Promise.all([load(), loadNamespaces(namespaces)]).then(([module]) => module));
}

export const PAGES: Record<string, Page> = {
  'dashboard/Analysis': page(() => import('../features/dashboard/AnalysisPage'), 'dashboard'),
  'account/center/Index': page(() => import('../features/account/components/CenterPage'), 'account'),
  'account/settings/BaseSetting': page(() => import('../features/account/components/BaseSettingPage'), 'account'),
  'system/UserList': page(() => import('../features/system/users/UserListPage'), 'sysUser'),
  'system/RoleList': page(() => import('../features/system/roles/RoleListPage'), 'sysRole'),
  'system/PermissionList': page(() => import('../features/system/menus/PermissionListPage'), 'sysMenu'),
  'system/DepartList': page(() => import('../features/system/departs/DepartListPage'), 'sysDepart', 'sysRole'),
  'system/TenantList': page(() => import('../features/system/tenants/TenantListPage'), 'sysTenant'),
  'system/PositionList': page(() => import('../features/system/positions/PositionListPage'), 'sysPosition'),
  'system/DictList': page(() => import('../features/system/dicts/DictListPage'), 'sysDict'),
  'system/CategoryList': page(() => import('../features/system/categories/CategoryListPage'), 'sysCategory'),
  'system/CountryList': page(() => import('../features/system/countries/CountryListPage'), 'sysCountry'),
  'system/LogList': page(() => import('../features/system/logs/LogListPage'), 'sysLog'),
  'system/AnnouncementList': page(() => import('../features/system/announcements/AnnouncementListPage'), 'sysAnnouncement'),
  'account/SubAccountList': page(() => import('../features/system/subaccounts/SubAccountListPage'), 'subAccount', 'sysRole'),
  'carrier/RateCardList': page(() => import('../features/carrier/rateCards/RateCardListPage'), 'rateCard'),
  'logistics/PriceForecast': page(() => import('../features/logistics/forecast/PriceForecastPage'), 'forecast'),
  'logistics/ChannelProductList': page(() => import('../features/logistics/channelProducts/ChannelProductListPage'), 'myProducts', 'carrierChannel'),
  'carrier/SupplierList': page(() => import('../features/carrier/suppliers/SupplierListPage'), 'carrierSupplier', 'trackMapping'),
  'carrier/ChannelList': page(() => import('../features/carrier/channels/ChannelListPage'), 'carrierChannel'),
  'carrier/ChannelProductList': page(() => import('../features/carrier/channelProducts/ChannelProductListPage'), 'carrierProduct', 'carrierChannel'),
  'carrier/PriceLevelList': page(() => import('../features/carrier/priceLevels/PriceLevelListPage'), 'carrierPriceLevel'),
  'carrier/NumberSegmentList': page(() => import('../features/carrier/numberSegments/NumberSegmentListPage'), 'carrierSegment'),
  'carrier/CarrierServiceList': page(() => import('../features/carrier/services/ServiceListPage'), 'carrierService'),
  'carrier/PlatformDepotList': page(() => import('../features/carrier/depots/DepotListPage'), 'platformDepot'),
  'carrier/DispatchList': page(() => import('../features/carrier/dispatch/DispatchListPage'), 'dispatch', 'manifest', 'shipment'),
  'carrier/ManifestList': page(() => import('../features/carrier/manifests/ManifestListPage'), 'manifest'),
  'carrier/UpsRoutingList': page(() => import('../features/carrier/upsRouting/UpsRoutingListPage'), 'upsRouting'),
  'carrier/PartitionList': page(() => import('../features/carrier/partitions/PartitionListPage'), 'partition'),
  'carrier/CarrierFeeList': page(() => import('../features/carrier/fees/CarrierFeeListPage'), 'carrierFee'),
  'logistics/PaymentAccount': page(() => import('../features/logistics/wallet/PaymentAccountPage'), 'wallet'),
  'logistics/RechargeList': page(() => import('../features/logistics/wallet/RechargeListPage'), 'wallet'),
  'logistics/TradeList': page(() => import('../features/logistics/wallet/TradeListPage'), 'wallet'),
  'logistics/HoldList': page(() => import('../features/logistics/wallet/HoldListPage'), 'wallet'),
  'logistics/Reconcile': page(() => import('../features/logistics/wallet/ReconcilePage'), 'wallet'),
  'shipment/ShipperList': page(() => import('../features/shipment/shippers/ShipperListPage'), 'shipper'),
  'shipment/DepotList': page(() => import('../features/shipment/depots/DepotListPage'), 'depot'),
  'shipment/ProductList': page(() => import('../features/shipment/products/ProductListPage'), 'product'),
  'shipment/PredictBatchList': page(() => import('../features/shipment/predictBatches/PredictBatchListPage'), 'predictBatch'),
  'shipment/FbaWaybillList': page(() => import('../features/shipment/fbaWaybills/FbaWaybillListPage'), 'fbaWaybill', 'shipment'),
  'shipment/DeliveryNumberList': page(() => import('../features/shipment/deliveryNumbers/DeliveryNumberListPage'), 'deliveryNumber'),
  'shipment/B2cList': page(() => import('../features/shipment/orders/ShipmentListPage').then((m) => ({ default: m.B2cShipmentList })), 'shipment', 'forecast', 'printer', 'carrierLabel', 'tracking'),
  'shipment/B2bList': page(() => import('../features/shipment/orders/ShipmentListPage').then((m) => ({ default: m.B2bShipmentList })), 'shipment', 'forecast', 'printer', 'carrierLabel', 'tracking'),
  'shipment/FbaList': page(() => import('../features/shipment/orders/ShipmentListPage').then((m) => ({ default: m.FbaShipmentList })), 'shipment', 'forecast', 'printer', 'carrierLabel', 'tracking'),
  'shipment/WmsList': page(() => import('../features/shipment/orders/ShipmentListPage').then((m) => ({ default: m.WmsShipmentList })), 'shipment', 'forecast', 'printer', 'carrierLabel', 'tracking'),
  'shipment/AllList': page(() => import('../features/shipment/orders/ShipmentListPage'), 'shipment', 'forecast', 'printer', 'carrierLabel', 'tracking'),
  'logistics/PrinterList': page(() => import('../features/printing/PrinterListPage'), 'printer'),
  'system/PrintTemplateList': page(() => import('../features/printing/PrintTemplateListPage'), 'printTemplate'),
  'shipment/ChangeLabel': page(() => import('../features/printing/ChangeLabelPage'), 'labelSwap', 'printer'),
  'carrier/CarrierLabelList': page(() => import('../features/printing/CarrierLabelListPage'), 'carrierLabel'),
  'shipment/TrackSearch': page(() => import('../features/tracking/TrackSearchPage'), 'tracking'),
  'shipment/OutTrackSearch': page(() => import('../features/tracking/OutTrackSearchPage'), 'tracking'),
  'shipment/TrackSubscriptionList': page(() => import('../features/tracking/TrackSubscriptionListPage'), 'trackSubscription', 'tracking'),
  'carrier/TrackEventList': page(() => import('../features/tracking/TrackEventListPage'), 'trackEvent', 'tracking'),
  'carrier/TrackMappingList': page(() => import('../features/tracking/TrackMappingListPage'), 'trackMapping', 'tracking'),
  'carrier/CourierList': page(() => import('../features/tracking/CourierListPage'), 'courier'),
  'warehouse/IntoParcel': page(() => import('../features/warehouse/IntoParcelPage'), 'inbound'),
  'warehouse/BatchIntoParcel': page(() => import('../features/warehouse/BatchIntoParcelPage'), 'inbound'),
  'warehouse/InboundParcelList': page(() => import('../features/warehouse/InboundParcelListPage'), 'inbound'),
  'warehouse/PdaSortStorage': page(() => import('../features/warehouse/PdaSortStoragePage'), 'inbound'),
  'warehouse/SortPack': page(() => import('../features/warehouse/SortPackPage'), 'outPackage', 'carrierChannel'),
  'warehouse/OutPackageList': page(() => import('../features/warehouse/OutPackageListPage'), 'outPackage', 'carrierChannel'),
  'warehouse/OutBatchList': page(() => import('../features/warehouse/OutBatchListPage'), 'outBatch'),
  'warehouse/PdaOutPack': page(() => import('../features/warehouse/PdaOutPackPage'), 'outBatch'),
  'warehouse/PredictShipmentList': page(() => import('../features/warehouse/PredictShipmentListPage'), 'predictShipment'),
  'wms/LocationList': page(() => import('../features/wms/LocationListPage'), 'wmsLocation'),
  'wms/SkuList': page(() => import('../features/wms/SkuListPage'), 'wmsSku'),
  'wms/StockList': page(() => import('../features/wms/StockListPage'), 'wmsStock'),
  'wms/StockLogList': page(() => import('../features/wms/StockLogListPage'), 'wmsStock'),
  'wms/ForecastList': page(() => import('../features/wms/ForecastListPage'), 'wmsForecast'),
  'wms/PdaPutaway': page(() => import('../features/wms/PdaPutawayPage'), 'wmsStock', 'wmsForecast'),
  'system/QuartzJobList': page(() => import('../features/system/jobs/JobListPage'), 'quartzJob'),
  'system/DataSourceList': page(() => import('../features/system/dataSources/DataSourceListPage'), 'dataSource'),
  'system/GatewayRouteList': page(() => import('../features/system/gatewayRoutes/GatewayRouteListPage'), 'gatewayRoute'),
  'online/CgReportList': page(() => import('../features/online/ReportListPage'), 'onlReport', 'popup'),
  'wms/PickList': page(() => import('../features/wms/PickListPage'), 'wmsPick'),
  'wms/PdaPick': page(() => import('../features/wms/PdaPickPage'), 'wmsPick'),
  'wms/FeeRateList': page(() => import('../features/wms/FeeRateListPage'), 'wmsFee'),
  'wms/UserFeeList': page(() => import('../features/wms/UserFeeListPage'), 'wmsUserFee', 'wmsFee'),
  'reverse/ReturnList': page(() => import('../features/reverse/ReturnListPage'), 'returns', 'tracking'),
  'reverse/PdaReturnReceive': page(() => import('../features/reverse/PdaReturnReceivePage'), 'returns'),
  'reverse/ReturnAccountList': page(() => import('../features/reverse/ReturnPartLists').then((m) => ({ default: m.ReturnAccountList })), 'returns', 'tracking'),
  'reverse/ReturnAttachmentList': page(() => import('../features/reverse/ReturnPartLists').then((m) => ({ default: m.ReturnAttachmentList })), 'returns', 'tracking'),
  'reverse/ReturnCommentList': page(() => import('../features/reverse/ReturnPartLists').then((m) => ({ default: m.ReturnCommentList })), 'returns', 'tracking'),
  'reverse/ReturnTrackList': page(() => import('../features/reverse/ReturnPartLists').then((m) => ({ default: m.ReturnTrackList })), 'returns', 'tracking'),
  'layouts/IframePageView': page(() => import('../layouts/IframePageView')),
};

/** Components that only group their children (JeecgBoot's RouteView). */
export const ROUTE_VIEWS = new Set(['layouts/RouteView', 'RouteView']);

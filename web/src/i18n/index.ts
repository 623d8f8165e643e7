/**
 * Translations and the current language. The language lives in the `client_lang` cookie
 * (`zh-CN` or `en-US`, read by the server too); without it the browser's language decides, and
 * English is the fallback. Switching rewrites the cookie and `<html lang>` without a reload.
 *
 * Each namespace (`src/locales/<language>/<namespace>.json`) is its own chunk, loaded for the
 * current language only when something needs it: `common` at start, a route's namespaces with
 * its page (`loadNamespaces` in the route's `lazy`, or `useTranslation`, which suspends until the
 * namespace is there, so keys never flash). Switching language loads the namespaces loaded so
 * far in the new language before the UI switches.
 */
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { readCookie, writeCookie } from '../lib/cookies';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en-US';
export const LANGUAGE_COOKIE = 'client_lang';

/** The translations' shape (type only: nothing here is bundled), for i18next's typed `t`. */
export interface Resources {
  common: typeof import('../locales/en-US/common.json');
  user: typeof import('../locales/en-US/user.json');
  exception: typeof import('../locales/en-US/exception.json');
  dashboard: typeof import('../locales/en-US/dashboard.json');
  layout: typeof import('../locales/en-US/layout.json');
  account: typeof import('../locales/en-US/account.json');
  dataTable: typeof import('../locales/en-US/dataTable.json');
  sysUser: typeof import('../locales/en-US/sysUser.json');
  sysRole: typeof import('../locales/en-US/sysRole.json');
  subAccount: typeof import('../locales/en-US/subAccount.json');
  sysMenu: typeof import('../locales/en-US/sysMenu.json');
  sysDepart: typeof import('../locales/en-US/sysDepart.json');
  sysTenant: typeof import('../locales/en-US/sysTenant.json');
  sysPosition: typeof import('../locales/en-US/sysPosition.json');
  sysDict: typeof import('../locales/en-US/sysDict.json');
  sysCategory: typeof import('../locales/en-US/sysCategory.json');
  sysCountry: typeof import('../locales/en-US/sysCountry.json');
  sysLog: typeof import('../locales/en-US/sysLog.json');
  sysAnnouncement: typeof import('../locales/en-US/sysAnnouncement.json');
  notice: typeof import('../locales/en-US/notice.json');
  rateCard: typeof import('../locales/en-US/rateCard.json');
  forecast: typeof import('../locales/en-US/forecast.json');
  myProducts: typeof import('../locales/en-US/myProducts.json');
  carrierSupplier: typeof import('../locales/en-US/carrierSupplier.json');
  carrierChannel: typeof import('../locales/en-US/carrierChannel.json');
  carrierProduct: typeof import('../locales/en-US/carrierProduct.json');
  carrierPriceLevel: typeof import('../locales/en-US/carrierPriceLevel.json');
  carrierSegment: typeof import('../locales/en-US/carrierSegment.json');
  carrierService: typeof import('../locales/en-US/carrierService.json');
  platformDepot: typeof import('../locales/en-US/platformDepot.json');
  upsRouting: typeof import('../locales/en-US/upsRouting.json');
  partition: typeof import('../locales/en-US/partition.json');
  waybillBatch: typeof import('../locales/en-US/waybillBatch.json');
  worldShip: typeof import('../locales/en-US/worldShip.json');
  dispatch: typeof import('../locales/en-US/dispatch.json');
  manifest: typeof import('../locales/en-US/manifest.json');
  carrierFee: typeof import('../locales/en-US/carrierFee.json');
  wallet: typeof import('../locales/en-US/wallet.json');
  shipment: typeof import('../locales/en-US/shipment.json');
  shipper: typeof import('../locales/en-US/shipper.json');
  depot: typeof import('../locales/en-US/depot.json');
  product: typeof import('../locales/en-US/product.json');
  predictBatch: typeof import('../locales/en-US/predictBatch.json');
  fbaWaybill: typeof import('../locales/en-US/fbaWaybill.json');
  deliveryNumber: typeof import('../locales/en-US/deliveryNumber.json');
  printer: typeof import('../locales/en-US/printer.json');
  printTemplate: typeof import('../locales/en-US/printTemplate.json');
  labelSwap: typeof import('../locales/en-US/labelSwap.json');
  carrierLabel: typeof import('../locales/en-US/carrierLabel.json');
  tracking: typeof import('../locales/en-US/tracking.json');
  trackEvent: typeof import('../locales/en-US/trackEvent.json');
  trackMapping: typeof import('../locales/en-US/trackMapping.json');
  trackSubscription: typeof import('../locales/en-US/trackSubscription.json');
  courier: typeof import('../locales/en-US/courier.json');
  inbound: typeof import('../locales/en-US/inbound.json');
  outPackage: typeof import('../locales/en-US/outPackage.json');
  outBatch: typeof import('../locales/en-US/outBatch.json');
  predictShipment: typeof import('../locales/en-US/predictShipment.json');
  returns: typeof import('../locales/en-US/returns.json');
  wmsSku: typeof import('../locales/en-US/wmsSku.json');
  wmsLocation: typeof import('../locales/en-US/wmsLocation.json');
  wmsStock: typeof import('../locales/en-US/wmsStock.json');
  wmsForecast: typeof import('../locales/en-US/wmsForecast.json');
  wmsPick: typeof import('../locales/en-US/wmsPick.json');
  wmsFee: typeof import('../locales/en-US/wmsFee.json');
  wmsUserFee: typeof import('../locales/en-US/wmsUserFee.json');
  quartzJob: typeof import('../locales/en-US/quartzJob.json');
  popup: typeof import('../locales/en-US/popup.json');
  dataSource: typeof import('../locales/en-US/dataSource.json');
  gatewayRoute: typeof import('../locales/en-US/gatewayRoute.json');
  sso: typeof import('../locales/en-US/sso.json');
  onlReport: typeof import('../locales/en-US/onlReport.json');
  testHome: typeof import('../locales/en-US/testHome.json');
}
export type Namespace = keyof Resources;

export const NAMESPACES = [
  'common',
  'user',
  'exception',
  'dashboard',
  'layout',
  'account',
  'dataTable',
  'sysUser',
  'sysRole',
  'subAccount',
  'sysMenu',
  'sysDepart',
  'sysTenant',
  'sysPosition',
  'sysDict',
  'sysCategory',
  'sysCountry',
  'sysLog',
  'sysAnnouncement',
  'notice',
  'rateCard',
  'forecast',
  'myProducts',
  'carrierSupplier',
  'carrierChannel',
  'carrierProduct',
  'carrierPriceLevel',
  'carrierSegment',
  'carrierService',
  'platformDepot',
  'upsRouting',
  'partition',
  'waybillBatch',
  'worldShip',
  'dispatch',
  'manifest',
  'carrierFee',
  'wallet',
  'shipment',
  'shipper',
  'depot',
  'product',
  'predictBatch',
  'fbaWaybill',
  'deliveryNumber',
  'printer',
  'printTemplate',
  'labelSwap',
  'carrierLabel',
  'tracking',
  'trackEvent',
  'trackMapping',
  'trackSubscription',
  'courier',
  'inbound',
  'outPackage',
  'outBatch',
  'predictShipment',
  'returns',
  'wmsSku',
  'wmsLocation',
  'wmsStock',
  'wmsForecast',
  'wmsPick',
  'wmsFee',
  'wmsUserFee',
  'quartzJob',
  'popup',
  'dataSource',
  'gatewayRoute',
  'sso',
  'onlReport',
  'testHome',
] as const satisfies readonly Namespace[];

/** One lazy import per locale file: each becomes its own chunk. */
const LOCALE_FILES = import.meta.glob<ResourceKey>('../locales/*/*.json', { import: 'default' });

/** Reads `src/locales/<language>/<namespace>.json` through its chunk. */
export function readLocale(language: string, namespace: string): Promise<ResourceKey> {
  const load = LOCALE_FILES[`../locales/${language}/${namespace}.json`];
  return load ? load() : Promise.reject(new Error(`no translations for ${language}/${namespace}`));
}

/** The i18next backend: a namespace of a language is a dynamic import. */
const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    readLocale(language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Maps any tag (`zh`, `zh_CN`, `en-GB`, ...) to a supported language, if it is one. */
export function toLanguage(tag: string | undefined | null): Language | undefined {
  const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  if (primary === 'zh') return 'zh-CN';
  if (primary === 'en') return 'en-US';
  return undefined;
}

/** Cookie first, then the browser's preferred languages, then English. */
export function detectLanguage(): Language {
  const fromCookie = toLanguage(readCookie(LANGUAGE_COOKIE));
  if (fromCookie) return fromCookie;
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}

/** The language the UI currently shows. */
export function currentLanguage(): Language {
  return toLanguage(i18n.language) ?? FALLBACK_LANGUAGE;
}

/** The UI language, re-rendering the caller when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return toLanguage(instance.language) ?? FALLBACK_LANGUAGE;
}

/** Switches the UI language, remembering it in the `client_lang` cookie (path=/, 1 year). */
export async function setLanguage(language: Language): Promise<void> {
  writeCookie(LANGUAGE_COOKIE, language);
  await i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = toLanguage(language) ?? FALLBACK_LANGUAGE;
});

void i18n
  .use(localeBackend)
  .use(initReactI18next)
  .init({
    lng: detectLanguage(),
    // Both languages have the same keys (scripts/check-locales.mjs), so nothing falls back and
    // only the current language is ever loaded.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    // Starts loading `common` now; `i18n.language` is set when `init` returns.
    initAsync: false,
    react: { useSuspense: true },
  });
document.documentElement.lang = currentLanguage();

/**
 * Loads these namespaces in the current language (and keeps them for later language switches);
 * a route calls it in its `lazy` so the page's translations load alongside its code.
 */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return new Promise((resolve) => {
    void i18n.loadNamespaces([...namespaces], () => resolve());
  });
}

/** Loads namespaces in every language (the built-in route titles carry both; see lib/routes). */
export function loadNamespacesInAllLanguages(namespaces: readonly Namespace[]): Promise<void> {
  return new Promise((resolve) => {
    (i18n.services.backendConnector as { load: (l: string[], n: string[], cb: () => void) => void }).load(
      [...LANGUAGES],
      [...namespaces],
      () => resolve(),
    );
  });
}

/** Every namespace in every language, as the tests expect translations to be there synchronously. */
export async function loadAllTranslations(): Promise<void> {
  await loadNamespaces(NAMESPACES);
  await loadNamespacesInAllLanguages(NAMESPACES);
}

export default i18n;

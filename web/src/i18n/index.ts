/**
 * Translations and the current language. The language lives in the `client_lang` cookie
 * (`zh-CN` or `en-US`, read by the server too); without it the browser's language decides, and
 * English is the fallback. Switching rewrites the cookie and `<html lang>` without a reload.
 */
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { readCookie, writeCookie } from '../lib/cookies';
import enAccount from '../locales/en-US/account.json';
import enCommon from '../locales/en-US/common.json';
import enDashboard from '../locales/en-US/dashboard.json';
import enException from '../locales/en-US/exception.json';
import enLayout from '../locales/en-US/layout.json';
import enUser from '../locales/en-US/user.json';
import zhAccount from '../locales/zh-CN/account.json';
import zhCommon from '../locales/zh-CN/common.json';
import zhDashboard from '../locales/zh-CN/dashboard.json';
import zhException from '../locales/zh-CN/exception.json';
import zhLayout from '../locales/zh-CN/layout.json';
import zhUser from '../locales/zh-CN/user.json';
import enDataTable from '../locales/en-US/dataTable.json';
import zhDataTable from '../locales/zh-CN/dataTable.json';
import enSysUser from '../locales/en-US/sysUser.json';
import zhSysUser from '../locales/zh-CN/sysUser.json';
import enSysRole from '../locales/en-US/sysRole.json';
import zhSysRole from '../locales/zh-CN/sysRole.json';
import enSubAccount from '../locales/en-US/subAccount.json';
import zhSubAccount from '../locales/zh-CN/subAccount.json';
import enSysMenu from '../locales/en-US/sysMenu.json';
import zhSysMenu from '../locales/zh-CN/sysMenu.json';
import enSysDepart from '../locales/en-US/sysDepart.json';
import zhSysDepart from '../locales/zh-CN/sysDepart.json';
import enSysTenant from '../locales/en-US/sysTenant.json';
import zhSysTenant from '../locales/zh-CN/sysTenant.json';
import enSysPosition from '../locales/en-US/sysPosition.json';
import zhSysPosition from '../locales/zh-CN/sysPosition.json';
import enSysDict from '../locales/en-US/sysDict.json';
import zhSysDict from '../locales/zh-CN/sysDict.json';
import enSysCategory from '../locales/en-US/sysCategory.json';
import zhSysCategory from '../locales/zh-CN/sysCategory.json';
import enSysCountry from '../locales/en-US/sysCountry.json';
import zhSysCountry from '../locales/zh-CN/sysCountry.json';
import enSysLog from '../locales/en-US/sysLog.json';
import zhSysLog from '../locales/zh-CN/sysLog.json';
import enSysAnnouncement from '../locales/en-US/sysAnnouncement.json';
import zhSysAnnouncement from '../locales/zh-CN/sysAnnouncement.json';
import enNotice from '../locales/en-US/notice.json';
import zhNotice from '../locales/zh-CN/notice.json';
import enRateCard from '../locales/en-US/rateCard.json';
import zhRateCard from '../locales/zh-CN/rateCard.json';
import enForecast from '../locales/en-US/forecast.json';
import zhForecast from '../locales/zh-CN/forecast.json';
import enMyProducts from '../locales/en-US/myProducts.json';
import zhMyProducts from '../locales/zh-CN/myProducts.json';
import enCarrierSupplier from '../locales/en-US/carrierSupplier.json';
import zhCarrierSupplier from '../locales/zh-CN/carrierSupplier.json';
import enCarrierChannel from '../locales/en-US/carrierChannel.json';
import zhCarrierChannel from '../locales/zh-CN/carrierChannel.json';
import enCarrierProduct from '../locales/en-US/carrierProduct.json';
import zhCarrierProduct from '../locales/zh-CN/carrierProduct.json';
import enCarrierPriceLevel from '../locales/en-US/carrierPriceLevel.json';
import zhCarrierPriceLevel from '../locales/zh-CN/carrierPriceLevel.json';
import enCarrierSegment from '../locales/en-US/carrierSegment.json';
import zhCarrierSegment from '../locales/zh-CN/carrierSegment.json';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en-US';
export const LANGUAGE_COOKIE = 'client_lang';

export const resources = {
  'zh-CN': { common: zhCommon, user: zhUser, exception: zhException, dashboard: zhDashboard, layout: zhLayout, account: zhAccount,
    dataTable: zhDataTable, sysUser: zhSysUser, sysRole: zhSysRole, subAccount: zhSubAccount, sysMenu: zhSysMenu, sysDepart: zhSysDepart, sysTenant: zhSysTenant, sysPosition: zhSysPosition,
    sysDict: zhSysDict, sysCategory: zhSysCategory, sysCountry: zhSysCountry, sysLog: zhSysLog, sysAnnouncement: zhSysAnnouncement,
    notice: zhNotice, rateCard: zhRateCard, forecast: zhForecast, myProducts: zhMyProducts,
    carrierSupplier: zhCarrierSupplier,
    carrierChannel: zhCarrierChannel,
    carrierProduct: zhCarrierProduct,
    carrierPriceLevel: zhCarrierPriceLevel,
    carrierSegment: zhCarrierSegment },
  'en-US': { common: enCommon, user: enUser, exception: enException, dashboard: enDashboard, layout: enLayout, account: enAccount,
    dataTable: enDataTable, sysUser: enSysUser, sysRole: enSysRole, subAccount: enSubAccount, sysMenu: enSysMenu, sysDepart: enSysDepart, sysTenant: enSysTenant, sysPosition: enSysPosition,
    sysDict: enSysDict, sysCategory: enSysCategory, sysCountry: enSysCountry, sysLog: enSysLog, sysAnnouncement: enSysAnnouncement,
    notice: enNotice, rateCard: enRateCard, forecast: enForecast, myProducts: enMyProducts,
    carrierSupplier: enCarrierSupplier,
    carrierChannel: enCarrierChannel,
    carrierProduct: enCarrierProduct,
    carrierPriceLevel: enCarrierPriceLevel,
    carrierSegment: enCarrierSegment },
} as const;

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
] as const;

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

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
document.documentElement.lang = currentLanguage();

export default i18n;

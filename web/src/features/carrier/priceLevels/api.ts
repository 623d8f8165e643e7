/**
 * Customer price levels (contract "Customer price levels", `logistics:priceLevel:*`): a markup (or
 * discount) per customer main account and channel product; a customer may use exactly the
 * products it has an enabled level for.
 */
import { codeRule } from '../../../components/form/serverError';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';
import { fetchListPage } from '../../../hooks/useServerList';
import { CHANNEL_PRODUCT_LIST_PATH, type ChannelProductRecord } from '../channelProducts/api';
import type { RemoteOption } from '../../../components/form/RemoteSelect';

export type PriceLevelRecord = components['schemas']['PriceLevelRecord'];

export type PriceLevelInput = components['schemas']['PriceLevelForm'];

/** A markup from -99.99 to 1000 percent, at most 2 places: core's rule and message (blank is 0 there; the form asks for it). */
export const markupRule = codeRule('markup');

export const { listPath: PRICE_LEVEL_LIST_PATH, add: addPriceLevel, edit: editPriceLevel, removeAny: deletePriceLevels } = resource<PriceLevelRecord, PriceLevelInput>('/logistics/priceLevel');

export { customerLabel, searchCustomers, type CustomerOption } from '../../../api/customers';

/** Channel products matching a keyword (the first 20), as picker options. */
export function searchProducts(keyWord: string, signal: AbortSignal): Promise<RemoteOption[]> {
  return fetchListPage<ChannelProductRecord>(CHANNEL_PRODUCT_LIST_PATH, { keyWord, pageNo: 1, pageSize: 20, column: 'code', order: 'asc' }, signal).then((page) =>
    page.records.map((product) => ({ value: product.id, label: `${product.code} · ${product.title || product.name}`, hint: product.channelCode ?? undefined })),
  );
}

/** The markup as a signed percentage: "+12.5%", "−5%", "0%". */
export function formatMarkup(markup: string): string {
  const value = Number(markup);
  if (!Number.isFinite(value)) return `${markup}%`;
  const text = String(Math.abs(value));
  return value > 0 ? `+${text}%` : value < 0 ? `−${text}%` : '0%';
}

/** What 100 of freight becomes at a markup ("112.50"), or undefined for an unreadable markup. */
export function exampleFreight(markup: string): string | undefined {
  if (markup.trim() === '' || markupRule(markup) !== true) return undefined;
  return (100 * (1 + Number(markup) / 100)).toFixed(2);
}

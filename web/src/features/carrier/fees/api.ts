/**
 * Carrier fees and margins (`/logistics/carrierFee/*`, `logistics:carrierFee:*`, staff only): what
 * each order cost with its carrier beside what its customer was charged. A fee is rated through
 * the carrier's adapter when the order's manifest closes (source `adapter`), or entered and
 * corrected by staff (`manual`); one fee per order. The margin report groups charge, cost and
 * margin by carrier, channel product or customer over a period, one row per currency (amounts of
 * two currencies are never added). Amounts are decimal text in their currency's places.
 */
import { api } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

export type CarrierFeeRecord = components['schemas']['CarrierFeeRecord'];
export type MarginRow = components['schemas']['MarginRow'];

/** The form's body: the cost as decimal text (the schema's `amount` takes a number or a string). */
export type CarrierFeeInput = Omit<components['schemas']['CarrierFeeForm'], 'amount'> & { amount: string };

/** Permission codes: `:list`, `:add`, `:edit`, `:delete`, `:export`. */
export const CARRIER_FEE_PERMISSION = 'logistics:carrierFee';
export const CARRIER_FEE_EXPORT_PERMISSION = `${CARRIER_FEE_PERMISSION}:export`;

/** Where a fee came from (labels in `carrierFee:source.*`). */
export const FEE_SOURCES = ['adapter', 'manual'] as const;
export type FeeSource = (typeof FEE_SOURCES)[number];

/** What the margin report groups by, the carrier first (the server's default; labels in `carrierFee:groupBy.*`). */
export const MARGIN_GROUPS = ['supplier', 'channelProduct', 'customer'] as const;
export type MarginGroup = (typeof MARGIN_GROUPS)[number];

/** The currencies a fee may be in: the wallet's (JPY has no minor unit, the others two places; core's `wallet::CURRENCIES`). */
export const FEE_CURRENCIES = ['CNY', 'USD', 'EUR', 'GBP', 'HKD', 'AUD', 'CAD', 'JPY'] as const;

const BASE = '/logistics/carrierFee';

export const {
  listPath: CARRIER_FEE_LIST_PATH,
  exportPath: CARRIER_FEE_EXPORT_PATH,
  add: addCarrierFee,
  edit: editCarrierFee,
  removeAny: deleteCarrierFees,
} = resource<CarrierFeeRecord, CarrierFeeInput>(BASE);

/** The margin report (`GET …/margin`) and the same rows as a workbook (`GET …/marginXls`, `margins.xlsx`). */
export const MARGIN_PATH = `${BASE}/margin`;
export const MARGIN_XLS_PATH = `${BASE}/marginXls`;
export const MARGIN_XLS_NAME = 'margins.xlsx';

/** The report's query: the grouping, the period (local days `YYYY-MM-DD`, each a whole day; blank: open) and one carrier or all (''). */
export interface MarginParams {
  groupBy: MarginGroup;
  createTime_begin: string;
  createTime_end: string;
  supplierId: string;
}

/** The query as sent: blank bounds and carrier left out. */
export const marginQuery = (params: MarginParams) => ({
  groupBy: params.groupBy,
  createTime_begin: params.createTime_begin || undefined,
  createTime_end: params.createTime_end || undefined,
  supplierId: params.supplierId || undefined,
});

export const carrierFeeKeys = {
  margin: (params: MarginParams) => ['carrier', 'fees', 'margin', params] as const,
};

/** The report's rows, largest cost first (refusals are shown by the caller). */
export function fetchMargins(params: MarginParams, signal?: AbortSignal): Promise<MarginRow[]> {
  return api.get<MarginRow[] | null>(MARGIN_PATH, marginQuery(params), { signal, notify: false }).then((envelope) => envelope.result ?? []);
}

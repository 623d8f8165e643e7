/**
 * UPS routing codes (`logistics:upsRouting:*`): UPS's routing table, a destination country and
 * postal range to the routing code UPS labels print. The table comes in as UPS's routing file
 * (CSV or xlsx; the countries it holds are replaced, all or nothing); a row can be corrected one
 * by one; `lookup` answers a country and postal code's code as labels use it.
 */
import { api } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

export type UpsRoutingRecord = components['schemas']['UpsRoutingRecord'];
export type UpsRoutingInput = components['schemas']['UpsRoutingForm'];
export type UpsRoutingImport = components['schemas']['UpsRoutingImport'];
export type UpsRoutingFound = components['schemas']['UpsRoutingFound'];

export const UPS_ROUTING_PERMISSION = 'logistics:upsRouting';
/** The largest routing file (the server's). */
export const UPS_ROUTING_MAX_BYTES = 32 * 1024 * 1024;

export const {
  listPath: UPS_ROUTING_LIST_PATH,
  exportPath: UPS_ROUTING_EXPORT_PATH,
  add: addUpsRouting,
  edit: editUpsRouting,
  removeAny: deleteUpsRoutings,
} = resource<UpsRoutingRecord, UpsRoutingInput>('/logistics/upsRouting');

/** Imports UPS's routing file; a refused file's rows at fault are in the error's envelope (`result.errors`). */
export function importUpsRouting(file: File, version: string) {
  const form = new FormData();
  form.append('file', file);
  if (version.trim()) form.append('version', version.trim());
  return api.upload<UpsRoutingImport>('/logistics/upsRouting/importExcel', form, { notify: false });
}

/** The routing code of a country and postal code (404 with the server's message when there is none). */
export const lookupUpsRouting = (countryCode: string, postalCode: string) =>
  api.get<UpsRoutingFound>('/logistics/upsRouting/lookup', { countryCode, postalCode }, { notify: false });

/** A range as people read it: `10000–10299`, or the whole country. */
export const rangeText = (row: Pick<UpsRoutingRecord, 'postalLow' | 'postalHigh'>, wholeCountry: string) =>
  row.postalLow || row.postalHigh ? (row.postalLow === row.postalHigh ? row.postalLow : `${row.postalLow}–${row.postalHigh}`) : wholeCountry;

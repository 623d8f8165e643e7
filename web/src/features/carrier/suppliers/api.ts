/** Suppliers (contract "Suppliers and channels", `logistics:supplier:*`): the carriers a forwarder ships with. */
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';
import { useListOptions } from '../../../components/list/useListOptions';

export type SupplierRecord = components['schemas']['SupplierRecord'];
export type SupplierInput = components['schemas']['SupplierForm'];

/** Suggestions for `apiType` (free text; labels in `carrierSupplier:apiType.*`). */
export const API_TYPES = ['api', 'manual', 'excel', 'email', 'sandbox'] as const;
export type ApiType = (typeof API_TYPES)[number];

export const { listPath: SUPPLIER_LIST_PATH, exportPath: SUPPLIER_EXPORT_PATH, add: addSupplier, edit: editSupplier, removeAny: deleteSuppliers } = resource<SupplierRecord, SupplierInput>('/logistics/supplier');
export const supplierKeys = { options: ['carrier', 'suppliers', 'options'] as const };

/** Every supplier of the tenant, by code (for selects; the server caps a page at 1000). */
export const useSupplierOptions = (enabled = true) => useListOptions<SupplierRecord>(supplierKeys.options, SUPPLIER_LIST_PATH, enabled);

/** "CODE · name" for selects and cells. */
export const supplierLabel = (supplier: Pick<SupplierRecord, 'code' | 'name' | 'title'>) => `${supplier.code} · ${supplier.title || supplier.name}`;

/** Entries a supplier's credentials may hold, and the longest key and value (core's `dispatch::credentials`). */
export const CREDENTIALS_MAX = 20;
const CREDENTIAL_KEY_MAX = 64;
const CREDENTIAL_VALUE_MAX = 2000;

/**
 * Whether credentials as typed are what the server keeps: a JSON object of at most
 * {@link CREDENTIALS_MAX} entries whose keys are not blank and whose values are all text
 * (`{}`: none). Mirrors core's `dispatch::credentials`, which the browser's core does not export.
 */
export function credentialsFit(text: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
  const entries = Object.entries(parsed);
  return (
    entries.length <= CREDENTIALS_MAX &&
    entries.every(([key, value]) => key.trim() !== '' && key.length <= CREDENTIAL_KEY_MAX && typeof value === 'string' && value.length <= CREDENTIAL_VALUE_MAX)
  );
}

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

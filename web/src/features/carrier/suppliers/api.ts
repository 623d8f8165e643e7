/** Suppliers (contract "Suppliers and channels", `logistics:supplier:*`): the carriers a forwarder ships with. */
import { useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../api/client';
import type { components } from '../../../api/schema';
import { fetchOptions } from '../../../components/form/fetchOptions';

export type SupplierRecord = components['schemas']['SupplierRecord'];

export interface SupplierInput {
  id?: string;
  code: string;
  name: string;
  nameEn: string | null;
  contact: string | null;
  phone: string | null;
  email: string | null;
  apiType: string | null;
  status: number;
  remark: string | null;
}

/** Suggestions for `apiType` (free text; labels in `carrierSupplier:apiType.*`). */
export const API_TYPES = ['api', 'manual', 'excel', 'email'] as const;
export type ApiType = (typeof API_TYPES)[number];

export const SUPPLIER_LIST_PATH = '/logistics/supplier/list';
export const supplierKeys = { options: ['carrier', 'suppliers', 'options'] as const };

export function addSupplier(body: SupplierInput): Promise<Envelope<SupplierRecord>> {
  return api.post<SupplierRecord>('/logistics/supplier/add', body, { notify: false });
}

export function editSupplier(body: SupplierInput & { id: string }): Promise<Envelope<SupplierRecord>> {
  return api.put<SupplierRecord>('/logistics/supplier/edit', body, { notify: false });
}

export function deleteSuppliers(ids: string[]): Promise<Envelope<unknown>> {
  return api.delete('/logistics/supplier/delete', ids.length === 1 ? { id: ids[0] } : { ids: ids.join(',') });
}

/** Every supplier of the tenant, by code (for selects; the server caps a page at 1000). */
export function useSupplierOptions(enabled = true) {
  return useQuery({
    queryKey: supplierKeys.options,
    queryFn: ({ signal }) => fetchOptions<SupplierRecord>(SUPPLIER_LIST_PATH, signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** "CODE · name" for selects and cells. */
export const supplierLabel = (supplier: Pick<SupplierRecord, 'code' | 'name' | 'title'>) => `${supplier.code} · ${supplier.title || supplier.name}`;

/** Tenants (contract "Tenants", platform only). Tenant ids are integers. */
import { api, type Envelope } from '../../../api/client';
import type { components } from '../../../api/schema';

/** 1 normal, 0 frozen. */
export type TenantStatus = 0 | 1;

export type TenantRecord = components['schemas']['TenantRecord'];

export interface TenantInput {
  id?: number;
  name: string;
  nameEn?: string | null;
  status?: number;
  beginDate?: string | null;
  endDate?: string | null;
  /** Add only: the tenant's first administrator. */
  adminUsername?: string;
  adminPassword?: string;
}

export const TENANT_LIST_PATH = '/sys/tenant/list';
export const tenantKeys = { all: ['system', 'tenants'] as const };

export function addTenant(body: TenantInput): Promise<Envelope<TenantRecord>> {
  return api.post<TenantRecord>('/sys/tenant/add', body, { notify: false });
}

export function editTenant(body: TenantInput & { id: number }): Promise<Envelope<TenantRecord>> {
  return api.put<TenantRecord>('/sys/tenant/edit', body, { notify: false });
}

/** Refused for the platform tenant and for tenants with users; the notice shows why. */
export function deleteTenant(id: number): Promise<Envelope<unknown>> {
  return api.delete('/sys/tenant/delete', { id });
}

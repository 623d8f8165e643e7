/** Tenants (contract "Tenants", platform only). Tenant ids are integers. */
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

/** 1 normal, 0 frozen. */
export type TenantStatus = 0 | 1;

export type TenantRecord = components['schemas']['TenantRecord'];
/** Add also takes the tenant's first administrator (`adminUsername`, `adminPassword`). */
export type TenantInput = components['schemas']['TenantForm'];

/** Delete is refused for the platform tenant and for tenants with users; the notice shows why. */
export const { listPath: TENANT_LIST_PATH, add: addTenant, edit: editTenant, remove: deleteTenant } = resource<TenantRecord, TenantInput, number>('/sys/tenant');
export const tenantKeys = { all: ['system', 'tenants'] as const };

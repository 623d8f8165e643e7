/**
 * Carrier services (`logistics:carrierService:*`): each supplier's service catalogue, by the
 * carrier's own codes (UPS Saver, DHL Express Worldwide …), with its kind and the days in transit
 * the carrier states. Channels name the service they ship with.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';
import { OPTIONS_PAGE_SIZE } from '../../../components/form/fetchOptions';
import { useListOptions } from '../../../components/list/useListOptions';

export type CarrierServiceRecord = components['schemas']['CarrierServiceRecord'];
export type CarrierServiceInput = components['schemas']['CarrierServiceForm'];

/** The kinds of service, `standard` being the server's default (labels in `carrierService:serviceType.*`). */
export const SERVICE_TYPES = ['express', 'standard', 'economy', 'freight'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** The most days in transit a service may state (core's `dispatch::TRANSIT_MAX_DAYS`). */
export const TRANSIT_MAX_DAYS = 365;

export const SERVICE_PERMISSION = 'logistics:carrierService';

export const {
  listPath: SERVICE_LIST_PATH,
  exportPath: SERVICE_EXPORT_PATH,
  add: addService,
  edit: editService,
  removeAny: deleteServices,
} = resource<CarrierServiceRecord, CarrierServiceInput>('/logistics/carrierService');

export const serviceKeys = {
  /** Every option list of services (asked again after a change). */
  all: ['carrier', 'services'] as const,
  options: ['carrier', 'services', 'options'] as const,
  ofSupplier: (supplierId: string) => ['carrier', 'services', 'supplier', supplierId] as const,
};

/** Every service of the tenant, by code (for naming services in other lists). */
export const useServiceOptions = (enabled = true) => useListOptions<CarrierServiceRecord>(serviceKeys.options, SERVICE_LIST_PATH, enabled);

/** The services of one supplier, by code (quiet on failure: the select is just empty). */
export function fetchSupplierServices(supplierId: string, signal?: AbortSignal): Promise<CarrierServiceRecord[]> {
  return api
    .get<{ records?: CarrierServiceRecord[] } | null>(SERVICE_LIST_PATH, { supplierId, pageNo: 1, pageSize: OPTIONS_PAGE_SIZE, column: 'code', order: 'asc' }, { signal, notify: false })
    .then((envelope) => envelope.result?.records ?? []);
}

/** The services of the supplier chosen in a form (none while no supplier is). */
export function useSupplierServices(supplierId: string) {
  return useQuery({
    queryKey: serviceKeys.ofSupplier(supplierId),
    queryFn: ({ signal }) => fetchSupplierServices(supplierId, signal),
    enabled: supplierId !== '',
    staleTime: 60_000,
    retry: false,
  });
}

/** "CODE · name" for selects and cells. */
export const serviceLabel = (service: Pick<CarrierServiceRecord, 'code' | 'name' | 'title'>) => `${service.code} · ${service.title || service.name}`;

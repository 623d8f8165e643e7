/**
 * Depots (`logistics:depot:*`): where a customer's orders go: Amazon fulfilment centres (the
 * centre's code as `depotId`; the server fills a blank address from its seeded list), overseas
 * and private warehouses, each with the customer's own code for it. `depotId` is unique.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';
import type { RemoteOption } from '../../../components/form/RemoteSelect';

export type DepotRecord = components['schemas']['DepotRecord'];
export type DepotInput = components['schemas']['DepotForm'];
export type FbaWarehouse = components['schemas']['FbaWarehouse'];

/** The kinds of depot, Amazon first (the default; labels in `depot:depotType.*`). */
export const DEPOT_TYPES = ['amazon', 'overseas', 'private'] as const;
export type DepotType = (typeof DEPOT_TYPES)[number];

export const { listPath: DEPOT_LIST_PATH, exportPath: DEPOT_EXPORT_PATH, add: addDepot, edit: editDepot, removeAny: deleteDepots } = resource<DepotRecord, DepotInput>('/logistics/depot');

export const FBA_WAREHOUSES_PATH = '/logistics/depot/fbaWarehouses';
export const depotKeys = { fbaWarehouses: ['shipment', 'fbaWarehouses'] as const };

/** The seeded Amazon centres matching a code or city (`keyWord`), in a country when given; `notify: false` for quiet look-ups. */
export function fetchFbaWarehouses(keyWord: string, country: string, options: { signal?: AbortSignal; notify?: boolean } = {}): Promise<FbaWarehouse[]> {
  return api.get<FbaWarehouse[] | null>(FBA_WAREHOUSES_PATH, { keyWord, country }, options).then((envelope) => envelope.result ?? []);
}

/** A centre's address on one line: "address1, city, state postal code, country". */
export const fbaAddress = (fc: FbaWarehouse) => [fc.address1, fc.city, [fc.state, fc.postalCode].filter(Boolean).join(' '), fc.country].filter(Boolean).join(', ');

/** The centres as picker options: the code, its address under it. */
export const searchFbaWarehouses = (country: string) => (keyWord: string, signal: AbortSignal): Promise<RemoteOption[]> =>
  fetchFbaWarehouses(keyWord, country, { signal }).then((centres) => centres.map((fc) => ({ value: fc.code, label: fc.code, hint: fbaAddress(fc) })));

/** The seeded centre of a code, if there is one (undefined while unknown or blank). */
export function useFbaWarehouse(code: string) {
  const wanted = code.trim().toUpperCase();
  return useQuery({
    queryKey: [...depotKeys.fbaWarehouses, 'code', wanted],
    queryFn: ({ signal }) => fetchFbaWarehouses(wanted, '', { signal, notify: false }).then((centres) => centres.find((fc) => fc.code === wanted) ?? null),
    enabled: wanted !== '',
    staleTime: 5 * 60 * 1000,
  }).data;
}

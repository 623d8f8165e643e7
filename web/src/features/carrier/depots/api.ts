/**
 * Platform depots (`logistics:platformDepot:*`): the forwarder's own warehouses and its carriers'
 * hand-over points, where dispatches are picked up and the day's manifests closed. A hand-over
 * point names its carrier (`supplierId`); `code` is unique in the tenant.
 */
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';
import { useListOptions } from '../../../components/list/useListOptions';

export type PlatformDepotRecord = components['schemas']['PlatformDepotRecord'];
export type PlatformDepotInput = components['schemas']['PlatformDepotForm'];

/** The kinds of depot, the forwarder's own warehouse first (the default; labels in `platformDepot:depotType.*`). */
export const PLATFORM_DEPOT_TYPES = ['warehouse', 'handover'] as const;
export type PlatformDepotType = (typeof PLATFORM_DEPOT_TYPES)[number];

export const PLATFORM_DEPOT_PERMISSION = 'logistics:platformDepot';

export const {
  listPath: PLATFORM_DEPOT_LIST_PATH,
  exportPath: PLATFORM_DEPOT_EXPORT_PATH,
  add: addPlatformDepot,
  edit: editPlatformDepot,
  removeAny: deletePlatformDepots,
} = resource<PlatformDepotRecord, PlatformDepotInput>('/logistics/platformDepot');

export const platformDepotKeys = { options: ['carrier', 'platformDepots', 'options'] as const };

/** Every depot and hand-over point of the tenant, by code (for selects and for naming depots in other lists). */
export const usePlatformDepotOptions = (enabled = true) => useListOptions<PlatformDepotRecord>(platformDepotKeys.options, PLATFORM_DEPOT_LIST_PATH, enabled);

/** "CODE · name" for selects and cells. */
export const depotLabel = (depot: Pick<PlatformDepotRecord, 'code' | 'name' | 'title'>) => `${depot.code} · ${depot.title || depot.name}`;

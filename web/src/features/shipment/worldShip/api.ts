/**
 * UPS WorldShip (`/logistics/worldShip/*`, staff only): orders out as the XML WorldShip's
 * auto-import reads (`exportXml?ids=`), and its results back (`importResult`: its `.Out` XML, or
 * a CSV/xlsx with "Reference 1" and "Tracking Number" columns): the numbers go onto the orders
 * and their parcels; what was skipped comes back with the reason.
 */
import { api } from '../../../api/client';
import type { components } from '../../../api/schema';

export type WorldShipImport = components['schemas']['WorldShipImport'];

/** Permission codes: `:list`, `:export`, `:import`. */
export const WORLD_SHIP_PERMISSION = 'logistics:worldShip';
export const WORLD_SHIP_EXPORT_PATH = '/logistics/worldShip/exportXml';
/** The most orders one export takes (the server's). */
export const WORLD_SHIP_MAX_EXPORT = 1000;
/** The largest result file the server takes. */
export const WORLD_SHIP_MAX_BYTES = 16 * 1024 * 1024;

export function importWorldShipResult(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.upload<WorldShipImport>('/logistics/worldShip/importResult', form, { notify: false });
}

/**
 * Outbound (server `packages` and `batches`): received parcels are sorted into packages
 * (`POST /logistics/outPackage/pack`: without a package number the server picks the open package
 * of the parcel's channel, country, depot and transport type, or opens one; with an
 * `Idempotency-Key`), packages go into an outbound batch (`/logistics/outBatch/addPackage`), and
 * the batch is handed over to the carrier (`handOver`). Packages and batches are listed by the
 * standard resource layer; the orders expected at intake are the order list, submitted only.
 * The refusals (the spec's "package number required", "no package found …", "package has batch
 * can't repeat operation", "no package") come back as the error's message, in the request's
 * language, and the pages show them as they are.
 */
import { useMemo } from 'react';
import { api } from '../../api/client';
import { resource } from '../../api/resource';
import type { components } from '../../api/schema';
import { isOneOf } from '../../components/form/options';
import { useListOptions } from '../../components/list/useListOptions';
import { openFile } from '../printing/api';

export type OutPackageRecord = components['schemas']['OutPackageRecord'];
export type OutPackageForm = components['schemas']['OutPackageForm'];
export type OutBatchRecord = components['schemas']['OutBatchRecord'];
export type OutBatchForm = components['schemas']['OutBatchForm'];
export type PackForm = components['schemas']['PackForm'];
export type PackResult = components['schemas']['PackResult'];
export type ShipmentRecord = components['schemas']['ShipmentRecord'];
type UnpackForm = components['schemas']['UnpackForm'];
type BatchPackageForm = components['schemas']['BatchPackageForm'];
type PackageNoForm = components['schemas']['PackageNoForm'];
type HandOverForm = components['schemas']['HandOverForm'];

/** Permission prefixes: packages `:list`, `:add` (also pack and unpack), `:delete`, `:export`; batches the same and `:handOver`. */
export const OUT_PACKAGE_PERMISSION = 'logistics:outPackage';
export const OUT_BATCH_PERMISSION = 'logistics:outBatch';
export const PACK_PERMISSION = `${OUT_PACKAGE_PERMISSION}:add`;
/** Creating batches and putting packages into them (or taking them out). */
export const BATCH_ADD_PERMISSION = `${OUT_BATCH_PERMISSION}:add`;
export const HAND_OVER_PERMISSION = `${OUT_BATCH_PERMISSION}:handOver`;

/** A package's statuses (core's `warehouse::PACKAGE_STATUSES`): open while parcels go in, batched, handed with its batch. */
export const PACKAGE_STATUSES = ['open', 'batched', 'handed'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];
/** An outbound batch's statuses (core's `warehouse::BATCH_STATUSES`). */
export const OUT_BATCH_STATUSES = ['open', 'handed'] as const;
export type OutBatchStatus = (typeof OUT_BATCH_STATUSES)[number];

export const isPackageStatus = (value: string | null | undefined): value is PackageStatus => isOneOf(PACKAGE_STATUSES, value);
export const isOutBatchStatus = (value: string | null | undefined): value is OutBatchStatus => isOneOf(OUT_BATCH_STATUSES, value);

const PACKAGE_BASE = '/logistics/outPackage';
const BATCH_BASE = '/logistics/outBatch';

export const {
  listPath: OUT_PACKAGE_LIST_PATH,
  exportPath: OUT_PACKAGE_EXPORT_PATH,
  add: addOutPackage,
  remove: deleteOutPackage,
} = resource<OutPackageRecord, OutPackageForm>(PACKAGE_BASE);
export const { listPath: OUT_BATCH_LIST_PATH, exportPath: OUT_BATCH_EXPORT_PATH, add: addOutBatch, remove: deleteOutBatch } = resource<OutBatchRecord, OutBatchForm>(BATCH_BASE);

/** The order list (read-only here): the orders submitted and expected at intake. */
export const SHIPMENT_LIST_PATH = '/logistics/shipment/list';
export const SHIPMENT_EXPORT_PATH = '/logistics/shipment/exportXls';
export const SHIPMENT_PERMISSION = 'logistics:shipment';
/** The orders the warehouse expects: submitted (money held), not yet received. */
export const PREDICTED_STATUS = 'submitted';

/** Sorts a received parcel into a package; a retry of the same scan with the same key is answered once. Refusals are shown by the caller. */
export const pack = (form: PackForm, key: string) => api.post<PackResult>(`${PACKAGE_BASE}/pack`, form, { notify: false, headers: { 'Idempotency-Key': key } });

/** Takes a parcel out of its (open) package again; answers the package it left. */

/** Opens packages' 100 x 150 mm labels (PDF: number as barcode and QR code, country, channel, pieces, weight) in a new tab, where the browser's viewer prints them. */
export const openPackageLabels = (ids: string[]) => openFile(`${PACKAGE_BASE}/label`, { ids: ids.join(',') });

export const unpack = (number: string) => api.post<OutPackageRecord>(`${PACKAGE_BASE}/unpack`, { number } satisfies UnpackForm, { notify: false });

/** Puts a package into an open batch; answers the batch with its new totals. */
export const addPackageToBatch = (batchId: string, packageNo: string) => api.post<OutBatchRecord>(`${BATCH_BASE}/addPackage`, { batchId, packageNo } satisfies BatchPackageForm, { notify: false });

/** Takes a package out of its (open) batch; answers the batch. */
export const removePackageFromBatch = (packageNo: string) => api.post<OutBatchRecord>(`${BATCH_BASE}/removePackage`, { packageNo } satisfies PackageNoForm, { notify: false });

/** Hands an open batch with at least one package over to the carrier; afterwards it no longer changes. */
export const handOverBatch = (id: string) => api.post<OutBatchRecord>(`${BATCH_BASE}/handOver`, { id } satisfies HandOverForm, { notify: false });

/** What a package number becomes in a body: trimmed (the server upper-cases and checks it). */
export const packageNumber = (text: string) => text.trim();

/** The channels of the tenant, to name a package's or a batch's channel: `CODE · name` (quiet, and ids shown, without the channel list's permission). */
interface ChannelOption {
  id: string;
  code: string;
  name: string;
  title?: string | null;
}
const CHANNEL_LIST_PATH = '/logistics/channel/list';

export function useChannelNames(): { options: { value: string; label: string }[]; name: (id: string | null | undefined) => string } {
  const { data } = useListOptions<ChannelOption>(['warehouse', 'channels'], CHANNEL_LIST_PATH);
  return useMemo(() => {
    const options = (data ?? []).map((channel) => ({ value: channel.id, label: `${channel.code} · ${channel.title || channel.name}` }));
    const byId = new Map(options.map((option) => [option.value, option.label]));
    return { options, name: (id) => (id ? (byId.get(id) ?? id) : '') };
  }, [data]);
}

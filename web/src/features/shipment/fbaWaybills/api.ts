/**
 * FBA waybills (`logistics:fbaOrder:*`): each FBA order's delivery to Amazon, read from the list
 * (every FBA order, recorded or not) and recorded with `edit`: the booked and real delivery
 * times, the intake batch number, the proof of delivery (a PDF or photo uploaded with
 * `biz=pod`) and the Amazon shipment IDs its cartons went under, checked by core
 * (`fbaWaybillIssues`, through WASM) as the server checks them.
 */
import { api } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

export type FbaWaybillRecord = components['schemas']['FbaWaybillRecord'];
export type FbaOrderInput = components['schemas']['FbaOrderForm'];
export type FbaConfigInput = components['schemas']['FbaConfigForm'];
type Uploaded = components['schemas']['Uploaded'];

const BASE = '/logistics/fbaOrder';
export const FBA_WAYBILL_PERMISSION = 'logistics:fbaOrder';

export const { listPath: FBA_WAYBILL_LIST_PATH, exportPath: FBA_WAYBILL_EXPORT_PATH } = resource<FbaWaybillRecord, never>(BASE);

/** Records an order's delivery (its Amazon shipment IDs replace those recorded before); refusals show in the form. */
export const recordDelivery = (body: FbaOrderInput) => api.put<FbaWaybillRecord>(`${BASE}/edit`, body, { notify: false });

/** The most Amazon shipment IDs one order is split into (core's `MAX_FBA_CONFIGS`). */
export const MAX_CONFIGS = 50;

/** A proof of delivery: an image or a PDF of at most 5 MB (the server checks the same). */
export const POD_TYPES = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';
export const POD_MAX_BYTES = 5 * 1024 * 1024;

/** Uploads a proof of delivery (`POST /sys/common/upload`, biz `pod`); resolves with its address. */
export function uploadPod(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('biz', 'pod');
  return api.upload<Uploaded>('/sys/common/upload', form, { notify: false }).then((envelope) => envelope.result?.url || envelope.message);
}


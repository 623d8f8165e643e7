/**
 * Shipment orders (docs/api/shipments.md): the list and export come from the resource layer;
 * add, edit, submit and cancel (alone or a selection at a time), copy and the status counts are
 * the order's own calls. Add and submit carry an `Idempotency-Key`.
 */
import { api } from '../../../api/client';
import type { components } from '../../../api/schema';

export type ShipmentRecord = components['schemas']['ShipmentRecord'];
export type ShipmentDetail = components['schemas']['ShipmentDetail'];
export type ShipmentForm = components['schemas']['ShipmentForm'];
export type ParcelDetail = components['schemas']['ParcelDetail'];
export type BatchResult = components['schemas']['BatchResult'];
export type StatusCounts = components['schemas']['StatusCounts'];
export type ImportReport = components['schemas']['ImportReport'];
export type Task = components['schemas']['Task'];

const BASE = '/logistics/shipment';
export const SHIPMENT_LIST_PATH = `${BASE}/list`;
export const SHIPMENT_EXPORT_PATH = `${BASE}/exportXls`;
export const SHIPMENT_COUNTS_PATH = `${BASE}/countByStatus`;
export const SHIPMENT_PERMISSION = 'logistics:shipment';
export const SHIPMENT_TEMPLATE_PATH = `${BASE}/importTemplate`;
/** The largest workbook the server takes. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });

export const getShipment = (id: string) => api.get<ShipmentDetail>(`${BASE}/queryById`, { id }, { notify: false });
export const addShipment = (body: ShipmentForm, key: string) => api.post<ShipmentDetail>(`${BASE}/add`, body, { notify: false, ...keyed(key) });
export const editShipment = (body: ShipmentForm) => api.put<ShipmentDetail>(`${BASE}/edit`, body, { notify: false });
export const submitShipment = (id: string, expectedAmount: string | undefined, key: string) =>
  api.post<ShipmentRecord>(`${BASE}/submit`, { id, expectedAmount }, { notify: false, ...keyed(key) });
export const cancelShipment = (id: string) => api.post<ShipmentRecord>(`${BASE}/cancel`, { id });
export const copyShipment = (id: string) => api.post<ShipmentDetail>(`${BASE}/copy`, { id });
export const deleteShipments = (ids: string[]) => api.delete(`${BASE}/delete`, ids.length === 1 ? { id: ids[0] } : { ids: ids.join(',') });
export const submitShipments = (ids: string[]) => api.post<BatchResult>(`${BASE}/submitBatch`, { ids: ids.join(',') });
export const cancelShipments = (ids: string[]) => api.post<BatchResult>(`${BASE}/cancelBatch`, { ids: ids.join(',') });

/** Checks (`dryRun`) or imports a workbook of orders of a type; a refused commit carries the report too. */
export function importShipments(file: File, shipmentType: string, dryRun: boolean, customerId?: string) {
  const form = new FormData();
  form.append('file', file);
  const params: Record<string, string> = { shipmentType, dryRun: String(dryRun) };
  if (customerId) params.customerId = customerId;
  return api.upload<ImportReport>(`${BASE}/importExcel`, form, { notify: false, params });
}

/** A task of the caller's (an import's commit) with its progress. */
export const getTask = (id: string, signal?: AbortSignal) => api.get<Task>('/sys/task/queryById', { id }, { notify: false, signal });

/**
 * Waybill batches (`/logistics/waybillBatch/*`, staff only, 运单批次): orders handed to one
 * carrier with the file that carrier loads them from: house waybills under a master air waybill
 * (`hawb`), FBA orders (`fba`), a JD FOP batch (`jdfop`) or UPS package level detail (`upspld`).
 * The file downloads as made; `regenerate` makes it again from the orders as they are now (its
 * version counts up when the bytes change). The head is checked by core through WASM
 * (`waybillBatchIssues`), as the server checks it.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

export type WaybillBatchRecord = components['schemas']['WaybillBatchRecord'];
export type WaybillBatchForm = components['schemas']['WaybillBatchForm'];
export type WaybillBatchItem = components['schemas']['WaybillBatchItem'];

/** The kinds, as the server stores them (core's `waybill::KINDS`). */
export const BATCH_TYPES = ['hawb', 'fba', 'jdfop', 'upspld'] as const;
export type BatchType = (typeof BATCH_TYPES)[number];

/** Permission codes: `:list`, `:add`, `:regenerate`, `:delete`, `:export`. */
export const WAYBILL_BATCH_PERMISSION = 'logistics:waybillBatch';

const BASE = '/logistics/waybillBatch';

export const {
  listPath: WAYBILL_BATCH_LIST_PATH,
  exportPath: WAYBILL_BATCH_EXPORT_PATH,
  removeAny: deleteWaybillBatches,
} = resource<WaybillBatchRecord, never>(BASE);

/** The batch's file as last made (`?id=`), an attachment named `{batchNo}.csv` or `.pld`. */
export const WAYBILL_BATCH_FILE_PATH = `${BASE}/file`;

/** Makes a batch and its file; refusals (an order unknown, not live, another carrier's, already in a batch of the kind) are shown by the caller. */
export const addWaybillBatch = (form: WaybillBatchForm) => api.post<WaybillBatchRecord>(`${BASE}/add`, form, { notify: false });

/** Makes the batch's file again from its orders as they are now. */
export const regenerateWaybillBatch = (id: string) => api.post<WaybillBatchRecord>(`${BASE}/regenerate`, { id });

/** A batch's orders, in the batch's order. */
export const useWaybillBatchItems = (id: string | undefined) =>
  useQuery({
    queryKey: [BASE, 'items', id],
    queryFn: async () => (await api.get<WaybillBatchItem[]>(`${BASE}/items`, { id: id ?? '' })).result ?? [],
    enabled: !!id,
  });

/** Order numbers as typed or pasted: one per line, or separated by commas or spaces. */
export const numbersOf = (text: string) => [...new Set(text.split(/[\s,，;；]+/).map((n) => n.trim()).filter(Boolean))];

/**
 * Rate cards (contract carrier-network.md, "Rate cards"): versioned by `(code, effectiveFrom)`;
 * numbers travel as decimal strings (the server accepts JSON numbers too).
 */
import { api, ApiError, type Envelope } from '../../../api/client';
import type { ImportRowError, RateCardDetail, RateCardInput } from './types';

export const RATE_CARD_LIST_PATH = '/logistics/rateCard/list';
/** A card version's workbook (`id`), or the empty template (no `id`): see `useDownload`. */
export const RATE_CARD_EXPORT_PATH = '/logistics/rateCard/exportXls';
export const RATE_CARD_IMPORT_PATH = '/logistics/rateCard/importExcel';
/** The server refuses larger uploads. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const rateCardKeys = {
  detail: (id: string) => ['carrier', 'rateCard', id] as const,
};

export async function fetchRateCard(id: string, signal?: AbortSignal): Promise<RateCardDetail> {
  const envelope = await api.get<RateCardDetail>('/logistics/rateCard/queryById', { id }, { signal });
  return envelope.result;
}

/** Saves show their errors next to the fields: no notice. */
export function addRateCard(body: RateCardInput): Promise<Envelope<RateCardDetail>> {
  return api.post<RateCardDetail>('/logistics/rateCard/add', body, { notify: false });
}

export function editRateCard(body: RateCardInput & { id: string }): Promise<Envelope<RateCardDetail>> {
  return api.put<RateCardDetail>('/logistics/rateCard/edit', body, { notify: false });
}

/** The page shows the refusal (e.g. "in use") itself. */
export function deleteRateCard(id: string): Promise<Envelope<unknown>> {
  return api.delete('/logistics/rateCard/delete', { id }, { notify: false });
}

/** Uploads a workbook; a 400 carries `result.errors` (see {@link importErrors}). */
export function importRateCard(file: File): Promise<Envelope<RateCardDetail>> {
  const form = new FormData();
  form.append('file', file);
  return api.upload<RateCardDetail>(RATE_CARD_IMPORT_PATH, form, { notify: false });
}

/** The bad rows of a refused import, if the failure carries them. */
export function importErrors(failure: unknown): ImportRowError[] | undefined {
  if (!(failure instanceof ApiError)) return undefined;
  const result = failure.envelope?.result;
  if (typeof result !== 'object' || result === null || !('errors' in result)) return undefined;
  const errors = (result as { errors: unknown }).errors;
  if (!Array.isArray(errors)) return undefined;
  return errors.map((entry) => {
    const item = (entry ?? {}) as Record<string, unknown>;
    return {
      sheet: String(item.sheet ?? ''),
      row: Number(item.row ?? 0),
      column: String(item.column ?? ''),
      message: String(item.message ?? ''),
    };
  });
}

/** A refused save's message and the field the server named (`result.field`), if any. */
export function serverFailure(failure: unknown): { message: string; field?: string } {
  const message = failure instanceof Error ? failure.message : String(failure);
  const result = failure instanceof ApiError ? failure.envelope?.result : undefined;
  const field = typeof result === 'object' && result !== null && 'field' in result ? (result as { field: unknown }).field : undefined;
  return typeof field === 'string' && field !== '' ? { message, field } : { message };
}

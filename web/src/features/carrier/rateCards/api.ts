/**
 * Rate cards (contract carrier-network.md, "Rate cards"): versioned by `(code, effectiveFrom)`;
 * numbers travel as decimal strings (the server accepts JSON numbers too).
 */
import { api, ApiError, BASE_PATH, errorKey, errorMessage, type Envelope } from '../../../api/client';
import { currentLanguage } from '../../../i18n';
import { getTenantId, getToken } from '../../../lib/session';
import type { ImportRowError, RateCardDetail, RateCardInput } from './types';

export const RATE_CARD_LIST_PATH = '/logistics/rateCard/list';
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

/**
 * The download address of a card's workbook (`id`), or of the empty template (no `id`). The
 * token travels in the query: a download cannot set headers.
 */
export function exportUrl(id?: string): string {
  const search = new URLSearchParams();
  if (id) search.set('id', id);
  const token = getToken();
  if (token) search.set('token', token);
  const query = search.toString();
  return `${BASE_PATH}${RATE_CARD_EXPORT_PATH}${query ? `?${query}` : ''}`;
}

/** The file name of a `Content-Disposition` header (`filename*=UTF-8''…` preferred), if any. */
export function dispositionFilename(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || undefined;
}

/**
 * Downloads a card's workbook (or the template without `id`) from {@link exportUrl}. Fetched
 * first so that a refusal shows its message instead of saving an error page; rejects with an
 * {@link ApiError} then.
 */
export async function downloadExport(id: string | undefined, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(exportUrl(id), {
      headers: { 'tenant-id': String(getTenantId()), 'Accept-Language': currentLanguage() },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, errorMessage(0, undefined));
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    let envelope: Envelope<unknown> | undefined;
    try {
      envelope = (await response.json()) as Envelope<unknown>;
    } catch {
      envelope = undefined;
    }
    const status = response.ok ? (envelope?.code ?? 500) : response.status;
    throw new ApiError(status, errorMessage(status, envelope?.message, errorKey(envelope)), envelope);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = dispositionFilename(response.headers.get('Content-Disposition')) ?? fallbackName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A refused save's message and the field the server named (`result.field`), if any. */
export function serverFailure(failure: unknown): { message: string; field?: string } {
  const message = failure instanceof Error ? failure.message : String(failure);
  const result = failure instanceof ApiError ? failure.envelope?.result : undefined;
  const field = typeof result === 'object' && result !== null && 'field' in result ? (result as { field: unknown }).field : undefined;
  return typeof field === 'string' && field !== '' ? { message, field } : { message };
}

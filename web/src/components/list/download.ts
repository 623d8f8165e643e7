/**
 * Files the server builds (an xlsx export of a list, a workbook, a template): fetched first, so
 * that a refusal shows its message instead of saving an error page, then saved through a
 * temporary link under the name the server gives (`Content-Disposition`) or a fallback.
 */
import { ApiError, BASE_PATH, contextHeaders, errorKey, errorMessage, type Envelope } from '../../api/client';
import { saveBlob } from '../../lib/export';
import { getToken } from '../../lib/session';

export type DownloadParams = Record<string, string | number | boolean | null | undefined>;

/**
 * The address of a download: `/boot{path}?{params}&token=…`. The token travels in the query,
 * so the address also works as a plain link (a link cannot set headers).
 */
export function downloadUrl(path: string, params: DownloadParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const token = getToken();
  if (token) search.set('token', token);
  const query = search.toString();
  return `${BASE_PATH}${path}${query ? `?${query}` : ''}`;
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
 * Downloads `path` with `params` and saves it. Rejects with an {@link ApiError} carrying the
 * server's message when it refuses (an error status, or a JSON envelope instead of the file).
 */
export async function downloadFile(path: string, params: DownloadParams, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(downloadUrl(path, params), {
      // The tenant, language and time zone (an xlsx export writes its times in that zone).
      headers: contextHeaders(),
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
  saveBlob(await response.blob(), dispositionFilename(response.headers.get('Content-Disposition')) ?? fallbackName);
}

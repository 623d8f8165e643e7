/**
 * Manifests (`/logistics/manifest/*`, staff only, read-only but for `close`): the end-of-day
 * manifest that closes a carrier's day at a depot. Closing takes every dispatch of that carrier,
 * depot and day not cancelled (refused when the day is closed already, when there is nothing to
 * close, or when the carrier refuses it: the server's message says which); afterwards no
 * dispatch of that day can be made. Its PDF and workbook are built in the reader's language.
 */
import { api } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

export type ManifestRecord = components['schemas']['ManifestRecord'];
type CloseForm = components['schemas']['CloseForm'];

/** Permission codes: `:list`, `:close`, `:export`. */
export const MANIFEST_PERMISSION = 'logistics:manifest';
export const MANIFEST_CLOSE_PERMISSION = `${MANIFEST_PERMISSION}:close`;
export const MANIFEST_EXPORT_PERMISSION = `${MANIFEST_PERMISSION}:export`;

const BASE = '/logistics/manifest';

export const { listPath: MANIFEST_LIST_PATH, exportPath: MANIFEST_EXPORT_PATH } = resource<ManifestRecord, never>(BASE);

/** The manifest's files (`?id=`): an A4 PDF and a workbook, attachments named after the manifest. */
export const MANIFEST_PDF_PATH = `${BASE}/pdf`;
export const MANIFEST_XLSX_PATH = `${BASE}/xlsx`;

/** Closes a carrier's day at a depot (`date` blank: today, the business day); answers the new manifest. Refusals are shown by the caller. */
export const closeManifest = (form: { supplierId: string; depotId: string; date: string | null }) => api.post<ManifestRecord>(`${BASE}/close`, form satisfies CloseForm, { notify: false });

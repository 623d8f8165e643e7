/**
 * CSV exports that Excel opens correctly (UTF-8 with a byte-order mark, so Chinese is safe;
 * CRLF line ends; RFC 4180 quoting).
 *
 * - `exportCsv(filename, columns, rows)` downloads the given rows.
 * - `exportAll(path, filters, columns, options?)` pages through a list call (pageSize 1000, the
 *   server's cap), shows a progress toast ("正在导出 loaded / total"), calls
 *   `options.onProgress(loaded, total)` and downloads the whole result.
 */
import type { SortState } from '../components/DataTable';
import { toaster } from '../components/ui/toaster';
import { fetchListPage, filterParams, type ListFilters } from '../hooks/useServerList';
import i18n from '../i18n';

/** One CSV column: its header and how to read a row's value. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

export const CSV_BOM = '\uFEFF';
export const EXPORT_PAGE_SIZE = 1000;

/**
 * One CSV field: quoted when it holds a comma, quote, line break or edge spaces (quotes doubled).
 * Text that a spreadsheet would run as a formula (`=`, `@`, or `+`/`-` not starting a number) gets
 * a leading apostrophe.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && (/^[=@\t\r]/.test(text) || /^[+-](?![\d.\s])/.test(text))) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV text (BOM, header line, one line per row, CRLF). */
export function buildCsv<T>(columns: CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((column) => csvField(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvField(column.value(row))).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves text as a file through a temporary link. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(new Blob([text], { type }), filename);
}

const withExtension = (filename: string) => (filename.toLowerCase().endsWith('.csv') ? filename : `${filename}.csv`);

/** Builds the CSV of `rows` and downloads it as `filename` (".csv" added when missing). */
export function exportCsv<T>(filename: string, columns: CsvColumn<T>[], rows: readonly T[]): void {
  downloadText(withExtension(filename), buildCsv(columns, rows));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A file name with today's date: `users-20250101.csv`. */
export function datedFilename(base: string, date = new Date()): string {
  return `${base}-${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}.csv`;
}

export interface ExportAllOptions {
  /** File name (default `export-YYYYMMDD.csv`). */
  filename?: string;
  sort?: SortState;
  /** Called after each page with the rows loaded so far and the total. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Show the progress/result toast (default true). */
  toast?: boolean;
}

/**
 * Pages through `path` with the list's filters (pageSize 1000) and downloads every record as CSV.
 * Resolves with the number of records exported; rejects (after an error toast) when a call fails.
 */
export async function exportAll<T>(path: string, filters: ListFilters, columns: CsvColumn<T>[], options: ExportAllOptions = {}): Promise<number> {
  const { filename = datedFilename('export'), sort, onProgress, signal, toast = true } = options;
  const t = i18n.getFixedT(null, 'dataTable');
  const toastId = toast ? toaster.create({ type: 'loading', title: t('export.preparing'), duration: Infinity }) : undefined;
  const params = filterParams(filters, sort);
  const rows: T[] = [];
  try {
    let total = 0;
    for (let pageNo = 1; ; pageNo += 1) {
      const page = await fetchListPage<T>(path, { ...params, pageNo, pageSize: EXPORT_PAGE_SIZE }, signal);
      total = page.total;
      rows.push(...page.records);
      onProgress?.(rows.length, total);
      if (toastId) toaster.update(toastId, { type: 'loading', title: t('export.progress', { loaded: rows.length, total }), duration: Infinity });
      if (page.records.length < EXPORT_PAGE_SIZE || rows.length >= total) break;
    }
    if (rows.length === 0) {
      if (toastId) toaster.update(toastId, { type: 'info', title: t('export.empty'), duration: 3000 });
      return 0;
    }
    exportCsv(filename, columns, rows);
    if (toastId) toaster.update(toastId, { type: 'success', title: t('export.done', { count: rows.length }), duration: 3000 });
    return rows.length;
  } catch (error) {
    if (toastId) toaster.update(toastId, { type: 'error', title: t('export.failed'), duration: 4000 });
    throw error;
  }
}

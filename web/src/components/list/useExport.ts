/**
 * The export button's actions and downloads of server-built files.
 *
 * - {@link useXlsxExport}: the server's `GET {path}/exportXls` with the list's filters and sort
 *   (every row, headed in the request's language). Use it wherever the server offers one.
 * - {@link useCsvExport}: a CSV built in the browser from every page of the list, for lists the
 *   server exports nothing for.
 * - {@link useDownload}: any server-built file (a workbook, a template) with a progress toast.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterParams, type ListFilters } from '../../hooks/useServerList';
import { datedFilename, exportAll, type CsvColumn } from '../../lib/export';
import type { SortState } from '../DataTable';
import { toaster } from '../ui/toaster';
import { downloadFile, type DownloadParams } from './download';

/** What the toolbar's export button needs. */
export interface Exporter {
  run: () => Promise<void>;
  exporting: boolean;
}

interface ExportOptions {
  /** What the list call gets (the list's filters, not the draft). */
  filters: ListFilters;
  sort: SortState | undefined;
}

/** Runs `action` with `busy` set meanwhile; failures were already shown (toast, API notice). */
function useBusy(action: () => Promise<unknown>): Exporter {
  const [exporting, setExporting] = useState(false);
  const run = useCallback(async () => {
    setExporting(true);
    try {
      await action();
    } catch {
      // The toast and the API notice said why.
    } finally {
      setExporting(false);
    }
  }, [action]);
  return { exporting, run };
}

/**
 * Downloads a server-built file with a toast: "preparing", then "download started" or the
 * server's reason. `download(path, params, fallbackName)` resolves when done (false: refused).
 */
export function useDownload() {
  const { t } = useTranslation('dataTable');
  return useCallback(
    async (path: string, params: DownloadParams, fallbackName: string): Promise<boolean> => {
      const toastId = toaster.create({ type: 'loading', title: t('download.preparing'), duration: Infinity });
      try {
        await downloadFile(path, params, fallbackName);
        toaster.update(toastId, { type: 'success', title: t('download.done'), duration: 3000 });
        return true;
      } catch (failure) {
        toaster.update(toastId, {
          type: 'error',
          title: t('download.failed'),
          description: failure instanceof Error ? failure.message : String(failure),
          duration: 5000,
          closable: true,
        });
        return false;
      }
    },
    [t],
  );
}

export interface XlsxExportOptions extends ExportOptions {
  /** The export call, `{list path's folder}/exportXls`. */
  path: string;
  /** File name without the date and extension, when the server names none. */
  filename: string;
}

/** The export button's action: the server's workbook of the list's current filters and sort. */
export function useXlsxExport({ path, filters, sort, filename }: XlsxExportOptions): Exporter {
  const download = useDownload();
  const action = useCallback(
    () => download(path, filterParams(filters, sort), datedFilename(filename).replace(/\.csv$/, '.xlsx')),
    [download, path, filters, sort, filename],
  );
  return useBusy(action);
}

export interface CsvExportOptions<T> extends ExportOptions {
  path: string;
  /** File name without the date (`datedFilename` adds it). */
  filename: string;
  /** Built when the export starts (labels in the language of the moment). */
  columns: () => CsvColumn<T>[];
}

/**
 * The export button's action where the server has no export: every record of the list's current
 * filters and sort as CSV, with the progress toast of {@link exportAll}.
 */
export function useCsvExport<T>({ path, filters, sort, filename, columns }: CsvExportOptions<T>): Exporter {
  const action = useCallback(() => exportAll(path, filters, columns(), { filename: datedFilename(filename), sort }), [path, filters, sort, filename, columns]);
  return useBusy(action);
}

import { useCallback, useState } from 'react';
import type { ListFilters } from '../../hooks/useServerList';
import { datedFilename, exportAll, type CsvColumn } from '../../lib/export';
import type { SortState } from '../DataTable';

export interface CsvExportOptions<T> {
  path: string;
  /** What the list call gets (the list's filters, not the draft). */
  filters: ListFilters;
  sort: SortState | undefined;
  /** File name without the date (`datedFilename` adds it). */
  filename: string;
  /** Built when the export starts (labels in the language of the moment). */
  columns: () => CsvColumn<T>[];
}

/**
 * The export button's action: every record of the list's current filters and sort as CSV, with
 * the progress toast of {@link exportAll}. `exporting` keeps the button loading meanwhile.
 */
export function useCsvExport<T>({ path, filters, sort, filename, columns }: CsvExportOptions<T>) {
  const [exporting, setExporting] = useState(false);
  const run = useCallback(async () => {
    setExporting(true);
    try {
      await exportAll(path, filters, columns(), { filename: datedFilename(filename), sort });
    } catch {
      // The export toast and the API notice said why.
    } finally {
      setExporting(false);
    }
  }, [path, filters, sort, filename, columns]);
  return { exporting, run };
}

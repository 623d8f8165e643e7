/**
 * Online report definitions (`/online/cgreport/head/*`, docs/api/online.md): a code, a name in
 * both languages, one read-only `SELECT` over the platform's database or a data source, its
 * columns (`items`) and parameters (`params`). `parseSql` reads a statement's columns and
 * parameters with the same checks as a save, so a refused statement says why before it is saved.
 */
import { api } from '../../api/client';
import { resource } from '../../api/resource';
import type { components } from '../../api/schema';
import { useListOptions } from '../../components/list';

export type ReportRecord = components['schemas']['ReportRecord'];
export type ReportForm = components['schemas']['ReportForm'];
export type ReportItem = components['schemas']['ReportItem'];
export type ReportParam = components['schemas']['ReportParam'];
export type Parsed = components['schemas']['Parsed'];
export type ParseForm = components['schemas']['ParseForm'];
/** What the editor needs of a data source (its select). */
export type DataSourceOption = Pick<components['schemas']['DataSourceRecord'], 'id' | 'code' | 'name' | 'dbType'>;

export const REPORT_PERMISSION = 'online:report';
/** A column's types (core's `report::FIELD_TYPES`). */
export const FIELD_TYPES = ['String', 'Integer', 'Double', 'Date', 'Datetime'] as const;
/** How a query field filters (core's `report::QUERY_MODES`): one value, or a range. */
export const SEARCH_MODES = ['single', 'group'] as const;

export const {
  listPath: REPORT_LIST_PATH,
  exportPath: REPORT_EXPORT_PATH,
  add: addReport,
  edit: editReport,
  remove: deleteReport,
  removeBatch: deleteReports,
} = resource<ReportRecord, ReportForm>('/online/cgreport/head');

/** A statement's columns (as default items) and parameters; refusals are the editor's to show. */
export const parseSql = (form: ParseForm) => api.post<Parsed>('/online/cgreport/head/parseSql', form, { notify: false });

/** The data sources a report may read (quiet when the user may not list them). */
export function useDataSourceOptions() {
  return useListOptions<DataSourceOption>(['sys', 'dataSource', 'options'], '/sys/dataSource/list');
}

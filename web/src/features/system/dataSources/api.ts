/**
 * Data sources (`/sys/dataSource/*`, docs/api/online.md "Data sources"): external PostgreSQL
 * databases or SQLite files online reports may read. The password is write only: a record says
 * whether one is kept (`hasPassword`), and a blank one on an edit keeps it.
 */
import { api } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

export type DataSourceRecord = components['schemas']['DataSourceRecord'];
export type DataSourceForm = components['schemas']['DataSourceForm'];
export type TestResult = components['schemas']['TestResult'];

export const DATA_SOURCE_PERMISSION = 'system:dataSource';
/** The databases a source may be (labels in `dataSource:dbType.*`). */
export const DB_TYPES = ['postgres', 'sqlite'] as const;
export type DbType = (typeof DB_TYPES)[number];

export const {
  listPath: DATA_SOURCE_LIST_PATH,
  exportPath: DATA_SOURCE_EXPORT_PATH,
  add: addDataSource,
  edit: editDataSource,
  remove: deleteDataSource,
  removeBatch: deleteDataSources,
} = resource<DataSourceRecord, DataSourceForm>('/sys/dataSource');

/** Tries the form's connection (a saved source's kept password when the form's is blank); the caller shows the outcome. */
export const testConnection = (form: DataSourceForm) => api.post<TestResult>('/sys/dataSource/testConnection', form, { notify: false });

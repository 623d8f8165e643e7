/**
 * Data sources (the platform's staff): the external databases online reports may read. Search by
 * code or name and by database type; add and edit (trying the connection first), delete (the
 * server refuses while a report reads the source), batch delete and the server's xlsx export.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { codeColumn, createTimeColumn, CrudListPage, editDeleteColumn, FilterSelect, FilterText, labelled, monoColumn, tagColumn, truncatedColumn, useCrudList, type CrudList } from '../../../components/list';
import { isOneOf } from '../../../components/form/options';
import { DATA_SOURCE_EXPORT_PATH, DATA_SOURCE_LIST_PATH, DATA_SOURCE_PERMISSION, DB_TYPES, deleteDataSource, deleteDataSources, type DataSourceRecord } from './api';
import { DataSourceFormDialog } from './DataSourceFormDialog';

const EMPTY = { name: '', dbType: '' };
type Filters = typeof EMPTY;

function dataSourceColumns(t: TFunction<'dataSource'>, crud: CrudList<DataSourceRecord, Filters>): DataColumn<DataSourceRecord>[] {
  return [
    codeColumn<DataSourceRecord>(t('field.code')),
    { id: 'name', header: t('field.name'), sortable: true, minWidth: '140px' },
    tagColumn<DataSourceRecord>({ id: 'dbType', header: t('field.dbType'), sortable: true, colorPalette: 'purple', label: (row) => (isOneOf(DB_TYPES, row.dbType) ? t(`dbType.${row.dbType}`) : row.dbType) }),
    monoColumn<DataSourceRecord>('dbUrl', t('field.dbUrl'), (row) => row.dbUrl, { hideBelow: 'md' }),
    { id: 'dbUsername', header: t('field.dbUsername'), hideBelow: 'lg' },
    {
      id: 'hasPassword',
      header: t('field.dbPassword'),
      hideBelow: 'lg',
      cell: (row) => (row.hasPassword === 1 ? t('form.passwordKept') : t('form.noPassword')),
    },
    truncatedColumn<DataSourceRecord>('remark', t('field.remark'), (row) => row.remark, '200px', { hideBelow: 'xl' }),
    createTimeColumn(t('field.createTime')),
    editDeleteColumn('text', crud.actions),
  ];
}

export default function DataSourceListPage() {
  const { t } = useTranslation('dataSource');
  const crud = useCrudList<DataSourceRecord, Filters>(DATA_SOURCE_LIST_PATH, {
    name: 'data-source',
    permission: DATA_SOURCE_PERMISSION,
    ns: 'dataSource',
    emptyFilters: EMPTY,
    defaultSort: { column: 'code', order: 'asc' },
    remove: deleteDataSources,
    removeOne: (record) => deleteDataSource(record.id),
    describe: (record) => t('delete.description', { name: record.name }),
    exportPath: DATA_SOURCE_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      columns={dataSourceColumns(t, crud)}
      filters={
        <>
          <FilterText page={crud} name="name" label={t('filter.name')} placeholder={t('filter.namePlaceholder')} testId="data-source-search-name" />
          <FilterSelect page={crud} name="dbType" label={t('field.dbType')} options={labelled(DB_TYPES, (type) => t(`dbType.${type}`))} allLabel={t('filter.all')} testId="data-source-search-type" />
        </>
      }
      dialogs={<DataSourceFormDialog {...crud.form.dialog} />}
    />
  );
}

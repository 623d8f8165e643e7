/**
 * Status mappings (Carrier management → Status mappings): what a source's event code means in
 * the normalized statuses. The tenant's rows win over core's built-in table; the next events of
 * the code take the status.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { createTimeColumn, CrudListPage, editDeleteColumn, FilterSelect, FilterText, monoColumn, useCrudList, type CrudList } from '../../components/list';
import { deleteTrackMappings, TRACK_MAPPING_EXPORT_PATH, TRACK_MAPPING_LIST_PATH, TRACKING_STATUSES, type TrackMappingRecord } from './api';
import { TrackMappingFormDialog } from './TrackMappingFormDialog';
import { StatusTag } from './TrackResults';

const EMPTY = { source: '', code: '', status: '' };
type Filters = typeof EMPTY;

function mappingColumns(t: TFunction<'trackMapping'>, crud: CrudList<TrackMappingRecord, Filters>): DataColumn<TrackMappingRecord>[] {
  return [
    monoColumn<TrackMappingRecord>('source', t('field.source'), (row) => row.source, { sortable: true }),
    monoColumn<TrackMappingRecord>('code', t('field.code'), (row) => row.code, { sortable: true, strong: true }),
    { id: 'status', header: t('field.status'), sortable: true, cell: (row) => <StatusTag status={row.status} /> },
    { id: 'remark', header: t('field.remark'), hideBelow: 'md' },
    createTimeColumn(t('field.createTime')),
    editDeleteColumn('text', crud.actions),
  ];
}

export default function TrackMappingListPage() {
  const { t } = useTranslation('trackMapping');
  const { t: tt } = useTranslation('tracking');
  const crud = useCrudList<TrackMappingRecord, Filters>(TRACK_MAPPING_LIST_PATH, {
    name: 'track-mapping',
    permission: 'logistics:trackMapping',
    ns: 'trackMapping',
    emptyFilters: EMPTY,
    remove: deleteTrackMappings,
    exportPath: TRACK_MAPPING_EXPORT_PATH,
    describe: (row) => t('delete.description', { source: row.source, code: row.code }),
  });
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      subtitle={t('subtitle')}
      columns={mappingColumns(t, crud)}
      filters={
        <>
          <FilterText page={crud} name="source" label={t('filter.source')} testId="track-mapping-search-source" />
          <FilterText page={crud} name="code" label={t('filter.code')} testId="track-mapping-search-code" />
          <FilterSelect page={crud} name="status" immediate label={t('filter.status')} options={TRACKING_STATUSES.map((s) => ({ value: s, label: tt(`status.${s}`) }))} allLabel={t('filter.all')} testId="track-mapping-search-status" />
        </>
      }
      table={{ selectable: true, getRowId: (row) => row.id }}
      dialogs={<TrackMappingFormDialog {...crud.form.dialog} />}
    />
  );
}

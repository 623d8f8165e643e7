import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { createTimeColumn, CrudListPage, editDeleteColumn, FilterText, monoColumn, tagColumn, useCrudList, type CrudList } from '../../../components/list';
import { deletePosition, deletePositions, POSITION_EXPORT_PATH, POSITION_LIST_PATH, POST_RANKS, type PositionRecord, type PostRank } from './api';
import { PositionFormDialog } from './PositionFormDialog';

/** The filters (in the URL) and their empty values. */
const EMPTY = { name: '', code: '' };
type Filters = typeof EMPTY;

const rankLabel = (t: TFunction<'sysPosition'>, rank: string | null | undefined) =>
  rank && (POST_RANKS as readonly string[]).includes(rank) ? t(`rank.${rank as PostRank}`) : (rank ?? '');

function positionColumns(t: TFunction<'sysPosition'>, crud: CrudList<PositionRecord, Filters>): DataColumn<PositionRecord>[] {
  return [
    monoColumn<PositionRecord>('code', t('field.code'), (row) => row.code, { sortable: true }),
    { id: 'name', header: t('field.name'), sortable: true },
    { id: 'nameEn', header: t('field.nameEn'), hideBelow: 'md' },
    tagColumn<PositionRecord>({ id: 'postRank', header: t('field.postRank'), colorPalette: 'purple', label: (row) => rankLabel(t, row.postRank) }),
    createTimeColumn(t('field.createTime')),
    editDeleteColumn('text', crud.actions),
  ];
}

/** Positions of the tenant: search, paging, sort, add/edit, delete, batch delete and the server's xlsx export. */
export default function PositionListPage() {
  const { t } = useTranslation('sysPosition');
  const crud = useCrudList<PositionRecord, Filters>(POSITION_LIST_PATH, {
    name: 'position',
    permission: 'system:position',
    ns: 'sysPosition',
    emptyFilters: EMPTY,
    remove: deletePositions,
    removeOne: (record) => deletePosition(record.id),
    describe: (record) => t('delete.description', { name: record.name }),
    exportPath: POSITION_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      columns={positionColumns(t, crud)}
      filters={
        <>
          <FilterText page={crud} name="name" label={t('filter.name')} placeholder={t('filter.namePlaceholder')} testId="position-search-name" />
          <FilterText page={crud} name="code" label={t('filter.code')} placeholder={t('filter.codePlaceholder')} testId="position-search-code" />
        </>
      }
      dialogs={<PositionFormDialog {...crud.form.dialog} />}
    />
  );
}

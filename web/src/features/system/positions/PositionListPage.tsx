import { Badge, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { actionsColumn, FilterText, ListPage, ListSearchBar, ListTable, ListToolbar, useCsvExport, useDeleteRecords, useListPage } from '../../../components/list';
import { deletePosition, deletePositions, POSITION_LIST_PATH, POST_RANKS, type PositionRecord, type PostRank } from './api';
import { PositionFormDialog } from './PositionFormDialog';

/** A type alias (not an interface) so that it fits the list's filter record. */
type Filters = {
  name: string;
  code: string;
};

const EMPTY: Filters = { name: '', code: '' };

const rankLabel = (t: TFunction<'sysPosition'>, rank: string | null | undefined) =>
  rank && (POST_RANKS as readonly string[]).includes(rank) ? t(`rank.${rank as PostRank}`) : (rank ?? '');

interface ColumnDeps {
  t: TFunction<'sysPosition'>;
  onEdit: (record: PositionRecord) => void;
  onDelete: (record: PositionRecord) => void;
}

function positionColumns({ t, onEdit, onDelete }: ColumnDeps): DataColumn<PositionRecord>[] {
  return [
    {
      id: 'code',
      header: t('field.code'),
      sortable: true,
      cell: (row) => (
        <Text fontFamily="mono" textStyle="sm">
          {row.code}
        </Text>
      ),
    },
    { id: 'name', header: t('field.name'), sortable: true },
    { id: 'nameEn', header: t('field.nameEn'), hideBelow: 'md' },
    {
      id: 'postRank',
      header: t('field.postRank'),
      cell: (row) =>
        row.postRank ? (
          <Badge size="sm" variant="subtle" colorPalette="purple">
            {rankLabel(t, row.postRank)}
          </Badge>
        ) : (
          '—'
        ),
    },
    { id: 'createTime', header: t('field.createTime'), sortable: true, hideBelow: 'md' },
    actionsColumn<PositionRecord>('text', (row) => [
      { kind: 'edit', action: 'system:position:edit', onClick: () => onEdit(row), testId: 'position-edit' },
      { kind: 'delete', action: 'system:position:delete', onClick: () => onDelete(row), testId: 'position-delete' },
    ]),
  ];
}

/** Positions of the tenant: search, paging, sort, add/edit, delete, batch delete and CSV export. */
export default function PositionListPage() {
  const { t } = useTranslation('sysPosition');
  const [form, setForm] = useState<{ record?: PositionRecord }>();
  const page = useListPage<PositionRecord, Filters>(POSITION_LIST_PATH, { emptyFilters: EMPTY, defaultSort: { column: 'createTime', order: 'desc' } });
  const { list } = page;
  const remover = useDeleteRecords<PositionRecord>({
    list,
    remove: deletePositions,
    removeOne: (record) => deletePosition(record.id),
    title: t('delete.title'),
    describe: (record) => t('delete.description', { name: record.name }),
    describeBatch: (count) => t('delete.batchDescription', { count }),
    testId: 'position-delete-confirm',
  });
  const exporter = useCsvExport<PositionRecord>({
    path: POSITION_LIST_PATH,
    filters: page.filters,
    sort: list.sort,
    filename: t('exportName'),
    columns: () => [
      { header: t('field.code'), value: (row) => row.code },
      { header: t('field.name'), value: (row) => row.name },
      { header: t('field.nameEn'), value: (row) => row.nameEn },
      { header: t('field.postRank'), value: (row) => rankLabel(t, row.postRank) },
      { header: t('field.createTime'), value: (row) => row.createTime },
    ],
  });

  const columns = positionColumns({ t, onEdit: (record) => setForm({ record }), onDelete: remover.askDelete });

  return (
    <ListPage
      testId="position-page"
      search={
        <ListSearchBar page={page} testId="position-search">
          <FilterText page={page} name="name" label={t('filter.name')} placeholder={t('filter.namePlaceholder')} testId="position-search-name" />
          <FilterText page={page} name="code" label={t('filter.code')} placeholder={t('filter.codePlaceholder')} testId="position-search-code" />
        </ListSearchBar>
      }
      toolbar={
        <ListToolbar
          testIdPrefix="position"
          add={{ action: 'system:position:add', label: t('add'), onClick: () => setForm({}) }}
          batchDelete={{ action: 'system:position:delete', onClick: remover.askBatchDelete }}
          exporter={exporter}
        />
      }
      dialogs={
        <>
          <PositionFormDialog open={form !== undefined} onOpenChange={(open) => (open ? undefined : setForm(undefined))} record={form?.record} />
          {remover.dialog}
        </>
      }
    >
      <ListTable list={list} selectable columns={columns} getRowId={(row) => row.id} caption={t('caption')} testId="position-table" />
    </ListPage>
  );
}

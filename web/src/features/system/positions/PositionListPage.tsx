import { Badge, Box, Button, Card, Field, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { DownloadIcon, TrashIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { toaster } from '../../../components/ui/toaster';
import { useRequireSelection } from '../../../hooks/useRequireSelection';
import { useServerList } from '../../../hooks/useServerList';
import { datedFilename, exportAll, type CsvColumn } from '../../../lib/export';
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
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (row) => (
        <HStack gap="1">
          <Authorized action="system:position:edit">
            <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => onEdit(row)} data-testid="position-edit">
              {t('action.edit', { ns: 'dataTable' })}
            </Button>
          </Authorized>
          <Authorized action="system:position:delete">
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onDelete(row)} data-testid="position-delete">
              {t('action.delete', { ns: 'dataTable' })}
            </Button>
          </Authorized>
        </HStack>
      ),
    },
  ];
}

/** Positions of the tenant: search, paging, sort, add/edit, delete, batch delete and CSV export. */
export default function PositionListPage() {
  const { t } = useTranslation('sysPosition');
  const queryClient = useQueryClient();
  const requireSelection = useRequireSelection();
  const { confirm, dialog } = useConfirm();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [form, setForm] = useState<{ record?: PositionRecord }>();
  const [exporting, setExporting] = useState(false);
  const list = useServerList<PositionRecord>(POSITION_LIST_PATH, filters, { defaultSort: { column: 'createTime', order: 'desc' } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['list', POSITION_LIST_PATH] });

  const askDelete = (record: PositionRecord) =>
    confirm({
      title: t('delete.title'),
      description: t('delete.description', { name: record.name }),
      testId: 'position-delete-confirm',
      onConfirm: async () => {
        const envelope = await deletePosition(record.id);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        list.setSelection(list.selection.filter((id) => id !== record.id));
        await refresh();
      },
    });

  const askBatchDelete = () => {
    if (!requireSelection(list.selection)) return;
    const ids = list.selection;
    confirm({
      title: t('delete.title'),
      description: t('delete.batchDescription', { count: ids.length }),
      testId: 'position-delete-confirm',
      onConfirm: async () => {
        const envelope = await deletePositions(ids);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        list.clearSelection();
        await refresh();
      },
    });
  };

  const exportCsv = async () => {
    const csvColumns: CsvColumn<PositionRecord>[] = [
      { header: t('field.code'), value: (row) => row.code },
      { header: t('field.name'), value: (row) => row.name },
      { header: t('field.nameEn'), value: (row) => row.nameEn },
      { header: t('field.postRank'), value: (row) => rankLabel(t, row.postRank) },
      { header: t('field.createTime'), value: (row) => row.createTime },
    ];
    setExporting(true);
    try {
      await exportAll(POSITION_LIST_PATH, filters, csvColumns, { filename: datedFilename(t('exportName')), sort: list.sort });
    } catch {
      // The export toast and the API notice said why.
    } finally {
      setExporting(false);
    }
  };

  const columns = positionColumns({ t, onEdit: (record) => setForm({ record }), onDelete: askDelete });

  return (
    <Stack gap="4" data-testid="position-page">
      <SearchBar
        onSearch={() => setFilters(draft)}
        onReset={() => {
          setDraft(EMPTY);
          setFilters(EMPTY);
        }}
        loading={list.loading}
        testId="position-search"
      >
        <Field.Root>
          <Field.Label>{t('filter.name')}</Field.Label>
          <Input size="sm" value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })} placeholder={t('filter.namePlaceholder')} data-testid="position-search-name" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('filter.code')}</Field.Label>
          <Input size="sm" value={draft.code} onChange={(event) => setDraft({ ...draft, code: event.currentTarget.value })} placeholder={t('filter.codePlaceholder')} data-testid="position-search-code" />
        </Field.Root>
      </SearchBar>
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="4">
            <Flex gap="2" wrap="wrap" align="center">
              <Authorized action="system:position:add">
                <Button size="sm" onClick={() => setForm({})} data-testid="position-add">
                  {t('add')}
                </Button>
              </Authorized>
              <Authorized action="system:position:delete">
                <Button size="sm" variant="outline" colorPalette="red" onClick={askBatchDelete} data-testid="position-batch-delete">
                  <TrashIcon />
                  {t('action.batchDelete', { ns: 'dataTable' })}
                </Button>
              </Authorized>
              <Box flex="1" />
              <Button size="sm" variant="outline" loading={exporting} onClick={() => void exportCsv()} data-testid="position-export">
                <DownloadIcon />
                {t('export.button', { ns: 'dataTable' })}
              </Button>
            </Flex>
            <DataTable
              columns={columns}
              rows={list.rows}
              total={list.total}
              loading={list.loading}
              page={list.page}
              onPageChange={list.setPage}
              sort={list.sort}
              onSortChange={list.setSort}
              selectedIds={list.selection}
              onSelectionChange={list.setSelection}
              getRowId={(row) => row.id}
              caption={t('caption')}
              testId="position-table"
            />
          </Stack>
        </Card.Body>
      </Card.Root>
      <PositionFormDialog open={form !== undefined} onOpenChange={(open) => (open ? undefined : setForm(undefined))} record={form?.record} onSaved={() => void refresh()} />
      {dialog}
    </Stack>
  );
}

/**
 * `system/DictList` (数据字典 Dictionaries, platform only): search, server paging and sorting,
 * add/edit dialog, delete (seeded dictionaries cannot be deleted), batch delete, cache refresh,
 * CSV export, and each dictionary's items in a drawer (contract dicts-notices.md, "Dictionaries").
 */
import { Badge, Button, Card, Field, Flex, Heading, HStack, IconButton, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { DownloadIcon, PencilIcon, PlusIcon, RefreshIcon, SlidersIcon, TrashIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { toaster } from '../../../components/ui/toaster';
import { useButtonState } from '../../../hooks/useButtonState';
import { useRequireSelection } from '../../../hooks/useRequireSelection';
import { useServerList } from '../../../hooks/useServerList';
import { datedFilename, exportAll, type CsvColumn } from '../../../lib/export';
import { HintTooltip } from '../components/HintTooltip';
import { showTime } from '../components/utcTime';
import { deleteDict, deleteDicts, DICT_LIST_PATH, isSystemDict, refreshDictCache, reloadClientDicts, type DictRecord } from './api';
import { DictFormDialog } from './DictFormDialog';
import { DictItemsDrawer } from './DictItemsDrawer';

/** A type alias (not an interface) so that it fits the list's filter record. */
type Filters = {
  dictName: string;
  dictCode: string;
};

const EMPTY: Filters = { dictName: '', dictCode: '' };

const dictTitle = (dict: DictRecord) => dict.title || dict.dictName;

interface ColumnDeps {
  t: TFunction<'sysDict'>;
  onItems: (dict: DictRecord) => void;
  onEdit: (dict: DictRecord) => void;
  onDelete: (dict: DictRecord) => void;
}

/** The delete button of a row: disabled with a hint on a seeded dictionary. */
function DeleteDictButton({ dict, onDelete, disabled }: { dict: DictRecord; onDelete: (dict: DictRecord) => void; disabled?: boolean }) {
  const { t } = useTranslation('sysDict');
  const locked = isSystemDict(dict);
  return (
    <HintTooltip hint={locked ? t('systemHint') : undefined} testId="dict-delete-hint">
      <IconButton
        size="xs"
        variant="ghost"
        colorPalette="red"
        aria-label={t('action.delete', { ns: 'dataTable' })}
        title={locked ? undefined : t('action.delete', { ns: 'dataTable' })}
        disabled={locked || disabled}
        onClick={() => onDelete(dict)}
        data-testid="dict-delete"
      >
        <TrashIcon />
      </IconButton>
    </HintTooltip>
  );
}

function dictColumns({ t, onItems, onEdit, onDelete }: ColumnDeps): DataColumn<DictRecord>[] {
  return [
    {
      id: 'dictName',
      header: t('field.title'),
      sortable: true,
      minWidth: '140px',
      cell: (dict) => (
        <Stack gap="0">
          <Text fontWeight="medium">{dictTitle(dict)}</Text>
          {dict.dictNameEn && dict.dictNameEn !== dictTitle(dict) ? (
            <Text textStyle="xs" color="fg.muted">
              {dict.dictNameEn}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      id: 'dictCode',
      header: t('field.dictCode'),
      sortable: true,
      cell: (dict) => (
        <Text fontFamily="mono" textStyle="sm">
          {dict.dictCode}
        </Text>
      ),
    },
    {
      id: 'description',
      header: t('field.description'),
      hideBelow: 'lg',
      cell: (dict) => (
        <Text truncate maxWidth="64" title={dict.description ?? undefined}>
          {dict.description || '—'}
        </Text>
      ),
    },
    {
      id: 'systemFlag',
      header: t('field.type'),
      hideBelow: 'sm',
      cell: (dict) =>
        isSystemDict(dict) ? (
          <Badge size="sm" variant="subtle" colorPalette="blue" data-testid="dict-system-badge">
            {t('type.system')}
          </Badge>
        ) : (
          <Badge size="sm" variant="subtle" colorPalette="gray">
            {t('type.custom')}
          </Badge>
        ),
    },
    {
      id: 'itemCount',
      header: t('field.itemCount'),
      textAlign: 'end',
      cell: (dict) => <Text fontVariantNumeric="tabular-nums">{dict.itemCount ?? 0}</Text>,
    },
    { id: 'createTime', header: t('field.createTime'), sortable: true, hideBelow: 'md', cell: (dict) => <Text whiteSpace="nowrap">{showTime(dict.createTime) || '—'}</Text> },
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (dict) => (
        <HStack gap="0.5">
          <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => onItems(dict)} aria-label={t('itemsOf', { name: dictTitle(dict) })} data-testid="dict-items">
            <SlidersIcon />
            {t('items')}
          </Button>
          <Authorized action="system:dict:edit">
            <IconButton size="xs" variant="ghost" aria-label={t('action.edit', { ns: 'dataTable' })} title={t('action.edit', { ns: 'dataTable' })} onClick={() => onEdit(dict)} data-testid="dict-edit">
              <PencilIcon />
            </IconButton>
          </Authorized>
          <Authorized action="system:dict:delete">
            <DeleteDictButton dict={dict} onDelete={onDelete} />
          </Authorized>
        </HStack>
      ),
    },
  ];
}

export default function DictListPage() {
  const { t } = useTranslation('sysDict');
  const queryClient = useQueryClient();
  const requireSelection = useRequireSelection();
  const { confirm, dialog } = useConfirm();
  const canDelete = useButtonState('system:dict:delete') !== 'hidden';
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [form, setForm] = useState<{ record?: DictRecord }>();
  const [itemsOf, setItemsOf] = useState<DictRecord>();
  const [exporting, setExporting] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const list = useServerList<DictRecord>(DICT_LIST_PATH, filters, { defaultSort: { column: 'createTime', order: 'desc' } });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['list', DICT_LIST_PATH] });
    void reloadClientDicts(queryClient);
  };

  const askDelete = (dict: DictRecord) =>
    confirm({
      title: t('delete.title'),
      description: t('delete.description', { name: dictTitle(dict) }),
      testId: 'dict-delete-confirm',
      onConfirm: async () => {
        const envelope = await deleteDict(dict.id);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        list.setSelection(list.selection.filter((id) => id !== dict.id));
        await refresh();
      },
    });

  const askBatchDelete = () => {
    if (!requireSelection(list.selection)) return;
    const ids = list.selection;
    confirm({
      title: t('delete.title'),
      description: t('delete.batchDescription', { count: ids.length }),
      testId: 'dict-delete-confirm',
      onConfirm: async () => {
        const envelope = await deleteDicts(ids);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        list.clearSelection();
        await refresh();
      },
    });
  };

  const refreshCache = async () => {
    setRefreshing(true);
    try {
      await refreshDictCache();
      toaster.create({ type: 'success', title: t('cache.done'), duration: 3000 });
      void reloadClientDicts(queryClient);
    } catch {
      toaster.create({ type: 'error', title: t('cache.failed'), duration: 4000 });
    } finally {
      setRefreshing(false);
    }
  };

  const exportCsv = async () => {
    const csvColumns: CsvColumn<DictRecord>[] = [
      { header: t('field.dictName'), value: (row) => row.dictName },
      { header: t('field.dictNameEn'), value: (row) => row.dictNameEn },
      { header: t('field.dictCode'), value: (row) => row.dictCode },
      { header: t('field.description'), value: (row) => row.description },
      { header: t('field.type'), value: (row) => (isSystemDict(row) ? t('type.system') : t('type.custom')) },
      { header: t('field.itemCount'), value: (row) => row.itemCount ?? 0 },
      { header: t('field.createTime'), value: (row) => showTime(row.createTime) },
    ];
    setExporting(true);
    try {
      await exportAll(DICT_LIST_PATH, filters, csvColumns, { filename: datedFilename(t('exportName')), sort: list.sort });
    } catch {
      // The export toast and the API notice said why.
    } finally {
      setExporting(false);
    }
  };

  const columns = dictColumns({ t, onItems: setItemsOf, onEdit: (record) => setForm({ record }), onDelete: askDelete });

  return (
    <Stack gap="4" data-testid="dict-page">
      <SearchBar
        onSearch={() => setFilters({ ...draft })}
        onReset={() => {
          setDraft(EMPTY);
          setFilters(EMPTY);
        }}
        loading={list.loading}
        testId="dict-search"
      >
        <Field.Root>
          <Field.Label>{t('filter.dictName')}</Field.Label>
          <Input size="sm" value={draft.dictName} onChange={(event) => setDraft({ ...draft, dictName: event.currentTarget.value })} placeholder={t('filter.dictNamePlaceholder')} data-testid="dict-search-name" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('filter.dictCode')}</Field.Label>
          <Input size="sm" value={draft.dictCode} onChange={(event) => setDraft({ ...draft, dictCode: event.currentTarget.value })} placeholder={t('filter.dictCodePlaceholder')} data-testid="dict-search-code" />
        </Field.Root>
      </SearchBar>
      <Card.Root size="sm">
        <Card.Header>
          <Flex gap="3" wrap="wrap" align="center" justify="space-between">
            <Heading size="md">{t('title')}</Heading>
            <Wrap gap="2">
              <Authorized action="system:dict:add">
                <Button size="sm" onClick={() => setForm({})} data-testid="dict-add">
                  <PlusIcon />
                  {t('add')}
                </Button>
              </Authorized>
              <Authorized action="system:dict:delete">
                <Button size="sm" variant="outline" colorPalette="red" onClick={askBatchDelete} data-testid="dict-batch-delete">
                  <TrashIcon />
                  {t('action.batchDelete', { ns: 'dataTable' })}
                </Button>
              </Authorized>
              <Button size="sm" variant="outline" loading={refreshing} onClick={() => void refreshCache()} data-testid="dict-refresh-cache">
                <RefreshIcon />
                {t('cache.button')}
              </Button>
              <Button size="sm" variant="outline" loading={exporting} onClick={() => void exportCsv()} data-testid="dict-export">
                <DownloadIcon />
                {t('export.button', { ns: 'dataTable' })}
              </Button>
            </Wrap>
          </Flex>
        </Card.Header>
        <Card.Body>
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
            onSelectionChange={canDelete ? list.setSelection : undefined}
            isRowSelectable={(dict) => !isSystemDict(dict)}
            getRowId={(dict) => dict.id}
            caption={t('caption')}
            testId="dict-table"
          />
        </Card.Body>
      </Card.Root>
      <DictFormDialog open={form !== undefined} onOpenChange={(open) => (open ? undefined : setForm(undefined))} record={form?.record} onSaved={() => void refresh()} />
      <DictItemsDrawer dict={itemsOf} onClose={() => setItemsOf(undefined)} />
      {dialog}
    </Stack>
  );
}

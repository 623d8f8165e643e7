/**
 * `system/DictList` (数据字典 Dictionaries, platform only): search, server paging and sorting,
 * add/edit dialog, delete (seeded dictionaries cannot be deleted), batch delete, cache refresh,
 * CSV export, and each dictionary's items in a drawer (contract dicts-notices.md, "Dictionaries").
 */
import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { RefreshIcon, SlidersIcon } from '../../../components/icons';
import { actionsColumn, FilterText, ListPage, ListSearchBar, ListTable, ListToolbar, toastSuccess, useCsvExport, useDeleteRecords, useListPage } from '../../../components/list';
import { toaster } from '../../../components/ui/toaster';
import { useButtonState } from '../../../hooks/useButtonState';
import { showTime } from '../../../lib/utcTime';
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
    actionsColumn<DictRecord>('icon', (dict) => [
      { display: 'text', colorPalette: 'blue', label: t('items'), icon: <SlidersIcon />, ariaLabel: t('itemsOf', { name: dictTitle(dict) }), onClick: () => onItems(dict), testId: 'dict-items' },
      { kind: 'edit', action: 'system:dict:edit', onClick: () => onEdit(dict), testId: 'dict-edit' },
      {
        kind: 'delete',
        action: 'system:dict:delete',
        disabled: isSystemDict(dict),
        hint: isSystemDict(dict) ? t('systemHint') : undefined,
        hintTestId: 'dict-delete-hint',
        onClick: () => onDelete(dict),
        testId: 'dict-delete',
      },
    ]),
  ];
}

export default function DictListPage() {
  const { t } = useTranslation('sysDict');
  const queryClient = useQueryClient();
  const canDelete = useButtonState('system:dict:delete') !== 'hidden';
  const [form, setForm] = useState<{ record?: DictRecord }>();
  const [itemsOf, setItemsOf] = useState<DictRecord>();
  const [refreshing, setRefreshing] = useState(false);
  const page = useListPage<DictRecord, Filters>(DICT_LIST_PATH, { emptyFilters: EMPTY, defaultSort: { column: 'createTime', order: 'desc' } });
  const { list } = page;
  const reloadDicts = () => void reloadClientDicts(queryClient);
  const remover = useDeleteRecords<DictRecord>({
    list,
    remove: deleteDicts,
    removeOne: (dict) => deleteDict(dict.id),
    title: t('delete.title'),
    describe: (dict) => t('delete.description', { name: dictTitle(dict) }),
    describeBatch: (count) => t('delete.batchDescription', { count }),
    testId: 'dict-delete-confirm',
    afterDelete: reloadDicts,
  });

  const refreshCache = async () => {
    setRefreshing(true);
    try {
      await refreshDictCache();
      toastSuccess(t('cache.done'));
      reloadDicts();
    } catch {
      toaster.create({ type: 'error', title: t('cache.failed'), duration: 4000 });
    } finally {
      setRefreshing(false);
    }
  };

  const exporter = useCsvExport<DictRecord>({
    path: DICT_LIST_PATH,
    filters: page.filters,
    sort: list.sort,
    filename: t('exportName'),
    columns: () => [
      { header: t('field.dictName'), value: (row) => row.dictName },
      { header: t('field.dictNameEn'), value: (row) => row.dictNameEn },
      { header: t('field.dictCode'), value: (row) => row.dictCode },
      { header: t('field.description'), value: (row) => row.description },
      { header: t('field.type'), value: (row) => (isSystemDict(row) ? t('type.system') : t('type.custom')) },
      { header: t('field.itemCount'), value: (row) => row.itemCount ?? 0 },
      { header: t('field.createTime'), value: (row) => showTime(row.createTime) },
    ],
  });

  const columns = dictColumns({ t, onItems: setItemsOf, onEdit: (record) => setForm({ record }), onDelete: remover.askDelete });

  return (
    <ListPage
      testId="dict-page"
      search={
        <ListSearchBar page={page} testId="dict-search">
          <FilterText page={page} name="dictName" label={t('filter.dictName')} placeholder={t('filter.dictNamePlaceholder')} testId="dict-search-name" />
          <FilterText page={page} name="dictCode" label={t('filter.dictCode')} placeholder={t('filter.dictCodePlaceholder')} testId="dict-search-code" />
        </ListSearchBar>
      }
      title={t('title')}
      toolbar={
        <ListToolbar
          testIdPrefix="dict"
          add={{ action: 'system:dict:add', label: t('add'), onClick: () => setForm({}) }}
          batchDelete={{ action: 'system:dict:delete', onClick: remover.askBatchDelete }}
          exporter={exporter}
        >
          <Button size="sm" variant="outline" loading={refreshing} onClick={() => void refreshCache()} data-testid="dict-refresh-cache">
            <RefreshIcon />
            {t('cache.button')}
          </Button>
        </ListToolbar>
      }
      dialogs={
        <>
          <DictFormDialog open={form !== undefined} onOpenChange={(open) => (open ? undefined : setForm(undefined))} record={form?.record} onSaved={reloadDicts} />
          <DictItemsDrawer dict={itemsOf} onClose={() => setItemsOf(undefined)} />
          {remover.dialog}
        </>
      }
    >
      <ListTable list={list} selectable={canDelete} isRowSelectable={(dict) => !isSystemDict(dict)} columns={columns} getRowId={(dict) => dict.id} caption={t('caption')} testId="dict-table" />
    </ListPage>
  );
}

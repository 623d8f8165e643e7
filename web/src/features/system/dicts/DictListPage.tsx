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
import { actionsColumn, createTimeColumn, CrudListPage, FilterText, monoColumn, truncatedColumn, toastSuccess, useCrudList, type CrudList } from '../../../components/list';
import { toaster } from '../../../components/ui/toaster';
import { showTime } from '../../../lib/utcTime';
import { deleteDict, deleteDicts, DICT_LIST_PATH, isSystemDict, refreshDictCache, reloadClientDicts, type DictRecord } from './api';
import { DictFormDialog } from './DictFormDialog';
import { DictItemsDrawer } from './DictItemsDrawer';

/** The filters (in the URL) and their empty values. */
const EMPTY = { dictName: '', dictCode: '' };
type Filters = typeof EMPTY;

const dictTitle = (dict: DictRecord) => dict.title || dict.dictName;

function dictColumns(t: TFunction<'sysDict'>, onItems: (dict: DictRecord) => void, crud: CrudList<DictRecord, Filters>): DataColumn<DictRecord>[] {
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
    monoColumn<DictRecord>('dictCode', t('field.dictCode'), (dict) => dict.dictCode, { sortable: true }),
    truncatedColumn<DictRecord>('description', t('field.description'), (dict) => dict.description, '64', { hideBelow: 'lg' }),
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
    createTimeColumn<DictRecord>(t('field.createTime')),
    actionsColumn<DictRecord>('icon', (dict) => [
      { display: 'text', colorPalette: 'blue', label: t('items'), icon: <SlidersIcon />, ariaLabel: t('itemsOf', { name: dictTitle(dict) }), onClick: () => onItems(dict), testId: 'dict-items' },
      { kind: 'edit', action: 'system:dict:edit', onClick: () => crud.actions.onEdit(dict), testId: 'dict-edit' },
      {
        kind: 'delete',
        action: 'system:dict:delete',
        disabled: isSystemDict(dict),
        hint: isSystemDict(dict) ? t('systemHint') : undefined,
        hintTestId: 'dict-delete-hint',
        onClick: () => crud.actions.onDelete(dict),
        testId: 'dict-delete',
      },
    ]),
  ];
}

export default function DictListPage() {
  const { t } = useTranslation('sysDict');
  const queryClient = useQueryClient();
  const [itemsOf, setItemsOf] = useState<DictRecord>();
  const [refreshing, setRefreshing] = useState(false);
  const reloadDicts = () => void reloadClientDicts(queryClient);
  const crud = useCrudList<DictRecord, Filters>(DICT_LIST_PATH, {
    name: 'dict',
    permission: 'system:dict',
    ns: 'sysDict',
    emptyFilters: EMPTY,
    remove: deleteDicts,
    removeOne: (dict) => deleteDict(dict.id),
    describe: (dict) => t('delete.description', { name: dictTitle(dict) }),
    afterDelete: reloadDicts,
    csv: () => [
      { header: t('field.dictName'), value: (row) => row.dictName },
      { header: t('field.dictNameEn'), value: (row) => row.dictNameEn },
      { header: t('field.dictCode'), value: (row) => row.dictCode },
      { header: t('field.description'), value: (row) => row.description },
      { header: t('field.type'), value: (row) => (isSystemDict(row) ? t('type.system') : t('type.custom')) },
      { header: t('field.itemCount'), value: (row) => row.itemCount ?? 0 },
      { header: t('field.createTime'), value: (row) => showTime(row.createTime) },
    ],
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

  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      columns={dictColumns(t, setItemsOf, crud)}
      filters={
        <>
          <FilterText page={crud} name="dictName" label={t('filter.dictName')} placeholder={t('filter.dictNamePlaceholder')} testId="dict-search-name" />
          <FilterText page={crud} name="dictCode" label={t('filter.dictCode')} placeholder={t('filter.dictCodePlaceholder')} testId="dict-search-code" />
        </>
      }
      toolbar={{
        children: (
          <Button size="sm" variant="outline" loading={refreshing} onClick={() => void refreshCache()} data-testid="dict-refresh-cache">
            <RefreshIcon />
            {t('cache.button')}
          </Button>
        ),
      }}
      table={{ getRowId: (dict) => dict.id, isRowSelectable: (dict) => !isSystemDict(dict) }}
      dialogs={
        <>
          <DictFormDialog {...crud.form.dialog} onSaved={reloadDicts} />
          <DictItemsDrawer dict={itemsOf} onClose={() => setItemsOf(undefined)} />
        </>
      }
    />
  );
}

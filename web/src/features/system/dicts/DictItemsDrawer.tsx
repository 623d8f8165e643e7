import { Badge, HStack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { SlidersIcon } from '../../../components/icons';
import {
  editDeleteColumn,
  FilterSelect,
  FilterText,
  labelled,
  ListDrawer,
  ListEmpty,
  ListPage,
  ListSearchBar,
  ListTable,
  ListToolbar,
  monoColumn,
  statusSwitchColumn,
  useDeleteRecords,
  useFormTarget,
  useInvalidateList,
  useListPage,
  useStatusToggle,
} from '../../../components/list';
import { deleteDictItem, DICT_ITEM_LIST_PATH, DICT_LIST_PATH, editDictItem, isDictColor, itemInput, reloadClientDicts, type DictItemRecord, type DictRecord } from './api';
import { DictItemFormDialog } from './DictItemFormDialog';

/** The filters of the items and their empty values. */
const EMPTY = { itemText: '', status: '' };
type ItemFilters = typeof EMPTY;

const isEnabled = (item: DictItemRecord) => Number(item.status ?? 1) !== 0;

function itemColumns(t: TFunction<'sysDict'>, extra: DataColumn<DictItemRecord>[]): DataColumn<DictItemRecord>[] {
  return [
    { id: 'itemText', header: t('item.field.itemText'), minWidth: '120px', cell: (item) => <Text fontWeight="medium">{item.itemText}</Text> },
    { id: 'itemTextEn', header: t('item.field.itemTextEn'), hideBelow: 'sm', cell: (item) => item.itemTextEn || '—' },
    monoColumn<DictItemRecord>('itemValue', t('item.field.itemValue'), (item) => item.itemValue, { sortable: true }),
    {
      id: 'itemColor',
      header: t('item.field.itemColor'),
      cell: (item) =>
        isDictColor(item.itemColor) ? (
          <Badge size="sm" variant="subtle" colorPalette={item.itemColor} data-testid="dict-item-color-badge">
            {item.title || item.itemText}
          </Badge>
        ) : (
          <Text color="fg.subtle">{'—'}</Text>
        ),
    },
    { id: 'sortOrder', header: t('item.field.sortOrder'), sortable: true, textAlign: 'end', cell: (item) => item.sortOrder ?? '—' },
    ...extra,
  ];
}

/** The items of one dictionary (opened from a dictionary row): search, add, edit, enable/disable, delete. */
export function DictItemsDrawer({ dict, onClose }: { dict: DictRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation('sysDict');
  return (
    <ListDrawer
      open={dict !== undefined}
      onClose={onClose}
      testId="dict-items-drawer"
      title={dict ? t('item.title', { name: dict.title || dict.dictName }) : null}
      subtitle={
        dict ? (
          <HStack gap="2">
            <Badge size="sm" variant="outline" fontFamily="mono">
              {dict.dictCode}
            </Badge>
            {dict.description ? (
              <Text textStyle="xs" color="fg.muted" truncate>
                {dict.description}
              </Text>
            ) : null}
          </HStack>
        ) : null
      }
    >
      {dict ? <ItemsPanel dict={dict} /> : null}
    </ListDrawer>
  );
}

function ItemsPanel({ dict }: { dict: DictRecord }) {
  const { t } = useTranslation('sysDict');
  const queryClient = useQueryClient();
  const form = useFormTarget<DictItemRecord>();
  const page = useListPage<DictItemRecord, ItemFilters>(DICT_ITEM_LIST_PATH, {
    emptyFilters: EMPTY,
    params: (filters) => ({ dictId: dict.id, ...filters }),
    defaultSort: { column: 'sortOrder', order: 'asc' },
    inUrl: false,
  });
  const { list } = page;

  const refreshItems = useInvalidateList(DICT_ITEM_LIST_PATH);
  // The item count of the dictionary list and the session's dictionaries change too.
  const afterChange = async () => {
    await queryClient.invalidateQueries({ queryKey: ['list', DICT_LIST_PATH] });
    void reloadClientDicts(queryClient);
  };
  const toggle = useStatusToggle<DictItemRecord>({
    permission: 'system:dict:edit',
    getId: (item) => item.id,
    change: (item, on) => editDictItem({ ...itemInput(item), status: on ? 1 : 0 }, true),
    message: (item, on) => (on ? t('item.enabled', { name: item.itemText }) : t('item.disabled', { name: item.itemText })),
    withServerMessage: true,
    listPath: DICT_ITEM_LIST_PATH,
    afterChange,
  });
  const remover = useDeleteRecords<DictItemRecord>({
    list,
    removeOne: (item) => deleteDictItem(item.id),
    title: t('item.deleteTitle'),
    describe: (item) => t('item.deleteDescription', { name: item.itemText }),
    testId: 'dict-item-delete-confirm',
    afterDelete: afterChange,
  });

  const nextSortOrder = list.rows.reduce((max, item) => Math.max(max, Number(item.sortOrder ?? 0)), 0) + 1;
  const columns = itemColumns(t, [
    statusSwitchColumn<DictItemRecord>({
      id: 'status',
      header: t('item.field.status'),
      toggle,
      isOn: isEnabled,
      labels: [t('status.enabled'), t('status.disabled')],
      ariaLabel: (item) => t('item.toggleStatus', { name: item.itemText }),
      testId: 'dict-item-status',
    }),
    // Items are part of the dictionary: its edit permission covers them.
    editDeleteColumn<DictItemRecord>('icon', { permission: { edit: 'system:dict:edit', delete: 'system:dict:edit' }, testId: 'dict-item', onEdit: form.edit, onDelete: remover.askDelete }),
  ]);

  return (
    <ListPage
      plain
      search={
        <ListSearchBar page={page} testId="dict-item-search">
          <FilterText page={page} name="itemText" label={t('item.field.itemText')} placeholder={t('item.textPlaceholder')} testId="dict-item-search-text" />
          <FilterSelect page={page} name="status" label={t('item.field.status')} options={labelled(['1', '0'], (status) => (status === '1' ? t('status.enabled') : t('status.disabled')))} allLabel={t('status.all')} testId="dict-item-search-status" />
        </ListSearchBar>
      }
      toolbar={<ListToolbar testIdPrefix="dict-item" add={{ action: 'system:dict:edit', label: t('item.add'), onClick: form.add }} />}
      dialogs={
        <>
          <DictItemFormDialog {...form.dialog} dictId={dict.id} nextSortOrder={nextSortOrder} onSaved={() => void refreshItems().then(afterChange)} />
          {remover.dialog}
        </>
      }
    >
      <ListTable
        list={list}
        columns={columns}
        getRowId={(item) => item.id}
        caption={t('item.caption')}
        testId="dict-item-table"
        emptyState={<ListEmpty icon={<SlidersIcon />} title={t('item.emptyTitle')} description={t('item.emptyDescription')} testId="dict-item-empty" />}
      />
    </ListPage>
  );
}

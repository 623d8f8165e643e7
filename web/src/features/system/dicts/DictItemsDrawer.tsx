import { Badge, Button, CloseButton, Drawer, EmptyState, Field, Flex, HStack, IconButton, Input, NativeSelect, Portal, Stack, Switch, Text, VStack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PencilIcon, PlusIcon, SlidersIcon, TrashIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { toaster } from '../../../components/ui/toaster';
import { useButtonState } from '../../../hooks/useButtonState';
import { useServerList } from '../../../hooks/useServerList';
import type { ButtonState } from '../../../core';
import { deleteDictItem, DICT_ITEM_LIST_PATH, DICT_LIST_PATH, editDictItem, isDictColor, itemInput, reloadClientDicts, type DictItemRecord, type DictRecord } from './api';
import { DictItemFormDialog } from './DictItemFormDialog';

type ItemFilters = {
  dictId: string;
  itemText: string;
  status: string;
};

const isEnabled = (item: DictItemRecord) => Number(item.status ?? 1) !== 0;

interface ColumnDeps {
  t: TFunction<'sysDict'>;
  editState: ButtonState;
  toggling: string | undefined;
  onToggle: (item: DictItemRecord, enabled: boolean) => void;
  onEdit: (item: DictItemRecord) => void;
  onDelete: (item: DictItemRecord) => void;
}

function itemColumns({ t, editState, toggling, onToggle, onEdit, onDelete }: ColumnDeps): DataColumn<DictItemRecord>[] {
  return [
    {
      id: 'itemText',
      header: t('item.field.itemText'),
      minWidth: '120px',
      cell: (item) => <Text fontWeight="medium">{item.itemText}</Text>,
    },
    { id: 'itemTextEn', header: t('item.field.itemTextEn'), hideBelow: 'sm', cell: (item) => item.itemTextEn || '—' },
    {
      id: 'itemValue',
      header: t('item.field.itemValue'),
      sortable: true,
      cell: (item) => (
        <Text fontFamily="mono" textStyle="sm">
          {item.itemValue}
        </Text>
      ),
    },
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
    {
      id: 'status',
      header: t('item.field.status'),
      cell: (item) =>
        editState === 'hidden' ? (
          <Badge size="sm" variant="subtle" colorPalette={isEnabled(item) ? 'green' : 'gray'}>
            {isEnabled(item) ? t('status.enabled') : t('status.disabled')}
          </Badge>
        ) : (
          <Switch.Root
            size="sm"
            colorPalette="green"
            checked={isEnabled(item)}
            disabled={editState === 'disabled' || toggling === item.id}
            onCheckedChange={(details) => onToggle(item, details.checked)}
            data-testid="dict-item-status"
          >
            <Switch.HiddenInput aria-label={t('item.toggleStatus', { name: item.itemText })} />
            <Switch.Control />
          </Switch.Root>
        ),
    },
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (item) => (
        <HStack gap="0.5">
          <Authorized action="system:dict:edit">
            <IconButton size="xs" variant="ghost" aria-label={t('action.edit', { ns: 'dataTable' })} title={t('action.edit', { ns: 'dataTable' })} onClick={() => onEdit(item)} data-testid="dict-item-edit">
              <PencilIcon />
            </IconButton>
          </Authorized>
          <Authorized action="system:dict:edit">
            <IconButton
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={t('action.delete', { ns: 'dataTable' })}
              title={t('action.delete', { ns: 'dataTable' })}
              onClick={() => onDelete(item)}
              data-testid="dict-item-delete"
            >
              <TrashIcon />
            </IconButton>
          </Authorized>
        </HStack>
      ),
    },
  ];
}

/** The items of one dictionary (opened from a dictionary row): search, add, edit, enable/disable, delete. */
export function DictItemsDrawer({ dict, onClose }: { dict: DictRecord | undefined; onClose: () => void }) {
  return (
    <Drawer.Root open={dict !== undefined} onOpenChange={(details) => (details.open ? undefined : onClose())} size={{ base: 'full', md: 'lg' }} lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="dict-items-drawer">{dict ? <ItemsPanel dict={dict} /> : null}</Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function ItemsPanel({ dict }: { dict: DictRecord }) {
  const { t } = useTranslation('sysDict');
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const editState = useButtonState('system:dict:edit');
  const empty: ItemFilters = { dictId: dict.id, itemText: '', status: '' };
  const [draft, setDraft] = useState<ItemFilters>(empty);
  const [filters, setFilters] = useState<ItemFilters>(empty);
  const [form, setForm] = useState<{ record?: DictItemRecord }>();
  const [toggling, setToggling] = useState<string>();
  const list = useServerList<DictItemRecord>(DICT_ITEM_LIST_PATH, filters, { defaultSort: { column: 'sortOrder', order: 'asc' } });

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['list', DICT_ITEM_LIST_PATH] });
    // The item count of the dictionary list changes too.
    await queryClient.invalidateQueries({ queryKey: ['list', DICT_LIST_PATH] });
    void reloadClientDicts(queryClient);
  };

  const toggle = async (item: DictItemRecord, enabled: boolean) => {
    setToggling(item.id);
    try {
      const envelope = await editDictItem({ ...itemInput(item), status: enabled ? 1 : 0 }, true);
      toaster.create({ type: 'success', title: enabled ? t('item.enabled', { name: item.itemText }) : t('item.disabled', { name: item.itemText }), description: envelope.message, duration: 3000 });
      await refresh();
    } catch {
      // The API client showed the notice; the switch keeps the stored state.
    } finally {
      setToggling(undefined);
    }
  };

  const askDelete = (item: DictItemRecord) =>
    confirm({
      title: t('item.deleteTitle'),
      description: t('item.deleteDescription', { name: item.itemText }),
      testId: 'dict-item-delete-confirm',
      onConfirm: async () => {
        const envelope = await deleteDictItem(item.id);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        await refresh();
      },
    });

  const nextSortOrder = list.rows.reduce((max, item) => Math.max(max, Number(item.sortOrder ?? 0)), 0) + 1;
  const columns = itemColumns({ t, editState, toggling, onToggle: (item, enabled) => void toggle(item, enabled), onEdit: (record) => setForm({ record }), onDelete: askDelete });

  return (
    <>
      <Drawer.Header>
        <Stack gap="1" minWidth="0">
          <Drawer.Title>{t('item.title', { name: dict.title || dict.dictName })}</Drawer.Title>
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
        </Stack>
      </Drawer.Header>
      <Drawer.Body>
        <Stack gap="4">
          <SearchBar
            card={false}
            onSearch={() => setFilters({ ...draft, dictId: dict.id })}
            onReset={() => {
              setDraft(empty);
              setFilters(empty);
            }}
            loading={list.loading}
            visibleOnPhone={2}
            testId="dict-item-search"
          >
            <Field.Root>
              <Field.Label>{t('item.field.itemText')}</Field.Label>
              <Input size="sm" value={draft.itemText} onChange={(event) => setDraft({ ...draft, itemText: event.currentTarget.value })} placeholder={t('item.textPlaceholder')} data-testid="dict-item-search-text" />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('item.field.status')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.currentTarget.value })} data-testid="dict-item-search-status">
                  <option value="">{t('status.all')}</option>
                  <option value="1">{t('status.enabled')}</option>
                  <option value="0">{t('status.disabled')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </SearchBar>
          <Flex>
            <Authorized action="system:dict:edit">
              <Button size="sm" onClick={() => setForm({})} data-testid="dict-item-add">
                <PlusIcon />
                {t('item.add')}
              </Button>
            </Authorized>
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
            getRowId={(item) => item.id}
            caption={t('item.caption')}
            testId="dict-item-table"
            emptyState={
              <EmptyState.Root size="sm" data-testid="dict-item-empty">
                <EmptyState.Content>
                  <EmptyState.Indicator>
                    <SlidersIcon />
                  </EmptyState.Indicator>
                  <VStack textAlign="center" gap="1">
                    <EmptyState.Title>{t('item.emptyTitle')}</EmptyState.Title>
                    <EmptyState.Description>{t('item.emptyDescription')}</EmptyState.Description>
                  </VStack>
                </EmptyState.Content>
              </EmptyState.Root>
            }
          />
        </Stack>
      </Drawer.Body>
      <Drawer.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Drawer.CloseTrigger>
      <DictItemFormDialog
        open={form !== undefined}
        onOpenChange={(open) => (open ? undefined : setForm(undefined))}
        dictId={dict.id}
        record={form?.record}
        nextSortOrder={nextSortOrder}
        onSaved={() => void refresh()}
      />
      {dialog}
    </>
  );
}

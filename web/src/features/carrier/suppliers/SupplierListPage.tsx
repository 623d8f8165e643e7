import { Badge, Box, Button, Card, Field, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { DownloadIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { toaster } from '../../../components/ui/toaster';
import { useRequireSelection } from '../../../hooks/useRequireSelection';
import { useServerList } from '../../../hooks/useServerList';
import { datedFilename, exportAll, type CsvColumn } from '../../../lib/export';
import { isOneOf, statusOptions } from '../shared/filters';
import { OptionSelect } from '../shared/OptionSelect';
import { StatusBadge } from '../shared/StatusBadge';
import { API_TYPES, deleteSuppliers, SUPPLIER_LIST_PATH, supplierKeys, type SupplierRecord } from './api';
import { SupplierFormDialog } from './SupplierFormDialog';

/** A type alias (not an interface) so that it fits the list's filter record. */
type Filters = {
  keyWord: string;
  status: string;
};

const EMPTY: Filters = { keyWord: '', status: '' };

type T = TFunction<'carrierSupplier'>;

const apiTypeLabel = (t: T, value: string | null | undefined) => (isOneOf(API_TYPES, value) ? t(`apiType.${value}`) : (value ?? ''));
const statusLabel = (t: T, status: number) => (Number(status) === 1 ? t('status.1') : t('status.0'));

interface ColumnDeps {
  t: T;
  onEdit: (record: SupplierRecord) => void;
  onDelete: (record: SupplierRecord) => void;
}

function supplierColumns({ t, onEdit, onDelete }: ColumnDeps): DataColumn<SupplierRecord>[] {
  return [
    {
      id: 'code',
      header: t('field.code'),
      sortable: true,
      cell: (row) => (
        <Text fontFamily="mono" textStyle="sm" fontWeight="medium">
          {row.code}
        </Text>
      ),
    },
    {
      id: 'name',
      header: t('field.name'),
      sortable: true,
      minWidth: '160px',
      cell: (row) => (
        <Box>
          <Text>{row.name}</Text>
          {row.nameEn ? (
            <Text textStyle="xs" color="fg.muted">
              {row.nameEn}
            </Text>
          ) : null}
        </Box>
      ),
    },
    {
      id: 'contact',
      header: t('field.contact'),
      hideBelow: 'md',
      cell: (row) =>
        row.contact || row.phone ? (
          <Box>
            <Text>{row.contact || '—'}</Text>
            {row.phone ? (
              <Text textStyle="xs" color="fg.muted">
                {row.phone}
              </Text>
            ) : null}
          </Box>
        ) : (
          '—'
        ),
    },
    { id: 'email', header: t('field.email'), hideBelow: 'lg', cell: (row) => row.email || '—' },
    {
      id: 'apiType',
      header: t('field.apiType'),
      hideBelow: 'sm',
      cell: (row) =>
        row.apiType ? (
          <Badge size="sm" variant="subtle" colorPalette="purple">
            {apiTypeLabel(t, row.apiType)}
          </Badge>
        ) : (
          '—'
        ),
    },
    { id: 'status', header: t('field.status'), cell: (row) => <StatusBadge active={Number(row.status) === 1} label={statusLabel(t, row.status)} /> },
    { id: 'createTime', header: t('field.createTime'), sortable: true, hideBelow: 'md' },
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (row) => (
        <HStack gap="1">
          <Authorized action="logistics:supplier:edit">
            <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => onEdit(row)} data-testid="supplier-edit">
              {t('action.edit', { ns: 'dataTable' })}
            </Button>
          </Authorized>
          <Authorized action="logistics:supplier:delete">
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onDelete(row)} data-testid="supplier-delete">
              {t('action.delete', { ns: 'dataTable' })}
            </Button>
          </Authorized>
        </HStack>
      ),
    },
  ];
}

/** Suppliers (carriers) of the tenant: search, paging, sort, add/edit, delete, batch delete and CSV export. */
export default function SupplierListPage() {
  const { t } = useTranslation('carrierSupplier');
  const queryClient = useQueryClient();
  const requireSelection = useRequireSelection();
  const { confirm, dialog } = useConfirm();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [form, setForm] = useState<{ record?: SupplierRecord }>();
  const [exporting, setExporting] = useState(false);
  const list = useServerList<SupplierRecord>(SUPPLIER_LIST_PATH, filters, { defaultSort: { column: 'createTime', order: 'desc' } });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['list', SUPPLIER_LIST_PATH] });
    await queryClient.invalidateQueries({ queryKey: supplierKeys.options });
  };

  const askDelete = (record: SupplierRecord) =>
    confirm({
      title: t('delete.title'),
      description: t('delete.description', { name: `${record.code} ${record.name}` }),
      testId: 'supplier-delete-confirm',
      onConfirm: async () => {
        const envelope = await deleteSuppliers([record.id]);
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
      testId: 'supplier-delete-confirm',
      onConfirm: async () => {
        const envelope = await deleteSuppliers(ids);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        list.clearSelection();
        await refresh();
      },
    });
  };

  const exportCsv = async () => {
    const csvColumns: CsvColumn<SupplierRecord>[] = [
      { header: t('field.code'), value: (row) => row.code },
      { header: t('field.name'), value: (row) => row.name },
      { header: t('field.nameEn'), value: (row) => row.nameEn },
      { header: t('field.contact'), value: (row) => row.contact },
      { header: t('field.phone'), value: (row) => row.phone },
      { header: t('field.email'), value: (row) => row.email },
      { header: t('field.apiType'), value: (row) => (row.apiType ? apiTypeLabel(t, row.apiType) : '') },
      { header: t('field.status'), value: (row) => statusLabel(t, row.status) },
      { header: t('field.remark'), value: (row) => row.remark },
      { header: t('field.createTime'), value: (row) => row.createTime },
    ];
    setExporting(true);
    try {
      await exportAll(SUPPLIER_LIST_PATH, filters, csvColumns, { filename: datedFilename(t('exportName')), sort: list.sort });
    } catch {
      // The export toast and the API notice said why.
    } finally {
      setExporting(false);
    }
  };

  const columns = supplierColumns({ t, onEdit: (record) => setForm({ record }), onDelete: askDelete });

  return (
    <Stack gap="4" data-testid="supplier-page">
      <SearchBar
        onSearch={() => setFilters(draft)}
        onReset={() => {
          setDraft(EMPTY);
          setFilters(EMPTY);
        }}
        loading={list.loading}
        testId="supplier-search"
      >
        <Field.Root>
          <Field.Label>{t('filter.keyWord')}</Field.Label>
          <Input size="sm" value={draft.keyWord} onChange={(event) => setDraft({ ...draft, keyWord: event.currentTarget.value })} placeholder={t('filter.keyWordPlaceholder')} data-testid="supplier-search-keyword" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('filter.status')}</Field.Label>
          <OptionSelect
            options={statusOptions((status) => t(`status.${status}`))}
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.currentTarget.value })}
            placeholder={t('filter.all')}
            data-testid="supplier-search-status"
          />
        </Field.Root>
      </SearchBar>
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="4">
            <Flex gap="2" wrap="wrap" align="center">
              <Authorized action="logistics:supplier:add">
                <Button size="sm" onClick={() => setForm({})} data-testid="supplier-add">
                  <PlusIcon />
                  {t('add')}
                </Button>
              </Authorized>
              <Authorized action="logistics:supplier:delete">
                <Button size="sm" variant="outline" colorPalette="red" onClick={askBatchDelete} data-testid="supplier-batch-delete">
                  <TrashIcon />
                  {t('action.batchDelete', { ns: 'dataTable' })}
                </Button>
              </Authorized>
              <Box flex="1" />
              <Button size="sm" variant="outline" loading={exporting} onClick={() => void exportCsv()} data-testid="supplier-export">
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
              testId="supplier-table"
            />
          </Stack>
        </Card.Body>
      </Card.Root>
      <SupplierFormDialog open={form !== undefined} onOpenChange={(open) => (open ? undefined : setForm(undefined))} record={form?.record} onSaved={() => void refresh()} />
      {dialog}
    </Stack>
  );
}

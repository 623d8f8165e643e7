import { Badge, Box, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { isOneOf, statusOptions } from '../../../components/form/options';
import { codeColumn, nameColumn } from '../../../components/list/columns';
import { actionsColumn, FilterSelect, FilterText, ListPage, ListSearchBar, ListTable, ListToolbar, useCsvExport, useDeleteRecords, useListPage } from '../../../components/list';
import { StatusBadge } from '../../../components/StatusBadge';
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
    codeColumn(t('field.code')),
    nameColumn(t('field.name')),
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
    actionsColumn<SupplierRecord>('text', (row) => [
      { kind: 'edit', action: 'logistics:supplier:edit', onClick: () => onEdit(row), testId: 'supplier-edit' },
      { kind: 'delete', action: 'logistics:supplier:delete', onClick: () => onDelete(row), testId: 'supplier-delete' },
    ]),
  ];
}

/** Suppliers (carriers) of the tenant: search, paging, sort, add/edit, delete, batch delete and CSV export. */
export default function SupplierListPage() {
  const { t } = useTranslation('carrierSupplier');
  const queryClient = useQueryClient();
  const [form, setForm] = useState<{ record?: SupplierRecord }>();
  const page = useListPage<SupplierRecord, Filters>(SUPPLIER_LIST_PATH, { emptyFilters: EMPTY, defaultSort: { column: 'createTime', order: 'desc' } });
  const { list } = page;
  const refreshOptions = () => queryClient.invalidateQueries({ queryKey: supplierKeys.options });
  const remover = useDeleteRecords<SupplierRecord>({
    list,
    remove: deleteSuppliers,
    title: t('delete.title'),
    describe: (record) => t('delete.description', { name: `${record.code} ${record.name}` }),
    describeBatch: (count) => t('delete.batchDescription', { count }),
    testId: 'supplier-delete-confirm',
    afterDelete: refreshOptions,
  });
  const exporter = useCsvExport<SupplierRecord>({
    path: SUPPLIER_LIST_PATH,
    filters: page.filters,
    sort: list.sort,
    filename: t('exportName'),
    columns: () => [
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
    ],
  });

  const columns = supplierColumns({ t, onEdit: (record) => setForm({ record }), onDelete: remover.askDelete });

  return (
    <ListPage
      testId="supplier-page"
      search={
        <ListSearchBar page={page} testId="supplier-search">
          <FilterText page={page} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="supplier-search-keyword" />
          <FilterSelect page={page} name="status" label={t('filter.status')} options={statusOptions((status) => t(`status.${status}`))} allLabel={t('filter.all')} testId="supplier-search-status" />
        </ListSearchBar>
      }
      toolbar={
        <ListToolbar
          testIdPrefix="supplier"
          add={{ action: 'logistics:supplier:add', label: t('add'), onClick: () => setForm({}) }}
          batchDelete={{ action: 'logistics:supplier:delete', onClick: remover.askBatchDelete }}
          exporter={exporter}
        />
      }
      dialogs={
        <>
          <SupplierFormDialog open={form !== undefined} onOpenChange={(open) => (open ? undefined : setForm(undefined))} record={form?.record} onSaved={() => void refreshOptions()} />
          {remover.dialog}
        </>
      }
    >
      <ListTable list={list} selectable columns={columns} getRowId={(row) => row.id} caption={t('caption')} testId="supplier-table" />
    </ListPage>
  );
}

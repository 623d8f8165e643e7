import { Badge, Box, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { codeColumn, nameColumn } from '../../../components/list/columns';
import { actionsColumn, FilterSelect, FilterText, ListPage, ListSearchBar, ListTable, ListToolbar, useCsvExport, useDeleteRecords, useListPage } from '../../../components/list';
import { statusOptions } from '../../../components/form/options';
import { StatusBadge } from '../../../components/StatusBadge';
import { supplierLabel, useSupplierOptions, type SupplierRecord } from '../suppliers/api';
import { CHANNEL_LIST_PATH, channelKeys, deleteChannels, transTypeLabel, type ChannelRecord } from './api';
import { ChannelFormDialog } from './ChannelFormDialog';

/** A type alias (not an interface) so that it fits the list's filter record. */
type Filters = {
  supplierId: string;
  keyWord: string;
  status: string;
};

const EMPTY: Filters = { supplierId: '', keyWord: '', status: '' };

type T = TFunction<'carrierChannel'>;

const statusLabel = (t: T, status: number) => (Number(status) === 1 ? t('status.1') : t('status.0'));

interface ColumnDeps {
  t: T;
  suppliers: Map<string, SupplierRecord>;
  onEdit: (record: ChannelRecord) => void;
  onDelete: (record: ChannelRecord) => void;
}

function channelColumns({ t, suppliers, onEdit, onDelete }: ColumnDeps): DataColumn<ChannelRecord>[] {
  return [
    codeColumn(t('field.code')),
    nameColumn(t('field.name')),
    {
      id: 'supplierId',
      header: t('field.supplier'),
      hideBelow: 'sm',
      cell: (row) => {
        const supplier = suppliers.get(row.supplierId);
        return supplier ? (
          <Box>
            <Text fontFamily="mono" textStyle="sm">
              {supplier.code}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {supplier.title || supplier.name}
            </Text>
          </Box>
        ) : (
          <Text color="fg.muted">{row.supplierId}</Text>
        );
      },
    },
    {
      id: 'transType',
      header: t('field.transType'),
      hideBelow: 'md',
      cell: (row) =>
        row.transType ? (
          <Badge size="sm" variant="subtle" colorPalette="cyan">
            {transTypeLabel(t, row.transType)}
          </Badge>
        ) : (
          '—'
        ),
    },
    { id: 'status', header: t('field.status'), cell: (row) => <StatusBadge active={Number(row.status) === 1} label={statusLabel(t, row.status)} /> },
    { id: 'createTime', header: t('field.createTime'), sortable: true, hideBelow: 'lg' },
    actionsColumn<ChannelRecord>('text', (row) => [
      { kind: 'edit', action: 'logistics:channel:edit', onClick: () => onEdit(row), testId: 'channel-edit' },
      { kind: 'delete', action: 'logistics:channel:delete', onClick: () => onDelete(row), testId: 'channel-delete' },
    ]),
  ];
}

/** Channels of the tenant's suppliers: filter by supplier, paging, sort, add/edit, delete and CSV export. */
export default function ChannelListPage() {
  const { t } = useTranslation('carrierChannel');
  const queryClient = useQueryClient();
  const [form, setForm] = useState<{ record?: ChannelRecord }>();
  const suppliers = useSupplierOptions();
  const supplierById = useMemo(() => new Map((suppliers.data ?? []).map((supplier) => [supplier.id, supplier])), [suppliers.data]);
  const supplierChoices = (suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplierLabel(supplier) }));
  const page = useListPage<ChannelRecord, Filters>(CHANNEL_LIST_PATH, { emptyFilters: EMPTY, defaultSort: { column: 'createTime', order: 'desc' } });
  const { list } = page;
  const refreshOptions = () => queryClient.invalidateQueries({ queryKey: channelKeys.options });
  const remover = useDeleteRecords<ChannelRecord>({
    list,
    remove: deleteChannels,
    title: t('delete.title'),
    describe: (record) => t('delete.description', { name: `${record.code} ${record.name}` }),
    describeBatch: (count) => t('delete.batchDescription', { count }),
    testId: 'channel-delete-confirm',
    afterDelete: refreshOptions,
  });

  const supplierOf = (row: ChannelRecord) => supplierById.get(row.supplierId);
  const exporter = useCsvExport<ChannelRecord>({
    path: CHANNEL_LIST_PATH,
    filters: page.filters,
    sort: list.sort,
    filename: t('exportName'),
    columns: () => [
      { header: t('field.code'), value: (row) => row.code },
      { header: t('field.name'), value: (row) => row.name },
      { header: t('field.nameEn'), value: (row) => row.nameEn },
      { header: t('field.supplierCode'), value: (row) => supplierOf(row)?.code ?? row.supplierId },
      { header: t('field.supplier'), value: (row) => supplierOf(row)?.name ?? '' },
      { header: t('field.transType'), value: (row) => transTypeLabel(t, row.transType) },
      { header: t('field.status'), value: (row) => statusLabel(t, row.status) },
      { header: t('field.remark'), value: (row) => row.remark },
      { header: t('field.createTime'), value: (row) => row.createTime },
    ],
  });

  const columns = channelColumns({ t, suppliers: supplierById, onEdit: (record) => setForm({ record }), onDelete: remover.askDelete });

  return (
    <ListPage
      testId="channel-page"
      search={
        <ListSearchBar page={page} visibleOnPhone={2} testId="channel-search">
          {/* A supplier is a quick filter: it applies at once. */}
          <FilterSelect page={page} name="supplierId" immediate label={t('filter.supplier')} options={supplierChoices} allLabel={t('filter.allSuppliers')} loading={suppliers.isPending} testId="channel-search-supplier" />
          <FilterText page={page} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="channel-search-keyword" />
          <FilterSelect page={page} name="status" label={t('filter.status')} options={statusOptions((status) => t(`status.${status}`))} allLabel={t('filter.all')} testId="channel-search-status" />
        </ListSearchBar>
      }
      toolbar={
        <ListToolbar
          testIdPrefix="channel"
          add={{ action: 'logistics:channel:add', label: t('add'), onClick: () => setForm({}) }}
          batchDelete={{ action: 'logistics:channel:delete', onClick: remover.askBatchDelete }}
          exporter={exporter}
        />
      }
      dialogs={
        <>
          <ChannelFormDialog
            open={form !== undefined}
            onOpenChange={(open) => (open ? undefined : setForm(undefined))}
            record={form?.record}
            supplierId={page.filters.supplierId}
            onSaved={() => void refreshOptions()}
          />
          {remover.dialog}
        </>
      }
    >
      <ListTable list={list} selectable columns={columns} getRowId={(row) => row.id} caption={t('caption')} testId="channel-table" />
    </ListPage>
  );
}

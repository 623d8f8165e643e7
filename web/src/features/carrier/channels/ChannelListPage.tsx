import { Badge, Box, Button, Card, Field, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
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
import { statusOptions } from '../shared/filters';
import { OptionSelect } from '../shared/OptionSelect';
import { StatusBadge } from '../shared/StatusBadge';
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
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (row) => (
        <HStack gap="1">
          <Authorized action="logistics:channel:edit">
            <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => onEdit(row)} data-testid="channel-edit">
              {t('action.edit', { ns: 'dataTable' })}
            </Button>
          </Authorized>
          <Authorized action="logistics:channel:delete">
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onDelete(row)} data-testid="channel-delete">
              {t('action.delete', { ns: 'dataTable' })}
            </Button>
          </Authorized>
        </HStack>
      ),
    },
  ];
}

/** Channels of the tenant's suppliers: filter by supplier, paging, sort, add/edit, delete and CSV export. */
export default function ChannelListPage() {
  const { t } = useTranslation('carrierChannel');
  const queryClient = useQueryClient();
  const requireSelection = useRequireSelection();
  const { confirm, dialog } = useConfirm();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [form, setForm] = useState<{ record?: ChannelRecord }>();
  const [exporting, setExporting] = useState(false);
  const suppliers = useSupplierOptions();
  const supplierById = useMemo(() => new Map((suppliers.data ?? []).map((supplier) => [supplier.id, supplier])), [suppliers.data]);
  const supplierChoices = (suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplierLabel(supplier) }));
  const list = useServerList<ChannelRecord>(CHANNEL_LIST_PATH, filters, { defaultSort: { column: 'createTime', order: 'desc' } });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['list', CHANNEL_LIST_PATH] });
    await queryClient.invalidateQueries({ queryKey: channelKeys.options });
  };

  const askDelete = (record: ChannelRecord) =>
    confirm({
      title: t('delete.title'),
      description: t('delete.description', { name: `${record.code} ${record.name}` }),
      testId: 'channel-delete-confirm',
      onConfirm: async () => {
        const envelope = await deleteChannels([record.id]);
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
      testId: 'channel-delete-confirm',
      onConfirm: async () => {
        const envelope = await deleteChannels(ids);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        list.clearSelection();
        await refresh();
      },
    });
  };

  const supplierOf = (row: ChannelRecord) => supplierById.get(row.supplierId);
  const exportCsv = async () => {
    const csvColumns: CsvColumn<ChannelRecord>[] = [
      { header: t('field.code'), value: (row) => row.code },
      { header: t('field.name'), value: (row) => row.name },
      { header: t('field.nameEn'), value: (row) => row.nameEn },
      { header: t('field.supplierCode'), value: (row) => supplierOf(row)?.code ?? row.supplierId },
      { header: t('field.supplier'), value: (row) => supplierOf(row)?.name ?? '' },
      { header: t('field.transType'), value: (row) => transTypeLabel(t, row.transType) },
      { header: t('field.status'), value: (row) => statusLabel(t, row.status) },
      { header: t('field.remark'), value: (row) => row.remark },
      { header: t('field.createTime'), value: (row) => row.createTime },
    ];
    setExporting(true);
    try {
      await exportAll(CHANNEL_LIST_PATH, filters, csvColumns, { filename: datedFilename(t('exportName')), sort: list.sort });
    } catch {
      // The export toast and the API notice said why.
    } finally {
      setExporting(false);
    }
  };

  const columns = channelColumns({ t, suppliers: supplierById, onEdit: (record) => setForm({ record }), onDelete: askDelete });

  return (
    <Stack gap="4" data-testid="channel-page">
      <SearchBar
        onSearch={() => setFilters(draft)}
        onReset={() => {
          setDraft(EMPTY);
          setFilters(EMPTY);
        }}
        loading={list.loading}
        visibleOnPhone={2}
        testId="channel-search"
      >
        <Field.Root>
          <Field.Label>{t('filter.supplier')}</Field.Label>
          <OptionSelect
            options={supplierChoices}
            value={draft.supplierId}
            onChange={(event) => {
              // A supplier is a quick filter: it applies at once.
              const next = { ...draft, supplierId: event.currentTarget.value };
              setDraft(next);
              setFilters(next);
            }}
            placeholder={t('filter.allSuppliers')}
            loading={suppliers.isPending}
            data-testid="channel-search-supplier"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('filter.keyWord')}</Field.Label>
          <Input size="sm" value={draft.keyWord} onChange={(event) => setDraft({ ...draft, keyWord: event.currentTarget.value })} placeholder={t('filter.keyWordPlaceholder')} data-testid="channel-search-keyword" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('filter.status')}</Field.Label>
          <OptionSelect
            options={statusOptions((status) => t(`status.${status}`))}
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.currentTarget.value })}
            placeholder={t('filter.all')}
            data-testid="channel-search-status"
          />
        </Field.Root>
      </SearchBar>
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="4">
            <Flex gap="2" wrap="wrap" align="center">
              <Authorized action="logistics:channel:add">
                <Button size="sm" onClick={() => setForm({})} data-testid="channel-add">
                  <PlusIcon />
                  {t('add')}
                </Button>
              </Authorized>
              <Authorized action="logistics:channel:delete">
                <Button size="sm" variant="outline" colorPalette="red" onClick={askBatchDelete} data-testid="channel-batch-delete">
                  <TrashIcon />
                  {t('action.batchDelete', { ns: 'dataTable' })}
                </Button>
              </Authorized>
              <Box flex="1" />
              <Button size="sm" variant="outline" loading={exporting} onClick={() => void exportCsv()} data-testid="channel-export">
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
              testId="channel-table"
            />
          </Stack>
        </Card.Body>
      </Card.Root>
      <ChannelFormDialog
        open={form !== undefined}
        onOpenChange={(open) => (open ? undefined : setForm(undefined))}
        record={form?.record}
        supplierId={filters.supplierId}
        onSaved={() => void refresh()}
      />
      {dialog}
    </Stack>
  );
}

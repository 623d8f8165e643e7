import { Box, Button, Card, Field, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PlusIcon, TrashIcon } from '../../../components/icons';
import { SearchBar } from '../../../components/SearchBar';
import { toaster } from '../../../components/ui/toaster';
import { useRequireSelection } from '../../../hooks/useRequireSelection';
import { useServerList } from '../../../hooks/useServerList';
import { RemoteSelect } from '../shared/RemoteSelect';
import { StatusBadge } from '../shared/StatusBadge';
import { deletePriceLevels, formatMarkup, PRICE_LEVEL_LIST_PATH, searchCustomers, searchProducts, type PriceLevelRecord } from './api';
import { PriceLevelFormDialog } from './PriceLevelFormDialog';

/** A type alias (not an interface) so that it fits the list's filter record. */
type Filters = {
  customerId: string;
  productId: string;
  keyWord: string;
};

const EMPTY: Filters = { customerId: '', productId: '', keyWord: '' };

type T = TFunction<'carrierPriceLevel'>;

const markupColor = (markup: string) => {
  const value = Number(markup);
  return value > 0 ? 'orange.fg' : value < 0 ? 'green.fg' : 'fg.muted';
};

const describe = (record: PriceLevelRecord) => `${record.customerName || record.customerId} / ${record.productCode || record.productId}`;

interface ColumnDeps {
  t: T;
  onEdit: (record: PriceLevelRecord) => void;
  onDelete: (record: PriceLevelRecord) => void;
}

function priceLevelColumns({ t, onEdit, onDelete }: ColumnDeps): DataColumn<PriceLevelRecord>[] {
  return [
    { id: 'customerName', header: t('field.customer'), minWidth: '140px', cell: (row) => <Text>{row.customerName || row.customerId}</Text> },
    {
      id: 'product',
      header: t('field.product'),
      minWidth: '160px',
      cell: (row) => (
        <Box>
          <Text fontFamily="mono" textStyle="sm">
            {row.productCode || row.productId}
          </Text>
          {row.productName ? (
            <Text textStyle="xs" color="fg.muted">
              {row.productName}
            </Text>
          ) : null}
        </Box>
      ),
    },
    {
      id: 'markupPercent',
      header: t('field.markupPercent'),
      sortable: true,
      textAlign: 'end',
      cell: (row) => (
        <Text fontFamily="mono" fontWeight="medium" color={markupColor(row.markupPercent)} title={Number(row.markupPercent) < 0 ? t('list.discount') : Number(row.markupPercent) > 0 ? t('list.markup') : undefined}>
          {formatMarkup(row.markupPercent)}
        </Text>
      ),
    },
    { id: 'enabled', header: t('field.enabled'), cell: (row) => <StatusBadge active={row.enabled} label={row.enabled ? t('enabled.true') : t('enabled.false')} /> },
    { id: 'createTime', header: t('field.createTime'), sortable: true, hideBelow: 'md' },
    {
      id: 'actions',
      header: t('action.actions', { ns: 'dataTable' }),
      sticky: true,
      cell: (row) => (
        <HStack gap="1">
          <Authorized action="logistics:priceLevel:edit">
            <Button size="xs" variant="ghost" colorPalette="blue" onClick={() => onEdit(row)} data-testid="price-level-edit">
              {t('action.edit', { ns: 'dataTable' })}
            </Button>
          </Authorized>
          <Authorized action="logistics:priceLevel:delete">
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onDelete(row)} data-testid="price-level-delete">
              {t('action.delete', { ns: 'dataTable' })}
            </Button>
          </Authorized>
        </HStack>
      ),
    },
  ];
}

/** Customers' price levels: filter by customer and product, add/edit, delete. */
export default function PriceLevelListPage() {
  const { t } = useTranslation('carrierPriceLevel');
  const queryClient = useQueryClient();
  const requireSelection = useRequireSelection();
  const { confirm, dialog } = useConfirm();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [form, setForm] = useState<{ record?: PriceLevelRecord }>();
  const list = useServerList<PriceLevelRecord>(PRICE_LEVEL_LIST_PATH, filters, { defaultSort: { column: 'createTime', order: 'desc' } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['list', PRICE_LEVEL_LIST_PATH] });

  const askDelete = (record: PriceLevelRecord) =>
    confirm({
      title: t('delete.title'),
      description: t('delete.description', { name: describe(record) }),
      testId: 'price-level-delete-confirm',
      onConfirm: async () => {
        const envelope = await deletePriceLevels([record.id]);
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
      testId: 'price-level-delete-confirm',
      onConfirm: async () => {
        const envelope = await deletePriceLevels(ids);
        toaster.create({ type: 'success', title: envelope.message, duration: 3000 });
        list.clearSelection();
        await refresh();
      },
    });
  };

  const columns = priceLevelColumns({ t, onEdit: (record) => setForm({ record }), onDelete: askDelete });

  return (
    <Stack gap="4" data-testid="price-level-page">
      <SearchBar
        onSearch={() => setFilters(draft)}
        onReset={() => {
          setDraft(EMPTY);
          setFilters(EMPTY);
        }}
        loading={list.loading}
        visibleOnPhone={2}
        testId="price-level-search"
      >
        <Field.Root>
          <Field.Label>{t('filter.customer')}</Field.Label>
          <RemoteSelect
            value={draft.customerId}
            onChange={(option) => setDraft((current) => ({ ...current, customerId: option?.value ?? '' }))}
            search={searchCustomers}
            queryKey={['carrier', 'priceLevel', 'customers']}
            placeholder={t('filter.customerPlaceholder')}
            aria-label={t('filter.customer')}
            data-testid="price-level-search-customer"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('filter.product')}</Field.Label>
          <RemoteSelect
            value={draft.productId}
            onChange={(option) => setDraft((current) => ({ ...current, productId: option?.value ?? '' }))}
            search={searchProducts}
            queryKey={['carrier', 'priceLevel', 'products']}
            placeholder={t('filter.productPlaceholder')}
            aria-label={t('filter.product')}
            data-testid="price-level-search-product"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('filter.keyWord')}</Field.Label>
          <Input size="sm" value={draft.keyWord} onChange={(event) => setDraft({ ...draft, keyWord: event.currentTarget.value })} placeholder={t('filter.keyWordPlaceholder')} data-testid="price-level-search-keyword" />
        </Field.Root>
      </SearchBar>
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="4">
            <Flex gap="2" wrap="wrap" align="center">
              <Authorized action="logistics:priceLevel:add">
                <Button size="sm" onClick={() => setForm({})} data-testid="price-level-add">
                  <PlusIcon />
                  {t('add')}
                </Button>
              </Authorized>
              <Authorized action="logistics:priceLevel:delete">
                <Button size="sm" variant="outline" colorPalette="red" onClick={askBatchDelete} data-testid="price-level-batch-delete">
                  <TrashIcon />
                  {t('action.batchDelete', { ns: 'dataTable' })}
                </Button>
              </Authorized>
              <Box flex="1" />
              <Text textStyle="xs" color="fg.muted" hideBelow="md">
                {t('list.legend')}
              </Text>
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
              testId="price-level-table"
            />
          </Stack>
        </Card.Body>
      </Card.Root>
      <PriceLevelFormDialog open={form !== undefined} onOpenChange={(open) => (open ? undefined : setForm(undefined))} record={form?.record} onSaved={() => void refresh()} />
      {dialog}
    </Stack>
  );
}

import { Box, Field, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { actionsColumn, FilterText, ListPage, ListSearchBar, ListTable, ListToolbar, useDeleteRecords, useListPage } from '../../../components/list';
import { RemoteSelect } from '../../../components/form/RemoteSelect';
import { StatusBadge } from '../../../components/StatusBadge';
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
    actionsColumn<PriceLevelRecord>('text', (row) => [
      { kind: 'edit', action: 'logistics:priceLevel:edit', onClick: () => onEdit(row), testId: 'price-level-edit' },
      { kind: 'delete', action: 'logistics:priceLevel:delete', onClick: () => onDelete(row), testId: 'price-level-delete' },
    ]),
  ];
}

/** Customers' price levels: filter by customer and product, add/edit, delete. */
export default function PriceLevelListPage() {
  const { t } = useTranslation('carrierPriceLevel');
  const [form, setForm] = useState<{ record?: PriceLevelRecord }>();
  const page = useListPage<PriceLevelRecord, Filters>(PRICE_LEVEL_LIST_PATH, { emptyFilters: EMPTY, defaultSort: { column: 'createTime', order: 'desc' } });
  const { list } = page;
  const remover = useDeleteRecords<PriceLevelRecord>({
    list,
    remove: deletePriceLevels,
    title: t('delete.title'),
    describe: (record) => t('delete.description', { name: describe(record) }),
    describeBatch: (count) => t('delete.batchDescription', { count }),
    testId: 'price-level-delete-confirm',
  });

  const columns = priceLevelColumns({ t, onEdit: (record) => setForm({ record }), onDelete: remover.askDelete });

  return (
    <ListPage
      testId="price-level-page"
      search={
        <ListSearchBar page={page} visibleOnPhone={2} testId="price-level-search">
          <Field.Root>
            <Field.Label>{t('filter.customer')}</Field.Label>
            <RemoteSelect
              value={page.draft.customerId}
              onChange={(option) => page.setDraftValue('customerId', option?.value ?? '')}
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
              value={page.draft.productId}
              onChange={(option) => page.setDraftValue('productId', option?.value ?? '')}
              search={searchProducts}
              queryKey={['carrier', 'priceLevel', 'products']}
              placeholder={t('filter.productPlaceholder')}
              aria-label={t('filter.product')}
              data-testid="price-level-search-product"
            />
          </Field.Root>
          <FilterText page={page} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="price-level-search-keyword" />
        </ListSearchBar>
      }
      toolbar={
        <ListToolbar
          testIdPrefix="price-level"
          add={{ action: 'logistics:priceLevel:add', label: t('add'), onClick: () => setForm({}) }}
          batchDelete={{ action: 'logistics:priceLevel:delete', onClick: remover.askBatchDelete }}
          end={
            <Text textStyle="xs" color="fg.muted" hideBelow="md">
              {t('list.legend')}
            </Text>
          }
        />
      }
      dialogs={
        <>
          <PriceLevelFormDialog open={form !== undefined} onOpenChange={(open) => (open ? undefined : setForm(undefined))} record={form?.record} />
          {remover.dialog}
        </>
      }
    >
      <ListTable list={list} selectable columns={columns} getRowId={(row) => row.id} caption={t('caption')} testId="price-level-table" />
    </ListPage>
  );
}

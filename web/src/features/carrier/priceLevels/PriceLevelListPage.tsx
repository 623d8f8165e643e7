import { Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { createTimeColumn, CrudListPage, editDeleteColumn, FilterRemote, FilterText, statusColumn, TwoLines, useCrudList, type CrudList } from '../../../components/list';
import { deletePriceLevels, formatMarkup, PRICE_LEVEL_LIST_PATH, searchCustomers, searchProducts, type PriceLevelRecord } from './api';
import { PriceLevelFormDialog } from './PriceLevelFormDialog';

/** The filters (in the URL) and their empty values. */
const EMPTY = { customerId: '', productId: '', keyWord: '' };
type Filters = typeof EMPTY;

type T = TFunction<'carrierPriceLevel'>;

const markupColor = (markup: string) => {
  const value = Number(markup);
  return value > 0 ? 'orange.fg' : value < 0 ? 'green.fg' : 'fg.muted';
};

const describe = (record: PriceLevelRecord) => `${record.customerName || record.customerId} / ${record.productCode || record.productId}`;

function priceLevelColumns(t: T, crud: CrudList<PriceLevelRecord, Filters>): DataColumn<PriceLevelRecord>[] {
  return [
    { id: 'customerName', header: t('field.customer'), minWidth: '140px', cell: (row) => <Text>{row.customerName || row.customerId}</Text> },
    {
      id: 'product',
      header: t('field.product'),
      minWidth: '160px',
      cell: (row) => <TwoLines mono first={row.productCode || row.productId} second={row.productName} />,
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
    statusColumn<PriceLevelRecord>(t('field.enabled'), (row) => row.enabled, (row) => (row.enabled ? t('enabled.true') : t('enabled.false')), 'enabled'),
    createTimeColumn(t('field.createTime')),
    editDeleteColumn('text', crud.actions),
  ];
}

/** Customers' price levels: filter by customer and product, add/edit, delete. */
export default function PriceLevelListPage() {
  const { t } = useTranslation('carrierPriceLevel');
  const crud = useCrudList<PriceLevelRecord, Filters>(PRICE_LEVEL_LIST_PATH, {
    name: 'price-level',
    permission: 'logistics:priceLevel',
    ns: 'carrierPriceLevel',
    emptyFilters: EMPTY,
    remove: deletePriceLevels,
    describe: (record) => t('delete.description', { name: describe(record) }),
  });
  return (
    <CrudListPage
      crud={crud}
      columns={priceLevelColumns(t, crud)}
      search={{ visibleOnPhone: 2 }}
      filters={
        <>
          <FilterRemote page={crud} name="customerId" label={t('filter.customer')} search={searchCustomers} queryKey={['carrier', 'priceLevel', 'customers']} placeholder={t('filter.customerPlaceholder')} testId="price-level-search-customer" />
          <FilterRemote page={crud} name="productId" label={t('filter.product')} search={searchProducts} queryKey={['carrier', 'priceLevel', 'products']} placeholder={t('filter.productPlaceholder')} testId="price-level-search-product" />
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="price-level-search-keyword" />
        </>
      }
      toolbar={{
        end: (
          <Text textStyle="xs" color="fg.muted" hideBelow="md">
            {t('list.legend')}
          </Text>
        ),
      }}
      dialogs={<PriceLevelFormDialog {...crud.form.dialog} />}
    />
  );
}

import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { createTimeColumn, CrudListPage, editDeleteColumn, FilterText, monoColumn, TwoLines, useCrudList, type CrudList } from '../../../components/list';
import { deleteProducts, PRODUCT_EXPORT_PATH, PRODUCT_LIST_PATH, PRODUCT_PERMISSION, type ParcelProductRecord } from './api';
import { ProductFormDialog } from './ProductFormDialog';

/** The filters (in the URL) and their empty values. */
const EMPTY = { keyWord: '' };
type Filters = typeof EMPTY;

type T = TFunction<'product'>;

function productColumns(t: T, crud: CrudList<ParcelProductRecord, Filters>): DataColumn<ParcelProductRecord>[] {
  return [
    monoColumn<ParcelProductRecord>('sku', t('field.sku'), (row) => row.sku, { sortable: true, strong: true }),
    { id: 'frName', header: t('field.description'), sortable: true, minWidth: '180px', cell: (row) => <TwoLines first={row.frName} second={row.lcName} /> },
    monoColumn<ParcelProductRecord>('frHscode', t('field.frHscode'), (row) => row.frHscode, { hideBelow: 'md' }),
    { id: 'unitPrice', header: t('field.unitPrice'), textAlign: 'end' },
    { id: 'unitWeight', header: t('field.unitWeight'), textAlign: 'end', hideBelow: 'sm' },
    { id: 'unit', header: t('field.unit'), hideBelow: 'lg', cell: (row) => row.unit || '—' },
    createTimeColumn(t('field.createTime')),
    editDeleteColumn('text', crud.actions),
  ];
}

/**
 * A customer's product catalogue (staff see the tenant's): search by SKU, description or HS code,
 * paging, sort, add/edit checked by core as it is typed, delete, batch delete and the server's xlsx export.
 */
export default function ProductListPage() {
  const { t } = useTranslation('product');
  const crud = useCrudList<ParcelProductRecord, Filters>(PRODUCT_LIST_PATH, {
    name: 'parcel-product',
    permission: PRODUCT_PERMISSION,
    ns: 'product',
    emptyFilters: EMPTY,
    defaultSort: { column: 'sku', order: 'asc' },
    remove: deleteProducts,
    describe: (record) => t('delete.description', { name: `${record.sku} ${record.frName}` }),
    exportPath: PRODUCT_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      columns={productColumns(t, crud)}
      filters={
        <>
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="parcel-product-search-keyword" />
        </>
      }
      dialogs={<ProductFormDialog {...crud.form.dialog} />}
    />
  );
}

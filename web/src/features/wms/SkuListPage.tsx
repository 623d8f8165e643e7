/**
 * A customer's SKUs (staff see the tenant's): searched by code, barcode (a scanner types into the
 * search) or name; paging, sort, add and edit checked by core as typed, delete (refused while
 * stock or a forecast names the SKU), the server's xlsx export.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { createTimeColumn, CrudListPage, editDeleteColumn, FilterText, monoColumn, TwoLines, useCrudList, type CrudList } from '../../components/list';
import { deleteSkus, SKU_EXPORT_PATH, SKU_LIST_PATH, SKU_PERMISSION, type WmsSkuRecord } from './api';
import { SkuFormDialog } from './SkuFormDialog';

const EMPTY = { keyWord: '', name: '' };
type Filters = typeof EMPTY;

function skuColumns(t: TFunction<'wmsSku'>, crud: CrudList<WmsSkuRecord, Filters>): DataColumn<WmsSkuRecord>[] {
  return [
    monoColumn<WmsSkuRecord>('skuCode', t('field.skuCode'), (row) => row.skuCode, { sortable: true, strong: true }),
    { id: 'nameEn', header: t('field.name'), sortable: true, minWidth: '160px', cell: (row) => <TwoLines first={row.nameEn} second={row.nameZh} /> },
    monoColumn<WmsSkuRecord>('barcode', t('field.barcode'), (row) => row.barcode, { hideBelow: 'sm' }),
    { id: 'size', header: t('field.size'), hideBelow: 'md', cell: (row) => `${row.length} × ${row.width} × ${row.height}` },
    { id: 'weight', header: t('field.weight'), textAlign: 'end', hideBelow: 'md' },
    { id: 'declaredValue', header: t('field.declaredValue'), textAlign: 'end', hideBelow: 'lg', cell: (row) => `${row.declaredValue} ${row.currency}` },
    monoColumn<WmsSkuRecord>('hsCode', t('field.hsCode'), (row) => row.hsCode, { hideBelow: 'xl' }),
    createTimeColumn(t('field.createTime')),
    editDeleteColumn('text', crud.actions),
  ];
}

export default function SkuListPage() {
  const { t } = useTranslation('wmsSku');
  const crud = useCrudList<WmsSkuRecord, Filters>(SKU_LIST_PATH, {
    name: 'sku',
    permission: SKU_PERMISSION,
    ns: 'wmsSku',
    emptyFilters: EMPTY,
    defaultSort: { column: 'skuCode', order: 'asc' },
    remove: deleteSkus,
    describe: (record) => t('delete.description', { name: `${record.skuCode} ${record.nameEn}` }),
    exportPath: SKU_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      columns={skuColumns(t, crud)}
      filters={
        <>
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} fontFamily="mono" testId="sku-search-keyword" />
          <FilterText page={crud} name="name" label={t('field.name')} testId="sku-search-name" />
        </>
      }
      dialogs={<SkuFormDialog {...crud.form.dialog} />}
    />
  );
}

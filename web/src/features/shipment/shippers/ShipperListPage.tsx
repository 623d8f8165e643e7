import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { createTimeColumn, CrudListPage, editDeleteColumn, FilterSelect, FilterText, tagColumn, TwoLines, useCrudList, type CrudList } from '../../../components/list';
import { addressColumns, deleteShippers, SHIPPER_EXPORT_PATH, SHIPPER_LIST_PATH, useCountries, type ShipperRecord } from './api';
import { ShipperFormDialog } from './ShipperFormDialog';

/** The filters (in the URL) and their empty values. */
const EMPTY = { keyWord: '', country: '' };
type Filters = typeof EMPTY;

type T = TFunction<'shipper'>;

function shipperColumns(t: T, crud: CrudList<ShipperRecord, Filters>): DataColumn<ShipperRecord>[] {
  return [
    { id: 'name', header: t('field.name'), sortable: true, minWidth: '160px', cell: (row) => <TwoLines first={row.name} second={row.company} /> },
    { id: 'phone', header: t('field.phone'), hideBelow: 'md', cell: (row) => row.phone || '—' },
    ...addressColumns<ShipperRecord>(t),
    tagColumn<ShipperRecord>({ id: 'izDefault', header: t('field.izDefault'), colorPalette: 'green', label: (row) => (row.izDefault === 1 ? t('list.default') : null) }),
    createTimeColumn(t('field.createTime')),
    editDeleteColumn('text', crud.actions),
  ];
}

/** A customer's shippers (sender addresses; staff see the tenant's): search, paging, sort, add/edit, delete, batch delete and the server's xlsx export. */
export default function ShipperListPage() {
  const { t } = useTranslation('shipper');
  const { options: countries } = useCountries();
  const crud = useCrudList<ShipperRecord, Filters>(SHIPPER_LIST_PATH, {
    name: 'shipper',
    permission: 'logistics:shipper',
    ns: 'shipper',
    emptyFilters: EMPTY,
    remove: deleteShippers,
    describe: (record) => t('delete.description', { name: record.name }),
    exportPath: SHIPPER_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      columns={shipperColumns(t, crud)}
      filters={
        <>
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="shipper-search-keyword" />
          <FilterSelect page={crud} name="country" label={t('filter.country')} options={countries} allLabel={t('filter.all')} testId="shipper-search-country" />
        </>
      }
      dialogs={<ShipperFormDialog {...crud.form.dialog} />}
    />
  );
}

import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { isOneOf } from '../../../components/form/options';
import { createTimeColumn, CrudListPage, editDeleteColumn, FilterSelect, FilterText, labelled, monoColumn, tagColumn, TwoLines, useCrudList, type CrudList } from '../../../components/list';
import { addressColumns } from '../shippers/api';
import { DEPOT_EXPORT_PATH, DEPOT_LIST_PATH, DEPOT_TYPES, deleteDepots, type DepotRecord } from './api';
import { DepotFormDialog } from './DepotFormDialog';

/** The filters (in the URL) and their empty values. */
const EMPTY = { keyWord: '', depotType: '' };
type Filters = typeof EMPTY;

type T = TFunction<'depot'>;

const depotTypeLabel = (t: T, value: string) => (isOneOf(DEPOT_TYPES, value) ? t(`depotType.${value}`) : value);

function depotColumns(t: T, crud: CrudList<DepotRecord, Filters>): DataColumn<DepotRecord>[] {
  return [
    monoColumn<DepotRecord>('depotId', t('field.depotId'), (row) => row.depotId, { sortable: true, strong: true }),
    { id: 'depotName', header: t('field.depotName'), sortable: true, minWidth: '160px', cell: (row) => <TwoLines first={row.depotName} second={row.code} /> },
    tagColumn<DepotRecord>({ id: 'depotType', header: t('field.depotType'), colorPalette: 'purple', label: (row) => depotTypeLabel(t, row.depotType) }),
    ...addressColumns<DepotRecord>(t),
    createTimeColumn(t('field.createTime')),
    editDeleteColumn('text', crud.actions),
  ];
}

/** A customer's depots (staff see the tenant's): Amazon centres, overseas and private warehouses; search, paging, sort, add/edit, delete, batch delete and the server's xlsx export. */
export default function DepotListPage() {
  const { t } = useTranslation('depot');
  const crud = useCrudList<DepotRecord, Filters>(DEPOT_LIST_PATH, {
    name: 'depot',
    permission: 'logistics:depot',
    ns: 'depot',
    emptyFilters: EMPTY,
    defaultSort: { column: 'depotId', order: 'asc' },
    remove: deleteDepots,
    describe: (record) => t('delete.description', { name: `${record.depotId} ${record.depotName}` }),
    exportPath: DEPOT_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      columns={depotColumns(t, crud)}
      filters={
        <>
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="depot-search-keyword" />
          <FilterSelect page={crud} name="depotType" label={t('filter.depotType')} options={labelled(DEPOT_TYPES, (type) => t(`depotType.${type}`))} allLabel={t('filter.all')} testId="depot-search-type" />
        </>
      }
      dialogs={<DepotFormDialog {...crud.form.dialog} />}
    />
  );
}

import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { createTimeColumn, CrudListPage, FilterText, monoColumn, truncatedColumn, TwoLines, useCrudList } from '../../../components/list';
import { DELIVERY_NUMBER_EXPORT_PATH, DELIVERY_NUMBER_LIST_PATH, DELIVERY_NUMBER_PERMISSION, type DeliveryNumberRecord } from './api';

/** The filters (in the URL) and their empty values; the days are `YYYY-MM-DD`. */
const EMPTY = { numbers: '', createTime_begin: '', createTime_end: '' };
type Filters = typeof EMPTY;

function numberColumns(t: TFunction<'deliveryNumber'>): DataColumn<DeliveryNumberRecord>[] {
  return [
    monoColumn<DeliveryNumberRecord>('trackNo', t('field.trackNo'), (row) => row.trackNo, { sortable: true, strong: true }),
    { id: 'serialNumber', header: t('field.serialNumber'), cell: (row) => <TwoLines mono first={row.serialNumber || '—'} second={row.parcelSerialNumber} /> },
    monoColumn<DeliveryNumberRecord>('channelProductCode', t('field.channelProductCode'), (row) => row.channelProductCode, { hideBelow: 'md' }),
    monoColumn<DeliveryNumberRecord>('thirdId', t('field.thirdId'), (row) => row.thirdId, { hideBelow: 'lg' }),
    truncatedColumn<DeliveryNumberRecord>('thirdMark', t('field.thirdMark'), (row) => row.thirdMark, '48', { hideBelow: 'xl' }),
    createTimeColumn(t('field.createTime'), 'sm'),
  ];
}

/**
 * The tracking numbers issued to a customer's orders and parcels (staff see the tenant's),
 * read-only: numbers pasted in bulk and the day range, paging, sort and the server's xlsx export.
 */
export default function DeliveryNumberListPage() {
  const { t } = useTranslation('deliveryNumber');
  const crud = useCrudList<DeliveryNumberRecord, Filters>(DELIVERY_NUMBER_LIST_PATH, {
    name: 'delivery-number',
    permission: DELIVERY_NUMBER_PERMISSION,
    ns: 'deliveryNumber',
    emptyFilters: EMPTY,
    describe: (record) => record.trackNo,
    exportPath: DELIVERY_NUMBER_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      columns={numberColumns(t)}
      filters={
        <>
          <FilterText page={crud} name="numbers" label={t('filter.numbers')} placeholder={t('filter.numbersPlaceholder')} fontFamily="mono" testId="delivery-number-search-numbers" />
          <FilterText page={crud} name="createTime_begin" label={t('filter.from')} type="date" max={crud.draft.createTime_end || undefined} testId="delivery-number-search-from" />
          <FilterText page={crud} name="createTime_end" label={t('filter.to')} type="date" min={crud.draft.createTime_begin || undefined} testId="delivery-number-search-to" />
        </>
      }
      toolbar={{ add: undefined }}
    />
  );
}

/**
 * Predict shipments: the orders customers submitted (their charge held) that the warehouse
 * expects at intake, read-only: the order list (`/logistics/shipment/list`) with its status fixed
 * to submitted; numbers pasted in bulk (order, reference, tracking or FBA numbers), the
 * destination and the days the orders were created; paging, sort; the server's xlsx export of the
 * same orders (`logistics:shipment:export`).
 */
import { Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { InboxIcon } from '../../components/icons';
import { createTimeColumn, CrudListPage, FilterText, ListEmpty, ListSubtitle, monoColumn, timeColumn, TwoLines, useCrudList, useXlsxExport } from '../../components/list';
import { PREDICTED_STATUS, SHIPMENT_EXPORT_PATH, SHIPMENT_LIST_PATH, SHIPMENT_PERMISSION, type ShipmentRecord } from './outboundApi';
import { Kilograms } from './OutPackageList';

/** The filters (in the URL) and their empty values; the days are `YYYY-MM-DD`. */
const EMPTY = { numbers: '', consigneeCountry: '', createTime_begin: '', createTime_end: '' };
type Filters = typeof EMPTY;

/** What the list and its export ask: the filters and the status. */
const predicted = (filters: Filters) => ({ ...filters, shipmentStatus: PREDICTED_STATUS });

function predictColumns(t: TFunction<'predictShipment'>): DataColumn<ShipmentRecord>[] {
  return [
    monoColumn<ShipmentRecord>('serialNumber', t('field.serialNumber'), (row) => row.serialNumber, { strong: true }),
    { id: 'customer', header: t('field.customer'), hideBelow: 'md', cell: (row) => row.customer || '—' },
    monoColumn<ShipmentRecord>('sysTrackNo', t('field.sysTrackNo'), (row) => row.sysTrackNo),
    { id: 'shipmentPieces', header: t('field.pieces'), sortable: true, textAlign: 'end', cell: (row) => <Text textAlign="end">{row.shipmentPieces}</Text> },
    { id: 'shipmentWeight', header: t('field.weight'), sortable: true, textAlign: 'end', cell: (row) => <Kilograms value={row.shipmentWeight} /> },
    { id: 'channelProduct', header: t('field.channelProduct'), hideBelow: 'lg', minWidth: '160px', cell: (row) => <TwoLines first={row.channelProductName || '—'} second={row.channelProductCode} /> },
    { id: 'consigneeCountry', header: t('field.country'), cell: (row) => row.consigneeCountry || '—' },
    timeColumn<ShipmentRecord>('submitTime', t('field.submitTime'), (row) => row.submitTime, { hideBelow: 'md' }),
    createTimeColumn(t('field.createTime'), 'xl'),
  ];
}

export default function PredictShipmentListPage() {
  const { t } = useTranslation('predictShipment');
  const crud = useCrudList<ShipmentRecord, Filters>(SHIPMENT_LIST_PATH, {
    name: 'predict-shipment',
    permission: SHIPMENT_PERMISSION,
    ns: 'predictShipment',
    emptyFilters: EMPTY,
    params: predicted,
    describe: (row) => row.serialNumber,
  });
  // The export of the same orders: the filters and the fixed status.
  const exportFilters = useMemo(() => predicted(crud.filters), [crud.filters]);
  const exporter = useXlsxExport({ path: SHIPMENT_EXPORT_PATH, filters: exportFilters, sort: crud.list.sort, filename: t('exportName') });
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      subtitle={<ListSubtitle>{t('subtitle')}</ListSubtitle>}
      columns={predictColumns(t)}
      filters={
        <>
          <FilterText page={crud} name="numbers" label={t('filter.numbers')} placeholder={t('filter.numbersPlaceholder')} fontFamily="mono" testId="predict-shipment-search-numbers" />
          <FilterText page={crud} name="consigneeCountry" label={t('filter.country')} placeholder={t('filter.countryPlaceholder')} transform={(value) => value.toUpperCase()} testId="predict-shipment-search-country" />
          <FilterText page={crud} name="createTime_begin" label={t('filter.from')} type="date" max={crud.draft.createTime_end || undefined} testId="predict-shipment-search-from" />
          <FilterText page={crud} name="createTime_end" label={t('filter.to')} type="date" min={crud.draft.createTime_begin || undefined} testId="predict-shipment-search-to" />
        </>
      }
      toolbar={{ add: undefined, exporter, exportAction: `${SHIPMENT_PERMISSION}:export` }}
      table={{ emptyState: <ListEmpty icon={<InboxIcon />} title={t('empty')} testId="predict-shipment-empty" /> }}
    />
  );
}

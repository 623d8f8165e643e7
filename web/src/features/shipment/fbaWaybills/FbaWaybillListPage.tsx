/**
 * FBA waybills: every FBA order of a customer (staff: the tenant's) with its delivery to Amazon,
 * read-only but for "Record delivery" (`logistics:fbaOrder:edit`, not for cancelled orders):
 * numbers pasted in bulk and the order's status, paging, sort and the server's xlsx export.
 */
import { Badge, Link, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { ExternalLinkIcon } from '../../../components/icons';
import { actionsColumn, createTimeColumn, CrudListPage, FilterSelect, FilterText, labelled, monoColumn, timeColumn, TwoLines, useCrudList, type CrudList } from '../../../components/list';
import { SHIPMENT_STATUSES } from '../../../core';
import { showTime } from '../../../lib/utcTime';
import { StatusTag } from '../orders/StatusTag';
import { FBA_WAYBILL_EXPORT_PATH, FBA_WAYBILL_LIST_PATH, FBA_WAYBILL_PERMISSION, type FbaWaybillRecord } from './api';
import { DeliveryFormDrawer } from './DeliveryFormDrawer';

/** The filters (in the URL) and their empty values. */
const EMPTY = { numbers: '', shipmentStatus: '' };
type Filters = typeof EMPTY;

type T = TFunction<'fbaWaybill'>;

/** When the order was delivered: a green tag and the time, or `—`. */
function Delivered({ time }: { time: string | null | undefined }) {
  const { t } = useTranslation('fbaWaybill');
  if (!time) return <>{'—'}</>;
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge size="sm" variant="subtle" colorPalette="green" data-testid="fba-waybill-delivered">
        {t('list.delivered')}
      </Badge>
      <Text textStyle="xs" color="fg.muted" whiteSpace="nowrap">
        {showTime(time)}
      </Text>
    </Stack>
  );
}

/** A link opening the proof of delivery in a new tab (`—` without one). */
function PodLink({ pod }: { pod: string | null | undefined }) {
  const { t } = useTranslation('fbaWaybill');
  if (!pod) return <>{'—'}</>;
  return (
    <Link href={pod} target="_blank" rel="noreferrer" textStyle="sm" colorPalette="blue" color="colorPalette.fg" whiteSpace="nowrap" data-testid="fba-waybill-pod-view">
      {t('list.viewPod')}
      <ExternalLinkIcon />
    </Link>
  );
}

function waybillColumns(t: T, crud: CrudList<FbaWaybillRecord, Filters>): DataColumn<FbaWaybillRecord>[] {
  return [
    { id: 'serialNumber', header: t('field.serialNumber'), sortable: true, cell: (row) => <TwoLines mono first={row.serialNumber} second={row.fbaCode} /> },
    monoColumn<FbaWaybillRecord>('poCode', t('field.poCode'), (row) => row.poCode, { hideBelow: 'lg' }),
    monoColumn<FbaWaybillRecord>('depotCode', t('field.depotCode'), (row) => row.depotCode, { hideBelow: 'md' }),
    { id: 'shipmentPieces', header: t('field.shipmentPieces'), textAlign: 'end' },
    { id: 'pallets', header: t('field.pallets'), textAlign: 'end', hideBelow: 'md' },
    monoColumn<FbaWaybillRecord>('batchNo', t('field.batchNo'), (row) => row.batchNo, { hideBelow: 'lg' }),
    timeColumn<FbaWaybillRecord>('expectTime', t('field.expectTime'), (row) => row.expectTime, { sortable: true, hideBelow: 'md' }),
    { id: 'realTime', header: t('field.realTime'), sortable: true, hideBelow: 'sm', cell: (row) => <Delivered time={row.realTime} /> },
    { id: 'shipmentStatus', header: t('field.shipmentStatus'), cell: (row) => <StatusTag status={row.shipmentStatus} /> },
    { id: 'pod', header: t('field.pod'), hideBelow: 'md', cell: (row) => <PodLink pod={row.pod} /> },
    createTimeColumn(t('field.createTime'), 'xl'),
    actionsColumn<FbaWaybillRecord>('text', (row) =>
      row.shipmentStatus === 'cancelled' ? [] : [{ label: t('action.record'), action: `${FBA_WAYBILL_PERMISSION}:edit`, onClick: () => crud.form.edit(row), testId: 'fba-waybill-record', colorPalette: 'blue' }],
    ),
  ];
}

export default function FbaWaybillListPage() {
  const { t } = useTranslation('fbaWaybill');
  const { t: status } = useTranslation('shipment');
  const crud = useCrudList<FbaWaybillRecord, Filters>(FBA_WAYBILL_LIST_PATH, {
    name: 'fba-waybill',
    permission: FBA_WAYBILL_PERMISSION,
    ns: 'fbaWaybill',
    emptyFilters: EMPTY,
    describe: (record) => record.serialNumber,
    exportPath: FBA_WAYBILL_EXPORT_PATH,
  });
  return (
    <CrudListPage
      crud={crud}
      columns={waybillColumns(t, crud)}
      filters={
        <>
          <FilterText page={crud} name="numbers" label={t('filter.numbers')} placeholder={t('filter.numbersPlaceholder')} fontFamily="mono" testId="fba-waybill-search-numbers" />
          <FilterSelect page={crud} name="shipmentStatus" label={t('filter.shipmentStatus')} options={labelled(SHIPMENT_STATUSES, (value) => status(`status.${value}`))} allLabel={t('filter.all')} testId="fba-waybill-search-status" />
        </>
      }
      toolbar={{ add: undefined }}
      dialogs={<DeliveryFormDrawer {...crud.form.dialog} />}
    />
  );
}

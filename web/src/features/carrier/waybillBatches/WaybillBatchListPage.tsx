/**
 * Waybill batches: orders handed to a carrier with the file it loads them from, newest first;
 * search by number, kind, carrier and MAWB on the server; paging, sort, the server's xlsx export.
 * Each row downloads its file, shows its orders, makes its file again from the orders as they are
 * now (its version counts up when the bytes change) and deletes (confirmed; its orders are free
 * for another batch of the kind). "Make a batch" opens the form.
 */
import { Badge, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { DownloadIcon, FileTextIcon, RefreshIcon } from '../../../components/icons';
import { actionsColumn, CrudListPage, FilterSelect, FilterText, ListDrawer, ListEmpty, ListSubtitle, monoColumn, toastSuccess, TwoLines, useCrudList, useDownload, useInvalidateList, type CrudList } from '../../../components/list';
import { showTime } from '../../../lib/utcTime';
import { useCarrierDepotChoices } from '../dispatch/CarrierDepotFields';
import { Kilograms } from '../../warehouse/OutPackageList';
import {
  BATCH_TYPES,
  deleteWaybillBatches,
  regenerateWaybillBatch,
  useWaybillBatchItems,
  WAYBILL_BATCH_EXPORT_PATH,
  WAYBILL_BATCH_FILE_PATH,
  WAYBILL_BATCH_LIST_PATH,
  WAYBILL_BATCH_PERMISSION,
  type WaybillBatchItem,
  type WaybillBatchRecord,
} from './api';
import { WaybillBatchFormDialog } from './WaybillBatchFormDialog';

const EMPTY = { batchNo: '', batchType: '', supplierId: '', mawbNo: '' };
type Filters = typeof EMPTY;
type T = TFunction<'waybillBatch'>;

const KIND_PALETTE: Record<string, string> = { hawb: 'blue', fba: 'orange', jdfop: 'red', upspld: 'yellow' };

interface Handlers {
  download: (row: WaybillBatchRecord) => void;
  regenerate: (row: WaybillBatchRecord) => void;
  view: (row: WaybillBatchRecord) => void;
  busy: string | undefined;
}

function batchColumns(t: T, crud: CrudList<WaybillBatchRecord, Filters>, on: Handlers): DataColumn<WaybillBatchRecord>[] {
  return [
    monoColumn<WaybillBatchRecord>('batchNo', t('field.batchNo'), (row) => row.batchNo, { sortable: true, strong: true }),
    {
      id: 'batchType',
      header: t('field.batchType'),
      sortable: true,
      cell: (row) => (
        <Badge colorPalette={KIND_PALETTE[row.batchType] ?? 'gray'} variant="subtle" data-testid="waybill-batch-kind">
          {t(`type.${row.batchType}`, { defaultValue: row.batchType })}
        </Badge>
      ),
    },
    { id: 'supplierId', header: t('field.carrier'), cell: (row) => row.supplierName || '—' },
    {
      id: 'mawbNo',
      header: t('field.head'),
      hideBelow: 'md',
      cell: (row) =>
        row.batchType === 'hawb' ? (
          <TwoLines first={<Text as="span" fontFamily="mono">{row.mawbNo}</Text>} second={[`${row.origin ?? ''} → ${row.destination ?? ''}`, row.flightNo, row.flightDate].filter(Boolean).join(' · ')} />
        ) : row.accountNo ? (
          <Text fontFamily="mono" textStyle="sm">
            {row.accountNo}
          </Text>
        ) : (
          <Text color="fg.subtle">{'—'}</Text>
        ),
    },
    { id: 'shipments', header: t('field.shipments'), textAlign: 'end', cell: (row) => <Text textAlign="end">{row.shipments}</Text> },
    { id: 'pieces', header: t('field.pieces'), textAlign: 'end', hideBelow: 'lg', cell: (row) => <Text textAlign="end">{row.pieces}</Text> },
    { id: 'weight', header: t('field.weight'), textAlign: 'end', hideBelow: 'lg', cell: (row) => <Kilograms value={row.weight} /> },
    {
      id: 'fileVersion',
      header: t('field.file'),
      hideBelow: 'sm',
      cell: (row) => (
        <TwoLines
          first={
            <Text as="span" fontFamily="mono" data-testid="waybill-batch-version">
              {t('version', { version: row.fileVersion })}
            </Text>
          }
          second={<Text as="span" fontFamily="mono" title={row.fileSha256}>{row.fileSha256.slice(0, 12)}</Text>}
        />
      ),
    },
    { id: 'generatedTime', header: t('field.generated'), sortable: true, hideBelow: 'lg', cell: (row) => <TwoLines first={showTime(row.generatedTime) || '—'} second={row.generatedBy} /> },
    actionsColumn<WaybillBatchRecord>('icon', (row) => [
      { label: t('action.download'), icon: <DownloadIcon />, onClick: () => on.download(row), testId: 'waybill-batch-download', colorPalette: 'blue', ariaLabel: t('action.downloadLabel', { batchNo: row.batchNo }) },
      { label: t('action.orders'), icon: <FileTextIcon />, onClick: () => on.view(row), testId: 'waybill-batch-orders' },
      {
        label: t('action.regenerate'),
        icon: <RefreshIcon />,
        action: `${WAYBILL_BATCH_PERMISSION}:regenerate`,
        onClick: () => on.regenerate(row),
        disabled: on.busy === row.id,
        testId: 'waybill-batch-regenerate',
      },
      { kind: 'delete', action: `${WAYBILL_BATCH_PERMISSION}:delete`, onClick: () => crud.remover.askDelete(row), testId: 'waybill-batch-delete' },
    ]),
  ];
}

function itemColumns(t: T): DataColumn<WaybillBatchItem>[] {
  return [
    { id: 'seq', header: '#', cell: (_, place) => <Text color="fg.muted">{(place?.index ?? 0) + 1}</Text> },
    monoColumn<WaybillBatchItem>('serialNumber', t('field.serialNumber'), (row) => row.serialNumber, { strong: true }),
    monoColumn<WaybillBatchItem>('trackNo', t('field.trackNo'), (row) => row.trackNo),
    { id: 'destination', header: t('field.destination'), hideBelow: 'sm', cell: (row) => row.destination || '—' },
    { id: 'pieces', header: t('field.pieces'), textAlign: 'end', cell: (row) => <Text textAlign="end">{row.pieces}</Text> },
    { id: 'weight', header: t('field.weight'), textAlign: 'end', cell: (row) => <Kilograms value={row.weight} /> },
  ];
}

function BatchOrders({ batch }: { batch: WaybillBatchRecord }) {
  const { t } = useTranslation('waybillBatch');
  const items = useWaybillBatchItems(batch.id);
  return (
    <Stack gap="3">
      <Text textStyle="sm" color="fg.muted">
        {t('orders.summary', { shipments: batch.shipments, pieces: batch.pieces, weight: batch.weight })}
      </Text>
      <DataTable<WaybillBatchItem> columns={itemColumns(t)} rows={items.data ?? []} loading={items.isPending} getRowId={(row) => row.shipmentId} pagination={false} testId="waybill-batch-items" />
    </Stack>
  );
}

export default function WaybillBatchListPage() {
  const { t } = useTranslation('waybillBatch');
  const choices = useCarrierDepotChoices();
  const download = useDownload();
  const invalidate = useInvalidateList(WAYBILL_BATCH_LIST_PATH);
  const [viewing, setViewing] = useState<WaybillBatchRecord>();
  const [busy, setBusy] = useState<string>();
  const crud = useCrudList<WaybillBatchRecord, Filters>(WAYBILL_BATCH_LIST_PATH, {
    name: 'waybill-batch',
    permission: WAYBILL_BATCH_PERMISSION,
    ns: 'waybillBatch',
    emptyFilters: EMPTY,
    remove: deleteWaybillBatches,
    describe: (row) => t('delete.description', { batchNo: row.batchNo, count: row.shipments }),
    exportPath: WAYBILL_BATCH_EXPORT_PATH,
  });
  const handlers: Handlers = {
    busy,
    view: setViewing,
    download: (row) => void download(WAYBILL_BATCH_FILE_PATH, { id: row.id }, row.fileName),
    regenerate: (row) => {
      setBusy(row.id);
      void regenerateWaybillBatch(row.id)
        .then(async (answer) => {
          const after = answer.result;
          toastSuccess(after && after.fileVersion !== row.fileVersion ? t('regenerated.changed', { version: after.fileVersion }) : t('regenerated.same'));
          await invalidate();
        })
        .finally(() => setBusy(undefined));
    },
  };
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      subtitle={<ListSubtitle>{t('subtitle')}</ListSubtitle>}
      columns={batchColumns(t, crud, handlers)}
      search={{ visibleOnPhone: 2 }}
      filters={
        <>
          <FilterText page={crud} name="batchNo" label={t('filter.batchNo')} fontFamily="mono" transform={(value) => value.toUpperCase()} testId="waybill-batch-search-no" />
          <FilterSelect page={crud} name="batchType" immediate label={t('filter.batchType')} options={BATCH_TYPES.map((kind) => ({ value: kind, label: t(`type.${kind}`) }))} allLabel={t('filter.all')} testId="waybill-batch-search-type" />
          <FilterSelect page={crud} name="supplierId" immediate label={t('filter.carrier')} options={choices.carriers} allLabel={t('filter.all')} loading={choices.carriersLoading} testId="waybill-batch-search-carrier" />
          <FilterText page={crud} name="mawbNo" label={t('filter.mawbNo')} fontFamily="mono" testId="waybill-batch-search-mawb" />
        </>
      }
      toolbar={{ exportAction: `${WAYBILL_BATCH_PERMISSION}:export` }}
      table={{ emptyState: <ListEmpty icon={<FileTextIcon />} title={t('empty')} description={t('emptyDescription')} testId="waybill-batch-empty" /> }}
      dialogs={
        <>
          <WaybillBatchFormDialog {...crud.form.dialog} onMade={(batch) => setViewing(batch)} />
          <ListDrawer open={viewing !== undefined} onClose={() => setViewing(undefined)} title={viewing ? t('orders.title', { batchNo: viewing.batchNo }) : null} subtitle={viewing ? `${t(`type.${viewing.batchType}`, { defaultValue: viewing.batchType })} · ${viewing.supplierName}` : undefined} testId="waybill-batch-drawer">
            {viewing ? <BatchOrders batch={viewing} /> : null}
          </ListDrawer>
        </>
      }
    />
  );
}

/**
 * WorldShip: staff's orders (every customer's, the server's list, paged, sorted and filtered by
 * number, status, destination and day) to hand to UPS WorldShip. The selected orders, or every
 * order the filters find (up to 1,000), download as WorldShip's auto-import XML (one shipment per
 * order, one package per parcel, the order's number in Reference 1); WorldShip's results (its `.Out` XML, or a CSV/xlsx export) read back number the
 * orders and their parcels, and say what they skipped and why.
 */
import { Badge, Button, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, showNotice } from '../../../api/client';
import { Authorized } from '../../../components/Authorized';
import type { DataColumn } from '../../../components/DataTable';
import { SheetUploadDialog, sheetUploadTexts, type SheetT } from '../../../components/form/SheetUploadDialog';
import { DownloadIcon, UploadIcon } from '../../../components/icons';
import { createTimeColumn, CrudListPage, FilterSelect, FilterText, ListSubtitle, monoColumn, TwoLines, useCrudList, useDownload, useInvalidateList } from '../../../components/list';
import { Kilograms } from '../../warehouse/OutPackageList';
import { SHIPMENT_LIST_PATH, type ShipmentRecord } from '../orders/api';
import { StatusTag } from '../orders/StatusTag';
import { importWorldShipResult, WORLD_SHIP_EXPORT_PATH, WORLD_SHIP_MAX_BYTES, WORLD_SHIP_MAX_EXPORT, WORLD_SHIP_PERMISSION, type WorldShipImport } from './api';
import { WorldShipResultDialog } from './WorldShipResultDialog';

const EMPTY = { numbers: '', shipmentStatus: 'submitted', consigneeCountry: '', createTime_begin: '', createTime_end: '' };
type Filters = typeof EMPTY;

/** The statuses an order can be handed to a carrier in (core's `dispatch::dispatchable`). */
const LIVE = ['submitted', 'received', 'sorted', 'shipped'] as const;

/** A template of the CSV results WorldShip's export can write. */
const TEMPLATE = 'Package Reference 1,Tracking Number\nB2C20261206000001,1Z999AA10123456784\n';

function columns(t: TFunction<'worldShip'>): DataColumn<ShipmentRecord>[] {
  return [
    monoColumn<ShipmentRecord>('serialNumber', t('field.serialNumber'), (row) => row.serialNumber, { sortable: true, strong: true }),
    { id: 'customer', header: t('field.customer'), hideBelow: 'md', cell: (row) => <TwoLines first={row.customer || '—'} second={row.channelProductName} /> },
    { id: 'consigneeName', header: t('field.consignee'), hideBelow: 'sm', cell: (row) => <TwoLines first={row.consigneeName || '—'} second={[row.consigneeCountry, row.consigneePostalCode].filter(Boolean).join(' ')} /> },
    { id: 'shipmentPieces', header: t('field.pieces'), textAlign: 'end', sortable: true, hideBelow: 'md', cell: (row) => <Text textAlign="end">{row.shipmentPieces}</Text> },
    { id: 'shipmentWeight', header: t('field.weight'), textAlign: 'end', sortable: true, hideBelow: 'lg', cell: (row) => <Kilograms value={row.shipmentWeight} /> },
    {
      id: 'trackNo',
      header: t('field.trackNo'),
      cell: (row) =>
        row.trackNo ? (
          <Text fontFamily="mono" textStyle="sm">
            {row.trackNo}
          </Text>
        ) : (
          <Badge colorPalette="orange" variant="subtle" data-testid="world-ship-awaiting">
            {t('awaiting')}
          </Badge>
        ),
    },
    { id: 'shipmentStatus', header: t('field.status'), hideBelow: 'sm', cell: (row) => <StatusTag status={row.shipmentStatus} /> },
    createTimeColumn<ShipmentRecord>(t('field.createTime')),
  ];
}

export default function WorldShipPage() {
  const { t } = useTranslation('worldShip');
  const { t: ts } = useTranslation('shipment');
  const download = useDownload();
  const invalidate = useInvalidateList(SHIPMENT_LIST_PATH);
  const [importing, setImporting] = useState(false);
  const [report, setReport] = useState<WorldShipImport>();
  const [exporting, setExporting] = useState<'selected' | 'all'>();
  const crud = useCrudList<ShipmentRecord, Filters>(SHIPMENT_LIST_PATH, {
    name: 'world-ship',
    permission: WORLD_SHIP_PERMISSION,
    ns: 'worldShip',
    emptyFilters: EMPTY,
    describe: (row) => row.serialNumber,
  });
  const ticked = new Set(crud.list.selection);
  const selected = crud.list.rows.filter((row) => ticked.has(row.id));
  /** Downloads the orders' XML; `clear` the selection after. */
  async function exportIds(ids: string[], which: 'selected' | 'all') {
    if (ids.length > WORLD_SHIP_MAX_EXPORT) return showNotice(t('tooMany', { max: WORLD_SHIP_MAX_EXPORT }));
    setExporting(which);
    try {
      if ((await download(WORLD_SHIP_EXPORT_PATH, { ids: ids.join(',') }, 'worldship.xml')) && which === 'selected') crud.list.clearSelection();
    } finally {
      setExporting(undefined);
    }
  }
  /** Every order the filters find (across pages, at most an export's worth). */
  async function exportAll() {
    if (crud.list.total > WORLD_SHIP_MAX_EXPORT) return showNotice(t('tooMany', { max: WORLD_SHIP_MAX_EXPORT }));
    setExporting('all');
    try {
      const page = await api.get<{ records: ShipmentRecord[] }>(SHIPMENT_LIST_PATH, { ...crud.filters, pageNo: 1, pageSize: WORLD_SHIP_MAX_EXPORT }, { notify: false });
      await exportIds((page.result?.records ?? []).map((row) => row.id), 'all');
    } catch (failure) {
      showNotice(failure instanceof Error ? failure.message : String(failure));
      setExporting(undefined);
    }
  }
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      subtitle={<ListSubtitle>{t('subtitle')}</ListSubtitle>}
      columns={columns(t)}
      search={{ visibleOnPhone: 1 }}
      filters={
        <>
          <FilterText page={crud} name="numbers" label={t('filter.numbers')} placeholder={t('filter.numbersPlaceholder')} testId="world-ship-search-numbers" />
          <FilterSelect page={crud} name="shipmentStatus" immediate label={t('filter.status')} options={LIVE.map((status) => ({ value: status, label: ts(`status.${status}`) }))} allLabel={t('filter.all')} testId="world-ship-search-status" />
          <FilterText page={crud} name="consigneeCountry" label={t('filter.country')} placeholder="US" transform={(value) => value.toUpperCase()} testId="world-ship-search-country" />
          <FilterText page={crud} name="createTime_begin" label={t('filter.from')} type="date" testId="world-ship-search-from" />
          <FilterText page={crud} name="createTime_end" label={t('filter.to')} type="date" testId="world-ship-search-to" />
        </>
      }
      toolbar={{
        add: undefined,
        leading: (
          <>
            <Authorized action={`${WORLD_SHIP_PERMISSION}:export`}>
              <Button size="sm" disabled={selected.length === 0} loading={exporting === 'selected'} onClick={() => void exportIds(selected.map((row) => row.id), 'selected')} data-testid="world-ship-export">
                <DownloadIcon />
                {t('action.export', { count: selected.length })}
              </Button>
              <Button size="sm" variant="outline" disabled={crud.list.total === 0} loading={exporting === 'all'} onClick={() => void exportAll()} data-testid="world-ship-export-all">
                <DownloadIcon />
                {t('action.exportAll', { count: crud.list.total })}
              </Button>
            </Authorized>
            <Authorized action={`${WORLD_SHIP_PERMISSION}:import`}>
              <Button size="sm" variant="outline" onClick={() => setImporting(true)} data-testid="world-ship-import-open">
                <UploadIcon />
                {t('action.import')}
              </Button>
            </Authorized>
          </>
        ),
      }}
      table={{ selectable: true }}
      dialogs={
        <>
          <SheetUploadDialog<WorldShipImport>
            open={importing}
            onClose={() => setImporting(false)}
            testId="world-ship-import"
            texts={sheetUploadTexts(t as SheetT, 'import')}
            template={{ name: 'worldship-results.csv', csv: TEMPLATE }}
            accept=".out,.xml,text/xml,application/xml,.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxBytes={WORLD_SHIP_MAX_BYTES}
            upload={async (file) => (await importWorldShipResult(file)).result}
            onUploaded={(answer) => {
              setReport(answer);
              void invalidate();
              return undefined;
            }}
          />
          <WorldShipResultDialog report={report} onClose={() => setReport(undefined)} />
        </>
      }
    />
  );
}

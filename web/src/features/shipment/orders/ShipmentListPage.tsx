/**
 * The order lists: one per type for customers (B2B, B2C, FBA, WMS) and staff's across customers.
 * Status tabs with their counts, numbers pasted in bulk, the destination and dates; server paging
 * and sort; export; a row's actions and the batch actions are what core's lifecycle allows (WASM,
 * the server's table), and a selection holding orders an action does not apply to is refused
 * with the spec's message naming them, before anything is sent.
 */
import { Badge, Box, Button, Stack, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { Authorized } from '../../../components/Authorized';
import { useConfirm } from '../../../components/ConfirmDialog';
import type { DataColumn } from '../../../components/DataTable';
import { createTimeColumn, CrudListPage, FilterText, monoColumn, RowActions, RowMenu, toastSuccess, TwoLines, useCrudList, useInvalidateList, type CrudList, type RowAction } from '../../../components/list';
import { showNotice } from '../../../api/client';
import { SHIPMENT_STATUSES, shipmentActions, shipmentSelectionIssue, type ShipmentAction } from '../../../core';
import { currentLanguage } from '../../../i18n';
import { BatchResultDialog } from './BatchResultDialog';
import { PrintDialog } from '../../printing/PrintDialog';
import { CARRIER_LABEL_UPLOAD_PERMISSION, MAX_BATCH, PRINT_PERMISSION, type CarrierLabelTarget } from '../../printing/api';
import { CarrierLabelUploadDialog } from '../../printing/CarrierLabelUploadDialog';
import { ImportDialog } from './ImportDialog';
import { cancelShipment, cancelShipments, copyShipment, deleteShipments, SHIPMENT_COUNTS_PATH, SHIPMENT_EXPORT_PATH, SHIPMENT_LIST_PATH, SHIPMENT_PERMISSION, submitShipments, type BatchResult, type ShipmentRecord, type StatusCounts } from './api';
import { ShipmentDetailDrawer } from './ShipmentDetailDrawer';
import { StatusTag } from './StatusTag';
import { StatusTag as TrackStatusTag } from '../../tracking/TrackStatusTag';
import { ShipmentFormDrawer, type OrderTarget } from './ShipmentFormDrawer';
import type { ShipmentType } from './model';

const EMPTY = { shipmentType: '', shipmentStatus: '', numbers: '', keyWord: '', consigneeCountry: '', createTime_begin: '', createTime_end: '' };
type Filters = typeof EMPTY;

function StatusTabs({ crud }: { crud: CrudList<ShipmentRecord, Filters> }) {
  const { t } = useTranslation('shipment');
  const { shipmentStatus: _status, ...rest } = crud.filters;
  const params = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== ''));
  const { data } = useQuery({
    queryKey: ['list', SHIPMENT_LIST_PATH, 'counts', params],
    queryFn: async ({ signal }) => (await api.get<StatusCounts>(SHIPMENT_COUNTS_PATH, params, { notify: false, signal })).result,
  });
  const count = (status: string) => (status === '' ? data?.total : data?.byStatus[status]);
  return (
    <Tabs.Root value={crud.filters.shipmentStatus || 'all'} onValueChange={(d) => crud.applyNow('shipmentStatus', d.value === 'all' ? '' : d.value)} size="sm" variant="line">
      {/* Zero intrinsic width, full width: the tabs scroll inside the page instead of widening it (phones). */}
      <Box overflowX="auto" width="0" minWidth="full">
        <Tabs.List data-testid="shipment-tabs">
          {['', ...SHIPMENT_STATUSES].map((status) => (
            <Tabs.Trigger key={status || 'all'} value={status || 'all'} data-testid={`shipment-tab-${status || 'all'}`} whiteSpace="nowrap" flexShrink={0}>
              {status ? t(`status.${status}` as 'status.draft') : t('status.all')}
              <Badge size="xs" variant="subtle" marginStart="1" data-testid="shipment-tab-count">
                {count(status) ?? '·'}
              </Badge>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Box>
    </Tabs.Root>
  );
}

interface Handlers {
  view: (row: ShipmentRecord) => void;
  edit: (row: ShipmentRecord) => void;
  act: (rows: ShipmentRecord[], action: ShipmentAction) => void;
  print: (rows: ShipmentRecord[]) => void;
  uploadLabel: (row: ShipmentRecord) => void;
}

function rowActions(t: TFunction<'shipment'>, row: ShipmentRecord, handlers: Handlers): (RowAction | ReactNode)[] {
  const allowed = shipmentActions(row.shipmentStatus);
  const actions: (RowAction | ReactNode)[] = [{ label: t('action.view'), onClick: () => handlers.view(row), testId: 'shipment-view' }];
  if (allowed.includes('edit')) actions.push({ kind: 'edit', action: `${SHIPMENT_PERMISSION}:edit`, onClick: () => handlers.edit(row), testId: 'shipment-edit' });
  if (allowed.includes('submit')) actions.push({ label: t('action.submit'), action: `${SHIPMENT_PERMISSION}:submit`, onClick: () => handlers.act([row], 'submit'), testId: 'shipment-submit', colorPalette: 'blue' });
  if (allowed.includes('cancel')) actions.push({ label: t('action.cancel'), action: `${SHIPMENT_PERMISSION}:cancel`, onClick: () => handlers.act([row], 'cancel'), testId: 'shipment-cancel', colorPalette: 'orange' });
  if (allowed.includes('print')) actions.push({ label: t('action.print'), action: PRINT_PERMISSION, onClick: () => handlers.print([row]), testId: 'shipment-print' });
  if (allowed.includes('delete')) actions.push({ kind: 'delete', action: `${SHIPMENT_PERMISSION}:delete`, onClick: () => handlers.act([row], 'delete'), testId: 'shipment-delete' });
  // Rarer actions: the "More" menu.
  actions.push(
    <RowMenu
      key="more"
      ariaLabel={t('action.more', { serial: row.serialNumber })}
      testId="shipment-more"
      minWidth="44"
      items={[
        { value: 'copy', label: t('action.copy'), action: `${SHIPMENT_PERMISSION}:add`, testId: 'shipment-copy', onSelect: () => handlers.act([row], 'copy') },
        allowed.includes('print') && { value: 'uploadLabel', label: t('action.uploadLabel'), action: CARRIER_LABEL_UPLOAD_PERMISSION, testId: 'shipment-upload-label', onSelect: () => handlers.uploadLabel(row) },
      ]}
    />,
  );
  return actions;
}

/** Print statuses' colours: an error stands out. */
const PRINT_COLORS: Record<string, string> = { unprinted: 'gray', printed: 'green', error: 'red' };

function columns(t: TFunction<'shipment'>, handlers: Handlers, staff: boolean): DataColumn<ShipmentRecord>[] {
  const list: DataColumn<ShipmentRecord>[] = [
    { id: 'serialNumber', header: t('field.serialNumber'), sortable: true, cell: (row) => <TwoLines mono first={row.serialNumber} second={row.customerCode ?? undefined} /> },
    { id: 'shipmentStatus', header: t('field.status'), sortable: true, cell: (row) => <StatusTag status={row.shipmentStatus} /> },
    {
      id: 'printStatus',
      header: t('field.printStatus'),
      hideBelow: 'md',
      cell: (row) => (
        <Badge size="sm" variant="subtle" colorPalette={PRINT_COLORS[row.printStatus] ?? 'gray'} title={row.printMessage ?? undefined} data-testid="shipment-print-status">
          {t(`print.${row.printStatus as 'printed'}`)}
          {row.printCount > 1 ? ` ×${row.printCount}` : ''}
        </Badge>
      ),
    },
    { id: 'trackStatus', header: t('field.trackStatus'), hideBelow: 'sm', cell: (row) => (row.trackStatus ? <TrackStatusTag status={row.trackStatus} testId="shipment-track-status" /> : '—') },
    { id: 'consigneeName', header: t('field.consignee'), cell: (row) => <TwoLines first={row.consigneeName ?? '—'} second={[row.consigneeCountry, row.consigneePostalCode].filter(Boolean).join(' ')} /> },
    { id: 'channelProductName', header: t('field.product'), hideBelow: 'md', cell: (row) => <TwoLines first={row.channelProductCode || '—'} second={row.channelProductName} /> },
    monoColumn<ShipmentRecord>('trackNo', t('field.trackNo'), (row) => row.trackNo ?? row.sysTrackNo ?? '', { hideBelow: 'lg' }),
    { id: 'shipmentPieces', header: t('field.pieces'), sortable: true, textAlign: 'end', hideBelow: 'lg' },
    { id: 'shipmentWeight', header: t('field.weight'), sortable: true, textAlign: 'end', hideBelow: 'lg' },
    { id: 'deductAmount', header: t('field.charge'), textAlign: 'end', cell: (row) => (row.deductAmount ? `${row.deductAmount} ${row.deductCurrency ?? ''}` : '—') },
    createTimeColumn(t('field.createTime')),
    { id: 'actions', header: '', sticky: true, cell: (row) => <RowActions display="text" actions={rowActions(t, row, handlers)} /> },
  ];
  if (staff) list.splice(1, 0, { id: 'customer', header: t('field.customer'), hideBelow: 'md' });
  return list;
}

export interface ShipmentListPageProps {
  /** The type listed (none: every type, staff's order management). */
  type?: ShipmentType;
}

export function ShipmentListPage({ type }: ShipmentListPageProps) {
  const { t } = useTranslation('shipment');
  const [target, setTarget] = useState<OrderTarget>();
  const [viewing, setViewing] = useState<string>();
  const [result, setResult] = useState<BatchResult>();
  const [importing, setImporting] = useState<ShipmentType>();
  const [printing, setPrinting] = useState<string[]>([]);
  const [uploadingLabel, setUploadingLabel] = useState<CarrierLabelTarget>();
  const [gathering, setGathering] = useState(false);
  const { confirm, dialog } = useConfirm();
  const invalidate = useInvalidateList(SHIPMENT_LIST_PATH);
  const crud = useCrudList<ShipmentRecord, Filters>(SHIPMENT_LIST_PATH, {
    name: 'shipment',
    permission: SHIPMENT_PERMISSION,
    ns: 'shipment',
    emptyFilters: { ...EMPTY, shipmentType: type ?? '' },
    remove: deleteShipments,
    describe: (row) => t('delete.description', { name: row.serialNumber }),
    exportPath: SHIPMENT_EXPORT_PATH,
  });
  /** An action on orders: refused at once when core's table says some cannot take it, else confirmed and run. */
  function act(rows: ShipmentRecord[], action: ShipmentAction) {
    const issue = shipmentSelectionIssue(rows.map((r) => [r.serialNumber, r.shipmentStatus]), action, currentLanguage());
    if (issue) {
      showNotice(issue);
      return;
    }
    const ids = rows.map((r) => r.id);
    const serial = rows[0]?.serialNumber ?? '';
    if (action === 'copy') {
      void copyShipment(ids[0] ?? '').then(async (copied) => {
        toastSuccess(t('toast.copied', { serial: copied.result?.serialNumber ?? '' }));
        await invalidate();
        if (copied.result) setTarget({ mode: 'edit', id: copied.result.id, type: copied.result.shipmentType as ShipmentType });
      });
    } else if (action === 'delete') {
      if (rows.length === 1 && rows[0]) crud.remover.askDelete(rows[0]);
      else crud.remover.askBatchDelete();
    } else if (action === 'submit' && rows.length === 1 && rows[0]) {
      setTarget({ mode: 'edit', id: rows[0].id, type: rows[0].shipmentType as ShipmentType });
    } else {
      const batch = rows.length > 1 || action === 'submit';
      confirm({
        title: batch ? t(action === 'submit' ? 'confirm.batchSubmitTitle' : 'confirm.batchCancelTitle', { count: rows.length }) : t('confirm.cancelTitle'),
        description: batch ? t(action === 'submit' ? 'confirm.batchSubmitDescription' : 'confirm.batchCancelDescription') : t('confirm.cancelDescription', { serial }),
        confirmLabel: action === 'submit' ? t('action.submitSelected') : t('confirm.cancelLabel'),
        colorPalette: action === 'submit' ? 'blue' : 'orange',
        testId: `shipment-${action}-confirm`,
        onConfirm: async () => {
          if (batch) {
            const answer = await (action === 'submit' ? submitShipments(ids) : cancelShipments(ids));
            setResult(answer.result);
          } else {
            await cancelShipment(ids[0] ?? '');
            toastSuccess(t('toast.cancelled'));
          }
          crud.list.clearSelection();
          await invalidate();
        },
      });
    }
  }

  // In the table's order, however they were ticked.
  const ticked = new Set(crud.list.selection);
  const selected = crud.list.rows.filter((row) => ticked.has(row.id));
  /** Labels of orders that can print (core's table), at most a batch's worth. */
  function print(rows: ShipmentRecord[]) {
    const issue = shipmentSelectionIssue(rows.map((r) => [r.serialNumber, r.shipmentStatus]), 'print', currentLanguage());
    if (issue) return showNotice(issue);
    if (rows.length > MAX_BATCH) return showNotice(t('action.printTooMany', { max: MAX_BATCH }));
    setPrinting(rows.map((r) => r.id));
  }
  /** Every order the list's filters find (up to a batch's worth, across its pages) that can print. */
  async function printAll() {
    setGathering(true);
    try {
      const page = await api.get<{ records: ShipmentRecord[]; total: number }>(SHIPMENT_LIST_PATH, { ...crud.filters, pageNo: 1, pageSize: MAX_BATCH }, { notify: false });
      const found = page.result?.records ?? [];
      const printable = found.filter((r) => shipmentActions(r.shipmentStatus).includes('print'));
      if ((page.result?.total ?? 0) > MAX_BATCH) showNotice(t('action.printAllTooMany', { total: page.result?.total ?? 0, max: MAX_BATCH }));
      if (printable.length === 0) return showNotice(t('action.printAllNone'));
      if (printable.length < found.length) toastSuccess(t('action.printAllSkipped', { count: found.length - printable.length }));
      setPrinting(printable.map((r) => r.id));
    } catch (failure) {
      showNotice(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setGathering(false);
    }
  }
  const handlers: Handlers = {
    view: (row) => setViewing(row.id),
    edit: (row) => setTarget({ mode: 'edit', id: row.id, type: row.shipmentType as ShipmentType }),
    act,
    print,
    uploadLabel: (row) => setUploadingLabel({ shipmentId: row.id, serialNumber: row.serialNumber }),
  };
  const batchButton = (action: 'submit' | 'cancel', label: string) => (
    <Authorized action={`${SHIPMENT_PERMISSION}:${action}`}>
      <Button size="sm" variant="outline" disabled={selected.length === 0} onClick={() => act(selected, action)} data-testid={`shipment-batch-${action}`}>
        {label}
      </Button>
    </Authorized>
  );
  return (
    <CrudListPage
      crud={crud}
      title={t(type ? `title.${type}` : 'title.all')}
      columns={columns(t, handlers, type === undefined)}
      filters={
        <>
          <FilterText page={crud} name="numbers" label={t('filter.numbers')} placeholder={t('filter.numbersPlaceholder')} testId="shipment-search-numbers" />
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="shipment-search-keyword" />
          <FilterText page={crud} name="consigneeCountry" label={t('filter.country')} placeholder={t('filter.countryPlaceholder')} testId="shipment-search-country" />
          <FilterText page={crud} name="createTime_begin" label={t('filter.from')} type="date" testId="shipment-search-from" />
          <FilterText page={crud} name="createTime_end" label={t('filter.to')} type="date" testId="shipment-search-to" />
        </>
      }
      toolbar={{
        add: type ? { action: `${SHIPMENT_PERMISSION}:add`, label: t('add'), onClick: () => setTarget({ mode: 'add', type }) } : undefined,
        batchDelete: crud.canBatchDelete ? { action: `${SHIPMENT_PERMISSION}:delete`, onClick: () => act(selected, 'delete') } : undefined,
        leading: (
          <>
            {type ? (
              <Authorized action={`${SHIPMENT_PERMISSION}:import`}>
                <Button size="sm" variant="outline" onClick={() => setImporting(type)} data-testid="shipment-import-open">
                  {t('import.button')}
                </Button>
              </Authorized>
            ) : null}
            {batchButton('submit', t('action.submitSelected'))}
            {batchButton('cancel', t('action.cancelSelected'))}
            <Authorized action={PRINT_PERMISSION}>
              <Button size="sm" variant="outline" disabled={selected.length === 0} onClick={() => print(selected)} data-testid="shipment-batch-print">
                {t('action.printSelected')}
              </Button>
              <Button size="sm" variant="outline" loading={gathering} disabled={crud.list.total === 0} onClick={() => void printAll()} data-testid="shipment-print-all">
                {t('action.printAll', { count: Math.min(crud.list.total, MAX_BATCH) })}
              </Button>
            </Authorized>
          </>
        ),
        exportAction: `${SHIPMENT_PERMISSION}:export`,
      }}
      table={{ selectable: true }}
      above={
        <Stack gap="2" minWidth="0">
          <StatusTabs crud={crud} />
          {selected.length > 0 ? (
            <Text textStyle="xs" color="fg.muted" data-testid="shipment-selected">
              {t('selectedCount', { count: selected.length })}
            </Text>
          ) : null}
        </Stack>
      }
      dialogs={
        <>
          <ShipmentFormDrawer target={target} onClose={() => setTarget(undefined)} />
          <ShipmentDetailDrawer id={viewing} onClose={() => setViewing(undefined)} />
          <BatchResultDialog result={result} onClose={() => setResult(undefined)} />
          <ImportDialog type={importing} onClose={() => setImporting(undefined)} />
          <PrintDialog ids={printing} listPath={SHIPMENT_LIST_PATH} onClose={() => setPrinting([])} />
          <CarrierLabelUploadDialog target={uploadingLabel} onClose={() => setUploadingLabel(undefined)} onUploaded={() => void invalidate()} />
          {dialog}
        </>
      }
    />
  );
}

export const B2cShipmentList = () => <ShipmentListPage type="B2C" />;
export const B2bShipmentList = () => <ShipmentListPage type="B2B" />;
export const FbaShipmentList = () => <ShipmentListPage type="FBA" />;
export const WmsShipmentList = () => <ShipmentListPage type="WMS" />;
export default function AllShipmentList() {
  return <ShipmentListPage />;
}

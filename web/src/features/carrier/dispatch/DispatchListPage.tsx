/**
 * Dispatches: orders handed to a carrier at a pickup from one of the forwarder's depots, newest
 * first: search by number, carrier, depot, pickup day and status; paging, sort; the server's
 * xlsx export (`logistics:dispatch:export`). A new dispatch (carrier, depot, day, window) opens
 * in the dispatch drawer, where its orders are scanned or pasted in and its pickup booked; one
 * whose orders may still change can be edited.
 */
import { Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { SendIcon } from '../../../components/icons';
import { LinkButton } from '../../../components/LinkButton';
import { actionsColumn, createTimeColumn, CrudListPage, FilterSelect, FilterText, labelled, ListEmpty, ListSubtitle, monoColumn, TwoLines, useCrudList, type RowAction } from '../../../components/list';
import { dispatchActions } from '../../../core';
import { Kilograms } from '../../warehouse/OutPackageList';
import { DISPATCH_ADD_PERMISSION, DISPATCH_EXPORT_PATH, DISPATCH_EXPORT_PERMISSION, DISPATCH_LIST_PATH, DISPATCH_PERMISSION, DISPATCH_STATUSES, type DispatchRecord } from './api';
import { useCarrierDepotChoices } from './CarrierDepotFields';
import { DispatchDrawer, DispatchStatusTag } from './DispatchDrawer';
import { DispatchFormDialog } from './DispatchFormDialog';

/** The filters (in the URL) and their empty values; the day is `YYYY-MM-DD`. */
const EMPTY = { dispatchNo: '', supplierId: '', depotId: '', pickupDate: '', dispatchStatus: '' };
type Filters = typeof EMPTY;

function dispatchColumns(t: TFunction<'dispatch'>, onOpen: (row: DispatchRecord) => void, onEdit: (row: DispatchRecord) => void): DataColumn<DispatchRecord>[] {
  return [
    {
      id: 'dispatchNo',
      header: t('field.dispatchNo'),
      sortable: true,
      cell: (row) => (
        <LinkButton fontFamily="mono" fontWeight="medium" onClick={() => onOpen(row)} aria-label={t('action.openLabel', { dispatchNo: row.dispatchNo })} data-testid="dispatch-open">
          {row.dispatchNo}
        </LinkButton>
      ),
    },
    { id: 'supplierId', header: t('field.carrier'), cell: (row) => row.supplierName || '—' },
    { id: 'depotId', header: t('field.depot'), hideBelow: 'md', cell: (row) => row.depotName || '—' },
    { id: 'pickupDate', header: t('field.pickup'), sortable: true, hideBelow: 'sm', cell: (row) => <TwoLines mono first={row.pickupDate} second={row.pickupWindow} /> },
    { id: 'dispatchStatus', header: t('field.status'), cell: (row) => <DispatchStatusTag status={row.dispatchStatus} /> },
    monoColumn<DispatchRecord>('pickupRef', t('field.pickupRef'), (row) => row.pickupRef, { hideBelow: 'lg' }),
    { id: 'shipments', header: t('field.shipments'), textAlign: 'end', cell: (row) => <Text textAlign="end">{row.shipments}</Text> },
    { id: 'pieces', header: t('field.pieces'), textAlign: 'end', hideBelow: 'md', cell: (row) => <Text textAlign="end">{row.pieces}</Text> },
    { id: 'weight', header: t('field.weight'), textAlign: 'end', hideBelow: 'md', cell: (row) => <Kilograms value={row.weight} /> },
    monoColumn<DispatchRecord>('manifestNo', t('field.manifestNo'), (row) => row.manifestNo, { hideBelow: 'lg' }),
    createTimeColumn(t('field.createTime'), 'xl'),
    actionsColumn<DispatchRecord>('text', (row): RowAction[] => [
      { label: t('action.open'), onClick: () => onOpen(row), testId: 'dispatch-orders-open', ariaLabel: t('action.openLabel', { dispatchNo: row.dispatchNo }) },
      ...(dispatchActions(row.dispatchStatus).includes('edit') ? [{ kind: 'edit' as const, action: DISPATCH_ADD_PERMISSION, onClick: () => onEdit(row), testId: 'dispatch-edit' }] : []),
    ]),
  ];
}

export default function DispatchListPage() {
  const { t } = useTranslation('dispatch');
  const choices = useCarrierDepotChoices();
  const [opened, setOpened] = useState<DispatchRecord>();
  const crud = useCrudList<DispatchRecord, Filters>(DISPATCH_LIST_PATH, {
    name: 'dispatch',
    permission: DISPATCH_PERMISSION,
    ns: 'dispatch',
    emptyFilters: EMPTY,
    describe: (row) => row.dispatchNo,
    exportPath: DISPATCH_EXPORT_PATH,
  });
  const editing = crud.form.dialog.record;
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      subtitle={<ListSubtitle>{t('subtitle')}</ListSubtitle>}
      columns={dispatchColumns(t, setOpened, crud.form.edit)}
      search={{ visibleOnPhone: 2 }}
      filters={
        <>
          <FilterText page={crud} name="dispatchNo" label={t('filter.dispatchNo')} placeholder={t('filter.dispatchNoPlaceholder')} fontFamily="mono" transform={(value) => value.toUpperCase()} testId="dispatch-search-no" />
          <FilterSelect page={crud} name="supplierId" label={t('filter.carrier')} options={choices.carriers} allLabel={t('filter.all')} loading={choices.carriersLoading} testId="dispatch-search-carrier" />
          <FilterSelect page={crud} name="depotId" label={t('filter.depot')} options={choices.depots} allLabel={t('filter.all')} loading={choices.depotsLoading} testId="dispatch-search-depot" />
          <FilterText page={crud} name="pickupDate" label={t('filter.pickupDate')} type="date" testId="dispatch-search-date" />
          <FilterSelect page={crud} name="dispatchStatus" label={t('filter.status')} options={labelled(DISPATCH_STATUSES, (status) => t(`status.${status}`))} allLabel={t('filter.all')} testId="dispatch-search-status" />
        </>
      }
      toolbar={{ exportAction: DISPATCH_EXPORT_PERMISSION }}
      table={{ emptyState: <ListEmpty icon={<SendIcon />} title={t('empty')} description={t('emptyDescription')} testId="dispatch-empty" /> }}
      dialogs={
        <>
          <DispatchFormDialog {...crud.form.dialog} supplierId={crud.filters.supplierId} depotId={crud.filters.supplierId ? crud.filters.depotId : ''} onSaved={(saved) => (saved && !editing ? setOpened(saved) : undefined)} />
          <DispatchDrawer record={opened} onClose={() => setOpened(undefined)} />
        </>
      }
    />
  );
}

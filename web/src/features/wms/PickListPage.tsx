/**
 * Pick lists (staff the tenant's, customers their own): WMS orders' goods as reserved when each
 * was submitted, a line per SKU and location, sorted by location (the walk through the
 * warehouse). Searched by order, SKU or location, status and days; the server's xlsx export.
 * Staff confirm a line picked (`POST /wms/pick/confirm`) after a confirmation: its pieces leave
 * the shelf through the stock ledger. The PDA page picks a whole order by scanning.
 */
import { Badge, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/ConfirmDialog';
import type { DataColumn } from '../../components/DataTable';
import { InboxIcon } from '../../components/icons';
import { actionsColumn, CrudListPage, FilterSelect, FilterText, labelled, ListEmpty, monoColumn, timeColumn, toastSuccess, TwoLines, useCrudList, useInvalidateList } from '../../components/list';
import { currentLanguage } from '../../i18n';
import { useIsStaff } from '../shipment/shippers/api';
import { confirmPick, PICK_CONFIRM_PERMISSION, PICK_EXPORT_PATH, PICK_LIST_PATH, PICK_PERMISSION, PICK_STATUSES, type WmsPickRecord } from './api';

const EMPTY = { keyWord: '', status: 'allocated', createTime_begin: '', createTime_end: '' };
type Filters = typeof EMPTY;

export const PICK_COLORS: Record<string, string> = { allocated: 'orange', picked: 'green', released: 'gray' };

/** A pick line's status, as a badge. */
export function PickStatus({ value }: { value: string }) {
  const { t } = useTranslation('wmsPick');
  return (
    <Badge size="sm" variant="subtle" colorPalette={PICK_COLORS[value] ?? 'gray'}>
      {t(`status.${value}`, { defaultValue: value })}
    </Badge>
  );
}

function pickColumns(t: TFunction<'wmsPick'>, staff: boolean, onPick: (row: WmsPickRecord) => void): DataColumn<WmsPickRecord>[] {
  const zh = currentLanguage() === 'zh-CN';
  return [
    monoColumn<WmsPickRecord>('locationCode', t('field.location'), (row) => row.locationCode, { sortable: true, strong: true }),
    monoColumn<WmsPickRecord>('skuCode', t('field.sku'), (row) => row.skuCode, { sortable: true }),
    { id: 'name', header: t('field.name'), hideBelow: 'md', minWidth: '140px', cell: (row) => <TwoLines first={(zh ? row.nameZh : row.nameEn) ?? '—'} second={(zh ? row.nameEn : row.nameZh) ?? undefined} /> },
    { id: 'quantity', header: t('field.quantity'), sortable: true, textAlign: 'end', cell: (row) => <Text as="span" fontWeight="semibold" fontVariantNumeric="tabular-nums">{row.quantity}</Text> },
    monoColumn<WmsPickRecord>('serialNumber', t('field.serialNumber'), (row) => row.serialNumber, { sortable: true, hideBelow: 'sm' }),
    { id: 'status', header: t('field.status'), sortable: true, cell: (row) => <PickStatus value={row.status} /> },
    { id: 'pickedBy', header: t('field.pickedBy'), hideBelow: 'lg', cell: (row) => row.pickedBy || '—' },
    timeColumn<WmsPickRecord>('pickedTime', t('field.pickedTime'), (row) => row.pickedTime, { sortable: true, hideBelow: 'lg' }),
    timeColumn<WmsPickRecord>('createTime', t('field.createTime'), (row) => row.createTime, { sortable: true, hideBelow: 'xl' }),
    ...(staff
      ? [
          actionsColumn<WmsPickRecord>('text', (row) => [
            {
              action: PICK_CONFIRM_PERMISSION,
              label: t('action.pick'),
              ariaLabel: t('action.pickOf', { sku: row.skuCode, location: row.locationCode }),
              disabled: row.status !== 'allocated',
              onClick: () => onPick(row),
              testId: 'pick-confirm',
            },
          ]),
        ]
      : []),
  ];
}

export default function PickListPage() {
  const { t } = useTranslation('wmsPick');
  const staff = useIsStaff();
  const { confirm, dialog } = useConfirm();
  const invalidate = useInvalidateList(PICK_LIST_PATH);
  const crud = useCrudList<WmsPickRecord, Filters>(PICK_LIST_PATH, {
    name: 'pick',
    permission: PICK_PERMISSION,
    ns: 'wmsPick',
    emptyFilters: EMPTY,
    defaultSort: { column: 'locationCode', order: 'asc' },
    describe: (row) => `${row.serialNumber} ${row.skuCode} @ ${row.locationCode}`,
    exportPath: PICK_EXPORT_PATH,
  });
  const pick = (row: WmsPickRecord) =>
    confirm({
      title: t('confirm.title'),
      description: t('confirm.description', { quantity: row.quantity, sku: row.skuCode, location: row.locationCode, serial: row.serialNumber }),
      confirmLabel: t('action.pick'),
      colorPalette: 'blue',
      testId: 'pick-confirm-dialog',
      onConfirm: async () => {
        await confirmPick({ number: row.serialNumber, ids: row.id });
        toastSuccess(t('toast.picked', { sku: row.skuCode, quantity: row.quantity, location: row.locationCode }));
        await invalidate();
      },
    });
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      columns={pickColumns(t, staff, pick)}
      filters={
        <>
          <FilterText page={crud} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} fontFamily="mono" testId="pick-search-keyword" />
          <FilterSelect page={crud} name="status" label={t('field.status')} options={labelled(PICK_STATUSES, (value) => t(`status.${value}`))} allLabel={t('filter.all')} testId="pick-search-status" />
          <FilterText page={crud} name="createTime_begin" label={t('filter.from')} type="date" max={crud.draft.createTime_end || undefined} testId="pick-search-from" />
          <FilterText page={crud} name="createTime_end" label={t('filter.to')} type="date" min={crud.draft.createTime_begin || undefined} testId="pick-search-to" />
        </>
      }
      toolbar={{ exportAction: `${PICK_PERMISSION}:export` }}
      table={{ emptyState: <ListEmpty icon={<InboxIcon />} title={t('empty')} description={t('emptyDescription')} testId="pick-empty" /> }}
      dialogs={dialog}
    />
  );
}

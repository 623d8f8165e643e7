/**
 * Warehouse fees (customers their own, staff the tenant's): what the daily job charged each day,
 * storage by the volume held at the day's end, inbound and outbound handling by the pieces
 * received and picked, at which rate, and whether the wallet paid it (a fee the balance could not
 * pay stays due, with the reason, until the next run pays it). Searched by day or month, type and
 * status; the server's xlsx export.
 */
import { Badge, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { InboxIcon } from '../../components/icons';
import { CrudListPage, FilterSelect, FilterText, labelled, ListEmpty, monoColumn, timeColumn, useCrudList } from '../../components/list';
import { useIsStaff } from '../shipment/shippers/api';
import { FEE_STATUSES, FEE_TYPES, USER_FEE_EXPORT_PATH, USER_FEE_LIST_PATH, USER_FEE_PERMISSION, type WmsUserFeeRecord } from './api';

const EMPTY = { feeDate: '', feeType: '', status: '' };
type Filters = typeof EMPTY;

const TYPE_COLORS: Record<string, string> = { storage: 'purple', inbound: 'green', outbound: 'blue' };

function feeColumns(t: TFunction<'wmsFee'>, staff: boolean): DataColumn<WmsUserFeeRecord>[] {
  return [
    monoColumn<WmsUserFeeRecord>('feeDate', t('field.feeDate'), (row) => row.feeDate, { sortable: true, strong: true }),
    ...(staff ? [{ id: 'customerUsername', header: t('field.customer'), hideBelow: 'md' as const, cell: (row: WmsUserFeeRecord) => row.customerUsername || '—' }] : []),
    { id: 'feeType', header: t('field.feeType'), sortable: true, cell: (row) => <Badge size="sm" variant="subtle" colorPalette={TYPE_COLORS[row.feeType] ?? 'gray'}>{t(`type.${row.feeType}`, { defaultValue: row.feeType })}</Badge> },
    { id: 'pieces', header: t('field.pieces'), sortable: true, textAlign: 'end', hideBelow: 'sm', cell: (row) => <Text as="span" fontVariantNumeric="tabular-nums">{row.pieces}</Text> },
    { id: 'volume', header: t('field.volume'), textAlign: 'end', hideBelow: 'md', cell: (row) => row.volume ?? '—' },
    { id: 'rate', header: t('field.rate'), textAlign: 'end', hideBelow: 'lg' },
    {
      id: 'amount',
      header: t('field.amount'),
      sortable: true,
      textAlign: 'end',
      cell: (row) => <Text as="span" fontWeight="semibold" fontVariantNumeric="tabular-nums">{`${row.amount} ${row.currency}`}</Text>,
    },
    {
      id: 'status',
      header: t('field.status'),
      sortable: true,
      cell: (row) => (
        <Badge size="sm" variant="subtle" colorPalette={row.status === 'charged' ? 'green' : 'orange'} title={row.message ? t(`reason.${row.message}`, { defaultValue: row.message }) : undefined}>
          {t(`status.${row.status}`, { defaultValue: row.status })}
        </Badge>
      ),
    },
    { id: 'message', header: t('field.note'), hideBelow: 'lg', cell: (row) => (row.message ? <Text textStyle="sm" color="fg.warning">{t(`reason.${row.message}`, { defaultValue: row.message })}</Text> : '—') },
    monoColumn<WmsUserFeeRecord>('tradeNo', t('field.tradeNo'), (row) => row.tradeNo, { hideBelow: 'xl', size: 'xs' }),
    timeColumn<WmsUserFeeRecord>('chargeTime', t('field.chargeTime'), (row) => row.chargeTime, { sortable: true, hideBelow: 'xl' }),
  ];
}

export default function UserFeeListPage() {
  const { t } = useTranslation('wmsFee');
  const { t: own } = useTranslation('wmsUserFee');
  const staff = useIsStaff();
  const crud = useCrudList<WmsUserFeeRecord, Filters>(USER_FEE_LIST_PATH, {
    name: 'user-fee',
    permission: USER_FEE_PERMISSION,
    ns: 'wmsUserFee',
    emptyFilters: EMPTY,
    defaultSort: { column: 'feeDate', order: 'desc' },
    describe: (row) => `${row.feeDate} ${row.feeType}`,
    exportPath: USER_FEE_EXPORT_PATH,
  });
  const filtered = Object.values(crud.filters).some((value) => value !== '');
  return (
    <CrudListPage
      crud={crud}
      title={own('title')}
      columns={feeColumns(t, staff)}
      filters={
        <>
          <FilterText page={crud} name="feeDate" label={t('filter.feeDate')} placeholder={t('filter.feeDatePlaceholder')} fontFamily="mono" testId="user-fee-search-date" />
          <FilterSelect page={crud} name="feeType" label={t('field.feeType')} options={labelled(FEE_TYPES, (value) => t(`type.${value}`))} allLabel={t('filter.all')} testId="user-fee-search-type" />
          <FilterSelect page={crud} name="status" label={t('field.status')} options={labelled(FEE_STATUSES, (value) => t(`status.${value}`))} allLabel={t('filter.all')} testId="user-fee-search-status" />
        </>
      }
      toolbar={{ exportAction: `${USER_FEE_PERMISSION}:export` }}
      table={{ emptyState: filtered ? undefined : <ListEmpty icon={<InboxIcon />} title={own('empty')} description={own('emptyDescription')} testId="user-fee-empty" /> }}
    />
  );
}

/**
 * The inbound parcel list: its columns, filters and the `useCrudList` of `/logistics/inbound`,
 * shared by the list page and the single intake page (the scan card above the same list).
 */
import { Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../components/DataTable';
import { createTimeColumn, FilterText, ListEmpty, monoColumn, useCrudList, type CrudList } from '../../components/list';
import { InboxIcon } from '../../components/icons';
import { INBOUND_EXPORT_PATH, INBOUND_LIST_PATH, INBOUND_PERMISSION, type InboundParcelRecord } from './api';
import { AdjustmentBadge } from './IntakeResult';

/** The filters (in the URL) and their empty values; the days are `YYYY-MM-DD`. */
export const EMPTY_FILTERS = { numbers: '', country: '', createTime_begin: '', createTime_end: '' };
export type InboundFilters = typeof EMPTY_FILTERS;
export type InboundList = CrudList<InboundParcelRecord, InboundFilters>;

const number = (value: string | null | undefined) =>
  value ? (
    <Text fontFamily="mono" textStyle="sm" textAlign="end">
      {value}
    </Text>
  ) : (
    '—'
  );

export function inboundColumns(t: TFunction<'inbound'>): DataColumn<InboundParcelRecord>[] {
  return [
    monoColumn<InboundParcelRecord>('serialNumber', t('field.serialNumber'), (row) => row.serialNumber, { sortable: true, strong: true }),
    monoColumn<InboundParcelRecord>('parcelSerialNumber', t('field.parcelSerialNumber'), (row) => row.parcelSerialNumber),
    monoColumn<InboundParcelRecord>('scannedNo', t('field.scannedNo'), (row) => row.scannedNo, { hideBelow: 'md' }),
    monoColumn<InboundParcelRecord>('sysTrackNo', t('field.sysTrackNo'), (row) => row.sysTrackNo, { hideBelow: 'xl' }),
    monoColumn<InboundParcelRecord>('trackNo', t('field.trackNo'), (row) => row.trackNo, { hideBelow: 'lg' }),
    { id: 'country', header: t('field.country'), hideBelow: 'md', cell: (row) => row.country || '—' },
    { id: 'weight', header: t('field.weight'), textAlign: 'end', cell: (row) => number(row.weight) },
    { id: 'declaredWeight', header: t('field.declaredWeight'), textAlign: 'end', hideBelow: 'md', cell: (row) => number(row.declaredWeight) },
    { id: 'bulky', header: t('field.bulky'), textAlign: 'end', hideBelow: 'lg', cell: (row) => number(row.bulky) },
    monoColumn<InboundParcelRecord>('size', t('field.size'), (row) => [row.length, row.width, row.height].join(' × '), { hideBelow: 'xl' }),
    {
      id: 'adjustment',
      header: t('field.adjustment'),
      cell: (row) => (row.adjustment ? <AdjustmentBadge adjustment={row.adjustment} currency={row.currency} size="sm" testId="inbound-adjustment" /> : '—'),
    },
    monoColumn<InboundParcelRecord>('packageNo', t('field.packageNo'), (row) => row.packageNo, { hideBelow: 'xl' }),
    { id: 'createBy', header: t('field.createBy'), hideBelow: 'lg', cell: (row) => row.createBy || '—' },
    createTimeColumn(t('field.createTime')),
  ];
}

/** The list of received parcels (newest first), exported by the server. */
export function useInboundList(): InboundList {
  return useCrudList<InboundParcelRecord, InboundFilters>(INBOUND_LIST_PATH, {
    name: 'inbound',
    permission: INBOUND_PERMISSION,
    ns: 'inbound',
    emptyFilters: EMPTY_FILTERS,
    describe: (row) => row.parcelSerialNumber,
    exportPath: INBOUND_EXPORT_PATH,
  });
}

/** The search fields: numbers in bulk, the country and the days received (a fragment: the search bar lays out each). */
export function inboundFilterFields(crud: InboundList, t: TFunction<'inbound'>) {
  return (
    <>
      <FilterText page={crud} name="numbers" label={t('filter.numbers')} placeholder={t('filter.numbersPlaceholder')} fontFamily="mono" testId="inbound-search-numbers" />
      <FilterText page={crud} name="country" label={t('filter.country')} placeholder={t('filter.countryPlaceholder')} transform={(value) => value.toUpperCase()} testId="inbound-search-country" />
      <FilterText page={crud} name="createTime_begin" label={t('filter.from')} type="date" max={crud.draft.createTime_end || undefined} testId="inbound-search-from" />
      <FilterText page={crud} name="createTime_end" label={t('filter.to')} type="date" min={crud.draft.createTime_begin || undefined} testId="inbound-search-to" />
    </>
  );
}

/** The list's empty state. */
export function InboundEmpty() {
  const { t } = useTranslation('inbound');
  return <ListEmpty icon={<InboxIcon />} title={t('empty')} testId="inbound-empty" />;
}

/**
 * `logistics/HoldList` (预扣记录 Holds, `/logistics/hold`, staff): the amounts orders hold on
 * customers' wallets (`GET /logistics/wallet/hold/list`) with their state — pending, captured
 * (with the final amount), released or expired — and when they expire. Read-only: orders take,
 * capture and release holds; overdue ones are released every minute. Filters in the URL, server
 * paging and sorting, xlsx export.
 */
import { Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { FilterSelect, FilterText, labelled, ListPage, ListSearchBar, ListTable, ListToolbar, monoColumn, TwoLines, useListPage, useXlsxExport } from '../../../components/list';
import { parseUtc, showTime } from '../../../lib/utcTime';
import { HOLD_EXPORT_PATH, HOLD_LIST_PATH, HOLD_STATES, type HoldRecord } from './api';
import { CurrencyFilter } from './filters';
import { moneyColumn } from './Money';
import { HoldStateTag } from './WalletTags';

/** The filters (in the URL) and their empty values. */
const EMPTY = { state: '', reference: '', customer: '', currency: '' };
type Filters = typeof EMPTY;

/** A pending hold past its expiry (the next housekeeping run releases it). */
const overdue = (hold: HoldRecord, now: number) => hold.state === 'pending' && (parseUtc(hold.expiresAt)?.getTime() ?? Infinity) < now;

function holdColumns(t: TFunction<'wallet'>, now: number): DataColumn<HoldRecord>[] {
  return [
    monoColumn<HoldRecord>('reference', t('field.reference'), (row) => row.reference, { sortable: true, strong: true }),
    { id: 'customerUsername', header: t('field.customer'), hideBelow: 'md', cell: (row) => row.customerUsername || '—' },
    moneyColumn<HoldRecord>('amount', t('field.holdAmount'), (row) => row.amount, (row) => row.currency, { sortable: true, strong: true }),
    { id: 'state', header: t('field.state'), sortable: true, cell: (row) => <HoldStateTag state={row.state} /> },
    moneyColumn<HoldRecord>('captured', t('field.captured'), (row) => row.captured, (row) => row.currency, { hideBelow: 'sm' }),
    {
      id: 'expiresAt',
      header: t('field.expiresAt'),
      sortable: true,
      hideBelow: 'md',
      cell: (row) => (
        <TwoLines
          first={<Text as="span" whiteSpace="nowrap">{showTime(row.expiresAt) || '—'}</Text>}
          second={
            overdue(row, now) ? (
              <Text as="span" color="fg.warning" data-testid="hold-overdue">
                {t('hold.overdue')}
              </Text>
            ) : undefined
          }
        />
      ),
    },
    {
      id: 'createTime',
      header: t('field.createTime'),
      sortable: true,
      hideBelow: 'lg',
      cell: (row) => <TwoLines first={<Text as="span" whiteSpace="nowrap">{showTime(row.createTime)}</Text>} second={row.updateTime ? t('hold.updated', { time: showTime(row.updateTime) }) : undefined} />,
    },
  ];
}

export default function HoldListPage() {
  const { t } = useTranslation('wallet');
  const page = useListPage<HoldRecord, Filters>(HOLD_LIST_PATH, { emptyFilters: EMPTY, defaultSort: { column: 'createTime', order: 'desc' } });
  const { list, filters } = page;
  const exporter = useXlsxExport({ path: HOLD_EXPORT_PATH, filters, sort: list.sort, filename: t('hold.exportName') });
  // When the page opened: good enough to flag overdue holds.
  const [now] = useState(() => Date.now());

  return (
    <ListPage
      testId="hold-page"
      search={
        <ListSearchBar page={page} testId="hold-search" visibleOnPhone={1}>
          <FilterText page={page} name="reference" label={t('field.reference')} placeholder={t('filter.referencePlaceholder')} fontFamily="mono" testId="hold-search-reference" />
          <FilterSelect page={page} name="state" label={t('field.state')} options={labelled(HOLD_STATES, (state) => t(`holdState.${state}`))} allLabel={t('filter.all')} testId="hold-search-state" />
          <FilterText page={page} name="customer" label={t('field.customer')} placeholder={t('filter.customerPlaceholder')} testId="hold-search-customer" />
          <CurrencyFilter page={page} testId="hold-search-currency" />
        </ListSearchBar>
      }
      toolbar={
        <ListToolbar
          testIdPrefix="hold"
          leading={
            <Text textStyle="sm" color="fg.muted" hideBelow="md">
              {t('hold.hint')}
            </Text>
          }
          exporter={exporter}
          onRefresh={() => list.refetch()}
        />
      }
    >
      <ListTable list={list} columns={holdColumns(t, now)} getRowId={(row) => row.id} caption={t('hold.caption')} testId="hold-table" />
    </ListPage>
  );
}

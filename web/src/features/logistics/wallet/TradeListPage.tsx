/**
 * `logistics/TradeList` (交易明细 Trade records, `/logistics/trade`): every movement of the
 * customers' wallets, read-only (`GET /logistics/wallet/trade/list`): kind, signed amount and the
 * balance after it, held change, trade number and references. Filters in the URL (a payment
 * account card links here with `?currency=`), server paging and sorting (time, kind, amount), the
 * server's xlsx export (`:trade:export`, or the list permission). Staff also see and search the customer.
 */
import { Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { FilterSelect, FilterText, labelled, ListEmpty, ListPage, ListSearchBar, ListTable, ListToolbar, timeColumn, truncatedColumn, TwoLines, useListPage, useXlsxExport } from '../../../components/list';
import { InboxIcon } from '../../../components/icons';
import { useButtonState } from '../../../hooks/useButtonState';
import { useUserInfo } from '../../../lib/session';
import { isCustomerKind, TRADE_EXPORT_PATH, TRADE_LIST_PATH, TRADE_TYPES, type TradeRecord } from './api';
import { CurrencyFilter, DayRangeFilter, rangeInvalid } from './filters';
import { amountSign, Money, moneyColumn } from './Money';
import { ChannelTag, TradeTypeTag } from './WalletTags';

/** The filters (in the URL) and their empty values; the days are `YYYY-MM-DD`. */
const EMPTY = { tradeType: '', currency: '', tradeNo: '', outTradeNo: '', tradeItem: '', customer: '', createTime_begin: '', createTime_end: '' };
type Filters = typeof EMPTY;

const mono = (text: string | null | undefined, size: 'xs' | 'sm' = 'sm') =>
  text ? (
    <Text fontFamily="mono" textStyle={size} wordBreak="break-all">
      {text}
    </Text>
  ) : (
    '—'
  );

function tradeColumns(t: TFunction<'wallet'>, customer: boolean): DataColumn<TradeRecord>[] {
  return [
    timeColumn<TradeRecord>('createTime', t('field.tradeTime'), (row) => row.createTime, { sortable: true }),
    ...(customer ? [] : [{ id: 'customerUsername', header: t('field.customer'), hideBelow: 'md' as const, cell: (row: TradeRecord) => row.customerUsername || '—' }]),
    { id: 'tradeType', header: t('field.tradeType'), sortable: true, cell: (row) => <TradeTypeTag type={row.tradeType} /> },
    moneyColumn<TradeRecord>('money', t('field.money'), (row) => row.money, (row) => row.currency, {
      sortable: true,
      signed: true,
      strong: true,
      testId: 'trade-money',
    }),
    moneyColumn<TradeRecord>('balance', t('field.balanceAfter'), (row) => row.balance, (row) => row.currency, { testId: 'trade-balance' }),
    {
      id: 'held',
      header: t('field.heldAfter'),
      textAlign: 'end',
      hideBelow: 'lg',
      cell: (row) => (
        <Stack gap="0" align="flex-end">
          <Money amount={row.heldAfter} currency={row.currency} textStyle="sm" />
          {amountSign(row.heldChange) !== 0 ? <Money amount={row.heldChange} currency={row.currency} textStyle="xs" signed plain color="fg.muted" /> : null}
        </Stack>
      ),
    },
    {
      id: 'tradeNo',
      header: t('field.tradeNo'),
      hideBelow: 'md',
      cell: (row) => <TwoLines mono first={row.tradeNo} second={t('trade.seq', { seq: row.seq })} />,
    },
    { id: 'outTradeNo', header: t('field.outTradeNo'), hideBelow: 'xl', cell: (row) => mono(row.outTradeNo, 'xs') },
    { id: 'tradeItem', header: t('field.tradeItem'), hideBelow: 'xl', cell: (row) => mono(row.tradeItem, 'xs') },
    { id: 'paymentChannel', header: t('field.paymentChannel'), hideBelow: '2xl', cell: (row) => <ChannelTag channel={row.paymentChannel} /> },
    { id: 'operator', header: t('field.operator'), hideBelow: '2xl', cell: (row) => row.operator || '—' },
    truncatedColumn<TradeRecord>('remark', t('field.remark'), (row) => row.remark, '48', { hideBelow: 'lg' }),
  ];
}

export default function TradeListPage() {
  const { t } = useTranslation('wallet');
  const user = useUserInfo();
  const customer = isCustomerKind(user?.userKind);
  const page = useListPage<TradeRecord, Filters>(TRADE_LIST_PATH, { emptyFilters: EMPTY, defaultSort: { column: 'createTime', order: 'desc' } });
  const { list, filters, draft } = page;
  const exporter = useXlsxExport({ path: TRADE_EXPORT_PATH, filters, sort: list.sort, filename: t('trade.exportName') });
  // The server exports to those who may export or list.
  const canExport = [useButtonState('logistics:wallet:trade:export'), useButtonState('logistics:wallet:trade:list')].some((state) => state !== 'hidden');

  return (
    <ListPage
      testId="trade-page"
      search={
        <ListSearchBar page={page} testId="trade-search" visibleOnPhone={1} onSearch={() => (rangeInvalid(draft) ? undefined : page.search())}>
          <FilterSelect page={page} name="tradeType" label={t('field.tradeType')} options={labelled(TRADE_TYPES, (type) => t(`tradeType.${type}`))} allLabel={t('filter.all')} testId="trade-search-type" />
          <CurrencyFilter page={page} testId="trade-search-currency" />
          <FilterText page={page} name="tradeNo" label={t('field.tradeNo')} placeholder={t('filter.tradeNoPlaceholder')} fontFamily="mono" testId="trade-search-trade-no" />
          <FilterText page={page} name="outTradeNo" label={t('field.outTradeNo')} placeholder={t('filter.outTradeNoPlaceholder')} fontFamily="mono" testId="trade-search-out-trade-no" />
          <FilterText page={page} name="tradeItem" label={t('field.tradeItem')} placeholder={t('filter.tradeItemPlaceholder')} fontFamily="mono" testId="trade-search-trade-item" />
          {customer ? null : <FilterText page={page} name="customer" label={t('field.customer')} placeholder={t('filter.customerPlaceholder')} testId="trade-search-customer" />}
          <DayRangeFilter page={page} testId="trade-search" />
        </ListSearchBar>
      }
      toolbar={
        <ListToolbar
          testIdPrefix="trade"
          leading={
            <Text textStyle="sm" color="fg.muted" hideBelow="md">
              {t('trade.hint')}
            </Text>
          }
          exporter={canExport ? exporter : undefined}
          onRefresh={() => list.refetch()}
        />
      }
    >
      <ListTable
        list={list}
        columns={tradeColumns(t, customer)}
        getRowId={(row) => row.id}
        caption={t('trade.caption')}
        emptyState={Object.values(filters).every((value) => value === '') ? <ListEmpty icon={<InboxIcon />} title={t('trade.emptyTitle')} description={t('trade.emptyDescription')} testId="trade-empty" /> : undefined}
        testId="trade-table"
      />
    </ListPage>
  );
}

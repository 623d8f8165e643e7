/**
 * `logistics/RechargeList` (充值 Recharges, `/logistics/recharge`): recharges with their review
 * state (`GET /logistics/wallet/recharge/list`), filters in the URL, server paging and sorting,
 * xlsx export.
 *
 * - Customers (`logistics:wallet:recharge:add`) submit recharges ({@link RechargeFormDialog};
 *   `?add=1` or `?add=<currency>` opens it, as the payment account page links) and pay pending
 *   sandbox ones ("Pay now (sandbox)").
 * - Staff review pending ones: Confirm (`:recharge:confirm`, after a confirmation naming the
 *   customer, amount, reference and voucher; `Idempotency-Key` per confirmation) credits the
 *   wallet once, Reject (`:recharge:reject`) needs a reason. The list shows everything until the
 *   "Pending review" quick filter makes it the review queue.
 */
import { Badge, Button, ButtonGroup, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../api/client';
import { useConfirm } from '../../../components/ConfirmDialog';
import type { DataColumn } from '../../../components/DataTable';
import { CheckIcon, CircleCheckIcon, CloseIcon, InboxIcon, PlusIcon } from '../../../components/icons';
import {
  actionsColumn,
  FilterSelect,
  FilterText,
  labelled,
  ListEmpty,
  ListPage,
  ListSearchBar,
  ListTable,
  ListToolbar,
  timeColumn,
  toastSuccess,
  TwoLines,
  useInvalidateList,
  useListPage,
  useXlsxExport,
  type RowAction,
} from '../../../components/list';
import type { ListResult } from '../../../hooks/useServerList';
import { useButtonState } from '../../../hooks/useButtonState';
import { useLanguage } from '../../../i18n';
import { useUserInfo } from '../../../lib/session';
import { showTime } from '../../../lib/utcTime';
import { ACCOUNT_LIST_PATH, confirmRecharge, isCustomerKind, PAYMENT_CHANNELS, RECHARGE_EXPORT_PATH, RECHARGE_LIST_PATH, RECHARGE_STATUSES, TRADE_LIST_PATH, type RechargeRecord } from './api';
import { CurrencyFilter, DayRangeFilter, rangeInvalid } from './filters';
import { idempotentRunner } from './idempotency';
import { formatAmount, moneyColumn } from './Money';
import { RechargeFormDialog, SandboxPayDialog, VoucherLink } from './RechargeFormDialog';
import { RechargeSummary, RejectDialog } from './RechargeReview';
import { ChannelTag, RechargeStatusTag } from './WalletTags';

/** The filters (in the URL) and their empty values; the days are `YYYY-MM-DD`. */
const EMPTY = { status: '', paymentChannel: '', outTradeNo: '', currency: '', createTime_begin: '', createTime_end: '' };
type Filters = typeof EMPTY;

/** What a row's buttons do. */
interface RowHandlers {
  /** Whether the user has any row action (else no actions column). */
  any: boolean;
  customer: boolean;
  onConfirm: (row: RechargeRecord) => void;
  onReject: (row: RechargeRecord) => void;
  onPay: (row: RechargeRecord) => void;
}

function rechargeColumns(t: TFunction<'wallet'>, handlers: RowHandlers): DataColumn<RechargeRecord>[] {
  const columns: DataColumn<RechargeRecord>[] = [
    timeColumn<RechargeRecord>('createTime', t('field.createTime'), (row) => row.createTime, { sortable: true, hideBelow: 'sm' }),
    ...(handlers.customer ? [] : [{ id: 'customerUsername', header: t('field.customer'), minWidth: '120px', cell: (row: RechargeRecord) => row.customerUsername || '—' }]),
    moneyColumn<RechargeRecord>('amount', t('field.amount'), (row) => row.amount, (row) => row.currency, { sortable: true, strong: true, testId: 'recharge-amount-cell' }),
    { id: 'paymentChannel', header: t('field.paymentChannel'), sortable: true, hideBelow: 'md', cell: (row) => <ChannelTag channel={row.paymentChannel} /> },
    {
      id: 'outTradeNo',
      header: t('field.outTradeNo'),
      sortable: true,
      hideBelow: 'md',
      cell: (row) => (
        <Text fontFamily="mono" textStyle="sm" truncate maxWidth="48" title={row.outTradeNo}>
          {row.outTradeNo}
        </Text>
      ),
    },
    {
      id: 'status',
      header: t('field.status'),
      sortable: true,
      cell: (row) => (
        <TwoLines
          first={<RechargeStatusTag status={row.status} testId="recharge-status" />}
          second={
            row.status === 'rejected' && row.reason ? (
              <Text as="span" truncate display="block" maxWidth="48" title={row.reason}>
                {row.reason}
              </Text>
            ) : undefined
          }
        />
      ),
    },
    { id: 'voucher', header: t('field.voucher'), hideBelow: 'lg', cell: (row) => <VoucherLink voucher={row.voucher} testId="recharge-voucher-view" /> },
    {
      id: 'tradeNo',
      header: t('field.tradeNo'),
      hideBelow: 'xl',
      cell: (row) =>
        row.tradeNo ? (
          <Text fontFamily="mono" textStyle="xs">
            {row.tradeNo}
          </Text>
        ) : (
          '—'
        ),
    },
    {
      id: 'review',
      header: t('field.review'),
      hideBelow: 'xl',
      cell: (row) => (row.reviewBy ? <TwoLines first={row.reviewBy} second={showTime(row.reviewTime)} /> : '—'),
    },
  ];
  if (handlers.any) {
    columns.push(
      actionsColumn<RechargeRecord>('text', (row) => {
        if (row.status !== 'pending') return [];
        const actions: RowAction[] = [];
        if (!handlers.customer) {
          actions.push(
            { action: 'logistics:wallet:recharge:confirm', label: t('review.confirm'), icon: <CheckIcon />, colorPalette: 'green', onClick: () => handlers.onConfirm(row), testId: 'recharge-confirm' },
            { action: 'logistics:wallet:recharge:reject', label: t('review.reject'), icon: <CloseIcon />, colorPalette: 'red', onClick: () => handlers.onReject(row), testId: 'recharge-reject' },
          );
        } else if (row.paymentChannel === 'sandbox') {
          actions.push({ action: 'logistics:wallet:recharge:add', label: t('sandbox.pay'), onClick: () => handlers.onPay(row), testId: 'recharge-pay' });
        }
        return actions;
      }),
    );
  }
  return columns;
}

/** How many recharges wait for review (one record asked: the answer's total). */
function usePendingCount(enabled: boolean): number | undefined {
  const query = useQuery({
    // Under the list's key: whatever refreshes the list refreshes the count.
    queryKey: ['list', RECHARGE_LIST_PATH, 'pendingCount'],
    queryFn: ({ signal }) => api.get<ListResult<RechargeRecord>>(RECHARGE_LIST_PATH, { status: 'pending', pageNo: 1, pageSize: 1 }, { signal, notify: false }),
    enabled,
    retry: false,
  });
  return query.data?.result?.total;
}

export default function RechargeListPage() {
  const { t } = useTranslation('wallet');
  const lang = useLanguage();
  const user = useUserInfo();
  const customer = isCustomerKind(user?.userKind);
  const page = useListPage<RechargeRecord, Filters>(RECHARGE_LIST_PATH, { emptyFilters: EMPTY, defaultSort: { column: 'createTime', order: 'desc' } });
  const { list, filters, draft } = page;
  const exporter = useXlsxExport({ path: RECHARGE_EXPORT_PATH, filters, sort: list.sort, filename: t('recharge.exportName') });
  const addState = useButtonState('logistics:wallet:recharge:add');
  // Only customers submit recharges (the server refuses staff).
  const canAdd = customer && addState !== 'hidden';
  const canConfirm = useButtonState('logistics:wallet:recharge:confirm') !== 'hidden';
  const canReject = useButtonState('logistics:wallet:recharge:reject') !== 'hidden';
  const reviewer = !customer && (canConfirm || canReject);
  const pending = usePendingCount(reviewer);
  const { confirm, dialog } = useConfirm();
  const refreshRecharges = useInvalidateList(RECHARGE_LIST_PATH);
  const refreshAccounts = useInvalidateList(ACCOUNT_LIST_PATH);
  const refreshTrades = useInvalidateList(TRADE_LIST_PATH);
  const [adding, setAdding] = useState<{ currency?: string }>();
  const [paying, setPaying] = useState<RechargeRecord>();
  const [rejecting, setRejecting] = useState<RechargeRecord>();

  // `?add=1` or `?add=CNY` (the payment account page's buttons) opens the form once, then leaves the URL.
  const [searchParams, setSearchParams] = useSearchParams();
  const addParam = searchParams.get('add');
  const [handledAdd, setHandledAdd] = useState<string | null>(null);
  if (addParam !== handledAdd) {
    setHandledAdd(addParam);
    if (addParam !== null && canAdd) setAdding({ currency: addParam });
  }
  useEffect(() => {
    if (addParam === null) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('add');
        return next;
      },
      { replace: true },
    );
  }, [addParam, setSearchParams]);

  function askConfirm(row: RechargeRecord) {
    // One key per confirmation: a retry after a lost answer credits once.
    const runner = idempotentRunner();
    confirm({
      title: t('review.confirmTitle'),
      description: (
        <>
          <Text color="fg.muted" textStyle="sm" marginBottom="3">
            {t('review.confirmDescription')}
          </Text>
          <RechargeSummary recharge={row} testId="recharge-confirm-summary" />
        </>
      ),
      confirmLabel: t('review.confirm'),
      colorPalette: 'green',
      testId: 'recharge-confirm-dialog',
      onConfirm: async () => {
        const envelope = await runner.run({ id: row.id }, (key) => confirmRecharge(row.id, key)).catch((failure: unknown) => {
          // Reviewed meanwhile (409) or refused: the list shows how it stands now.
          void refreshRecharges();
          throw failure;
        });
        const posted = envelope.result;
        toastSuccess(envelope.message, posted ? t('review.posted', { tradeNo: posted.tradeNo, balance: `${formatAmount(posted.balance, lang)} ${posted.currency}` }) : undefined);
        void refreshAccounts();
        void refreshTrades();
        await refreshRecharges();
      },
    });
  }

  const filtered = Object.values(filters).some((value) => value !== '');
  const emptyState =
    reviewer && filters.status === 'pending' && Object.entries(filters).every(([name, value]) => name === 'status' || value === '') ? (
      <ListEmpty icon={<CircleCheckIcon />} title={t('recharge.queueEmptyTitle')} description={t('recharge.queueEmptyDescription')} testId="recharge-queue-empty" />
    ) : !filtered ? (
      <ListEmpty icon={<InboxIcon />} title={t('recharge.emptyTitle')} description={customer ? t('recharge.emptyCustomer') : t('recharge.emptyStaff')} testId="recharge-empty">
        {canAdd ? (
          <Button size="sm" onClick={() => setAdding({})} data-testid="recharge-empty-add">
            <PlusIcon />
            {t('recharge.add')}
          </Button>
        ) : null}
      </ListEmpty>
    ) : undefined;

  const columns = rechargeColumns(t, {
    any: reviewer || canAdd,
    customer,
    onConfirm: askConfirm,
    onReject: setRejecting,
    onPay: setPaying,
  });

  return (
    <ListPage
      testId="recharge-page"
      search={
        <ListSearchBar page={page} testId="recharge-search" visibleOnPhone={1} onSearch={() => (rangeInvalid(draft) ? undefined : page.search())}>
          <FilterSelect page={page} name="status" label={t('field.status')} options={labelled(RECHARGE_STATUSES, (status) => t(`rechargeStatus.${status}`))} allLabel={t('filter.all')} testId="recharge-search-status" />
          <FilterText page={page} name="outTradeNo" label={t('field.outTradeNo')} placeholder={t('filter.outTradeNoPlaceholder')} fontFamily="mono" testId="recharge-search-out-trade-no" />
          <FilterSelect page={page} name="paymentChannel" label={t('field.paymentChannel')} options={labelled(PAYMENT_CHANNELS, (channel) => t(`channel.${channel}`))} allLabel={t('filter.all')} testId="recharge-search-channel" />
          <CurrencyFilter page={page} testId="recharge-search-currency" />
          <DayRangeFilter page={page} testId="recharge-search" />
        </ListSearchBar>
      }
      toolbar={
        <ListToolbar
          testIdPrefix="recharge"
          add={canAdd ? { action: 'logistics:wallet:recharge:add', label: t('recharge.add'), onClick: () => setAdding({}) } : undefined}
          leading={
            reviewer ? (
              <ButtonGroup size="sm" variant="outline" attached aria-label={t('recharge.quickFilter')}>
                <Button variant={filters.status === '' ? 'solid' : 'outline'} onClick={() => page.applyNow('status', '')} data-testid="recharge-quick-all">
                  {t('recharge.all')}
                </Button>
                <Button variant={filters.status === 'pending' ? 'solid' : 'outline'} onClick={() => page.applyNow('status', 'pending')} data-testid="recharge-quick-pending">
                  {t('recharge.reviewQueue')}
                  {pending ? (
                    <Badge size="sm" colorPalette="orange" variant="solid" data-testid="recharge-pending-count">
                      {pending}
                    </Badge>
                  ) : null}
                </Button>
              </ButtonGroup>
            ) : null
          }
          exporter={exporter}
          onRefresh={() => list.refetch()}
        />
      }
      dialogs={
        <>
          <RechargeFormDialog
            open={adding !== undefined}
            onOpenChange={(open) => (open ? undefined : setAdding(undefined))}
            currency={adding?.currency}
            onSaved={(record) => {
              if (record?.paymentChannel === 'sandbox' && record.status === 'pending') setPaying(record);
            }}
          />
          <SandboxPayDialog recharge={paying} onClose={() => setPaying(undefined)} />
          <RejectDialog recharge={rejecting} onClose={() => setRejecting(undefined)} />
          {dialog}
        </>
      }
    >
      <ListTable list={list} columns={columns} getRowId={(row) => row.id} caption={t('recharge.caption')} emptyState={emptyState} testId="recharge-table" />
    </ListPage>
  );
}

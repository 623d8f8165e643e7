/**
 * `logistics/PaymentAccount` (支付账户 Payment accounts, `/logistics/payment`): the wallets per
 * customer and currency (`GET /logistics/wallet/account/list`).
 *
 * - A customer (or its sub-account) has one account per currency: a card each, with the balance,
 *   held, available and credit limit, a frozen badge, and links to recharge (with
 *   `logistics:wallet:recharge:add`) and to the currency's trade records.
 * - Staff see the tenant's accounts in a table (search by customer, currency, status; server
 *   paging and sorting; xlsx export), each row with a menu of the actions they hold: credit limit
 *   (`:account:credit`), freeze/unfreeze (`:account:frozen`) and balance adjustment (`logistics:wallet:adjust`).
 */
import { Alert, Box, Button, Card, Flex, HStack, Heading, IconButton, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Authorized } from '../../../components/Authorized';
import type { DataColumn } from '../../../components/DataTable';
import { statusOptions } from '../../../components/form/options';
import { FileTextIcon, InboxIcon, PlusIcon, RefreshIcon } from '../../../components/icons';
import { actionsColumn, FilterSelect, FilterText, ListEmpty, ListPage, ListSearchBar, ListTable, ListToolbar, RowMenu, timeColumn, TwoLines, useListPage, useXlsxExport } from '../../../components/list';
import { useButtonState } from '../../../hooks/useButtonState';
import { usePermissions } from '../../../lib/permission';
import { useUserInfo } from '../../../lib/session';
import { AdjustDialog, CreditLimitDialog, FreezeDialog } from './AccountDialogs';
import { ACCOUNT_EXPORT_PATH, ACCOUNT_LIST_PATH, isCustomerKind, walletPagePath, type AccountRecord } from './api';
import { CurrencyFilter } from './filters';
import { Money, moneyColumn } from './Money';
import { AccountStatusTag } from './WalletTags';

/** A customer and its sub-accounts see their own wallets as cards; staff the tenant's as a table. */
export default function PaymentAccountPage() {
  const user = useUserInfo();
  return isCustomerKind(user?.userKind) ? <CustomerAccounts /> : <StaffAccounts />;
}

const NO_FILTERS = {};
/** A customer has at most one account per currency: one page holds them all. */
const CUSTOMER_PAGE = 50;

function CustomerAccounts() {
  const { t } = useTranslation('wallet');
  const { routes } = usePermissions();
  const page = useListPage<AccountRecord, Record<string, string>>(ACCOUNT_LIST_PATH, {
    emptyFilters: NO_FILTERS,
    inUrl: false,
    pageSize: CUSTOMER_PAGE,
    defaultSort: { column: 'currency', order: 'asc' },
  });
  const { list } = page;
  const rechargePath = walletPagePath(routes, 'recharge');
  const tradePath = walletPagePath(routes, 'trade');
  const loading = list.loading && list.rows.length === 0;

  return (
    <Stack gap="4" minWidth="0" data-testid="account-page">
      <Card.Root size="sm">
        <Card.Body>
          <Flex gap="3" wrap="wrap" align="center" justify="space-between">
            <Stack gap="0.5" minWidth="0">
              <Heading size="md">{t('account.title')}</Heading>
              <Text textStyle="sm" color="fg.muted">
                {t('account.customerHint')}
              </Text>
            </Stack>
            <HStack gap="2">
              <Authorized action="logistics:wallet:recharge:add">
                <Button asChild size="sm">
                  <RouterLink to={`${rechargePath}?add=1`} data-testid="account-recharge">
                    <PlusIcon />
                    {t('account.recharge')}
                  </RouterLink>
                </Button>
              </Authorized>
              <IconButton size="sm" variant="ghost" aria-label={t('action.refresh', { ns: 'dataTable' })} title={t('action.refresh', { ns: 'dataTable' })} onClick={() => void list.refetch()}>
                <RefreshIcon />
              </IconButton>
            </HStack>
          </Flex>
        </Card.Body>
      </Card.Root>

      {loading ? (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="account-loading">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height="56" rounded="lg" />
          ))}
        </SimpleGrid>
      ) : list.rows.length === 0 ? (
        <Card.Root size="sm">
          <Card.Body>
            <ListEmpty icon={<InboxIcon />} title={t('account.emptyTitle')} description={t('account.emptyDescription')} testId="account-empty">
              <Authorized action="logistics:wallet:recharge:add">
                <Button asChild size="sm">
                  <RouterLink to={`${rechargePath}?add=1`} data-testid="account-empty-recharge">
                    <PlusIcon />
                    {t('account.recharge')}
                  </RouterLink>
                </Button>
              </Authorized>
            </ListEmpty>
          </Card.Body>
        </Card.Root>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="account-cards">
          {list.rows.map((account) => (
            <AccountCard key={account.id} account={account} rechargePath={rechargePath} tradePath={tradePath} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** One line of a card: label left, amount right. */
function CardFigure({ label, amount, currency, testId }: { label: string; amount: string; currency: string; testId: string }) {
  return (
    <HStack justify="space-between" gap="3">
      <Text textStyle="sm" color="fg.muted">
        {label}
      </Text>
      <Money amount={amount} currency={currency} textStyle="sm" testId={testId} />
    </HStack>
  );
}

function AccountCard({ account, rechargePath, tradePath }: { account: AccountRecord; rechargePath: string; tradePath: string }) {
  const { t } = useTranslation('wallet');
  const frozen = Number(account.status) === 0;
  const { currency } = account;
  return (
    <Card.Root size="sm" data-testid="account-card" data-currency={currency}>
      <Card.Header>
        <HStack justify="space-between" gap="2">
          <Heading size="lg" fontFamily="mono" letterSpacing="wide">
            {currency}
          </Heading>
          <AccountStatusTag status={account.status} testId="account-card-status" />
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Box>
            <Text textStyle="xs" color="fg.muted">
              {t('field.available')}
            </Text>
            <Money amount={account.available} currency={currency} textStyle="2xl" fontWeight="semibold" testId="account-card-available" />
          </Box>
          <Stack gap="1.5" borderTopWidth="1px" paddingTop="3">
            <CardFigure label={t('field.balance')} amount={account.balance} currency={currency} testId="account-card-balance" />
            <CardFigure label={t('field.held')} amount={account.held} currency={currency} testId="account-card-held" />
            <CardFigure label={t('field.creditLimit')} amount={account.creditLimit} currency={currency} testId="account-card-credit" />
          </Stack>
          {frozen ? (
            <Alert.Root status="warning" size="sm" data-testid="account-card-frozen">
              <Alert.Indicator />
              <Alert.Title>{t('account.frozenHint')}</Alert.Title>
            </Alert.Root>
          ) : null}
        </Stack>
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        <Authorized action="logistics:wallet:recharge:add">
          <Button asChild size="xs" variant="outline">
            <RouterLink to={`${rechargePath}?add=${currency}`} data-testid="account-card-recharge">
              <PlusIcon />
              {t('account.recharge')}
            </RouterLink>
          </Button>
        </Authorized>
        <Button asChild size="xs" variant="ghost" colorPalette="blue">
          <RouterLink to={`${tradePath}?currency=${currency}`} data-testid="account-card-trades">
            <FileTextIcon />
            {t('account.trades')}
          </RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

/** The staff list's filters (in the URL) and their empty values. */
const EMPTY = { customer: '', currency: '', status: '' };
type Filters = typeof EMPTY;

type Action = 'credit' | 'freeze' | 'adjust';

function accountColumns(t: TFunction<'wallet'>, actions: { any: boolean; onAction: (account: AccountRecord, action: Action) => void }): DataColumn<AccountRecord>[] {
  const columns: DataColumn<AccountRecord>[] = [
    {
      id: 'customerUsername',
      header: t('field.customer'),
      sortable: true,
      minWidth: '140px',
      cell: (row) => <TwoLines first={row.customerName || row.customerUsername} second={row.customerName ? row.customerUsername : undefined} />,
    },
    {
      id: 'currency',
      header: t('field.currency'),
      sortable: true,
      cell: (row) => (
        <Text fontFamily="mono" fontWeight="medium">
          {row.currency}
        </Text>
      ),
    },
    moneyColumn<AccountRecord>('balance', t('field.balance'), (row) => row.balance, (row) => row.currency, { sortable: true }),
    moneyColumn<AccountRecord>('held', t('field.held'), (row) => row.held, (row) => row.currency, { sortable: true, hideBelow: 'md' }),
    moneyColumn<AccountRecord>('creditLimit', t('field.creditLimit'), (row) => row.creditLimit, (row) => row.currency, { sortable: true, hideBelow: 'lg' }),
    moneyColumn<AccountRecord>('available', t('field.available'), (row) => row.available, (row) => row.currency, { sortable: true, strong: true }),
    { id: 'status', header: t('field.status'), sortable: true, cell: (row) => <AccountStatusTag status={row.status} testId="account-status" /> },
    timeColumn<AccountRecord>('updateTime', t('field.updateTime'), (row) => row.updateTime ?? row.createTime, { hideBelow: 'xl' }),
  ];
  if (actions.any) {
    columns.push(
      actionsColumn<AccountRecord>('text', (row) => [
        <RowMenu
          key="more"
          ariaLabel={t('account.rowActions', { customer: row.customerUsername, currency: row.currency })}
          testId="account-more"
          minWidth="40"
          items={[
            { value: 'credit', label: t('credit.title'), action: 'logistics:wallet:account:credit', testId: 'account-credit', onSelect: () => actions.onAction(row, 'credit') },
            {
              value: 'freeze',
              label: Number(row.status) === 0 ? t('freeze.unfreeze') : t('freeze.freeze'),
              action: 'logistics:wallet:account:frozen',
              danger: Number(row.status) !== 0,
              testId: 'account-freeze',
              onSelect: () => actions.onAction(row, 'freeze'),
            },
            { value: 'adjust', label: t('adjust.title'), action: 'logistics:wallet:adjust', testId: 'account-adjust', onSelect: () => actions.onAction(row, 'adjust') },
          ]}
        />,
      ]),
    );
  }
  return columns;
}

function StaffAccounts() {
  const { t } = useTranslation('wallet');
  const page = useListPage<AccountRecord, Filters>(ACCOUNT_LIST_PATH, { emptyFilters: EMPTY, defaultSort: { column: 'customerUsername', order: 'asc' } });
  const { list } = page;
  const exporter = useXlsxExport({ path: ACCOUNT_EXPORT_PATH, filters: page.filters, sort: list.sort, filename: t('account.exportName') });
  const held = [useButtonState('logistics:wallet:account:credit'), useButtonState('logistics:wallet:account:frozen'), useButtonState('logistics:wallet:adjust')];
  const [target, setTarget] = useState<{ account: AccountRecord; action: Action }>();
  const close = () => setTarget(undefined);
  const on = (action: Action) => (target?.action === action ? target.account : undefined);

  return (
    <ListPage
      testId="account-page"
      search={
        <ListSearchBar page={page} testId="account-search" visibleOnPhone={1}>
          <FilterText page={page} name="customer" label={t('field.customer')} placeholder={t('filter.customerPlaceholder')} testId="account-search-customer" />
          <CurrencyFilter page={page} testId="account-search-currency" />
          <FilterSelect page={page} name="status" label={t('field.status')} options={statusOptions((status) => t(`accountStatus.${status}`))} allLabel={t('filter.all')} testId="account-search-status" />
        </ListSearchBar>
      }
      toolbar={<ListToolbar testIdPrefix="account" exporter={exporter} onRefresh={() => list.refetch()} />}
      dialogs={
        <>
          <CreditLimitDialog account={on('credit')} onClose={close} />
          <FreezeDialog account={on('freeze')} onClose={close} />
          <AdjustDialog account={on('adjust')} onClose={close} />
        </>
      }
    >
      <ListTable
        list={list}
        columns={accountColumns(t, { any: held.some((state) => state !== 'hidden'), onAction: (account, action) => setTarget({ account, action }) })}
        getRowId={(row) => row.id}
        caption={t('account.caption')}
        testId="account-table"
      />
    </ListPage>
  );
}

/**
 * `logistics/Reconcile` (对账 Reconciliation, `/logistics/reconcile`, staff): the ledger checked
 * against itself (`GET /logistics/wallet/reconcile`): balanced or not, how many accounts and
 * entries were read, each currency's totals (customers' balances and holds, cash, revenue, and
 * their sum, zero when it balances) and what is off — accounts whose figures differ from their
 * entries, trades whose entries do not sum to zero, accounts whose held amount differs from their
 * open holds. "Run again" checks anew.
 */
import { Badge, Box, Button, Card, Flex, HStack, Heading, List, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { CheckIcon, CircleCheckIcon, CloseIcon, RefreshIcon } from '../../../components/icons';
import { useLanguage } from '../../../i18n';
import { formatLocal } from '../../../lib/utcTime';
import { fetchReconcile, walletKeys, type CurrencyTotals, type ReconcileResult } from './api';
import { amountSign, Money, moneyColumn } from './Money';

/** At most this many of a list of differences are shown (the count says how many there are). */
const SHOWN = 50;

type OffKind = 'accountsOff' | 'transfersOff' | 'holdsOff' | 'dailyOff';
const OFF_KINDS: OffKind[] = ['accountsOff', 'transfersOff', 'holdsOff', 'dailyOff'];

export default function ReconcilePage() {
  const { t } = useTranslation('wallet');
  const query = useQuery({ queryKey: walletKeys.reconcile, queryFn: ({ signal }) => fetchReconcile(signal), retry: false, staleTime: 0 });
  const result = query.data;
  const run = () => void query.refetch();

  return (
    <Stack gap="4" minWidth="0" data-testid="reconcile-page">
      {result && query.isError && !query.isFetching ? (
        <ErrorAlert title={t('reconcile.failed')} message={query.error instanceof Error ? query.error.message : String(query.error)} testId="reconcile-error" />
      ) : null}
      {result ? (
        <Verdict result={result} checkedAt={query.dataUpdatedAt} running={query.isFetching} onRun={run} />
      ) : query.isError ? (
        <Card.Root size="sm">
          <Card.Body>
            <Stack gap="3" align="flex-start">
              <ErrorAlert title={t('reconcile.failed')} message={query.error instanceof Error ? query.error.message : String(query.error)} testId="reconcile-error" />
              <Button size="sm" onClick={run} loading={query.isFetching} data-testid="reconcile-run">
                <RefreshIcon />
                {t('reconcile.run')}
              </Button>
            </Stack>
          </Card.Body>
        </Card.Root>
      ) : (
        <Stack gap="4" data-testid="reconcile-loading">
          <Skeleton height="32" rounded="lg" />
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} height="20" rounded="lg" />
            ))}
          </SimpleGrid>
          <Skeleton height="48" rounded="lg" />
        </Stack>
      )}
      {result ? <Details result={result} /> : null}
    </Stack>
  );
}

const issuesOf = (result: ReconcileResult) => OFF_KINDS.reduce((sum, kind) => sum + result[kind].length, 0);

/** The big balanced / unbalanced status, when it was checked, and "Run again". */
function Verdict({ result, checkedAt, running, onRun }: { result: ReconcileResult; checkedAt: number; running: boolean; onRun: () => void }) {
  const { t } = useTranslation('wallet');
  const { balanced } = result;
  const palette = balanced ? 'green' : 'red';
  return (
    <Card.Root size="sm" colorPalette={palette} borderColor="colorPalette.muted" data-testid="reconcile-status" data-balanced={String(balanced)}>
      <Box h="1" bg="colorPalette.solid" roundedTop="l3" />
      <Card.Body>
        <Flex gap="4" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} justify="space-between">
          <HStack gap="4" align="center" minWidth="0">
            <Flex boxSize={{ base: '12', md: '16' }} rounded="full" bg="colorPalette.subtle" color="colorPalette.fg" align="center" justify="center" flexShrink={0} aria-hidden="true">
              {balanced ? <CircleCheckIcon boxSize={{ base: '7', md: '9' }} /> : <CloseIcon boxSize={{ base: '7', md: '9' }} />}
            </Flex>
            <Stack gap="1" minWidth="0">
              <Heading as="h2" size={{ base: 'xl', md: '2xl' }} color="colorPalette.fg" data-testid="reconcile-verdict">
                {balanced ? t('reconcile.balanced') : t('reconcile.unbalanced')}
              </Heading>
              <Text color="fg.muted" textStyle="sm">
                {balanced ? t('reconcile.balancedHint') : t('reconcile.unbalancedHint', { count: issuesOf(result) })}
              </Text>
              {checkedAt ? (
                <Text color="fg.subtle" textStyle="xs" data-testid="reconcile-checked-at">
                  {t('reconcile.checkedAt', { time: formatLocal(new Date(checkedAt)) })}
                </Text>
              ) : null}
            </Stack>
          </HStack>
          <Button size="sm" variant="outline" colorPalette="gray" onClick={onRun} loading={running} loadingText={t('reconcile.running')} flexShrink={0} data-testid="reconcile-run">
            <RefreshIcon />
            {t('reconcile.run')}
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

function Count({ label, value, testId, warn = false }: { label: string; value: number; testId: string; warn?: boolean }) {
  const lang = useLanguage();
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText fontVariantNumeric="tabular-nums" color={warn ? 'fg.error' : undefined} data-testid={`${testId}-value`}>
            {new Intl.NumberFormat(lang).format(value)}
          </Stat.ValueText>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

const code = (row: CurrencyTotals) => row.currency;

/** A total is zero when the currency balances; otherwise it is flagged. */
function TotalCell({ row }: { row: CurrencyTotals }) {
  const { t } = useTranslation('wallet');
  const off = amountSign(row.total) !== 0;
  return (
    <HStack gap="1.5" justify="flex-end" data-testid="reconcile-total" data-off={String(off)}>
      <Money amount={row.total} currency={row.currency} fontWeight="semibold" />
      {off ? (
        <Badge size="sm" colorPalette="red" variant="solid">
          {t('reconcile.off')}
        </Badge>
      ) : (
        <CheckIcon color="fg.success" aria-label={t('reconcile.zero')} />
      )}
    </HStack>
  );
}

function totalsColumns(t: TFunction<'wallet'>): DataColumn<CurrencyTotals>[] {
  return [
    {
      id: 'currency',
      header: t('field.currency'),
      cell: (row) => (
        <Text fontFamily="mono" fontWeight="medium">
          {row.currency}
        </Text>
      ),
    },
    moneyColumn<CurrencyTotals>('customerBalance', t('reconcile.customerBalance'), (row) => row.customerBalance, code),
    moneyColumn<CurrencyTotals>('customerHeld', t('reconcile.customerHeld'), (row) => row.customerHeld, code, { hideBelow: 'md' }),
    moneyColumn<CurrencyTotals>('cash', t('reconcile.cash'), (row) => row.cash, code, { hideBelow: 'sm' }),
    moneyColumn<CurrencyTotals>('revenue', t('reconcile.revenue'), (row) => row.revenue, code, { hideBelow: 'sm' }),
    {
      id: 'total',
      header: t('reconcile.total'),
      textAlign: 'end',
      cell: (row) => <TotalCell row={row} />,
    },
  ];
}

/** The counts, the totals per currency and the lists of what is off. */
function Details({ result }: { result: ReconcileResult }) {
  const { t } = useTranslation('wallet');
  const issues = issuesOf(result);
  const columns = totalsColumns(t);

  return (
    <>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        <Count label={t('reconcile.accounts')} value={result.accounts} testId="reconcile-accounts" />
        <Count label={t('reconcile.entries')} value={result.entries} testId="reconcile-entries" />
        <Count label={t('reconcile.currencies')} value={result.currencies.length} testId="reconcile-currency-count" />
        <Count label={t('reconcile.issues')} value={issues} warn={issues > 0} testId="reconcile-issues" />
      </SimpleGrid>

      <Card.Root size="sm" minWidth="0">
        <Card.Header>
          <Stack gap="0.5">
            <Heading size="md">{t('reconcile.totalsTitle')}</Heading>
            <Text textStyle="sm" color="fg.muted">
              {t('reconcile.totalsHint')}
            </Text>
          </Stack>
        </Card.Header>
        <Card.Body>
          <DataTable<CurrencyTotals> rows={result.currencies} columns={columns} getRowId={code} pagination={false} caption={t('reconcile.totalsTitle')} testId="reconcile-currencies" />
        </Card.Body>
      </Card.Root>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {OFF_KINDS.map((kind) => (
          <OffList key={kind} kind={kind} items={result[kind]} />
        ))}
      </SimpleGrid>
    </>
  );
}

/** One kind of difference: its explanation and the accounts or trades concerned, or "none". */
function OffList({ kind, items }: { kind: OffKind; items: string[] }) {
  const { t } = useTranslation('wallet');
  const testId = `reconcile-${kind}`;
  return (
    <Card.Root size="sm" minWidth="0" data-testid={testId} data-count={items.length}>
      <Card.Header>
        <HStack justify="space-between" gap="2">
          <Heading size="sm">{t(`reconcile.${kind}.title`)}</Heading>
          <Badge size="sm" colorPalette={items.length > 0 ? 'red' : 'green'} variant="subtle">
            {items.length}
          </Badge>
        </HStack>
        <Text textStyle="xs" color="fg.muted">
          {t(`reconcile.${kind}.hint`)}
        </Text>
      </Card.Header>
      <Card.Body>
        {items.length === 0 ? (
          <HStack gap="2" color="fg.success">
            <CheckIcon />
            <Text textStyle="sm">{t('reconcile.nothingOff')}</Text>
          </HStack>
        ) : (
          <Stack gap="2">
            <List.Root gap="1" paddingStart="4" maxHeight="64" overflowY="auto">
              {items.slice(0, SHOWN).map((item) => (
                <List.Item key={item} fontFamily="mono" textStyle="xs" wordBreak="break-all" color="fg.error">
                  {item}
                </List.Item>
              ))}
            </List.Root>
            {items.length > SHOWN ? (
              <Text textStyle="xs" color="fg.muted">
                {t('reconcile.more', { count: items.length - SHOWN })}
              </Text>
            ) : null}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

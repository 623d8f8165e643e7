import { Box, Button, Card, Flex, HStack, Heading, SegmentGroup, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CalendarIcon, ClockIcon, LockIcon, TrendingUpIcon, InboxIcon } from '../../components/icons';
import { useLanguage } from '../../i18n';
import { findRoute } from '../../lib/menu';
import { usePermissions } from '../../lib/permission';
import { formatMoney } from './money';
import { StatCard, StatsError, type StatFigure } from './StatCard';
import { fetchWalletDashboard, walletDashboardKeys, WALLET_PAGE, type CurrencyDashboard, type Measure } from './walletApi';

const WalletChart = lazy(() => import('./WalletChart'));

/**
 * The wallet's figures on the dashboard, for those who hold the payment account page: per currency the balance, held and
 * available amounts, and what was paid in (recharges) or spent (transactions) today, in 7 and in 30 days, with the daily chart.
 * A customer sees its own; staff the tenant's (`POST /sys/dashboard/payment`, `/sys/dashboard/trade`).
 */
export function WalletStats() {
  const { routes } = usePermissions();
  if (!findRoute(routes, WALLET_PAGE)) return null;
  return <WalletFigures />;
}

function WalletFigures() {
  const { t } = useTranslation('dashboard');
  const lang = useLanguage();
  const navigate = useNavigate();
  const [measure, setMeasure] = useState<Measure>('payment');
  const [chosen, setChosen] = useState<string | undefined>();
  const query = useQuery({
    queryKey: walletDashboardKeys.measure(measure),
    queryFn: ({ signal }) => fetchWalletDashboard(measure, signal),
    staleTime: 30_000,
    retry: false,
  });
  const currencies = query.data?.currencies ?? [];
  const current: CurrencyDashboard | undefined = currencies.find((c) => c.currency === chosen) ?? currencies[0];
  const money = (amount: string | undefined) => (amount === undefined || !current ? '—' : formatMoney(amount, current.currency, lang));

  const cards: StatFigure[] = current
    ? [
        { key: 'balance', label: t('wallet.balance'), value: money(current.balance), hint: t('wallet.availableHint', { amount: money(current.available) }), icon: InboxIcon, palette: 'blue' },
        { key: 'held', label: t('wallet.held'), value: money(current.held), hint: t('wallet.creditHint', { amount: money(current.creditLimit) }), icon: LockIcon, palette: 'orange' },
        { key: 'today', label: t(`wallet.${measure}.today`), value: money(current.today.amount), hint: t('wallet.count', { count: current.today.count }), icon: ClockIcon, palette: 'teal' },
        { key: 'week', label: t(`wallet.${measure}.week`), value: money(current.week.amount), hint: t('wallet.count', { count: current.week.count }), icon: CalendarIcon, palette: 'purple' },
        { key: 'month', label: t(`wallet.${measure}.month`), value: money(current.month.amount), hint: t('wallet.count', { count: current.month.count }), icon: TrendingUpIcon, palette: 'cyan' },
      ]
    : [];

  return (
    <Stack gap="4" data-testid="wallet-stats">
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Heading as="h2" size="md">
          {t('wallet.title')}
        </Heading>
        <HStack gap="2" wrap="wrap">
          {currencies.length > 1 ? (
            <SegmentGroup.Root size="sm" value={current?.currency ?? null} onValueChange={(e) => setChosen(e.value ?? undefined)} data-testid="wallet-currency">
              <SegmentGroup.Indicator />
              <SegmentGroup.Items items={currencies.map((c) => c.currency)} />
            </SegmentGroup.Root>
          ) : null}
          <SegmentGroup.Root size="sm" value={measure} onValueChange={(e) => e.value && setMeasure(e.value as Measure)} data-testid="wallet-measure">
            <SegmentGroup.Indicator />
            <SegmentGroup.Items
              items={[
                { value: 'payment', label: t('wallet.payment.name') },
                { value: 'trade', label: t('wallet.trade.name') },
              ]}
            />
          </SegmentGroup.Root>
        </HStack>
      </Flex>

      {query.isPending ? (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="4" data-testid="wallet-loading">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height="24" rounded="lg" />
          ))}
        </SimpleGrid>
      ) : query.isError ? (
        <StatsError message={t('wallet.loadFailed')} onRetry={() => void query.refetch()} testId="wallet-stats-error" />
      ) : !current ? (
        <Card.Root data-testid="wallet-empty">
          <Card.Body>
            <Stack gap="3" align="center" py="4">
              <Text color="fg.muted">{t('wallet.empty')}</Text>
              <Button size="sm" variant="outline" onClick={() => void navigate('/logistics/recharge')}>
                {t('wallet.goRecharge')}
              </Button>
            </Stack>
          </Card.Body>
        </Card.Root>
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
            {cards.map((card) => (
              <StatCard key={card.key} figure={card} prefix="wallet" />
            ))}
          </SimpleGrid>
          <Card.Root data-testid="wallet-chart-card">
            <Card.Header>
              <Stack gap="0.5">
                <Heading as="h3" size="sm">
                  {t(`wallet.${measure}.chartTitle`, { currency: current.currency })}
                </Heading>
                <Text color="fg.muted" fontSize="sm">
                  {t('wallet.chartHint')}
                </Text>
              </Stack>
            </Card.Header>
            <Card.Body>
              <Suspense fallback={<Skeleton height="200px" rounded="md" />}>
                <Box height="220px" data-testid="wallet-chart">
                  <WalletChart series={current.series} currency={current.currency} label={t(`wallet.${measure}.name`)} countLabel={t('wallet.countLabel')} lang={lang} />
                </Box>
              </Suspense>
            </Card.Body>
          </Card.Root>
        </>
      )}
    </Stack>
  );
}

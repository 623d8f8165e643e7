import { Box, Card, Flex, Heading, SegmentGroup, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleCheckIcon, CloseIcon, FileTextIcon, ParcelIcon, TruckIcon } from '../../components/icons';
import { findRoute } from '../../lib/menu';
import { usePermissions } from '../../lib/permission';
import { StatCard, StatsError, type StatFigure } from './StatCard';
import { fetchShipmentDashboard, ORDER_PAGES, shipmentDashboardKey, type OrderPeriod } from './shipmentApi';

const ShipmentChart = lazy(() => import('./ShipmentChart'));

type PeriodKey = 'todayCounts' | 'week' | 'month';

/**
 * The order figures on the dashboard, for those who hold an order page: orders created and placed,
 * and the labels unprinted, printed and failed, today, in 7 and in 30 days, with the daily chart.
 * A customer sees its own; staff the tenant's (`POST /sys/dashboard/shipment`).
 */
export function ShipmentStats() {
  const { routes } = usePermissions();
  if (!ORDER_PAGES.some((path) => findRoute(routes, path))) return null;
  return <ShipmentFigures />;
}

function ShipmentFigures() {
  const { t } = useTranslation('dashboard');
  const [period, setPeriod] = useState<PeriodKey>('todayCounts');
  const query = useQuery({ queryKey: shipmentDashboardKey, queryFn: ({ signal }) => fetchShipmentDashboard(signal), staleTime: 30_000, retry: false });
  const figures: OrderPeriod | undefined = query.data?.[period];
  const cards: StatFigure[] = figures
    ? [
        { key: 'total', label: t('orders.total'), value: figures.total, icon: ParcelIcon, palette: 'gray' },
        { key: 'placed', label: t('orders.placed'), value: figures.placed, icon: TruckIcon, palette: 'blue' },
        { key: 'unprinted', label: t('orders.unprinted'), value: figures.unprinted, icon: FileTextIcon, palette: 'orange' },
        { key: 'printed', label: t('orders.printed'), value: figures.printed, icon: CircleCheckIcon, palette: 'green' },
        { key: 'error', label: t('orders.error'), value: figures.error, icon: CloseIcon, palette: 'red' },
      ]
    : [];
  return (
    <Stack gap="4" data-testid="shipment-stats">
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Heading as="h2" size="md">
          {t('orders.title')}
        </Heading>
        <SegmentGroup.Root size="sm" value={period} onValueChange={(e) => e.value && setPeriod(e.value as PeriodKey)} data-testid="shipment-stats-period">
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={[
              { value: 'todayCounts', label: t('orders.today') },
              { value: 'week', label: t('orders.week') },
              { value: 'month', label: t('orders.month') },
            ]}
          />
        </SegmentGroup.Root>
      </Flex>
      {query.isPending ? (
        <SimpleGrid columns={{ base: 2, sm: 3, lg: 5 }} gap="4">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height="20" rounded="lg" />
          ))}
        </SimpleGrid>
      ) : query.isError ? (
        <StatsError message={t('orders.loadFailed')} onRetry={() => void query.refetch()} testId="shipment-stats-error" />
      ) : (
        <>
          <SimpleGrid columns={{ base: 2, sm: 3, lg: 5 }} gap="4">
            {cards.map((card) => (
              <StatCard key={card.key} figure={card} prefix="shipment" />
            ))}
          </SimpleGrid>
          <Card.Root data-testid="shipment-chart-card">
            <Card.Header>
              <Heading as="h3" size="sm">
                {t('orders.chartTitle')}
              </Heading>
            </Card.Header>
            <Card.Body>
              <Suspense fallback={<Skeleton height="200px" rounded="md" />}>
                <Box height="220px" data-testid="shipment-chart">
                  <ShipmentChart series={query.data?.series ?? []} labels={{ total: t('orders.total'), placed: t('orders.placed'), caption: t('orders.chartTitle') }} />
                </Box>
              </Suspense>
            </Card.Body>
          </Card.Root>
        </>
      )}
    </Stack>
  );
}

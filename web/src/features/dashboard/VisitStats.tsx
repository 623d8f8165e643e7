import { Box, Button, Card, Flex, HStack, Heading, Skeleton, SimpleGrid, Stack, Text, VStack, type IconProps } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityIcon, GlobeIcon, TrendingUpIcon } from '../../components/icons';
import { useLanguage } from '../../i18n';
import { dashboardKeys, fetchLoginInfo, fetchVisitInfo, type VisitDay } from './api';

// The chart (Recharts) loads with the first days to draw, not with the dashboard.
const VisitChart = lazy(() => import('./VisitChart'));
const CHART_HEIGHT = 184;

/** Today's IPs, today's visits, all visits (`GET /sys/loginfo`) and the last 7 days (`GET /sys/visitInfo`). */
export function VisitStats() {
  const { t } = useTranslation('dashboard');
  const lang = useLanguage();
  const number = new Intl.NumberFormat(lang);
  const info = useQuery({ queryKey: dashboardKeys.loginfo, queryFn: ({ signal }) => fetchLoginInfo(signal), staleTime: 60_000, retry: false });
  const days = useQuery({ queryKey: dashboardKeys.visitInfo, queryFn: ({ signal }) => fetchVisitInfo(signal), staleTime: 60_000, retry: false });

  const stats: { key: string; label: string; value: number | undefined; icon: ComponentType<IconProps>; palette: string }[] = [
    { key: 'today-ip', label: t('visits.todayIp'), value: info.data?.todayIp, icon: GlobeIcon, palette: 'teal' },
    { key: 'today-visits', label: t('visits.todayVisits'), value: info.data?.todayVisitCount, icon: ActivityIcon, palette: 'blue' },
    { key: 'total-visits', label: t('visits.totalVisits'), value: info.data?.totalVisitCount, icon: TrendingUpIcon, palette: 'purple' },
  ];

  return (
    <Stack gap="4" data-testid="visit-stats">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        {stats.map((stat) => (
          <Card.Root key={stat.key} size="sm" data-testid={`stat-${stat.key}`}>
            <Card.Body>
              <HStack gap="4">
                <Flex boxSize="10" rounded="lg" bg={`${stat.palette}.subtle`} color={`${stat.palette}.fg`} align="center" justify="center" flexShrink={0}>
                  <stat.icon boxSize="5" aria-hidden />
                </Flex>
                <Stack gap="0.5" minW="0">
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {stat.label}
                  </Text>
                  {info.isPending ? (
                    <Skeleton height="7" width="16" data-testid="stat-loading" />
                  ) : (
                    <Text fontSize="2xl" fontWeight="semibold" lineHeight="short" fontVariantNumeric="tabular-nums" data-testid="stat-value">
                      {stat.value === undefined ? '—' : number.format(stat.value)}
                    </Text>
                  )}
                </Stack>
              </HStack>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      {info.isError ? <LoadFailed onRetry={() => void info.refetch()} /> : null}

      <Card.Root data-testid="visit-chart-card">
        <Card.Header>
          <Flex gap="3" wrap="wrap" align="center" justify="space-between">
            <Stack gap="0.5">
              <Heading as="h2" size="md">
                {t('visits.chartTitle')}
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                {t('visits.chartHint')}
              </Text>
            </Stack>
            <HStack gap="4" fontSize="sm" color="fg.muted" aria-hidden>
              <HStack gap="1.5">
                <Box boxSize="2.5" rounded="sm" bg="blue.solid" />
                <Text as="span">{t('visits.visits')}</Text>
              </HStack>
              <HStack gap="1.5">
                <Box boxSize="2.5" rounded="sm" bg="teal.solid" />
                <Text as="span">{t('visits.ips')}</Text>
              </HStack>
            </HStack>
          </Flex>
        </Card.Header>
        <Card.Body>
          {days.isPending ? (
            <ChartSkeleton />
          ) : days.isError ? (
            <LoadFailed onRetry={() => void days.refetch()} />
          ) : (
            <VisitChartOrEmpty days={days.data} lang={lang} />
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <HStack gap="3" justify="center" py="4" data-testid="visit-stats-error">
      <Text fontSize="sm" color="fg.muted">
        {t('visits.loadFailed')}
      </Text>
      <Button size="xs" variant="outline" onClick={onRetry}>
        {t('visits.retry')}
      </Button>
    </HStack>
  );
}

/** The chart once its library has loaded, or what to show without days. */
function VisitChartOrEmpty({ days, lang }: { days: VisitDay[]; lang: string }) {
  const { t } = useTranslation('dashboard');
  if (days.length === 0) {
    return (
      <VStack py="8" data-testid="visit-chart-empty">
        <Text color="fg.muted" fontSize="sm">
          {t('visits.empty')}
        </Text>
      </VStack>
    );
  }
  return (
    <Suspense fallback={<ChartSkeleton />}>
      <VisitChart days={days} lang={lang} visitsLabel={t('visits.visits')} ipsLabel={t('visits.ips')} dayLabel={t('visits.day')} caption={t('visits.chartTitle')} />
    </Suspense>
  );
}

function ChartSkeleton() {
  return (
    <HStack gap="3" align="end" height={`${CHART_HEIGHT}px`} data-testid="visit-chart-loading">
      {[40, 65, 50, 80, 35, 70, 55].map((height, index) => (
        <Skeleton key={index} flex="1" height={`${height}%`} rounded="sm" />
      ))}
    </HStack>
  );
}

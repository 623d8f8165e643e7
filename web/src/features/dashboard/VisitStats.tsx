import { Box, Button, Card, Flex, HStack, Heading, Skeleton, SimpleGrid, Stack, Table, Text, VStack, type IconProps } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityIcon, GlobeIcon, TrendingUpIcon } from '../../components/icons';
import { useLanguage } from '../../i18n';
import { dashboardKeys, fetchLoginInfo, fetchVisitInfo, type VisitDay } from './api';

const CHART_HEIGHT = 160;

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
            <HStack gap="3" align="end" height={`${CHART_HEIGHT + 24}px`} data-testid="visit-chart-loading">
              {[40, 65, 50, 80, 35, 70, 55].map((height, index) => (
                <Skeleton key={index} flex="1" height={`${height}%`} rounded="sm" />
              ))}
            </HStack>
          ) : days.isError ? (
            <LoadFailed onRetry={() => void days.refetch()} />
          ) : (
            <VisitChart days={days.data} format={(value) => number.format(value)} />
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

/** One bar of the chart, `height` pixels tall. */
function Bar({ value, height, color, title, testId }: { value: number; height: number; color: string; title: string; testId: string }) {
  return (
    <Box
      width={{ base: '2.5', sm: '4', md: '5' }}
      height={`${height}px`}
      bg={color}
      roundedTop="sm"
      transition="height 0.3s"
      title={title}
      data-testid={testId}
      data-value={value}
    />
  );
}

/** Two bars per day (visits, IPs) scaled to the busiest value; a table of the same numbers for screen readers. */
function VisitChart({ days, format }: { days: VisitDay[]; format: (value: number) => string }) {
  const { t } = useTranslation('dashboard');
  const max = Math.max(1, ...days.flatMap((day) => [day.visit, day.ip]));
  const scale = (value: number) => (value <= 0 ? 0 : Math.max(2, Math.round((value / max) * CHART_HEIGHT)));
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
    <>
      <Box position="relative" aria-hidden data-testid="visit-chart">
        {/* Grid lines at 0, 50 and 100 % of the busiest value. */}
        {[0, 0.5, 1].map((level) => (
          <Box key={level} position="absolute" insetInline="0" bottom={`${24 + level * CHART_HEIGHT}px`} borderTopWidth="1px" borderStyle={level === 0 ? 'solid' : 'dashed'} borderColor="border" />
        ))}
        <HStack gap={{ base: '1', sm: '3' }} align="stretch" position="relative">
          {days.map((day) => (
            <VStack key={day.type || day.tian} flex="1" minW="0" gap="0" data-testid="visit-chart-day">
              <HStack gap={{ base: '0.5', sm: '1' }} align="end" justify="center" height={`${CHART_HEIGHT}px`} width="full">
                <Bar value={day.visit} height={scale(day.visit)} color="blue.solid" title={`${day.type} · ${t('visits.visits')} ${format(day.visit)}`} testId="visit-bar" />
                <Bar value={day.ip} height={scale(day.ip)} color="teal.solid" title={`${day.type} · ${t('visits.ips')} ${format(day.ip)}`} testId="ip-bar" />
              </HStack>
              <Text height="24px" lineHeight="24px" fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums" truncate>
                {day.tian}
              </Text>
            </VStack>
          ))}
        </HStack>
      </Box>
      <Table.Root size="sm" srOnly>
        <Table.Caption>{t('visits.chartTitle')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('visits.day')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('visits.visits')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('visits.ips')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {days.map((day) => (
            <Table.Row key={day.type || day.tian}>
              <Table.Cell>{day.type}</Table.Cell>
              <Table.Cell>{format(day.visit)}</Table.Cell>
              <Table.Cell>{format(day.ip)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </>
  );
}

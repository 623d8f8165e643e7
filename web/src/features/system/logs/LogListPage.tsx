/**
 * `system/LogList` (日志管理 Logs): the visit figures on top, then one tab per log type (sign-in,
 * operation, visit) with filters, server paging and sorting, a detail drawer (an operation shows
 * its before/after values side by side) and CSV export of the current filter. Read-only: audit
 * entries cannot be deleted (contract dicts-notices.md, "Logs").
 */
import { Badge, Card, Field, Flex, HStack, Input, SimpleGrid, Skeleton, Stack, Stat, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { EyeIcon, GlobeIcon, UserIcon } from '../../../components/icons';
import { actionsColumn, FilterSelect, FilterText, ListSearchBar, ListTable, ListToolbar, timeColumn, useCsvExport, useListPage } from '../../../components/list';
import { useLanguage } from '../../../i18n';
import { localDayToUtc, showTime } from '../../../lib/utcTime';
import { fetchLogInfo, isFailed, isOperateType, LOG_LIST_PATH, LOG_TYPES, logKeys, OPERATE_TYPES, type LogRecord, type LogType } from './api';
import { LogDetailDrawer } from './LogDetailDrawer';

/** The filters (in the URL) and their empty values: `logType` is the tab (a {@link LogType}); `begin` and `end` local days `YYYY-MM-DD` as the date inputs give them. */
const EMPTY = { logType: '1', keyWord: '', username: '', ip: '', begin: '', end: '', operateType: '' };
type Filters = typeof EMPTY;

const OPERATE_COLORS = { '1': 'gray', '2': 'green', '3': 'blue', '4': 'red', '5': 'purple' } as const;

/** Tab labels stay on one line; on phones the tab list scrolls sideways instead. */
const TAB_TRIGGER = { whiteSpace: 'nowrap', flexShrink: 0 } as const;

const isLogType = (value: string): value is LogType => (LOG_TYPES as readonly string[]).includes(value);

/** What the list call gets: the tab's type, and the local days as UTC times. */
function listParams(filters: Filters) {
  const logType = isLogType(filters.logType) ? filters.logType : '1';
  return {
    logType,
    keyWord: filters.keyWord,
    username: filters.username,
    ip: filters.ip,
    createTime_begin: filters.begin ? localDayToUtc(filters.begin) : undefined,
    createTime_end: filters.end ? localDayToUtc(filters.end, true) : undefined,
    operateType: logType === '2' ? filters.operateType : undefined,
  };
}

/** One figure of the visit statistics. */
function VisitStat({ label, value, help, icon, loading, testId }: { label: string; value: number | undefined; help: string; icon: ReactNode; loading: boolean; testId: string }) {
  const language = useLanguage();
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Body>
        <HStack gap="4" align="center">
          <Flex boxSize="10" rounded="md" bg="colorPalette.subtle" color="colorPalette.fg" align="center" justify="center" flexShrink={0} aria-hidden="true">
            {icon}
          </Flex>
          <Stat.Root>
            <Stat.Label>{label}</Stat.Label>
            {loading ? (
              <Skeleton height="7" width="16" />
            ) : (
              <Stat.ValueText fontVariantNumeric="tabular-nums" data-testid={`${testId}-value`}>
                {value === undefined ? '—' : new Intl.NumberFormat(language).format(value)}
              </Stat.ValueText>
            )}
            <Stat.HelpText color="fg.muted">{help}</Stat.HelpText>
          </Stat.Root>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

interface ColumnDeps {
  t: TFunction<'sysLog'>;
  logType: LogType;
  onDetail: (record: LogRecord) => void;
}

function ResultBadge({ record }: { record: LogRecord }) {
  const { t } = useTranslation('sysLog');
  return isFailed(record) ? (
    <Badge size="sm" colorPalette="red" variant="solid" data-testid="log-failed">
      {t('result.failed')}
    </Badge>
  ) : (
    <Badge size="sm" colorPalette="green" variant="subtle">
      {t('result.ok')}
    </Badge>
  );
}

function logColumns({ t, logType, onDetail }: ColumnDeps): DataColumn<LogRecord>[] {
  const operation = logType === '2';
  return [
    timeColumn<LogRecord>('createTime', t('field.createTime'), (row) => row.createTime, { sortable: true }),
    { id: 'username', header: t('field.username'), sortable: true, cell: (row) => row.username || '—' },
    {
      id: 'ip',
      header: t('field.ip'),
      sortable: true,
      hideBelow: 'sm',
      cell: (row) => (
        <Text fontFamily="mono" textStyle="xs">
          {row.ip || '—'}
        </Text>
      ),
    },
    ...(operation
      ? [
          {
            id: 'operateType',
            header: t('field.operateType'),
            cell: (row: LogRecord) => {
              const type = String(row.operateType ?? '');
              return isOperateType(type) ? (
                <Badge size="sm" variant="subtle" colorPalette={OPERATE_COLORS[type]}>
                  {t(`operateType.${type}`)}
                </Badge>
              ) : (
                '—'
              );
            },
          } satisfies DataColumn<LogRecord>,
        ]
      : []),
    {
      id: 'logContent',
      header: t('field.logContent'),
      minWidth: '200px',
      cell: (row) => (
        <Text truncate maxWidth={{ base: '56', lg: '96' }} title={row.logContent ?? undefined}>
          {row.logContent || '—'}
        </Text>
      ),
    },
    ...(logType === '1'
      ? []
      : [
          {
            id: 'requestUrl',
            header: t('field.requestUrl'),
            hideBelow: 'xl',
            cell: (row: LogRecord) =>
              row.requestUrl ? (
                <Text fontFamily="mono" textStyle="xs" truncate maxWidth="64" title={row.requestUrl}>
                  {row.requestUrl}
                </Text>
              ) : (
                '—'
              ),
          } satisfies DataColumn<LogRecord>,
        ]),
    { id: 'ok', header: t('field.result'), cell: (row) => <ResultBadge record={row} /> },
    actionsColumn<LogRecord>('text', (row) => [{ label: t('action.detail', { ns: 'dataTable' }), onClick: () => onDetail(row), testId: 'log-detail-open' }]),
  ];
}

export default function LogListPage() {
  const { t } = useTranslation('sysLog');
  const [detail, setDetail] = useState<LogRecord>();
  const info = useQuery({ queryKey: logKeys.info, queryFn: ({ signal }) => fetchLogInfo(signal) });
  const page = useListPage<LogRecord, Filters>(LOG_LIST_PATH, { emptyFilters: EMPTY, params: listParams, defaultSort: { column: 'createTime', order: 'desc' } });
  const { list, draft, filters } = page;
  const tab = isLogType(filters.logType) ? filters.logType : '1';
  const rangeInvalid = draft.begin !== '' && draft.end !== '' && draft.end < draft.begin;

  const exporter = useCsvExport<LogRecord>({
    path: LOG_LIST_PATH,
    filters: listParams(filters),
    sort: list.sort,
    filename: t(`exportName.${tab}`),
    columns: () => [
      { header: t('field.createTime'), value: (row) => showTime(row.createTime) },
      { header: t('field.username'), value: (row) => row.username },
      { header: t('field.ip'), value: (row) => row.ip },
      ...(tab === '2' ? [{ header: t('field.operateType'), value: (row: LogRecord) => (isOperateType(row.operateType) ? t(`operateType.${String(row.operateType) as (typeof OPERATE_TYPES)[number]}`) : '') }] : []),
      { header: t('field.logContent'), value: (row) => row.logContent },
      { header: t('field.method'), value: (row) => row.method },
      { header: t('field.requestUrl'), value: (row) => row.requestUrl },
      { header: t('field.result'), value: (row) => (isFailed(row) ? t('result.failed') : t('result.ok')) },
    ],
  });

  const columns = logColumns({ t, logType: tab, onDetail: setDetail });
  const figures = info.data ?? undefined;

  return (
    <Stack gap="4" data-testid="log-page">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <VisitStat label={t('stat.todayIp')} help={t('stat.todayIpHelp')} value={figures?.todayIp} icon={<GlobeIcon />} loading={info.isPending} testId="log-stat-today-ip" />
        <VisitStat label={t('stat.todayVisits')} help={t('stat.todayVisitsHelp')} value={figures?.todayVisitCount} icon={<UserIcon />} loading={info.isPending} testId="log-stat-today-visits" />
        <VisitStat label={t('stat.totalVisits')} help={t('stat.totalVisitsHelp')} value={figures?.totalVisitCount} icon={<EyeIcon />} loading={info.isPending} testId="log-stat-total-visits" />
      </SimpleGrid>

      <Card.Root size="sm">
        <Card.Body>
          <Tabs.Root value={tab} onValueChange={(details) => page.applyNow('logType', details.value)} size="sm" variant="line">
            <Tabs.List overflowX="auto" overflowY="hidden" marginBottom="4">
              {LOG_TYPES.map((type) => (
                <Tabs.Trigger key={type} value={type} {...TAB_TRIGGER} data-testid={`log-tab-${type}`}>
                  {t(`tabs.${type}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value={tab} padding="0">
            <Stack gap="4">
              <ListSearchBar
                page={page}
                card={false}
                onSearch={() => {
                  if (!rangeInvalid) page.search();
                }}
                onReset={() => page.search({ ...EMPTY, logType: tab })}
                visibleOnPhone={1}
                testId="log-search"
              >
                <FilterText page={page} name="keyWord" label={t('filter.keyWord')} placeholder={t('filter.keyWordPlaceholder')} testId="log-search-keyword" />
                <FilterText page={page} name="username" label={t('field.username')} placeholder={t('filter.usernamePlaceholder')} testId="log-search-username" />
                <FilterText page={page} name="ip" fontFamily="mono" label={t('field.ip')} placeholder={t('filter.ipPlaceholder')} testId="log-search-ip" />
                <Field.Root invalid={rangeInvalid}>
                  <Field.Label>{t('filter.range')}</Field.Label>
                  <HStack gap="2">
                    <Input size="sm" type="date" value={draft.begin} max={draft.end || undefined} onChange={(event) => page.setDraftValue('begin', event.currentTarget.value)} aria-label={t('filter.begin')} data-testid="log-search-begin" />
                    <Text color="fg.muted" flexShrink={0}>
                      {t('filter.to')}
                    </Text>
                    <Input size="sm" type="date" value={draft.end} min={draft.begin || undefined} onChange={(event) => page.setDraftValue('end', event.currentTarget.value)} aria-label={t('filter.end')} data-testid="log-search-end" />
                  </HStack>
                  <Field.ErrorText>{t('filter.rangeInvalid')}</Field.ErrorText>
                </Field.Root>
                {tab === '2' ? (
                  <FilterSelect
                    page={page}
                    name="operateType"
                    label={t('field.operateType')}
                    options={OPERATE_TYPES.map((type) => ({ value: type, label: t(`operateType.${type}`) }))}
                    allLabel={t('filter.all')}
                    testId="log-search-operate-type"
                  />
                ) : null}
              </ListSearchBar>
              <ListToolbar
                testIdPrefix="log"
                leading={
                  <Text textStyle="sm" color="fg.muted">
                    {t(`hint.${tab}`)}
                  </Text>
                }
                exporter={exporter}
                onRefresh={() => {
                  void list.refetch();
                  void info.refetch();
                }}
              />
              <ListTable key={tab} list={list} columns={columns} getRowId={(row) => row.id} caption={t(`tabs.${tab}`)} testId="log-table" />
            </Stack>
            </Tabs.Content>
          </Tabs.Root>
        </Card.Body>
      </Card.Root>
      <LogDetailDrawer record={detail} onClose={() => setDetail(undefined)} />
    </Stack>
  );
}

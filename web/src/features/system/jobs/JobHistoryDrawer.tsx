import { Badge, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable';
import { InboxIcon } from '../../../components/icons';
import { ListDrawer, ListEmpty, ListTable, monoColumn, timeColumn, useListPage } from '../../../components/list';
import { JOB_LOG_LIST_PATH, type QuartzJobLogRecord, type QuartzJobRecord } from './api';

/** A run's colour by its status. */
export const RUN_COLORS: Record<string, string> = { running: 'blue', success: 'green', failed: 'red' };
const NO_FILTERS: Record<string, string> = {};

function runColumns(t: TFunction<'quartzJob'>): DataColumn<QuartzJobLogRecord>[] {
  return [
    timeColumn<QuartzJobLogRecord>('startTime', t('history.start'), (row) => row.startTime, { sortable: true }),
    { id: 'triggerType', header: t('history.trigger'), hideBelow: 'sm', cell: (row) => t(`history.${row.triggerType}`, { defaultValue: row.triggerType }) },
    { id: 'attempt', header: t('history.attempt'), textAlign: 'end', hideBelow: 'md', cell: (row) => <Text as="span" fontVariantNumeric="tabular-nums">{row.attempt}</Text> },
    {
      id: 'status',
      header: t('field.status'),
      sortable: true,
      cell: (row) => (
        <Badge size="sm" variant="subtle" colorPalette={RUN_COLORS[row.status] ?? 'gray'}>
          {t(`run.${row.status}`, { defaultValue: row.status })}
        </Badge>
      ),
    },
    { id: 'durationMs', header: t('history.duration'), textAlign: 'end', sortable: true, cell: (row) => (row.durationMs == null ? '—' : t('history.millis', { count: row.durationMs })) },
    { id: 'message', header: t('history.message'), minWidth: '200px', cell: (row) => <Text textStyle="sm" color={row.status === 'failed' ? 'fg.error' : undefined}>{row.message || '—'}</Text> },
    monoColumn<QuartzJobLogRecord>('instance', t('history.instance'), (row) => row.instance, { hideBelow: 'lg', size: 'xs' }),
  ];
}

function RunsPanel({ jobId }: { jobId: string }) {
  const { t } = useTranslation('quartzJob');
  const page = useListPage<QuartzJobLogRecord, Record<string, string>>(JOB_LOG_LIST_PATH, {
    emptyFilters: NO_FILTERS,
    params: () => ({ jobId }),
    defaultSort: { column: 'startTime', order: 'desc' },
    inUrl: false,
  });
  return (
    <ListTable list={page.list} columns={runColumns(t)} caption={t('history.caption')} testId="job-runs-table"
      emptyState={<ListEmpty icon={<InboxIcon />} title={t('history.empty')} testId="job-runs-empty" />} />
  );
}

/** A job's runs, newest first, in a drawer (mounted while open). */
export function JobHistoryDrawer({ job, onClose }: { job: QuartzJobRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation('quartzJob');
  return (
    <ListDrawer open={job !== undefined} onClose={onClose} testId="job-history-drawer" title={job ? t('history.title', { name: job.jobClassName }) : null}
      subtitle={job ? <Text textStyle="sm" color="fg.muted" fontFamily="mono">{job.cronExpression}</Text> : null}>
      {job ? <RunsPanel jobId={job.id} /> : null}
    </ListDrawer>
  );
}

/**
 * Scheduled jobs (platform administrators): each handler's cron expression, parameter and
 * status, when it runs next and how its last run went. On schedule or paused in place (a switch),
 * run now (after a confirmation; the run goes on in the background), edit, delete; a job's
 * history of runs, each attempt with its instance, duration and result, in a drawer.
 */
import { Badge, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ConfirmDialog';
import type { DataColumn } from '../../../components/DataTable';
import { actionsColumn, CrudListPage, FilterSelect, FilterText, monoColumn, statusSwitchColumn, timeColumn, toastSuccess, useCrudList, useInvalidateList, useStatusToggle, type CrudList } from '../../../components/list';
import { deleteJobs, executeJob, JOB_EDIT_PERMISSION, JOB_EXECUTE_PERMISSION, JOB_LIST_PATH, JOB_PERMISSION, pauseJob, resumeJob, RUNNING, useJobHandlers, type QuartzJobRecord } from './api';
import { JobFormDialog } from './JobFormDialog';
import { JobHistoryDrawer, RUN_COLORS } from './JobHistoryDrawer';

const EMPTY = { jobClassName: '', status: '' };
type Filters = typeof EMPTY;

function jobColumns(
  t: TFunction<'quartzJob'>,
  crud: CrudList<QuartzJobRecord, Filters>,
  toggle: ReturnType<typeof useStatusToggle<QuartzJobRecord>>,
  describe: (name: string) => string | undefined,
  onRun: (row: QuartzJobRecord) => void,
  onHistory: (row: QuartzJobRecord) => void,
): DataColumn<QuartzJobRecord>[] {
  return [
    {
      id: 'jobClassName',
      header: t('field.jobClassName'),
      sortable: true,
      minWidth: '200px',
      cell: (row) => (
        <>
          <Text fontFamily="mono" fontWeight="medium">
            {row.jobClassName}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            {row.description || describe(row.jobClassName) || ''}
          </Text>
        </>
      ),
    },
    monoColumn<QuartzJobRecord>('cronExpression', t('field.cronExpression'), (row) => row.cronExpression),
    monoColumn<QuartzJobRecord>('parameter', t('field.parameter'), (row) => row.parameter, { hideBelow: 'lg' }),
    statusSwitchColumn<QuartzJobRecord>({
      id: 'status',
      header: t('field.status'),
      toggle,
      isOn: (row) => row.status === RUNNING,
      labels: [t('status.running'), t('status.paused')],
      ariaLabel: (row) => t('action.toggle', { name: row.jobClassName }),
      testId: 'job-status-toggle',
    }),
    timeColumn<QuartzJobRecord>('nextFireTime', t('field.nextFireTime'), (row) => row.nextFireTime, { sortable: true, hideBelow: 'md' }),
    {
      id: 'lastFireTime',
      header: t('field.lastRun'),
      sortable: true,
      hideBelow: 'md',
      cell: (row) =>
        row.lastStatus ? (
          <Badge size="sm" variant="subtle" colorPalette={RUN_COLORS[row.lastStatus] ?? 'gray'}>
            {t(`run.${row.lastStatus}`, { defaultValue: row.lastStatus })}
          </Badge>
        ) : (
          '—'
        ),
    },
    actionsColumn<QuartzJobRecord>('text', (row) => [
      { action: JOB_EXECUTE_PERMISSION, label: t('action.run'), onClick: () => onRun(row), testId: 'job-run', ariaLabel: t('action.runOf', { name: row.jobClassName }) },
      { label: t('action.history'), onClick: () => onHistory(row), testId: 'job-history', ariaLabel: t('action.historyOf', { name: row.jobClassName }) },
      { kind: 'edit', action: JOB_EDIT_PERMISSION, onClick: () => crud.actions.onEdit(row), testId: 'job-edit' },
      { kind: 'delete', action: `${JOB_PERMISSION}:delete`, onClick: () => crud.actions.onDelete(row), testId: 'job-delete' },
    ]),
  ];
}

export default function JobListPage() {
  const { t } = useTranslation('quartzJob');
  const { confirm, dialog } = useConfirm();
  const [history, setHistory] = useState<QuartzJobRecord>();
  const handlers = useJobHandlers().data ?? [];
  const invalidate = useInvalidateList(JOB_LIST_PATH);
  const crud = useCrudList<QuartzJobRecord, Filters>(JOB_LIST_PATH, {
    name: 'job',
    permission: JOB_PERMISSION,
    ns: 'quartzJob',
    emptyFilters: EMPTY,
    defaultSort: { column: 'jobClassName', order: 'asc' },
    remove: deleteJobs,
    describe: (row) => t('delete.description', { name: row.jobClassName }),
  });
  const toggle = useStatusToggle<QuartzJobRecord>({
    permission: JOB_EDIT_PERMISSION,
    getId: (row) => row.id,
    change: (row, on) => (on ? resumeJob(row.id) : pauseJob(row.id)),
    message: (row, on) => t(on ? 'toast.resumed' : 'toast.paused', { name: row.jobClassName }),
    listPath: JOB_LIST_PATH,
  });
  const run = (row: QuartzJobRecord) =>
    confirm({
      title: t('confirm.runTitle'),
      description: t('confirm.runDescription', { name: row.jobClassName }),
      confirmLabel: t('action.run'),
      colorPalette: 'blue',
      testId: 'job-run-confirm',
      onConfirm: async () => {
        await executeJob(row.id);
        toastSuccess(t('toast.started', { name: row.jobClassName }));
        await invalidate();
        setHistory(row);
      },
    });
  const describe = (name: string) => handlers.find((h) => h.name === name)?.description;
  return (
    <CrudListPage
      crud={crud}
      title={t('title')}
      columns={jobColumns(t, crud, toggle, describe, run, setHistory)}
      filters={
        <>
          <FilterText page={crud} name="jobClassName" label={t('field.jobClassName')} fontFamily="mono" testId="job-search-name" />
          <FilterSelect page={crud} name="status" label={t('field.status')} options={[{ value: '0', label: t('status.running') }, { value: '-1', label: t('status.paused') }]} allLabel={t('filter.all')} testId="job-search-status" />
        </>
      }
      dialogs={
        <>
          <JobFormDialog {...crud.form.dialog} />
          <JobHistoryDrawer job={history} onClose={() => setHistory(undefined)} />
          {dialog}
        </>
      }
    />
  );
}

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeServer } from '../../../test/api';
import { calls, fill, fillAndSubmit, openAddForm, openPage, paged, rowOf, sentBody, urlOf } from '../../../test/list';
import JobListPage from './JobListPage';

const job = (id: string, jobClassName: string, extra: Record<string, unknown> = {}) => ({
  id,
  jobClassName,
  cronExpression: '0 0 3 * * ?',
  parameter: null,
  description: null,
  status: 0,
  nextFireTime: '2026-11-29T19:00:00Z',
  lastFireTime: null,
  lastStatus: null,
  createBy: 'system',
  createTime: '2026-11-29T02:00:00Z',
  updateBy: null,
  updateTime: null,
  ...extra,
});

const HANDLERS = [
  { name: 'wms.reconcile', description: '核对库存与库存流水', parameter: null, defaultCron: '0 0 3 * * ?' },
  { name: 'logs.retention', description: '清理过期的系统日志', parameter: '保留天数(7-3650)，默认180', defaultCron: '0 30 3 * * ?' },
];

const server = (extra = {}) =>
  fakeServer({
    'GET /sys/quartzJob/list': paged([job('j1', 'wms.reconcile', { lastStatus: 'failed' }), job('j2', 'logs.retention', { status: -1, nextFireTime: null })]),
    'GET /sys/quartzJob/handlers': { result: HANDLERS },
    'GET /sys/quartzJob/pause': { result: job('j1', 'wms.reconcile', { status: -1 }) },
    'GET /sys/quartzJob/nextFireTimes': { result: ['2026-11-30T04:00:00Z', '2026-12-01T04:00:00Z'] },
    ...extra,
  });

describe('scheduled jobs', () => {
  test('list handlers with their schedule and last run; the switch pauses a job', async () => {
    const fetchMock = openPage(<JobListPage />, server(), 'system:quartzJob:list', 'system:quartzJob:edit');
    const row = await rowOf('wms.reconcile');
    expect(within(row).getByText('核对库存与库存流水')).toBeTruthy();
    expect(within(row).getByText('失败')).toBeTruthy();
    fireEvent.click(within(row).getByRole('checkbox', { name: 'wms.reconcile 按计划执行' }));
    await waitFor(() => expect(calls(fetchMock, 'GET', '/sys/quartzJob/pause')).toHaveLength(1));
    expect(urlOf(fetchMock, 'GET', '/sys/quartzJob/pause').searchParams.get('id')).toBe('j1');
  });

  test('core checks the cron expression as typed; a good one shows its next runs', async () => {
    const routes = { 'POST /sys/quartzJob/add': { message: '添加成功！', result: job('j3', 'logs.retention') } };
    const fetchMock = await openAddForm(<JobListPage />, server(routes), { name: 'job', permission: 'system:quartzJob' }, 'wms.reconcile');
    const dialog = screen.getByTestId('job-form');
    fillAndSubmit(dialog, { 'job-cron': '0 0 3 * *' });
    await waitFor(() => expect(within(dialog).getByTestId('job-cron-error').textContent).toContain('6或7个字段'));
    fill({ 'job-cron': '0 0 3 L * ?' }, dialog);
    await waitFor(() => expect(within(dialog).getByTestId('job-cron-error').textContent).toContain('L、W、#'));
    expect(calls(fetchMock, 'POST', '/sys/quartzJob/add')).toHaveLength(0);
    fill({ 'job-cron': '0 0 4 * * ?', 'job-parameter': '90' }, dialog);
    await within(dialog).findByTestId('job-next-runs');
    fillAndSubmit(dialog, {});
    expect(await sentBody(fetchMock, 'POST', '/sys/quartzJob/add')).toEqual({ jobClassName: 'wms.reconcile', cronExpression: '0 0 4 * * ?', parameter: '90', description: null });
  }, 15_000);
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { setUserInfo } from '../../../lib/session';
import { fakeServer, testUser, type FakeRoutes } from '../../../test/api';
import { inTimeZone } from '../../../test/timeZone';
import { calls, confirmSends, expectAbsent, expectFirstSort, fillAndSubmit, openAddForm, openPage, paged, rowOf, search, sentBody, tickRows, urlOf } from '../../../test/list';
import PredictBatchListPage from './PredictBatchListPage';

inTimeZone('Asia/Shanghai');

const LIST = '/logistics/predictBatch/list';
const CRUD = { name: 'predict-batch', permission: 'logistics:predictBatch' };

const batch = (id: string, batchNo: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  customerId: 'c1',
  batchNo,
  status,
  expectTime: '2026-12-01T01:30:00Z',
  remark: null,
  orderCount: 3,
  pieces: 12,
  createTime: '2026-11-25T02:00:00Z',
  ...extra,
});

const BATCHES = [batch('b1', 'PB2611250001', 'open'), batch('b2', 'PB2611250002', 'handed', { orderCount: 5 }), batch('b3', 'PB2611250003', 'open', { expectTime: null })];

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    [`GET ${LIST}`]: paged(BATCHES),
    'POST /logistics/predictBatch/handOver': { message: '操作成功！', result: [] },
    'POST /logistics/predictBatch/reopen': { message: '操作成功！', result: [] },
    ...extra,
  });
}

/** Ticks the rows of these batch numbers, and waits for the count to say so. */
async function select(...batchNos: string[]) {
  await tickRows(batchNos, 'p');
  await waitFor(() => expect(screen.getByTestId('predict-batch-selected').textContent).toMatch(new RegExp(`\\b${batchNos.length}\\b`)));
}

beforeEach(() => {
  setUserInfo(testUser({ id: 'c1', username: 'acme', userKind: 'customer' }));
});

describe('predict batches page', () => {
  test('lists batches with their localized status, expected time and counts; edit and delete only while open', async () => {
    const fetchMock = openPage(<PredictBatchListPage />, server(), 'logistics:predictBatch:list', 'logistics:predictBatch:edit', 'logistics:predictBatch:delete');
    const open = await rowOf('PB2611250001', 'p');
    expect(within(open).getByText('待交仓')).toBeTruthy();
    expect(within(open).getByText('2026-12-01 09:30:00')).toBeTruthy();
    expect(within(open).getByTestId('predict-batch-edit')).toBeTruthy();
    expect(within(open).getByTestId('predict-batch-delete')).toBeTruthy();
    const handed = await rowOf('PB2611250002', 'p');
    expect(within(handed).getByText('已交仓')).toBeTruthy();
    expect(within(handed).getByText('5')).toBeTruthy();
    expect(within(handed).queryByTestId('predict-batch-edit')).toBeNull();
    expect(within(handed).queryByTestId('predict-batch-delete')).toBeNull();
    expectFirstSort(fetchMock, LIST, 'createTime', 'desc');
    // Without their codes, no add, hand over or reopen.
    expectAbsent('predict-batch-add', 'predict-batch-handOver', 'predict-batch-reopen');
  });

  test('the keyword and status filters go to the server', async () => {
    const fetchMock = openPage(<PredictBatchListPage />, server(), 'logistics:predictBatch:list');
    await rowOf('PB2611250001', 'p');
    search('predict-batch-search', { 'predict-batch-search-keyword': 'PB26', 'predict-batch-search-status': 'handed' });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('status')).toBe('handed'));
    expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('keyWord')).toBe('PB26');
  });

  test('handing over a selection holding a handed batch is refused naming it, and nothing is sent', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(<PredictBatchListPage />, server(), 'logistics:predictBatch:list', 'logistics:predictBatch:handOver');
    await select('PB2611250001', 'PB2611250002');
    fireEvent.click(screen.getByTestId('predict-batch-handOver'));
    expect(await screen.findByText('the options contain inoperable options, please remove them before operating: PB2611250002')).toBeTruthy();
    expect(screen.queryByTestId('predict-batch-handOver-confirm')).toBeNull();
    expect(calls(fetchMock, 'POST', '/logistics/predictBatch/handOver')).toHaveLength(0);
  });

  test('handing over open batches asks first, naming them, then sends their ids and refreshes the list', async () => {
    const fetchMock = openPage(<PredictBatchListPage />, server(), 'logistics:predictBatch:list', 'logistics:predictBatch:handOver');
    await select('PB2611250001', 'PB2611250003');
    const listed = calls(fetchMock, 'GET', LIST).length;
    fireEvent.click(screen.getByTestId('predict-batch-handOver'));
    await confirmSends(fetchMock, 'predict-batch-handOver-confirm', 'PB2611250001, PB2611250003', 'POST', '/logistics/predictBatch/handOver');
    expect(await sentBody(fetchMock, 'POST', '/logistics/predictBatch/handOver')).toEqual({ ids: 'b1,b3' });
    expect(await screen.findByText('已交仓 2 个批次')).toBeTruthy();
    await waitFor(() => expect(calls(fetchMock, 'GET', LIST).length).toBeGreaterThan(listed));
    await waitFor(() => expect(screen.queryByTestId('predict-batch-selected')).toBeNull());
  });

  test('reopening is refused for open batches, and sent for handed ones', async () => {
    const fetchMock = openPage(<PredictBatchListPage />, server(), 'logistics:predictBatch:list', 'logistics:predictBatch:reopen');
    await select('PB2611250003');
    fireEvent.click(screen.getByTestId('predict-batch-reopen'));
    expect(await screen.findByText('选项中包含不可操作的选项，请移除后再操作：PB2611250003')).toBeTruthy();
    fireEvent.click(within(await rowOf('PB2611250003', 'p')).getByTestId('row-checkbox'));
    await select('PB2611250002');
    fireEvent.click(screen.getByTestId('predict-batch-reopen'));
    await confirmSends(fetchMock, 'predict-batch-reopen-confirm', 'PB2611250002', 'POST', '/logistics/predictBatch/reopen');
    expect(await sentBody(fetchMock, 'POST', '/logistics/predictBatch/reopen')).toEqual({ ids: 'b2' });
  });

  test('adding leaves a blank number to the server and sends the expected time in UTC', async () => {
    const fetchMock = await openAddForm(<PredictBatchListPage />, server({ 'POST /logistics/predictBatch/add': { message: '添加成功！', result: BATCHES[0] } }), CRUD, 'PB2611250001', 'p');
    const dialog = screen.getByTestId('predict-batch-form');
    expect(within(dialog).getByText('留空时自动生成批次号（PB + 日期 + 序号）')).toBeTruthy();
    fillAndSubmit(dialog, { 'predict-batch-expect-time': '2026-12-01T09:30', 'predict-batch-remark': ' 第一批 ' });
    expect(await sentBody(fetchMock, 'POST', '/logistics/predictBatch/add')).toEqual({ customerId: null, batchNo: null, remark: '第一批', expectTime: '2026-12-01T01:30:00Z' });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
  }, 15_000);
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { bodyOf, calls, expectAbsent, fill, fillAndSubmit, grant, openDialog, openPage, pickOption, sentBody, urlOf } from '../../../test/list';
import { renderPage } from '../../../test/render';
import { segmentAffixIssue, segmentNumber } from '../../../core';
import { detectScheme, numberPattern, usage } from './api';
import NumberSegmentListPage from './NumberSegmentListPage';

const CHANNELS = [{ id: 'c1', supplierId: 's1', code: 'POST-GB', name: '英国邮政', title: '英国邮政', status: 1 }];
const SEGMENTS = [
  {
    id: 'g1', channelId: 'c1', prefix: 'AA', suffix: 'GB', startNo: 1, endNo: 1000, currentNo: 990, checkScheme: 's10', alertThreshold: 20, status: 1,
    remaining: 10, alert: true, nextNumber: 'AA000009915GB', createTime: '2026-01-01 10:00:00',
  },
  {
    id: 'g2', channelId: 'c1', prefix: '', suffix: '', startNo: 5000, endNo: 5999, currentNo: 4999, checkScheme: 'mod7', alertThreshold: 0, status: 1,
    remaining: 1000, alert: false, nextNumber: '50004', createTime: '2026-01-02 10:00:00',
  },
];

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    'GET /logistics/channel/list': { result: { records: CHANNELS, total: 1 } },
    'GET /logistics/numberSegment/list': { result: { records: SEGMENTS, total: 2 } },
    ...extra,
  });
}

describe('number segment helpers', () => {
  test('numbers are built as the server builds them, check digit included', () => {
    expect(segmentNumber('s10', 'aa', 'gb', 47312482, 99_999_999)).toBe('AA473124829GB');
    expect(segmentNumber('ups', '1Z999AA101', '', 2345678, 9_999_999)).toBe('1Z999AA10123456784');
    expect(segmentNumber('mod7', '', '', 1234567, 9_999_999)).toBe('12345675');
    expect(segmentNumber('none', 'X', 'Y', 7, 100)).toBe('X007Y');
    expect(segmentNumber('none', 'X', 'Y', 7, 1e16)).toBe('');
  });

  test('prefixes and suffixes are checked by core, field by field', () => {
    expect(segmentAffixIssue('s10', 'prefix', 'A1', 'en-US')).toBe('An S10 prefix is 2 letters!');
    expect(segmentAffixIssue('s10', 'suffix', 'gb', 'en-US')).toBeUndefined();
    expect(segmentAffixIssue('ups', 'suffix', 'X', 'zh-CN')).toBe('UPS 单号没有后缀!');
    expect(segmentAffixIssue('none', 'prefix', 'YT-1', 'en-US')).toBe('Letters and digits only, at most 20!');
  });

  test('patterns and usage', () => {
    expect(numberPattern(SEGMENTS[0]!)).toBe('AA########✓GB');
    expect(numberPattern({ prefix: 'P', suffix: '', endNo: 999, checkScheme: 'none' })).toBe('P###');
    expect(usage(SEGMENTS[0]!)).toEqual({ used: 990, size: 1000, percent: 99 });
    expect(usage(SEGMENTS[1]!)).toEqual({ used: 0, size: 1000, percent: 0 });
  });

  test.each([
    ['1z999aa10123456784', 'ups'],
    ['AA473124829GB', 's10'],
    ['12345675', 'mod7'],
    ['hello', undefined],
  ])('%s is detected as %s', (number, scheme) => {
    expect(detectScheme(number)).toBe(scheme);
  });
});

describe('number segments page', () => {
  test('shows each segment’s format, usage and low-stock alert', async () => {
    openPage(<NumberSegmentListPage />, server(), 'logistics:numberSegment:list');
    const rows = await screen.findAllByTestId('segment-table-row');
    expect(within(rows[0]!).getByTestId('segment-pattern').textContent).toBe('AA########✓GB');
    expect(within(rows[0]!).getByText('剩余 10 / 1,000')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('segment-alert-badge').textContent).toBe('余量不足');
    expect(within(rows[0]!).getByRole('progressbar')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('segment-alert-badge')).toBeNull();
    expect(within(rows[1]!).getByText('尚未使用')).toBeTruthy();
    expect(screen.getByTestId('segment-alert-summary').textContent).toBe('1 个号段余量不足');
    await waitFor(() => expect(within(rows[0]!).getByText('POST-GB')).toBeTruthy());
    expectAbsent('segment-add', 'segment-allocate-open');
  });

  test('the checker verifies a scanned number in the browser', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(<NumberSegmentListPage />, server(), 'logistics:numberSegment:list');
    await screen.findAllByTestId('segment-table-row');
    const before = fetchMock.mock.calls.length;
    const input = screen.getByTestId('segment-check-input');
    const result = screen.getByTestId('segment-check-result');
    fireEvent.change(input, { target: { value: 'aa473124829gb' } });
    expect(result.textContent).toBe('Valid (UPU S10)');
    fireEvent.change(input, { target: { value: 'AA473124828GB' } });
    expect(result.textContent).toBe('Wrong check digit (UPU S10)');
    fireEvent.change(input, { target: { value: '1Z999AA10123456784' } });
    expect(result.textContent).toBe('Valid (UPS 1Z)');
    fireEvent.change(input, { target: { value: 'hello' } });
    expect(result.textContent).toBe('Unrecognized number format');
    fireEvent.change(screen.getByTestId('segment-check-scheme'), { target: { value: 'mod7' } });
    fireEvent.change(input, { target: { value: '12345674' } });
    expect(result.textContent).toBe('Wrong check digit (Mod 7)');
    expect(fetchMock.mock.calls.length).toBe(before);
  });

  test('adding an S10 segment explains the format, checks it and previews the numbers', async () => {
    const fetchMock = openPage(<NumberSegmentListPage />, server({ 'POST /logistics/numberSegment/add': { message: '添加成功！', result: SEGMENTS[0] } }), 'logistics:numberSegment:list', 'logistics:numberSegment:add');
    await screen.findAllByTestId('segment-table-row');
    const dialog = await openDialog('segment-add', 'segment-form');
    await pickOption(within(dialog).getByTestId('segment-channel'), 'POST-GB · 英国邮政', 'c1');
    expect(within(dialog).queryByTestId('segment-scheme-hint')).toBeNull();
    fill({ 'segment-scheme': 's10' }, dialog);
    expect(within(dialog).getByTestId('segment-scheme-hint').textContent).toContain('2 位字母');
    fillAndSubmit(dialog, { 'segment-prefix': 'AAB', 'segment-suffix': 'gb', 'segment-end': '100000000' });
    expect((await within(dialog).findByTestId('segment-prefix-error')).textContent).toBe('S10 前缀须为 2 位字母!');
    expect(within(dialog).getByTestId('segment-end-error').textContent).toBe('序号最大为 99999999');
    expect(calls(fetchMock, 'POST', '/logistics/numberSegment/add')).toHaveLength(0);

    fill({ 'segment-prefix': 'aa', 'segment-end': '1000', 'segment-alert': '50' }, dialog);
    await waitFor(() => expect(within(dialog).getByTestId('segment-preview').textContent).toContain('AA000000014GB … AA000010008GB'));
    expect(within(dialog).getByTestId('segment-preview').textContent).toContain('共 1000 个单号');
    fireEvent.click(within(dialog).getByTestId('segment-form-submit'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/numberSegment/add')).toEqual({
      channelId: 'c1',
      checkScheme: 's10',
      prefix: 'AA',
      suffix: 'GB',
      startNo: 1,
      endNo: 1000,
      alertThreshold: 50,
    });
  }, 15_000);

  test('taking numbers shows them, ready to copy, and warns when the segment runs low', async () => {
    grant('logistics:numberSegment:list', 'logistics:numberSegment:allocate');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const fetchMock = server({
      'POST /logistics/numberSegment/allocate': { result: { segmentId: 'g1', numbers: ['AA000009915GB', 'AA000009929GB'], remaining: 8, alert: true } },
    });
    renderPage(<NumberSegmentListPage />);
    const rows = await screen.findAllByTestId('segment-table-row');
    fireEvent.click(within(rows[0]!).getByTestId('segment-allocate'));
    const dialog = await screen.findByTestId('allocate-dialog');
    expect((within(dialog).getByTestId('allocate-channel') as HTMLSelectElement).value).toBe('c1');
    fireEvent.change(within(dialog).getByTestId('allocate-count'), { target: { value: '101' } });
    fireEvent.click(within(dialog).getByTestId('allocate-submit'));
    expect(await within(dialog).findByText('数量须为 1 到 100 之间的整数')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('allocate-count'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByTestId('allocate-submit'));
    const numbers = await within(dialog).findByTestId('allocate-numbers');
    expect(bodyOf(fetchMock, 'POST', '/logistics/numberSegment/allocate', 0)).toEqual({ channelId: 'c1', count: 2 });
    expect(within(numbers).getByText('AA000009915GB')).toBeTruthy();
    expect(within(numbers).getByText('AA000009929GB')).toBeTruthy();
    expect(within(dialog).getByTestId('allocate-alert').textContent).toContain('仅剩 8 个');
    fireEvent.click(within(dialog).getByTestId('allocate-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('AA000009915GB\nAA000009929GB'));
    expect(await screen.findByText('已复制 2 个单号')).toBeTruthy();
  }, 15_000);

  test('no numbers left: the server’s message shows in the dialog', async () => {
    openPage(<NumberSegmentListPage />, server({ 'POST /logistics/numberSegment/allocate': { status: 400, message: '该渠道的单号已用完!' } }), 'logistics:numberSegment:list', 'logistics:numberSegment:allocate');
    await screen.findAllByTestId('segment-table-row');
    fireEvent.click(screen.getByTestId('segment-allocate-open'));
    const dialog = await screen.findByTestId('allocate-dialog');
    fireEvent.click(within(dialog).getByTestId('allocate-submit'));
    expect(await within(dialog).findByText('请选择渠道', { selector: '[data-part="error-text"]' })).toBeTruthy();
    const channel = within(dialog).getByTestId('allocate-channel');
    await waitFor(() => expect(within(channel).getByText('POST-GB · 英国邮政')).toBeTruthy());
    fireEvent.change(channel, { target: { value: 'c1' } });
    fireEvent.click(within(dialog).getByTestId('allocate-submit'));
    expect((await within(dialog).findByTestId('allocate-error')).textContent).toContain('该渠道的单号已用完!');
  });

  test('deleting a used segment is refused with the server’s message', async () => {
    const fetchMock = openPage(<NumberSegmentListPage />, server({ 'DELETE /logistics/numberSegment/delete': { status: 400, message: '号段已使用，不能删除!' } }), 'logistics:numberSegment:list', 'logistics:numberSegment:delete');
    const rows = await screen.findAllByTestId('segment-table-row');
    fireEvent.click(within(rows[0]!).getByTestId('segment-delete'));
    const confirm = await screen.findByTestId('segment-delete-confirm');
    expect(confirm.textContent).toContain('已发出 990 个单号');
    fireEvent.click(screen.getByTestId('segment-delete-confirm-confirm'));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/logistics/numberSegment/delete')).toHaveLength(1));
    expect(urlOf(fetchMock, 'DELETE', '/logistics/numberSegment/delete', 0).searchParams.get('id')).toBe('g1');
    expect(await screen.findByText('号段已使用，不能删除!')).toBeTruthy();
  });
});

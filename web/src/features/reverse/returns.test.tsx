import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../i18n';
import { setUserInfo } from '../../lib/session';
import { fakeServer, testUser, type FakeRoutes } from '../../test/api';
import { bodyOf, calls, confirmSends, openPage, paged, sentBody } from '../../test/list';
import PdaReturnReceivePage from './PdaReturnReceivePage';
import { ReturnAccountList } from './ReturnPartLists';
import ReturnListPage from './ReturnListPage';

const RETURN = {
  id: 'r1', returnNo: 'RT20261204001', customerId: 'c1', customerUsername: 'demo', shipmentId: 's1', parcelId: null, serialNumber: 'B2C1', parcelNo: null, sysTrackNo: 'LX1CN',
  trackNo: null, reason: 'refused', reasonDetail: null, returnTrackNo: null, status: 'requested', decision: null, decisionRemark: null, decisionSide: null, decisionBy: null,
  decisionTime: null, condition: null, conditionRemark: null, receivedBy: null, receivedTime: null, reshipShipmentId: null, reshipSerialNumber: null, currency: 'CNY', remark: null,
  createBy: 'demo', createTime: '2026-12-04T08:00:00Z', updateTime: null, completeTime: null,
};
const COMMENT = { id: 'm1', returnId: 'r1', returnNo: RETURN.returnNo, side: 'staff', username: 'demo_admin', realname: 'Wang', content: 'We expect it on Monday.', createTime: '2026-12-04T09:00:00Z' };
const TRACK = { id: 't1', returnId: 'r1', returnNo: RETURN.returnNo, status: 'pending', location: null, detail: 'Return requested', eventTime: '2026-12-04T08:00:00Z', source: 'system', createBy: 'demo', createTime: '2026-12-04T08:00:00Z' };
const DETAIL = { ...RETURN, attachments: [], comments: [COMMENT], tracks: [TRACK], accounts: [], actions: ['cancel', 'decide', 'attach'] };
const RECEIVED = {
  ...DETAIL,
  status: 'received', condition: 'damagedPackaging', conditionRemark: 'Box crushed', receivedBy: 'demo_admin', receivedTime: '2026-12-05T08:00:00Z',
  actions: ['decide', 'complete', 'attach', 'account'],
};

const CUSTOMER = testUser({ id: 'c1', username: 'demo', userKind: 'customer' });
const STAFF = testUser({ id: 'a1', username: 'demo_admin', userKind: 'staff' });

/** The return list with `detail` behind its one row, and any other routes. */
function server(detail: unknown, routes: FakeRoutes = {}) {
  return fakeServer({
    'GET /reverse/return/list': paged([RETURN]),
    'GET /reverse/return/queryById': { result: detail },
    ...routes,
  });
}

/** Opens the return list and the drawer of its row; answers the drawer. */
async function openDrawer() {
  fireEvent.click(await screen.findByTestId('return-open'));
  const drawer = await screen.findByTestId('return-detail');
  await within(drawer).findByTestId('return-detail-body');
  return drawer;
}

beforeEach(() => {
  Object.defineProperty(navigator, 'vibrate', { configurable: true, value: vi.fn<(pattern: VibratePattern) => boolean>(() => true) });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'vibrate');
});

describe('new return', () => {
  test('core refuses a missing or malformed number and a reason "other" without a detail; a good request is sent and opens its drawer', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    setUserInfo(CUSTOMER);
    const fetchMock = fakeServer({
      'GET /reverse/return/list': paged([]),
      'POST /reverse/return/add': { result: RETURN },
      'GET /reverse/return/queryById': { result: DETAIL },
    });
    openPage(<ReturnListPage />, fetchMock, 'reverse:return:add');
    expect(await screen.findByTestId('return-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('return-add'));
    const form = await screen.findByTestId('return-form');

    fireEvent.click(within(form).getByTestId('return-form-submit'));
    expect((await within(form).findByTestId('return-form-number-error')).textContent).toBe("Scan or enter the order's or the parcel's number!");

    fireEvent.change(within(form).getByTestId('return-form-number'), { target: { value: 'B2C 1' } });
    fireEvent.click(within(form).getByTestId('return-form-submit'));
    await waitFor(() => expect(within(form).getByTestId('return-form-number-error').textContent).toBe('B2C 1 is not a tracking number: letters, digits, - and _ only, at most 50!'));

    fireEvent.change(within(form).getByTestId('return-form-number'), { target: { value: 'b2c1' } });
    fireEvent.change(within(form).getByTestId('return-form-reason'), { target: { value: 'other' } });
    fireEvent.click(within(form).getByTestId('return-form-submit'));
    expect((await within(form).findByTestId('return-form-reason-detail-error')).textContent).toBe('Describe the reason when it is “other”!');
    expect(within(form).queryByTestId('return-form-number-error')?.textContent ?? '').toBe('');
    expect(calls(fetchMock, 'POST', '/reverse/return/add')).toHaveLength(0);

    fireEvent.change(within(form).getByTestId('return-form-reason-detail'), { target: { value: 'Consignee moved away' } });
    fireEvent.change(within(form).getByTestId('return-form-return-track-no'), { target: { value: '1z999' } });
    fireEvent.click(within(form).getByTestId('return-form-submit'));
    expect(await sentBody(fetchMock, 'POST', '/reverse/return/add')).toEqual({ number: 'b2c1', reason: 'other', reasonDetail: 'Consignee moved away', returnTrackNo: '1z999' });
    // The new return opens in its drawer.
    const drawer = await screen.findByTestId('return-detail');
    expect((await within(drawer).findByTestId('return-fact-return-no')).textContent).toBe(RETURN.returnNo);
  });
});

describe('return drawer', () => {
  test('staff see only the actions the server allows; a decision is checked by core, then posted; complete asks first', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    setUserInfo(STAFF);
    const fetchMock = server(RECEIVED, { 'POST /reverse/return/decide': { message: 'Saved', result: { ...RETURN, decision: 'reship' } }, 'POST /reverse/return/complete': { result: RETURN } });
    openPage(<ReturnListPage />, fetchMock, 'reverse:return:handle', 'reverse:return:edit', 'reverse:return:account');
    const drawer = await openDrawer();
    expect(within(drawer).getByTestId('return-action-decide')).toBeTruthy();
    expect(within(drawer).getByTestId('return-action-complete')).toBeTruthy();
    for (const action of ['approve', 'reject', 'cancel']) expect(within(drawer).queryByTestId(`return-action-${action}`)).toBeNull();
    expect(within(drawer).getByTestId('return-fact-condition').textContent).toContain('Packaging damaged');
    expect(within(drawer).getByTestId('return-account-add')).toBeTruthy();
    expect(within(drawer).getByTestId('return-track-add')).toBeTruthy();

    fireEvent.click(within(drawer).getByTestId('return-action-decide'));
    const form = await screen.findByTestId('return-decide-form');
    fireEvent.click(within(form).getByTestId('return-decide-form-submit'));
    expect((await within(form).findByTestId('return-decide-decision-error')).textContent).toBe('Decision is required!');
    expect(calls(fetchMock, 'POST', '/reverse/return/decide')).toHaveLength(0);
    fireEvent.change(within(form).getByTestId('return-decide-decision'), { target: { value: 'reship' } });
    fireEvent.change(within(form).getByTestId('return-decide-remark'), { target: { value: ' Send it again ' } });
    fireEvent.click(within(form).getByTestId('return-decide-form-submit'));
    expect(await sentBody(fetchMock, 'POST', '/reverse/return/decide')).toEqual({ id: 'r1', decision: 'reship', decisionRemark: 'Send it again' });
    // The detail is asked again.
    await waitFor(() => expect(calls(fetchMock, 'GET', '/reverse/return/queryById').length).toBeGreaterThan(1));

    fireEvent.click(within(drawer).getByTestId('return-action-complete'));
    await confirmSends(fetchMock, 'return-complete-confirm', RETURN.returnNo, 'POST', '/reverse/return/complete');
    expect(bodyOf(fetchMock, 'POST', '/reverse/return/complete')).toEqual({ id: 'r1' });
  });

  test('a customer without the edit code sees no action; with it, cancel and decide but never staff actions', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    setUserInfo(CUSTOMER);
    const fetchMock = server({ ...DETAIL, actions: ['cancel', 'decide', 'attach'] });
    openPage(<ReturnListPage />, fetchMock);
    let drawer = await openDrawer();
    expect(within(drawer).queryByTestId('return-actions')).toBeNull();
    expect(within(drawer).queryByTestId('return-attachment-upload')).toBeNull();
    expect(within(drawer).queryByTestId('return-track-add')).toBeNull();
    cleanup();

    openPage(<ReturnListPage />, fetchMock, 'reverse:return:edit', 'reverse:return:handle');
    drawer = await openDrawer();
    expect(within(drawer).getByTestId('return-action-cancel').textContent).toBe('取消退件');
    expect(within(drawer).getByTestId('return-action-decide')).toBeTruthy();
    expect(within(drawer).queryByTestId('return-action-approve')).toBeNull();
    expect(within(drawer).getByTestId('return-attachment-upload')).toBeTruthy();
  });

  test('a comment is checked by core and sent; the thread shows each side on its own side', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    setUserInfo(CUSTOMER);
    const fetchMock = server(DETAIL, { 'POST /reverse/returnComment/add': { result: { ...COMMENT, id: 'm2', side: 'customer', content: 'Thanks' } } });
    openPage(<ReturnListPage />, fetchMock, 'reverse:return:edit');
    const drawer = await openDrawer();
    const [staffComment] = within(drawer).getAllByTestId('return-comment');
    expect(staffComment?.dataset.side).toBe('staff');
    expect(staffComment?.dataset.mine).toBe('false');

    // Nothing to send while blank (the button waits, Ctrl+Enter does nothing).
    const input = within(drawer).getByTestId('return-comment-input') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: '   ' } });
    expect(within(drawer).getByTestId('return-comment-send').hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    // Longer than core takes (what a paste past the field's limit would send): core's message, nothing sent.
    fireEvent.change(input, { target: { value: 'x'.repeat(1001) } });
    fireEvent.click(within(drawer).getByTestId('return-comment-send'));
    expect((await within(drawer).findByTestId('return-comment-error')).textContent).toContain('1000');
    expect(calls(fetchMock, 'POST', '/reverse/returnComment/add')).toHaveLength(0);

    fireEvent.change(input, { target: { value: ' Thanks, see you Monday ' } });
    // Ctrl+Enter sends.
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    expect(await sentBody(fetchMock, 'POST', '/reverse/returnComment/add')).toEqual({ returnId: 'r1', content: 'Thanks, see you Monday' });
    await waitFor(() => expect(input.value).toBe(''));
    await waitFor(() => expect(calls(fetchMock, 'GET', '/reverse/return/queryById').length).toBeGreaterThan(1));
  });

  test('core refuses an .exe and a file over 10 MB before anything is uploaded; an image is uploaded', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    setUserInfo(CUSTOMER);
    const fetchMock = server(DETAIL, { 'POST /reverse/returnAttachment/upload': { result: { id: 'f1', returnId: 'r1', returnNo: RETURN.returnNo, fileName: 'box.png', mime: 'image/png', sizeBytes: 12, createBy: 'demo', createTime: '2026-12-04T10:00:00Z' } } });
    openPage(<ReturnListPage />, fetchMock, 'reverse:return:edit');
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByTestId('return-tab-attachments'));
    const input = within(drawer).getByTestId('return-attachment-input');

    // A program, whatever its type says.
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00])], 'setup.exe', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [exe] } });
    const problem = await within(drawer).findByTestId('return-attachment-problem');
    expect(problem.textContent).toMatch(/^setup\.exe: .*(PNG, JPEG, GIF, WebP|PDF)/);

    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
    const huge = new File([new Uint8Array(png)], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [huge] } });
    await waitFor(() => expect(within(drawer).getByTestId('return-attachment-problem').textContent).toMatch(/^huge\.png: .*10 MB/));
    expect(calls(fetchMock, 'POST', '/reverse/returnAttachment/upload')).toHaveLength(0);

    fireEvent.change(input, { target: { files: [new File([new Uint8Array(png)], 'box.png', { type: 'image/png' })] } });
    await waitFor(() => expect(calls(fetchMock, 'POST', '/reverse/returnAttachment/upload')).toHaveLength(1));
    const sent = calls(fetchMock, 'POST', '/reverse/returnAttachment/upload')[0]?.[1]?.body as FormData;
    expect(sent.get('returnId')).toBe('r1');
    expect((sent.get('file') as File).name).toBe('box.png');
    await waitFor(() => expect(within(drawer).queryByTestId('return-attachment-problem')).toBeNull());
  });
});

describe('fees and refunds', () => {
  test('core checks the amount in the return\'s currency; the post carries one Idempotency-Key per opening, kept for a retry', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    setUserInfo(STAFF);
    let attempts = 0;
    const fetchMock = server(RECEIVED, {
      'POST /reverse/returnAccount/add': () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, message: 'Server busy' } : { result: { id: 'a1', returnId: 'r1', returnNo: RETURN.returnNo, customerId: 'c1', kind: 'fee', amount: '5.00', currency: 'CNY', tradeNo: 'T1', remark: null } };
      },
    });
    openPage(<ReturnListPage />, fetchMock, 'reverse:return:handle', 'reverse:return:account');
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByTestId('return-tab-accounts'));
    expect(within(drawer).getByTestId('return-accounts-empty')).toBeTruthy();
    fireEvent.click(within(drawer).getByTestId('return-account-add'));
    const form = await screen.findByTestId('return-account-form');
    expect((within(form).getByTestId('return-account-kind') as HTMLSelectElement).value).toBe('fee');

    fireEvent.change(within(form).getByTestId('return-account-amount-input'), { target: { value: '5.001' } });
    fireEvent.click(within(form).getByTestId('return-account-form-submit'));
    expect((await within(form).findByTestId('return-account-amount-input-error')).textContent).toBe('Amount allows at most 2 decimal places!');
    expect(calls(fetchMock, 'POST', '/reverse/returnAccount/add')).toHaveLength(0);

    fireEvent.change(within(form).getByTestId('return-account-amount-input'), { target: { value: '5' } });
    fireEvent.click(within(form).getByTestId('return-account-form-submit'));
    expect((await within(form).findByTestId('return-account-form-error')).textContent).toBe('Server busy');
    // The retry of the same body reuses the key: the server posts it once.
    fireEvent.click(within(form).getByTestId('return-account-form-submit'));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/reverse/returnAccount/add')).toHaveLength(2));
    const keys = calls(fetchMock, 'POST', '/reverse/returnAccount/add').map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(bodyOf(fetchMock, 'POST', '/reverse/returnAccount/add')).toEqual({ returnId: 'r1', kind: 'fee', amount: '5', remark: null });
    await waitFor(() => expect(screen.queryByTestId('return-account-form')).toBeNull());
  });

  test('the list of every fee and refund is searched by return number and exported by the server', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    setUserInfo(STAFF);
    const fetchMock = fakeServer({
      'GET /reverse/returnAccount/list': paged([{ id: 'a1', returnId: 'r1', returnNo: RETURN.returnNo, customerId: 'c1', kind: 'refund', amount: '12.50', currency: 'CNY', tradeNo: 'T1', remark: null, createBy: 'demo_admin', createTime: '2026-12-05T08:00:00Z' }]),
      'GET /reverse/return/queryById': { result: RECEIVED },
    });
    openPage(<ReturnAccountList />, fetchMock, 'reverse:returnAccount:export');
    expect((await screen.findByTestId('return-account-kind')).textContent).toBe('退款');
    expect(screen.getByTestId('return-account-export')).toBeTruthy();
    fireEvent.change(screen.getByTestId('return-account-search-keyword'), { target: { value: 'rt2026' } });
    fireEvent.click(screen.getByTestId('return-account-search-submit'));
    await waitFor(() => expect(calls(fetchMock, 'GET', '/reverse/returnAccount/list').at(-1)?.[0]).toContain('keyWord=RT2026'));
    // A return number opens its return.
    fireEvent.click(screen.getByTestId('return-account-open'));
    expect(await screen.findByTestId('return-detail-body')).toBeTruthy();
  });
});

describe('receiving returns on the PDA', () => {
  test('Enter receives the scan; core asks for a note unless intact; the server refusal and the result show', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    setUserInfo(STAFF);
    const fetchMock = fakeServer({
      'POST /reverse/return/receive': (body) =>
        (body as { number: string }).number === 'nope1'
          ? { status: 400, message: 'No return awaits the number NOPE1: register the return first!' }
          : { result: { ...RETURN, status: 'received', condition: 'damagedPackaging', conditionRemark: 'Box crushed' } },
    });
    openPage(<PdaReturnReceivePage />, fetchMock, 'reverse:return:receive');
    const number = await screen.findByTestId('return-receive-number');
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect(screen.getByTestId('return-receive-condition-intact').getAttribute('aria-pressed')).toBe('true');

    // Not intact and no note: refused here, nothing sent.
    fireEvent.click(screen.getByTestId('return-receive-condition-damagedPackaging'));
    fireEvent.change(number, { target: { value: 'lx1cn' } });
    fireEvent.keyDown(number, { key: 'Enter' });
    expect((await screen.findByTestId('return-receive-remark-error')).textContent).toBe('Describe what is wrong when the parcel is not intact!');
    expect(calls(fetchMock, 'POST', '/reverse/return/receive')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('return-receive-remark'), { target: { value: 'Box crushed' } });
    fireEvent.change(number, { target: { value: 'nope1' } });
    fireEvent.keyDown(number, { key: 'Enter' });
    expect((await screen.findByTestId('return-receive-problem')).textContent).toBe('No return awaits the number NOPE1: register the return first!');
    expect(screen.queryByTestId('return-receive-result')).toBeNull();

    fireEvent.change(number, { target: { value: 'lx1cn' } });
    fireEvent.keyDown(number, { key: 'Enter' });
    const result = await screen.findByTestId('return-receive-result');
    expect(within(result).getByTestId('return-receive-result-no').textContent).toBe(RETURN.returnNo);
    expect(within(result).getByTestId('return-receive-result-order').textContent).toBe('B2C1');
    expect(within(result).getByTestId('return-receive-result-status').textContent).toBe('Received');
    expect(bodyOf(fetchMock, 'POST', '/reverse/return/receive')).toEqual({ number: 'lx1cn', condition: 'damagedPackaging', conditionRemark: 'Box crushed' });
    expect(screen.queryByTestId('return-receive-problem')).toBeNull();
    // Ready for the next parcel: cleared, intact again, the scan field focused; both scans listed.
    expect((number as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('return-receive-condition-intact').getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(number);
    expect(screen.getAllByTestId('return-receive-scan').map((scan) => scan.dataset.state)).toEqual(['received', 'failed']);
  });
});

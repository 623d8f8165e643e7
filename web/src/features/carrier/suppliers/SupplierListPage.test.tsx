import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { bodyOf, calls, expectAbsent, confirmDeleteSends, fillAndSubmit, openDialog, openPage, rowOf, search, sentBody, urlOf } from '../../../test/list';
import { credentialsFit } from './api';
import SupplierListPage from './SupplierListPage';

const SUPPLIERS = [
  { id: 's1', code: 'DHL', name: '敦豪', nameEn: 'DHL Express', title: '敦豪', contact: '王五', phone: '13800000000', email: 'ops@dhl.test', apiType: 'api', status: 1, remark: null, hasCredentials: 1, createTime: '2026-01-01 10:00:00' },
  { id: 's2', code: 'YUN', name: '云途', nameEn: null, title: '云途', contact: null, phone: null, email: null, apiType: 'custom', status: 0, remark: null, hasCredentials: 0, createTime: '2026-01-02 10:00:00' },
];

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    'GET /logistics/supplier/list': { result: { records: SUPPLIERS, total: 2, size: 10, current: 1, pages: 1 } },
    ...extra,
  });
}

describe('suppliers page', () => {
  test('lists suppliers with their status and integration, newest first; buttons follow the codes', async () => {
    const fetchMock = openPage(<SupplierListPage />, server(), 'logistics:supplier:list');
    expect(await screen.findByText('DHL')).toBeTruthy();
    expect(screen.getByText('DHL Express')).toBeTruthy();
    expect(screen.getByText('接口对接')).toBeTruthy();
    // An integration the page does not know is shown as typed.
    expect(screen.getByText('custom')).toBeTruthy();
    expect(within(screen.getByText('YUN').closest('tr')!).getByText('停用')).toBeTruthy();
    // A lock where the carrier account's credentials are kept (never their values).
    expect(within(await rowOf('DHL')).getByTestId('supplier-credentials-badge').textContent).toBe('账号参数');
    expect(within(await rowOf('YUN')).queryByTestId('supplier-credentials-badge')).toBeNull();
    const url = urlOf(fetchMock, 'GET', '/logistics/supplier/list');
    expect(url.searchParams.get('column')).toBe('createTime');
    expect(url.searchParams.get('order')).toBe('desc');
    expectAbsent('supplier-add', 'supplier-edit', 'supplier-delete');
  });

  test('the keyword and status filters go to the server', async () => {
    const fetchMock = openPage(<SupplierListPage />, server(), 'logistics:supplier:list');
    await screen.findByText('DHL');
    search('supplier-search', { 'supplier-search-keyword': 'yun', 'supplier-search-status': '0' });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', '/logistics/supplier/list').searchParams.get('status')).toBe('0'));
    expect(urlOf(fetchMock, 'GET', '/logistics/supplier/list').searchParams.get('keyWord')).toBe('yun');
  });

  test('adding sends the upper-cased code and empty fields as null', async () => {
    const fetchMock = openPage(<SupplierListPage />, server({ 'POST /logistics/supplier/add': { message: '添加成功！', result: SUPPLIERS[0] } }), 'logistics:supplier:list', 'logistics:supplier:add');
    await screen.findByText('DHL');
    const dialog = await openDialog('supplier-add', 'supplier-form');
    fillAndSubmit(dialog, {});
    expect(await within(dialog).findByText('请输入编码')).toBeTruthy();
    expect(within(dialog).getByText('请输入名称')).toBeTruthy();
    fillAndSubmit(dialog, { 'supplier-code': 'ups_cn', 'supplier-name': ' 联合包裹 ', 'supplier-api-type': 'api' });
    expect(await sentBody(fetchMock, 'POST', '/logistics/supplier/add')).toEqual({
      code: 'UPS_CN',
      name: '联合包裹',
      nameEn: null,
      contact: null,
      phone: null,
      email: null,
      apiType: 'api',
      status: 1,
      remark: null,
    });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('supplier-form')).toBeNull());
  }, 15_000);

  test('a code the server refuses shows its message under the code', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(<SupplierListPage />, server({ 'PUT /logistics/supplier/edit': { status: 409, message: 'This code already exists!', result: { field: 'code', key: 'code_taken' } } }), 'logistics:supplier:list', 'logistics:supplier:edit');
    const dialog = await openDialog('supplier-edit', 'supplier-form', await rowOf('YUN'));
    expect((within(dialog).getByTestId('supplier-code') as HTMLInputElement).value).toBe('YUN');
    fillAndSubmit(dialog, { 'supplier-code': 'DHL' });
    expect((await within(dialog).findByTestId('supplier-code-error')).textContent).toBe('This code already exists!');
    expect(bodyOf(fetchMock, 'PUT', '/logistics/supplier/edit')).toMatchObject({ id: 's2', code: 'DHL', status: 0 });
    expect(screen.getByTestId('supplier-form')).toBeTruthy();
  }, 15_000);

  test('delete asks first; a supplier in use stays, with the server saying why', async () => {
    const fetchMock = openPage(<SupplierListPage />, server({ 'DELETE /logistics/supplier/delete': { status: 400, message: '已被使用，不能删除!' } }), 'logistics:supplier:list', 'logistics:supplier:delete');
    await openDialog('supplier-delete', 'supplier-delete-confirm', await rowOf('DHL'));
    await confirmDeleteSends(fetchMock, 'supplier-delete-confirm', 'DHL 敦豪', '/logistics/supplier/delete', { id: 's1' });
    expect(await screen.findByText('已被使用，不能删除!')).toBeTruthy();
    expect(screen.getByTestId('supplier-delete-confirm')).toBeTruthy();
  });

  test('credentials are checked as a JSON object of text before they are sent, and sent as typed', async () => {
    const fetchMock = openPage(<SupplierListPage />, server({ 'POST /logistics/supplier/add': { message: '添加成功！', result: SUPPLIERS[0] } }), 'logistics:supplier:list', 'logistics:supplier:add');
    await screen.findByText('DHL');
    const dialog = await openDialog('supplier-add', 'supplier-form');
    // A new supplier has none kept: no state line, nothing to remove.
    expectAbsent('supplier-credentials-state', 'supplier-credentials-remove');
    const invalid = '账号参数须为 JSON 对象，键和值都是文字（最多 20 项）';
    for (const bad of ['{"apiKey": ', '["A1"]', '"A1"', '{"accountNumber": 1}', '{"account": {"number": "A1"}}', '{" ": "x"}']) {
      fillAndSubmit(dialog, { 'supplier-code': 'ups', 'supplier-name': '联合包裹', 'supplier-credentials': bad });
      await waitFor(() => expect(within(dialog).getByTestId('supplier-credentials-error').textContent).toBe(invalid));
    }
    expect(calls(fetchMock, 'POST', '/logistics/supplier/add')).toHaveLength(0);
    const typed = '{"accountNumber": "A1", "apiKey": "k-123"}';
    fillAndSubmit(dialog, { 'supplier-credentials': ` ${typed} ` });
    expect(await sentBody(fetchMock, 'POST', '/logistics/supplier/add')).toMatchObject({ code: 'UPS', credentials: typed });
  }, 15_000);

  test('an edit keeps the credentials unless new ones are typed or removal is asked; the server’s refusal shows under them', async () => {
    const fetchMock = openPage(
      <SupplierListPage />,
      server({ 'PUT /logistics/supplier/edit': (body) => ((body as { credentials?: string }).credentials === '{"apiKey":"bad"}' ? { status: 400, message: '账号参数无效!', result: { field: 'credentials' } } : { message: '编辑成功!' }) }),
      'logistics:supplier:list',
      'logistics:supplier:edit',
    );
    // Kept: said so, the box blank (they are never sent back); saving as is leaves them out.
    let dialog = await openDialog('supplier-edit', 'supplier-form', await rowOf('DHL'));
    expect(within(dialog).getByTestId('supplier-credentials-state').textContent).toBe('已保存账号参数');
    expect((within(dialog).getByTestId('supplier-credentials') as HTMLTextAreaElement).value).toBe('');
    fillAndSubmit(dialog, {});
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/logistics/supplier/edit')).toHaveLength(1));
    expect(bodyOf(fetchMock, 'PUT', '/logistics/supplier/edit')).not.toHaveProperty('credentials');
    await waitFor(() => expect(screen.queryByTestId('supplier-form')).toBeNull());

    // Removal sends an empty object.
    dialog = await openDialog('supplier-edit', 'supplier-form', await rowOf('DHL'));
    fireEvent.click(within(within(dialog).getByTestId('supplier-credentials-remove')).getByRole('checkbox', { hidden: true }));
    await waitFor(() => expect((within(dialog).getByTestId('supplier-credentials') as HTMLTextAreaElement).disabled).toBe(true));
    fillAndSubmit(dialog, {});
    expect((await sentBody(fetchMock, 'PUT', '/logistics/supplier/edit', 2)).credentials).toBe('{}');
    await waitFor(() => expect(screen.queryByTestId('supplier-form')).toBeNull());

    // None kept: said so, no removal; the server's message about them shows under the box.
    dialog = await openDialog('supplier-edit', 'supplier-form', await rowOf('YUN'));
    expect(within(dialog).getByTestId('supplier-credentials-state').textContent).toBe('未设置账号参数');
    expect(within(dialog).queryByTestId('supplier-credentials-remove')).toBeNull();
    fillAndSubmit(dialog, { 'supplier-credentials': '{"apiKey":"bad"}' });
    expect((await within(dialog).findByTestId('supplier-credentials-error')).textContent).toBe('账号参数无效!');
    expect(bodyOf(fetchMock, 'PUT', '/logistics/supplier/edit')).toMatchObject({ id: 's2', credentials: '{"apiKey":"bad"}' });
  }, 20_000);
});

/** Credentials of `count` entries. */
const entries = (count: number) => JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 'v'])));

describe('credentialsFit', () => {
  test('takes a JSON object of at most 20 text values under non-blank keys', () => {
    expect(credentialsFit('{"accountNumber":"A1","apiKey":"k"}')).toBe(true);
    expect(credentialsFit('{}')).toBe(true);
    expect(credentialsFit(entries(20))).toBe(true);
    expect(credentialsFit(entries(21))).toBe(false);
    for (const bad of ['', 'null', '[]', '"k"', '{"a":1}', '{"a":null}', '{"a":{"b":"c"}}', '{"":"x"}', '{']) expect(credentialsFit(bad)).toBe(false);
    expect(credentialsFit(JSON.stringify({ [`${'k'.repeat(65)}`]: 'v' }))).toBe(false);
    expect(credentialsFit(JSON.stringify({ k: 'v'.repeat(2001) }))).toBe(false);
  });
});

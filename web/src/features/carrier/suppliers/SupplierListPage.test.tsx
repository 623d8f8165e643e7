import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { bodyOf, expectAbsent, confirmDeleteSends, fillAndSubmit, openDialog, openPage, rowOf, search, sentBody, urlOf } from '../../../test/list';
import SupplierListPage from './SupplierListPage';

const SUPPLIERS = [
  { id: 's1', code: 'DHL', name: '敦豪', nameEn: 'DHL Express', title: '敦豪', contact: '王五', phone: '13800000000', email: 'ops@dhl.test', apiType: 'api', status: 1, remark: null, createTime: '2026-01-01 10:00:00' },
  { id: 's2', code: 'YUN', name: '云途', nameEn: null, title: '云途', contact: null, phone: null, email: null, apiType: 'custom', status: 0, remark: null, createTime: '2026-01-02 10:00:00' },
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
});

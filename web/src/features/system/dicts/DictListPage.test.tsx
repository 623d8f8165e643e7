import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { bodyOf, calls, expectAbsent, confirmDeleteSends, expectFirstSort, expectNothingAsked, fill, fillAndSubmit, openDialog, openPage, rowOf, urlOf } from '../../../test/list';
import DictListPage from './DictListPage';

const DICTS = [
  { id: 'd1', dictName: '优先级', dictNameEn: 'Priority', title: '优先级', dictCode: 'priority', description: '通告优先级', systemFlag: true, itemCount: 3, createTime: '2026-01-01 10:00:00' },
  { id: 'd2', dictName: '包装类型', dictNameEn: 'Packing', title: '包装类型', dictCode: 'packing', description: null, systemFlag: false, itemCount: 0, createTime: '2026-01-02 10:00:00' },
];

const ITEMS = [
  { id: 'i1', dictId: 'd1', itemText: '一般', itemTextEn: 'General', title: '一般', itemValue: 'L', itemColor: 'gray', description: null, sortOrder: 1, status: 1, createTime: '2026-01-01 10:00:00' },
  { id: 'i2', dictId: 'd1', itemText: '紧急', itemTextEn: 'Urgent', title: '紧急', itemValue: 'H', itemColor: 'red', description: null, sortOrder: 3, status: 1, createTime: '2026-01-01 10:00:00' },
];

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    'GET /sys/dict/list': { result: { records: DICTS, total: 2, size: 10, current: 1, pages: 1 } },
    'GET /sys/dictItem/list': { result: { records: ITEMS, total: 2, size: 10, current: 1, pages: 1 } },
    'GET /sys/duplicate/check': { message: '该值可用！' },
    'GET /sys/dict/refleshCache': { message: '刷新缓存完成！' },
    'GET /sys/dict/queryAllDictItems': { result: {} },
    'PUT /sys/dictItem/edit': (body) => ({ message: '编辑成功!', result: body }),
    'DELETE /sys/dict/delete': { message: '删除成功!' },
    ...extra,
  });
}

describe('dictionaries page', () => {
  test('lists dictionaries with their type and item count, newest first', async () => {
    const fetchMock = openPage(<DictListPage />, server(), 'system:dict:list');
    const row = await rowOf('priority', 'p');
    expect(within(row).getByText('优先级')).toBeTruthy();
    expect(within(row).getByTestId('dict-system-badge').textContent).toBe('系统');
    expect(within(row).getByText('3')).toBeTruthy();
    expectFirstSort(fetchMock, '/sys/dict/list', 'createTime', 'desc');
    // Without the codes: no add, no delete.
    expectAbsent('dict-add', 'dict-delete');
  });

  test('a system dictionary cannot be deleted; a custom one is deleted after confirmation', async () => {
    const fetchMock = openPage(<DictListPage />, server(), 'system:dict:list', 'system:dict:delete');
    const system = await rowOf('priority', 'p');
    const locked = within(system).getByTestId('dict-delete') as HTMLButtonElement;
    expect(locked.disabled).toBe(true);
    expect(within(system).getByTestId('dict-delete-hint').getAttribute('aria-label')).toBe('系统内置字典，不能删除');

    await openDialog('dict-delete', 'dict-delete-confirm', await rowOf('packing', 'p'));
    await confirmDeleteSends(fetchMock, 'dict-delete-confirm', '包装类型', '/sys/dict/delete', { id: 'd2' });
    expect(await screen.findByText('删除成功!')).toBeTruthy();
  });

  test('batch delete with nothing selected shows the selection guard', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(<DictListPage />, server(), 'system:dict:list', 'system:dict:delete');
    await rowOf('packing', 'p');
    fireEvent.click(screen.getByTestId('dict-batch-delete'));
    expect(await screen.findByText('Please select one data')).toBeTruthy();
    expectNothingAsked(fetchMock, 'dict-delete-confirm', 'DELETE', '/sys/dict/deleteBatch');
  });

  test('the add dialog shows the empty-code rule inline and sends nothing', async () => {
    const fetchMock = openPage(<DictListPage />, server({ 'POST /sys/dict/add': { message: '添加成功！' } }), 'system:dict:list', 'system:dict:add');
    await rowOf('packing', 'p');
    const dialog = await openDialog('dict-add', 'dict-form');
    fillAndSubmit(dialog, { 'dict-name': '币种' });
    expect(await screen.findByText('字典Code不能为空!')).toBeTruthy();

    fillAndSubmit(dialog, { 'dict-code': '1abc' });
    // Core's rule and message, as the server would answer.
    expect(await screen.findByText('字典编码须以字母开头，仅含字母、数字或下划线，最多64个字符!')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/sys/dict/add')).toHaveLength(0);
  });

  test('a taken code is reported by the live duplicate check', async () => {
    const fetchMock = openPage(<DictListPage />, server({ 'GET /sys/duplicate/check': { status: 400, message: '该值不可用，系统中已存在！' } }), 'system:dict:list', 'system:dict:add');
    await rowOf('packing', 'p');
    fill({ 'dict-name': '币种', 'dict-code': 'currency' }, await openDialog('dict-add', 'dict-form'));
    fireEvent.blur(screen.getByTestId('dict-code'));
    expect(await screen.findByText('该值不可用，系统中已存在！', {}, { timeout: 2000 })).toBeTruthy();
    const url = urlOf(fetchMock, 'GET', '/sys/duplicate/check', 0);
    expect(url.searchParams.get('tableName')).toBe('sys_dict');
    expect(url.searchParams.get('fieldName')).toBe('dict_code');
    expect(url.searchParams.get('fieldVal')).toBe('currency');
  });

  test('refresh cache says so, and says when it failed', async () => {
    const fetchMock = openPage(<DictListPage />, server(), 'system:dict:list');
    await rowOf('packing', 'p');
    fireEvent.click(screen.getByTestId('dict-refresh-cache'));
    expect(await screen.findByText('刷新缓存完成！')).toBeTruthy();
    expect(calls(fetchMock, 'GET', '/sys/dict/refleshCache')).toHaveLength(1);

    server({ 'GET /sys/dict/refleshCache': { status: 500, message: 'boom' } });
    fireEvent.click(screen.getByTestId('dict-refresh-cache'));
    expect(await screen.findByText('刷新缓存失败！')).toBeTruthy();
  });

  test('the items drawer lists the items with their colour and toggles one off', async () => {
    const fetchMock = openPage(<DictListPage />, server(), 'system:dict:list', 'system:dict:edit');
    fireEvent.click(within(await rowOf('priority', 'p')).getByTestId('dict-items'));
    const drawer = await screen.findByTestId('dict-items-drawer');
    const urgent = (await within(drawer).findByText('紧急', { selector: 'p' })).closest('tr')!;
    expect(within(urgent).getByTestId('dict-item-color-badge').textContent).toBe('紧急');
    const listUrl = urlOf(fetchMock, 'GET', '/sys/dictItem/list', 0);
    expect(listUrl.searchParams.get('dictId')).toBe('d1');
    expect(listUrl.searchParams.get('column')).toBe('sortOrder');
    expect(listUrl.searchParams.get('order')).toBe('asc');

    fireEvent.click(within(urgent).getByLabelText('启用或停用 紧急'));
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/sys/dictItem/edit')).toHaveLength(1));
    const body = bodyOf(fetchMock, 'PUT', '/sys/dictItem/edit', 0);
    expect(body).toMatchObject({ id: 'i2', dictId: 'd1', itemValue: 'H', itemColor: 'red', status: 0 });
    expect(await screen.findByText('已停用“紧急”')).toBeTruthy();
  });

  test('an item needs a name and a value', async () => {
    const fetchMock = openPage(<DictListPage />, server({ 'POST /sys/dictItem/add': { message: '添加成功！' } }), 'system:dict:list', 'system:dict:edit');
    fireEvent.click(within(await rowOf('priority', 'p')).getByTestId('dict-items'));
    fireEvent.click(await screen.findByTestId('dict-item-add'));
    await screen.findByTestId('dict-item-form');
    fireEvent.click(screen.getByTestId('dict-item-form-submit'));
    expect(await screen.findByText('请输入名称')).toBeTruthy();
    expect(screen.getByText('请输入数据值')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/sys/dictItem/add')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('dict-item-text'), { target: { value: '重要' } });
    fireEvent.change(screen.getByTestId('dict-item-value'), { target: { value: 'M' } });
    const orange = within(screen.getByTestId('dict-item-color-orange')).getByRole('radio', { hidden: true }) as HTMLInputElement;
    fireEvent.click(orange);
    await waitFor(() => expect(screen.getByTestId('dict-item-color-orange').getAttribute('data-state')).toBe('checked'));
    fireEvent.click(screen.getByTestId('dict-item-form-submit'));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/sys/dictItem/add')).toHaveLength(1));
    const body = bodyOf(fetchMock, 'POST', '/sys/dictItem/add', 0);
    expect(body).toMatchObject({ dictId: 'd1', itemText: '重要', itemValue: 'M', itemColor: 'orange', status: 1, sortOrder: 4 });
  });
});

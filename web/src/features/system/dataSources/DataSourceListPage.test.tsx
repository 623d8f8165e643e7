import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeServer } from '../../../test/api';
import { calls, confirmDeleteSends, expectFirstSort, fill, fillAndSubmit, openAddForm, openDialog, openPage, paged, rowOf, sentBody } from '../../../test/list';
import DataSourceListPage from './DataSourceListPage';

const source = (id: string, code: string, extra: Record<string, unknown> = {}) => ({
  id,
  code,
  name: `${code} 库`,
  dbType: 'postgres',
  dbUrl: `postgres://db.example:5432/${code}`,
  dbUsername: 'report',
  hasPassword: 1,
  remark: null,
  createBy: 'admin',
  createTime: '2026-12-01T02:00:00Z',
  updateTime: null,
  ...extra,
});

const server = (extra = {}) =>
  fakeServer({
    'GET /sys/dataSource/list': paged([source('d1', 'erp'), source('d2', 'archive', { dbType: 'sqlite', dbUrl: '/data/archive.db', dbUsername: null, hasPassword: 0 })]),
    'POST /sys/dataSource/testConnection': { result: { message: '数据源连接成功' } },
    'DELETE /sys/dataSource/delete': { message: '删除成功!' },
    ...extra,
  });

const CRUD = { name: 'data-source', permission: 'system:dataSource' };

describe('data sources page', () => {
  test('lists the sources by code with their type and whether a password is kept', async () => {
    const fetchMock = openPage(<DataSourceListPage />, server(), 'system:dataSource:list');
    const erp = await rowOf('erp');
    expect(within(erp).getByText('PostgreSQL')).toBeTruthy();
    expect(within(erp).getByText('已保存密码')).toBeTruthy();
    const archive = await rowOf('archive');
    expect(within(archive).getByText('SQLite')).toBeTruthy();
    expect(within(archive).getByText('无密码')).toBeTruthy();
    expectFirstSort(fetchMock, '/sys/dataSource/list', 'code', 'asc');
    expect(screen.queryByTestId('data-source-add')).toBeNull();
  });

  test('the type filter and the search send their values', async () => {
    const fetchMock = openPage(<DataSourceListPage />, server(), 'system:dataSource:list');
    await rowOf('erp');
    fill({ 'data-source-search-name': 'arch', 'data-source-search-type': 'sqlite' });
    fireEvent.click(screen.getByTestId('data-source-search-submit'));
    await waitFor(() => expect(calls(fetchMock, 'GET', '/sys/dataSource/list').length).toBeGreaterThan(1));
    const url = new URL(String(calls(fetchMock, 'GET', '/sys/dataSource/list').at(-1)?.[0]), 'http://localhost');
    expect(url.searchParams.get('name')).toBe('arch');
    expect(url.searchParams.get('dbType')).toBe('sqlite');
  });

  test('add: test the connection as typed, then save', async () => {
    const routes = { 'POST /sys/dataSource/add': { message: '添加成功！', result: source('d3', 'bi') } };
    const fetchMock = await openAddForm(<DataSourceListPage />, server(routes), CRUD, 'erp');
    const dialog = screen.getByTestId('data-source-form');
    expect(within(dialog).queryByTestId('data-source-password-kept')).toBeNull();
    fill({ 'data-source-code': 'bi', 'data-source-name': 'BI 库', 'data-source-url': 'postgres://bi:5432/bi', 'data-source-username': 'ro', 'data-source-password': 's3cret' }, dialog);
    fireEvent.click(within(dialog).getByTestId('data-source-test'));
    expect(await sentBody(fetchMock, 'POST', '/sys/dataSource/testConnection')).toEqual({
      code: 'bi', name: 'BI 库', dbType: 'postgres', dbUrl: 'postgres://bi:5432/bi', dbUsername: 'ro', dbPassword: 's3cret', remark: null,
    });
    expect(await screen.findByText('数据源连接成功')).toBeTruthy();
    fillAndSubmit(dialog, {});
    expect(await sentBody(fetchMock, 'POST', '/sys/dataSource/add')).toEqual({
      code: 'bi', name: 'BI 库', dbType: 'postgres', dbUrl: 'postgres://bi:5432/bi', dbUsername: 'ro', dbPassword: 's3cret', remark: null,
    });
  });

  test('edit: the kept password is said, a blank one keeps it; a failed test shows the database reason', async () => {
    const routes = {
      'POST /sys/dataSource/testConnection': { status: 400, message: '数据源连接失败：password authentication failed', result: { field: 'dbUrl' } },
      'PUT /sys/dataSource/edit': { message: '编辑成功!', result: source('d1', 'erp') },
    };
    const fetchMock = openPage(<DataSourceListPage />, server(routes), 'system:dataSource:list', 'system:dataSource:edit');
    const dialog = await openDialog('data-source-edit', 'data-source-form', await rowOf('erp'));
    expect(within(dialog).getByTestId('data-source-password-kept').textContent).toBe('已保存密码');
    expect(within(dialog).getByText('留空则保留已保存的密码')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('data-source-test'));
    const body = await sentBody(fetchMock, 'POST', '/sys/dataSource/testConnection');
    expect(body).toMatchObject({ id: 'd1', dbPassword: null });
    expect(await screen.findByText('数据源连接失败：password authentication failed')).toBeTruthy();
    fillAndSubmit(dialog, { 'data-source-name': 'ERP 主库' });
    expect(await sentBody(fetchMock, 'PUT', '/sys/dataSource/edit')).toMatchObject({ id: 'd1', name: 'ERP 主库', dbPassword: null });
  });

  test('delete asks first', async () => {
    const fetchMock = openPage(<DataSourceListPage />, server(), 'system:dataSource:list', 'system:dataSource:delete');
    await openDialog('data-source-delete', 'data-source-delete-confirm', await rowOf('archive'));
    await confirmDeleteSends(fetchMock, 'data-source-delete-confirm', 'archive 库', '/sys/dataSource/delete', { id: 'd2' });
    expect(await screen.findByText('删除成功!')).toBeTruthy();
  });
});

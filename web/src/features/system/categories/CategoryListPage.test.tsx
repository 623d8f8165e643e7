import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { bodyOf, calls, confirmSends, expectFirstSort, openPage, rowOf, urlOf } from '../../../test/list';
import CategoryListPage from './CategoryListPage';

const ROOTS = [
  { id: 'c1', pid: '0', name: '电子产品', nameEn: 'Electronics', title: '电子产品', code: 'A01', hasChild: true, sortOrder: 1, createTime: '2026-01-01 10:00:00' },
  { id: 'c2', pid: '0', name: '服装', nameEn: 'Clothing', title: '服装', code: 'A02', hasChild: false, sortOrder: 2, createTime: '2026-01-01 10:00:00' },
];
const CHILDREN = [{ id: 'c11', pid: 'c1', name: '手机', nameEn: 'Phones', title: '手机', code: 'A01A01', hasChild: false, sortOrder: 1, createTime: '2026-01-02 10:00:00' }];
const HAS_CHILDREN = '请先删除子分类';

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    'GET /sys/category/rootList': (_body, url) =>
      url.searchParams.get('name')
        ? { result: { records: CHILDREN, total: 1, size: 10, current: 1, pages: 1 } }
        : { result: { records: ROOTS, total: 2, size: 10, current: 1, pages: 1 } },
    'GET /sys/category/childList': { result: CHILDREN },
    ...extra,
  });
}

describe('categories page', () => {
  test('lists the roots by code and loads children only when a row is expanded', async () => {
    const fetchMock = openPage(<CategoryListPage />, server(), 'system:category:list');
    const root = await rowOf('电子产品', 'p');
    expect(within(root).getByText('A01')).toBeTruthy();
    expectFirstSort(fetchMock, '/sys/category/rootList', 'code', 'asc');
    expect(calls(fetchMock, 'GET', '/sys/category/childList')).toHaveLength(0);
    // A leaf has no toggle.
    expect(within(await rowOf('服装', 'p')).queryByRole('button', { name: '展开' })).toBeNull();

    fireEvent.click(within(root).getByRole('button', { name: '展开' }));
    expect(await screen.findByText('手机', { selector: 'p' })).toBeTruthy();
    const childUrl = urlOf(fetchMock, 'GET', '/sys/category/childList', 0);
    expect(childUrl.searchParams.get('pid')).toBe('c1');
    expect(screen.queryByTestId('category-children-loading')).toBeNull();
  });

  test('a search lists matches of every level flat', async () => {
    const fetchMock = openPage(<CategoryListPage />, server(), 'system:category:list');
    await rowOf('电子产品', 'p');
    fireEvent.change(screen.getByTestId('category-search-name'), { target: { value: '手机' } });
    fireEvent.click(screen.getByTestId('category-search-submit'));
    const child = await rowOf('手机', 'p');
    expect(within(child).queryByRole('button', { name: '展开' })).toBeNull();
    expect(screen.getByTestId('category-search-hint')).toBeTruthy();
    const last = calls(fetchMock, 'GET', '/sys/category/rootList').at(-1);
    expect(new URL(String(last?.[0]), 'http://localhost').searchParams.get('name')).toBe('手机');
  });

  test('a child is added under its parent; the code is left to the server', async () => {
    const fetchMock = openPage(<CategoryListPage />, server({ 'POST /sys/category/add': (body) => ({ message: '添加成功！', result: { id: 'c12', code: 'A01A02', pid: 'c1', ...(body as object) } }) }), 'system:category:list', 'system:category:add');
    fireEvent.click(within(await rowOf('电子产品', 'p')).getByTestId('category-add-child'));
    await screen.findByTestId('category-form');
    expect(screen.getByTestId('category-parent').textContent).toContain('A01');
    expect((screen.getByTestId('category-code') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.click(screen.getByTestId('category-form-submit'));
    expect(await screen.findByText('请输入分类名称')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/sys/category/add')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('category-name'), { target: { value: '电脑' } });
    fireEvent.click(screen.getByTestId('category-form-submit'));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/sys/category/add')).toHaveLength(1));
    const body = bodyOf(fetchMock, 'POST', '/sys/category/add', 0);
    expect(body).toEqual({ pid: 'c1', name: '电脑', nameEn: null, sortOrder: 0 });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    // The parent opens to show its new child.
    expect(await screen.findByText('手机', { selector: 'p' })).toBeTruthy();
    expect(calls(fetchMock, 'GET', '/sys/category/childList').length).toBeGreaterThan(0);
  });

  test('deleting a category with children shows the server refusal', async () => {
    const fetchMock = openPage(<CategoryListPage />, server({ 'DELETE /sys/category/delete': { status: 400, message: HAS_CHILDREN } }), 'system:category:list', 'system:category:delete');
    fireEvent.click(within(await rowOf('电子产品', 'p')).getByTestId('category-delete'));
    await confirmSends(fetchMock, 'category-delete-confirm', '电子产品', 'DELETE', '/sys/category/delete');
    expect(urlOf(fetchMock, 'DELETE', '/sys/category/delete', 0).searchParams.get('id')).toBe('c1');
    expect(await screen.findByText(HAS_CHILDREN)).toBeTruthy();
    // Still there.
    expect(screen.getByText('电子产品', { selector: 'p' })).toBeTruthy();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { bodyOf, calls, expectFirstSort, openAddForm, openPage, rowOf, urlOf } from '../../../test/list';
import CountryListPage from './CountryListPage';

const COUNTRIES = [
  { code: 'CN', nameZh: '中国', nameEn: 'China', name: '中国', phonePrefix: '+86', postalPattern: '^\\d{6}$', enabled: true, sortOrder: 1 },
  { code: 'GB', nameZh: '英国', nameEn: 'United Kingdom', name: '英国', phonePrefix: '+44', postalPattern: '^[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}$', enabled: false, sortOrder: 9 },
];

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    'GET /sys/country/list': { result: { records: COUNTRIES, total: 2, size: 10, current: 1, pages: 1 } },
    'PUT /sys/country/edit': (body) => ({ message: '编辑成功!', result: body }),
    'POST /sys/country/add': (body) => ({ message: '添加成功！', result: body }),
    ...extra,
  });
}

const openAdd = () => openAddForm(<CountryListPage />, server(), { name: 'country', permission: 'system:country' }, 'CN', 'span');

describe('countries page', () => {
  test('lists countries by code with the name in the UI language and the pattern in monospace', async () => {
    const fetchMock = openPage(<CountryListPage />, server(), 'system:country:list');
    const row = await rowOf('GB', 'span');
    expect(within(row).getAllByText('英国').length).toBeGreaterThan(0);
    expect(within(row).getByText('+44')).toBeTruthy();
    expect(within(row).getByText('已停用')).toBeTruthy();
    expectFirstSort(fetchMock, '/sys/country/list', 'code', 'asc');

    await act(() => i18n.changeLanguage('en-US'));
    expect(within(await rowOf('GB', 'span')).getAllByText('United Kingdom').length).toBeGreaterThan(0);
  });

  test('the enabled filter is sent as true/false', async () => {
    const fetchMock = openPage(<CountryListPage />, server(), 'system:country:list');
    await rowOf('CN', 'span');
    fireEvent.change(screen.getByTestId('country-search-enabled'), { target: { value: 'false' } });
    fireEvent.change(screen.getByTestId('country-search-code'), { target: { value: 'gb' } });
    fireEvent.click(screen.getByTestId('country-search-submit'));
    await waitFor(() => expect(calls(fetchMock, 'GET', '/sys/country/list').length).toBeGreaterThan(1));
    const url = urlOf(fetchMock, 'GET', '/sys/country/list');
    expect(url.searchParams.get('enabled')).toBe('false');
    expect(url.searchParams.get('code')).toBe('GB');
  });

  test('the add dialog checks the code, the phone prefix and the postal pattern', async () => {
    const fetchMock = await openAdd();
    fireEvent.change(screen.getByTestId('country-code'), { target: { value: 'c1' } });
    fireEvent.change(screen.getByTestId('country-name-zh'), { target: { value: '测试' } });
    fireEvent.change(screen.getByTestId('country-name-en'), { target: { value: 'Test' } });
    fireEvent.change(screen.getByTestId('country-phone'), { target: { value: '86' } });
    fireEvent.change(screen.getByTestId('country-postal'), { target: { value: '^[0-9' } });
    fireEvent.click(screen.getByTestId('country-form-submit'));
    // Core's rules and messages, as the server would answer.
    expect(await screen.findByText('国家代码须为2位大写字母（ISO 3166-1）!')).toBeTruthy();
    expect(screen.getByText('电话区号须为+加1-4位数字!')).toBeTruthy();
    expect(screen.getByTestId('country-postal-error').textContent).toContain('邮编规则不是有效的正则表达式');
    expect(calls(fetchMock, 'POST', '/sys/country/add')).toHaveLength(0);
  });

  test('the postal pattern is tried live, then a valid country is sent upper-cased', async () => {
    const fetchMock = await openAdd();
    fireEvent.change(screen.getByTestId('country-code'), { target: { value: 'jp' } });
    expect((screen.getByTestId('country-code') as HTMLInputElement).value).toBe('JP');
    fireEvent.change(screen.getByTestId('country-name-zh'), { target: { value: '日本' } });
    fireEvent.change(screen.getByTestId('country-name-en'), { target: { value: 'Japan' } });
    fireEvent.change(screen.getByTestId('country-phone'), { target: { value: '+81' } });
    fireEvent.change(screen.getByTestId('country-postal'), { target: { value: '^\\d{3}-\\d{4}$' } });
    fireEvent.change(screen.getByTestId('country-postal-sample'), { target: { value: '100-0001' } });
    expect(await within(screen.getByTestId('country-postal-result')).findByText('匹配')).toBeTruthy();
    fireEvent.change(screen.getByTestId('country-postal-sample'), { target: { value: '1000001' } });
    expect(await within(screen.getByTestId('country-postal-result')).findByText('不匹配')).toBeTruthy();

    fireEvent.click(screen.getByTestId('country-form-submit'));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/sys/country/add')).toHaveLength(1));
    const body = bodyOf(fetchMock, 'POST', '/sys/country/add', 0);
    expect(body).toEqual({ code: 'JP', nameZh: '日本', nameEn: 'Japan', phonePrefix: '+81', postalPattern: '^\\d{3}-\\d{4}$', enabled: true, sortOrder: 0 });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
  });

  test('the code cannot change on edit; the switch enables a country in place', async () => {
    const fetchMock = openPage(<CountryListPage />, server(), 'system:country:list', 'system:country:edit');
    const row = await rowOf('GB', 'span');
    fireEvent.click(within(row).getByTestId('country-edit'));
    await screen.findByTestId('country-form');
    expect((screen.getByTestId('country-code') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.click(screen.getByText('取消'));
    await waitFor(() => expect(screen.queryByTestId('country-form')).toBeNull());

    fireEvent.click(within(row).getByLabelText('启用或停用 英国'));
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/sys/country/edit')).toHaveLength(1));
    const body = bodyOf(fetchMock, 'PUT', '/sys/country/edit', 0);
    expect(body).toMatchObject({ id: 'GB', code: 'GB', enabled: true, nameEn: 'United Kingdom' });
    expect(await screen.findByText('已启用 英国')).toBeTruthy();
  });
});

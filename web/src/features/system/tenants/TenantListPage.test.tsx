import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { message, validateNewPassword, validateRequired } from '../../../core';
import { fakeServer } from '../../../test/api';
import { calls, fill, openAddForm } from '../../../test/list';
import TenantListPage from './TenantListPage';

const TENANTS = [{ id: 1, name: '平台', nameEn: 'Platform', status: 1, beginDate: null, endDate: null, userCount: 3, createTime: '2025-01-01 10:00:00' }];
const GOOD_PASSWORD = 'Abcd@1234';

function server() {
  return fakeServer({
    'GET /sys/tenant/list': { result: { records: TENANTS, total: 1, size: 10, current: 1, pages: 1 } },
    'GET /sys/duplicate/check': { message: '该值可用！' },
    'POST /sys/tenant/add': (body) => ({ message: '添加成功！', result: { id: 2, ...(body as object) } }),
  });
}

/** The add form, with the tenant's name typed. */
async function openAdd() {
  const fetchMock = await openAddForm(<TenantListPage />, server(), { name: 'tenant', permission: 'system:tenant' }, 'Platform');
  fill({ 'tenant-name': '新租户' });
  return fetchMock;
}

function fillAdmin(username: string, password: string, confirm: string) {
  fireEvent.change(screen.getByTestId('tenant-admin-username'), { target: { value: username } });
  fireEvent.change(screen.getByTestId('tenant-admin-password'), { target: { value: password } });
  fireEvent.change(screen.getByTestId('tenant-admin-confirm'), { target: { value: confirm } });
}

describe('tenant add', () => {
  test('a weak administrator password is refused with the core message', async () => {
    const fetchMock = await openAdd();
    fillAdmin('tenantadmin', 'weak', 'weak');
    fireEvent.click(screen.getByTestId('tenant-form-submit'));
    const expected = validateNewPassword('weak', 'weak', 'zh-CN');
    expect(expected?.field).toBe('password');
    expect(await screen.findByText(expected!.message)).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/sys/tenant/add')).toHaveLength(0);
  });

  test('the confirmation must match the administrator password', async () => {
    const fetchMock = await openAdd();
    fillAdmin('tenantadmin', GOOD_PASSWORD, `${GOOD_PASSWORD}x`);
    fireEvent.click(screen.getByTestId('tenant-form-submit'));
    const expected = validateNewPassword(GOOD_PASSWORD, `${GOOD_PASSWORD}x`, 'zh-CN');
    expect(expected?.field).toBe('confirmpassword');
    expect(await screen.findByText(expected!.message)).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/sys/tenant/add')).toHaveLength(0);
  });

  test('a password without a username asks for the username', async () => {
    const fetchMock = await openAdd();
    fillAdmin('', GOOD_PASSWORD, GOOD_PASSWORD);
    fireEvent.click(screen.getByTestId('tenant-form-submit'));
    const expected = validateRequired('', message('field_username', 'zh-CN'), 'zh-CN');
    expect(await screen.findByText(expected!)).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/sys/tenant/add')).toHaveLength(0);
  });

  test('a valid tenant with its administrator is sent without the confirmation', async () => {
    const fetchMock = await openAdd();
    fillAdmin('tenantadmin', GOOD_PASSWORD, GOOD_PASSWORD);
    fireEvent.click(screen.getByTestId('tenant-form-submit'));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/sys/tenant/add')).toHaveLength(1));
    const [, init] = calls(fetchMock, 'POST', '/sys/tenant/add')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      name: '新租户',
      nameEn: null,
      status: 1,
      beginDate: null,
      endDate: null,
      adminUsername: 'tenantadmin',
      adminPassword: GOOD_PASSWORD,
    });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
  });

  test('without administrator fields no account is asked for', async () => {
    const fetchMock = await openAdd();
    fireEvent.click(screen.getByTestId('tenant-form-submit'));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/sys/tenant/add')).toHaveLength(1));
    const body = JSON.parse(String(calls(fetchMock, 'POST', '/sys/tenant/add')[0]![1]?.body)) as Record<string, unknown>;
    expect(body).not.toHaveProperty('adminUsername');
    expect(body).not.toHaveProperty('adminPassword');
  });
});

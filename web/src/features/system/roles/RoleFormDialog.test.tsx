import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { fakeServer } from '../../../test/api';
import { bodyOf, calls, cleanUpAfterEach } from '../../../test/list';
import { renderPage } from '../../../test/render';
import type { RoleRecord } from './api';
import { RoleFormDialog } from './RoleFormDialog';

cleanUpAfterEach();

describe('role form', () => {
  test('a new role needs its code and name; a refusal naming the code shows under it', async () => {
    const fetchMock = fakeServer({
      'GET /sys/duplicate/check': { message: '该值可用！' },
      'GET /sys/checkRule/checkByCode': { message: 'ok' },
      'POST /sys/role/add': { status: 400, message: '角色编码已存在', result: { field: 'roleCode' } },
    });
    renderPage(<RoleFormDialog open onOpenChange={() => undefined} onSaved={() => undefined} />);
    const dialog = await screen.findByTestId('role-dialog');
    fireEvent.click(within(dialog).getByTestId('role-save'));
    await waitFor(() => expect(within(dialog).getByTestId('role-code').getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByTestId('role-name').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(within(dialog).getByTestId('role-code'), { target: { value: 'clerk' } });
    fireEvent.change(within(dialog).getByTestId('role-name'), { target: { value: '店员' } });
    fireEvent.change(dialog.querySelector('input[name="roleNameEn"]') as HTMLInputElement, { target: { value: 'Clerk' } });
    fireEvent.click(within(dialog).getByTestId('role-save'));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/sys/role/add')).toHaveLength(1), { timeout: 3000 });
    expect(bodyOf(fetchMock, 'POST', '/sys/role/add')).toEqual({ roleCode: 'clerk', roleName: '店员', roleNameEn: 'Clerk', description: '' });
    expect(await within(dialog).findByText('角色编码已存在')).toBeTruthy();
  });

  test('an edited role keeps its code; Save sends the changes and closes', async () => {
    const fetchMock = fakeServer({ 'PUT /sys/role/edit': { message: '编辑成功!' } });
    const onOpenChange = vi.fn<(open: boolean) => void>();
    const role = { id: 'r1', roleCode: 'clerk', roleName: '店员', roleNameEn: 'Clerk', description: null } as RoleRecord;
    renderPage(<RoleFormDialog open onOpenChange={onOpenChange} role={role} onSaved={() => undefined} />);
    const dialog = await screen.findByTestId('role-dialog');
    expect(within(dialog).getByTestId('role-code').hasAttribute('readonly')).toBe(true);
    fireEvent.change(within(dialog).getByTestId('role-name'), { target: { value: '高级店员' } });
    fireEvent.click(within(dialog).getByTestId('role-save'));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(bodyOf(fetchMock, 'PUT', '/sys/role/edit')).toEqual({ id: 'r1', roleCode: 'clerk', roleName: '高级店员', roleNameEn: 'Clerk', description: '' });
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { calls, confirmDeleteSends, expectFirstSort, fill, fillAndSubmit, openAddForm, openDialog, openPage, paged, rowOf, sentBody, urlOf } from '../../../test/list';
import GatewayRouteListPage from './GatewayRouteListPage';

const route = (id: string, routerId: string, extra: Record<string, unknown> = {}) => ({
  id,
  routerId,
  name: `${routerId} 服务`,
  uri: `http://127.0.0.1:9000/${routerId}`,
  stripPrefix: 1,
  timeout: 10000,
  status: 1,
  roleCodes: null,
  remark: null,
  createBy: 'admin',
  createTime: '2026-12-01T02:00:00Z',
  updateTime: null,
  ...extra,
});

const ROLES = [
  { id: 'r1', roleCode: 'admin', roleName: '管理员', roleNameZh: '管理员', builtIn: true, createTime: '2026-01-01T00:00:00Z' },
  { id: 'r2', roleCode: 'ops', roleName: '运营', roleNameZh: '运营', builtIn: false, createTime: '2026-01-01T00:00:00Z' },
];

const server = (extra: FakeRoutes = {}) =>
  fakeServer({
    'GET /sys/gatewayRoute/list': paged([route('g1', 'erp'), route('g2', 'crm', { status: 0, stripPrefix: 0, timeout: 2500, roleCodes: 'admin,ops' })]),
    'GET /sys/gatewayRoute/upstreams': { result: ['http://127.0.0.1:9000', 'https://api.example.com/v1'] },
    'GET /sys/role/queryall': { result: ROLES },
    'DELETE /sys/gatewayRoute/delete': { message: '删除成功!' },
    ...extra,
  });

const CRUD = { name: 'gateway-route', permission: 'system:gatewayRoute' };
const LIST = '/sys/gatewayRoute/list';

/** The add form open, its upstreams and roles loaded. */
async function openAdd(routes: FakeRoutes = {}) {
  const fetchMock = await openAddForm(<GatewayRouteListPage />, server(routes), CRUD, 'erp');
  const dialog = screen.getByTestId('gateway-route-form');
  await within(dialog).findByText('运营');
  await waitFor(() => expect(within(dialog).getByTestId('gateway-route-form-submit').hasAttribute('disabled')).toBe(false));
  return { fetchMock, dialog };
}

describe('gateway routes page', () => {
  test('lists the routes by id with their call path, status and the roles that may call them', async () => {
    const fetchMock = openPage(<GatewayRouteListPage />, server(), 'system:gatewayRoute:list');
    expect((await screen.findByTestId('gateway-route-page')).textContent).toContain('调用 /boot/gateway/{路由ID}/… 的请求会在核验调用者身份');
    const erp = await rowOf('erp');
    expect(within(erp).getByText('/boot/gateway/erp/')).toBeTruthy();
    expect(within(erp).getByText('启用')).toBeTruthy();
    expect(within(erp).getByText('所有已登录用户')).toBeTruthy();
    expect(within(erp).getByText('10000 毫秒')).toBeTruthy();
    const crm = await rowOf('crm');
    expect(within(crm).getByText('停用')).toBeTruthy();
    expect(within(crm).getByText('admin')).toBeTruthy();
    expect(within(crm).getByText('ops')).toBeTruthy();
    expect(within(crm).getByText('2500 毫秒')).toBeTruthy();
    expectFirstSort(fetchMock, LIST, 'routerId', 'asc');
    expect(screen.queryByTestId('gateway-route-add')).toBeNull();
  });

  test('the keyword and the status filter go to the server', async () => {
    const fetchMock = openPage(<GatewayRouteListPage />, server(), 'system:gatewayRoute:list');
    await rowOf('erp');
    fill({ 'gateway-route-search-name': 'cr' });
    fireEvent.click(screen.getByTestId('gateway-route-search-submit'));
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('name')).toBe('cr'));
    fireEvent.change(screen.getByTestId('gateway-route-search-status'), { target: { value: '0' } });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('status')).toBe('0'));
    expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('name')).toBe('cr');
  });

  test('add: the allowed upstreams are hinted; the body carries the switches, the timeout and the roles', async () => {
    const { fetchMock, dialog } = await openAdd({ 'POST /sys/gatewayRoute/add': { message: '添加成功！', result: route('g3', 'wms') } });
    expect(within(dialog).getByTestId('gateway-route-upstreams').textContent).toContain('https://api.example.com/v1');
    expect(within(dialog).queryByTestId('gateway-route-no-upstreams')).toBeNull();
    expect((within(dialog).getByTestId('gateway-route-timeout') as HTMLInputElement).value).toBe('10000');
    fill({ 'gateway-route-router-id': 'wms', 'gateway-route-name': 'WMS 服务', 'gateway-route-uri': 'https://api.example.com/v1/wms', 'gateway-route-timeout': '2500' }, dialog);
    fireEvent.click(within(dialog).getByText('去掉前缀'));
    fireEvent.click(within(within(dialog).getByTestId('gateway-route-roles')).getByText('运营'));
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox', { hidden: true }).filter((box) => (box as HTMLInputElement).checked).length).toBeGreaterThan(0));
    fillAndSubmit(dialog, { 'gateway-route-remark': ' 仓储 ' });
    expect(await sentBody(fetchMock, 'POST', '/sys/gatewayRoute/add')).toEqual({
      routerId: 'wms', name: 'WMS 服务', uri: 'https://api.example.com/v1/wms', stripPrefix: 0, timeout: 2500, status: 1, roleCodes: 'ops', remark: '仓储',
    });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
  });

  test('a form core refuses sends nothing: a bad route id, then an upstream off the allow-list', async () => {
    const { fetchMock, dialog } = await openAdd();
    fillAndSubmit(dialog, { 'gateway-route-router-id': 'ERP', 'gateway-route-name': 'x', 'gateway-route-uri': 'http://127.0.0.1:9001/x' });
    await waitFor(() => expect(within(dialog).getByTestId('gateway-route-router-id-error').textContent).toBe('路由ID须为2-32位小写字母、数字或短横线，并以字母或数字开头!'));
    fillAndSubmit(dialog, { 'gateway-route-router-id': 'erp2' });
    await waitFor(() => expect(within(dialog).getByTestId('gateway-route-uri-error').textContent).toBe('上游地址 http://127.0.0.1:9001/x 不在运维允许的范围内(LOGISTICS_GATEWAY_UPSTREAMS)!'));
    fillAndSubmit(dialog, { 'gateway-route-uri': 'http://127.0.0.1:9000/x', 'gateway-route-timeout': '50' });
    await waitFor(() => expect(within(dialog).getByTestId('gateway-route-timeout-error').textContent).not.toBe(''));
    expect(calls(fetchMock, 'POST', '/sys/gatewayRoute/add')).toHaveLength(0);
  });

  test('without allowed upstreams the form warns, and saving is refused before any call', async () => {
    const { fetchMock, dialog } = await openAdd({ 'GET /sys/gatewayRoute/upstreams': { result: [] } });
    expect(within(dialog).getByTestId('gateway-route-no-upstreams').textContent).toContain('LOGISTICS_GATEWAY_UPSTREAMS');
    fillAndSubmit(dialog, { 'gateway-route-router-id': 'erp2', 'gateway-route-name': 'ERP', 'gateway-route-uri': 'http://127.0.0.1:9000' });
    await waitFor(() => expect(within(dialog).getByTestId('gateway-route-uri-error').textContent).toBe('运维尚未配置允许的上游地址(LOGISTICS_GATEWAY_UPSTREAMS)，不能保存网关路由!'));
    expect(calls(fetchMock, 'POST', '/sys/gatewayRoute/add')).toHaveLength(0);
  });

  test('edit: the record fills the form (roles checked) and the server refusal of a taken id shows under it', async () => {
    const routes = { 'PUT /sys/gatewayRoute/edit': { status: 409, message: '该路由ID已存在!', result: { field: 'routerId' } } };
    const fetchMock = openPage(<GatewayRouteListPage />, server(routes), 'system:gatewayRoute:list', 'system:gatewayRoute:edit');
    const dialog = await openDialog('gateway-route-edit', 'gateway-route-form', await rowOf('crm'));
    await within(dialog).findByText('运营');
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox', { hidden: true }).filter((box) => (box as HTMLInputElement).checked)).toHaveLength(2));
    await waitFor(() => expect(within(dialog).getByTestId('gateway-route-form-submit').hasAttribute('disabled')).toBe(false));
    fillAndSubmit(dialog, { 'gateway-route-router-id': 'erp' });
    expect(await sentBody(fetchMock, 'PUT', '/sys/gatewayRoute/edit')).toEqual({
      id: 'g2', routerId: 'erp', name: 'crm 服务', uri: 'http://127.0.0.1:9000/crm', stripPrefix: 0, timeout: 2500, status: 0, roleCodes: 'admin,ops', remark: null,
    });
    await waitFor(() => expect(within(dialog).getByTestId('gateway-route-router-id-error').textContent).toBe('该路由ID已存在!'));
  });

  test('delete asks first', async () => {
    const fetchMock = openPage(<GatewayRouteListPage />, server(), 'system:gatewayRoute:list', 'system:gatewayRoute:delete');
    await openDialog('gateway-route-delete', 'gateway-route-delete-confirm', await rowOf('crm'));
    await confirmDeleteSends(fetchMock, 'gateway-route-delete-confirm', 'crm crm 服务', '/sys/gatewayRoute/delete', { id: 'g2' });
    expect(await screen.findByText('删除成功!')).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { clearPopupCache } from '../../components/popup';
import { fakeServer } from '../../test/api';
import { bodyOf, calls, fill, fillAndSubmit, openAddForm, openDialog, openPage, paged, rowOf, sentBody } from '../../test/list';
import ReportListPage from './ReportListPage';

const item = (fieldName: string, extra: Record<string, unknown> = {}) => ({
  fieldName,
  fieldTxt: fieldName,
  fieldTxtEn: null,
  fieldType: 'String',
  isShow: 1,
  isOrder: 1,
  isSearch: 0,
  searchMode: 'single',
  dictCode: null,
  orderNum: 0,
  ...extra,
});

const SQL = 'SELECT dict_code AS code, dict_name AS name, description FROM sys_dict WHERE dict_name LIKE :kw';

const report = (id: string, code: string, extra: Record<string, unknown> = {}) => ({
  id,
  code,
  name: `${code} 报表`,
  nameEn: null,
  cgrSql: SQL,
  dbSource: null,
  content: null,
  items: [item('code', { fieldTxt: '编码', isSearch: 1 }), item('name', { orderNum: 1 })],
  params: [{ paramName: 'kw', paramTxt: '关键字', paramValue: '%', orderNum: 0 }],
  createBy: 'admin',
  createTime: '2026-12-01T02:00:00Z',
  updateTime: null,
  ...extra,
});

const PARSED = { fields: [item('code'), item('name', { orderNum: 1 }), item('description', { orderNum: 2 })], params: ['kw'] };

const server = (extra = {}) =>
  fakeServer({
    'GET /online/cgreport/head/list': paged([report('r1', 'dict_popup'), report('r2', 'erp_orders', { dbSource: 'erp' })]),
    'GET /sys/dataSource/list': paged([{ id: 'd1', code: 'erp', name: 'ERP', dbType: 'postgres' }]),
    'POST /online/cgreport/head/parseSql': { result: PARSED },
    ...extra,
  });

const CRUD = { name: 'report', permission: 'online:report' };
const REFUSED = { status: 400, message: '报表不允许调用函数“pg_sleep”!', result: { field: 'cgrSql' } };

afterEach(() => clearPopupCache());

describe('online reports page', () => {
  test('lists reports with their data source (none: the platform database)', async () => {
    openPage(<ReportListPage />, server(), 'online:report:list');
    expect(within(await rowOf('dict_popup')).getByText('平台数据库')).toBeTruthy();
    expect(within(await rowOf('erp_orders')).getByText('erp')).toBeTruthy();
  });

  test('add: Parse SQL fills the columns and the parameters; the settings are sent', async () => {
    const routes = { 'POST /online/cgreport/head/add': { message: '添加成功！', result: report('r3', 'dict_new') } };
    const fetchMock = await openAddForm(<ReportListPage />, server(routes), CRUD, 'dict_popup');
    const dialog = screen.getByTestId('report-form');
    expect(within(dialog).getByTestId('report-items-empty')).toBeTruthy();
    // The data sources to choose from, after the platform's own database.
    const source = within(dialog).getByTestId('report-db-source') as HTMLSelectElement;
    await waitFor(() => expect([...source.options].map((option) => option.textContent)).toEqual(['平台数据库', 'ERP (erp)']));
    fill({ 'report-code': 'dict_new', 'report-name': '字典', 'report-sql': SQL }, dialog);
    fireEvent.click(within(dialog).getByTestId('report-parse'));
    expect(await sentBody(fetchMock, 'POST', '/online/cgreport/head/parseSql')).toEqual({ sql: SQL, dbSource: null });
    await waitFor(() => expect(within(dialog).getAllByTestId('report-item-row')).toHaveLength(3));
    expect(within(dialog).getAllByTestId('report-param-row')).toHaveLength(1);
    expect((within(dialog).getByTestId('report-params-0-paramName') as HTMLInputElement).value).toBe('kw');

    const name = dialog.querySelector('[data-field="name"]') as HTMLElement;
    const searchable = within(name).getByRole('checkbox', { name: 'name 查询' }) as HTMLInputElement;
    fireEvent.click(searchable);
    await waitFor(() => expect(searchable.checked).toBe(true));
    fill({ 'report-items-1-fieldTxt': '名称', 'report-items-1-fieldTxtEn': 'Name', 'report-params-0-paramValue': '%' }, dialog);
    fillAndSubmit(dialog, {});
    const body = await sentBody(fetchMock, 'POST', '/online/cgreport/head/add');
    expect(body).toMatchObject({ code: 'dict_new', name: '字典', nameEn: null, dbSource: null, cgrSql: SQL, params: [{ paramName: 'kw', paramTxt: null, paramValue: '%', orderNum: 0 }] });
    expect(body.items).toEqual([
      { ...item('code'), fieldTxtEn: null, orderNum: 0 },
      { ...item('name'), fieldTxt: '名称', fieldTxtEn: 'Name', isSearch: 1, orderNum: 1 },
      { ...item('description'), orderNum: 2 },
    ]);
  });

  test('a refused statement: the server says why under the SQL, on parsing and on saving, and nothing is saved', async () => {
    const routes = { 'POST /online/cgreport/head/parseSql': REFUSED, 'POST /online/cgreport/head/add': REFUSED };
    const fetchMock = await openAddForm(<ReportListPage />, server(routes), CRUD, 'dict_popup');
    const dialog = screen.getByTestId('report-form');
    fill({ 'report-code': 'sleepy', 'report-name': '慢', 'report-sql': 'SELECT pg_sleep(1) AS x' }, dialog);
    fireEvent.click(within(dialog).getByTestId('report-parse'));
    await waitFor(() => expect(within(dialog).getByTestId('report-sql-error').textContent).toBe('报表不允许调用函数“pg_sleep”!'));
    expect(within(dialog).getByTestId('report-items-empty')).toBeTruthy();
    fillAndSubmit(dialog, {});
    await waitFor(() => expect(calls(fetchMock, 'POST', '/online/cgreport/head/add')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByTestId('report-sql-error').textContent).toBe('报表不允许调用函数“pg_sleep”!'));
    expect(screen.getByTestId('report-form')).toBeTruthy();
  });

  test('edit: parsing again keeps the settings of the columns already there', async () => {
    const routes = { 'PUT /online/cgreport/head/edit': { message: '编辑成功!', result: report('r1', 'dict_popup') } };
    const fetchMock = openPage(<ReportListPage />, server(routes), 'online:report:list', 'online:report:edit');
    const dialog = await openDialog('report-edit', 'report-form', await rowOf('dict_popup'));
    expect((within(dialog).getByTestId('report-items-0-fieldTxt') as HTMLInputElement).value).toBe('编码');
    fireEvent.click(within(dialog).getByTestId('report-parse'));
    await waitFor(() => expect(within(dialog).getAllByTestId('report-item-row')).toHaveLength(3));
    expect((within(dialog).getByTestId('report-items-0-fieldTxt') as HTMLInputElement).value).toBe('编码');
    // kw was declared already: no second row.
    expect(within(dialog).getAllByTestId('report-param-row')).toHaveLength(1);
    fillAndSubmit(dialog, {});
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/online/cgreport/head/edit')).toHaveLength(1));
    const body = bodyOf(fetchMock, 'PUT', '/online/cgreport/head/edit');
    expect(body).toMatchObject({ id: 'r1', code: 'dict_popup' });
    expect((body.items as { fieldName: string; fieldTxt: string; isSearch: number }[]).map((i) => [i.fieldName, i.fieldTxt, i.isSearch])).toEqual([
      ['code', '编码', 1],
      ['name', 'name', 0],
      ['description', 'description', 0],
    ]);
  });

  test('preview opens the popup picker on the report, several records at a time', async () => {
    const fetchMock = openPage(
      <ReportListPage />,
      server({
        'GET /online/cgreport/api/getRpColumns/dict_popup': { result: { cgRpConfigId: 'r1', cgRpConfigName: 'dict_popup 报表', columns: [{ title: '编码', dataIndex: 'code', align: 'center', sorter: true }], dictOptions: {} } },
        'GET /online/cgreport/api/getQueryInfo/r1': { result: [] },
        'GET /online/cgreport/api/getData/r1': { result: { records: [{ code: 'sex' }, { code: 'priority' }], total: 2 } },
      }),
      'online:report:list',
    );
    const picker = await openDialog('report-preview', 'report-preview-picker', await rowOf('dict_popup'));
    expect(await within(picker).findByText('priority')).toBeTruthy();
    expect(within(picker).getByTestId('select-all')).toBeTruthy();
    expect(calls(fetchMock, 'GET', '/online/cgreport/api/getRpColumns/dict_popup')).toHaveLength(1);
  });
});

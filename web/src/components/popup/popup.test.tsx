import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../i18n';
import { fakeServer } from '../../test/api';
import { calls, fill, urlOf, type FetchMock } from '../../test/list';
import { renderPage } from '../../test/render';
import { clearPopupCache, GROUP_CACHE_MS, groupGet, popupValues } from './api';
import { PopupField } from './PopupField';
import { PopupPicker } from './PopupPicker';

const COLUMNS = {
  cgRpConfigId: 'r1',
  cgRpConfigName: '字典列表',
  columns: [
    { title: '编码', dataIndex: 'code', align: 'center', sorter: true },
    { title: '名称', dataIndex: 'name', align: 'left', sorter: false },
    { title: '状态', dataIndex: 'status', align: 'center', sorter: false, customRender: 'status', dictCode: 'dict_status' },
  ],
  dictOptions: {
    status: [
      { value: '1', text: '启用', title: '启用', label: '启用', color: 'green' },
      { value: '0', text: '停用', title: '停用', label: '停用', color: null },
    ],
  },
};

const QUERY_INFO = [
  { field: 'name', label: '名称', view: 'text', mode: 'single', type: 'String' },
  { field: 'createTime', label: '创建日期', view: 'date', mode: 'group', type: 'Date' },
  { field: 'status', label: '状态', view: 'list', mode: 'single', type: 'String', dictCode: 'dict_status' },
];

const record = (index: number) => ({ code: `C${index}`, name: `名称${index}`, status: index % 2 === 0 ? '1' : '0' });

/** 25 records, paged as asked. */
function server(extra = {}) {
  return fakeServer({
    'GET /online/cgreport/api/getRpColumns/dict_popup': { result: COLUMNS },
    'GET /online/cgreport/api/getQueryInfo/r1': { result: QUERY_INFO },
    'GET /online/cgreport/api/getData/r1': (_body, url) => {
      const pageNo = Number(url.searchParams.get('pageNo'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const all = Array.from({ length: 25 }, (_, i) => record(i + 1));
      return { result: { records: all.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: all.length } };
    },
    ...extra,
  });
}

function Picker({ multi = false, onOk = () => {}, param }: { multi?: boolean; onOk?: (rows: Record<string, unknown>[]) => void; param?: Record<string, string> }) {
  const [open, setOpen] = useState(true);
  return <PopupPicker open={open} onOpenChange={setOpen} code="dict_popup" multi={multi} param={param} onOk={onOk} />;
}

const dataUrl = (fetchMock: FetchMock, index = -1) => urlOf(fetchMock, 'GET', '/online/cgreport/api/getData/r1', index);
const rowWith = async (text: string) => (await within(await screen.findByTestId('popup-picker-table')).findByText(text)).closest('tr')!;

afterEach(() => clearPopupCache());

describe('popup picker', () => {
  test('asks columns, query fields and data in that order; shows the columns and dictionary texts', async () => {
    const fetchMock = server();
    renderPage(<Picker param={{ kw: '%a%' }} />);
    const dialog = await screen.findByTestId('popup-picker');
    expect(await within(dialog).findByText('字典列表')).toBeTruthy();
    const row = await rowWith('C1');
    for (const header of ['编码', '名称', '状态']) expect(within(within(dialog).getByTestId('popup-picker-table').querySelector('thead')!).getByText(header)).toBeTruthy();
    expect(within(row).getByText('停用')).toBeTruthy();
    expect(within(await rowWith('C2')).getByText('启用')).toBeTruthy();
    const order = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname).filter((path) => path.includes('/cgreport/api/'));
    expect(order.map((path) => path.split('/')[5])).toEqual(['getRpColumns', 'getQueryInfo', 'getData']);
    const url = dataUrl(fetchMock, 0);
    expect(url.searchParams.get('pageNo')).toBe('1');
    expect(url.searchParams.get('pageSize')).toBe('10');
    expect(url.searchParams.get('self_kw')).toBe('%a%');
    expect(url.searchParams.get('column')).toBeNull();
    // The search form: a text, a date range and the dictionary's items.
    expect(within(dialog).getByTestId('popup-picker-query-name')).toBeTruthy();
    expect(within(dialog).getByTestId('popup-picker-query-createTime_begin')).toBeTruthy();
    expect(within(dialog).getByTestId('popup-picker-query-createTime_end')).toBeTruthy();
    expect(within(within(dialog).getByTestId('popup-picker-query-status')).getByText('启用')).toBeTruthy();
  });

  test('paging, page size, sorting and the search form make the data calls', async () => {
    const fetchMock = server();
    renderPage(<Picker />);
    const dialog = await screen.findByTestId('popup-picker');
    await rowWith('C1');
    expect(within(dialog).getByTestId('table-total').textContent).toContain('25');
    // Page sizes 10, 20 and 30.
    const size = within(dialog).getByTestId('page-size') as HTMLSelectElement;
    expect([...size.options].map((option) => option.value)).toEqual(['10', '20', '30']);

    fireEvent.click(within(dialog).getByTestId('page-2'));
    await rowWith('C11');
    expect(dataUrl(fetchMock).searchParams.get('pageNo')).toBe('2');

    fireEvent.change(size, { target: { value: '20' } });
    await waitFor(() => expect(dataUrl(fetchMock).searchParams.get('pageSize')).toBe('20'));
    expect(dataUrl(fetchMock).searchParams.get('pageNo')).toBe('1');

    fireEvent.click(within(dialog).getByTestId('sort-code'));
    await waitFor(() => expect(dataUrl(fetchMock).searchParams.get('column')).toBe('code'));
    expect(dataUrl(fetchMock).searchParams.get('order')).toBe('asc');
    // Only sortable columns sort.
    expect(within(dialog).queryByTestId('sort-name')).toBeNull();

    fill({ 'popup-picker-query-name': ' 名称1 ', 'popup-picker-query-createTime_begin': '2026-01-01', 'popup-picker-query-status': '1' }, dialog);
    fireEvent.click(within(dialog).getByTestId('popup-picker-search-submit'));
    await waitFor(() => expect(dataUrl(fetchMock).searchParams.get('name')).toBe('名称1'));
    const searched = dataUrl(fetchMock);
    expect(searched.searchParams.get('createTime_begin')).toBe('2026-01-01');
    expect(searched.searchParams.get('createTime_end')).toBeNull();
    expect(searched.searchParams.get('status')).toBe('1');
    expect(searched.searchParams.get('pageNo')).toBe('1');

    fireEvent.click(within(dialog).getByTestId('popup-picker-search-reset'));
    await waitFor(() => expect(dataUrl(fetchMock).searchParams.get('name')).toBeNull());
    // Ends with the answer in (a call still out would reach the next test's dialog).
    await waitFor(() => expect(within(dialog).getByRole('table').getAttribute('aria-busy')).toBe('false'));
  });

  test('confirming nothing is refused with core message; a clicked row is picked and confirmed', async () => {
    server();
    const onOk = vi.fn<(rows: Record<string, unknown>[]) => void>();
    renderPage(<Picker onOk={onOk} />);
    const dialog = await screen.findByTestId('popup-picker');
    await rowWith('C1');
    fireEvent.click(within(dialog).getByTestId('popup-picker-ok'));
    expect(await screen.findByText('请选择一条记录')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();

    // Single selection: a second row replaces the first.
    fireEvent.click(within(await rowWith('C1')).getByText('名称1'));
    fireEvent.click(within(await rowWith('C2')).getByText('名称2'));
    await waitFor(() => expect(within(dialog).getByTestId('popup-picker-selected').textContent).toBe('已选择 1 项'));
    expect(within(dialog).queryByTestId('select-all')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('popup-picker-ok'));
    await waitFor(() => expect(onOk).toHaveBeenCalledWith([record(2)]));
    await waitFor(() => expect(screen.queryByTestId('popup-picker')).toBeNull());
  });

  test('multiple selection keeps the picks across pages, in order; clear empties them (English)', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    server();
    const onOk = vi.fn<(rows: Record<string, unknown>[]) => void>();
    renderPage(<Picker multi onOk={onOk} />);
    const dialog = await screen.findByTestId('popup-picker');
    fireEvent.click(within(await rowWith('C3')).getByText('名称3'));
    fireEvent.click(within(dialog).getByTestId('page-2'));
    fireEvent.click(within(await rowWith('C12')).getByText('名称12'));
    await waitFor(() => expect(within(dialog).getByTestId('popup-picker-selected').textContent).toBe('2 selected'));
    fireEvent.click(within(dialog).getByTestId('popup-picker-clear'));
    fireEvent.click(within(dialog).getByTestId('popup-picker-ok'));
    expect(await screen.findByText('Please select a record')).toBeTruthy();

    fireEvent.click(within(await rowWith('C12')).getByText('名称12'));
    fireEvent.click(within(await rowWith('C11')).getByText('名称11'));
    fireEvent.click(within(dialog).getByTestId('popup-picker-ok'));
    await waitFor(() => expect(onOk).toHaveBeenCalledWith([record(12), record(11)]));
  });

  test('an unknown report says so in the picker', async () => {
    server({ 'GET /online/cgreport/api/getRpColumns/dict_popup': { status: 404, message: '实体不存在', result: { key: 'report_not_found' } } });
    renderPage(<Picker />);
    expect((await screen.findByTestId('popup-picker-error')).textContent).toContain('实体不存在');
  });
});

/** A popup field on the dictionary report, filling two fields. */
function Field({ code = 'dict_popup', orgFields = 'code,name', destFields = 'dictCode,dictName', onChange = () => {} }: { code?: string; orgFields?: string; destFields?: string; onChange?: (values: Record<string, string>) => void }) {
  return <PopupField code={code} orgFields={orgFields} destFields={destFields} multi onChange={onChange} testId="field" />;
}

describe('popup field', () => {

  test('missing settings: an error toast, the message under the field, the button disabled', async () => {
    server();
    renderPage(<Field code="" />);
    expect((await screen.findByTestId('field-error')).textContent).toBe('popup参数未正确配置!');
    await waitFor(() => expect(screen.getAllByText('popup参数未正确配置!').length).toBeGreaterThan(1));
    expect(screen.getByTestId('field-button').hasAttribute('disabled')).toBe(true);
  });

  test('unequal field counts are refused the same way', async () => {
    const fetchMock = server();
    renderPage(<Field orgFields="code,name" destFields="a" />);
    expect((await screen.findByTestId('field-error')).textContent).toBe('popup参数未正确配置,原始值和目标值数量不一致!');
    expect(screen.getByTestId('field-button').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('field-input'));
    expect(screen.queryByTestId('field-picker')).toBeNull();
    expect(calls(fetchMock, 'GET', '/online/cgreport/api/')).toHaveLength(0);
  });

  test('picked rows fill each target field with its source values joined by commas', async () => {
    server();
    const onChange = vi.fn<(values: Record<string, string>) => void>();
    renderPage(<Field onChange={onChange} />);
    expect(screen.queryByTestId('field-error')).toBeNull();
    fireEvent.click(screen.getByTestId('field-button'));
    const dialog = await screen.findByTestId('field-picker');
    fireEvent.click(await within(dialog).findByText('C1'));
    fireEvent.click(within(dialog).getByText('C2'));
    fireEvent.click(within(dialog).getByTestId('field-picker-ok'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ dictCode: 'C1,C2', dictName: '名称1,名称2' }));
    await waitFor(() => expect((screen.getByTestId('field-input') as HTMLInputElement).value).toBe('C1,C2'));
  });
});

describe('popup calls', () => {
  test('popupValues maps source fields to targets', () => {
    expect(popupValues([{ a: 1, b: 'x' }, { a: 2, b: null }], 'a, b', 'p,q')).toEqual({ p: '1,2', q: 'x,' });
  });

  test('a group keeps answers 30 s by path and parameters; without a group every call asks', async () => {
    const fetchMock = fakeServer({ 'GET /online/cgreport/api/getData/r1': { result: { records: [], total: 0 } } });
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    await groupGet('/online/cgreport/api/getData/r1', { pageNo: 1 }, 'g');
    await groupGet('/online/cgreport/api/getData/r1', { pageNo: 1 }, 'g');
    expect(calls(fetchMock, 'GET', '/getData/r1')).toHaveLength(1);
    await groupGet('/online/cgreport/api/getData/r1', { pageNo: 2 }, 'g');
    await groupGet('/online/cgreport/api/getData/r1', { pageNo: 1 }, 'other');
    expect(calls(fetchMock, 'GET', '/getData/r1')).toHaveLength(3);
    now.mockReturnValue(1_000_000 + GROUP_CACHE_MS);
    await groupGet('/online/cgreport/api/getData/r1', { pageNo: 1 }, 'g');
    expect(calls(fetchMock, 'GET', '/getData/r1')).toHaveLength(4);
    await groupGet('/online/cgreport/api/getData/r1', { pageNo: 1 });
    await groupGet('/online/cgreport/api/getData/r1', { pageNo: 1 });
    expect(calls(fetchMock, 'GET', '/getData/r1')).toHaveLength(6);
  });
});

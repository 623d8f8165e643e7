import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import i18n from '../../../i18n';
import { setToken } from '../../../lib/session';
import { envelopeResponse, fakeServer, type FakeRoutes } from '../../../test/api';
import { bodyOf, calls, expectAbsent, grant, openPage, paged, pickRowAction, rowOf, urlOf } from '../../../test/list';
import { renderPage } from '../../../test/render';
import RateCardListPage from './RateCardListPage';
import type { RateCardDetail, RateCardInput } from './types';

const ALL = ['list', 'add', 'edit', 'delete', 'import', 'export'].map((code) => `logistics:rateCard:${code}`);

const ROWS = [
  { id: 'c2', code: 'US-EXP', name: '美国快线', currency: 'USD', effectiveFrom: '2026-03-01', state: 'scheduled', zoneCount: 2, priceCount: 4, productCount: 1, createTime: '2026-01-02 10:00:00' },
  { id: 'c1', code: 'US-EXP', name: '美国快线', currency: 'USD', effectiveFrom: '2026-01-01', state: 'current', zoneCount: 2, priceCount: 4, productCount: 1, createTime: '2026-01-01 10:00:00' },
  { id: 'c0', code: 'EU-STD', name: '欧洲标准', currency: 'EUR', effectiveFrom: '2025-01-01', state: 'superseded', zoneCount: 1, priceCount: 1, productCount: 0, createTime: '2025-01-01 10:00:00' },
];

const DETAIL: RateCardDetail = {
  ...ROWS[1]!,
  minChargeableWeight: '0.1',
  roundingScope: 'parcel',
  weightRounding: [{ upTo: '20', increment: '0.5' }],
  zones: [
    { code: 'Z1', countries: ['US'], postalPrefixes: [] },
    { code: 'Z2', countries: ['CA'], postalPrefixes: [] },
  ],
  prices: [
    { zone: 'Z1', fromWeight: '0', toWeight: '1', mode: 'fixed', price: '10' },
    { zone: 'Z2', fromWeight: '0', toWeight: '1', mode: 'fixed', price: '12' },
    { zone: 'Z1', fromWeight: '1', toWeight: '5', mode: 'perKg', price: '8', minCharge: '15' },
    { zone: 'Z2', fromWeight: '1', toWeight: '5', mode: 'perKg', price: '9' },
  ],
  surcharges: [{ type: 'fuel', percent: '10' }],
};

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    'GET /logistics/rateCard/list': (_body, url) => {
      const code = url.searchParams.get('code');
      const records = code ? ROWS.filter((row) => row.code === code) : ROWS;
      return { result: { records, total: records.length, size: 10, current: 1, pages: 1 } };
    },
    'GET /logistics/rateCard/queryById': { result: DETAIL },
    ...extra,
  });
}

type Body = RateCardInput & { id?: string };

/** Picks an entry of the "More" menu of the version starting on `date`. */
const pickVersionAction = async (date: string, testId: string) => pickRowAction(await rowOf(date), 'rate-card-more', testId);

describe('rate cards page', () => {
  test('lists versions with coloured states; "versions" filters the list by code', async () => {
    const fetchMock = openPage(<RateCardListPage />, server(), ...ALL);
    expect(await screen.findByText('2026-03-01')).toBeTruthy();
    const states = screen.getAllByTestId('rate-card-state').map((tag) => tag.dataset.state);
    expect(states).toEqual(['scheduled', 'current', 'superseded']);
    expect(within(screen.getByTestId('rate-card-table')).getByText('待生效')).toBeTruthy();
    const first = urlOf(fetchMock, 'GET', '/logistics/rateCard/list', 0);
    expect(first.searchParams.get('column')).toBe('createTime');

    await pickVersionAction('2026-01-01', 'rate-card-versions');
    expect(await screen.findByTestId('rate-card-versions-banner')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('EU-STD')).toBeNull());
    const last = urlOf(fetchMock, 'GET', '/logistics/rateCard/list');
    expect(last.searchParams.get('code')).toBe('US-EXP');
    expect(last.searchParams.get('column')).toBe('effectiveFrom');
    expect(last.searchParams.get('order')).toBe('desc');

    fireEvent.click(screen.getByTestId('rate-card-versions-clear'));
    expect(await screen.findByText('EU-STD')).toBeTruthy();
    expect(screen.queryByTestId('rate-card-versions-banner')).toBeNull();
  });

  test('a refused delete shows the server message', async () => {
    const fetchMock = openPage(<RateCardListPage />, server({ 'DELETE /logistics/rateCard/delete': { status: 400, message: '已被使用，不能删除!' } }), ...ALL);
    await pickVersionAction('2026-01-01', 'rate-card-delete');
    const dialog = await screen.findByTestId('rate-card-delete-confirm');
    expect(dialog.textContent).toContain('US-EXP');
    fireEvent.click(screen.getByTestId('rate-card-delete-confirm-confirm'));
    expect(await screen.findByText('已被使用，不能删除!')).toBeTruthy();
    const url = urlOf(fetchMock, 'DELETE', '/logistics/rateCard/delete', 0);
    expect(url.searchParams.get('id')).toBe('c1');
  });

  test('without the codes only the list and its versions are offered', async () => {
    openPage(<RateCardListPage />, server(), 'logistics:rateCard:list');
    await screen.findByText('2026-03-01');
    expectAbsent('rate-card-add', 'rate-card-import', 'rate-card-export');
    expect(screen.getAllByTestId('rate-card-edit')[0]!.textContent).toBe('查看');
  });

  test('a new card: zones, a priced bracket and a surcharge are sent as the flat contract', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(<RateCardListPage />, server({ 'POST /logistics/rateCard/add': { message: 'Added!', result: { ...DETAIL, id: 'new' } } }), ...ALL);
    fireEvent.click(await screen.findByTestId('rate-card-add'));
    const editor = await screen.findByTestId('rate-card-editor');
    fireEvent.change(within(editor).getByTestId('rate-card-code'), { target: { value: 'UK-STD' } });
    fireEvent.change(within(editor).getByTestId('rate-card-name'), { target: { value: 'UK standard' } });
    fireEvent.change(within(editor).getByTestId('rate-card-currency'), { target: { value: 'GBP' } });
    fireEvent.click(within(editor).getByTestId('rate-card-rounding-example'));
    expect(within(editor).getAllByTestId('rate-card-rounding-row')).toHaveLength(2);

    fireEvent.click(within(editor).getByTestId('rate-card-tab-zones'));
    fireEvent.click(await within(editor).findByTestId('rate-card-zone-add'));
    const countries = within(within(editor).getByTestId('rate-card-zone-countries')).getByRole('textbox');
    fireEvent.focus(countries);
    await act(() => Promise.resolve());
    fireEvent.input(countries, { target: { value: 'gb' } });
    fireEvent.keyDown(countries, { key: 'Enter' });
    await waitFor(() => expect(within(editor).getByTestId('rate-card-zone-countries').textContent).toContain('GB'));

    fireEvent.click(within(editor).getByTestId('rate-card-tab-prices'));
    fireEvent.click(await within(editor).findByTestId('rate-card-bracket-add'));
    fireEvent.change(within(editor).getByTestId('rate-card-bracket-to'), { target: { value: '2' } });
    fireEvent.click(within(editor).getByTestId('rate-card-cell'));
    const cellEditor = await within(editor).findByTestId('rate-card-cell-editor');
    fireEvent.change(within(cellEditor).getByTestId('rate-card-cell-mode'), { target: { value: 'firstAdditional' } });
    // Apply checks the mode's fields first.
    fireEvent.click(within(cellEditor).getByTestId('rate-card-cell-apply'));
    // Core's messages: two weights and two prices missing.
    expect((await within(cellEditor).findAllByText(/^(Weight|Price) is required!$/)).length).toBe(4);
    fireEvent.change(within(cellEditor).getByTestId('rate-card-cell-firstWeight'), { target: { value: '0.5' } });
    fireEvent.change(within(cellEditor).getByTestId('rate-card-cell-firstPrice'), { target: { value: '6' } });
    fireEvent.change(within(cellEditor).getByTestId('rate-card-cell-stepWeight'), { target: { value: '0.5' } });
    fireEvent.change(within(cellEditor).getByTestId('rate-card-cell-stepPrice'), { target: { value: '1.2' } });
    fireEvent.click(within(cellEditor).getByTestId('rate-card-cell-apply'));
    await waitFor(() => expect(within(editor).queryByTestId('rate-card-cell-editor')).toBeNull());
    expect(within(editor).getByTestId('rate-card-cell').textContent).toContain('6');

    fireEvent.click(within(editor).getByTestId('rate-card-tab-surcharges'));
    fireEvent.click(await within(editor).findByTestId('rate-card-surcharge-add-perTicket'));
    fireEvent.change(within(editor).getByTestId('rate-card-surcharge-amount'), { target: { value: '3' } });

    fireEvent.click(within(editor).getByTestId('rate-card-save'));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/logistics/rateCard/add')).toHaveLength(1));
    const body = bodyOf<Body>(fetchMock, 'POST', '/logistics/rateCard/add');
    expect(body).toMatchObject({
      code: 'UK-STD',
      name: 'UK standard',
      currency: 'GBP',
      minChargeableWeight: '0',
      roundingScope: 'parcel',
      weightRounding: [
        { upTo: '20', increment: '0.5' },
        { upTo: '9999', increment: '1' },
      ],
      zones: [{ code: 'Z1', countries: ['GB'], postalPrefixes: [] }],
      prices: [{ zone: 'Z1', fromWeight: '0', toWeight: '2', mode: 'firstAdditional', firstWeight: '0.5', firstPrice: '6', stepWeight: '0.5', stepPrice: '1.2' }],
      surcharges: [{ type: 'perTicket', amount: '3' }],
    });
    expect(body.id).toBeUndefined();
    await waitFor(() => expect(screen.queryByTestId('rate-card-editor')).toBeNull());
    expect(await screen.findByText('Added!')).toBeTruthy();
  }, 20_000);

  test('a card priced on a partition takes its zones, read-only; prices of zones it lacks go after a confirmation', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const partitions = [
      { id: 'p1', code: 'NA', name: '北美', nameEn: 'North America', zones: [{ code: 'Z1', countries: ['US', 'MX'], postalPrefixes: [] }], zoneCount: 1, countries: 'US,MX', cardCount: 3, remark: null, updateBy: null, createTime: '2026-01-01 10:00:00', updateTime: null },
    ];
    const fetchMock = openPage(<RateCardListPage />, server({ 'GET /logistics/partition/list': paged(partitions), 'PUT /logistics/rateCard/edit': { message: 'Saved!', result: DETAIL } }), ...ALL);
    await screen.findByText('2026-01-01');
    fireEvent.click(screen.getAllByTestId('rate-card-edit')[1]!);
    const editor = await screen.findByTestId('rate-card-editor');
    await within(editor).findByTestId('rate-card-code');
    fireEvent.click(within(editor).getByTestId('rate-card-tab-zones'));
    const select = await within(editor).findByTestId('rate-card-partition');
    await waitFor(() => expect(select.querySelectorAll('option')).toHaveLength(2));
    expect(within(editor).getAllByTestId('rate-card-zone-code')).toHaveLength(2);
    fireEvent.change(select, { target: { value: 'p1' } });
    // Z2 has two prices; NA has no Z2.
    const confirm = await screen.findByTestId('rate-card-partition-confirm');
    expect(confirm.textContent).toContain('2 prices of zones this partition does not have will be removed.');
    fireEvent.click(within(confirm).getByTestId('rate-card-partition-confirm-confirm'));
    await waitFor(() => expect(within(editor).getAllByTestId('rate-card-zone-code')).toHaveLength(1));
    expect((within(editor).getByTestId('rate-card-zone-code') as HTMLInputElement).readOnly).toBe(true);
    expect(within(editor).queryByTestId('rate-card-zone-add')).toBeNull();
    expect(within(editor).getByTestId('rate-card-partition-link').getAttribute('href')).toBe('/carrier/partition');
    fireEvent.click(within(editor).getByTestId('rate-card-save'));
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/logistics/rateCard/edit')).toHaveLength(1));
    const body = bodyOf<Body & { partitionId?: string }>(fetchMock, 'PUT', '/logistics/rateCard/edit');
    expect(body.partitionId).toBe('p1');
    expect(body.zones).toEqual([{ code: 'Z1', countries: ['US', 'MX'], postalPrefixes: [] }]);
    expect(body.prices.map((price) => price.zone)).toEqual(['Z1', 'Z1']);
  }, 20_000);

  test("the server's field errors land on their row and cell; the first is toasted", async () => {
    await act(() => i18n.changeLanguage('en-US'));
    grant(...ALL);
    let answer = { status: 400, message: 'The bracket overlaps another', result: { field: 'prices[3].toWeight' } as unknown };
    const fetchMock = server({ 'PUT /logistics/rateCard/edit': () => answer });
    renderPage(<RateCardListPage />);
    await screen.findByText('2026-01-01');
    fireEvent.click(screen.getAllByTestId('rate-card-edit')[1]!);
    const editor = await screen.findByTestId('rate-card-editor');
    await within(editor).findByTestId('rate-card-code');
    fireEvent.click(within(editor).getByTestId('rate-card-save'));
    // prices[3] is zone Z2 of the second row (1–5 kg): its bracket shows the message.
    expect(await within(editor).findByTestId('rate-card-bracket-error')).toBeTruthy();
    const rows = within(editor).getAllByTestId('rate-card-bracket-row');
    expect(within(rows[1]!).getByTestId('rate-card-bracket-error').textContent).toBe('The bracket overlaps another');
    expect(within(editor).getByTestId('rate-card-tab-prices').getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByText('The bracket overlaps another').length).toBeGreaterThanOrEqual(2);
    const body = bodyOf<Body>(fetchMock, 'PUT', '/logistics/rateCard/edit');
    expect(body.id).toBe('c1');
    expect(body.prices[3]).toMatchObject({ zone: 'Z2', fromWeight: '1', toWeight: '5', mode: 'perKg', price: '9' });

    answer = { status: 400, message: 'Not a country', result: { field: 'zones[1].countries' } };
    fireEvent.click(within(editor).getByTestId('rate-card-save'));
    await waitFor(() => expect(within(editor).getByTestId('rate-card-tab-zones').getAttribute('aria-selected')).toBe('true'));
    const zones = within(editor).getAllByTestId('rate-card-zone-row');
    expect(await within(zones[1]!).findByText('Not a country')).toBeTruthy();

    answer = { status: 400, message: 'Bad price', result: { field: 'prices[2].price' } };
    fireEvent.click(within(editor).getByTestId('rate-card-save'));
    await waitFor(() => expect(within(editor).getByTestId('rate-card-tab-prices').getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(within(editor).getAllByTestId('rate-card-cell').filter((cell) => cell.dataset.invalid !== undefined)).toHaveLength(1));
    const invalid = within(editor).getAllByTestId('rate-card-cell').find((cell) => cell.dataset.invalid !== undefined)!;
    expect(invalid.dataset.cellRow).toBe('1');
    expect(invalid.dataset.cellCol).toBe('0');
  });

  test('cells: arrows move, Delete empties; checks before saving keep the card from being sent', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(<RateCardListPage />, server({ 'PUT /logistics/rateCard/edit': { message: 'Saved!', result: DETAIL } }), ...ALL);
    await screen.findByText('2026-01-01');
    fireEvent.click(screen.getAllByTestId('rate-card-edit')[1]!);
    const editor = await screen.findByTestId('rate-card-editor');
    fireEvent.click(await within(editor).findByTestId('rate-card-tab-prices'));
    const cells = await within(editor).findAllByTestId('rate-card-cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['10Fixed price', '12Fixed price', '8 /kgmin 15', '9 /kgPer kg']);
    cells[0]!.focus();
    fireEvent.keyDown(cells[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cells[2]);
    fireEvent.keyDown(cells[2]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cells[3]);
    fireEvent.keyDown(cells[3]!, { key: 'Delete' });
    await waitFor(() => expect(within(editor).getAllByTestId('rate-card-cell')[3]!.textContent).toBe('+'));
    expect(within(editor).getByTestId('rate-card-unsaved')).toBeTruthy();

    fireEvent.change(within(editor).getAllByTestId('rate-card-bracket-to')[0]!, { target: { value: '0' } });
    fireEvent.click(within(editor).getByTestId('rate-card-save'));
    expect(await within(editor).findByTestId('rate-card-matrix-errors')).toBeTruthy();
    expect(within(editor).getByTestId('rate-card-bracket-error').textContent).toBe('The upper weight must be above the lower weight!');
    expect(await screen.findByText('Fields to correct: 1')).toBeTruthy();
    expect(calls(fetchMock, 'PUT', '/logistics/rateCard/edit')).toHaveLength(0);

    fireEvent.change(within(editor).getAllByTestId('rate-card-bracket-to')[0]!, { target: { value: '1' } });
    expect(within(editor).queryByTestId('rate-card-matrix-errors')).toBeNull();
    fireEvent.click(within(editor).getByTestId('rate-card-save'));
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/logistics/rateCard/edit')).toHaveLength(1));
    expect(bodyOf<Body>(fetchMock, 'PUT', '/logistics/rateCard/edit').prices).toHaveLength(3);
  }, 20_000);

  test('a new version copies the card with a later start and posts it as new', async () => {
    const fetchMock = openPage(<RateCardListPage />, server({ 'POST /logistics/rateCard/add': { message: '添加成功！', result: { ...DETAIL, id: 'c3' } } }), ...ALL);
    await pickVersionAction('2026-01-01', 'rate-card-new-version');
    const editor = await screen.findByTestId('rate-card-editor');
    const code = await within(editor).findByTestId('rate-card-code');
    expect((code as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(within(editor).getByTestId('rate-card-effective-from'), { target: { value: '2026-06-01' } });
    fireEvent.click(within(editor).getByTestId('rate-card-save'));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/logistics/rateCard/add')).toHaveLength(1));
    const body = bodyOf<Body>(fetchMock, 'POST', '/logistics/rateCard/add');
    expect(body.code).toBe('US-EXP');
    expect(body.effectiveFrom).toBe('2026-06-01');
    expect(body.prices).toHaveLength(4);
    expect(body.id).toBeUndefined();
  });

  test('a refused import lists its bad cells; a good one opens the saved card', async () => {
    grant(...ALL);
    const failing = {
      status: 400,
      message: '导入失败：2 处错误',
      result: {
        errors: [
          { sheet: 'prices', row: 3, column: 'toWeight', message: '必须大于起始重量' },
          { sheet: 'zones', row: 2, column: 'countries', message: 'XX 不是国家代码' },
        ],
      },
    };
    let importAnswer: typeof failing | { status?: number; message: string; result: unknown } = failing;
    const fetchMock = server({ 'POST /logistics/rateCard/importExcel': () => importAnswer });
    renderPage(<RateCardListPage />);
    await screen.findByText('2026-01-01');
    const input = screen.getByTestId('rate-card-import-file') as HTMLInputElement;
    const file = new File(['x'], 'card.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(input, { target: { files: [file] } });
    const dialog = await screen.findByTestId('rate-card-import-errors');
    expect(dialog.textContent).toContain('导入失败：2 处错误');
    const rows = within(dialog).getAllByTestId('rate-card-import-error-row');
    expect(rows.map((row) => row.textContent)).toEqual(['prices3toWeight必须大于起始重量', 'zones2countriesXX 不是国家代码']);
    const form = calls(fetchMock, 'POST', '/logistics/rateCard/importExcel')[0]?.[1]?.body as FormData;
    expect((form.get('file') as File).name).toBe('card.xlsx');
    fireEvent.click(within(dialog).getByTestId('rate-card-import-errors-close'));
    await waitFor(() => expect(screen.queryByTestId('rate-card-import-errors')).toBeNull());

    importAnswer = { message: '导入成功!', result: DETAIL };
    fireEvent.change(input, { target: { files: [file] } });
    const editor = await screen.findByTestId('rate-card-editor');
    expect(((await within(editor).findByTestId('rate-card-code')) as HTMLInputElement).value).toBe('US-EXP');
    expect(await screen.findByText('导入成功!')).toBeTruthy();
  });

  test('exports download the workbook with the token in the address', async () => {
    grant(...ALL);
    setToken('tok');
    const fetchMock = server();
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/exportXls')) {
        return new Response(new Blob(['xlsx']), {
          status: 200,
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': 'attachment; filename="US-EXP.xlsx"' },
        });
      }
      return inner(input, init);
    });
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockReturnValue(undefined);
    renderPage(<RateCardListPage />);
    await pickVersionAction('2026-01-01', 'rate-card-export-xlsx');
    await waitFor(() => expect(createUrl).toHaveBeenCalled());
    const url = String(calls(fetchMock, 'GET', '/exportXls')[0]?.[0]);
    expect(url).toContain('/boot/logistics/rateCard/exportXls?id=c1&token=tok');
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('US-EXP.xlsx');

    fireEvent.click(screen.getByTestId('rate-card-template'));
    await waitFor(() => expect(calls(fetchMock, 'GET', '/exportXls')).toHaveLength(2));
    expect(String(calls(fetchMock, 'GET', '/exportXls')[1]?.[0])).not.toContain('id=');
  });

  test('a refused download says why', async () => {
    grant(...ALL);
    const fetchMock = server();
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).includes('/exportXls') ? envelopeResponse({ status: 400, message: '报价卡不存在' }) : inner(input, init),
    );
    renderPage(<RateCardListPage />);
    await screen.findByText('2026-01-01');
    fireEvent.click(screen.getByTestId('rate-card-template'));
    expect(await screen.findByText('报价卡不存在')).toBeTruthy();
  });
});

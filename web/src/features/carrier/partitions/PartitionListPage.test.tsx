import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { calls, confirmDeleteSends, expectAbsent, expectFirstSort, openDialog, openPage, paged, rowOf, search, sentBody, urlOf } from '../../../test/list';
import { partitionErrorPath } from './PartitionFormDialog';
import PartitionListPage from './PartitionListPage';

const LIST = '/logistics/partition/list';
const PERMISSION = 'logistics:partition';

const COUNTRIES = [
  { code: 'US', nameZh: '美国', nameEn: 'United States', name: '美国', postalPattern: null, enabled: true },
  { code: 'FR', nameZh: '法国', nameEn: 'France', name: '法国', postalPattern: null, enabled: true },
];
const ROWS = [
  {
    id: 'p1', code: 'WORLD', name: '全球分区', nameEn: 'World', countries: 'US,CA,DE,FR', zoneCount: 2, cardCount: 3, remark: null, updateBy: null, createTime: '2026-12-01T02:00:00Z', updateTime: null,
    zones: [{ code: 'NA', countries: ['US', 'CA'], postalPrefixes: [] }, { code: 'EU', countries: ['DE', 'FR'], postalPrefixes: ['75'] }],
  },
  { id: 'p2', code: 'SPARE', name: '备用', nameEn: null, countries: 'JP', zoneCount: 1, cardCount: 0, remark: null, updateBy: null, createTime: '2026-12-01T02:00:00Z', updateTime: null, zones: [{ code: 'JP', countries: ['JP'], postalPrefixes: [] }] },
];

function server(extra: FakeRoutes = {}) {
  return fakeServer({ [`GET ${LIST}`]: paged(ROWS), 'GET /sys/country/queryAll': { result: COUNTRIES }, ...extra });
}

/** Types a tag into a zone's tag list (as a user would: text, then Enter). */
async function addTag(root: HTMLElement, value: string) {
  const input = within(root).getByRole('textbox');
  fireEvent.focus(input);
  await act(() => Promise.resolve());
  fireEvent.input(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
  await waitFor(() => expect(root.textContent).toContain(value.toUpperCase()));
}

beforeEach(() => {
  localStorage.setItem('Forecast_Countries', JSON.stringify(COUNTRIES));
});

describe('Partitions page', () => {
  test('lists partitions with their zones and the rate cards that use them', async () => {
    const fetchMock = openPage(<PartitionListPage />, server(), `${PERMISSION}:list`);
    const world = await rowOf('WORLD');
    expect(within(world).getByText('3 个报价卡版本')).toBeTruthy();
    expect(within(world).getByTestId('partition-zones-cell').textContent).toContain('EUDE FR / 75');
    expect(within(await rowOf('SPARE')).getByText('未使用')).toBeTruthy();
    expectFirstSort(fetchMock, LIST, 'code', 'asc');
    expectAbsent('partition-add', 'partition-edit', 'partition-delete', 'partition-export');
  });

  test('keyword and country filter on the server', async () => {
    const fetchMock = openPage(<PartitionListPage />, server(), `${PERMISSION}:list`);
    await rowOf('WORLD');
    search('partition-search', { 'partition-search-key': 'wor' });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('keyWord')).toBe('wor'));
  });

  test('a new partition is checked by core (through WebAssembly) and sent with its zones', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(<PartitionListPage />, server({ 'POST /logistics/partition/add': { message: 'Added!', result: ROWS[1] } }), `${PERMISSION}:list`, `${PERMISSION}:add`);
    await rowOf('WORLD');
    const dialog = await openDialog('partition-add', 'partition-form');
    fireEvent.change(within(dialog).getByTestId('partition-code'), { target: { value: 'asia' } });
    fireEvent.change(within(dialog).getByTestId('partition-name'), { target: { value: 'Asia' } });
    // One zone to start with, no country yet: core names the place.
    fireEvent.click(within(dialog).getByTestId('partition-form-submit'));
    expect(await within(dialog).findByText('Country/region is required!')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/logistics/partition/add')).toHaveLength(0);
    await addTag(within(dialog).getByTestId('partition-zone-countries'), 'jp');
    fireEvent.click(within(dialog).getByTestId('partition-zone-add'));
    const codes = within(dialog).getAllByTestId('partition-zone-code');
    fireEvent.change(codes[1]!, { target: { value: 'Z1' } });
    await addTag(within(dialog).getAllByTestId('partition-zone-countries')[1]!, 'kr');
    fireEvent.click(within(dialog).getByTestId('partition-form-submit'));
    expect(await within(dialog).findByText('Zone code Z1 appears twice!')).toBeTruthy();
    fireEvent.change(codes[1]!, { target: { value: 'Z2' } });
    await addTag(within(dialog).getAllByTestId('partition-zone-prefixes')[1]!, '0');
    fireEvent.click(within(dialog).getByTestId('partition-form-submit'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/partition/add')).toEqual({
      code: 'asia', name: 'Asia', nameEn: null, remark: null,
      zones: [{ code: 'Z1', countries: ['JP'], postalPrefixes: [] }, { code: 'Z2', countries: ['KR'], postalPrefixes: ['0'] }],
    });
  }, 30_000);

  test('editing a partition in use says so; the server’s refusal shows above the zones', async () => {
    const refusal = { status: 400, message: '报价卡 PT（2026-01-01起）仍在为分区 EU 定价：请先修改该报价卡，再从分区表中删除此分区!', result: { field: 'zones', key: 'partition_zone_in_use' } };
    const fetchMock = openPage(<PartitionListPage />, server({ 'PUT /logistics/partition/edit': refusal }), `${PERMISSION}:list`, `${PERMISSION}:edit`);
    const dialog = await openDialog('partition-edit', 'partition-form', await rowOf('WORLD'));
    expect(within(dialog).getByTestId('partition-form-in-use').textContent).toContain('3 个报价卡版本');
    fireEvent.click(within(dialog).getAllByTestId('partition-zone-remove')[1]!);
    fireEvent.click(within(dialog).getByTestId('partition-form-submit'));
    expect((await within(dialog).findByTestId('partition-zones-error')).textContent).toContain('仍在为分区 EU 定价');
    expect(await sentBody(fetchMock, 'PUT', '/logistics/partition/edit')).toMatchObject({ id: 'p1', code: 'WORLD', zones: [{ code: 'NA', countries: ['US', 'CA'], postalPrefixes: [] }] });
  });

  test('delete asks first', async () => {
    const fetchMock = openPage(<PartitionListPage />, server({ 'DELETE /logistics/partition/delete': { message: '删除成功!' } }), `${PERMISSION}:list`, `${PERMISSION}:delete`);
    await openDialog('partition-delete', 'partition-delete-confirm', await rowOf('SPARE'));
    await confirmDeleteSends(fetchMock, 'partition-delete-confirm', 'SPARE（备用）', '/logistics/partition/delete', { id: 'p2' });
    expect(calls(fetchMock, 'DELETE', '/logistics/partition/delete')).toHaveLength(1);
  });

  test('server paths land on their field', () => {
    const values = { zones: [{ code: 'A', countries: [], postalPrefixes: [] }] };
    expect(partitionErrorPath('zones[0].countries', values)).toBe('zones.0.countries');
    expect(partitionErrorPath('zones[3].code', values)).toBe('zones');
    expect(partitionErrorPath('code', values)).toBe('code');
    expect(partitionErrorPath('other', values)).toBeUndefined();
  });
});

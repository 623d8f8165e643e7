import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { setUserInfo } from '../../../lib/session';
import { fakeServer, testUser } from '../../../test/api';
import { calls, openPage, paged, rowOf, tickRows, urlOf } from '../../../test/list';
import { bodyOf, emptyOrder, forecastInput, issuesAsErrors } from './model';
import { B2cShipmentList } from './ShipmentListPage';

const row = (id: string, serialNumber: string, shipmentStatus: string, extra: Record<string, unknown> = {}) => ({
  id,
  serialNumber,
  shipmentStatus,
  shipmentType: 'B2C',
  customerId: 'c1',
  customer: 'alice',
  customerCode: `REF-${id}`,
  printStatus: 'unprinted',
  locationStatus: 'notArrived',
  orderMethod: 'single',
  shipmentResource: 'web',
  shipmentPieces: 1,
  shipmentWeight: '1.250',
  declaredValue: '19.80',
  currency: 'USD',
  channelProductCode: 'EXP',
  channelProductName: 'Express',
  consigneeName: 'Ann Lee',
  consigneeCountry: 'US',
  actions: [],
  createTime: '2026-11-25T08:00:00Z',
  ...extra,
});

const ROWS = [row('s1', 'B2C261125000001', 'draft'), row('s2', 'B2C261125000002', 'received', { deductAmount: '88.00', deductCurrency: 'CNY' })];

function server() {
  return fakeServer({
    'GET /logistics/shipment/list': paged(ROWS),
    'GET /logistics/shipment/countByStatus': { result: { total: 2, byStatus: { draft: 1, received: 1 } } },
    'POST /logistics/shipment/cancelBatch': { result: { total: 1, succeeded: 1, failed: 0, rows: [] } },
  });
}

describe('shipment list', () => {
  test('lists the type with its status tabs and counts, and the charge', async () => {
    const fetchMock = openPage(<B2cShipmentList />, server(), 'logistics:shipment:b2c');
    expect(await screen.findByText('B2C261125000001')).toBeTruthy();
    expect(screen.getByText('88.00 CNY')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('shipment-tab-draft')).getByTestId('shipment-tab-count').textContent).toBe('1'));
    const listed = new URL(String(calls(fetchMock, 'GET', '/logistics/shipment/list').at(-1)?.[0]), 'http://localhost');
    expect(listed.searchParams.get('shipmentType')).toBe('B2C');
  });

  test('a row shows only what core allows its status', async () => {
    openPage(<B2cShipmentList />, server(), 'logistics:shipment:b2c', 'logistics:shipment:submit', 'logistics:shipment:cancel', 'logistics:shipment:edit');
    const draft = await rowOf('B2C261125000001', 'p');
    expect(within(draft).queryByTestId('shipment-submit')).toBeTruthy();
    const received = await rowOf('B2C261125000002', 'p');
    expect(within(received).queryByTestId('shipment-submit')).toBeNull();
    expect(within(received).queryByTestId('shipment-cancel')).toBeNull();
  });

  test('a selection with an order the action does not apply to is refused by name, and nothing is sent', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(<B2cShipmentList />, server(), 'logistics:shipment:b2c', 'logistics:shipment:cancel');
    await tickRows(['B2C261125000001', 'B2C261125000002'], 'p');
    await waitFor(() => expect(screen.getByTestId('shipment-selected').textContent).toBe('2 selected'));
    fireEvent.click(screen.getByTestId('shipment-batch-cancel'));
    expect(await screen.findByText('the options contain inoperable options, please remove them before operating: B2C261125000002')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/logistics/shipment/cancelBatch')).toHaveLength(0);
  });
});

describe('order form model', () => {
  test("core's rules name the form's fields as the user types", () => {
    const values = emptyOrder();
    values.consignee.email = 'nope';
    values.parcels[0]!.weight = '-1';
    const draft = issuesAsErrors(values, 'B2C', 'draft', '', 'en-US');
    expect(draft.consignee?.email?.message).toBe('The e-mail address is not valid!');
    expect(draft.parcels?.[0]?.weight?.message).toBe('Actual weight must not be negative!');
    const submit = issuesAsErrors(values, 'B2C', 'submit', '', 'zh-CN');
    expect(submit.consignee?.name?.message).toBe('收件人不能为空!');
  });

  test('the body and the live quote carry what the server stores and quotes', () => {
    const values = emptyOrder();
    Object.assign(values.consignee, { country: 'US', postalCode: '94105' });
    Object.assign(values.parcels[0]!, { length: '30', width: '20', height: '10', weight: '1.25' });
    Object.assign(values.parcels[0]!.products[0]!, { frName: 'T-shirt', quantity: '2', unitPrice: '9.90', unitWeight: '0.3' });
    expect(forecastInput(values, 'B2C')).toEqual({
      countryCode: 'US',
      postalCode: '94105',
      tradeType: 'B2C',
      parcels: [{ length: '30', width: '20', height: '10', weight: '1.25', quantity: 1 }],
      declaredValue: '19.80',
    });
    const body = bodyOf(values, 'B2C');
    expect(body.consignee).toEqual({ country: 'US', postalCode: '94105' });
    expect(body.parcels[0]?.products[0]).toEqual({ frName: 'T-shirt', quantity: '2', unitPrice: '9.90', unitWeight: '0.3' });
  });
});

const report = (extra: Record<string, unknown>) => ({ dryRun: true, rows: 3, orders: 2, existing: 0, creatable: 2, errors: [], taskId: null, ...extra });

/** Chooses a file in the import wizard. */
const choose = async (name: string) =>
  fireEvent.change(await screen.findByTestId('shipment-import-file'), { target: { files: [new File(['x'], name, { type: 'application/octet-stream' })] } });

describe('import wizard', () => {
  test('a dry run shows every bad cell; a clean file imports with its progress to the end', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    setUserInfo(testUser({ id: 'c1', username: 'acme', userKind: 'customer' }));
    let bad = true;
    let polls = 0;
    const fetchMock = fakeServer({
      'GET /logistics/shipment/list': paged(ROWS),
      'GET /logistics/shipment/countByStatus': { result: { total: 2, byStatus: {} } },
      'POST /logistics/shipment/importExcel': (_body, url) =>
        url.searchParams.get('dryRun') === 'true'
          ? { result: report(bad ? { creatable: 1, errors: [{ row: 4, column: 'postalCode', message: 'Postal code ABCDE does not fit US' }] } : {}) }
          : { result: report({ dryRun: false, taskId: 't1' }) },
      'GET /sys/task/queryById': () => {
        polls += 1;
        return { result: { id: 't1', kind: 'shipment_import', status: polls > 1 ? 'done' : 'running', total: 2, done: polls > 1 ? 2 : 1, result: polls > 1 ? '{"created":2,"skipped":0}' : null, createTime: '2026-11-27T00:00:00Z' } };
      },
    });
    openPage(<B2cShipmentList />, fetchMock, 'logistics:shipment:b2c', 'logistics:shipment:import');
    fireEvent.click(await screen.findByTestId('shipment-import-open'));

    await choose('orders.csv');
    expect(await screen.findByText('Choose an Excel workbook (.xlsx).')).toBeTruthy();
    await choose('orders.xlsx');
    expect(await screen.findByText('Postal code ABCDE does not fit US')).toBeTruthy();
    expect(screen.getAllByTestId('shipment-import-error')).toHaveLength(1);
    expect(screen.queryByTestId('shipment-import-commit')).toBeNull();
    expect(urlOf(fetchMock, 'POST', '/logistics/shipment/importExcel').searchParams.get('shipmentType')).toBe('B2C');

    bad = false;
    fireEvent.click(screen.getByTestId('shipment-import-again'));
    await choose('orders.xlsx');
    fireEvent.click(await screen.findByTestId('shipment-import-commit'));
    expect((await screen.findByTestId('shipment-import-done')).textContent).toContain('2 orders created as drafts, 0 already there.');
    expect(screen.getByTestId('shipment-import-progress').textContent).toBe('2 / 2');
    expect(urlOf(fetchMock, 'POST', '/logistics/shipment/importExcel').searchParams.get('dryRun')).toBe('false');
  });
});

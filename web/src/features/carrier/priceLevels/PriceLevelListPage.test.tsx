import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { bodyOf, calls, sentBody, openPage, urlOf } from '../../../test/list';
import { exampleFreight, formatMarkup } from './api';
import PriceLevelListPage from './PriceLevelListPage';

const LEVELS = [
  { id: 'l1', customerId: 'u1', customerName: 'acme – 艾克米', productId: 'p1', productCode: 'EU-PARCEL', productName: '欧洲小包', markupPercent: '12.5', enabled: true, createTime: '2026-01-01 10:00:00' },
  { id: 'l2', customerId: 'u2', customerName: 'bolt – 博尔特', productId: 'p1', productCode: 'EU-PARCEL', productName: '欧洲小包', markupPercent: '-5', enabled: false, createTime: '2026-01-02 10:00:00' },
];
const CUSTOMERS = [
  { id: 'u1', username: 'acme', realname: '艾克米' },
  { id: 'u3', username: 'alpha', realname: '阿尔法' },
];
const PRODUCTS = [{ id: 'p2', code: 'US-FAST', name: '美国快线', title: '美国快线', channelCode: 'DHL-EXP' }];

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    'GET /logistics/priceLevel/list': { result: { records: LEVELS, total: 2 } },
    'GET /logistics/priceLevel/customers': (_body, url) => {
      const keyWord = url.searchParams.get('keyWord') ?? '';
      return { result: CUSTOMERS.filter((customer) => customer.username.includes(keyWord)) };
    },
    'GET /logistics/channelProduct/list': { result: { records: PRODUCTS, total: 1 } },
    ...extra,
  });
}

describe('price level helpers', () => {
  test.each([
    ['12.5', '+12.5%'],
    ['-5', '−5%'],
    ['0', '0%'],
  ])('a markup of %s reads as the signed percentage %s', (markup, text) => {
    expect(formatMarkup(markup)).toBe(text);
  });

  test.each([
    ['12.5', '112.50'],
    ['-5', '95.00'],
    ['abc', undefined],
  ])('with a markup of %s, a freight of 100 is %s', (markup, freight) => {
    expect(exampleFreight(markup)).toBe(freight);
  });
});

describe('price levels page', () => {
  test('lists levels with signed markups', async () => {
    openPage(<PriceLevelListPage />, server(), 'logistics:priceLevel:list');
    const first = (await within(await screen.findByTestId('price-level-table')).findByText('acme – 艾克米')).closest('tr')!;
    expect(within(first).getByText('+12.5%')).toBeTruthy();
    const second = screen.getByText('bolt – 博尔特').closest('tr')!;
    expect(within(second).getByText('−5%')).toBeTruthy();
    expect(within(second).getByText('停用')).toBeTruthy();
    expect(screen.queryByTestId('price-level-add')).toBeNull();
  });

  test('the customer filter searches the server and filters the list', async () => {
    const fetchMock = openPage(<PriceLevelListPage />, server(), 'logistics:priceLevel:list');
    await screen.findByText('acme – 艾克米');
    const input = screen.getByTestId('price-level-search-customer-input');
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'alp' } });
    await waitFor(() => expect(calls(fetchMock, 'GET', '/logistics/priceLevel/customers').some(([url]) => String(url).includes('keyWord=alp'))).toBe(true));
    const options = await screen.findByTestId('price-level-search-customer-options');
    fireEvent.click(await within(options).findByText('alpha – 阿尔法'));
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('alpha – 阿尔法'));
    fireEvent.click(screen.getByTestId('price-level-search-submit'));
    await waitFor(() => {
      const url = urlOf(fetchMock, 'GET', '/logistics/priceLevel/list');
      expect(url.searchParams.get('customerId')).toBe('u3');
    });
  });

  test('adding picks a customer and a product; the markup hint shows its effect', async () => {
    const fetchMock = openPage(<PriceLevelListPage />, server({ 'POST /logistics/priceLevel/add': { message: '添加成功！', result: LEVELS[0] } }), 'logistics:priceLevel:list', 'logistics:priceLevel:add');
    await screen.findByText('acme – 艾克米');
    fireEvent.click(screen.getByTestId('price-level-add'));
    const dialog = await screen.findByTestId('price-level-form');
    expect(within(dialog).getByText('正数为加价，负数为折扣')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('price-level-markup'), { target: { value: '-12.5' } });
    expect((await within(dialog).findByTestId('price-level-example')).textContent).toBe('示例：运费 100.00 → 87.50');
    fireEvent.click(within(dialog).getByTestId('price-level-form-submit'));
    expect(await within(dialog).findByText('请选择客户')).toBeTruthy();
    expect(within(dialog).getByText('请选择渠道产品')).toBeTruthy();

    const customer = within(dialog).getByTestId('price-level-customer-input');
    fireEvent.click(customer);
    fireEvent.change(customer, { target: { value: 'acme' } });
    fireEvent.click(await within(await screen.findByTestId('price-level-customer-options')).findByText('acme – 艾克米'));
    await waitFor(() => expect((customer as HTMLInputElement).value).toBe('acme – 艾克米'));
    const product = within(dialog).getByTestId('price-level-product-input');
    fireEvent.click(product);
    fireEvent.click(await within(await screen.findByTestId('price-level-product-options')).findByText('US-FAST · 美国快线'));
    await waitFor(() => expect((product as HTMLInputElement).value).toBe('US-FAST · 美国快线'));
    fireEvent.click(within(dialog).getByTestId('price-level-form-submit'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/priceLevel/add')).toEqual({ customerId: 'u1', productId: 'p2', markupPercent: '-12.5', enabled: true });
  }, 15_000);

  test('a markup out of range is refused before saving; the server’s 409 shows above the form', async () => {
    const fetchMock = openPage(<PriceLevelListPage />, server({ 'PUT /logistics/priceLevel/edit': { status: 409, message: '该客户已有此产品的价格等级' } }), 'logistics:priceLevel:list', 'logistics:priceLevel:edit');
    fireEvent.click(within((await within(await screen.findByTestId('price-level-table')).findByText('acme – 艾克米')).closest('tr')!).getByTestId('price-level-edit'));
    const dialog = await screen.findByTestId('price-level-form');
    expect((within(dialog).getByTestId('price-level-customer-input') as HTMLInputElement).value).toBe('acme – 艾克米');
    expect((within(dialog).getByTestId('price-level-product-input') as HTMLInputElement).value).toBe('EU-PARCEL · 欧洲小包');
    fireEvent.change(within(dialog).getByTestId('price-level-markup'), { target: { value: '-100' } });
    fireEvent.click(within(dialog).getByTestId('price-level-form-submit'));
    // Core's rule and message, as the server would answer.
    expect(await within(dialog).findByText('加价百分比须在-99.99到1000之间!')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('price-level-markup'), { target: { value: '+8' } });
    fireEvent.click(within(dialog).getByTestId('price-level-form-submit'));
    expect((await within(dialog).findByTestId('price-level-form-error')).textContent).toContain('该客户已有此产品的价格等级');
    expect(bodyOf(fetchMock, 'PUT', '/logistics/priceLevel/edit', 0)).toEqual({ id: 'l1', customerId: 'u1', productId: 'p1', markupPercent: '8', enabled: true });
  }, 15_000);
});

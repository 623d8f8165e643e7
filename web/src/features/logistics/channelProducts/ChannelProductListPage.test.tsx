import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { permissionStore } from '../../../lib/permission';
import { fakeServer } from '../../../test/api';
import { rowOf } from '../../../test/list';
import { renderPage } from '../../../test/render';
import type { MyProductRecord } from './api';
import ChannelProductListPage, { forecastLink } from './ChannelProductListPage';
import { bound, describeDivisor, describePostalRules, describeRule } from './rules';

const PRODUCTS: MyProductRecord[] = [
  {
    id: 'p1',
    code: 'EXP-US',
    name: 'Express',
    title: '美国快线',
    tradeType: 'B2C',
    transType: 'express',
    thWeightRatio: 5000,
    izMult: true,
    currency: 'USD',
    rules: [
      { validType: 'weight', min: null, max: '70.000' },
      { validType: 'declaredValue', min: '10', max: '800' },
    ],
    postalRules: [
      { country: 'US', postalCode: '96799', allow: false, remark: null },
      { country: 'US', postalCode: '995*', allow: false, remark: '阿拉斯加' },
    ],
  },
  { id: 'p2', code: 'ECO', name: 'Economy', title: '', tradeType: '', transType: null, thWeightRatio: 0, izMult: false, currency: 'USD', rules: [], postalRules: [] },
];

const FORECAST_MENU = [{ path: '/logistics/priceForecast', name: 'forecast', component: 'logistics/PriceForecast', meta: { title: '价格预估' } }];

function withMenu(routes: unknown[]) {
  permissionStore.set({ loaded: true, routes: routes as never, auth: [], allAuth: [], authJson: '[]', allAuthJson: '[]' });
}

function server(records = PRODUCTS) {
  return fakeServer({ 'GET /logistics/channelProduct/myList': { result: { records, total: records.length, size: 10, current: 1, pages: 1 } } });
}

describe('my channel products', { timeout: 20_000 }, () => {
  test('lists the usable products with their divisor, multi-piece and currency; rules open in words', async () => {
    withMenu(FORECAST_MENU);
    server();
    renderPage(<ChannelProductListPage />);
    const row = await rowOf('EXP-US');
    expect(within(row).getByText('美国快线')).toBeTruthy();
    expect(within(row).getByText('Express')).toBeTruthy();
    expect(within(row).getByText('5000')).toBeTruthy();
    expect(within(row).getByText('是')).toBeTruthy();
    const eco = await rowOf('ECO');
    expect(within(eco).getByText('不限')).toBeTruthy();
    expect(within(eco).getByText('按实重')).toBeTruthy();
    expect(within(eco).getByText('无限制')).toBeTruthy();

    const toggle = within(row).getByTestId('my-product-rules-toggle');
    expect(toggle.textContent).toContain('2 条限制，2 条邮编规则');
    fireEvent.click(toggle);
    const rules = within(row).getByTestId('my-product-rules');
    expect(rules.textContent).toContain('每件重量不超过 70 kg');
    expect(rules.textContent).toContain('申报价值须在 10–800 USD 之间');
    expect(rules.textContent).toContain('美国：不派送邮编为96799或995开头的地址（阿拉斯加）');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await act(() => i18n.changeLanguage('en-US'));
    expect(within(row).getByTestId('my-product-rules').textContent).toContain("Each parcel's weight must be at most 70 kg");
  });

  test('keyword and trade type go to the server', async () => {
    const fetchMock = server();
    renderPage(<ChannelProductListPage />);
    await rowOf('ECO');
    fireEvent.change(screen.getByTestId('my-products-keyword'), { target: { value: ' exp ' } });
    fireEvent.change(screen.getByTestId('my-products-trade-type'), { target: { value: 'B2C' } });
    fireEvent.click(screen.getByTestId('my-products-search-submit'));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(1));
    const url = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/boot/logistics/channelProduct/myList');
    expect(url.searchParams.get('keyWord')).toBe('exp');
    expect(url.searchParams.get('tradeType')).toBe('B2C');
    expect(url.searchParams.get('pageNo')).toBe('1');
    expect(url.searchParams.has('column')).toBe(false);
  });

  test('"forecast" links to the forecast page of the menu with the product; without the page, no link', async () => {
    withMenu([{ path: '/logistics', component: 'layouts/RouteView', meta: {}, children: FORECAST_MENU }]);
    server();
    const { unmount } = renderPage(<ChannelProductListPage />);
    const row = await rowOf('EXP-US');
    expect(within(row).getByTestId('my-product-forecast').getAttribute('href')).toBe('/logistics/priceForecast?product=EXP-US&tradeType=B2C');
    unmount();

    withMenu([]);
    renderPage(<ChannelProductListPage />);
    await rowOf('EXP-US');
    expect(screen.queryByTestId('my-product-forecast')).toBeNull();
  });

  test('no products: an empty state that says so', async () => {
    server([]);
    renderPage(<ChannelProductListPage />);
    expect((await screen.findByTestId('my-products-empty')).textContent).toContain('暂无可用的渠道产品');
  });
});

describe('rules in words', () => {
  const t: TFunction<'myProducts'> = i18n.getFixedT(null, 'myProducts');

  test('bounds lose trailing zeros only after a decimal point', () => {
    expect(bound('70.000')).toBe('70');
    expect(bound('0.50')).toBe('0.5');
    expect(bound('100')).toBe('100');
    expect(bound(30)).toBe('30');
    expect(bound(null)).toBe('');
  });

  test('each kind of limit, both languages', async () => {
    expect(describeRule({ validType: 'longestSide', min: null, max: '120' }, t)).toBe('每件最长边不超过 120 cm');
    expect(describeRule({ validType: 'pieces', min: '1', max: '5' }, t)).toBe('件数须在 1–5 件 之间');
    expect(describeRule({ validType: 'weight', min: '0.1', max: null }, t)).toBe('每件重量不低于 0.1 kg');
    expect(describeDivisor(0, t)).toBe('只按实际重量计费');
    await i18n.changeLanguage('en-US');
    expect(describeRule({ validType: 'girth', min: null, max: '300' }, t)).toBe("Each parcel's girth (longest side + 2 × the other two) must be at most 300 cm");
    expect(describePostalRules([{ country: 'GB', postalCode: 'BT*', allow: true }, { country: 'GB', postalCode: 'IM1', allow: true }], t, 'en-US')).toEqual([
      'United Kingdom: only delivers to postal codes starting with BT or IM1',
    ]);
  });

  test('the forecast link carries the trade type only when the product has one', () => {
    expect(forecastLink('/f', PRODUCTS[1]!)).toBe('/f?product=ECO');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import fixture from '../../../../../core/tests/fixtures/quote_bundle.json';
import { setUserInfo } from '../../../lib/session';
import { fakeServer, testUser } from '../../../test/api';
import { renderPage } from '../../../test/render';
import { memoryBundleStorage, resetBundleStores, type BundleRecord } from './bundleStore';
import PriceForecastPage from './PriceForecastPage';

const COUNTRIES = [
  { code: 'US', nameZh: '美国', nameEn: 'United States', name: '美国', postalPattern: '^\\d{5}(-\\d{4})?$', enabled: true },
  { code: 'GB', nameZh: '英国', nameEn: 'United Kingdom', name: '英国', postalPattern: '^[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}$', enabled: true },
  { code: 'AU', nameZh: '澳大利亚', nameEn: 'Australia', name: '澳大利亚', postalPattern: null, enabled: true },
];

const SAVED: BundleRecord = { version: fixture.version, etag: `"${fixture.version}"`, fetchedAt: 1, generatedAt: null, json: JSON.stringify(fixture) };

function server() {
  return fakeServer({
    'GET /logistics/priceForecast/bundle': { result: fixture },
    'GET /sys/country/queryAll': { result: COUNTRIES },
  });
}

async function chooseCountry(typed: string, label: string) {
  const input = screen.getByTestId('forecast-country-input') as HTMLInputElement;
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: typed } });
  await within(await screen.findByTestId('forecast-country-options', {}, SLOW)).findByText(label, {}, SLOW);
  fireEvent.keyDown(input, { key: 'Enter' });
  await waitFor(() => expect(input.value).toContain(label), SLOW);
}

function typeParcel(row: number, values: Partial<Record<'length' | 'width' | 'height' | 'weight' | 'quantity', string>>) {
  for (const [field, value] of Object.entries(values)) {
    fireEvent.change(screen.getAllByTestId(`forecast-parcel-${field}`)[row]!, { target: { value } });
  }
}

/** The page on the fake server, once its prices have loaded. */
async function openForecast() {
  server();
  renderPage(<PriceForecastPage />);
  await screen.findByText('价格截至 test-1', {}, SLOW);
}

async function fillShipment() {
  await screen.findByText('价格截至 test-1', {}, SLOW);
  await chooseCountry('美国', '美国');
  typeParcel(0, { length: '30', width: '20', height: '10', weight: '2' });
}

/** Patience for a loaded machine (two cores run the whole suite). */
const SLOW = { timeout: 5000 };

const quoteCodes = () => screen.getAllByTestId('forecast-quote-code').map((el) => el.textContent);

beforeEach(() => {
  setUserInfo(testUser({ id: 'u1', username: 'customer' }));
  resetBundleStores(memoryBundleStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Two cores run the whole suite: the first render of the combobox and the tables takes a while.
describe('price forecast page', { timeout: 20_000 }, () => {
  test('quotes appear as the user types, cheapest first, with the unavailable products and their reasons', async () => {
    const fetchMock = server();
    renderPage(<PriceForecastPage />);
    expect(await screen.findByTestId('forecast-start', {}, SLOW)).toBeTruthy();
    await fillShipment();

    await waitFor(() => expect(quoteCodes()).toEqual(['ECO', 'EXP-US']), SLOW);
    const totals = screen.getAllByTestId('forecast-quote-total').map((el) => el.textContent);
    expect(totals).toEqual(['18.60', '21.30']);
    expect(screen.getByTestId('forecast-summary').textContent).toBe('2 个产品可用，最低 18.60 USD');
    const quotes = screen.getAllByTestId('forecast-quote');
    expect(within(quotes[0]!).getByText('最便宜')).toBeTruthy();
    expect(within(quotes[0]!).getByText('计费重 2 kg')).toBeTruthy();
    expect(within(quotes[0]!).getByText('分区 Z1')).toBeTruthy();

    const unavailable = screen.getByTestId('forecast-unavailable');
    expect(within(unavailable).getByText('不可用的产品（1）')).toBeTruthy();
    expect(within(unavailable).getByText('FBA-ONLY')).toBeTruthy();
    expect(within(unavailable).getByTestId('forecast-unavailable-reason').textContent).toContain('B2C');

    // The bundle was fetched once; typing never calls the server.
    const bundleCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes('/priceForecast'));
    expect(bundleCalls).toHaveLength(1);
  });

  test('a quote opens to its money lines and the steps of its price', async () => {
    server();
    renderPage(<PriceForecastPage />);
    await fillShipment();
    await waitFor(() => expect(quoteCodes()).toEqual(['ECO', 'EXP-US']), SLOW);
    expect(screen.queryByTestId('forecast-quote-details')).toBeNull();

    const toggle = screen.getAllByTestId('forecast-quote-toggle')[0]!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = await screen.findByTestId('forecast-quote-details');
    const lines = within(details).getAllByTestId('forecast-quote-line').map((row) => row.textContent);
    expect(lines).toEqual(['运费15.20 USD', '燃油附加费1.90 USD', '挂号费1.50 USD']);
    expect(within(details).getByText('18.60 USD')).toBeTruthy();
    const steps = within(within(details).getByTestId('forecast-quote-breakdown')).getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toContain('分区：Z1');
    expect(steps[0]).toContain('第1件');

    fireEvent.click(toggle);
    expect(screen.queryByTestId('forecast-quote-details')).toBeNull();
  });

  test("the core's field error shows next to its input", async () => {
    server();
    renderPage(<PriceForecastPage />);
    await fillShipment();
    await waitFor(() => expect(quoteCodes()).toHaveLength(2), SLOW);

    const weight = screen.getAllByTestId('forecast-parcel-weight')[0]!;
    fireEvent.change(weight, { target: { value: '-1' } });
    const error = await within(weight.parentElement!).findByTestId('forecast-field-error', {}, SLOW);
    expect(error.textContent).toBe('实重不能为负数!');
    expect(weight.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('forecast-incomplete').textContent).toContain('包裹 1：实重不能为负数!');
    expect(screen.queryByTestId('forecast-quote')).toBeNull();

    fireEvent.change(weight, { target: { value: '2' } });
    await waitFor(() => expect(quoteCodes()).toHaveLength(2), SLOW);
    expect(screen.queryByTestId('forecast-field-error')).toBeNull();
  });

  test('a box not yet visited is named in the results, not marked in red', async () => {
    await openForecast();
    await chooseCountry('美国', '美国');
    typeParcel(0, { weight: '2' });
    const incomplete = await screen.findByTestId('forecast-incomplete', {}, SLOW);
    expect(incomplete.textContent).toContain('包裹 1：');
    expect(screen.queryByTestId('forecast-field-error')).toBeNull();
  });

  test("the postal code is checked live against the country's pattern", async () => {
    await openForecast();
    await chooseCountry('us', '美国');
    const postal = screen.getByTestId('forecast-postal');
    fireEvent.change(postal, { target: { value: 'ABC' } });
    expect(screen.getByTestId('forecast-postal-error').textContent).toBe('邮编格式不符合美国的规则');
    fireEvent.change(postal, { target: { value: '10001' } });
    expect(screen.getByTestId('forecast-postal-hint').textContent).toBe('邮编格式正确');
  });

  test('Enter adds a parcel row and moves to it; rows can be removed', async () => {
    await openForecast();
    typeParcel(0, { weight: '1.5', quantity: '2' });
    fireEvent.keyDown(screen.getAllByTestId('forecast-parcel-weight')[0]!, { key: 'Enter' });
    expect(screen.getAllByTestId('forecast-parcel-row')).toHaveLength(2);
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByTestId('forecast-parcel-length')[1]));
    typeParcel(1, { weight: '1' });
    expect(screen.getByTestId('forecast-parcel-totals').textContent).toBe('共 3 件，实重 4 kg');

    fireEvent.click(screen.getAllByTestId('forecast-parcel-remove')[1]!);
    expect(screen.getAllByTestId('forecast-parcel-row')).toHaveLength(1);
    expect((screen.getByTestId('forecast-parcel-remove') as HTMLButtonElement).disabled).toBe(true);
  });

  test('offline: the saved bundle still answers, with an offline badge and no call', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    resetBundleStores(memoryBundleStorage({ u1: SAVED }));
    localStorage.setItem('Forecast_Countries', JSON.stringify(COUNTRIES));
    const fetchMock = vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<PriceForecastPage />);

    expect(await screen.findByTestId('forecast-offline', {}, SLOW)).toBeTruthy();
    expect((screen.getByTestId('forecast-refresh') as HTMLButtonElement).disabled).toBe(true);
    await fillShipment();
    await waitFor(() => expect(quoteCodes()).toEqual(['ECO', 'EXP-US']), SLOW);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/priceForecast'))).toBe(false);
  });

  test('offline without a saved bundle: says so', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderPage(<PriceForecastPage />);
    expect((await screen.findByTestId('forecast-no-bundle', {}, SLOW)).textContent).toContain('离线，且本机没有保存的价格');
  });

  test('"forecast with this product" shows that product only, until cleared', async () => {
    server();
    renderPage(<PriceForecastPage />, '/logistics/priceForecast?product=ECO&tradeType=B2C');
    expect((await screen.findByTestId('forecast-product-filter', {}, SLOW)).textContent).toContain('仅看 ECO');
    expect(screen.getByTestId('forecast-trade-B2C').getAttribute('aria-pressed')).toBe('true');
    await fillShipment();
    await waitFor(() => expect(quoteCodes()).toEqual(['ECO']), SLOW);
    expect(screen.queryByTestId('forecast-unavailable')).toBeNull();

    fireEvent.click(within(screen.getByTestId('forecast-product-filter')).getByRole('button'));
    await waitFor(() => expect(quoteCodes()).toEqual(['ECO', 'EXP-US']), SLOW);
  });

  test('a shipment no product can take: the empty state and every reason', async () => {
    server();
    renderPage(<PriceForecastPage />, '/logistics/priceForecast?product=FBA-ONLY');
    await fillShipment();
    expect(await screen.findByTestId('forecast-no-quotes', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('没有产品能承运这票货')).toBeTruthy();
    expect(screen.getByTestId('forecast-unavailable-reason').textContent).toContain('B2C');
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import i18n from '../../i18n';
import { fakeServer } from '../../test/api';
import { urlOf } from '../../test/list';
import { renderPage } from '../../test/render';
import { localTime } from './api';
import PublicTrackPage from './PublicTrackPage';
import TrackSearchPage from './TrackSearchPage';

const DELIVERED = {
  number: 'B2C1',
  found: true,
  orders: [
    {
      serialNumber: 'B2C1',
      parcelSerialNumber: null,
      trackNo: '1ZSBX0000000000001',
      sysTrackNo: 'LS000000017CN',
      destCountry: 'US',
      pieces: 2,
      status: 'delivered',
      reason: null,
      events: [
        { time: '2026-11-22T23:30:00Z', utcOffset: -480, location: 'Los Angeles, US', detail: '已签收', detailEn: 'Delivered', status: 'delivered', reason: null, parcelSerialNumber: null },
        { time: '2026-11-21T01:00:00Z', utcOffset: 480, location: '深圳', detail: '已揽收', detailEn: 'Picked up', status: 'in_transit', reason: null, parcelSerialNumber: null },
      ],
    },
  ],
};
const UNKNOWN = { number: 'NOPE', found: false, orders: [] };

describe('tracking', () => {
  test('an event shows the local time of its place with the offset', () => {
    expect(localTime('2026-11-22T23:30:00Z', -480)).toEqual({ time: '2026-11-22 15:30', zone: 'UTC-08:00' });
    expect(localTime('2026-11-22T23:30:00Z', 330)).toEqual({ time: '2026-11-23 05:00', zone: 'UTC+05:30' });
  });

  test('the public page: the numbers in the address are looked up, each with its status and timeline; unknown ones say so', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = fakeServer({ 'GET /track/query': { result: { results: [DELIVERED, UNKNOWN] } } });
    renderPage(<PublicTrackPage />, '/track/result?numbers=B2C1,NOPE');
    const results = await screen.findAllByTestId('track-result');
    expect(urlOf(fetchMock, 'GET', '/track/query').searchParams.get('numbers')).toBe('B2C1,NOPE');
    expect(screen.getByTestId('track-summary').textContent).toBe('1 of 2 found');
    expect(within(results[0]).getByTestId('track-status').textContent).toBe('Delivered');
    // English detail where the source gave both; the place's own time and offset.
    const events = within(results[0]).getAllByTestId('track-event');
    expect(events[0].textContent).toContain('Delivered');
    expect(events[0].textContent).toContain('2026-11-22 15:30');
    expect(events[0].textContent).toContain('UTC-08:00');
    expect(within(results[1]).getByTestId('track-not-found')).toBeTruthy();
    expect((screen.getByTestId('track-numbers') as HTMLTextAreaElement).value).toBe('B2C1\nNOPE');
  });

  test('numbers are checked by core as they are typed: 101 are refused before any call, in Chinese', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const fetchMock = fakeServer({});
    renderPage(<PublicTrackPage />, '/track/search');
    await screen.findByTestId('track-empty');
    const many = Array.from({ length: 101 }, (_, i) => `N${i}`).join('\n');
    fireEvent.change(screen.getByTestId('track-numbers'), { target: { value: many } });
    fireEvent.click(screen.getByTestId('track-submit'));
    expect((await screen.findByTestId('track-numbers-error')).textContent).toBe('每次最多查询100个单号!');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('over the limit the server’s message shows in place', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    fakeServer({
      'GET /track/query': new Response(JSON.stringify({ success: false, code: 429, message: '查询过于频繁：每10分钟最多查询20次，请540秒后再试!', result: null }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '540' },
      }),
    });
    renderPage(<PublicTrackPage />, '/track/result?numbers=B2C1');
    expect((await screen.findByTestId('track-error')).textContent).toContain('每10分钟最多查询20次');
  });

  test('signed in: the search puts the numbers in the address and shows the order’s own number', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const mine = { ...DELIVERED, number: 'MY-1', orders: [{ ...DELIVERED.orders[0], customerCode: 'MY-1', shipmentId: 's1', shipmentType: 'B2C', shipmentStatus: 'submitted' }] };
    const fetchMock = fakeServer({ 'GET /logistics/track/search': { result: { results: [mine] } } });
    const { router } = renderPage(<TrackSearchPage />, '/shipment/trackSearch');
    fireEvent.change(await screen.findByTestId('track-numbers'), { target: { value: 'my-1' } });
    fireEvent.click(screen.getByTestId('track-submit'));
    await waitFor(() => expect(router.state.location.search).toBe('?numbers=my-1'));
    const order = await screen.findByTestId('track-order');
    expect(order.textContent).toContain('Your number MY-1');
    expect(urlOf(fetchMock, 'GET', '/logistics/track/search').searchParams.get('numbers')).toBe('my-1');
  });
});

describe('tracking webhooks', () => {
  test('lists the webhooks and their delivery log; a URL core refuses is never sent', async () => {
    const { default: TrackSubscriptionListPage } = await import('./TrackSubscriptionListPage');
    const { openPage, paged, calls } = await import('../../test/list');
    await act(() => i18n.changeLanguage('en-US'));
    const hook = { id: 'w1', customerId: 'c1', url: 'https://erp.example.com/hooks', secret: 'abcdef0123456789', status: 1, remark: null, createBy: 'demo', createTime: '2026-11-28T10:00:00Z', updateTime: null };
    const delivery = { id: 'd1', customerId: 'c1', subscriptionId: 'w1', shipmentId: 's1', serialNumber: 'B2C1', status: 'delivered', payload: '{}', state: 'failed', attempts: 8, nextTime: '2026-11-28T10:00:00Z', responseCode: 500, lastError: 'HTTP 500', createTime: '2026-11-28T10:00:00Z', updateTime: null };
    const fetchMock = openPage(
      <TrackSubscriptionListPage />,
      fakeServer({ 'GET /logistics/trackSubscription/list': paged([hook]), 'GET /logistics/trackDelivery/list': paged([delivery]), 'POST /logistics/trackDelivery/replay': { result: delivery } }),
      'logistics:trackSubscription:list',
      'logistics:trackSubscription:add',
      'logistics:trackSubscription:edit',
    );
    expect(await screen.findByText('https://erp.example.com/hooks')).toBeTruthy();
    const log = await screen.findByTestId('track-delivery-table');
    await waitFor(() => expect(within(log).getByText('Failed')).toBeTruthy());
    fireEvent.click(within(log).getByTestId('track-delivery-replay'));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/logistics/trackDelivery/replay')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('track-subscription-add'));
    fireEvent.change(await screen.findByTestId('track-subscription-url'), { target: { value: 'ftp://erp.example.com' } });
    fireEvent.submit(screen.getByTestId('track-subscription-url').closest('form')!);
    expect(await screen.findByText('The webhook URL must start with http:// or https://, at most 500 characters!')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/logistics/trackSubscription/add')).toHaveLength(0);
  });
});

describe('out-track search and couriers', () => {
  test('a last-mile number names its courier with a link to the courier’s own page; one of no order says so', async () => {
    const { default: OutTrackSearchPage } = await import('./OutTrackSearchPage');
    await act(() => i18n.changeLanguage('zh-CN'));
    const ups = { code: 'UPS', name: 'UPS', nameEn: 'UPS', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' };
    const mail = { code: 'ROYALMAIL', name: '英国皇家邮政', nameEn: 'Royal Mail', url: 'https://www.royalmail.com/track-your-item#/tracking-results/RR473124829GB' };
    const fetchMock = fakeServer({
      'GET /logistics/track/outSearch': {
        result: { results: [{ ...DELIVERED, number: '1Z999AA10123456784', couriers: [ups] }, { number: 'RR473124829GB', found: false, orders: [], couriers: [mail] }] },
      },
    });
    renderPage(<OutTrackSearchPage />, '/shipment/outTrackSearch?numbers=1Z999AA10123456784,RR473124829GB');
    const results = await screen.findAllByTestId('track-result');
    expect(urlOf(fetchMock, 'GET', '/logistics/track/outSearch').searchParams.get('numbers')).toBe('1Z999AA10123456784,RR473124829GB');
    const link = within(results[0]).getByTestId('track-courier');
    expect(link.getAttribute('href')).toBe(ups.url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(results[1]).getByTestId('track-courier').textContent).toBe('英国皇家邮政');
    expect(within(results[1]).getByTestId('track-not-found').textContent).toBe('您的订单中没有此转单号，可到快递公司官网查询。');
  });

  test('the courier form checks the page and pattern with core’s rules and tries a number as it is typed', async () => {
    const { default: CourierListPage } = await import('./CourierListPage');
    const { openPage, paged, calls } = await import('../../test/list');
    await act(() => i18n.changeLanguage('en-US'));
    const ups = { id: 'k1', code: 'UPS', name: 'UPS', nameEn: 'UPS', website: 'https://www.ups.com', trackUrl: 'https://www.ups.com/track?tracknum={number}', numberPattern: '^1Z[0-9A-Z]{16}$', checkDigit: 'ups', phone: null, sortNo: 1, status: 1, remark: null, createTime: '2026-11-28T10:00:00Z', updateTime: null };
    const fetchMock = openPage(
      <CourierListPage />,
      fakeServer({ 'GET /logistics/courier/list': paged([ups]), 'PUT /logistics/courier/edit': { result: ups } }),
      'logistics:courier:list',
      'logistics:courier:add',
      'logistics:courier:edit',
    );
    expect(await screen.findByText('^1Z[0-9A-Z]{16}$')).toBeTruthy();
    fireEvent.click(screen.getByTestId('courier-add'));
    fireEvent.change(await screen.findByTestId('courier-code'), { target: { value: 'acme' } });
    fireEvent.change(screen.getByTestId('courier-name'), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByTestId('courier-track-url'), { target: { value: 'https://acme.example/track' } });
    fireEvent.change(screen.getByTestId('courier-pattern'), { target: { value: '^1Z[0-9A-Z]{16}$' } });
    fireEvent.change(screen.getByTestId('courier-check-digit'), { target: { value: 'ups' } });
    fireEvent.change(screen.getByTestId('courier-try'), { target: { value: '1z999aa10123456784' } });
    expect((await screen.findByTestId('courier-try-result')).getAttribute('data-claims')).toBe('true');
    fireEvent.change(screen.getByTestId('courier-try'), { target: { value: '1Z999AA10123456785' } });
    await waitFor(() => expect(screen.getByTestId('courier-try-result').getAttribute('data-claims')).toBe('false'));
    fireEvent.submit(screen.getByTestId('courier-code').closest('form')!);
    expect(await screen.findByText('The tracking page must be an http:// or https:// address holding {number}, at most 500 characters!')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/logistics/courier/add')).toHaveLength(0);
  });
});

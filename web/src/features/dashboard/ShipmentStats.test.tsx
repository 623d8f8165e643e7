import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../i18n';
import { permissionStore } from '../../lib/permission';
import type { MenuRoute } from '../../core';
import { fakeServer } from '../../test/api';
import { renderPage } from '../../test/render';
import type { OrderPeriod, ShipmentDashboard } from './shipmentApi';
import { ShipmentStats } from './ShipmentStats';

const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);

const period = (total: number, placed: number, printed: number): OrderPeriod => ({ total, placed, unprinted: placed - printed, printed, error: 0, byStatus: {} });

const DASHBOARD: ShipmentDashboard = {
  today: days[29]!,
  todayCounts: period(3, 2, 1),
  week: period(12, 9, 5),
  month: period(40, 31, 20),
  series: days.map((day, i) => ({ day, total: i === 29 ? 3 : 1, placed: i === 29 ? 2 : 1, printed: 0 })),
};

function withOrderPage(granted: boolean) {
  const routes = granted ? ([{ path: '/shipment/b2c', name: 'b2c', meta: { title: 'B2C订单' }, children: [] }] as unknown as MenuRoute[]) : [];
  permissionStore.set({ loaded: true, routes, auth: [], allAuth: [], authJson: '[]', allAuthJson: '[]' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  withOrderPage(false);
});

describe('order figures on the dashboard', () => {
  test('orders and labels of today, switched to 7 and 30 days', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    withOrderPage(true);
    const fetchMock = fakeServer({ 'POST /sys/dashboard/shipment': { result: DASHBOARD } });
    renderPage(<ShipmentStats />);
    const placed = await screen.findByTestId('shipment-card-placed');
    expect(within(placed).getByText('Orders placed')).toBeTruthy();
    expect(within(placed).getByTestId('shipment-value').textContent).toBe('2');
    expect(within(screen.getByTestId('shipment-card-unprinted')).getByTestId('shipment-value').textContent).toBe('1');
    fireEvent.click(within(screen.getByTestId('shipment-stats-period')).getByText('30 days'));
    await waitFor(() => expect(within(screen.getByTestId('shipment-card-total')).getByTestId('shipment-value').textContent).toBe('40'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('absent without an order page', () => {
    withOrderPage(false);
    fakeServer({});
    renderPage(<ShipmentStats />);
    expect(screen.queryByTestId('shipment-stats')).toBeNull();
  });

  test('in Chinese', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    withOrderPage(true);
    fakeServer({ 'POST /sys/dashboard/shipment': { result: DASHBOARD } });
    renderPage(<ShipmentStats />);
    expect(await screen.findByText('已下单')).toBeTruthy();
    // The heading; the chart's table repeats it as its caption once its chunk has loaded.
    expect(screen.getByRole('heading', { name: '近30天每日订单' })).toBeTruthy();
  });
});

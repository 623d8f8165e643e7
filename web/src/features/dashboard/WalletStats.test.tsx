import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../i18n';
import { permissionStore } from '../../lib/permission';
import type { MenuRoute } from '../../core';
import { fakeServer } from '../../test/api';
import { renderPage } from '../../test/render';
import { formatMoney } from './money';
import type { WalletDashboard } from './walletApi';
import { WalletStats } from './WalletStats';

const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);

function dashboard(measure: 'payment' | 'trade', today: string, currencies = ['CNY']): WalletDashboard {
  return {
    measure,
    today: days[29],
    currencies: currencies.map((currency) => ({
      currency,
      balance: '1234.50',
      held: '100.00',
      creditLimit: '0.00',
      available: '1134.50',
      accounts: 1,
      today: { amount: today, count: 1 },
      week: { amount: today, count: 1 },
      month: { amount: today, count: 1 },
      series: days.map((day, i) => ({ day, amount: i === 29 ? today : '0.00', count: i === 29 ? 1 : 0 })),
    })),
  };
}

function withWalletPage(granted: boolean) {
  const routes = granted ? ([{ path: '/logistics/payment', name: 'payment', meta: { title: '支付账户' }, children: [] }] as unknown as MenuRoute[]) : [];
  permissionStore.set({ loaded: true, routes, auth: [], allAuth: [], authJson: '[]', allAuthJson: '[]' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  withWalletPage(false);
});

describe('wallet figures on the dashboard', () => {
  test('balance, held and the payments of today, 7 and 30 days; the transactions on a switch', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    withWalletPage(true);
    const fetchMock = fakeServer({
      'POST /sys/dashboard/payment': { result: dashboard('payment', '500.00') },
      'POST /sys/dashboard/trade': { result: dashboard('trade', '42.10') },
    });
    renderPage(<WalletStats />);
    expect(screen.getByTestId('wallet-loading')).toBeTruthy();
    const balance = await screen.findByTestId('wallet-card-balance');
    expect(within(balance).getByTestId('wallet-value').textContent).toBe('CN¥1,234.50');
    expect(balance.textContent).toContain('Available CN¥1,134.50');
    expect(within(screen.getByTestId('wallet-card-today')).getByText('Paid in today')).toBeTruthy();
    expect(within(screen.getByTestId('wallet-card-today')).getByTestId('wallet-value').textContent).toBe('CN¥500.00');
    fireEvent.click(within(screen.getByTestId('wallet-measure')).getByText('Transactions'));
    await waitFor(() => expect(within(screen.getByTestId('wallet-card-today')).getByTestId('wallet-value').textContent).toBe('CN¥42.10'));
    expect(within(screen.getByTestId('wallet-card-today')).getByText('Spent today')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/sys/dashboard/')).length).toBe(2);
  });

  test('nothing without the payment account page; an empty wallet offers the recharge page', async () => {
    withWalletPage(false);
    const fetchMock = fakeServer({ 'POST /sys/dashboard/payment': { result: dashboard('payment', '0.00', []) } });
    const { unmount } = renderPage(<WalletStats />);
    expect(screen.queryByTestId('wallet-stats')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    unmount();
    withWalletPage(true);
    renderPage(<WalletStats />);
    expect(await screen.findByTestId('wallet-empty')).toBeTruthy();
  });

  test('money is formatted from its exact decimal text, in either language', () => {
    expect(formatMoney('90071992547409.93', 'CNY', 'en-US')).toBe('CN¥90,071,992,547,409.93');
    expect(formatMoney('300', 'JPY', 'zh-CN')).toBe('JP¥300');
    expect(formatMoney('-0.05', 'USD', 'en-US')).toBe('-$0.05');
  });
});

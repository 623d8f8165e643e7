/** The trade and payment dashboards (`POST /sys/dashboard/trade`, `/sys/dashboard/payment`). */
import { api } from '../../api/client';
import type { components } from '../../api/schema';

export type WalletDashboard = components['schemas']['Dashboard'];
export type CurrencyDashboard = components['schemas']['CurrencyDashboard'];
export type Measure = 'payment' | 'trade';

export const walletDashboardKeys = {
  measure: (measure: Measure) => ['dashboard', 'wallet', measure] as const,
};

export async function fetchWalletDashboard(measure: Measure, signal?: AbortSignal): Promise<WalletDashboard> {
  const envelope = await api.post<WalletDashboard>(`/sys/dashboard/${measure}`, {}, { notify: false, signal });
  return envelope.result;
}

/** The page whose menu grant shows the wallet's figures (its list permission gates both dashboards). */
export const WALLET_PAGE = '/logistics/payment';

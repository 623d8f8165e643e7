import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer, type FakeAnswer } from '../../../test/api';
import { calls, openPage } from '../../../test/list';
import ReconcilePage from './ReconcilePage';

const PATH = '/logistics/wallet/reconcile';

const BALANCED = {
  balanced: true,
  accountsOff: [],
  transfersOff: [],
  holdsOff: [],
  dailyOff: [],
  accounts: 12,
  entries: 1520,
  currencies: [
    { currency: 'CNY', customerBalance: '1200.00', customerHeld: '150.00', cash: '-2000.00', revenue: '800.00', total: '0.00' },
    { currency: 'JPY', customerBalance: '3000', customerHeld: '0', cash: '-3000', revenue: '0', total: '0' },
  ],
};

const UNBALANCED = {
  ...BALANCED,
  balanced: false,
  accountsOff: ['customer c1 CNY: balance 1200.00, entries 1190.00'],
  transfersOff: ['T0009'],
  holdsOff: [],
  dailyOff: [],
  currencies: [{ currency: 'CNY', customerBalance: '1200.00', customerHeld: '150.00', cash: '-2000.00', revenue: '790.00', total: '-10.00' }],
};

describe('reconciliation', () => {
  test('a balanced ledger: the big status, counts and per-currency totals', async () => {
    openPage(<ReconcilePage />, fakeServer({ [`GET ${PATH}`]: { result: BALANCED } }), 'logistics:wallet:reconcile');
    const status = await screen.findByTestId('reconcile-status');
    expect(status.dataset.balanced).toBe('true');
    expect(screen.getByTestId('reconcile-verdict').textContent).toBe('账目平衡');
    expect(screen.getByTestId('reconcile-accounts-value').textContent).toBe('12');
    expect(screen.getByTestId('reconcile-entries-value').textContent).toBe('1,520');
    expect(screen.getByTestId('reconcile-issues-value').textContent).toBe('0');
    const rows = within(screen.getByTestId('reconcile-currencies')).getAllByTestId('reconcile-currencies-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('-2,000.00 CNY');
    expect(rows.map((row) => within(row).getByTestId('reconcile-total').dataset.off)).toEqual(['false', 'false']);
    for (const kind of ['accountsOff', 'transfersOff', 'holdsOff', 'dailyOff']) expect(screen.getByTestId(`reconcile-${kind}`).textContent).toContain('无差异');
  });

  test('an unbalanced ledger lists what is off; "Run again" checks anew', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    let answer: FakeAnswer = { result: UNBALANCED };
    const fetchMock = openPage(<ReconcilePage />, fakeServer({ [`GET ${PATH}`]: () => answer }), 'logistics:wallet:reconcile');
    const status = await screen.findByTestId('reconcile-status');
    expect(status.dataset.balanced).toBe('false');
    expect(screen.getByTestId('reconcile-verdict').textContent).toBe('Not balanced');
    expect(status.textContent).toContain('Differences found: 2');
    expect(screen.getByTestId('reconcile-issues-value').textContent).toBe('2');
    expect(screen.getByTestId('reconcile-accountsOff').textContent).toContain('customer c1 CNY: balance 1200.00, entries 1190.00');
    expect(screen.getByTestId('reconcile-transfersOff').textContent).toContain('T0009');
    expect(screen.getByTestId('reconcile-holdsOff').textContent).toContain('No differences');
    const total = within(screen.getByTestId('reconcile-currencies')).getByTestId('reconcile-total');
    expect(total.dataset.off).toBe('true');
    expect(total.textContent).toContain('-10.00 CNY');

    answer = { result: BALANCED };
    fireEvent.click(screen.getByTestId('reconcile-run'));
    await waitFor(() => expect(screen.getByTestId('reconcile-status').dataset.balanced).toBe('true'));
    expect(calls(fetchMock, 'GET', PATH)).toHaveLength(2);
    expect(screen.getByTestId('reconcile-verdict').textContent).toBe('Balanced');
  });

  test('a refused reconciliation says why and can be run again', async () => {
    let answer: FakeAnswer = { status: 500, message: '对账超时' };
    const fetchMock = openPage(<ReconcilePage />, fakeServer({ [`GET ${PATH}`]: () => answer }), 'logistics:wallet:reconcile');
    expect((await screen.findByTestId('reconcile-error')).textContent).toContain('对账超时');
    answer = { result: BALANCED };
    fireEvent.click(screen.getByTestId('reconcile-run'));
    expect((await screen.findByTestId('reconcile-verdict')).textContent).toBe('账目平衡');
    expect(calls(fetchMock, 'GET', PATH)).toHaveLength(2);
  });
});

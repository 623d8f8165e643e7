import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../i18n';
import { fakeServer } from '../../test/api';
import { renderPage } from '../../test/render';
import { VisitStats } from './VisitStats';

const DAYS = [
  { tian: '01-14', type: '2026-01-14', visit: 2, ip: 1 },
  { tian: '01-15', type: '2026-01-15', visit: 0, ip: 0 },
  { tian: '01-16', type: '2026-01-16', visit: 8, ip: 3 },
  { tian: '01-17', type: '2026-01-17', visit: 4, ip: 2 },
  { tian: '01-18', type: '2026-01-18', visit: 1, ip: 1 },
  { tian: '01-19', type: '2026-01-19', visit: 6, ip: 4 },
  { tian: '01-20', type: '2026-01-20', visit: 3, ip: 2 },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('visit statistics', () => {
  test('today IPs, today visits and total visits, then a bar per day and kind', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    fakeServer({
      'GET /sys/loginfo': { result: { todayIp: 2, todayVisitCount: 3, totalVisitCount: 12345 } },
      'GET /sys/visitInfo': { result: DAYS },
    });
    renderPage(<VisitStats />);
    expect(screen.getAllByTestId('stat-loading')).toHaveLength(3);
    expect(screen.getByTestId('visit-chart-loading')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('stat-value')).toHaveLength(3));
    expect(within(screen.getByTestId('stat-today-ip')).getByText("Today's IPs")).toBeTruthy();
    expect(within(screen.getByTestId('stat-today-ip')).getByTestId('stat-value').textContent).toBe('2');
    expect(within(screen.getByTestId('stat-today-visits')).getByTestId('stat-value').textContent).toBe('3');
    expect(within(screen.getByTestId('stat-total-visits')).getByTestId('stat-value').textContent).toBe('12,345');
    // The chart (Recharts) draws once its chunk has loaded; its numbers are in a table for screen readers.
    const days = await screen.findAllByTestId('visit-chart-day');
    expect(screen.getByTestId('visit-chart')).toBeTruthy();
    expect(days.map((day) => within(day).getAllByRole('cell')[0]?.textContent)).toEqual(DAYS.map((day) => day.type));
    expect(screen.getAllByTestId('visit-count').map((cell) => cell.textContent)).toEqual(DAYS.map((day) => String(day.visit)));
    expect(screen.getAllByTestId('ip-count').map((cell) => cell.textContent)).toEqual(DAYS.map((day) => String(day.ip)));
    expect(screen.getByRole('table', { name: 'Visits in the last 7 days' })).toBeTruthy();
  });

  test('a failed call shows a retry instead of numbers', async () => {
    fakeServer({ 'GET /sys/loginfo': { status: 500, message: 'down' }, 'GET /sys/visitInfo': { status: 500, message: 'down' } });
    renderPage(<VisitStats />);
    await waitFor(() => expect(screen.getAllByTestId('visit-stats-error')).toHaveLength(2));
    expect(screen.getAllByText('访问统计加载失败')).toHaveLength(2);
  });

  test('no days: an empty state instead of a chart', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    fakeServer({ 'GET /sys/loginfo': { result: { todayIp: 0, todayVisitCount: 0, totalVisitCount: 0 } }, 'GET /sys/visitInfo': { result: [] } });
    renderPage(<VisitStats />);
    expect(await screen.findByTestId('visit-chart-empty')).toBeTruthy();
    expect(screen.queryByTestId('visit-chart')).toBeNull();
  });
});

import { describe, expect, test, vi } from 'vitest';
import { createVisitReporter, VISIT_REPEAT_MS } from './visit-log';

describe('visit log', () => {
  test('reports a path once per 30 s; other paths are reported at once', () => {
    let now = 1_000_000;
    const send = vi.fn<(path: string, title: string | undefined) => void>();
    const reporter = createVisitReporter(send, () => now);
    expect(reporter.report('/dashboard/analysis', '工作台')).toBe(true);
    expect(reporter.report('/dashboard/analysis', '工作台')).toBe(false);
    expect(reporter.report('/isps/userAnnouncement', '我的消息')).toBe(true);
    now += VISIT_REPEAT_MS - 1;
    expect(reporter.report('/dashboard/analysis', '工作台')).toBe(false);
    now += 1;
    expect(reporter.report('/dashboard/analysis', '工作台')).toBe(true);
    expect(send.mock.calls).toEqual([
      ['/dashboard/analysis', '工作台'],
      ['/isps/userAnnouncement', '我的消息'],
      ['/dashboard/analysis', '工作台'],
    ]);
  });

  test('reset forgets what was reported (another user signs in)', () => {
    const send = vi.fn<(path: string, title: string | undefined) => void>();
    const reporter = createVisitReporter(send, () => 5);
    reporter.report('/a');
    reporter.reset();
    expect(reporter.report('/a')).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
  });
});

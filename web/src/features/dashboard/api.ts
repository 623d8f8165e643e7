/** Visit statistics of the dashboard (contract "Logs": `loginfo`, `visitInfo`; visits are successful sign-ins). */
import { api } from '../../api/client';
import type { components } from '../../api/schema';

export type LoginInfo = components['schemas']['LogInfo'];

/** One day of `GET /sys/visitInfo`: `tian` "11-20", `type` "2026-11-20". */
export type VisitDay = components['schemas']['VisitDay'];

export const dashboardKeys = {
  loginfo: ['dashboard', 'loginfo'] as const,
  visitInfo: ['dashboard', 'visitInfo'] as const,
};

const count = (value: unknown) => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

export async function fetchLoginInfo(signal?: AbortSignal): Promise<LoginInfo> {
  const envelope = await api.get<Partial<LoginInfo> | null>('/sys/loginfo', undefined, { notify: false, signal });
  const result = envelope.result ?? {};
  return { todayIp: count(result.todayIp), todayVisitCount: count(result.todayVisitCount), totalVisitCount: count(result.totalVisitCount) };
}

/** The last 7 days, oldest first. */
export async function fetchVisitInfo(signal?: AbortSignal): Promise<VisitDay[]> {
  const envelope = await api.get<Partial<VisitDay>[] | null>('/sys/visitInfo', undefined, { notify: false, signal });
  return (envelope.result ?? []).map((day) => ({
    tian: String(day.tian ?? day.type ?? ''),
    type: String(day.type ?? day.tian ?? ''),
    visit: count(day.visit),
    ip: count(day.ip),
  }));
}

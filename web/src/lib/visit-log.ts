/**
 * The visit log (contract "Logs"): the web reports each page the user opens with
 * `POST /sys/log/visit {path, title}`, fire-and-forget and silent; the same path is not reported
 * again within 30 s (tab switches, refreshes, back and forth).
 */
import { api } from '../api/client';
import { onSessionCleared } from './session';

export const VISIT_PATH = '/sys/log/visit';
export const VISIT_REPEAT_MS = 30_000;

export type VisitSender = (path: string, title: string | undefined) => void;

export interface VisitReporter {
  /** Reports the visit unless the same path was reported less than 30 s ago; says whether it did. */
  report: (path: string, title?: string) => boolean;
  /** Forgets what was reported (another user signs in). */
  reset: () => void;
}

export function createVisitReporter(send: VisitSender, now: () => number = Date.now, repeatMs = VISIT_REPEAT_MS): VisitReporter {
  const last = new Map<string, number>();
  return {
    report(path, title) {
      const at = now();
      const previous = last.get(path);
      if (previous !== undefined && at - previous < repeatMs) return false;
      last.set(path, at);
      send(path, title);
      return true;
    },
    reset() {
      last.clear();
    },
  };
}

/** Sends one visit; failures are ignored (the log must never disturb the user). */
export const sendVisit: VisitSender = (path, title) => {
  api.post(VISIT_PATH, title ? { path, title } : { path }, { notify: false }).catch(() => undefined);
};

/** The app's reporter, shared by every mount of the layout. */
export const visitReporter = createVisitReporter(sendVisit);

onSessionCleared(() => visitReporter.reset());

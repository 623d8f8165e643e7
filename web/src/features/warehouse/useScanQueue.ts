/**
 * The signed-in user's scan queue ({@link scanQueueFor}) for React: its state, synced on start,
 * on the window's `online` and `offline` events and every {@link RETRY_MS} while scans wait; and
 * `onSettled` called with each scan the server answers.
 */
import { useEffect, useMemo } from 'react';
import { getTenantId, useUserInfo } from '../../lib/session';
import { useStore } from '../../lib/store';
import { scanQueueFor, waitingCount, type QueuedScan, type ScanQueue, type ScanQueueState } from './scanQueue';

/** How often waiting scans are tried again while the page is open (one small request while any wait). */
export const RETRY_MS = 5_000;

export interface ScanQueueView extends ScanQueueState {
  queue: ScanQueue;
  /** Scans waiting to be sent. */
  waiting: number;
}

export function useScanQueue(onSettled?: (scan: QueuedScan) => void): ScanQueueView {
  const user = useUserInfo();
  const owner = `${getTenantId()}:${user?.id ?? 'anonymous'}`;
  const queue = useMemo(() => scanQueueFor(owner), [owner]);
  const state = useStore(queue);

  useEffect(() => {
    void queue.start();
    const sync = () => void queue.sync();
    window.addEventListener('online', sync);
    window.addEventListener('offline', sync);
    // The periodic retry probes the network itself: the browser's online flag may lag or stick.
    const timer = window.setInterval(() => {
      if (waitingCount(queue.get()) > 0) void queue.sync({ probe: true });
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', sync);
      window.removeEventListener('offline', sync);
      window.clearInterval(timer);
    };
  }, [queue]);
  // Give a stable callback (useCallback): a new one re-subscribes.
  useEffect(() => (onSettled ? queue.onSettled(onSettled) : undefined), [queue, onSettled]);

  return { ...state, queue, waiting: waitingCount(state) };
}

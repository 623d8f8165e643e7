/**
 * Whether the browser says it is online (`navigator.onLine`), following the window's `online` and
 * `offline` events: the pages that need the server to answer each scan at once (out-pack) pause
 * scanning while it is false.
 */
import { useSyncExternalStore } from 'react';

function subscribe(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

const online = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, online, () => true);
}

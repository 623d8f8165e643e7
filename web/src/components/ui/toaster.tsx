/**
 * The app's single toaster: notices from the API client and confirmations from pages.
 *
 * This is a small stand-in with the store's API: the store (`toast-store.ts`) and the component
 * that shows the toasts (`toaster-view.tsx`) load the first time a toast is created (see
 * src/app/providers.tsx), so a page that never toasts, such as the sign-in page until something
 * goes wrong, never downloads them. Until the store is there, calls are queued and replayed in
 * order; ids are made here, so `create` still answers at once and `update`/`dismiss` find the toast.
 */
import type { ToastStore } from './toast-store';

type ToastOptions = Parameters<ToastStore['create']>[0];
type ToastUpdate = Parameters<ToastStore['update']>[1];
type Operation = (store: ToastStore) => void;
type Subscriber = (data: unknown) => void;

/** The store's `max`: toasts past it wait in its queue and are not counted. */
const MAX_SHOWN = 5;

let store: ToastStore | undefined;
let loading: Promise<ToastStore> | undefined;
const queued: Operation[] = [];
/** Ids created and not removed while the store loads (for `isVisible` and `getCount`). */
const queuedIds = new Set<string>();
const subscribers = new Set<Subscriber>();
let sequence = 0;

const publish = (data: unknown) => {
  for (const subscriber of Array.from(subscribers)) subscriber(data);
};

/** Loads the store (once) and replays what was asked meanwhile. */
export function loadToastStore(): Promise<ToastStore> {
  loading ??= import('./toast-store').then(({ toastStore }) => {
    toastStore.subscribe(publish);
    for (const operation of queued.splice(0)) operation(toastStore);
    queuedIds.clear();
    store = toastStore;
    return toastStore;
  });
  return loading;
}

/** The loaded store (for the view), if it is loaded. */
export function loadedToastStore(): ToastStore | undefined {
  return store;
}

function run(operation: Operation): void {
  if (store) operation(store);
  else {
    queued.push(operation);
    void loadToastStore();
  }
}

export const toaster = {
  /** Shows a toast (or updates the one with the same id); answers its id. */
  create(options: ToastOptions): string {
    const id = options.id ?? `toast:${Date.now().toString(36)}-${(sequence += 1).toString(36)}`;
    if (store) return store.create({ ...options, id });
    queuedIds.add(id);
    run((loaded) => loaded.create({ ...options, id }));
    publish({ ...options, id });
    return id;
  },
  update(id: string, options: ToastUpdate): string {
    return toaster.create({ ...options, id } as ToastOptions);
  },
  /** Starts closing the toast (all toasts without an id). */
  dismiss(id?: string): void {
    run((loaded) => loaded.dismiss(id));
  },
  /** Removes the toast at once (all toasts without an id). */
  remove(id?: string): void {
    if (!store) {
      if (id === undefined) queuedIds.clear();
      else queuedIds.delete(id);
      publish({ id, dismiss: true });
    }
    run((loaded) => loaded.remove(id));
  },
  isVisible(id: string): boolean {
    return store ? store.isVisible(id) : queuedIds.has(id);
  },
  getCount(): number {
    return store ? store.getCount() : Math.min(queuedIds.size, MAX_SHOWN);
  },
  /** Called with each toast created, updated or removed. */
  subscribe(subscriber: Subscriber): () => void {
    subscribers.add(subscriber);
    return () => {
      subscribers.delete(subscriber);
    };
  },
};

/**
 * `toaster` stands in for the toast store until the store loads (the first toast): what is asked
 * meanwhile must reach the store in order, under the ids `create` handed out.
 */
import { describe, expect, test, vi } from 'vitest';
import { loadedToastStore, loadToastStore, toaster } from './toaster';

describe('toaster before and after its store loads', () => {
  test('queues, answers and replays in order', async () => {
    const seen = vi.fn<(data: unknown) => void>();
    const unsubscribe = toaster.subscribe(seen);
    expect(loadedToastStore()).toBeUndefined();

    const first = toaster.create({ type: 'info', title: 'first' });
    const second = toaster.create({ id: 'second', type: 'warning', title: 'second' });
    toaster.update(first, { type: 'success', title: 'first, done' });
    toaster.remove(second);
    expect(second).toBe('second');
    expect(toaster.isVisible(first)).toBe(true);
    expect(toaster.isVisible(second)).toBe(false);
    expect(toaster.getCount()).toBe(1);
    expect(seen).toHaveBeenCalledWith(expect.objectContaining({ id: first, title: 'first' }));

    const store = await loadToastStore();
    expect(loadedToastStore()).toBe(store);
    expect(store.getVisibleToasts()).toEqual([expect.objectContaining({ id: first, type: 'success', title: 'first, done' })]);
    expect(toaster.isVisible(first)).toBe(true);

    seen.mockClear();
    toaster.dismiss(first);
    expect(seen).toHaveBeenCalledWith(expect.objectContaining({ id: first, message: 'DISMISS' }));
    toaster.remove();
    expect(toaster.getCount()).toBe(0);
    unsubscribe();
  });
});

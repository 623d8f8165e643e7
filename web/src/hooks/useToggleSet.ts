import { useCallback, useState } from 'react';

/**
 * A set of ids that the user opens and closes one by one (expanded rows, open cards): the set
 * and `toggle(id)`, which adds the id when it is missing and removes it when it is there.
 */
export function useToggleSet<T>(): [ReadonlySet<T>, (id: T) => void] {
  const [set, setSet] = useState<ReadonlySet<T>>(() => new Set());
  const toggle = useCallback(
    (id: T) =>
      setSet((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  return [set, toggle];
}

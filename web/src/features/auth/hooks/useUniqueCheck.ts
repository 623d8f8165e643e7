import { useCallback, useEffect, useState } from 'react';
import { checkUnique, type UniqueField } from '../api/register';

export type UniqueStatus = 'idle' | 'checking' | 'free' | 'taken' | 'error';

/** Debounce of the live availability check, in milliseconds. */
export const UNIQUE_CHECK_DELAY_MS = 400;

/**
 * Live availability of a username, phone or e-mail (GET /sys/user/checkOnlyUser), asked once the
 * value passes the core's format check and the user pauses typing. `ensure` answers for the
 * current value at once (a step's Next button uses it): the reason it is taken, or undefined.
 */
export function useUniqueCheck(field: UniqueField, value: string, formatValid: boolean) {
  const [result, setResult] = useState<{ value: string; status: UniqueStatus; message?: string }>({ value: '', status: 'idle' });
  const trimmed = value.trim();

  useEffect(() => {
    if (!formatValid || trimmed === '') return undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setResult({ value: trimmed, status: 'checking' });
      checkUnique(field, trimmed, controller.signal)
        .then((reason) => setResult({ value: trimmed, status: reason ? 'taken' : 'free', message: reason }))
        .catch(() => {
          if (!controller.signal.aborted) setResult({ value: trimmed, status: 'error' });
        });
    }, UNIQUE_CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [field, trimmed, formatValid]);

  const ensure = useCallback(async (): Promise<string | undefined> => {
    if (result.value === trimmed && (result.status === 'free' || result.status === 'taken')) return result.message;
    const reason = await checkUnique(field, trimmed);
    setResult({ value: trimmed, status: reason ? 'taken' : 'free', message: reason });
    return reason;
  }, [field, trimmed, result]);

  const current = formatValid && trimmed !== '' && result.value === trimmed ? result : { value: trimmed, status: 'idle' as const };
  return { status: current.status, message: current.message, ensure };
}

import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a countdown that ticks once a second; 0 when idle. */
export function useCountdown() {
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = window.setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  const start = useCallback((seconds: number) => setSecondsLeft(seconds), []);
  const reset = useCallback(() => setSecondsLeft(0), []);
  return { secondsLeft, running: secondsLeft > 0, start, reset };
}

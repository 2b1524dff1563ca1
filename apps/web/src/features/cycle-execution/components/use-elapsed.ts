import { useCallback, useEffect, useState } from 'react';

const TICK_MS = 1000;

/**
 * The time spent on the item since it opened, ticking every second for the timer on screen;
 * `read()` gives the exact milliseconds sent with a result, `restart()` starts again from zero.
 */
export function useElapsed() {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  const read = useCallback(() => Math.max(0, Date.now() - startedAt), [startedAt]);
  const restart = useCallback(() => {
    const time = Date.now();
    setStartedAt(time);
    setNow(time);
  }, []);

  return { elapsedMs: Math.max(0, now - startedAt), read, restart };
}

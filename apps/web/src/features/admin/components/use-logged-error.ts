import { useEffect } from 'react';

/** For failures SPEC §8 says are "only logged": written to the console once per error. */
export function useLoggedError(error: unknown, message: string): void {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [error, message]);
}

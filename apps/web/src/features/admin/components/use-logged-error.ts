import { useEffect } from 'react';

/**
 * For failures that are "only logged": written to the console once per error
 * (docs/product/admin-screens.md, "The forms", the failures each form only logs).
 */
export function useLoggedError(error: unknown, message: string): void {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [error, message]);
}

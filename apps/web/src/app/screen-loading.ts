import { useSyncExternalStore } from 'react';

/**
 * How many screens' code is being fetched right now, for RootRoute's progress bar: a navigation
 * keeps the screen on view until the next one's code is in (docs/product/errors-and-keyboard.md,
 * "Loading").
 */
let loading = 0;
const listeners = new Set<() => void>();

function changed(by: number): void {
  loading += by;
  for (const listener of listeners) listener();
}

/** Counts `load` as a screen's code being fetched until it settles. */
export async function countedLoad<T>(load: () => Promise<T>): Promise<T> {
  changed(1);
  try {
    return await load();
  } finally {
    changed(-1);
  }
}

/** Whether any screen's code is being fetched. */
export function useScreenLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading > 0,
  );
}

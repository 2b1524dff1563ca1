import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, loadScreen, RELOAD_KEY, reloadForStaleChunk } from './stale-chunk';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const gone = new TypeError('Failed to fetch dynamically imported module: http://x/assets/a-1.js');

describe('stale chunks', () => {
  it('knows the browsers’ words for a module that could not be fetched', () => {
    expect(isChunkLoadError(gone)).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, then lets the error show, until a screen loads again', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadForStaleChunk(gone, { storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // Still missing after the reload: shown, not reloaded again.
    expect(reloadForStaleChunk(gone, { storage, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // A screen that loads clears the guard.
    await loadScreen(async () => ({}), storage);
    expect(storage.getItem(RELOAD_KEY)).toBeNull();
    expect(reloadForStaleChunk(gone, { storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads for a screen that throws while rendering', () => {
    const reload = vi.fn();
    expect(reloadForStaleChunk(new Error('boom'), { storage: memoryStorage(), reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

/**
 * A screen's code is split into chunks named by their content. After a deploy an open tab still
 * asks for the old names, which are gone; reloading fetches the new index and the new names
 * (docs/product/errors-and-keyboard.md, "After a new release").
 */

/** Set while a reload for a missing chunk is under way, so a chunk still missing after it is not reloaded again. */
export const RELOAD_KEY = 'verdict.staleChunkReload';

/** The ways browsers say a dynamic import failed to fetch its module. */
const CHUNK_FAILURE = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
];

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.some((pattern) => pattern.test(error.message));
}

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
}

const browser = (): ReloadEnvironment => ({
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
});

/**
 * For the route's error screen: when the screen's code could not be fetched, reloads the page
 * (already at the screen's address) and answers true, so the error screen shows nothing while it
 * goes. A second such failure right after that reload answers false and is shown, so a chunk that
 * is really missing never loops.
 */
export function reloadForStaleChunk(error: unknown, environment: ReloadEnvironment = browser()): boolean {
  if (!isChunkLoadError(error) || environment.storage.getItem(RELOAD_KEY) !== null) return false;
  environment.storage.setItem(RELOAD_KEY, '1');
  environment.reload();
  return true;
}

/** Loads a screen's module; a success clears the reload guard, so the next stale chunk may reload again. */
export async function loadScreen<Module>(
  load: () => Promise<Module>,
  storage: Pick<Storage, 'removeItem'> = window.sessionStorage,
): Promise<Module> {
  const module = await load();
  storage.removeItem(RELOAD_KEY);
  return module;
}

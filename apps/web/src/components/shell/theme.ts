import { useSyncExternalStore } from 'react';

/** Where the reader's choice is remembered; public/theme.js reads the same key before first paint. */
export const THEME_STORAGE_KEY = 'verdict-theme';

export type Theme = 'light' | 'dark';

const SYSTEM_DARK = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(SYSTEM_DARK).matches ? 'dark' : 'light';
}

/** The theme in effect: the remembered choice (on `<html data-theme>`), else the system's. */
export function currentTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  return chosen === 'dark' || chosen === 'light' ? chosen : systemTheme();
}

/** Applies and remembers a choice; from then on the system setting no longer decides. */
export function chooseTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be off (private mode); the choice then lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(SYSTEM_DARK) : null;
  media?.addEventListener('change', onChange);
  return () => {
    listeners.delete(onChange);
    media?.removeEventListener('change', onChange);
  };
}

/** The theme in effect, kept current when the reader or the system changes it. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme);
}

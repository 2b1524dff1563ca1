import { paths } from '@/lib/paths';

/** The Search Test Cases screen's address for `q`, a link to share (empty: every case). */
export function caseSearchHref(projectId: number, q: string): string {
  const base = paths.caseSearch(projectId);
  return q.trim() === '' ? base : `${base}?${new URLSearchParams({ q }).toString()}`;
}

/** The key that jumps to a search box ('/', as on many sites), unless the user is typing elsewhere. */
export function isSearchKey(event: KeyboardEvent): boolean {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) {
    return false;
  }
  return !isTextEntry(event.target);
}

/** Fields where '/' is a character the user types, not a shortcut. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color', 'image'].includes(
    target.type,
  );
}

import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusElement, mainContent } from '@/lib/focus-heading';
import { SIDEBAR_BREAKPOINT_PX } from '@/lib/ui-constants';

/** How long a screen may take to show its heading (its code and data load first). */
const WAIT_MS = 3000;

/** A form screen is a narrow page holding a form (the create and edit screens). */
const FIELD = ['input:not([type="hidden"])', 'select', 'textarea']
  .map((control) => `.page-narrow form ${control}:not([disabled])`)
  .join(', ');

/**
 * The element to focus in `main` once a new screen shows: the first field of a form screen, else
 * the page's heading; null while neither is there yet.
 */
export function focusTarget(main: ParentNode): HTMLElement | null {
  return main.querySelector<HTMLElement>(FIELD) ?? main.querySelector<HTMLElement>('h1');
}

/**
 * A keyboard user working in the tree keeps working there: Enter on a node opens its page
 * without pulling focus out of the tree (docs/product/errors-and-keyboard.md, "Focus"). Not on a
 * narrow window, where the tree is in a drawer that closes on navigation.
 */
function staysInTree(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active.closest('[role="tree"]') === null) return false;
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia(`(min-width: ${SIDEBAR_BREAKPOINT_PX + 1}px)`).matches
  );
}

/**
 * After a route change, moves focus to the new screen (docs/product/errors-and-keyboard.md,
 * "Focus"), so screen readers announce it and Tab starts there. The first screen keeps the
 * browser's own focus (sign-in's autofocus), and a change of the query string alone (a list's
 * page or search) moves nothing. A screen that shows its heading first and its form later (an
 * edit form waiting for its record) moves on to the first field, unless the user moved focus.
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    // The pathname is the trigger; it is not read.
    void pathname;
    if (first.current) {
      first.current = false;
      return;
    }
    if (staysInTree()) return;
    const main = mainContent();
    let focused: HTMLElement | null = null;
    const settle = () => {
      const target = focusTarget(main);
      if (!target || target === focused) return;
      if (focused) {
        const active = document.activeElement;
        const stillOurs = active === focused;
        // A screen that swaps its frame (loading, then the form) drops our focus to the page.
        const dropped = !focused.isConnected && (active === null || active === document.body);
        if (!stillOurs && !dropped) return;
        // Once focused, the only move while focus is ours is from the heading to the first field.
        if (stillOurs && target.tagName === 'H1') return;
      }
      focused = target;
      focusElement(target);
    };
    settle();
    const observer = new MutationObserver(settle);
    observer.observe(main, { childList: true, subtree: true });
    const stop = window.setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [pathname]);
}

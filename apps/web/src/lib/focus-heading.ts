/** The shell's content area (components/shell); without the shell, the whole page. */
const MAIN_ID = 'main-content';

/** The content area to look for a screen's heading or fields in. */
export function mainContent(): HTMLElement {
  return document.getElementById(MAIN_ID) ?? document.body;
}

/**
 * Focuses an element that may not take focus by itself: a heading gets tabIndex -1 (focusable by
 * script, not by Tab) and draws no ring (global.css), as it is no control.
 */
export function focusElement(element: HTMLElement): void {
  if (element.tagName === 'H1' && !element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus();
}

/**
 * Moves focus to the screen's heading, e.g. after the focused row was deleted, so focus is not
 * lost to the page (docs/product/errors-and-keyboard.md, "Focus").
 */
export function focusPageHeading(): void {
  const heading = mainContent().querySelector<HTMLElement>('h1');
  if (heading) focusElement(heading);
}

/**
 * After a refused save: focuses the first field marked invalid in `container`, else its error
 * message (role=alert), so focus does not fall to the page while the busy button was disabled
 * (docs/product/errors-and-keyboard.md, "Focus").
 */
export function focusFirstProblem(container: HTMLElement | null): void {
  if (!container) return;
  const field = container.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (field) {
    field.focus();
    return;
  }
  const alert = container.querySelector<HTMLElement>('[role="alert"]');
  if (!alert) return;
  if (!alert.hasAttribute('tabindex')) alert.tabIndex = -1;
  alert.focus();
}

import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { buttonClass } from './button-base';
import './disclosure-menu.css';

export interface DisclosureMenuProps {
  /** The toggle's words, e.g. 'Insights'. */
  label: string;
  /** The links and buttons it holds; their own names and permissions stay theirs. */
  children: ReactNode;
}

/**
 * A button that shows and hides a short list of links and buttons under it (the WAI-ARIA
 * disclosure pattern, not an application menu: Tab moves through the list as through the page).
 * Escape closes it and focus returns to the toggle; so do a press outside it and following a
 * link in it. The list stays drawn while hidden, so what a control in it shows (an import's
 * progress) is kept.
 */
export function DisclosureMenu({ label, children }: DisclosureMenuProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: following a link in the list closes it
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !rootRef.current?.contains(document.activeElement)) return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className={open ? 'disclosure-menu is-open' : 'disclosure-menu'}>
      <button
        ref={toggleRef}
        type="button"
        className={buttonClass({ variant: 'secondary' }, 'disclosure-menu-toggle')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <span className="disclosure-menu-chevron" aria-hidden="true">
          ▾
        </span>
      </button>
      <div id={panelId} className="disclosure-menu-panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}

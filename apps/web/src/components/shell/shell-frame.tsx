import { type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { SIDEBAR_BREAKPOINT_PX } from '@/lib/ui-constants';
import { MenuIcon } from './icons';
import { SidebarShownContext } from './sidebar-shown';
import { useMediaQuery } from './use-media-query';
import './shell.css';

export interface ShellFrameProps {
  /** Header content after the menu toggle: brand, pills, buttons. */
  header: ReactNode;
  /**
   * The reader's own controls (theme, 'Logout'): in the header, or at the foot of the drawer on a
   * phone (docs/product/shell-and-navigation.md, "Phone widths"); rendered in one place only, so
   * there is one 'Logout' to find.
   */
  account: ReactNode;
  /** Sidebar content (links, sections). */
  sidebar: ReactNode;
  /** Accessible name of the sidebar navigation. */
  navLabel: string;
  children: ReactNode;
}

/**
 * The frame of every signed-in screen (docs/product/shell-and-navigation.md, "Main layout"): a
 * header with a menu toggle, a sidebar and the content. Above SIDEBAR_BREAKPOINT_PX the sidebar
 * always shows (the CSS hides the toggle); at or below it the sidebar is a drawer the toggle
 * opens, and navigating or Escape closes it.
 */
export function ShellFrame({ header, account, sidebar, navLabel, children }: ShellFrameProps) {
  const sidebarId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const wide = useMediaQuery(`(min-width: ${SIDEBAR_BREAKPOINT_PX + 1}px)`);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: following a link in the drawer closes it
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      // Focus goes back where the drawer was opened (docs/product/shell-and-navigation.md).
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const drawerOpen = open && !wide;
  // Once shown, the sidebar's content stays mounted: closing the drawer keeps the tree as it was.
  const [sidebarShown, setSidebarShown] = useState(wide);
  if ((wide || drawerOpen) && !sidebarShown) setSidebarShown(true);

  return (
    <div className={drawerOpen ? 'shell sidebar-open' : 'shell'}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="shell-header">
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-label="Toggle menu"
          aria-controls={sidebarId}
          aria-expanded={wide || drawerOpen}
          onClick={() => setOpen((value) => !value)}
        >
          <MenuIcon />
        </button>
        {header}
        {wide ? <div className="header-account">{account}</div> : null}
      </header>
      <aside id={sidebarId} className="shell-sidebar">
        <nav aria-label={navLabel} className="sidebar-nav">
          <SidebarShownContext.Provider value={sidebarShown}>{sidebar}</SidebarShownContext.Provider>
        </nav>
        {wide ? null : <div className="sidebar-account">{account}</div>}
      </aside>
      {drawerOpen ? (
        <div className="shell-backdrop" aria-hidden="true" onClick={() => setOpen(false)} />
      ) : null}
      <main className="shell-main" id="main-content" tabIndex={-1}>
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </main>
    </div>
  );
}

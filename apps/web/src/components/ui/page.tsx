import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Breadcrumbs, type Crumb } from './breadcrumbs';

export interface PageProps {
  /** The screen's `<h1>`. */
  title: ReactNode;
  /**
   * The browser tab's name ("{documentTitle} · Verdict"); defaults to `title` when that is text.
   * Undefined while the object it names loads.
   */
  documentTitle?: string;
  /** Where the screen sits (Project › Suite › Case), shown above the title; the last is this page. */
  breadcrumbs?: readonly Crumb[];
  subtitle?: ReactNode;
  /** Buttons or links shown at the right of the title, e.g. 'Add User'. */
  actions?: ReactNode;
  /** Wrap the content in a card (default). Pass false for screens made of several cards. */
  card?: boolean;
  /** Narrow the page for single-column forms. */
  narrow?: boolean;
  children?: ReactNode;
}

/**
 * The frame of every screen inside the shell: breadcrumbs, a title row, then the content in a
 * card. It also names the browser tab after the screen.
 */
export function Page({
  title,
  documentTitle,
  breadcrumbs,
  subtitle,
  actions,
  card = true,
  narrow = false,
  children,
}: PageProps) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <section className={narrow ? 'page page-narrow' : 'page'}>
      {breadcrumbs && breadcrumbs.length > 0 ? <Breadcrumbs trail={breadcrumbs} /> : null}
      <header className="page-header">
        <div>
          <h1 className="page-title">{title}</h1>
          {subtitle ? <p className="page-subtitle">{subtitle}</p> : null}
        </div>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </header>
      {card ? <Card>{children}</Card> : children}
    </section>
  );
}

export interface CardProps {
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

export function Card({ title, children, className }: CardProps) {
  return (
    <div className={className ? `card ${className}` : 'card'}>
      {title ? <h2 className="card-title">{title}</h2> : null}
      {children}
    </div>
  );
}

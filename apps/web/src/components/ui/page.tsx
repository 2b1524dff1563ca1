import type { ReactNode } from 'react';

export interface PageProps {
  /** The screen's `<h1>`. */
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons or links shown at the right of the title, e.g. 'Add User'. */
  actions?: ReactNode;
  /** Wrap the content in a card (default). Pass false for screens made of several cards. */
  card?: boolean;
  /** Narrow the page for single-column forms. */
  narrow?: boolean;
  children?: ReactNode;
}

/** The frame of every screen inside the shell: a title row, then the content in a card. */
export function Page({ title, subtitle, actions, card = true, narrow = false, children }: PageProps) {
  return (
    <section className={narrow ? 'page page-narrow' : 'page'}>
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

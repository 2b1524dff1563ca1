import { Link } from 'react-router';
import './breadcrumbs.css';

export interface Crumb {
  /** The object's name; undefined while it loads ('…'). */
  label: string | undefined;
  href: string;
}

/**
 * Where the screen sits: Project › Suite › Case › child case › this screen
 * (docs/product/projects.md, "Where you are"). Every step but the last is a link; the last is the
 * current page.
 */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {trail.map((crumb, index) => {
          const label = crumb.label ?? '…';
          return (
            <li key={crumb.href}>
              {index === trail.length - 1 ? (
                <span aria-current="page">{label}</span>
              ) : (
                <Link to={crumb.href}>{label}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

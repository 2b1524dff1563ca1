import { ButtonLink } from './button';
import { Page } from './page';

export interface ObjectNotFoundProps {
  /** The kind of object, capitalised: 'Project', 'Test suite', 'Test case', 'Cycle item', 'User', … */
  kind: string;
  /** Where to go instead, e.g. the dashboard or the list the object belonged to. */
  backTo: { href: string; label: string };
}

/**
 * What a link to a missing object shows: a not-found page for that kind of object, never a
 * generic fetch error (docs/product/shell-and-navigation.md, "Shared behaviour of screens").
 */
export function ObjectNotFound({ kind, backTo }: ObjectNotFoundProps) {
  return (
    <Page title={`${kind} not found`}>
      <p>It may have been deleted, or the link is wrong.</p>
      <div className="form-actions">
        <ButtonLink to={backTo.href} variant="primary">
          {backTo.label}
        </ButtonLink>
      </div>
    </Page>
  );
}

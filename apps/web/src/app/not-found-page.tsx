import { useLocation } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { paths } from '@/lib/paths';

/** Unknown paths, shown inside the main shell so the sidebar still leads on. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Page title="Page not found">
      <p>
        There is nothing at <code>{pathname}</code>.
      </p>
      <div className="form-actions">
        <ButtonLink to={paths.dashboard} variant="primary">
          Back to Dashboard
        </ButtonLink>
      </div>
    </Page>
  );
}

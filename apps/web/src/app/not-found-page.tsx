import { Link } from 'react-router';
import { Page } from '@/components/ui/page';

/** Unknown paths, shown inside the main shell. */
export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p>There is nothing at this address.</p>
      <p>
        <Link to="/dashboard">Back to Dashboard</Link>
      </p>
    </Page>
  );
}

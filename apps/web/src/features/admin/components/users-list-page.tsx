import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /admin: replace the body, keep the export name (app/router.tsx imports it). */
export function UsersListPage() {
  return (
    <Page title="User Management">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

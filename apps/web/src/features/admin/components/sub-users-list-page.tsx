import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /sub-user-list: replace the body, keep the export name (app/router.tsx imports it). */
export function SubUsersListPage() {
  return (
    <Page title="Sub-User Management">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /admin-roles: replace the body, keep the export name (app/router.tsx imports it). */
export function RolesListPage() {
  return (
    <Page title="Role Management">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

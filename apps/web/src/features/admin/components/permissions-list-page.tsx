import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /admin-permissions: replace the body, keep the export name (app/router.tsx imports it). */
export function PermissionsListPage() {
  return (
    <Page title="Permission Management">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

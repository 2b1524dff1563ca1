import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /admin-create-role: replace the body, keep the export name (app/router.tsx imports it). */
export function RoleCreatePage() {
  return (
    <Page title="Create Role">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

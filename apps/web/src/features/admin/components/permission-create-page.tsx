import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /admin-create-permission: replace the body, keep the export name (app/router.tsx imports it). */
export function PermissionCreatePage() {
  return (
    <Page title="Create Permission">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

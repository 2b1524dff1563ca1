import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /admin-edit-permission/:id: replace the body, keep the export name (app/router.tsx imports it). */
export function PermissionEditPage() {
  return (
    <Page title="Edit Permission">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

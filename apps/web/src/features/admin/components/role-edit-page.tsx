import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /admin-edit-role/:id: replace the body, keep the export name (app/router.tsx imports it). */
export function RoleEditPage() {
  return (
    <Page title="Edit Role">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

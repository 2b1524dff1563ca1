import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /admin-edit-user/:id: replace the body, keep the export name (app/router.tsx imports it). */
export function UserEditPage() {
  return (
    <Page title="Edit User">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

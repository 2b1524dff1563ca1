import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /admin-create-user: replace the body, keep the export name (app/router.tsx imports it). */
export function UserCreatePage() {
  return (
    <Page title="Create User">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

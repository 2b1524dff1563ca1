import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /projects/:id/add-user: replace the body, keep the export name (app/router.tsx imports it). */
export function ProjectAddUserPage() {
  return (
    <Page title="Add User to Project">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

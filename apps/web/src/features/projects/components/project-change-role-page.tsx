import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /projects/:id/user/:userId: replace the body, keep the export name (app/router.tsx imports it). */
export function ProjectChangeRolePage() {
  return (
    <Page title="Change User Role">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /projects/:id/add-suite: replace the body, keep the export name (app/router.tsx imports it). */
export function ProjectAddSuitePage() {
  return (
    <Page title="Add Test Suite">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

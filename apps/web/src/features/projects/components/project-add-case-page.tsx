import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /projects/:id/add-case: replace the body, keep the export name (app/router.tsx imports it). */
export function ProjectAddCasePage() {
  return (
    <Page title="Add Test Case">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

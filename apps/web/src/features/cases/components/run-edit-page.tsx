import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /edit-testrun/:id: replace the body, keep the export name (app/router.tsx imports it). */
export function RunEditPage() {
  return (
    <Page title="Edit Test Run">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /testcases/:id/add-testrun: replace the body, keep the export name (app/router.tsx imports it). */
export function RunCreatePage() {
  return (
    <Page title="Create Test Run">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

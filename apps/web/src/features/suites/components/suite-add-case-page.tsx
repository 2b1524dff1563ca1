import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /suites/:id/add-case: replace the body, keep the export name (app/router.tsx imports it). */
export function SuiteAddCasePage() {
  return (
    <Page title="Add Test Case to Suite">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

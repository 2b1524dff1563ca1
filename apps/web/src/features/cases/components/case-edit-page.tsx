import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /edit-testcase/:id: replace the body, keep the export name (app/router.tsx imports it). */
export function CaseEditPage() {
  return (
    <Page title="Edit Test Case">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /edit-suite/:id: replace the body, keep the export name (app/router.tsx imports it). */
export function SuiteEditPage() {
  return (
    <Page title="Edit Suite">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

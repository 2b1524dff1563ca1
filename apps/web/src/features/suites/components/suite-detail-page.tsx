import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /suites/:id: replace the body, keep the export name (app/router.tsx imports it). */
export function SuiteDetailPage() {
  return (
    <Page title="Suite Details">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

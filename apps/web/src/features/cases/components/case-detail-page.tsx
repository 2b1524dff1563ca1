import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /cases/:id: replace the body, keep the export name (app/router.tsx imports it). */
export function CaseDetailPage() {
  return (
    <Page title="Test Case Details">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /testcases/:id/add-child: replace the body, keep the export name (app/router.tsx imports it). */
export function CaseAddChildPage() {
  return (
    <Page title="Add Child Test Case">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /admin-create-subuser: replace the body, keep the export name (app/router.tsx imports it). */
export function SubUserCreatePage() {
  return (
    <Page title="Create Sub-User">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /admin-edit-subuser/:id: replace the body, keep the export name (app/router.tsx imports it). */
export function SubUserEditPage() {
  return (
    <Page title="Edit Sub-User">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

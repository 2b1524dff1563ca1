import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /edit-project/:id: replace the body, keep the export name (app/router.tsx imports it). */
export function ProjectEditPage() {
  return (
    <Page title="Edit Project">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

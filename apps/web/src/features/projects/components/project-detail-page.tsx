import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /projects/:id: replace the body, keep the export name (app/router.tsx imports it). */
export function ProjectDetailPage() {
  return (
    <Page title="Project Details">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

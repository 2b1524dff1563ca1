import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /projects-create: replace the body, keep the export name (app/router.tsx imports it). */
export function ProjectCreatePage() {
  return (
    <Page title="Create Project">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /dashboard: replace the body, keep the export name (app/router.tsx imports it). */
export function DashboardPage() {
  return (
    <Page title="Welcome to Dashboard" subtitle="Project and Test Execution Overview">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

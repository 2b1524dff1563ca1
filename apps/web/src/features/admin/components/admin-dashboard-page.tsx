import { Page } from '@/components/ui/page';

/** PLACEHOLDER for /admin-dashboard: replace the body, keep the export name (app/router.tsx imports it). */
export function AdminDashboardPage() {
  return (
    <Page title="Admin Dashboard">
      <p className="muted">Coming soon</p>
    </Page>
  );
}

import { lazy, Suspense, useId } from 'react';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card, Page } from '@/components/ui/page';
import { useMailStatus } from '../api/get-mail-status';
import { useStatusCount } from '../api/get-status-count';
import { useLoggedError } from './use-logged-error';
import './admin.css';

// recharts is large; only this card needs it, so it loads when the card does.
const UserStatusDonut = lazy(() => import('./user-status-donut'));

/**
 * /admin-dashboard: Active, Inactive and Total Users, and the Active vs Inactive donut
 * (docs/product/admin-screens.md, "Admin Dashboard (`/admin-dashboard`)").
 */
export function AdminDashboardPage() {
  const counts = useStatusCount();
  const methods = useMailStatus();
  // The failure is still logged (docs/product/admin-screens.md, "Admin Dashboard"), and the screen
  // says it, with Retry, instead of counting 0 users
  // (docs/product/errors-and-keyboard.md, "A failed load is never empty data").
  useLoggedError(counts.error, 'Error fetching user status count');

  if (counts.isError) {
    return (
      <Page title="Admin Dashboard" subtitle="User status overview">
        <LoadFailed what="the user counts" error={counts.error} onRetry={() => void counts.refetch()} />
      </Page>
    );
  }
  const active = counts.data?.active ?? 0;
  const inactive = counts.data?.inactive ?? 0;

  return (
    <Page title="Admin Dashboard" subtitle="User status overview" card={false}>
      {methods.data && !methods.data.mail ? (
        // docs/product/operations.md, "E-mail": unset, no mail is sent and the sign-in screen offers
        // no "Forgot password?".
        <p className="admin-notice" role="note">
          E-mail is off: SMTP_URL is not set, so Verdict sends no e-mail and "Forgot password?" is not
          offered.
        </p>
      ) : null}
      <div className="admin-stat-grid">
        <StatCard label="Active Users" value={active} tone="success" />
        <StatCard label="Inactive Users" value={inactive} tone="danger" />
        <StatCard label="Total Users" value={active + inactive} tone="info" />
      </div>
      <Card title="Active vs Inactive" className="admin-chart-card">
        {counts.isPending ? (
          <Loading text="Loading..." />
        ) : (
          <Suspense fallback={<Loading text="Loading chart..." />}>
            <UserStatusDonut active={active} inactive={inactive} />
          </Suspense>
        )}
      </Card>
    </Page>
  );
}

interface StatCardProps {
  label: string;
  value: number;
  tone: 'success' | 'danger' | 'info';
}

function StatCard({ label, value, tone }: StatCardProps) {
  const labelId = useId();
  return (
    <section className={`card admin-stat admin-stat-${tone}`} aria-labelledby={labelId}>
      <h2 className="admin-stat-label" id={labelId}>
        {label}
      </h2>
      <p className="admin-stat-value">{value}</p>
    </section>
  );
}

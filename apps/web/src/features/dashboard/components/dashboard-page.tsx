import { lazy, Suspense } from 'react';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card, Page } from '@/components/ui/page';
import { ActiveCyclesCard } from './active-cycles-card';
import { TestResultsOverview } from './test-results-overview';
import { useDashboardTotals } from './use-dashboard-totals';
import { useWindowWidth } from './use-window-width';
import './dashboard.css';

// Chart code (recharts) is fetched only when the dashboard shows it.
const ProjectsDonut = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.ProjectsDonut })));
const ProjectsVsSuitesBar = lazy(() =>
  import('./dashboard-charts').then((m) => ({ default: m.ProjectsVsSuitesBar })),
);

/** Below this window width the charts draw smaller. */
const COMPACT_WIDTH_PX = 640;

function ChartFallback({ height }: { height: number }) {
  return <div className="chart-placeholder" style={{ height }} aria-hidden="true" />;
}

/**
 * /dashboard: project, suite and run totals of the projects the user sees
 * (docs/product/dashboard.md, "The screen (`/dashboard`)").
 */
export function DashboardPage() {
  const width = useWindowWidth();
  const compact = width < COMPACT_WIDTH_PX;
  const { totals, loading, failure, retry } = useDashboardTotals();

  return (
    <Page
      title="Welcome to Dashboard"
      documentTitle="Dashboard"
      subtitle="Project and Test Execution Overview"
      card={false}
    >
      {loading ? (
        <Card>
          <Loading text="Loading data..." />
        </Card>
      ) : (
        <div className="dashboard-grid" data-layout={compact ? 'compact' : 'wide'}>
          {failure ? (
            <div className="dashboard-failure">
              <LoadFailed what="some of the figures" error={failure} onRetry={retry} />
            </div>
          ) : null}
          <Card title="Total Projects" className="dashboard-card dashboard-donut-card">
            <figure className="dashboard-figure" aria-label={`Total Projects: ${totals.totalProjects}`}>
              <Suspense fallback={<ChartFallback height={compact ? 180 : 220} />}>
                <ProjectsDonut totalProjects={totals.totalProjects} compact={compact} />
              </Suspense>
            </figure>
          </Card>
          <Card title="Projects vs Test Suites" className="dashboard-card">
            <figure
              className="dashboard-figure"
              aria-label={`Projects: ${totals.totalProjects}, Test Suites: ${totals.totalTestSuites}`}
            >
              <Suspense fallback={<ChartFallback height={compact ? 200 : 240} />}>
                <ProjectsVsSuitesBar
                  totalProjects={totals.totalProjects}
                  totalTestSuites={totals.totalTestSuites}
                  compact={compact}
                />
              </Suspense>
            </figure>
          </Card>
          <TestResultsOverview totals={totals} />
        </div>
      )}
      <ActiveCyclesCard />
    </Page>
  );
}

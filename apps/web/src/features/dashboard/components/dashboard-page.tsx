import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card, Page } from '@/components/ui/page';
import { ActiveCyclesCard } from './active-cycles-card';
import { ProjectsDonut, ProjectsVsSuitesBar } from './dashboard-charts';
import { MyWorkCard } from './my-work-card';
import { RecentFailuresCard } from './recent-failures-card';
import { TestResultsOverview } from './test-results-overview';
import { useDashboardTotals } from './use-dashboard-totals';
import { useWindowWidth } from './use-window-width';
import './dashboard.css';

/** Below this window width the charts draw smaller. */
const COMPACT_WIDTH_PX = 640;

/**
 * /dashboard (docs/product/dashboard.md, "The screen (`/dashboard`)"): under the title, the
 * active cycles, the caller's work and the recent failures; then the project, suite and run
 * totals of the projects the user sees.
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
      {/* What a tester and a lead come for comes first; the seed's figures follow. */}
      <div className="dashboard-work">
        <ActiveCyclesCard />
        <MyWorkCard />
        <RecentFailuresCard />
      </div>
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
              <ProjectsDonut totalProjects={totals.totalProjects} compact={compact} />
            </figure>
          </Card>
          <Card title="Projects vs Test Suites" className="dashboard-card">
            <figure
              className="dashboard-figure"
              aria-label={`Projects: ${totals.totalProjects}, Test Suites: ${totals.totalTestSuites}`}
            >
              <ProjectsVsSuitesBar
                totalProjects={totals.totalProjects}
                totalTestSuites={totals.totalTestSuites}
                compact={compact}
              />
            </figure>
          </Card>
          <TestResultsOverview totals={totals} />
        </div>
      )}
    </Page>
  );
}

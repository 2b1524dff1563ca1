import type { ActiveCycle } from '@verdict/contract';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card } from '@/components/ui/page';
import { useActiveCycles } from '@/entities/cycle/cycle-api';
import { CycleProgress } from '@/entities/cycle/cycle-progress';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';

/**
 * "Active cycles": the open test cycles of the projects where the user sees cycles, newest first,
 * each with its project, milestone, environment and progress (docs/product/cycle-execution.md,
 * "The dashboard's active cycles"). Holders of home_test_cycle always get the card; others only
 * when some project role lets them see an open cycle, so the dashboard of a user who works with
 * no cycles stays as it was.
 */
export function ActiveCyclesCard() {
  const { can } = useAuth();
  const active = useActiveCycles();
  if (!can('home_test_cycle') && (active.data?.cycles.length ?? 0) === 0) return null;
  return (
    <Card title="Active cycles" className="dashboard-card dashboard-cycles">
      {active.isLoading ? (
        <Loading text="Loading active cycles..." />
      ) : active.isError && !active.data ? (
        <LoadFailed what="the active cycles" error={active.error} onRetry={() => void active.refetch()} />
      ) : !active.data || active.data.cycles.length === 0 ? (
        <p className="muted">No active test cycles.</p>
      ) : (
        <ul className="dashboard-cycle-list">
          {active.data.cycles.map((entry) => (
            <ActiveCycleRow key={entry.cycle.id} entry={entry} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function ActiveCycleRow({ entry: { cycle, project } }: { entry: ActiveCycle }) {
  const facts = [
    project.name,
    cycle.milestone ? `Milestone: ${cycle.milestone}` : null,
    cycle.environment ? `Environment: ${cycle.environment}` : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <li className="dashboard-cycle">
      <div className="dashboard-cycle-head">
        <Link to={paths.cycleDetail(cycle.id)} className="dashboard-cycle-name">
          {cycle.name}
        </Link>
        <span className="dashboard-cycle-facts">{facts.join(' · ')}</span>
      </div>
      <CycleProgress counts={cycle.counts} />
    </li>
  );
}

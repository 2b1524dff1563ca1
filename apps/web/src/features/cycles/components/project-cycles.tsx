import type { Cycle, Project } from '@verdict/contract';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { ObjectList } from '@/components/ui/object-list';
import { Card } from '@/components/ui/page';
import { useProjectCycles } from '@/entities/cycle/cycle-api';
import { CycleProgress } from '@/entities/cycle/cycle-progress';
import { countsText } from '@/entities/cycle/cycle-states';
import { paths } from '@/lib/paths';
import { CycleFacts } from './cycle-facts';
import './cycles.css';

export interface ProjectCyclesProps {
  project: Pick<Project, 'id' | 'name'>;
  /** 'New Test Cycle' and 'Re-run failed' (add_test_cycle). */
  canAdd: boolean;
}

/** The link that opens a new cycle of an earlier one's failed and blocked cases. */
export const rerunLink = (cycle: Pick<Cycle, 'id' | 'project_id'>) =>
  `${paths.cycleCreate(cycle.project_id)}?from=${cycle.id}`;

/**
 * The project page's Test Cycles (docs/product/cycles-screens.md, "On the project page"): open
 * ones first, each group newest first, each with its progress, state and facts, a page of 25 at
 * a time.
 */
export function ProjectCycles({ project, canAdd }: ProjectCyclesProps) {
  const cycles = useProjectCycles(project.id);
  return (
    <Card title="Test Cycles">
      {canAdd && cycles.data && cycles.data.length > 0 ? (
        <div className="detail-buttons cycle-card-actions">
          <ButtonLink to={paths.cycleCreate(project.id)} size="sm">
            New Test Cycle
          </ButtonLink>
        </div>
      ) : null}
      <ObjectList
        label={`Test cycles of ${project.name}`}
        rows={cycles.data ? openFirst(cycles.data) : undefined}
        rowKey={(cycle) => cycle.id}
        renderRow={(cycle) => <CycleLine cycle={cycle} canRerun={canAdd} />}
        pageParam="cycles"
        empty={
          <>
            <p>No test cycles yet.</p>
            {canAdd ? (
              <ButtonLink to={paths.cycleCreate(project.id)} size="sm">
                New Test Cycle
              </ButtonLink>
            ) : null}
          </>
        }
        error={cycles.error}
        what="the test cycles"
        onRetry={() => void cycles.refetch()}
        loadingText="Loading test cycles..."
      />
    </Card>
  );
}

/** Open cycles (the work in progress) before closed ones, each group newest first as answered. */
function openFirst(cycles: readonly Cycle[]): Cycle[] {
  return [...cycles.filter((c) => c.state === 'open'), ...cycles.filter((c) => c.state !== 'open')];
}

function CycleLine({ cycle, canRerun }: { cycle: Cycle; canRerun: boolean }) {
  const rerunnable = canRerun && cycle.counts.failed + cycle.counts.blocked > 0;
  return (
    <div className="cycle-line">
      <div className="cycle-line-head">
        <Link to={paths.cycleDetail(cycle.id)}>{cycle.name}</Link>
        <CycleFacts cycle={cycle} />
      </div>
      <CycleProgress counts={cycle.counts} />
      <p className="cycle-line-counts">{countsText(cycle.counts)}</p>
      {rerunnable ? (
        <ButtonLink
          to={rerunLink(cycle)}
          size="sm"
          variant="secondary"
          aria-label={`Re-run failed of ${cycle.name}`}
        >
          Re-run failed
        </ButtonLink>
      ) : null}
    </div>
  );
}

import type { ComparedCycle, Cycle, CycleComparison } from '@verdict/contract';
import { Link, useSearchParams } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { SelectField, type SelectOption } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card, Page } from '@/components/ui/page';
import { useProjectCycles } from '@/entities/cycle/cycle-api';
import { countsText } from '@/entities/cycle/cycle-states';
import { useProject } from '@/entities/project/get-project';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { formatDateTime } from '@/lib/format-date';
import { formatDuration } from '@/lib/format-duration';
import { paths } from '@/lib/paths';
import { parseId, useIdParam } from '@/lib/route-params';
import { useCycleComparison } from '../api/reports-api';
import { durationChangeText } from '../report-text';
import { CompareSections } from './compare-sections';
import './reports.css';

const TITLE = 'Compare cycles';

/**
 * /projects/{id}/cycles/compare?from=&to=: two cycles of the project side by side, what failed
 * anew, what was fixed, what still fails, and which cases came and went
 * (docs/product/reports-screens.md). The pair is in the address, so a comparison can be linked.
 */
export function CycleComparePage() {
  const projectId = useIdParam();
  const project = useProject(projectId);
  const breadcrumbs = useScreenTrail(projectId === null ? null : { type: 'project', id: projectId }, TITLE);
  const [params, setParams] = useSearchParams();
  const from = parseId(params.get('from') ?? undefined);
  const to = parseId(params.get('to') ?? undefined);
  const cycles = useProjectCycles(projectId ?? 0, projectId !== null);
  const comparison = useCycleComparison(from, to);
  if (projectId === null) {
    return (
      <Page title={TITLE}>
        <ErrorBox message="Failed to fetch project details" />
      </Page>
    );
  }
  const pick = (key: 'from' | 'to', value: string) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  const options = cycleOptions(cycles.data ?? [], comparison.data);
  return (
    <Page title={TITLE} subtitle={project.data?.name} breadcrumbs={breadcrumbs} card={false}>
      <Card className="report-card">
        <div className="compare-pickers">
          {(['from', 'to'] as const).map((key) => (
            <SelectField
              key={key}
              label={key === 'from' ? 'From' : 'To'}
              value={(key === 'from' ? from : to) ?? ''}
              placeholderOption="-- Pick a cycle --"
              options={options}
              onChange={(event) => pick(key, event.target.value)}
            />
          ))}
        </div>
        {cycles.error ? (
          <LoadFailed what="the cycles" error={cycles.error} onRetry={() => void cycles.refetch()} />
        ) : null}
      </Card>
      {from === null || to === null ? (
        <Card className="report-card">
          <p className="report-empty">Pick the two cycles to compare: From, the older, and To, the newer.</p>
        </Card>
      ) : comparison.error ? (
        <LoadFailed
          what="the comparison"
          error={comparison.error}
          onRetry={() => void comparison.refetch()}
        />
      ) : !comparison.data ? (
        <Loading text="Comparing the cycles..." />
      ) : (
        <>
          <Summary comparison={comparison.data} />
          <CompareSections comparison={comparison.data} />
        </>
      )}
    </Page>
  );
}

/** The project's cycles, newest first, as the list gives them; a linked cycle it lacks is kept. */
function cycleOptions(cycles: readonly Cycle[], comparison: CycleComparison | undefined): SelectOption[] {
  const options = cycles.map((cycle) => ({ value: cycle.id, label: cycleLabel(cycle) }));
  for (const cycle of comparison ? [comparison.from, comparison.to] : []) {
    if (!options.some((option) => option.value === cycle.id))
      options.push({ value: cycle.id, label: cycleLabel(cycle) });
  }
  return options;
}

const cycleLabel = (cycle: Pick<Cycle, 'name' | 'branch' | 'created_at'>) =>
  `${cycle.name} (${cycle.branch ?? 'no branch'}, ${formatDateTime(cycle.created_at)})`;

function Summary({ comparison }: { comparison: CycleComparison }) {
  return (
    <Card title="Summary" className="report-card">
      <div className="compare-summary">
        <CycleSummary side="From" cycle={comparison.from} />
        <CycleSummary side="To" cycle={comparison.to} />
      </div>
      <p className="compare-change">
        Duration change: <strong>{durationChangeText(comparison.duration_change_ms)}</strong>
      </p>
    </Card>
  );
}

function CycleSummary({ side, cycle }: { side: string; cycle: ComparedCycle }) {
  return (
    <div className="compare-cycle">
      <h3 className="compare-side">
        {side}: <Link to={paths.cycleDetail(cycle.id)}>{cycle.name}</Link>
      </h3>
      <dl className="compare-facts">
        <div>
          <dt>Branch</dt>
          <dd>{cycle.branch ?? 'No branch'}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatDateTime(cycle.created_at)}</dd>
        </div>
        <div>
          <dt>Results</dt>
          <dd>
            {countsText(cycle.counts)} ({cycle.counts.total} in all)
          </dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{formatDuration(cycle.duration_ms)}</dd>
        </div>
      </dl>
    </div>
  );
}

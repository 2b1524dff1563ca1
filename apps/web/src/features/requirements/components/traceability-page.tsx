import {
  type TraceabilityPage as Matrix,
  REQUIREMENT_COVERAGES,
  REQUIREMENT_STATUSES,
} from '@verdict/contract';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { SelectField } from '@/components/ui/form-field';
import { Card, Page } from '@/components/ui/page';
import { useConfigurationGroups } from '@/entities/configuration/configuration-groups';
import { milestoneOptions, useProjectMilestones } from '@/entities/milestone/milestone-api';
import { useProject } from '@/entities/project/get-project';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { COVERAGE_LABELS, STATUS_LABELS } from '@/entities/requirement/requirement-api';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { withParam } from '@/lib/use-url-list-state';
import { type TraceabilityFilters, useTraceability } from '../api/requirements';
import { summaryText } from '../requirement-text';
import { CoverageBadge } from './coverage';
import { MatrixCsvButton } from './matrix-csv-button';
import { MATRIX_PAGE_SIZE, MatrixTable } from './matrix-table';
import './requirements.css';

const TITLE = 'Traceability matrix';

const positiveId = (value: string | null) =>
  value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

/**
 * /projects/{id}/traceability: every requirement in tree order with its coverage, counts and its
 * cases' latest results, within a milestone or a configuration; filters by coverage and status,
 * the summary of the whole matrix, every row in one virtualized table, and Download CSV of it
 * (docs/product/requirements-screens.md, "The traceability matrix").
 */
export function TraceabilityPage() {
  const projectId = useIdParam();
  const project = useProject(projectId);
  const { can, loading } = useProjectPermissions(projectId);
  const trail = useScreenTrail(projectId === null ? null : { type: 'project', id: projectId }, TITLE);
  const allowed = !loading && can('home_requirement');

  if (projectId === null) {
    return (
      <Page title={TITLE}>
        <ErrorBox message="Failed to fetch project details" />
      </Page>
    );
  }
  const breadcrumbs = [
    ...trail.slice(0, -1),
    { label: 'Requirements', href: paths.requirements(projectId) },
    ...trail.slice(-1),
  ];
  let body: ReactNode;
  if (loading) body = null;
  else if (!allowed)
    body = (
      <Card>
        <p>You need the home_requirement permission to see this project's traceability matrix.</p>
      </Card>
    );
  else body = <MatrixView projectId={projectId} milestonesShown={can('home_milestone')} />;
  return (
    <Page title={TITLE} subtitle={project.data?.name} breadcrumbs={breadcrumbs} card={false}>
      {body}
    </Page>
  );
}

function MatrixView({ projectId, milestonesShown }: { projectId: number; milestonesShown: boolean }) {
  const [params, setParams] = useSearchParams();
  const milestones = useProjectMilestones(projectId, milestonesShown);
  const groups = useConfigurationGroups(projectId);
  const coverage = params.get('coverage') ?? '';
  const status = params.get('status') ?? '';
  const scope: TraceabilityFilters = {
    milestone_id: positiveId(params.get('milestone')),
    configuration_id: positiveId(params.get('configuration')),
    coverage: (REQUIREMENT_COVERAGES as readonly string[]).includes(coverage) ? coverage : '',
    status: (REQUIREMENT_STATUSES as readonly string[]).includes(status) ? status : '',
  };
  // The table's first page: the same request, so the summary costs nothing more.
  const matrix = useTraceability(projectId, { ...scope, limit: MATRIX_PAGE_SIZE, offset: 0 });
  const setFilter = (name: string, value: string) =>
    setParams(withParam(params, name, value), { replace: true });
  const configurationOptions = (groups.data ?? []).flatMap((group) =>
    group.configurations.map((configuration) => ({
      value: configuration.id,
      label: `${group.name}: ${configuration.name}`,
    })),
  );

  return (
    <>
      <Card>
        <div className="requirement-filters">
          {milestonesShown ? (
            <SelectField
              label="Milestone"
              placeholderOption="All results"
              options={milestoneOptions(milestones.data ?? [])}
              value={scope.milestone_id ?? ''}
              onChange={(event) => setFilter('milestone', event.target.value)}
            />
          ) : null}
          <SelectField
            label="Configuration"
            placeholderOption="Any configuration"
            options={configurationOptions}
            value={scope.configuration_id ?? ''}
            onChange={(event) => setFilter('configuration', event.target.value)}
          />
          <SelectField
            label="Coverage"
            placeholderOption="Any coverage"
            options={REQUIREMENT_COVERAGES.map((value) => ({ value, label: COVERAGE_LABELS[value] }))}
            value={scope.coverage ?? ''}
            onChange={(event) => setFilter('coverage', event.target.value)}
          />
          <SelectField
            label="Status"
            placeholderOption="Any status"
            options={REQUIREMENT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
            value={scope.status ?? ''}
            onChange={(event) => setFilter('status', event.target.value)}
          />
        </div>
        {matrix.data ? <Summary summary={matrix.data.summary} /> : null}
        <MatrixCsvButton projectId={projectId} filters={scope} />
      </Card>
      <Card>
        <MatrixTable key={JSON.stringify(scope)} projectId={projectId} filters={scope} />
      </Card>
    </>
  );
}

/** The whole matrix's requirements by coverage, each in words beside its badge. */
function Summary({ summary }: { summary: Matrix['summary'] }) {
  return (
    <>
      <h2 className="visually-hidden">Summary</h2>
      <ul className="traceability-summary" aria-label={summaryText(summary)}>
        {(['passing', 'failing', 'untested', 'not_covered'] as const).map((coverage) => (
          <li key={coverage}>
            <CoverageBadge coverage={coverage} /> <strong>{summary[coverage].toLocaleString('en-US')}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}

import { useSearchParams } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { SelectField } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card, Page } from '@/components/ui/page';
import { useProjectMilestones } from '@/entities/milestone/milestone-api';
import { useProject } from '@/entities/project/get-project';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { useIdParam } from '@/lib/route-params';
import {
  useCycleTrend,
  useFailingTests,
  useReportBranches,
  useSlowestTests,
  useWorkload,
} from '../api/reports-api';
import {
  filteredQuery,
  filtersFrom,
  milestoneFilterOptions,
  testerOptions,
  withFilters,
} from '../report-filters';
import { branchOptions, branchValue } from '../report-text';
import { CsvButton, PrintButton, useTablesOpenForPrint } from './report-export';
import { ReportFiltersForm } from './report-filters-form';
import { FailingTests, SlowestTests } from './test-sections';
import { TrendSections } from './trend-sections';
import { WorkloadSection } from './workload-section';
import './reports.css';

const TITLE = 'Reports';

/**
 * /projects/{id}/reports?branch=&from=&to=&milestone_id=&tester=: a branch's pass rate, duration and
 * flaky tests per cycle, its slowest and most often failing tests, and each tester's workload,
 * each a chart or a table with its numbers (docs/product/reports-screens.md). The branch and the
 * filters are in the address, so a report can be linked; each section downloads as CSV, and the
 * page prints for paper.
 */
export function ReportsPage() {
  const projectId = useIdParam();
  const project = useProject(projectId);
  const breadcrumbs = useScreenTrail(projectId === null ? null : { type: 'project', id: projectId }, TITLE);
  const [params, setParams] = useSearchParams();
  const branches = useReportBranches(projectId);
  const branch = branchValue(params.get('branch'), branches.data);
  const filters = filtersFrom(params);
  const query = branch === undefined ? null : filteredQuery(branch, filters);
  const trend = useCycleTrend(projectId, query);
  const slowest = useSlowestTests(projectId, query);
  const failing = useFailingTests(projectId, query);
  const workload = useWorkload(projectId, query);
  // Everyone with assigned items or results, whatever the filters: the Tester select's choices.
  const testers = useWorkload(projectId, '');
  const { can, loading } = useProjectPermissions(projectId);
  const milestonesShown = !loading && can('home_milestone');
  const milestones = useProjectMilestones(projectId, milestonesShown);
  useTablesOpenForPrint();
  if (projectId === null) {
    return (
      <Page title={TITLE}>
        <ErrorBox message="Failed to fetch project details" />
      </Page>
    );
  }
  return (
    <Page
      title={TITLE}
      subtitle={project.data?.name}
      breadcrumbs={breadcrumbs}
      card={false}
      actions={<PrintButton />}
    >
      <Card className="report-card report-controls">
        <div className="report-branch">
          <SelectField
            label="Branch"
            value={branch ?? ''}
            disabled={branch === undefined}
            options={branchOptions(branches.data, branch)}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              next.set('branch', event.target.value);
              setParams(next);
            }}
          />
        </div>
        <ReportFiltersForm
          key={JSON.stringify(filters)}
          filters={filters}
          testers={testerOptions(testers.data, filters.tester)}
          milestones={
            milestonesShown ? milestoneFilterOptions(milestones.data ?? [], filters.milestone_id) : null
          }
          onApply={(applied) => setParams(withFilters(params, applied))}
        />
        {branches.error ? (
          <LoadFailed what="the branches" error={branches.error} onRetry={() => void branches.refetch()} />
        ) : branch === undefined ? (
          <Loading text="Loading branches..." />
        ) : null}
      </Card>
      {query === null ? null : (
        <>
          <TrendSections projectId={projectId} trend={trend} query={query} />
          <SlowestTests projectId={projectId} report={slowest} query={query} />
          <FailingTests projectId={projectId} report={failing} query={query} />
          <WorkloadSection
            workload={workload}
            actions={
              <CsvButton projectId={projectId} report="workload" query={query} what="Workload per tester" />
            }
          />
        </>
      )}
    </Page>
  );
}

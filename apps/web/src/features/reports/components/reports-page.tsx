import { useSearchParams } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { SelectField } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card, Page } from '@/components/ui/page';
import { useProject } from '@/entities/project/get-project';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { useIdParam } from '@/lib/route-params';
import { useCycleTrend, useFailingTests, useReportBranches, useSlowestTests } from '../api/reports-api';
import { branchOptions, branchValue, reportQuery } from '../report-text';
import { FailingTests, SlowestTests } from './test-sections';
import { TrendSections } from './trend-sections';
import './reports.css';

const TITLE = 'Reports';

/**
 * /projects/{id}/reports?branch=: a branch's pass rate, duration and flaky tests per cycle, and
 * its slowest and most often failing tests, each a chart with its numbers in a table
 * (docs/product/reports-screens.md). The branch is in the address, so a report can be linked.
 */
export function ReportsPage() {
  const projectId = useIdParam();
  const project = useProject(projectId);
  const breadcrumbs = useScreenTrail(projectId === null ? null : { type: 'project', id: projectId }, TITLE);
  const [params, setParams] = useSearchParams();
  const branches = useReportBranches(projectId);
  const branch = branchValue(params.get('branch'), branches.data);
  const query = branch === undefined ? null : reportQuery(branch);
  const trend = useCycleTrend(projectId, query);
  const slowest = useSlowestTests(projectId, query);
  const failing = useFailingTests(projectId, query);
  if (projectId === null) {
    return (
      <Page title={TITLE}>
        <ErrorBox message="Failed to fetch project details" />
      </Page>
    );
  }
  return (
    <Page title={TITLE} subtitle={project.data?.name} breadcrumbs={breadcrumbs} card={false}>
      <Card className="report-card">
        <div className="report-branch">
          <SelectField
            label="Branch"
            value={branch ?? ''}
            disabled={branch === undefined}
            options={branchOptions(branches.data, branch)}
            onChange={(event) => setParams({ branch: event.target.value })}
          />
        </div>
        {branches.error ? (
          <LoadFailed what="the branches" error={branches.error} onRetry={() => void branches.refetch()} />
        ) : branch === undefined ? (
          <Loading text="Loading branches..." />
        ) : null}
      </Card>
      {query === null ? null : (
        <>
          <TrendSections projectId={projectId} trend={trend} />
          <SlowestTests report={slowest} />
          <FailingTests report={failing} />
        </>
      )}
    </Page>
  );
}

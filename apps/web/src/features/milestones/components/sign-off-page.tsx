import type { CycleCounts, SignOffReport } from '@verdict/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Markdown } from '@/components/ui/markdown';
import { ObjectNotFound } from '@/components/ui/object-not-found';
import { Card, Page } from '@/components/ui/page';
import { CycleProgress } from '@/entities/cycle/cycle-progress';
import { countsText } from '@/entities/cycle/cycle-states';
import { useObjectTrail } from '@/entities/project/use-object-trail';
import { errorText } from '@/lib/api-client';
import { formatCount } from '@/lib/format-number';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { withWarningSign } from '@/lib/warning-sign';
import { useSignOffPdf, useSignOffReport } from '../api/sign-off';
import { ReadinessReasons, rulesText } from './readiness-panel';
import './sign-off.css';

const TITLE = 'Sign-off report';

/**
 * /milestones/{id}/sign-off: the milestone's sign-off report on one page for the screen and for
 * paper (scope, readiness and its reasons, progress per plan and configuration, failures with their
 * defects, who tested what), Print, and Download PDF, made by the server
 * (docs/product/milestones.md, "Sign-off report").
 */
export function SignOffPage() {
  const id = useIdParam();
  const report = useSignOffReport(id);
  if (id === null) {
    return (
      <Page title={TITLE}>
        <ErrorBox message="Failed to fetch the milestone" />
      </Page>
    );
  }
  if (isNotFound(report.error)) {
    return <ObjectNotFound kind="Milestone" backTo={{ href: paths.dashboard, label: 'Back to Dashboard' }} />;
  }
  if (report.isError && !report.data) {
    return (
      <Page title={TITLE}>
        <LoadFailed what="the sign-off report" error={report.error} onRetry={() => void report.refetch()} />
      </Page>
    );
  }
  if (!report.data) {
    return (
      <Page title={TITLE}>
        <Loading text="Loading the sign-off report..." />
      </Page>
    );
  }
  return <SignOffView report={report.data} />;
}

function SignOffView({ report }: { report: SignOffReport }) {
  const { milestone, readiness } = report;
  const trail = useObjectTrail({ type: 'project', id: milestone.project_id });
  const pdf = useSignOffPdf(milestone.id);
  const breadcrumbs = [
    ...trail.crumbs,
    { label: 'Milestones', href: paths.milestones(milestone.project_id) },
    { label: milestone.name, href: paths.milestoneDetail(milestone.id) },
    { label: TITLE, href: paths.milestoneSignOff(milestone.id) },
  ];
  const actions = (
    <>
      <Button variant="secondary" onClick={() => window.print()}>
        Print
      </Button>
      <Button busy={pdf.isPending} onClick={() => pdf.mutate()}>
        Download PDF
      </Button>
    </>
  );
  return (
    <Page title={TITLE} subtitle={milestone.name} breadcrumbs={breadcrumbs} actions={actions} card={false}>
      <div className="sign-off">
        {pdf.isError ? (
          <p className="sign-off-error" role="alert">
            {withWarningSign(errorText(pdf.error, 'Failed to download the PDF'))}
          </p>
        ) : null}
        <p className="sign-off-made">Made {new Date(report.generated_at).toLocaleString()}</p>
        <Card title="Scope">
          <dl className="sign-off-facts">
            <Fact label="Project">{report.project.name}</Fact>
            <Fact label="State">{milestone.state === 'open' ? 'Open' : 'Completed'}</Fact>
            <Fact label="Start">{milestone.start_date ?? 'Not set'}</Fact>
            <Fact label="Due">{milestone.due_date ?? 'Not set'}</Fact>
            {milestone.branch ? (
              <Fact label="CI branch">
                <code>{milestone.branch}</code>
              </Fact>
            ) : null}
            {report.sub_milestones.length > 0 ? (
              <Fact label="Sub-milestones">
                {report.sub_milestones.map((sub, index) => (
                  <span key={sub.id}>
                    {index > 0 ? ', ' : null}
                    <Link to={paths.milestoneDetail(sub.id)}>{sub.name}</Link>
                  </span>
                ))}
              </Fact>
            ) : null}
            <Fact label="Test cycles">{formatCount(milestone.cycles)}</Fact>
          </dl>
          {milestone.description ? <Markdown text={milestone.description} /> : null}
        </Card>
        <Card title="Readiness">
          <p className={`sign-off-verdict sign-off-verdict-${readiness.ready ? 'ready' : 'not-ready'}`}>
            <span aria-hidden="true">{readiness.ready ? '✓ ' : '✗ '}</span>
            {readiness.ready ? 'Ready: every rule is met.' : 'Not ready.'}
          </p>
          <p>
            {rulesText(readiness.rules)}
            {readiness.rules_set ? null : ' (The default rules.)'}
          </p>
          <ReadinessReasons label="Why it is not ready" reasons={readiness.reasons} />
          <ReadinessReasons label="Not counted" reasons={readiness.notes} />
        </Card>
        <Card title="Progress">
          <CycleProgress counts={milestone.counts} legend />
          <p>
            {formatCount(milestone.counts.total)} items: {countsText(milestone.counts)}.
          </p>
          <h3 className="sign-off-heading">By test plan</h3>
          <PlanTable report={report} />
          <h3 className="sign-off-heading">By configuration</h3>
          <ConfigurationTable report={report} />
        </Card>
        <Card
          title={
            report.failure_count > report.failures.length
              ? `Failures (the first ${formatCount(report.failures.length)} of ${formatCount(report.failure_count)})`
              : `Failures (${formatCount(report.failure_count)})`
          }
        >
          <FailureTable report={report} />
        </Card>
        <Card title="Who tested what">
          <TesterTable report={report} />
        </Card>
      </div>
    </Page>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const COUNT_HEADS = ['Total', 'Passed', 'Failed', 'Blocked', 'Skipped', 'Retest', 'Untested'] as const;
const COUNT_KEYS: readonly (keyof CycleCounts)[] = [
  'total',
  'passed',
  'failed',
  'blocked',
  'skipped',
  'retest',
  'untested',
];

function CountCells({ counts }: { counts: CycleCounts }) {
  return (
    <>
      {COUNT_KEYS.map((key) => (
        <td key={key} className="sign-off-number">
          {formatCount(counts[key])}
        </td>
      ))}
    </>
  );
}

/** A table that scrolls sideways on a narrow window, focusable so a keyboard can scroll it. */
function Table({ label, head, children }: { label: string; head: readonly string[]; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region takes focus to scroll
    <section className="table-wrap sign-off-table-wrap" tabIndex={0} aria-label={label}>
      <table className="table sign-off-table">
        <thead>
          <tr>
            {head.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

function PlanTable({ report }: { report: SignOffReport }) {
  if (report.plans.length === 0) return <p>No test cycles.</p>;
  return (
    <Table label="Progress by test plan" head={['Test plan and cycle', 'Configurations', ...COUNT_HEADS]}>
      {report.plans.map((plan) => [
        <tr key={`plan-${plan.id ?? 'none'}`} className="sign-off-plan-row">
          <th scope="row">
            {plan.id === null ? plan.name : <Link to={paths.planDetail(plan.id)}>{plan.name}</Link>}
          </th>
          <td />
          <CountCells counts={plan.totals} />
        </tr>,
        ...plan.cycles.map((cycle) => (
          <tr key={cycle.id}>
            <th scope="row" className="sign-off-cycle">
              <Link to={paths.cycleDetail(cycle.id)}>{cycle.name}</Link>
              {cycle.state === 'closed' ? ' (closed)' : null}
            </th>
            <td>{cycle.configurations.map((c) => c.name).join(', ') || '—'}</td>
            <CountCells counts={cycle.counts} />
          </tr>
        )),
      ])}
    </Table>
  );
}

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);

function ConfigurationTable({ report }: { report: SignOffReport }) {
  if (report.configurations.length === 0) return <p>No test cycles.</p>;
  return (
    <Table label="Progress by configuration" head={['Configuration', 'Cycles', ...COUNT_HEADS, 'Pass rate']}>
      {report.configurations.map((row) => (
        <tr key={row.label}>
          <th scope="row">{row.label}</th>
          <td className="sign-off-number">{formatCount(row.cycles)}</td>
          <CountCells counts={row.counts} />
          <td className="sign-off-number">{percent(row.pass_rate)}</td>
        </tr>
      ))}
    </Table>
  );
}

function FailureTable({ report }: { report: SignOffReport }) {
  if (report.failures.length === 0) return <p>No failures.</p>;
  return (
    <Table label="Failures" head={['Case', 'Test cycle', 'Message', 'Defects', 'Recorded by']}>
      {report.failures.map((failure) => (
        <tr key={failure.item_id}>
          <th scope="row">
            <Link to={paths.caseDetail(failure.case_id)}>{failure.case_name}</Link>
          </th>
          <td>
            <Link to={paths.cycleDetail(failure.cycle_id)}>{failure.cycle_name}</Link>
          </td>
          <td className="sign-off-message">{failure.message ?? ''}</td>
          <td>
            {failure.defects.length === 0
              ? '—'
              : failure.defects.map((defect, index) => (
                  <span key={defect.defect}>
                    {index > 0 ? ', ' : null}
                    <a href={defect.url} target="_blank" rel="noopener noreferrer">
                      {defect.defect}
                    </a>
                  </span>
                ))}
          </td>
          <td>{failure.recorded_by ?? '—'}</td>
        </tr>
      ))}
    </Table>
  );
}

function TesterTable({ report }: { report: SignOffReport }) {
  if (report.testers.length === 0) return <p>No results recorded.</p>;
  return (
    <Table
      label="Who tested what"
      head={['Tester', 'Results', 'Passed', 'Failed', 'Blocked', 'Skipped', 'Retest', 'Test cycles']}
    >
      {report.testers.map((tester) => (
        <tr key={tester.user_id ?? 'imports'}>
          <th scope="row">
            {tester.username ?? (tester.user_id === null ? 'Imports' : `Deleted user #${tester.user_id}`)}
          </th>
          {[
            tester.results,
            tester.passed,
            tester.failed,
            tester.blocked,
            tester.skipped,
            tester.retest,
            tester.cycles,
          ].map((value, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
            <td key={index} className="sign-off-number">
              {formatCount(value)}
            </td>
          ))}
        </tr>
      ))}
    </Table>
  );
}

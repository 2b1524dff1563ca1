import type { UseQueryResult } from '@tanstack/react-query';
import type { ReportTest, TestReport } from '@verdict/contract';
import { Link } from 'react-router';
import { formatDuration } from '@/lib/format-duration';
import { formatCount } from '@/lib/format-number';
import { paths } from '@/lib/paths';
import { failingSummary, percentText, slowestSummary, timedTests } from '../report-text';
import { CsvButton } from './report-export';
import { ReportCard, ReportChart, ReportEmpty, ReportTable } from './report-parts';

/** The slowest and the most often failing tests of a branch (docs/product/reports-screens.md). */

function TestCell({ test }: { test: ReportTest }) {
  return (
    <th scope="row" className="report-name">
      <Link to={paths.caseDetail(test.case_id)}>{test.name}</Link>
    </th>
  );
}

interface TestSectionProps {
  projectId: number;
  report: UseQueryResult<TestReport>;
  /** The reports' query string, for the CSV. */
  query: string;
}

export function SlowestTests({ projectId, report, query }: TestSectionProps) {
  return (
    <ReportCard
      title="Slowest tests"
      what="the slowest tests"
      query={report}
      actions={<CsvButton projectId={projectId} report="slowest-tests" query={query} what="Slowest tests" />}
    >
      {(data) => {
        const tests = timedTests(data.tests);
        if (tests.length === 0) return <ReportEmpty>No results yet.</ReportEmpty>;
        return (
          <>
            <ReportChart
              kind="rank"
              summary={slowestSummary(tests)}
              points={tests.map((test) => ({ label: test.name, value: test.average_ms }))}
              format={formatDuration}
            />
            <ReportTable
              caption="Slowest tests by average duration, slowest first"
              head={['Test', 'Suite', 'Results', 'Average duration']}
            >
              {tests.map((test) => (
                <tr key={test.case_id}>
                  <TestCell test={test} />
                  <td>{test.suite_name ?? '—'}</td>
                  <td className="report-number">{formatCount(test.results)}</td>
                  <td className="report-number">{formatDuration(test.average_ms ?? 0)}</td>
                </tr>
              ))}
            </ReportTable>
          </>
        );
      }}
    </ReportCard>
  );
}

export function FailingTests({ projectId, report, query }: TestSectionProps) {
  return (
    <ReportCard
      title="Most often failing tests"
      what="the failing tests"
      query={report}
      actions={
        <CsvButton
          projectId={projectId}
          report="failing-tests"
          query={query}
          what="Most often failing tests"
        />
      }
    >
      {(data) => {
        const tests = data.tests.filter((test) => test.failures > 0);
        if (tests.length === 0) return <ReportEmpty>No failures yet.</ReportEmpty>;
        return (
          <>
            <ReportChart
              kind="rank"
              summary={failingSummary(tests)}
              points={tests.map((test) => ({ label: test.name, value: test.failures }))}
              format={String}
            />
            <ReportTable
              caption="Most often failing tests, most failures first"
              head={['Test', 'Suite', 'Results', 'Failures', 'Failure rate']}
            >
              {tests.map((test) => (
                <tr key={test.case_id}>
                  <TestCell test={test} />
                  <td>{test.suite_name ?? '—'}</td>
                  <td className="report-number">{formatCount(test.results)}</td>
                  <td className="report-number">{formatCount(test.failures)}</td>
                  <td className="report-number">{percentText(test.failure_rate)}</td>
                </tr>
              ))}
            </ReportTable>
          </>
        );
      }}
    </ReportCard>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import type { CycleTrend, ReportCycle } from '@verdict/contract';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format-date';
import { formatDuration } from '@/lib/format-duration';
import { formatCount } from '@/lib/format-number';
import { paths } from '@/lib/paths';
import {
  compareLink,
  durationSummary,
  flakySummary,
  importCycles,
  passRateSummary,
  percentText,
} from '../report-text';
import { CsvButton } from './report-export';
import { ReportCard, ReportChart, ReportEmpty, ReportTable } from './report-parts';

/**
 * The three sections read from a branch's cycle trend (the newest 50 cycles, oldest first):
 * pass rate, duration and flaky tests per cycle (docs/product/reports-screens.md).
 */
export function TrendSections({
  projectId,
  trend,
  query,
}: {
  projectId: number;
  trend: UseQueryResult<CycleTrend>;
  /** The reports' query string, for the CSV. */
  query: string;
}) {
  const csv = (what: string) => <CsvButton projectId={projectId} report="cycles" query={query} what={what} />;
  return (
    <>
      <ReportCard
        title="Pass rate per cycle"
        what="the cycles"
        query={trend}
        actions={csv('Pass rate per cycle')}
      >
        {(data) => <PassRate projectId={projectId} cycles={data.cycles} />}
      </ReportCard>
      <ReportCard
        title="Duration per cycle"
        what="the cycles"
        query={trend}
        actions={csv('Duration per cycle')}
      >
        {(data) => <Duration cycles={data.cycles} />}
      </ReportCard>
      <ReportCard
        title="Flaky tests over time"
        what="the cycles"
        query={trend}
        actions={csv('Flaky tests over time')}
      >
        {(data) => <Flaky cycles={data.cycles} />}
      </ReportCard>
    </>
  );
}

/** The cycle's number on the chart's axis, 1 for the oldest. */
function NumberCell({ index }: { index: number }) {
  return <td className="report-number">{index + 1}</td>;
}

const NO_CYCLES = 'No cycles yet on this branch.';

function CycleCell({ cycle }: { cycle: ReportCycle }) {
  return (
    <th scope="row" className="report-name">
      <Link to={paths.cycleDetail(cycle.id)}>{cycle.name}</Link>
    </th>
  );
}

const percentTick = (value: number) => `${Math.round(value)}%`;

function PassRate({ projectId, cycles }: { projectId: number; cycles: readonly ReportCycle[] }) {
  if (cycles.length === 0) return <ReportEmpty>{NO_CYCLES}</ReportEmpty>;
  const points = cycles.map((cycle) => ({
    label: cycle.name,
    value: cycle.pass_rate === null ? null : cycle.pass_rate * 100,
  }));
  return (
    <>
      <ReportChart
        kind="line"
        summary={passRateSummary(cycles)}
        points={points}
        format={percentTick}
        max={100}
      />
      <ReportTable
        caption="Pass rate per cycle, oldest first"
        head={['No.', 'Cycle', 'Date', 'Branch', 'Passed', 'Failed', 'Total', 'Pass rate', 'Compare']}
      >
        {cycles.map((cycle, index) => {
          const previous = cycles[index - 1];
          return (
            <tr key={cycle.id}>
              <NumberCell index={index} />
              <CycleCell cycle={cycle} />
              <td className="report-nowrap">{formatDateTime(cycle.created_at)}</td>
              <td>{cycle.branch ?? 'No branch'}</td>
              <td className="report-number">{formatCount(cycle.counts.passed)}</td>
              <td className="report-number">{formatCount(cycle.counts.failed)}</td>
              <td className="report-number">{formatCount(cycle.counts.total)}</td>
              <td className="report-number">
                {cycle.pass_rate === null ? '—' : percentText(cycle.pass_rate)}
              </td>
              <td className="report-nowrap">
                {previous ? (
                  <Link to={compareLink(projectId, previous.id, cycle.id)}>Compare with previous</Link>
                ) : null}
              </td>
            </tr>
          );
        })}
      </ReportTable>
    </>
  );
}

function Duration({ cycles }: { cycles: readonly ReportCycle[] }) {
  if (cycles.length === 0) return <ReportEmpty>{NO_CYCLES}</ReportEmpty>;
  const points = cycles.map((cycle) => ({ label: cycle.name, value: cycle.duration_ms }));
  return (
    <>
      <ReportChart kind="bar" summary={durationSummary(cycles)} points={points} format={formatDuration} />
      <ReportTable caption="Duration per cycle, oldest first" head={['No.', 'Cycle', 'Date', 'Duration']}>
        {cycles.map((cycle, index) => (
          <tr key={cycle.id}>
            <NumberCell index={index} />
            <CycleCell cycle={cycle} />
            <td className="report-nowrap">{formatDateTime(cycle.created_at)}</td>
            <td className="report-number">{formatDuration(cycle.duration_ms)}</td>
          </tr>
        ))}
      </ReportTable>
    </>
  );
}

function Flaky({ cycles }: { cycles: readonly ReportCycle[] }) {
  const imports = importCycles(cycles);
  if (imports.length === 0) return <ReportEmpty>No imported cycles yet on this branch.</ReportEmpty>;
  const points = imports.map((cycle) => ({ label: cycle.name, value: cycle.flaky_count }));
  return (
    <>
      <p className="report-note">Counted after each import from CI; manual cycles are left out.</p>
      <ReportChart kind="line" summary={flakySummary(imports)} points={points} format={String} counts />
      <ReportTable
        caption="Flaky tests after each import, oldest first"
        head={['No.', 'Cycle', 'Date', 'Flaky tests']}
      >
        {imports.map((cycle, index) => (
          <tr key={cycle.id}>
            <NumberCell index={index} />
            <CycleCell cycle={cycle} />
            <td className="report-nowrap">{formatDateTime(cycle.created_at)}</td>
            <td className="report-number">{formatCount(cycle.flaky_count ?? 0)}</td>
          </tr>
        ))}
      </ReportTable>
    </>
  );
}

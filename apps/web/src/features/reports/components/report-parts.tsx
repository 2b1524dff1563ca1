import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card } from '@/components/ui/page';
import { RankBars } from './rank-bars';
import type { ChartProps } from './report-charts';

/** The pieces every report section shares: its card and states, its chart and its table. */

const charts = {
  line: lazy(() => import('./report-charts').then((module) => ({ default: module.TrendLineChart }))),
  bar: lazy(() => import('./report-charts').then((module) => ({ default: module.TrendBarChart }))),
};

export interface ReportCardProps<T> {
  title: string;
  /** What a failed load names: 'the cycles' reads "Could not load the cycles." */
  what: string;
  query: UseQueryResult<T>;
  /** Shown under the heading, e.g. the section's 'Download CSV'. */
  actions?: ReactNode;
  children: (data: T) => ReactNode;
}

/** A section of the report: an h2, then its load, its failure with Retry, or its contents. */
export function ReportCard<T>({ title, what, query, actions, children }: ReportCardProps<T>) {
  return (
    <Card title={title} className="report-card">
      {actions ? <div className="report-card-actions">{actions}</div> : null}
      {query.error ? (
        <LoadFailed what={what} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data === undefined ? (
        <Loading text={`Loading ${what}...`} />
      ) : (
        children(query.data)
      )}
    </Card>
  );
}

/**
 * A chart, named for screen readers by `summary` (its numbers are in the table under it): a line
 * or bars over the cycles (the chart library arrives with the first one), or ranked bars with the
 * tests' whole names.
 */
export function ReportChart({
  kind,
  summary,
  ...chart
}: ChartProps & { kind: keyof typeof charts | 'rank'; summary: string }) {
  return (
    <>
      <div className="report-chart" role="img" aria-label={summary}>
        {/* The drawing itself says nothing more than the label: hidden, so no unnamed image is left. */}
        <div aria-hidden="true">
          {kind === 'rank' ? (
            <RankBars points={chart.points} format={chart.format} />
          ) : (
            <CycleChart kind={kind} {...chart} />
          )}
        </div>
      </div>
      {kind === 'rank' ? null : (
        <p className="report-axis-note">Cycles are numbered from 1, the oldest; the table names each one.</p>
      )}
    </>
  );
}

function CycleChart({ kind, ...chart }: ChartProps & { kind: keyof typeof charts }) {
  const Chart = charts[kind];
  return (
    <Suspense fallback={<p className="report-chart-loading">Loading chart...</p>}>
      <Chart {...chart} />
    </Suspense>
  );
}

/** The numbers of a chart as a table, folded under it; it scrolls sideways on its own. */
export function ReportTable({
  caption,
  head,
  children,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
}) {
  return (
    <details className="report-details">
      <summary>Table</summary>
      {/* Focusable, so a keyboard can scroll it sideways on a narrow window. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region takes focus to scroll */}
      <section className="table-wrap report-table-wrap" tabIndex={0} aria-label={caption}>
        <table className="table report-table">
          <caption className="report-caption">{caption}</caption>
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
    </details>
  );
}

export function ReportEmpty({ children }: { children: ReactNode }) {
  return <p className="report-empty">{children}</p>;
}

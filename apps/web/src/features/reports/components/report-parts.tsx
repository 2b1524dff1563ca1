import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card } from '@/components/ui/page';
import type { ChartProps } from './report-charts';

/** The pieces every report section shares: its card and states, its chart and its table. */

const charts = {
  line: lazy(() => import('./report-charts').then((module) => ({ default: module.TrendLineChart }))),
  bar: lazy(() => import('./report-charts').then((module) => ({ default: module.TrendBarChart }))),
  rank: lazy(() => import('./report-charts').then((module) => ({ default: module.RankBarChart }))),
};

export interface ReportCardProps<T> {
  title: string;
  /** What a failed load names: 'the cycles' reads "Could not load the cycles." */
  what: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

/** A section of the report: an h2, then its load, its failure with Retry, or its contents. */
export function ReportCard<T>({ title, what, query, children }: ReportCardProps<T>) {
  return (
    <Card title={title} className="report-card">
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
 * A chart, named for screen readers by `summary` (its numbers are in the table under it); the
 * chart library arrives with the first chart.
 */
export function ReportChart({
  kind,
  summary,
  ...chart
}: ChartProps & { kind: keyof typeof charts; summary: string }) {
  const Chart = charts[kind];
  return (
    <div className="report-chart" role="img" aria-label={summary}>
      {/* The drawing itself says nothing more than the label: hidden, so no unnamed image is left. */}
      <div aria-hidden="true">
        <Suspense fallback={<p className="report-chart-loading">Loading chart...</p>}>
          <Chart {...chart} />
        </Suspense>
      </div>
    </div>
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
      <div className="table-wrap report-table-wrap">
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
      </div>
    </details>
  );
}

export function ReportEmpty({ children }: { children: ReactNode }) {
  return <p className="report-empty">{children}</p>;
}

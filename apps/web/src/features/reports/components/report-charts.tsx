import {
  type AxisDomainItem,
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { countTicks } from '../report-ticks';

/**
 * The Reports screen's charts over cycles, loaded on their own (React.lazy) so the chart library
 * stays out of the screen's first chunk. Each is drawn inside a `role="img"` wrapper that names
 * what it shows, with its numbers in a table beside it: the charts themselves carry no keyboard
 * layer. Colours come from CSS (reports.css) through `currentColor`, so both themes apply.
 *
 * A cycle's name is never cut on the axis, where two long names would read the same: the axis
 * numbers the cycles 1 (oldest) to n, and the tooltip and the table's "No." column give each
 * number its whole name (decision 186).
 */

export interface ChartPoint {
  /** A cycle's or a test's name, whole. */
  label: string;
  /** null: nothing to draw for it (a cycle with nothing executed). */
  value: number | null;
}

export interface ChartProps {
  points: readonly ChartPoint[];
  /** How a value reads on the axis and in the tooltip. */
  format: (value: number) => string;
  /** The value axis' top, e.g. 100 for a percentage; the data's own when absent. */
  max?: number;
  /** The values count things: whole-number ticks only. */
  counts?: boolean;
}

const AXIS_TICK = { fill: 'currentColor', fontSize: 12 };

/** The tooltip in the theme's colours (its own are set inline, so CSS classes cannot reach them). */
const TOOLTIP_STYLE = { background: 'var(--color-surface)', borderColor: 'var(--color-border)' };

const tooltipFormatter = (format: (value: number) => string) => (value: unknown) =>
  typeof value === 'number' ? format(value) : String(value ?? '');

/** The tooltip's title: the point's number and its whole name. */
const tooltipLabel = (position: unknown, payload: readonly { payload?: { label?: string } }[]) =>
  `${String(position)}. ${payload[0]?.payload?.label ?? ''}`;

/** Each point with its number on the axis, 1 for the oldest. */
const numbered = (points: readonly ChartPoint[]) =>
  points.map((point, index) => ({ ...point, position: index + 1 }));

/** The value axis: fixed whole-number ticks for counts, the library's own otherwise. */
function valueAxis({ points, format, max, counts }: ChartProps): {
  ticks?: number[];
  domain: readonly [AxisDomainItem, AxisDomainItem];
  tickFormatter: (value: number) => string;
  allowDecimals: boolean;
} {
  if (counts) {
    const ticks = countTicks(Math.max(0, ...points.map((point) => point.value ?? 0)));
    return { ticks, domain: [0, ticks.at(-1) ?? 1], tickFormatter: format, allowDecimals: false };
  }
  return { domain: [0, max ?? 'auto'], tickFormatter: format, allowDecimals: false };
}

/** A line over the cycles, oldest at the left. */
export function TrendLineChart(props: ChartProps) {
  const { points, format } = props;
  return (
    <ResponsiveContainer width="100%" height={240} initialDimension={{ width: 320, height: 240 }}>
      <LineChart
        data={numbered(points)}
        margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" className="report-chart-grid" />
        <XAxis dataKey="position" tick={AXIS_TICK} minTickGap={8} />
        <YAxis tick={AXIS_TICK} width={56} {...valueAxis(props)} />
        <Tooltip
          formatter={tooltipFormatter(format)}
          labelFormatter={tooltipLabel}
          contentStyle={TOOLTIP_STYLE}
        />
        <Line
          type="linear"
          dataKey="value"
          className="report-chart-line"
          stroke="currentColor"
          strokeWidth={2}
          dot={{ r: 3 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

/** A bar per cycle, oldest at the left. */
export function TrendBarChart(props: ChartProps) {
  const { points, format } = props;
  return (
    <ResponsiveContainer width="100%" height={240} initialDimension={{ width: 320, height: 240 }}>
      <BarChart
        data={numbered(points)}
        margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} className="report-chart-grid" />
        <XAxis dataKey="position" tick={AXIS_TICK} minTickGap={8} />
        <YAxis tick={AXIS_TICK} width={56} {...valueAxis(props)} />
        <Tooltip
          formatter={tooltipFormatter(format)}
          labelFormatter={tooltipLabel}
          contentStyle={TOOLTIP_STYLE}
        />
        <Bar dataKey="value" className="report-chart-bar" fill="currentColor" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

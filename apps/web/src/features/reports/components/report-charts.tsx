import {
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

/**
 * The Reports screen's charts, loaded on their own (React.lazy) so the chart library stays out
 * of the screen's first chunk. Each is drawn inside a `role="img"` wrapper that names what it
 * shows, with its numbers in a table beside it: the charts themselves carry no keyboard layer.
 * Colours come from CSS (reports.css) through `currentColor`, so both themes apply.
 */

export interface ChartPoint {
  /** A cycle's or a test's name. */
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
}

const AXIS_TICK = { fill: 'currentColor', fontSize: 12 };

/** A long name cut to fit an axis; the table holds it whole. */
const short = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

/** The tooltip in the theme's colours (its own are set inline, so CSS classes cannot reach them). */
const TOOLTIP_STYLE = { background: 'var(--color-surface)', borderColor: 'var(--color-border)' };

const tooltipFormatter = (format: (value: number) => string) => (value: unknown) =>
  typeof value === 'number' ? format(value) : String(value ?? '');

/** A line over the cycles, oldest at the left. */
export function TrendLineChart({ points, format, max }: ChartProps) {
  return (
    <ResponsiveContainer width="100%" height={240} initialDimension={{ width: 320, height: 240 }}>
      <LineChart
        data={[...points]}
        margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" className="report-chart-grid" />
        <XAxis
          dataKey="label"
          tick={AXIS_TICK}
          tickFormatter={(label: string) => short(label, 12)}
          minTickGap={16}
        />
        <YAxis
          tick={AXIS_TICK}
          tickFormatter={format}
          domain={[0, max ?? 'auto']}
          allowDecimals={false}
          width={56}
        />
        <Tooltip formatter={tooltipFormatter(format)} contentStyle={TOOLTIP_STYLE} />
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
export function TrendBarChart({ points, format, max }: ChartProps) {
  return (
    <ResponsiveContainer width="100%" height={240} initialDimension={{ width: 320, height: 240 }}>
      <BarChart
        data={[...points]}
        margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} className="report-chart-grid" />
        <XAxis
          dataKey="label"
          tick={AXIS_TICK}
          tickFormatter={(label: string) => short(label, 12)}
          minTickGap={16}
        />
        <YAxis tick={AXIS_TICK} tickFormatter={format} domain={[0, max ?? 'auto']} width={56} />
        <Tooltip formatter={tooltipFormatter(format)} contentStyle={TOOLTIP_STYLE} />
        <Bar dataKey="value" className="report-chart-bar" fill="currentColor" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** A horizontal bar per test, the largest on top, names cut to fit a phone. */
export function RankBarChart({ points, format }: ChartProps) {
  const height = 40 + points.length * 28;
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 320, height }}>
      <BarChart
        data={[...points]}
        layout="vertical"
        margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} className="report-chart-grid" />
        <XAxis type="number" tick={AXIS_TICK} tickFormatter={format} />
        <YAxis
          type="category"
          dataKey="label"
          tick={AXIS_TICK}
          tickFormatter={(label: string) => short(label, 16)}
          width={120}
          interval={0}
        />
        <Tooltip formatter={tooltipFormatter(format)} contentStyle={TOOLTIP_STYLE} />
        <Bar dataKey="value" className="report-chart-bar" fill="currentColor" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

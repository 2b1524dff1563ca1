import { Bar, BarChart, CartesianGrid, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS } from '@/lib/ui-constants';

/**
 * The dashboard's charts. This is the only module that imports recharts, and the dashboard
 * loads it lazily, so no other screen (sign-in above all) downloads chart code.
 */

export interface ChartProps {
  /** Smaller charts for narrow windows (from the tracked window width). */
  compact: boolean;
}

// The theme's border colour (global.css), so the empty ring and the grid follow the dark theme.
const EMPTY_RING = 'var(--color-border)';
const GRID_LINE = 'var(--color-border)';
// The figure's text colour (dashboard.css), so the labels follow the theme.
const AXIS_TEXT = 'currentColor';

/**
 * 'Total Projects': a donut without labels; the number sits in its hole
 * (docs/product/dashboard.md, "The screen (`/dashboard`)"; colours:
 * docs/product/limits-and-constants.md, "Values and colours").
 */
export function ProjectsDonut({ totalProjects, compact }: ChartProps & { totalProjects: number }) {
  const size = compact ? 180 : 220;
  const empty = totalProjects === 0;
  const data = [{ name: 'Projects', value: empty ? 1 : totalProjects }];
  return (
    <div className="donut" style={{ width: size, height: size }}>
      <PieChart width={size} height={size} accessibilityLayer={false}>
        <Pie
          data={data}
          dataKey="value"
          nameKey="name"
          innerRadius={size * 0.32}
          outerRadius={size * 0.46}
          startAngle={90}
          endAngle={-270}
          stroke="none"
          fill={empty ? EMPTY_RING : CHART_COLORS.blue}
          label={false}
          labelLine={false}
          isAnimationActive={false}
        />
        {empty ? null : <Tooltip />}
      </PieChart>
      <div className="donut-center" aria-hidden="true">
        <span className="donut-value">{totalProjects}</span>
        <span className="donut-caption">{totalProjects === 1 ? 'project' : 'projects'}</span>
      </div>
    </div>
  );
}

/**
 * 'Projects vs Test Suites': two blue bars, blue being for everything but results
 * (docs/product/dashboard.md, "The screen (`/dashboard`)"; colours:
 * docs/product/limits-and-constants.md, "Values and colours").
 */
export function ProjectsVsSuitesBar({
  totalProjects,
  totalTestSuites,
  compact,
}: ChartProps & { totalProjects: number; totalTestSuites: number }) {
  const data = [
    { name: 'Projects', count: totalProjects },
    { name: 'Test Suites', count: totalTestSuites },
  ];
  return (
    <BarChart
      responsive
      style={{ width: '100%', height: compact ? 200 : 240 }}
      data={data}
      margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
      accessibilityLayer={false}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={GRID_LINE} />
      <XAxis dataKey="name" tick={{ fill: AXIS_TEXT, fontSize: 13 }} tickLine={false} axisLine={false} />
      <YAxis
        allowDecimals={false}
        tick={{ fill: AXIS_TEXT, fontSize: 13 }}
        tickLine={false}
        axisLine={false}
      />
      <Tooltip cursor={{ fill: 'rgba(37, 99, 235, 0.06)' }} />
      <Bar
        dataKey="count"
        name="Count"
        fill={CHART_COLORS.blue}
        radius={[6, 6, 0, 0]}
        maxBarSize={compact ? 56 : 72}
        isAnimationActive={false}
      />
    </BarChart>
  );
}

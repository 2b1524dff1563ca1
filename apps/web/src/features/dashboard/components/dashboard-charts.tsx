import { useLayoutEffect, useRef, useState } from 'react';
import { CHART_COLORS } from '@/lib/ui-constants';
import { niceTicks } from '../chart-ticks';

/**
 * The dashboard's two charts, drawn here in SVG: a ring and two bars need no chart library, and
 * the phone's first screen, where they show, stays light (decision record 190). The elements carry
 * the class names the chart library gave them (`recharts-pie-sector`, `recharts-bar-rectangle`),
 * which styles and checks read. Each card's figure names its values for screen readers; the SVG
 * is decoration beside that name.
 */

export interface ChartProps {
  /** Smaller charts for narrow windows (from the tracked window width). */
  compact: boolean;
}

// The theme's border colour (global.css), so the empty ring and the grid follow the dark theme.
const EMPTY_RING = 'var(--color-border)';
const GRID_LINE = 'var(--color-border)';

/** A ring between two radii around (c, c), as one path (even-odd fill). */
function ringPath(c: number, outer: number, inner: number): string {
  const circle = (r: number) =>
    `M ${c - r} ${c} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0 Z`;
  return `${circle(outer)} ${circle(inner)}`;
}

/**
 * 'Total Projects': a donut without labels; the number sits in its hole
 * (docs/product/dashboard.md, "The screen (`/dashboard`)"; colours:
 * docs/product/limits-and-constants.md, "Values and colours").
 */
export function ProjectsDonut({ totalProjects, compact }: ChartProps & { totalProjects: number }) {
  const size = compact ? 180 : 220;
  const empty = totalProjects === 0;
  const c = size / 2;
  return (
    <div className="donut" style={{ width: size, height: size }}>
      <svg
        className="recharts-surface"
        width={size}
        height={size}
        viewBox={`0 0 ${size} ${size}`}
        aria-hidden="true"
      >
        <g className="recharts-pie">
          <g className="recharts-pie-sector">
            <path
              d={ringPath(c, size * 0.46, size * 0.32)}
              fillRule="evenodd"
              fill={empty ? EMPTY_RING : CHART_COLORS.blue}
            >
              {empty ? null : <title>{`Projects: ${totalProjects}`}</title>}
            </path>
          </g>
        </g>
      </svg>
      <div className="donut-center" aria-hidden="true">
        <span className="donut-value">{totalProjects}</span>
        <span className="donut-caption">{totalProjects === 1 ? 'project' : 'projects'}</span>
      </div>
    </div>
  );
}

/** The width its element is given, followed as the window changes. */
function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

const AXIS_WIDTH = 48;
const LABEL_HEIGHT = 28;
const TOP = 8;
const RIGHT = 8;
const RADIUS = 6;

/** A bar from its top-left corner, its top corners rounded. */
function barPath(x: number, y: number, width: number, height: number): string {
  const r = Math.min(RADIUS, width / 2, height);
  return `M ${x} ${y + height} V ${y + r} Q ${x} ${y} ${x + r} ${y} H ${x + width - r} Q ${x + width} ${y} ${x + width} ${y + r} V ${y + height} Z`;
}

/**
 * 'Projects vs Test Suites': two blue bars on whole-number ticks, blue being for everything but
 * results (docs/product/dashboard.md, "The screen (`/dashboard`)"; colours:
 * docs/product/limits-and-constants.md, "Values and colours").
 */
export function ProjectsVsSuitesBar({
  totalProjects,
  totalTestSuites,
  compact,
}: ChartProps & { totalProjects: number; totalTestSuites: number }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const height = compact ? 200 : 240;
  const bars = [
    { name: 'Projects', count: totalProjects },
    { name: 'Test Suites', count: totalTestSuites },
  ];
  const ticks = niceTicks(Math.max(totalProjects, totalTestSuites));
  const top = ticks.at(-1) ?? 1;
  const plotWidth = Math.max(0, width - AXIS_WIDTH - RIGHT);
  const plotHeight = height - TOP - LABEL_HEIGHT;
  const band = plotWidth / bars.length;
  const barWidth = Math.min(compact ? 56 : 72, band * 0.8);
  const yOf = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  return (
    <div ref={ref} className="recharts-wrapper bar-chart" style={{ width: '100%', height }}>
      {width > 0 ? (
        <svg className="recharts-surface" width={width} height={height} aria-hidden="true">
          <g className="recharts-cartesian-grid">
            {ticks.map((tick) => (
              <line
                key={tick}
                x1={AXIS_WIDTH}
                x2={AXIS_WIDTH + plotWidth}
                y1={yOf(tick)}
                y2={yOf(tick)}
                stroke={GRID_LINE}
                strokeDasharray="3 3"
              />
            ))}
          </g>
          <g className="recharts-yAxis" fill="currentColor" fontSize={13} textAnchor="end">
            {ticks.map((tick) => (
              <text key={tick} x={AXIS_WIDTH - 8} y={yOf(tick)} dy="0.35em">
                {tick}
              </text>
            ))}
          </g>
          <g className="recharts-xAxis" fill="currentColor" fontSize={13} textAnchor="middle">
            {bars.map((bar, index) => (
              <text key={bar.name} x={AXIS_WIDTH + band * (index + 0.5)} y={height - 8}>
                {bar.name}
              </text>
            ))}
          </g>
          <g className="recharts-bar">
            {bars.map((bar, index) => {
              const x = AXIS_WIDTH + band * (index + 0.5) - barWidth / 2;
              const y = yOf(bar.count);
              return (
                <g key={bar.name} className="recharts-bar-rectangle">
                  <path d={barPath(x, y, barWidth, TOP + plotHeight - y)} fill={CHART_COLORS.blue}>
                    <title>{`${bar.name}: ${bar.count}`}</title>
                  </path>
                </g>
              );
            })}
          </g>
        </svg>
      ) : null}
    </div>
  );
}

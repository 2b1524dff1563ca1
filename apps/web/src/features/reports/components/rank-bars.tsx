import type { ChartPoint } from './report-charts';

/**
 * A ranked list drawn as horizontal bars, the largest on top: each row its whole name (wrapping,
 * never cut, so two long names never read the same), its bar and its value written out. Plain
 * HTML, so a name wraps at any width, a phone's included (docs/product/reports-screens.md).
 */
export function RankBars({
  points,
  format,
}: {
  points: readonly ChartPoint[];
  format: (value: number) => string;
}) {
  const largest = Math.max(0, ...points.map((point) => point.value ?? 0));
  return (
    <ol className="rank-bars">
      {points.map((point, index) => {
        const value = point.value ?? 0;
        const width = largest > 0 ? (value / largest) * 100 : 0;
        return (
          // Two tests may share a name: the position keeps the keys apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is ranked and redrawn whole
          <li key={index} className="rank-bar">
            <span className="rank-bar-name">{point.label}</span>
            <span className="rank-bar-track">
              <span className="rank-bar-fill" style={{ width: `${width}%` }} />
            </span>
            <span className="rank-bar-value">{format(value)}</span>
          </li>
        );
      })}
    </ol>
  );
}

import type { CaseStatus } from '@verdict/contract';
import type { CSSProperties } from 'react';

/**
 * Chart colours: green passed, red failed; grey when nothing ran
 * (docs/product/cases.md, "Status and roll-up").
 */
export const STATUS_MARK_COLORS = { passed: '#16a34a', failed: '#dc2626', none: '#94a3b8' } as const;

const colorOf = (status: CaseStatus) => STATUS_MARK_COLORS[status ?? 'none'];
const wordOf = (status: CaseStatus) => status ?? 'none';

export interface StatusMarkProps {
  /** The case's latest run status; null when it never ran. */
  status: CaseStatus;
  /** The roll-up of the case and its descendants; shown for a case with children. */
  rollup?: CaseStatus;
  /** The case has children, so its roll-up is worth showing apart. */
  hasChildren?: boolean;
  /** Show the words next to the dot (the case page); the dot itself is then hidden from screen readers. */
  showLabel?: boolean;
  /**
   * Keep the surrounding element's accessible name as it is: the dot is hidden from the
   * accessibility tree and read through `aria-describedby={id}` instead (tree rows, whose
   * names people and tests match exactly).
   */
  asDescription?: boolean;
  id?: string;
}

/** 'Latest: passed, subtree: failed' (or 'Latest: none' for a leaf that never ran). */
export function statusMarkLabel({
  status,
  rollup,
  hasChildren,
}: Pick<StatusMarkProps, 'status' | 'rollup' | 'hasChildren'>): string {
  const latest = `Latest: ${wordOf(status)}`;
  return hasChildren && rollup !== undefined ? `${latest}, subtree: ${wordOf(rollup)}` : latest;
}

function dotStyle({ status, rollup, hasChildren }: StatusMarkProps): CSSProperties {
  const fill = colorOf(status);
  const ring = hasChildren && rollup !== undefined ? colorOf(rollup) : fill;
  return {
    display: 'inline-block',
    flex: 'none',
    width: 10,
    height: 10,
    borderRadius: '50%',
    boxSizing: 'border-box',
    background: fill,
    border: `2px solid ${ring}`,
    // A ring of another colour reads better a pixel wider.
    boxShadow: ring === fill ? undefined : `0 0 0 1px ${ring}`,
    verticalAlign: 'middle',
  };
}

/**
 * A small dot for a test case: filled with the colour of its latest run and, for a case with
 * children, ringed with the colour of its subtree's roll-up, so a passing parent above a failing
 * child shows green inside red. The words are its accessible name and its tooltip.
 */
export function StatusMark(props: StatusMarkProps) {
  const label = statusMarkLabel(props);
  if (props.showLabel) {
    return (
      <span className="status-mark-line" id={props.id} title={label}>
        <span aria-hidden="true" className="status-mark" style={dotStyle(props)} /> {label}
      </span>
    );
  }
  return (
    <span
      id={props.id}
      role="img"
      aria-label={label}
      aria-hidden={props.asDescription || undefined}
      title={label}
      className="status-mark"
      style={dotStyle(props)}
    />
  );
}

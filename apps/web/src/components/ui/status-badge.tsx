export interface StatusBadgeProps {
  /**
   * 'active' / 'passed' show green, 'inactive' / 'failed' red, anything else blue
   * (docs/product/limits-and-constants.md, "Values and colours").
   */
  value: string;
  /** Text to show instead of the capitalised value. */
  label?: string;
}

const TONES: Record<string, 'success' | 'danger'> = {
  active: 'success',
  passed: 'success',
  inactive: 'danger',
  failed: 'danger',
};

export function StatusBadge({ value, label }: StatusBadgeProps) {
  const tone = TONES[value.toLowerCase()] ?? 'info';
  const text = label ?? (value ? value.charAt(0).toUpperCase() + value.slice(1) : '-');
  return <span className={`badge badge-${tone}`}>{text}</span>;
}

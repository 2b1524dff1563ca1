import { type ChangeEvent, type KeyboardEvent, useId } from 'react';
import './select-checkbox.css';

export interface SelectCheckboxProps {
  /** Its accessible name, e.g. 'Select Pay by card'. */
  label: string;
  /** Show the label next to the box (else it is only its accessible name). */
  showLabel?: boolean;
  checked: boolean;
  /** Partly ticked (a 'select all' box when some rows are). */
  mixed?: boolean;
  /** A click or Space; `range` when Shift was held (a Shift-click range). */
  onToggle: (range: boolean) => void;
}

/**
 * A row's checkbox in a list of cases (docs/product/bulk-actions-screens.md): a click or Space
 * ticks it, Shift+click or Shift+Space ticks the range from the row clicked last.
 */
export function SelectCheckbox({
  label,
  showLabel = false,
  checked,
  mixed = false,
  onToggle,
}: SelectCheckboxProps) {
  const id = useId();
  const box = (
    <input
      type="checkbox"
      id={id}
      className="select-checkbox"
      aria-label={showLabel ? undefined : label}
      checked={checked}
      ref={(box) => {
        if (box) box.indeterminate = mixed;
      }}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        onToggle((event.nativeEvent as MouseEvent).shiftKey === true)
      }
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        // Shift+Space: the browser's own click may not say Shift was held, so it is done here.
        if (event.key === ' ' && event.shiftKey) {
          event.preventDefault();
          onToggle(true);
        }
      }}
    />
  );
  if (!showLabel) return box;
  return (
    <span className="select-checkbox-field">
      {box}
      <label htmlFor={id}>{label}</label>
    </span>
  );
}

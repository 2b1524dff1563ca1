import type { ConfigurationGroup } from '@verdict/contract';
import { useId } from 'react';

export interface ConfigurationMatrixProps {
  groups: readonly ConfigurationGroup[];
  picked: ReadonlySet<number>;
  onChange: (next: ReadonlySet<number>) => void;
}

/**
 * The project's configuration groups, each a fieldset of checkboxes: configurations of one group
 * are alternatives, so an entry makes one cycle per choice of one from each group it picks from
 * (docs/product/plans.md, "The model"). The groups wrap at narrow widths.
 */
export function ConfigurationMatrix({ groups, picked, onChange }: ConfigurationMatrixProps) {
  const toggle = (id: number) => {
    const next = new Set(picked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };
  return (
    <div className="plan-matrix">
      {groups.map((group) => (
        <fieldset key={group.id} className="plan-matrix-group">
          <legend>{group.name}</legend>
          {group.configurations.length === 0 ? (
            <p className="plan-muted">No configurations in this group.</p>
          ) : (
            group.configurations.map((configuration) => (
              <Choice
                key={configuration.id}
                label={configuration.name}
                checked={picked.has(configuration.id)}
                onToggle={() => toggle(configuration.id)}
              />
            ))
          )}
        </fieldset>
      ))}
    </div>
  );
}

function Choice({ label, checked, onToggle }: { label: string; checked: boolean; onToggle: () => void }) {
  const id = useId();
  return (
    <div className="plan-matrix-choice">
      <input type="checkbox" id={id} checked={checked} onChange={onToggle} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

import type { MilestoneBranch } from '../milestone-groups';
import { MilestoneLine } from './milestone-line';

/** Milestones with their sub-milestones nested under them, as lists a screen reader can count. */
export function MilestoneTree({ branches, label }: { branches: readonly MilestoneBranch[]; label: string }) {
  return (
    <ul className="milestone-list" aria-label={label}>
      {branches.map(({ milestone, subs, parentName }) => (
        <li key={milestone.id} className="milestone-item">
          <MilestoneLine milestone={milestone} parentName={parentName} />
          {subs.length > 0 ? (
            <ul className="milestone-list milestone-subs" aria-label={`Sub-milestones of ${milestone.name}`}>
              {subs.map((sub) => (
                <li key={sub.id} className="milestone-item">
                  <MilestoneLine milestone={sub} />
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

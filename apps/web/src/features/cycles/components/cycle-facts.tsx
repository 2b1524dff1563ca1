import type { Cycle } from '@verdict/contract';

/**
 * A cycle's short facts as tags: Open or Closed, its milestone and environment, and for an import
 * its branch and build (docs/product/cycles-screens.md).
 */
export function CycleFacts({ cycle }: { cycle: Cycle }) {
  const facts: string[] = [];
  if (cycle.milestone) facts.push(cycle.milestone);
  if (cycle.environment) facts.push(cycle.environment);
  if (cycle.source === 'import') {
    facts.push('CI import');
    if (cycle.branch) facts.push(cycle.branch);
    if (cycle.build_number) facts.push(`#${cycle.build_number}`);
  }
  return (
    <ul className="cycle-facts" aria-label="Facts">
      <li className={cycle.state === 'open' ? 'cycle-fact cycle-fact-open' : 'cycle-fact cycle-fact-closed'}>
        {cycle.state === 'open' ? 'Open' : 'Closed'}
      </li>
      {facts.map((fact, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: facts may repeat a word; their place is their identity
        <li key={index} className="cycle-fact">
          {fact}
        </li>
      ))}
    </ul>
  );
}

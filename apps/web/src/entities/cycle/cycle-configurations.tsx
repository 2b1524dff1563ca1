import type { CycleConfiguration } from '@verdict/contract';
import './cycle-configurations.css';

/** 'Chrome · Linux': a cycle's configurations in their groups' order; '' for none. */
export const configurationsText = (configurations: readonly Pick<CycleConfiguration, 'name'>[]) =>
  configurations.map((configuration) => configuration.name).join(' · ');

/**
 * A cycle's configurations as 'Chrome · Linux' (docs/product/plans-screens.md). Each is read
 * with its group's name ('Browser: Chrome'), which the eye gets from the value itself.
 */
export function CycleConfigurations({ configurations }: { configurations: readonly CycleConfiguration[] }) {
  if (configurations.length === 0) return null;
  return (
    <ul className="cycle-configurations" aria-label="Configurations">
      {configurations.map((configuration) => (
        <li key={configuration.id}>
          <span className="visually-hidden">{configuration.group}: </span>
          {configuration.name}
        </li>
      ))}
    </ul>
  );
}

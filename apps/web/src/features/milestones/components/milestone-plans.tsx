import type { Cycle, CycleCounts, Milestone } from '@verdict/contract';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Card } from '@/components/ui/page';
import { configurationsText } from '@/entities/cycle/cycle-configurations';
import { CycleProgress } from '@/entities/cycle/cycle-progress';
import { countsText } from '@/entities/cycle/cycle-states';
import { useProjectPlans } from '@/entities/plan/plan-api';
import { PlanLine } from '@/entities/plan/plan-line';
import { paths } from '@/lib/paths';

export const NO_CONFIGURATION = 'No configuration';

export interface ConfigurationGroupOfCycles {
  /** 'Chrome · Linux', or 'No configuration'. */
  label: string;
  /** How a screen reader hears it: 'Browser: Chrome, OS: Linux'. */
  spoken: string;
  cycles: Cycle[];
  counts: CycleCounts;
}

const ZERO: CycleCounts = { total: 0, untested: 0, passed: 0, failed: 0, blocked: 0, skipped: 0, retest: 0 };

/**
 * The cycles by their configuration combination (decision 200): one group per combination, in
 * the order first met, each with its counts summed; cycles without configurations last, under
 * 'No configuration'.
 */
export function cyclesByConfiguration(cycles: readonly Cycle[]): ConfigurationGroupOfCycles[] {
  const groups = new Map<string, ConfigurationGroupOfCycles>();
  let none: ConfigurationGroupOfCycles | null = null;
  for (const cycle of cycles) {
    const configured = cycle.configurations.length > 0;
    const key = configured ? cycle.configurations.map((c) => c.id).join(',') : '';
    let group: ConfigurationGroupOfCycles | null | undefined = configured ? groups.get(key) : none;
    if (!group) {
      group = {
        label: configured ? configurationsText(cycle.configurations) : NO_CONFIGURATION,
        spoken: configured
          ? cycle.configurations.map((c) => `${c.group}: ${c.name}`).join(', ')
          : NO_CONFIGURATION,
        cycles: [],
        counts: { ...ZERO },
      };
      if (configured) groups.set(key, group);
      else none = group;
    }
    group.cycles.push(cycle);
    for (const state of Object.keys(ZERO) as (keyof CycleCounts)[])
      group.counts[state] += cycle.counts[state];
  }
  return none ? [...groups.values(), none] : [...groups.values()];
}

export interface MilestonePlansProps {
  milestone: Milestone;
  /** The milestone's own cycles; undefined while they load. */
  cycles: readonly Cycle[] | undefined;
  /** The caller holds home_test_cycle (plans use the cycle permissions). */
  canSee: boolean;
}

/**
 * The milestone's test plans and, once any of its cycles has configurations, its cycles by
 * configuration (docs/product/milestones.md, "The screens").
 */
export function MilestonePlans({ milestone, cycles, canSee }: MilestonePlansProps) {
  const plans = useProjectPlans(milestone.project_id, canSee);
  if (!canSee) return null;
  const own = plans.data?.filter((plan) => plan.milestone_id === milestone.id);
  const configured = cycles?.some((cycle) => cycle.configurations.length > 0) ?? false;
  return (
    <>
      <Card title="Test plans">
        {plans.error ? (
          <ErrorBox message="Could not load the test plans." error={plans.error} />
        ) : !own ? (
          <p>Loading test plans...</p>
        ) : own.length === 0 ? (
          <p>No test plans in this milestone yet. Choose it as a test plan's milestone to add one.</p>
        ) : (
          <ul className="milestone-list" aria-label="Test plans of this milestone">
            {own.map((plan) => (
              <li key={plan.id}>
                <PlanLine plan={plan} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      {cycles && configured ? (
        <Card title="Test cycles by configuration">
          <div className="milestone-configurations">
            {cyclesByConfiguration(cycles).map((group) => (
              <section key={group.label} className="milestone-configuration">
                <h3 className="milestone-configuration-name">
                  <span aria-hidden="true">{group.label}</span>
                  <span className="visually-hidden">{group.spoken}</span>
                </h3>
                <CycleProgress counts={group.counts} />
                <ul className="milestone-configuration-cycles">
                  {group.cycles.map((cycle) => (
                    <li key={cycle.id}>
                      <Link to={paths.cycleDetail(cycle.id)}>{cycle.name}</Link>{' '}
                      <span className="milestone-counts">{countsText(cycle.counts)}</span>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </Card>
      ) : null}
    </>
  );
}

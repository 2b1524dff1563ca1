import type {
  Cycle,
  CycleCounts,
  SignOffConfiguration,
  SignOffCycle,
  SignOffPlan,
  SignOffReport,
} from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../authz/authorization.ts';
import { cyclesOfMilestone } from '../cycles/cycles-service.ts';
import { getMilestone, listMilestones } from '../milestones/milestones-service.ts';
import { getReadiness } from '../milestones/readiness-service.ts';
import { plansOfProject } from '../plans/plans-service.ts';
import { projectName } from '../projects/projects-service.ts';
import { failuresOf, testersOf } from './sign-off-repository.ts';

/** docs/product/milestones.md, "Sign-off report". */

export const NO_PLAN = 'Test cycles outside a plan';
export const NO_CONFIGURATION = 'No configuration';

const ZERO: CycleCounts = { total: 0, untested: 0, passed: 0, failed: 0, blocked: 0, skipped: 0, retest: 0 };

function add(a: CycleCounts, b: CycleCounts): CycleCounts {
  return {
    total: a.total + b.total,
    untested: a.untested + b.untested,
    passed: a.passed + b.passed,
    failed: a.failed + b.failed,
    blocked: a.blocked + b.blocked,
    skipped: a.skipped + b.skipped,
    retest: a.retest + b.retest,
  };
}

/** Passed / executed (neither untested nor to retest), as readiness reads it; null when nothing ran. */
export function passRate(counts: CycleCounts): number | null {
  const executed = counts.total - counts.untested - counts.retest;
  return executed === 0 ? null : counts.passed / executed;
}

/** 'Chrome, Linux' in the groups' order, as the cycles' names carry them. */
export const configurationLabel = (cycle: Pick<Cycle, 'configurations'>) =>
  cycle.configurations.length === 0 ? NO_CONFIGURATION : cycle.configurations.map((c) => c.name).join(', ');

const reportCycle = (cycle: Cycle): SignOffCycle => ({
  id: cycle.id,
  name: cycle.name,
  state: cycle.state,
  configurations: cycle.configurations,
  counts: cycle.counts,
});

/** The milestone's plans in the order they were made, then the cycles in no plan (when there are any). */
function byPlan(cycles: Cycle[], plans: { id: number; name: string }[]): SignOffPlan[] {
  const groups = new Map<number | null, Cycle[]>();
  for (const cycle of [...cycles].reverse()) {
    const list = groups.get(cycle.plan_id) ?? [];
    list.push(cycle);
    groups.set(cycle.plan_id, list);
  }
  const named = plans.filter((plan) => groups.has(plan.id));
  const out: SignOffPlan[] = named.map((plan) => {
    const planCycles = groups.get(plan.id) ?? [];
    return {
      id: plan.id,
      name: plan.name,
      totals: planCycles.reduce((sum, cycle) => add(sum, cycle.counts), ZERO),
      cycles: planCycles.map(reportCycle),
    };
  });
  const loose = groups.get(null);
  if (loose) {
    out.push({
      id: null,
      name: NO_PLAN,
      totals: loose.reduce((sum, cycle) => add(sum, cycle.counts), ZERO),
      cycles: loose.map(reportCycle),
    });
  }
  return out;
}

/** One row per configuration combination, in the order they first appear; 'No configuration' last. */
function byConfiguration(cycles: Cycle[]): SignOffConfiguration[] {
  const rows = new Map<string, { cycles: number; counts: CycleCounts }>();
  for (const cycle of [...cycles].reverse()) {
    const label = configurationLabel(cycle);
    const row = rows.get(label) ?? { cycles: 0, counts: ZERO };
    rows.set(label, { cycles: row.cycles + 1, counts: add(row.counts, cycle.counts) });
  }
  const labels = [...rows.keys()].sort(
    (a, b) => Number(a === NO_CONFIGURATION) - Number(b === NO_CONFIGURATION),
  );
  return labels.map((label) => {
    const row = rows.get(label)!;
    return { label, cycles: row.cycles, counts: row.counts, pass_rate: passRate(row.counts) };
  });
}

/**
 * The report of a milestone the caller may read (home_milestone; 404 for a milestone of a
 * project they cannot see): over its cycles and its sub-milestones'.
 */
export async function signOffReport(db: Db, principal: Principal, id: number): Promise<SignOffReport> {
  const milestone = await getMilestone(db, principal, id);
  const [cycles, plans, milestones, name] = await Promise.all([
    cyclesOfMilestone(db, milestone.project_id, milestone.id),
    plansOfProject(db, milestone.project_id),
    listMilestones(db, principal, milestone.project_id),
    projectName(db, milestone.project_id),
  ]);
  const cycleIds = cycles.map((cycle) => cycle.id);
  const [failures, testers, readiness] = await Promise.all([
    failuresOf(db, cycleIds),
    testersOf(db, cycleIds),
    getReadiness(db, principal, milestone.id),
  ]);
  const labels = new Map(cycles.map((cycle) => [cycle.id, cycle.configurations.map((c) => c.name)]));
  return {
    milestone,
    project: { id: milestone.project_id, name },
    sub_milestones: milestones
      .filter((m) => m.parent_id === milestone.id)
      .map((m) => ({ id: m.id, name: m.name })),
    generated_at: new Date().toISOString(),
    plans: byPlan(cycles, plans),
    configurations: byConfiguration(cycles),
    failures: failures.rows.map((failure) => ({
      ...failure,
      configurations: labels.get(failure.cycle_id) ?? [],
    })),
    failure_count: failures.count,
    testers,
    readiness,
  };
}

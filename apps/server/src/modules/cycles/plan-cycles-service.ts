import { type Cycle, LIMITS } from '@verdict/contract';
import type { Tx } from '../../db/client.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { type Audited, auditCreated, auditDeleted, counted } from '../audit-log/audit-entries.ts';
import type { Principal } from '../authz/authorization.ts';
import { queueWebhookEvents } from '../webhooks/webhook-events.ts';
import { deleteCycleRow, existingIds, listCyclesOfPlan } from './cycles-repository.ts';
import {
  insertCycleConfigurations,
  insertEntryItems,
  insertPlanCycles,
  lockCyclesOfPlan,
  reserveCycleIds,
  setPlanCyclesMilestone,
} from './plan-cycles-repository.ts';

/**
 * The cycles of test plans, for the plans module (docs/product/plans.md): made together in the
 * plan's transaction, moved with its milestone, and detached or deleted with it.
 */

export interface PlanEntryCycles {
  entryId: number;
  /** Where the entry stands in the request, for the messages (`entries[2]`). */
  index: number;
  suiteIds: number[];
  caseIds: number[];
  allCases: boolean;
  assigneeId: number | null;
  /** One cycle per combination: its name and its configurations. */
  cycles: { name: string; configurationIds: number[] }[];
}

const audited = (c: { id: number; name: string; project_id: number }): Audited => ({
  entity: 'cycle',
  id: c.id,
  name: c.name,
  projectId: c.project_id,
});

/** 400 naming the entry's field when an id there is not one of the project's suites or cases. */
export async function checkEntrySelection(tx: Tx, projectId: number, entry: PlanEntryCycles): Promise<void> {
  for (const [table, ids, field] of [
    ['suites', entry.suiteIds, 'suite_ids'],
    ['test_cases', entry.caseIds, 'case_ids'],
  ] as const) {
    const found = await existingIds(tx, table, projectId, ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      const what = table === 'suites' ? 'test suite' : 'test case';
      throw new BadRequestError(
        `Entry ${entry.index + 1}: ${what} ${missing[0]} is not one of this project`,
        [
          {
            field: `entries[${entry.index}].${field}`,
            message: `${missing[0]} is not a ${what} of this project`,
          },
        ],
      );
    }
  }
}

/**
 * Makes every cycle of a plan with its configurations and items, set-based: one statement for
 * the cycles, one for their configurations, one per entry for the items of all its cycles. Each
 * cycle is in the audit log and announced to webhooks as a cycle's create is. Answers the cycles.
 */
export async function createPlanCycles(
  tx: Tx,
  principal: Principal,
  plan: { id: number; projectId: number; milestone: { id: number; name: string } | null },
  entries: PlanEntryCycles[],
): Promise<Cycle[]> {
  const total = entries.reduce((sum, entry) => sum + entry.cycles.length, 0);
  const ids = await reserveCycleIds(tx, total);
  const rows: { id: number; name: string; entryId: number }[] = [];
  const pairs: { cycleId: number; configurationId: number }[] = [];
  const idsOfEntry = new Map<number, number[]>();
  for (const entry of entries) {
    const own: number[] = [];
    for (const cycle of entry.cycles) {
      const id = ids[rows.length]!;
      rows.push({ id, name: cycle.name, entryId: entry.entryId });
      for (const configurationId of cycle.configurationIds) pairs.push({ cycleId: id, configurationId });
      own.push(id);
    }
    idsOfEntry.set(entry.entryId, own);
  }
  await insertPlanCycles(tx, rows, {
    projectId: plan.projectId,
    planId: plan.id,
    milestone: plan.milestone,
    createdBy: principal.id,
  });
  await insertCycleConfigurations(tx, pairs);
  const casesOfEntry = new Map<number, number>();
  for (const entry of entries) {
    const { picked } = await insertEntryItems(
      tx,
      plan.projectId,
      idsOfEntry.get(entry.entryId)!,
      entry,
      entry.assigneeId,
      LIMITS.cycleSelectionMax,
    );
    const field = [{ field: `entries[${entry.index}]`, message: `selects ${picked} cases` }];
    if (picked === 0) {
      throw new BadRequestError(
        `Entry ${entry.index + 1}: the selection holds no test cases`,
        field,
        'nothing_selected',
      );
    }
    if (picked > LIMITS.cycleSelectionMax) {
      throw new BadRequestError(
        `Entry ${entry.index + 1} selects ${picked} test cases; an entry may select at most ${LIMITS.cycleSelectionMax}`,
        field,
      );
    }
    casesOfEntry.set(entry.entryId, picked);
  }
  const cycles = (await listCyclesOfPlan(tx, plan.id)).reverse();
  const entryOf = new Map(rows.map((row) => [row.id, row.entryId]));
  for (const cycle of cycles) {
    const cases = casesOfEntry.get(entryOf.get(cycle.id)!) ?? 0;
    await auditCreated(
      tx,
      principal,
      audited(cycle),
      { name: cycle.name, milestone: cycle.milestone, plan_id: plan.id, cases },
      ` with ${counted(cases, 'case')}`,
    );
  }
  await queueWebhookEvents(
    tx,
    cycles.map((cycle) => ({ projectId: plan.projectId, event: 'cycle.created' as const, data: { cycle } })),
  );
  return cycles;
}

/** A plan's cycles as its answer lists them, oldest first. */
export async function cyclesOfPlan(tx: Tx, planId: number): Promise<Cycle[]> {
  return (await listCyclesOfPlan(tx, planId)).reverse();
}

/** Moves a plan's cycles, open or closed, to its new milestone (null: none). */
export function movePlanCycles(
  tx: Tx,
  planId: number,
  milestone: { id: number; name: string } | null,
): Promise<number> {
  return setPlanCyclesMilestone(tx, planId, milestone);
}

/**
 * Deletes a plan's cycles as a cycle's delete does, with their items, results and the test runs
 * those results recorded, each in the audit log. Answers how many cycles went.
 */
export async function deletePlanCycles(tx: Tx, principal: Principal, planId: number): Promise<number> {
  const cycles = await lockCyclesOfPlan(tx, planId);
  for (const cycle of cycles) {
    const runs = await deleteCycleRow(tx, cycle.id);
    await auditDeleted(
      tx,
      principal,
      audited(cycle),
      { name: cycle.name, state: cycle.state, plan_id: planId },
      runs > 0 ? ` with ${counted(runs, 'recorded run')}` : '',
    );
  }
  return cycles.length;
}

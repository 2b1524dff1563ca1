import {
  type CreatePlanBody,
  PLAN_LIMITS,
  type Plan,
  type PlanEntryBody,
  type PlanSummary,
  type UpdatePlanBody,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import {
  type Audited,
  auditCreated,
  auditDeleted,
  auditUpdated,
  counted,
} from '../audit-log/audit-entries.ts';
import {
  loadPrincipal,
  type Principal,
  projectAccess,
  requireProject,
  requireProjectOf,
} from '../authz/authorization.ts';
import {
  type ConfigurationOfGroup,
  configurationsOfProject,
} from '../configurations/configurations-service.ts';
import {
  checkEntrySelection,
  createPlanCycles,
  cyclesOfPlan,
  deletePlanCycles,
  movePlanCycles,
  type PlanEntryCycles,
} from '../cycles/plan-cycles-service.ts';
import { projectMilestone } from '../milestones/milestone-links.ts';
import {
  countCyclesOfPlan,
  deletePlanRow,
  findPlan,
  findPlanRef,
  insertEntries,
  insertPlan,
  listEntriesOfPlan,
  listPlansOfProject,
  updatePlanRow,
} from './plans-repository.ts';

/** Test plans (docs/product/plans.md): one cycle per entry and configuration combination. */

export const PLAN_NOT_FOUND = 'Test plan not found';

function requiredName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed)
    throw new BadRequestError('Plan name is required', [{ field: 'name', message: 'is required' }]);
  return trimmed;
}

const audited = (plan: { id: number; name: string; project_id: number }): Audited => ({
  entity: 'plan',
  id: plan.id,
  name: plan.name,
  projectId: plan.project_id,
});
const auditedFields = (plan: PlanSummary) => ({
  name: plan.name,
  description: plan.description,
  milestone_id: plan.milestone_id,
});

/** The plan with its entries and cycles; its totals are the sums of its cycles' kept counts. */
async function readPlan(db: Tx, id: number): Promise<Plan> {
  const summary = await findPlan(db, id);
  if (!summary) throw new NotFoundError(PLAN_NOT_FOUND);
  return { ...summary, entries: await listEntriesOfPlan(db, id), cycles: await cyclesOfPlan(db, id) };
}

/**
 * The entry's configurations grouped by their group, in the groups' order, and their cartesian
 * product: Chrome, Firefox × Linux, Windows are four combinations; none is one combination.
 */
export function combinations(configurations: ConfigurationOfGroup[]): ConfigurationOfGroup[][] {
  const groups = new Map<number, ConfigurationOfGroup[]>();
  for (const c of configurations) groups.set(c.group_id, [...(groups.get(c.group_id) ?? []), c]);
  let product: ConfigurationOfGroup[][] = [[]];
  for (const members of groups.values()) {
    product = product.flatMap((combination) => members.map((member) => [...combination, member]));
  }
  return product;
}

/** How many cycles the entry makes: the product of its groups' sizes, counted without making them. */
function cycleCountOf(configurations: ConfigurationOfGroup[]): number {
  const sizes = new Map<number, number>();
  for (const c of configurations) sizes.set(c.group_id, (sizes.get(c.group_id) ?? 0) + 1);
  let n = 1;
  for (const size of sizes.values()) n = Math.min(n * size, Number.MAX_SAFE_INTEGER);
  return n;
}

interface CheckedEntry {
  body: PlanEntryBody;
  index: number;
  name: string | null;
  suiteIds: number[];
  caseIds: number[];
  allCases: boolean;
  configurations: ConfigurationOfGroup[];
  assigneeId: number | null;
}

/** Each entry selects something (else 400 `selection_empty` naming it); ids each once. */
function entriesOf(body: CreatePlanBody): Omit<CheckedEntry, 'configurations'>[] {
  return body.entries.map((entry, index) => {
    const suiteIds = [...new Set(entry.suite_ids ?? [])];
    const caseIds = [...new Set(entry.case_ids ?? [])];
    if (suiteIds.length === 0 && caseIds.length === 0 && !entry.all_cases) {
      throw new BadRequestError(
        `Entry ${index + 1}: choose its cases: suites, cases or all cases`,
        [{ field: `entries[${index}]`, message: 'selects no cases' }],
        'selection_empty',
      );
    }
    const name = entry.name?.trim() || null;
    return {
      body: entry,
      index,
      name,
      suiteIds,
      caseIds,
      allCases: entry.all_cases === true,
      assigneeId: entry.assignee_id ?? null,
    };
  });
}

/** The entries' configurations, all of the project (else 400 naming the entry), and the cycle bound. */
async function withConfigurations(
  tx: Tx,
  projectId: number,
  entries: Omit<CheckedEntry, 'configurations'>[],
): Promise<CheckedEntry[]> {
  const wanted = [...new Set(entries.flatMap((e) => e.body.configuration_ids ?? []))];
  const found = new Map((await configurationsOfProject(tx, projectId, wanted)).map((c) => [c.id, c]));
  const checked = entries.map((entry) => {
    const ids = [...new Set(entry.body.configuration_ids ?? [])];
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) {
      throw new BadRequestError(
        `Entry ${entry.index + 1}: configuration ${missing} is not one of this project`,
        [
          {
            field: `entries[${entry.index}].configuration_ids`,
            message: `${missing} is not a configuration of this project`,
          },
        ],
      );
    }
    const configurations = ids
      .map((id) => found.get(id)!)
      .sort((a, b) => a.group_id - b.group_id || a.id - b.id);
    return { ...entry, configurations };
  });
  const cycles = checked.reduce((sum, entry) => sum + cycleCountOf(entry.configurations), 0);
  if (cycles > PLAN_LIMITS.cyclesMax) {
    throw new BadRequestError(
      `The plan would make ${cycles} test cycles; a plan makes at most ${PLAN_LIMITS.cyclesMax}`,
      [{ field: 'entries', message: `make ${cycles} cycles, more than ${PLAN_LIMITS.cyclesMax}` }],
    );
  }
  return checked;
}

/** Each assignee is a user who sees the project (else 400 naming the entry), as an item's assignee is. */
async function checkAssignees(tx: Tx, projectId: number, entries: CheckedEntry[]): Promise<void> {
  const seen = new Map<number, boolean>();
  for (const entry of entries) {
    if (entry.assigneeId === null) continue;
    if (!seen.has(entry.assigneeId)) {
      const assignee = await loadPrincipal(tx, entry.assigneeId);
      seen.set(entry.assigneeId, Boolean(assignee && (await projectAccess(tx, assignee, projectId))));
    }
    if (!seen.get(entry.assigneeId)) {
      throw new BadRequestError(
        `Entry ${entry.index + 1}: the assignee must be a user who sees the project`,
        [{ field: `entries[${entry.index}].assignee_id`, message: 'must be a user who sees the project' }],
      );
    }
  }
}

export async function listPlans(db: Db, principal: Principal, projectId: number): Promise<PlanSummary[]> {
  await requireProject(db, principal, projectId, 'home_test_cycle');
  return listPlansOfProject(db, projectId);
}

/** A project's plans with their totals, for a caller already let read them (the sign-off report). */
export function plansOfProject(db: Tx, projectId: number): Promise<PlanSummary[]> {
  return listPlansOfProject(db, projectId);
}

export async function getPlan(db: Db, principal: Principal, id: number): Promise<Plan> {
  const ref = await findPlanRef(db, id);
  await requireProjectOf(db, principal, ref?.project_id, PLAN_NOT_FOUND, 'home_test_cycle');
  return readPlan(db, id);
}

/**
 * The plan, its entries and all its cycles with their configurations and items, in one
 * transaction: any refusal leaves nothing behind.
 */
export async function createPlan(
  db: Db,
  principal: Principal,
  projectId: number,
  body: CreatePlanBody,
): Promise<Plan> {
  const name = requiredName(body.name);
  const entries = entriesOf(body);
  return db.transaction(async (tx) => {
    await requireProject(tx, principal, projectId, 'add_test_cycle');
    if (!(await lockProject(tx, projectId, LOCK.keyShare))) throw new NotFoundError('Project not found');
    const milestone = body.milestone_id
      ? await projectMilestone(tx, projectId, body.milestone_id, 'milestone_id')
      : null;
    const checked = await withConfigurations(tx, projectId, entries);
    await checkAssignees(tx, projectId, checked);
    const planId = await insertPlan(tx, {
      projectId,
      milestoneId: milestone?.id ?? null,
      name,
      description: body.description ?? '',
      createdBy: principal.id,
    });
    const entryIds = await insertEntries(
      tx,
      planId,
      checked.map((e) => ({ ...e, configurationIds: e.configurations.map((c) => c.id) })),
    );
    const made: PlanEntryCycles[] = checked.map((entry, i) => ({
      entryId: entryIds[i]!,
      index: entry.index,
      suiteIds: entry.suiteIds,
      caseIds: entry.caseIds,
      allCases: entry.allCases,
      assigneeId: entry.assigneeId,
      cycles: combinations(entry.configurations).map((combination) => ({
        name:
          combination.length === 0
            ? (entry.name ?? name)
            : `${entry.name ?? name} (${combination.map((c) => c.name).join(', ')})`,
        configurationIds: combination.map((c) => c.id),
      })),
    }));
    for (const entry of made) await checkEntrySelection(tx, projectId, entry);
    const cycles = await createPlanCycles(
      tx,
      principal,
      { id: planId, projectId, milestone: milestone && { id: milestone.id, name: milestone.name } },
      made,
    );
    const plan = await readPlan(tx, planId);
    await auditCreated(
      tx,
      principal,
      audited(plan),
      { ...auditedFields(plan), entries: checked.length, cycles: cycles.length },
      ` with ${counted(cycles.length, 'cycle')}`,
    );
    return plan;
  });
}

/** Omitted fields are kept; a new milestone takes the plan's cycles, open or closed, with it. */
export async function updatePlan(
  db: Db,
  principal: Principal,
  id: number,
  body: UpdatePlanBody,
): Promise<Plan> {
  const name = body.name === undefined ? undefined : requiredName(body.name);
  return db.transaction(async (tx) => {
    const seen = await findPlanRef(tx, id);
    await requireProjectOf(tx, principal, seen?.project_id, PLAN_NOT_FOUND, 'edit_test_cycle');
    await lockProject(tx, seen!.project_id, LOCK.keyShare);
    const ref = await findPlanRef(tx, id, LOCK.noKeyUpdate);
    if (!ref) throw new NotFoundError(PLAN_NOT_FOUND);
    const before = (await findPlan(tx, id))!;
    const milestone =
      body.milestone_id === undefined || body.milestone_id === null
        ? body.milestone_id
        : await projectMilestone(tx, ref.project_id, body.milestone_id, 'milestone_id');
    await updatePlanRow(tx, id, {
      name,
      description: body.description,
      milestoneId: milestone === undefined ? undefined : (milestone?.id ?? null),
    });
    if (milestone !== undefined && (milestone?.id ?? null) !== ref.milestone_id) {
      await movePlanCycles(tx, id, milestone && { id: milestone.id, name: milestone.name });
    }
    const plan = await readPlan(tx, id);
    await auditUpdated(tx, principal, audited(plan), auditedFields(before), auditedFields(plan));
    return plan;
  });
}

/**
 * Deletes the plan and its entries. `keep` leaves its cycles, with their items and results,
 * outside any plan; `delete` deletes them as a cycle's delete does. Answers the message.
 */
export async function deletePlan(
  db: Db,
  principal: Principal,
  id: number,
  cycles: 'keep' | 'delete',
): Promise<string> {
  return db.transaction(async (tx) => {
    const seen = await findPlanRef(tx, id);
    await requireProjectOf(tx, principal, seen?.project_id, PLAN_NOT_FOUND, 'delete_test_cycle');
    await lockProject(tx, seen!.project_id, LOCK.keyShare);
    const ref = await findPlanRef(tx, id, LOCK.update);
    if (!ref) throw new NotFoundError(PLAN_NOT_FOUND);
    const plan = (await findPlan(tx, id))!;
    const n =
      cycles === 'delete' ? await deletePlanCycles(tx, principal, id) : await countCyclesOfPlan(tx, id);
    if (!(await deletePlanRow(tx, id))) throw new NotFoundError(PLAN_NOT_FOUND);
    const what = counted(n, 'test cycle');
    await auditDeleted(
      tx,
      principal,
      audited(plan),
      auditedFields(plan),
      n === 0 ? '' : cycles === 'delete' ? ` with ${counted(n, 'cycle')}` : `; ${counted(n, 'cycle')} kept`,
    );
    if (n === 0) return 'Test plan deleted';
    if (cycles === 'delete') return `Test plan and its ${n === 1 ? 'test cycle' : what} deleted`;
    return n === 1 ? 'Test plan deleted; its test cycle stays' : `Test plan deleted; its ${what} stay`;
  });
}

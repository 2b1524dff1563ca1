import { COMPARE_LIST_MAX, type ComparedCase, type CycleComparison } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { type Principal, requireProjectOf } from '../authz/authorization.ts';
import { CYCLE_NOT_FOUND } from '../cycles/cycle-rules.ts';
import { cycleRefOf } from '../cycles/cycles-service.ts';
import { comparedCases, cycleSide } from './cycle-compare-repository.ts';

/**
 * Two cycles side by side (docs/product/cycle-compare.md): what failed anew, what was fixed, what
 * still fails, which cases came and went, and how the duration changed. One statement over the
 * two cycles' items (each by the (cycle, case) index), whatever the history around them.
 */
export async function compareCycles(
  db: Db,
  principal: Principal,
  fromId: number,
  toId: number,
): Promise<CycleComparison> {
  const from = await cycleRefOf(db, fromId);
  const to = await cycleRefOf(db, toId);
  // Each must be seen (else 404, as a missing one), then both of one project.
  await requireProjectOf(db, principal, from?.project_id, CYCLE_NOT_FOUND, 'home_test_cycle');
  await requireProjectOf(db, principal, to?.project_id, CYCLE_NOT_FOUND, 'home_test_cycle');
  if (from!.project_id !== to!.project_id) {
    throw new BadRequestError('Compare two cycles of one project', [
      { field: 'to', message: 'is a cycle of another project' },
    ]);
  }
  const rows = await comparedCases(db, fromId, toId);
  const groups = {
    new_failures: rows.filter((r) => r.to_state === 'failed' && r.from_state !== 'failed'),
    fixed: rows.filter((r) => r.from_state === 'failed' && r.to_state === 'passed'),
    still_failing: rows.filter((r) => r.from_state === 'failed' && r.to_state === 'failed'),
    added: rows.filter((r) => r.from_state === null),
    removed: rows.filter((r) => r.to_state === null),
  };
  const [fromCycle, toCycle] = [await cycleSide(db, fromId), await cycleSide(db, toId)];
  const cut = (list: ComparedCase[]) => list.slice(0, COMPARE_LIST_MAX);
  return {
    from: fromCycle,
    to: toCycle,
    counts: {
      new_failures: groups.new_failures.length,
      fixed: groups.fixed.length,
      still_failing: groups.still_failing.length,
      added: groups.added.length,
      removed: groups.removed.length,
    },
    new_failures: cut(groups.new_failures),
    fixed: cut(groups.fixed),
    still_failing: cut(groups.still_failing),
    added: cut(groups.added),
    removed: cut(groups.removed),
    duration_change_ms: toCycle.duration_ms - fromCycle.duration_ms,
  };
}

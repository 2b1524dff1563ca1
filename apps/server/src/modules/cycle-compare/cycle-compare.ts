import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  COMPARE_LIST_MAX,
  type ComparedCase,
  type ComparedCycle,
  CycleCompareQuery,
  type CycleComparison,
  CycleComparison as CycleComparisonSchema,
} from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { isoText } from '../../db/iso-time.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { principalOf } from '../../plugins/auth.ts';
import { type Principal, requireProjectOf } from '../authz/authorization.ts';
import { CYCLE_NOT_FOUND } from '../cycles/cycle-rules.ts';
import { cycleRefOf } from '../cycles/cycles-service.ts';

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

/** Every case in either cycle whose state differs or that is in one only, with both sides. */
export function comparedCases(db: Tx, fromId: number, toId: number): Promise<ComparedCase[]> {
  return queryRows<ComparedCase>(
    db,
    sql`
    select c.id, c.name, f.state as from_state, t.state as to_state, f.elapsed_ms as from_ms,
      t.elapsed_ms as to_ms
    from (select * from cycle_items where cycle_id = ${fromId}) f
    full join (select * from cycle_items where cycle_id = ${toId}) t on t.case_id = f.case_id
    join test_cases c on c.id = coalesce(f.case_id, t.case_id)
    where f.id is null or t.id is null or f.state = 'failed' or t.state = 'failed'
    order by c.id`,
  );
}

/** The cycle with its kept counts and duration (cycle_counts, db/triggers/cycle-counts.sql). */
async function cycleSide(db: Tx, id: number): Promise<ComparedCycle> {
  const [row] = await queryRows<ComparedCycle & { duration_ms: number | string }>(
    db,
    sql`
    select y.id, y.name, y.branch, ${isoText(sql`y.created_at`)} as created_at,
      json_build_object('total', k.total, 'untested', k.untested, 'passed', k.passed, 'failed', k.failed,
        'blocked', k.blocked, 'skipped', k.skipped) as counts,
      k.duration_ms
    from test_cycles y join cycle_counts k on k.cycle_id = y.id where y.id = ${id}`,
  );
  return { ...row!, duration_ms: Number(row!.duration_ms) };
}

export const cycleCompareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/cycles/compare',
    {
      config: { access: { project: 'home_test_cycle' }, errors: [404] },
      schema: {
        tags: ['test cycles'],
        summary:
          'Two cycles of a project side by side: new failures, fixed, still failing, added, removed, duration',
        querystring: CycleCompareQuery,
        response: { 200: CycleComparisonSchema },
      },
    },
    (request) => compareCycles(app.db, principalOf(request), request.query.from, request.query.to),
  );
};

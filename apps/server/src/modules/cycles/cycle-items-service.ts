import type { AssignItemsBody, CycleItem, CycleItemDetail, CycleItemsQuery, MyWork } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { LOCK } from '../../db/row-locks.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { counted, quoted, recordAudit } from '../audit-log/audit-entries.ts';
import { loadPrincipal, type Principal, projectAccess, requireProjectOf } from '../authz/authorization.ts';
import { notifyAssigned } from '../notifications/notification-events.ts';
import {
  assignItems as assignItemRows,
  findItem,
  findItemRef,
  listAssignedItems,
  listItems as listItemRows,
} from './cycle-items-repository.ts';
import { listResults } from './cycle-results-repository.ts';
import { assertCycleOpen, CYCLE_NOT_FOUND, ITEM_NOT_FOUND } from './cycle-rules.ts';
import { findCycleRef } from './cycles-repository.ts';
import { cycleOrFail, lockCycle, MY_WORK_MAX } from './cycles-service.ts';

/** A test cycle's items: lists, one item, assignment and My Work (docs/product/cycles.md). */

export async function listItems(
  db: Db,
  principal: Principal,
  cycleId: number,
  query: CycleItemsQuery,
): Promise<{ items: CycleItem[]; total: number }> {
  const ref = await findCycleRef(db, cycleId);
  await requireProjectOf(db, principal, ref?.project_id, CYCLE_NOT_FOUND, 'home_test_cycle');
  return listItemRows(db, cycleId, query);
}

export async function getItem(db: Db, principal: Principal, id: number): Promise<CycleItemDetail> {
  const ref = await findItemRef(db, id);
  await requireProjectOf(db, principal, ref?.project_id, ITEM_NOT_FOUND, 'home_test_cycle');
  const item = await findItem(db, id);
  if (!item || !ref) throw new NotFoundError(ITEM_NOT_FOUND);
  return { item, cycle: await cycleOrFail(db, ref.cycle_id), results: await listResults(db, { itemId: id }) };
}

/** Assigns (or, with null, unassigns) items of an open cycle to a user who sees the project. */
export async function assignItems(
  db: Db,
  principal: Principal,
  cycleId: number,
  body: AssignItemsBody,
): Promise<{ message: string; updated: number }> {
  return db.transaction(async (tx) => {
    const cycle = await lockCycle(tx, principal, cycleId, LOCK.share, 'edit_test_cycle');
    assertCycleOpen(cycle);
    if (body.assignee_id !== null) {
      const assignee = await loadPrincipal(tx, body.assignee_id);
      const access = assignee && (await projectAccess(tx, assignee, cycle.project_id));
      if (!access) {
        throw new BadRequestError('The assignee must be a user who sees the project', [
          { field: 'assignee_id', message: 'must be a user who sees the project' },
        ]);
      }
    }
    const ids = [...new Set(body.item_ids)];
    const updated = await assignItemRows(tx, cycleId, ids, body.assignee_id);
    if (updated < ids.length) throw new NotFoundError(ITEM_NOT_FOUND);
    await recordAudit(tx, principal, {
      action: 'update',
      entity: 'cycle',
      entityId: cycleId,
      projectId: cycle.project_id,
      summary:
        body.assignee_id === null
          ? `Unassigned ${counted(updated, 'item')} of cycle ${quoted(cycle.name)}`
          : `Assigned ${counted(updated, 'item')} of cycle ${quoted(cycle.name)} to user #${body.assignee_id}`,
      changes: { assignee_id: { before: null, after: body.assignee_id } },
    });
    if (body.assignee_id !== null) {
      await notifyAssigned(tx, {
        actor: principal,
        assigneeId: body.assignee_id,
        projectId: cycle.project_id,
        cycle: { id: cycleId, name: cycle.name },
        count: updated,
      });
    }
    const message =
      body.assignee_id === null
        ? `Unassigned ${counted(updated, 'item')}`
        : `Assigned ${counted(updated, 'item')}`;
    return { message, updated };
  });
}

export async function myWork(db: Db, principal: Principal): Promise<MyWork> {
  return { items: await listAssignedItems(db, principal, MY_WORK_MAX) };
}

import {
  type AuditEntity,
  type BulkBody,
  type BulkPreview,
  type BulkResult,
  type BulkSelection,
  CASE_CONTENT_LIMITS,
  LIMITS,
  type PermissionName,
  WEBHOOK_CASE_IDS_MAX,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { counted, recordAudit } from '../audit-log/audit-entries.ts';
import { type Principal, requireProject } from '../authz/authorization.ts';
import { isEmptyValue, valueProblem } from '../case-fields/case-field-values.ts';
import { fieldsOfProject } from '../case-fields/case-fields-service.ts';
import { normalizeTags } from '../cases/case-content.ts';
import { CASE_NOT_FOUND, levelOfCase } from '../cases/cases-service.ts';
import { addCasesToCycle } from '../cycles/cycles-service.ts';
import { linkCasesToRequirement } from '../requirements/requirement-links-service.ts';
import { allMatchingIds } from '../search/search-service.ts';
import { queueWebhookEvents } from '../webhooks/webhook-events.ts';
import {
  copySubtrees,
  countOverTagLimit,
  deleteSubtrees,
  editContent,
  fieldValue,
  findTargetCase,
  findTargetSuite,
  isInSubtrees,
  lockProjectCases,
  moveSubtrees,
  priorityValue,
  retagValue,
  subtreeSize,
  topmostOf,
} from './bulk-repository.ts';

/**
 * Bulk actions on a project's cases (docs/product/bulk-actions.md): one transaction per action,
 * one audit entry that counts what it changed.
 */

export const NOTHING_SELECTED = 'Select at least one test case';
export const TARGET_CASE_NOT_FOUND = 'The target case is not in this project';
export const TARGET_SUITE_NOT_FOUND = 'The target suite is not in this project';
export const MOVE_INTO_ITSELF = 'A case cannot move under itself or one of its descendants';

const bad = (field: string, message: string) => new BadRequestError(message, [{ field, message }]);

/** The permission each action needs in the project, besides seeing its cases. */
const PERMISSION: Record<BulkBody['action'], PermissionName> = {
  move: 'edit_test_case',
  copy: 'home_test_case', // and the permission to add cases where they go: see `copy`
  set_priority: 'edit_test_case',
  tags: 'edit_test_case',
  set_field: 'edit_test_case',
  add_to_cycle: 'edit_test_cycle',
  link_requirement: 'edit_requirement',
  delete: 'delete_test_case',
};

/** A selection names cases by ids or by a query, not both; ids, when given, are not none. */
function checkSelection(selection: BulkSelection) {
  if ((selection.ids === undefined) === (selection.q === undefined)) {
    throw bad('selection', 'Give either ids or q');
  }
  if (selection.ids?.length === 0) throw new BadRequestError(NOTHING_SELECTED);
}

/**
 * The cases a selection names, each a case of the project, locked in id order. Ids that are
 * not cases of the project answer 404, so a screen acting on a stale list says so instead of
 * changing fewer cases than it showed.
 */
async function selectedCases(
  tx: Tx,
  principal: Principal,
  projectId: number,
  selection: BulkSelection,
  lock: 'update' | 'no key update',
): Promise<number[]> {
  checkSelection(selection);
  const except = new Set(selection.except ?? []);
  const wanted =
    selection.ids !== undefined
      ? [...new Set(selection.ids)]
      : await allMatchingIds(tx, principal, projectId, selection.q!);
  const ids = wanted.filter((id) => !except.has(id));
  if (ids.length === 0) throw new BadRequestError(NOTHING_SELECTED);
  const found = await lockProjectCases(tx, projectId, ids, lock);
  if (found.length < ids.length) throw new NotFoundError(CASE_NOT_FOUND);
  return found;
}

/** What a selection holds: its cases, the descendants that would go with them, and all their runs. */
export async function previewBulk(
  db: Db,
  principal: Principal,
  projectId: number,
  selection: BulkSelection,
): Promise<BulkPreview> {
  return db.transaction(async (tx) => {
    await requireProject(tx, principal, projectId, 'home_test_case');
    const ids = await selectedCases(tx, principal, projectId, selection, 'no key update');
    const size = await subtreeSize(tx, await topmostOf(tx, ids));
    return { cases: ids.length, descendants: size.cases - ids.length, runs: size.runs };
  });
}

export async function runBulk(
  db: Db,
  principal: Principal,
  projectId: number,
  body: BulkBody,
): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    // As for the one-case calls, the action's permission is all it needs (edit_test_case for most).
    checkSelection(body.selection);
    await requireProject(tx, principal, projectId, PERMISSION[body.action]);
    if (!(await lockProject(tx, projectId, LOCK.keyShare))) throw new NotFoundError('Project not found');
    const lock = body.action === 'delete' ? 'update' : 'no key update';
    const ids = await selectedCases(tx, principal, projectId, body.selection, lock);
    const result = await ACTIONS[body.action](tx, principal, projectId, ids, body);
    await recordAudit(tx, principal, {
      action: result.audit,
      entity: result.entity ?? 'case',
      projectId,
      summary: result.message,
      changes: { cases: { before: null, after: result.affected } },
    });
    // One event per call, naming the selected cases up to a cap (docs/product/webhooks.md). Adding
    // to a cycle or linking to a requirement changes no case.
    if (body.action !== 'add_to_cycle' && body.action !== 'link_requirement') {
      await queueWebhookEvents(tx, [
        {
          projectId,
          event: 'case.changed',
          data: {
            action: body.action,
            affected: result.affected,
            case_ids: ids.slice(0, WEBHOOK_CASE_IDS_MAX),
            truncated: ids.length > WEBHOOK_CASE_IDS_MAX,
          },
        },
      ]);
    }
    return { message: result.message, affected: result.affected };
  });
}

interface Done {
  message: string;
  affected: number;
  audit: 'create' | 'update' | 'delete';
  /** What the audit entry is about, when not the cases themselves. */
  entity?: AuditEntity;
}
type Action = (
  tx: Tx,
  principal: Principal,
  projectId: number,
  ids: number[],
  body: BulkBody,
) => Promise<Done>;

/** Where a move or copy puts the cases: under a case of the project, else top level of a suite or of the project. */
async function targetOf(
  tx: Tx,
  projectId: number,
  body: BulkBody,
): Promise<{ suiteId: number | null; parentId: number | null; level: number; label: string }> {
  if (body.parent_id !== undefined && body.parent_id !== null) {
    const parent = await findTargetCase(tx, body.parent_id);
    if (!parent || parent.project_id !== projectId) throw bad('parent_id', TARGET_CASE_NOT_FOUND);
    const level = (await levelOfCase(tx, body.parent_id, LIMITS.caseDepthMax)) ?? 1;
    return {
      suiteId: parent.suite_id,
      parentId: body.parent_id,
      level,
      label: `under case #${body.parent_id}`,
    };
  }
  if (body.suite_id !== undefined && body.suite_id !== null) {
    const suite = await findTargetSuite(tx, body.suite_id);
    if (!suite || suite.project_id !== projectId) throw bad('suite_id', TARGET_SUITE_NOT_FOUND);
    return { suiteId: body.suite_id, parentId: null, level: 0, label: `to suite "${suite.name}"` };
  }
  return { suiteId: null, parentId: null, level: 0, label: 'to the project (no suite)' };
}

/** Refuses a move or copy that would nest cases deeper than the limit. */
function checkDepth(level: number, height: number) {
  if (level + height + 1 > LIMITS.caseDepthMax) {
    throw new BadRequestError(
      `Cases nest at most ${LIMITS.caseDepthMax} levels deep; there the deepest case would be at level ${level + height + 1}`,
    );
  }
}

const withDescendants = (moved: number, selected: number) =>
  moved > selected ? ` with ${counted(moved - selected, 'descendant case')}` : '';

const ACTIONS: Record<BulkBody['action'], Action> = {
  async move(tx, _principal, projectId, ids, body) {
    const target = await targetOf(tx, projectId, body);
    const roots = await topmostOf(tx, ids);
    if (target.parentId !== null && (await isInSubtrees(tx, roots, target.parentId))) {
      throw bad('parent_id', MOVE_INTO_ITSELF);
    }
    checkDepth(target.level, (await subtreeSize(tx, roots)).height);
    const moved = await moveSubtrees(tx, roots, target);
    return {
      message: `Moved ${counted(ids.length, 'case')}${withDescendants(moved, ids.length)} ${target.label}`,
      affected: moved,
      audit: 'update',
    };
  },

  async copy(tx, principal, projectId, ids, body) {
    const target = await targetOf(tx, projectId, body);
    await requireProject(
      tx,
      principal,
      projectId,
      target.parentId !== null
        ? 'add_test_case_in_test_case'
        : target.suiteId !== null
          ? 'add_test_case_in_test_suit'
          : 'add_test_case_in_project',
    );
    const roots = await topmostOf(tx, ids);
    checkDepth(target.level, (await subtreeSize(tx, roots)).height);
    const copied = await copySubtrees(tx, projectId, roots, target);
    return {
      message: `Copied ${counted(copied, 'case')} ${target.label}`,
      affected: copied,
      audit: 'create',
    };
  },

  async set_priority(tx, principal, _projectId, ids, body) {
    if (!body.priority) throw bad('priority', 'Choose a priority');
    const changed = await editContent(tx, ids, 'priority', priorityValue(body.priority), principal.id);
    return {
      message: `Set the priority of ${counted(changed, 'case')} to ${body.priority}`,
      affected: changed,
      audit: 'update',
    };
  },

  async tags(tx, principal, _projectId, ids, body) {
    const add = normalizeTags(body.add_tags ?? []);
    const remove = normalizeTags(body.remove_tags ?? []);
    if (add.length === 0 && remove.length === 0) throw bad('add_tags', 'Give tags to add or to remove');
    const value = retagValue(add, remove);
    const over = await countOverTagLimit(tx, ids, value, CASE_CONTENT_LIMITS.tagsMax);
    if (over > 0) {
      throw bad(
        'add_tags',
        `${counted(over, 'case')} would have more than ${CASE_CONTENT_LIMITS.tagsMax} tags`,
      );
    }
    const changed = await editContent(tx, ids, 'tags', value, principal.id);
    const what = [
      add.length > 0 ? `added ${add.join(', ')}` : '',
      remove.length > 0 ? `removed ${remove.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    return {
      message: `Changed the tags of ${counted(changed, 'case')}: ${what}`,
      affected: changed,
      audit: 'update',
    };
  },

  async set_field(tx, principal, projectId, ids, body) {
    if (body.field_id === undefined) throw bad('field_id', 'Choose a field');
    const field = (await fieldsOfProject(tx, projectId)).find((f) => f.id === body.field_id);
    if (!field) throw bad('field_id', 'That field is not a custom field of this project');
    const empty = isEmptyValue(body.value);
    if (empty && field.required) throw bad('value', `${field.name} is required`);
    const problem = empty ? null : valueProblem(field, body.value);
    if (problem) throw bad('value', problem);
    const changed = await editContent(
      tx,
      ids,
      'custom_fields',
      fieldValue(field.id, empty ? null : body.value),
      principal.id,
    );
    return {
      message: empty
        ? `Cleared ${field.name} on ${counted(changed, 'case')}`
        : `Set ${field.name} on ${counted(changed, 'case')}`,
      affected: changed,
      audit: 'update',
    };
  },

  async add_to_cycle(tx, _principal, projectId, ids, body) {
    if (body.cycle_id === undefined) throw bad('cycle_id', 'Choose a test cycle');
    const { name, added } = await addCasesToCycle(tx, projectId, body.cycle_id, ids);
    return {
      message: `Added ${counted(added, 'case')} to the cycle "${name}"`,
      affected: added,
      audit: 'update',
    };
  },

  async link_requirement(tx, principal, projectId, ids, body) {
    if (body.requirement_id === undefined) throw bad('requirement_id', 'Choose a requirement');
    const { key, added } = await linkCasesToRequirement(tx, principal, projectId, body.requirement_id, ids);
    return {
      message: `Linked ${counted(added, 'test case')} to ${key}`,
      affected: added,
      audit: 'update',
      entity: 'requirement',
    };
  },

  async delete(tx, _principal, _projectId, ids) {
    const roots = await topmostOf(tx, ids);
    const { runs } = await subtreeSize(tx, roots);
    const deleted = await deleteSubtrees(tx, roots);
    const runsText = runs > 0 ? ` and ${counted(runs, 'run')}` : '';
    return {
      message: `Deleted ${counted(ids.length, 'case')}${withDescendants(deleted, ids.length)}${runsText}`,
      affected: deleted,
      audit: 'delete',
    };
  },
};

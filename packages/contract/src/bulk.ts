import { type Static, Type } from 'typebox';
import { CasePriority, CaseTag } from './cases.ts';
import { Id } from './common.ts';

/** The most cases one bulk action may name by id (a query selection has no such limit). */
export const BULK_IDS_MAX = 50_000;

/**
 * Which cases a bulk action takes (docs/product/bulk-actions.md): the cases named by `ids`, or
 * every case matching the search query `q` (the "select all N matching" of the search screen),
 * less those in `except`. Exactly one of `ids` and `q`.
 */
export const BulkSelection = Type.Object(
  {
    ids: Type.Optional(Type.Array(Id, { maxItems: BULK_IDS_MAX })),
    q: Type.Optional(Type.String({ maxLength: 1000 })),
    except: Type.Optional(Type.Array(Id, { maxItems: BULK_IDS_MAX })),
  },
  { additionalProperties: false },
);
export type BulkSelection = Static<typeof BulkSelection>;

export const BULK_ACTIONS = [
  'move',
  'copy',
  'set_priority',
  'tags',
  'set_field',
  'add_to_cycle',
  'link_requirement',
  'delete',
] as const;
export const BulkActionName = Type.Union([
  Type.Literal('move'),
  Type.Literal('copy'),
  Type.Literal('set_priority'),
  Type.Literal('tags'),
  Type.Literal('set_field'),
  Type.Literal('add_to_cycle'),
  Type.Literal('link_requirement'),
  Type.Literal('delete'),
]);
export type BulkActionName = (typeof BULK_ACTIONS)[number];

/**
 * `POST /api/projects/{id}/cases/bulk`. What each action reads:
 * - move, copy: `parent_id` (under that case, in its suite) or else `suite_id` (top level of that
 *   suite; null or absent: the project itself, in no suite). A selected case takes its
 *   descendants along; a selected descendant of a selected case goes with its ancestor.
 * - set_priority: `priority`.
 * - tags: `add_tags` and/or `remove_tags`.
 * - set_field: `field_id` and `value` (null or '' clears it).
 * - add_to_cycle: `cycle_id` (an open cycle of the project); cases already in it are left.
 * - link_requirement: `requirement_id` (a requirement of the project); cases already linked are left.
 * - delete: nothing more; the descendants and every run go too.
 */
export const BulkBody = Type.Object(
  {
    selection: BulkSelection,
    action: BulkActionName,
    suite_id: Type.Optional(Type.Union([Id, Type.Null()])),
    parent_id: Type.Optional(Type.Union([Id, Type.Null()])),
    priority: Type.Optional(CasePriority),
    add_tags: Type.Optional(Type.Array(CaseTag, { maxItems: 30 })),
    remove_tags: Type.Optional(Type.Array(CaseTag, { maxItems: 30 })),
    field_id: Type.Optional(Id),
    value: Type.Optional(Type.Unknown()),
    cycle_id: Type.Optional(Id),
    requirement_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type BulkBody = Static<typeof BulkBody>;

/** The answer: a sentence for the screen and how many cases the action changed or created. */
export const BulkResult = Type.Object({ message: Type.String(), affected: Type.Integer() });
export type BulkResult = Static<typeof BulkResult>;

/** `POST /api/projects/{id}/cases/bulk/preview`: what a selection holds, for the confirmations. */
export const BulkPreviewBody = Type.Object({ selection: BulkSelection }, { additionalProperties: false });
export type BulkPreviewBody = Static<typeof BulkPreviewBody>;

/**
 * `cases`: the selected cases; `descendants`: the cases below them that are not selected
 * themselves (they go along with a move, a copy or a delete); `runs`: the test runs of all of
 * them (a delete takes those).
 */
export const BulkPreview = Type.Object({
  cases: Type.Integer(),
  descendants: Type.Integer(),
  runs: Type.Integer(),
});
export type BulkPreview = Static<typeof BulkPreview>;

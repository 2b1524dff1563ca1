import { type Static, Type } from 'typebox';
import { Id, IdName } from './common.ts';
import { UserRef } from './cycles.ts';

/**
 * Defect links and the project's issue tracker (docs/product/defects.md). A defect is linked to a
 * case, a cycle item or one result of it; it shows as the tracker's id (PROJ-12, #12) linking to
 * the tracker. "File a bug" answers a tracker's new-issue address filled in from a result.
 */

export const TRACKER_KINDS = ['jira', 'github', 'gitlab', 'url'] as const;
export const TrackerKind = Type.Union([
  Type.Literal('jira'),
  Type.Literal('github'),
  Type.Literal('gitlab'),
  Type.Literal('url'),
]);
export type TrackerKind = Static<typeof TrackerKind>;

export const DEFECT_LIMITS = {
  /** A tracker's addresses and templates. */
  urlMax: 2000,
  /** A defect as typed (an id or an address). */
  inputMax: 2000,
  /** An id of a `url` tracker. */
  idMax: 100,
  /** The longest "File a bug" address: browsers and trackers refuse longer ones. */
  newIssueUrlMax: 8000,
  /** The most links one list answers, newest first. */
  listMax: 500,
} as const;

/** A project's tracker: only the fields of its kind are set, the others are ''. */
export const Tracker = Type.Object({
  project_id: Id,
  kind: TrackerKind,
  base_url: Type.String(),
  /** Jira: the numeric project id (pid); GitHub: owner/repo; GitLab: the project path. */
  project: Type.String(),
  /** Jira: the numeric issue type id. */
  issue_type: Type.String(),
  /** url kind: the address of an id, with `{id}`. */
  link_template: Type.String(),
  /** url kind: the new-issue address, with `{title}` and/or `{body}` (may be ''). */
  new_issue_template: Type.String(),
  updated_at: Type.String(),
});
export type Tracker = Static<typeof Tracker>;

export const TrackerAnswer = Type.Object({ tracker: Type.Union([Tracker, Type.Null()]) });
export type TrackerAnswer = Static<typeof TrackerAnswer>;

const Field = Type.String({ maxLength: DEFECT_LIMITS.urlMax });

export const TrackerBody = Type.Object(
  {
    kind: TrackerKind,
    base_url: Type.Optional(Field),
    project: Type.Optional(Field),
    issue_type: Type.Optional(Field),
    link_template: Type.Optional(Field),
    new_issue_template: Type.Optional(Field),
  },
  { additionalProperties: false },
);
export type TrackerBody = Static<typeof TrackerBody>;

export const TrackerMutation = Type.Object({ message: Type.String(), tracker: Tracker });
export type TrackerMutation = Static<typeof TrackerMutation>;

export const DefectBody = Type.Object(
  { defect: Type.String({ minLength: 1, maxLength: DEFECT_LIMITS.inputMax }) },
  { additionalProperties: false },
);
export type DefectBody = Static<typeof DefectBody>;

export const ItemDefectBody = Type.Object(
  {
    defect: Type.String({ minLength: 1, maxLength: DEFECT_LIMITS.inputMax }),
    /** A result of this item; without it the link is on the item. */
    result_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type ItemDefectBody = Static<typeof ItemDefectBody>;

/** One link: on the case (no cycle), on an item, or on one result of an item. */
export const DefectLink = Type.Object({
  id: Id,
  defect: Type.String(),
  url: Type.String(),
  case_id: Id,
  cycle: Type.Union([IdName, Type.Null()]),
  item_id: Type.Union([Id, Type.Null()]),
  result_id: Type.Union([Id, Type.Null()]),
  creator: Type.Union([UserRef, Type.Null()]),
  created_at: Type.String(),
});
export type DefectLink = Static<typeof DefectLink>;

export const DefectLinkList = Type.Object({ defects: Type.Array(DefectLink) });
export type DefectLinkList = Static<typeof DefectLinkList>;

export const DefectLinkMutation = Type.Object({ message: Type.String(), defect: DefectLink });
export type DefectLinkMutation = Static<typeof DefectLinkMutation>;

/** A cycle's defect with the cases whose items or results link it. */
export const CycleDefect = Type.Object({
  defect: Type.String(),
  url: Type.String(),
  cases: Type.Array(IdName),
});
export type CycleDefect = Static<typeof CycleDefect>;

export const CycleDefectList = Type.Object({ defects: Type.Array(CycleDefect) });
export type CycleDefectList = Static<typeof CycleDefectList>;

export const NewIssueAnswer = Type.Object({ url: Type.String() });
export type NewIssueAnswer = Static<typeof NewIssueAnswer>;

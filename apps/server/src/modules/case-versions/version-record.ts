import { isDeepStrictEqual } from 'node:util';
import type { CaseContent } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { hasVersions, insertVersion } from './case-versions-repository.ts';

/**
 * How a case's versions are written (docs/product/rich-cases.md, "Versions"). The cases module
 * calls these in its own transaction; only this module writes `case_versions`.
 */

/** The fields a version holds, in the order the history names them. */
export const CONTENT_FIELDS = [
  'name',
  'description',
  'preconditions',
  'priority',
  'tags',
  'steps',
  'custom_fields',
  'parameters',
] as const satisfies readonly (keyof CaseContent)[];

/** The content fields that differ between two versions. */
export function changedFields(before: CaseContent, after: CaseContent): string[] {
  return CONTENT_FIELDS.filter((field) => !isDeepStrictEqual(before[field], after[field]));
}

/** Only the content fields of a case row, in version order. */
export function contentOf(row: CaseContent): CaseContent {
  return Object.fromEntries(CONTENT_FIELDS.map((f) => [f, row[f]])) as CaseContent;
}

/**
 * Records a change as the case's next version and answers its number; the current number when
 * nothing changed. A case that has no version rows yet (created before versions, or by an
 * import) first gets version 1 written with the content it had, so every version can be shown
 * and compared.
 */
export async function recordVersion(
  tx: Tx,
  caseId: number,
  authorId: number,
  before: CaseContent & { version: number; created_at: string },
  after: CaseContent,
): Promise<number> {
  const changed = changedFields(before, after);
  if (changed.length === 0) return before.version;
  if (!(await hasVersions(tx, caseId))) {
    await insertVersion(tx, {
      caseId,
      version: before.version,
      authorId: null,
      changed: [...CONTENT_FIELDS],
      content: contentOf(before),
      createdAt: before.created_at,
    });
  }
  const version = before.version + 1;
  await insertVersion(tx, { caseId, version, authorId, changed, content: after });
  return version;
}

/** Writes version 1 of a case just created, with all its content. */
export async function recordFirstVersion(
  tx: Tx,
  caseId: number,
  authorId: number | null,
  content: CaseContent,
): Promise<void> {
  await insertVersion(tx, { caseId, version: 1, authorId, changed: [...CONTENT_FIELDS], content });
}

/** Every content field as a text[] literal: the `changed` of a case's first version, in SQL. */
export const ALL_CONTENT_FIELDS = sql.raw(`'{${CONTENT_FIELDS.join(',')}}'`);

/**
 * A case's content as its versions hold it (case_versions.content), built in SQL from the case row
 * aliased `alias`: for the set-based writes that version many cases in one statement (bulk edits,
 * shared steps).
 */
export const versionContentJson = (alias: string): SQL =>
  sql.raw(`jsonb_build_object('name', ${alias}.name, 'description', ${alias}.description,
    'preconditions', ${alias}.preconditions, 'priority', ${alias}.priority, 'tags', to_jsonb(${alias}.tags),
    'steps', ${alias}.steps, 'custom_fields', ${alias}.custom_fields, 'parameters', ${alias}.parameters)`);

/**
 * Changes many cases in one statement, each change the case's next version (the set-based writes:
 * bulk edits, shared steps, an import renaming the cases its tests name). `cases` selects the ids
 * (`select … as id`), `change` is the SET list over the case row `c` (content fields only), and
 * `unchanged`, over `c`, leaves out the cases the change would not alter. A case with no version
 * rows yet first gets its content as it was written as the version it is at (as an edit does).
 * The cases are locked in id order. Answers how many changed. It writes the cases' table for their
 * owner, the cases module, and `case_versions` for this one (decision 176).
 */
export async function updateCasesVersioned(
  tx: Tx,
  change: {
    cases: SQL;
    set: SQL;
    unchanged?: SQL;
    changed: string[];
    authorId: number;
    note?: string | null;
  },
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`with before as (
      select c.* from test_cases c
      where c.id in (${change.cases})${change.unchanged ? sql` and not (${change.unchanged})` : sql``}
      order by c.id for no key update
    ), first as (
      insert into case_versions (case_id, version, author_id, changed, content, created_at)
      select b.id, b.version, null, ${ALL_CONTENT_FIELDS}, ${versionContentJson('b')}, b.created_at
      from before b
      -- A join the planner hashes: with NOT EXISTS it probed case_versions once per case.
      left join (select distinct v.case_id from case_versions v where v.case_id in (select id from before)) h
        on h.case_id = b.id
      where h.case_id is null
    ), updated as (
      update test_cases c set ${change.set}, version = c.version + 1
      from before b where c.id = b.id
      returning c.*
    ), versions as (
      insert into case_versions (case_id, version, author_id, changed, content, note)
      select u.id, u.version, ${change.authorId}, ${sql.param(change.changed)}::text[], ${versionContentJson('u')},
        ${change.note ?? null}
      from updated u
    )
    select count(*)::int as n from updated`,
  );
  return row?.n ?? 0;
}

/**
 * A merge of cases: the surviving case `toId` (at version `offset`) takes the versions of `fromId`
 * after its own, renumbered from `offset + 1`, each noting whose it was; then one more version, its
 * own content again, noting the merge. Answers that last version's number, the case's new version.
 */
export async function appendMergedVersions(
  tx: Tx,
  change: {
    fromId: number;
    toId: number;
    authorId: number;
    offset: number;
    from: CaseContent & { version: number; created_at: string };
    to: CaseContent & { version: number; created_at: string };
  },
): Promise<number> {
  const { fromId, toId, offset } = change;
  if (!(await hasVersions(tx, toId))) {
    await insertVersion(tx, {
      caseId: toId,
      version: offset,
      authorId: null,
      changed: [...CONTENT_FIELDS],
      content: contentOf(change.to),
      createdAt: change.to.created_at,
    });
  }
  const label = `case ${fromId} "${change.from.name}"`;
  if (await hasVersions(tx, fromId)) {
    await tx.execute(sql`insert into case_versions (case_id, version, author_id, changed, content, created_at, note)
      select ${toId}, v.version + ${offset}, v.author_id, v.changed, v.content, v.created_at,
        -- chr(183) is the middle dot, written so to keep the server bundle ASCII (decision 256).
        concat_ws(' ' || chr(183) || ' ', v.note, 'Version ' || v.version || ' of merged ' || ${label})
      from case_versions v where v.case_id = ${fromId} order by v.version`);
  } else {
    await tx.execute(sql`insert into case_versions (case_id, version, author_id, changed, content, created_at, note)
      values (${toId}, ${offset + change.from.version}, null, ${sql.param([...CONTENT_FIELDS])}::text[],
        ${JSON.stringify(contentOf(change.from))}::jsonb, ${change.from.created_at}::timestamptz,
        ${`Version ${change.from.version} of merged ${label}`})`);
  }
  const last = offset + change.from.version + 1;
  await tx.execute(sql`insert into case_versions (case_id, version, author_id, changed, content, note)
    values (${toId}, ${last}, ${change.authorId}, ${sql.param(changedFields(change.from, change.to))}::text[],
      ${JSON.stringify(contentOf(change.to))}::jsonb,
      ${`Merged ${label} into this case: its versions are ${offset + 1} to ${offset + change.from.version}`})`);
  return last;
}

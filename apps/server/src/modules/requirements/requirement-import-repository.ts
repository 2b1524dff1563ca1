import type { RequirementStatus } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { RequirementContent } from './requirements-repository.ts';

/** SQL of the requirement import (requirement-import-service.ts): every statement takes a batch. */

/** An existing requirement a file names, by its key or as a parent. */
export interface KnownRequirement extends RequirementContent {
  id: number;
  version: number;
  /** 0 for a top-level requirement, 1 for its child, 2 for a grandchild. */
  depth: number;
  parent_key: string | null;
}

/** The project's requirements with these keys (ignoring case); `lock`: locked for a change. */
export function findRequirementsByKeys(
  db: Tx,
  projectId: number,
  keys: string[],
  lock: boolean,
): Promise<KnownRequirement[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return queryRows<KnownRequirement>(
    db,
    sql`select r.id, r.key, r.title, r.description, r.status, r.parent_id, r.external_url, r.version,
      case when p.id is null then 0 when p.parent_id is null then 1 else 2 end as depth, p.key as parent_key
    from requirements r left join requirements p on p.id = r.parent_id
    where r.project_id = ${projectId}
      and lower(r.key) in (select lower(k) from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as k)
    order by r.id${lock ? sql` for no key update of r` : sql``}`,
  );
}

/**
 * `n` keys `REQ-<n>` that no requirement of the project takes nor `reserved` (the file's own keys),
 * from the project's counter on, and the counter moved past the last.
 */
export async function allocateKeys(
  tx: Tx,
  projectId: number,
  n: number,
  reserved: string[],
): Promise<string[]> {
  if (n === 0) return [];
  await tx.execute(
    sql`insert into requirement_counters (project_id) values (${projectId}) on conflict (project_id) do nothing`,
  );
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with reserved as (
      select lower(k) as key from jsonb_array_elements_text(${JSON.stringify(reserved)}::jsonb) as k
    )
    select g.n from requirement_counters k
    cross join lateral generate_series(k.next_number, k.next_number + ${n} + 60000) as g(n)
    where k.project_id = ${projectId}
      and not exists (select 1 from requirements r where r.project_id = ${projectId} and lower(r.key) = 'req-' || g.n)
      and not exists (select 1 from reserved v where v.key = 'req-' || g.n)
    order by g.n limit ${n}`,
  );
  const last = rows[rows.length - 1]!.n;
  await tx.execute(
    sql`update requirement_counters set next_number = ${last + 1} where project_id = ${projectId}`,
  );
  return rows.map((row) => `REQ-${row.n}`);
}

/** A new requirement of a batch; its parent already has an id. */
export interface NewRequirementRow {
  key: string;
  title: string;
  description: string;
  status: RequirementStatus;
  parent_id: number | null;
  external_url: string | null;
}

/** One statement for a batch of new requirements with their first versions; answers each key's id. */
export async function insertRequirementBatch(
  tx: Tx,
  projectId: number,
  rows: NewRequirementRow[],
  createdBy: number,
): Promise<{ id: number; key: string }[]> {
  const inserted = await queryRows<{ id: number; key: string }>(
    tx,
    sql`insert into requirements (project_id, parent_id, key, title, description, status, external_url, created_by)
    select ${projectId}, x.parent_id, x.key, x.title, x.description, x.status, x.external_url, ${createdBy}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(parent_id int, key text, title text,
      description text, status text, external_url text)
    returning id, key`,
  );
  await tx.execute(
    sql`insert into requirement_versions (requirement_id, version, author_id, content)
    select r.id, 1, ${createdBy}, jsonb_build_object('key', r.key, 'title', r.title, 'description', r.description,
      'status', r.status, 'parent_id', r.parent_id, 'external_url', r.external_url)
    from requirements r where r.id = any(${`{${inserted.map((row) => row.id).join(',')}}`}::int[])`,
  );
  return inserted;
}

/** A changed requirement of a batch: its content written as `version`. */
export interface ChangedRequirementRow extends RequirementContent {
  id: number;
  version: number;
}

/** One statement for a batch of changed requirements, and one for their new versions. */
export async function updateRequirementBatch(
  tx: Tx,
  rows: ChangedRequirementRow[],
  authorId: number,
): Promise<void> {
  const json = JSON.stringify(rows);
  await tx.execute(
    sql`update requirements r set title = x.title, description = x.description, status = x.status,
      external_url = x.external_url, version = x.version, updated_at = now()
    from jsonb_to_recordset(${json}::jsonb) as x(id int, title text, description text, status text,
      external_url text, version int)
    where r.id = x.id`,
  );
  await tx.execute(
    sql`insert into requirement_versions (requirement_id, version, author_id, content)
    select x.id, x.version, ${authorId}, jsonb_build_object('key', x.key, 'title', x.title,
      'description', x.description, 'status', x.status, 'parent_id', x.parent_id, 'external_url', x.external_url)
    from jsonb_to_recordset(${json}::jsonb) as x(id int, key text, title text, description text, status text,
      parent_id int, external_url text, version int)`,
  );
}

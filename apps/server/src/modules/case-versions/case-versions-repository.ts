import type { CaseContent, CaseVersion } from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoText } from '../../db/iso-time.ts';

export async function insertVersion(
  tx: Tx,
  row: {
    caseId: number;
    version: number;
    authorId: number | null;
    changed: string[];
    content: CaseContent;
    /** For a version 1 written late: when the case was created. */
    createdAt?: string;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into case_versions (case_id, version, author_id, changed, content, created_at)
    values (${row.caseId}, ${row.version}, ${row.authorId}, ${sql.param(row.changed)}::text[],
      ${JSON.stringify(row.content)}::jsonb, coalesce(${row.createdAt ?? null}::timestamptz, now()))`);
}

export async function hasVersions(tx: Tx, caseId: number): Promise<boolean> {
  const rows = await queryRows(tx, sql`select 1 from case_versions where case_id = ${caseId} limit 1`);
  return rows.length > 0;
}

// Versions written before parameters existed hold none: they answer null.
const VERSION_COLUMNS = sql`v.version, ${isoText(sql`v.created_at`)} as created_at, v.changed,
  v.content || jsonb_build_object('parameters', v.content->'parameters') as content, v.note,
  case when v.author_id is null then null
    else json_build_object('id', v.author_id, 'username', coalesce(u.username, 'deleted user')) end as author`;

/** A case's versions, newest first, and how many there are. */
export async function listVersions(
  db: Tx,
  caseId: number,
  limit: number,
  offset: number,
): Promise<{ items: CaseVersion[]; total: number }> {
  const items = await queryRows<CaseVersion>(
    db,
    sql`select ${VERSION_COLUMNS} from case_versions v left join users u on u.id = v.author_id
    where v.case_id = ${caseId} order by v.version desc limit ${limit} offset ${offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from case_versions where case_id = ${caseId}`,
  );
  return { items, total: count?.n ?? 0 };
}

export async function findVersion(db: Tx, caseId: number, version: number): Promise<CaseVersion | null> {
  const [row] = await queryRows<CaseVersion>(
    db,
    sql`select ${VERSION_COLUMNS} from case_versions v left join users u on u.id = v.author_id
    where v.case_id = ${caseId} and v.version = ${version}`,
  );
  return row ?? null;
}

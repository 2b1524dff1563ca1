import type { Comment, UserRef } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoText } from '../../db/iso-time.ts';
import { projectViewerCondition } from '../../db/project-visibility.ts';

/** SQL of comments and their mentions (docs/product/comments.md). */

/** What a comment hangs on: a case, or an item of a cycle; `name` is what the audit entry names. */
export interface CommentTarget {
  projectId: number;
  caseId: number | null;
  itemId: number | null;
  cycleId: number | null;
  name: string;
}

export async function findCaseTarget(db: Tx, caseId: number): Promise<CommentTarget | null> {
  const [row] = await queryRows<{ project_id: number; name: string }>(
    db,
    sql`select project_id, name from test_cases where id = ${caseId}`,
  );
  return row ? { projectId: row.project_id, caseId, itemId: null, cycleId: null, name: row.name } : null;
}

export async function findItemTarget(db: Tx, itemId: number): Promise<CommentTarget | null> {
  const [row] = await queryRows<{ project_id: number; cycle_id: number; name: string }>(
    db,
    sql`select y.project_id, i.cycle_id, y.name
    from cycle_items i join test_cycles y on y.id = i.cycle_id where i.id = ${itemId}`,
  );
  return row
    ? { projectId: row.project_id, caseId: null, itemId, cycleId: row.cycle_id, name: row.name }
    : null;
}

const COMMENT_COLUMNS = sql`c.id, c.body,
    case when u.id is null then null else json_build_object('id', u.id, 'username', u.username) end as author,
    ${isoText(sql`c.created_at`)} as created_at,
    case when c.updated_at is null then null else ${isoText(sql`c.updated_at`)} end as updated_at,
    coalesce((select json_agg(json_build_object('id', mu.id, 'username', mu.username) order by lower(mu.username), mu.id)
      from comment_mentions m join users mu on mu.id = m.user_id where m.comment_id = c.id), '[]'::json) as mentions`;

function selectComments(db: Tx, where: SQL, limit: number): Promise<Comment[]> {
  return queryRows<Comment>(
    db,
    sql`select ${COMMENT_COLUMNS} from comments c left join users u on u.id = c.author_id
    where ${where} order by c.id limit ${limit}`,
  );
}

/** A page of a thread, oldest first: up to `limit` comments after the id `after`. */
export function threadPage(
  db: Tx,
  target: { caseId: number | null; itemId: number | null },
  after: number,
  limit: number,
): Promise<Comment[]> {
  const on = target.caseId !== null ? sql`c.case_id = ${target.caseId}` : sql`c.item_id = ${target.itemId}`;
  return selectComments(db, sql`${on} and c.id > ${after}`, limit);
}

export async function findComment(db: Tx, id: number): Promise<Comment | null> {
  const [row] = await selectComments(db, sql`c.id = ${id}`, 1);
  return row ?? null;
}

/** A comment's place and author, for the access check before it is changed; locked when `lock`. */
export interface CommentRef {
  id: number;
  project_id: number;
  case_id: number | null;
  item_id: number | null;
  author_id: number | null;
  body: string;
}

export async function findCommentRef(db: Tx, id: number, lock = false): Promise<CommentRef | null> {
  const [row] = await queryRows<CommentRef>(
    db,
    sql`select id, project_id, case_id, item_id, author_id, body from comments where id = ${id}
      ${lock ? sql`for update` : sql``}`,
  );
  return row ?? null;
}

export async function insertComment(
  db: Tx,
  target: CommentTarget,
  authorId: number,
  body: string,
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into comments (project_id, case_id, item_id, author_id, body)
    values (${target.projectId}, ${target.caseId}, ${target.itemId}, ${authorId}, ${body}) returning id`,
  );
  return row!.id;
}

export async function updateCommentBody(db: Tx, id: number, body: string): Promise<void> {
  await db.execute(sql`update comments set body = ${body}, updated_at = now() where id = ${id}`);
}

export async function deleteComment(db: Tx, id: number): Promise<void> {
  await db.execute(sql`delete from comments where id = ${id}`);
}

/**
 * The active users among `names` (compared ignoring case) who can see the project: the people a
 * comment may mention.
 */
export function viewersNamed(db: Tx, projectId: number, names: string[]): Promise<UserRef[]> {
  if (names.length === 0) return Promise.resolve([]);
  return queryRows<UserRef>(
    db,
    sql`select u.id, u.username from users u
    where lower(u.username) = any (${sql.param(names)}::text[]) and u.status = 'active'
      and ${projectViewerCondition(projectId, sql`u.id`)}
    order by u.id`,
  );
}

/** Replaces a comment's mentions with these users. */
export async function setMentions(db: Tx, commentId: number, userIds: number[]): Promise<void> {
  await db.execute(sql`delete from comment_mentions where comment_id = ${commentId}`);
  if (userIds.length === 0) return;
  await db.execute(sql`insert into comment_mentions (comment_id, user_id)
    select ${commentId}, unnest(${sql.param(userIds)}::int[]) on conflict do nothing`);
}

/**
 * The active users who can see the project whose username starts with `prefix` (ignoring case),
 * by username; `%` and `_` are literal.
 */
export function viewersStartingWith(
  db: Tx,
  projectId: number,
  prefix: string,
  limit: number,
): Promise<UserRef[]> {
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return queryRows<UserRef>(
    db,
    sql`select u.id, u.username from users u
    where lower(u.username) like ${pattern} and u.status = 'active'
      and ${projectViewerCondition(projectId, sql`u.id`)}
    order by lower(u.username), u.id limit ${limit}`,
  );
}

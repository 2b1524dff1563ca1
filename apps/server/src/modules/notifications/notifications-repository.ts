import type { Notification, NotificationChannel, NotificationKind } from '@verdict/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { isoText } from '../../db/iso-time.ts';
import { projectViewerCondition, type Viewer, visibleProjectCondition } from '../../db/project-visibility.ts';
import { NOTIFICATIONS_CHANNEL } from './notifications-channel.ts';

/** The SQL of notifications, their settings and project watches (docs/product/notifications.md). */

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  projectId: number | null;
  title: string;
  link: string;
  actorId: number | null;
  dedupeKey: string | null;
  digestPending: boolean;
}

/** Inserts the rows (a repeated dedupe key is skipped); answers the ids written, by user. */
export async function insertNotifications(
  tx: Tx,
  rows: NewNotification[],
): Promise<{ id: number; user_id: number }[]> {
  if (rows.length === 0) return [];
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.userId}, ${r.kind}, ${r.projectId}::int, ${r.title}, ${r.link}, ${r.actorId}::int, ${r.dedupeKey}::text, ${r.digestPending})`,
    ),
    sql`, `,
  );
  const written = await queryRows<{ id: number | string; user_id: number }>(
    tx,
    sql`insert into notifications (user_id, kind, project_id, title, link, actor_id, dedupe_key, digest_pending)
    values ${values}
    on conflict (user_id, dedupe_key) where dedupe_key is not null do nothing
    returning id, user_id`,
  );
  const users = [...new Set(written.map((r) => r.user_id))];
  // Delivered at commit, to every instance; the payload stays far below NOTIFY's 8000 bytes
  // because one action notifies at most a few hundred people (a daily check sends per user).
  if (users.length > 0) {
    await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${JSON.stringify({ users })})`);
  }
  return written.map((r) => ({ id: Number(r.id), user_id: r.user_id }));
}

export interface Recipient {
  id: number;
  username: string;
  email: string;
  channel: NotificationChannel;
}

/** The active users among `userIds`, each with their channel for `kind` (`fallback` when unset). */
export function recipientsOf(
  tx: Tx,
  userIds: number[],
  kind: NotificationKind,
  fallback: NotificationChannel,
): Promise<Recipient[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return queryRows<Recipient>(
    tx,
    sql`select u.id, u.username, u.email, coalesce(s.channel, ${fallback}) as channel
    from users u left join notification_settings s on s.user_id = u.id and s.kind = ${kind}
    where u.id = any (${sql.param(userIds)}::int[]) and u.status = 'active'
    order by u.id`,
  );
}

/** Only notifications of no project, or of one the viewer still sees (decision 243). */
const seen = (viewer: Viewer) =>
  sql`(n.project_id is null or ${visibleProjectCondition(viewer, sql`n.project_id`)})`;

export async function notificationPage(
  db: Tx,
  viewer: Viewer,
  options: { unread: boolean; before: number | null; limit: number },
): Promise<Notification[]> {
  const conditions: SQL[] = [sql`n.user_id = ${viewer.id}`, seen(viewer)];
  if (options.unread) conditions.push(sql`n.read_at is null`);
  if (options.before !== null) conditions.push(sql`n.id < ${options.before}`);
  return queryRows<Notification>(
    db,
    sql`select n.id::int as id, n.kind, n.title, n.link,
      case when p.id is null then null else json_build_object('id', p.id, 'name', p.name) end as project,
      case when a.id is null then null else json_build_object('id', a.id, 'username', a.username) end as actor,
      ${isoText(sql`n.created_at`)} as created_at, n.read_at is not null as read
    from notifications n
      left join projects p on p.id = n.project_id
      left join users a on a.id = n.actor_id
    where ${sql.join(conditions, sql` and `)}
    order by n.id desc limit ${options.limit}`,
  );
}

export async function unreadCount(db: Tx, viewer: Viewer): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from notifications n
    where n.user_id = ${viewer.id} and n.read_at is null and ${seen(viewer)}`,
  );
  return Number(row?.n ?? 0);
}

/** Marks the viewer's unread notifications read: these ids, or all (null); answers how many. */
export async function markRead(db: Tx, viewer: Viewer, ids: number[] | null): Promise<number> {
  const which = ids === null ? sql`true` : sql`n.id = any (${sql.param(ids)}::bigint[])`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update notifications n set read_at = now()
    where n.user_id = ${viewer.id} and n.read_at is null and ${which} returning n.id`,
  );
  // The person's other tabs update their bell too.
  if (rows.length > 0) {
    await db.execute(
      sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${JSON.stringify({ users: [viewer.id] })})`,
    );
  }
  return rows.length;
}

export function settingsOf(
  db: Tx,
  userId: number,
): Promise<{ kind: string; channel: NotificationChannel }[]> {
  return queryRows(db, sql`select kind, channel from notification_settings where user_id = ${userId}`);
}

export async function saveSetting(
  db: Tx,
  userId: number,
  kind: NotificationKind,
  channel: NotificationChannel,
): Promise<void> {
  await db.execute(sql`insert into notification_settings (user_id, kind, channel)
    values (${userId}, ${kind}, ${channel})
    on conflict (user_id, kind) do update set channel = excluded.channel`);
}

export async function isWatching(db: Tx, projectId: number, userId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from project_watches where project_id = ${projectId} and user_id = ${userId}`,
  );
  return rows.length > 0;
}

export async function setWatching(db: Tx, projectId: number, userId: number, watching: boolean) {
  await db.execute(
    watching
      ? sql`insert into project_watches (project_id, user_id) values (${projectId}, ${userId}) on conflict do nothing`
      : sql`delete from project_watches where project_id = ${projectId} and user_id = ${userId}`,
  );
}

/** The people watching a project's gate. */
export async function watchersOf(db: Tx, projectId: number): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`select user_id from project_watches where project_id = ${projectId} order by user_id`,
  );
  return rows.map((r) => r.user_id);
}

/** Everyone who wrote in a thread (a case's or an item's), but the comment `except`. */
export async function threadAuthors(
  db: Tx,
  thread: { caseId: number | null; itemId: number | null },
  except: number,
): Promise<number[]> {
  const on = thread.caseId !== null ? sql`case_id = ${thread.caseId}` : sql`item_id = ${thread.itemId}`;
  const rows = await queryRows<{ author_id: number }>(
    db,
    sql`select distinct author_id from comments where ${on} and id <> ${except} and author_id is not null`,
  );
  return rows.map((r) => r.author_id);
}

/** Those of `userIds` who see the project (a notification is only written for someone who does). */
export async function viewersAmong(db: Tx, projectId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u where u.id = any (${sql.param(userIds)}::int[])
      and ${projectViewerCondition(projectId, sql`u.id`)}`,
  );
  return new Set(rows.map((r) => r.id));
}

export async function projectName(db: Tx, projectId: number): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(db, sql`select name from projects where id = ${projectId}`);
  return row?.name ?? null;
}

/** The people with digest notifications waiting, a batch at a time. */
export async function usersWithDigest(db: Tx, day: string, limit: number): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`select distinct n.user_id from notifications n where n.digest_pending
      and not exists (select 1 from notification_digests d where d.user_id = n.user_id and d.day = ${day}::date)
    order by n.user_id limit ${limit}`,
  );
  return rows.map((r) => r.user_id);
}

/**
 * Claims a person's digest of a day (UTC): true for the one transaction that inserts the row; a
 * second instance waits for it to commit and then finds the row taken.
 */
export async function claimDigest(tx: Tx, userId: number, day: string): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`insert into notification_digests (user_id, day) values (${userId}, ${day}::date)
    on conflict do nothing returning user_id`,
  );
  return rows.length > 0;
}

export interface DigestRow {
  id: number;
  kind: NotificationKind;
  title: string;
  link: string;
  project_name: string | null;
  project_id: number | null;
}

/** A person's waiting digest notifications, cleared as they are read (in the claiming transaction). */
export async function takeDigestRows(tx: Tx, viewer: Viewer): Promise<DigestRow[]> {
  const rows = await queryRows<DigestRow>(
    tx,
    sql`update notifications n set digest_pending = false
    from (select id from notifications where user_id = ${viewer.id} and digest_pending for update) w
    where n.id = w.id
    returning n.id::int as id, n.kind, n.title, n.link, n.project_id,
      (select name from projects p where p.id = n.project_id) as project_name`,
  );
  // Those of projects the person no longer sees are left out, as the inbox leaves them out.
  const visible = await queryRows<{ id: number }>(
    tx,
    sql`select id from projects n where ${visibleProjectCondition(viewer, sql`n.id`)}
      and id = any (${sql.param([...new Set(rows.map((r) => r.project_id ?? 0))])}::int[])`,
  );
  const seenIds = new Set(visible.map((r) => r.id));
  return rows
    .filter((r) => r.project_id === null || seenIds.has(r.project_id))
    .sort((a, b) => (a.project_name ?? '').localeCompare(b.project_name ?? '') || a.id - b.id);
}

/** The plan's creator and name when the plan has cycles and none of them is open any more. */
export async function finishedPlan(
  db: Tx,
  planId: number,
): Promise<{ name: string; created_by: number | null } | null> {
  const [row] = await queryRows<{ name: string; created_by: number | null }>(
    db,
    sql`select name, created_by from test_plans p where id = ${planId}
      and not exists (select 1 from test_cycles where plan_id = p.id and state <> 'closed')`,
  );
  return row ?? null;
}

/** Turns kinds off for a person: these, or (null) every kind now sent in the digest. */
export async function turnOff(db: Tx, userId: number, kinds: NotificationKind[] | null): Promise<number> {
  const rows = await queryRows(
    db,
    kinds === null
      ? sql`update notification_settings set channel = 'off' where user_id = ${userId} and channel = 'digest' returning kind`
      : sql`insert into notification_settings (user_id, kind, channel)
        select u.id, k, 'off' from users u, unnest(${sql.param(kinds)}::text[]) k where u.id = ${userId}
        on conflict (user_id, kind) do update set channel = 'off' returning kind`,
  );
  return rows.length;
}
